# The compiled build's declaration of `GameState` (setup.py): an extension type whose fields
# are the slots of engine/state.py, so compiled code reads them directly. Pure Python ignores it.
cdef class GameState:
    cdef public object T, _decision, decisions, log, reason, result, rng, stack
