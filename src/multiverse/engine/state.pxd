# The compiled build's declaration of `GameState` (setup.py): an extension type whose fields
# are the slots of engine/state.py, so compiled code reads them directly (each mode's state
# declares its own `T`, its Tables), and whose shuffle runs on C integers (its values all fit
# in 64 bits). Pure Python ignores it.
cimport cython


cdef class GameState:
    cdef public list stack
    cdef public object _decision, decisions, log, reason, result, rng

    @cython.locals(st=cython.ulonglong, golden=cython.ulonglong, mix1=cython.ulonglong,
                   mix2=cython.ulonglong, mask=cython.ulonglong, low=cython.ulonglong,
                   z=cython.ulonglong, n=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
    cpdef shuffle(self, items)
