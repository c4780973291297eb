# The compiled build's declaration of `Option` and `Decision` (setup.py): extension types whose
# fields are the slots of engine/decision.py, so compiled code reads them directly. Pure
# Python ignores it.
cdef class Option:
    cdef public object _label, id
    cdef public dict data


cdef class Decision:
    cdef public object _prompt, kind, options, seat
