# The compiled build's declarations for sentinels/effects.py (setup.py): applying a step to a
# card, with C-integer card numbers; the rules that import them call them as C functions. Pure
# Python ignores it.
from multiverse.sentinels.state cimport SentinelsState

# the verb tables (verbs.py's dicts, the same objects), read at every step: declared, a
# `.get` is a C call (no method look-up)
cdef dict APPLY, MODE_APPLY, MODE_VERBS, VERBS

cpdef loss_now(SentinelsState s)
cpdef apply_to(SentinelsState s, Py_ssize_t sid, Py_ssize_t this, Py_ssize_t hero, Py_ssize_t other, Py_ssize_t c)
