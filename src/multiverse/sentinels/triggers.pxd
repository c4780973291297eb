# The compiled build's declarations for sentinels/triggers.py (setup.py): the triggers'
# firing, with C-integer card numbers; the rules that import them call them as C functions.
# Pure Python ignores it.
cimport cython
from multiverse.sentinels.state cimport SentinelsState

# the zone numbers (and keys of `live`) imported from state.py, as C integers: a test
# like `s.zone[c] == Z_PLAY` is a C comparison, not a module look-up
cdef Py_ssize_t LIVE_END, LIVE_ENTER, LIVE_START, Z_PLAY
# the turn-text words as C integers (`_WHOSE`: the dict read once per text)
cdef Py_ssize_t W_ANY, W_OBLIVAEON, W_VILLAIN, W_OWNER, W_ENVIRONMENT, W_HERO
cdef dict _WHOSE


@cython.locals(w=Py_ssize_t)
cpdef bint _whose_ok(SentinelsState s, object whose, Py_ssize_t card, Py_ssize_t owner) except -1
@cython.locals(c=Py_ssize_t, co=object, who=object, face=bytearray, seq=list, bz=bytearray, table=list,
               trs=tuple, frames=list)
cpdef fire_turn(SentinelsState s, object event, Py_ssize_t owner, Py_ssize_t zone=*)
@cython.locals(c=cython.Py_ssize_t)
cpdef fire_watchers(SentinelsState s, object event, Py_ssize_t cid, Py_ssize_t src=*)
cpdef bint watching(SentinelsState s, object event) except -1
cpdef fire_on_card(SentinelsState s, object event, Py_ssize_t cid, Py_ssize_t other)
