# The compiled build's declaration of the search tree's `Node` (setup.py): an extension type
# whose fields are the slots of agents/ismcts.py, so the search reads them directly, and of
# the tree policy's choice, whose scores are C doubles (the same IEEE operations in the same
# order as Python's floats: the same choices). Pure Python ignores it.
cimport cython
from multiverse.agents.policy cimport FastPolicy
from multiverse.engine.decision cimport Decision, Option
from multiverse.engine.state cimport GameState

cdef class Node:
    cdef public dict children
    cdef public long visits, avail, wins, primed
    cdef public double value, prior


cdef Py_ssize_t _N_ROOTS
cdef list _ROOTS


@cython.locals(children=dict, o=Option, ch=Node, k=Py_ssize_t, n=long, fpu=double, q=double,
               root=double, score=double, best_score=double)
cpdef str select(Node node, object options, double c)


# a rollout's moves: the sample's decision and apply, and the fast policy's choice, are C calls
@cython.locals(d=Decision, n=Py_ssize_t, opts=tuple)
cpdef play_out(GameState det, FastPolicy fast, object agent, object rng, Py_ssize_t horizon,
               Py_ssize_t left, object turn_kind)
