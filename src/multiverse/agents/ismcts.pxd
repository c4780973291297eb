# The compiled build's declaration of the search tree's `Node` (setup.py): an extension type
# whose fields are the slots of agents/ismcts.py, so the search reads them directly. Pure
# Python ignores it.
cdef class Node:
    cdef public object children
    cdef public long visits, avail, wins, primed
    cdef public double value, prior
