# The compiled build's declaration of `GameState` (setup.py): an extension type whose fields
# are the slots of engine/state.py, so compiled code reads them directly (each mode's state
# declares its own `T`, its Tables); its shuffle is engine/rng.pxd's `fisher_yates`. Pure
# Python ignores it.

cdef class GameState:
    cdef public list stack
    cdef public object _decision, decisions, log, reason, result, rng

    cpdef shuffle(self, items)
