# The compiled build's declarations for united/value.py (setup.py): the evaluation walks the
# heroes and the six Locations by C integers, so its list reads are direct. Pure Python
# ignores it.
cimport cython
from multiverse.united.state cimport UnitedState


@cython.locals(h=Py_ssize_t, p=Py_ssize_t)
cpdef tuple features(UnitedState s)
