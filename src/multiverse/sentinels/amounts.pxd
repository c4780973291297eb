# The compiled build's declarations for sentinels/amounts.py (setup.py): the amounts steps
# read, with C-integer card numbers; the rules that import them call them as C functions. Pure
# Python ignores it.
cimport cython
from multiverse.sentinels.state cimport SentinelsState
from multiverse.sentinels.tables cimport Tables

# the zone numbers (and keys of `live`) imported from state.py, as C integers: a test
# like `s.zone[c] == Z_PLAY` is a C comparison, not a module look-up
cdef Py_ssize_t Z_PLAY


cpdef amount_of(SentinelsState s, Py_ssize_t sid, Py_ssize_t this=*)
cpdef Py_ssize_t printed_delta(SentinelsState s, object st, Py_ssize_t this) except? -999999
# a condition (`if`, a modifier's `only_if`), read at every step and damage that has one: the
# cards it walks as C integers
@cython.locals(t=Tables, x=Py_ssize_t, face=bytearray, bz=bytearray)
cpdef bint holds(SentinelsState s, object c, Py_ssize_t this, Py_ssize_t hero) except -1
