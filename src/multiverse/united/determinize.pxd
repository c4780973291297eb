# The compiled build's declaration of the Marvel United sampler (setup.py): an extension type
# whose `determinize` deals the hidden cards on C integers (card numbers, places, the
# shuffles' stream), so its list reads and writes are direct. Pure Python ignores it.
cimport cython
from multiverse.united.state cimport UnitedState


cdef class Sampler:
    cdef public list heroes, parts
    cdef public object mp
    cdef public bint pile, refresh
    cdef public UnitedState state

    @cython.locals(det=UnitedState, pool=list, cards=list, places=list, unseen=list, deck=list,
                   mp=list, parts=list, h=Py_ssize_t, k=Py_ssize_t, i=Py_ssize_t, c=Py_ssize_t,
                   st=cython.ulonglong)
    cpdef UnitedState determinize(self, object rng)
