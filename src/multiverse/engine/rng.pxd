# The compiled build's declaration for engine/rng.py (setup.py): the shuffle runs on C
# integers (its values all fit in 64 bits) and is a C call from the states' `shuffle` and the
# search's samplers. Pure Python ignores it.
cimport cython


@cython.locals(golden=cython.ulonglong, mix1=cython.ulonglong, mix2=cython.ulonglong,
               mask=cython.ulonglong, low=cython.ulonglong, z=cython.ulonglong,
               n=cython.ulonglong, i=cython.Py_ssize_t, j=cython.Py_ssize_t)
cpdef unsigned long long fisher_yates(list items, unsigned long long st) except? 0
