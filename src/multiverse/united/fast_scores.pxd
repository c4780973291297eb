# The compiled build's declarations for united/fast_scores.py (setup.py): the distance on the
# ring of six Locations is C arithmetic, called as a C function. Pure Python ignores it.
cimport cython

# module dicts read per decision (the .py's `_BY_KIND`): declared, a look-up is a C call
cdef dict _BY_KIND

cpdef Py_ssize_t _dist(Py_ssize_t a, Py_ssize_t b)


@cython.locals(best=Py_ssize_t, d=Py_ssize_t, p=Py_ssize_t)
cpdef Py_ssize_t _nearest(Py_ssize_t pos, list targets) except? -2
