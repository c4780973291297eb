# The compiled build's declarations for united/value.py (setup.py): the evaluation walks the
# heroes, the six Locations and the three Sentinels on C integers and sums its weighted
# features in a C double (the same IEEE operations, in the same order, as pure Python).
# Pure Python ignores it.
cimport cython
from multiverse.united.state cimport UnitedState


cpdef str phase_of(UnitedState s)


@cython.locals(h=Py_ssize_t, p=Py_ssize_t, i=Py_ssize_t, n=Py_ssize_t, alive=Py_ssize_t,
               hand_sum=Py_ssize_t, deck_sum=Py_ssize_t, kos=Py_ssize_t, k=Py_ssize_t,
               hand_min=Py_ssize_t, m=Py_ssize_t, crowded=Py_ssize_t, free=Py_ssize_t,
               c=Py_ssize_t, g=Py_ssize_t, e=Py_ssize_t, th=Py_ssize_t, prod=Py_ssize_t,
               analyzer=Py_ssize_t, total=Py_ssize_t, here=Py_ssize_t, near=Py_ssize_t,
               d=Py_ssize_t, tokens=Py_ssize_t, v=Py_ssize_t, full=Py_ssize_t,
               live=Py_ssize_t, hp_sum=Py_ssize_t, hp_min=Py_ssize_t, at_full=Py_ssize_t,
               outs=Py_ssize_t, hand_mean=double, deck_mean=double, distance=double,
               standing=list, targets=list, slots=list, locs=list, civ=list, thug=list,
               xtok=list, ko=list, out=list, hand=list, deck=list, loc=list)
cpdef tuple features(UnitedState s)


@cython.locals(i=Py_ssize_t, z=double, a=double, b=double, x=list)
cpdef double value(UnitedState s)
