# The compiled build's declarations for sentinels/zones.py (setup.py): moving cards between
# zones, with C-integer card numbers; the rules that import them call them as C functions.
# Pure Python ignores it.
from multiverse.sentinels.state cimport SentinelsState

# the zone numbers (and keys of `live`) imported from state.py, as C integers: a test
# like `s.zone[c] == Z_PLAY` is a C comparison, not a module look-up
cdef Py_ssize_t Z_BOX, Z_DECK, Z_HAND, Z_PLAY, Z_REMOVED, Z_RESERVE, Z_TRASH, Z_UNDER


cdef list pile(SentinelsState s, Py_ssize_t zone, Py_ssize_t home)
cpdef take(SentinelsState s, Py_ssize_t cid)
cpdef put(SentinelsState s, Py_ssize_t cid, Py_ssize_t zone, object home=*, bint bottom=*)
cpdef move(SentinelsState s, Py_ssize_t cid, Py_ssize_t zone, object home=*, bint bottom=*)
cpdef list cards_under(SentinelsState s, Py_ssize_t holder)
cpdef Py_ssize_t top_card(SentinelsState s, Py_ssize_t o) except? -2
cpdef bint limited_in_play(SentinelsState s, Py_ssize_t cid) except -1
