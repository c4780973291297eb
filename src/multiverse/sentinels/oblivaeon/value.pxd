# The compiled build's declarations for sentinels/oblivaeon/value.py (setup.py): the
# evaluation walks the heroes and the cards in play on C integers and sums its weighted
# features in a C double (the same IEEE operations, in the same order, as pure Python).
# Pure Python ignores it.
cimport cython
from multiverse.sentinels.state cimport SentinelsState


@cython.locals(n=Py_ssize_t, vc=Py_ssize_t, c=Py_ssize_t, co=object, f=Py_ssize_t,
               aeon_o=Py_ssize_t, scion_cards=frozenset, p=Py_ssize_t, i=Py_ssize_t,
               o=Py_ssize_t, life=Py_ssize_t, full=Py_ssize_t, full_c=Py_ssize_t,
               scions=Py_ssize_t, scion_hp=Py_ssize_t, aeon=Py_ssize_t, hero_cards=Py_ssize_t,
               standing=Py_ssize_t, hand_sum=Py_ssize_t, incapacitated=Py_ssize_t,
               out=Py_ssize_t, destroyed=Py_ssize_t, frac=double, frac_sum=double,
               frac_min=double, shielded=bint, face=bytearray, hp=list, incap=list, zone=bytearray,
               home=list, max_hp=list, side=list, hero_char=list)
cpdef list features(SentinelsState s)


@cython.locals(i=Py_ssize_t, z=double, a=double, b=double, x=list)
cpdef double value(SentinelsState s)
