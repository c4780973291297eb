# The compiled build's declaration of the Sentinels sampler (setup.py): an extension type
# whose `draw` deals the hidden cards on C integers (card numbers, places, the shuffles'
# stream), so its list reads and writes are direct. Pure Python ignores it.
cimport cython
from multiverse.sentinels.state cimport SentinelsState

# the places a dealt card moves between (state.py's), as C integers
cdef Py_ssize_t Z_DECK, Z_HAND


cdef class Sampler:
    cdef public list plan
    cdef public bint refresh, reserve
    cdef public SentinelsState state

    @cython.locals(det=SentinelsState, zone=bytearray, deck=list, hand=list, pool=list, cards=list,
                   free=list, o=Py_ssize_t, movable=Py_ssize_t, i=Py_ssize_t, c=Py_ssize_t, x=Py_ssize_t,
                   st=cython.ulonglong)
    cpdef SentinelsState draw(self, object rng)
