# The compiled build's declaration of the rollout policy (setup.py): an extension type whose
# fields are the slots of agents/policy.py, so a rollout step reads them directly, and whose
# choice reads the decision's options as `Option` objects. Pure Python ignores it.
cimport cython
from multiverse.engine.decision cimport Decision, Option


cdef class FastPolicy:
    cdef public object rng, scores
    cdef public object epsilon

    @cython.locals(opts=tuple, n=Py_ssize_t, i=Py_ssize_t, top=list, o=Option)
    cpdef str choose(self, Decision d, object s)
