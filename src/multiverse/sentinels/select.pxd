# The compiled build's declarations for sentinels/select.py (setup.py): "is this card in that
# group?" and the selectors, with C-integer card numbers; the rules that import them call
# them as C functions. Pure Python ignores it.
cimport cython
from multiverse.sentinels.state cimport SentinelsState

# the zone numbers (and keys of `live`) imported from state.py, as C integers: a test
# like `s.zone[c] == Z_PLAY` is a C comparison, not a module look-up
cdef Py_ssize_t Z_PLAY

# a module dict read on every call: declared, `_SIDES.get(g)` is a C call (no method look-up)
cdef dict _SIDES
# the other groups' words as C integers (`_GROUPS`: the dict read once per test)
cdef Py_ssize_t G_THIS, G_SOURCE, G_VILLAIN_CHARACTER, G_THIS_HERO, G_OTHER_HERO, G_HERO_CHARACTER, G_OTHER
cdef dict _GROUPS

@cython.locals(g=Py_ssize_t)
cpdef bint in_group(SentinelsState s, object group, Py_ssize_t cid, Py_ssize_t this, Py_ssize_t other=*) except -1
cpdef Py_ssize_t zone_of(SentinelsState s, object ref, Py_ssize_t this) except? -2
@cython.locals(c=Py_ssize_t, z=Py_ssize_t, bz=bytearray, out=list)
cpdef step_candidates(SentinelsState s, Py_ssize_t sid, Py_ssize_t this, Py_ssize_t hero, Py_ssize_t other)
@cython.locals(c=cython.Py_ssize_t, f=cython.Py_ssize_t, k=cython.Py_ssize_t, co=object, is_char=list,
               keywords=list, kinds=list, max_hp=list, side=list, face=bytearray, hp=list, out=list,
               no_characters=bint)
cpdef candidates(SentinelsState s, object sel, Py_ssize_t this, Py_ssize_t hero, Py_ssize_t other)
