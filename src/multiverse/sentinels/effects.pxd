# The compiled build's declarations for sentinels/effects.py (setup.py): applying a step to a
# card, with C-integer card numbers; the rules that import them call them as C functions. Pure
# Python ignores it.
cimport cython
from multiverse.sentinels.state cimport SentinelsState
from multiverse.sentinels.tables cimport Tables

# the verb tables (verbs.py's dicts, the same objects), read at every step: declared, a
# `.get` is a C call (no method look-up)
cdef dict APPLY, MODE_APPLY, MODE_VERBS, VERBS

cpdef loss_now(SentinelsState s)
cpdef apply_to(SentinelsState s, Py_ssize_t sid, Py_ssize_t this, Py_ssize_t hero, Py_ssize_t other, Py_ssize_t c)
# the frame loop's two most frequent rule steps: the frame's numbers as C integers
@cython.locals(sid=Py_ssize_t, this=Py_ssize_t, hero=Py_ssize_t, other=Py_ssize_t, t=Tables,
               head=tuple, run=tuple, stack=list)
cpdef run_step(SentinelsState s, tuple f)
@cython.locals(sid=Py_ssize_t, this=Py_ssize_t, hero=Py_ssize_t, other=Py_ssize_t, done=tuple,
               stack=list, n=Py_ssize_t)
cpdef each_target(SentinelsState s, tuple f)
# a target's options, read at every "select" decision: card numbers and HP as C integers
@cython.locals(sid=Py_ssize_t, this=Py_ssize_t, hero=Py_ssize_t, other=Py_ssize_t,
               left=Py_ssize_t, done=tuple, t=Tables, pool=list, opts=list, hp=list,
               max_hp=list, face=bytearray, kept=dict, c=Py_ssize_t)
cpdef tuple _select_options(SentinelsState s, tuple f)
