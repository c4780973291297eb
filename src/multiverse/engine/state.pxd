# The compiled build's declaration of `GameState` (setup.py): an extension type whose fields
# are the slots of engine/state.py, so compiled code reads them directly (each mode's state
# declares its own `T`, its Tables); its shuffle is engine/rng.pxd's `fisher_yates`. Pure
# Python ignores it. `advance`, the frame loop every step runs, reads the step and choice
# tables as dicts and each frame as a tuple: direct look-ups, no method calls.
cimport cython
from multiverse.engine.decision cimport Decision, Option


cdef class GameState:
    cdef public list stack
    cdef public object _decision, decisions, log, reason, result, rng

    cpdef shuffle(self, items)
    cpdef object decision(self)
    @cython.locals(d=Decision, opt=Option)
    cpdef apply(self, object option_id)
    @cython.locals(stack=list, steps=dict, choices=dict, frame=tuple, choice=tuple)
    cpdef advance(self)
