# The compiled build's declarations for sentinels/oblivaeon/world.py (setup.py): the battle
# zones' moves and an environment's destruction, with C-integer card numbers (they walk a
# hero's deck, or every card of the game). Pure Python ignores it.
cimport cython
from multiverse.sentinels.state cimport SentinelsState


@cython.locals(c=cython.Py_ssize_t)
cpdef bint move_hero(SentinelsState s, Py_ssize_t p, Py_ssize_t z) except -1
@cython.locals(c=cython.Py_ssize_t, z=cython.Py_ssize_t, h=cython.Py_ssize_t, own=cython.Py_ssize_t)
cpdef environment_removed(SentinelsState s, Py_ssize_t o)
