# The compiled build's declarations for united/hero_turn.py (setup.py): the small rules every
# hero action reads take C integers, so their list reads are direct. Pure Python ignores it.
cimport cython
from multiverse.united.state cimport UnitedState

# the symbols' numbers and the ring's size (imported from tables.py and board.py) as C integers:
# `s.pool[WILD]`, `(pos + 1) % RING` are direct reads and C arithmetic (Python's modulo)
cdef Py_ssize_t ATTACK, HEROIC, MOVE, RING, WILD


cpdef Py_ssize_t _source(UnitedState s, Py_ssize_t h, Py_ssize_t sym) except? -2
cpdef Py_ssize_t _action_key(Py_ssize_t kind, Py_ssize_t a, Py_ssize_t b, Py_ssize_t src)


@cython.locals(pos=Py_ssize_t, src=Py_ssize_t, p=Py_ssize_t, th=Py_ssize_t, sym=Py_ssize_t)
cpdef list action_options(UnitedState s, Py_ssize_t h)
