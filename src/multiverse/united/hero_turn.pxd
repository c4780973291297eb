# The compiled build's declarations for united/hero_turn.py (setup.py): the small rules every
# hero action reads take C integers, so their list reads are direct. Pure Python ignores it.
from multiverse.united.state cimport UnitedState


cpdef Py_ssize_t _source(UnitedState s, Py_ssize_t h, Py_ssize_t sym) except? -2
