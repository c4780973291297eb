# The compiled build's declarations for sentinels/value.py (setup.py): the evaluation walks
# the heroes and the cards in play on C integers and sums its weighted features in a C
# double (the same IEEE operations, in the same order, as pure Python). Pure Python
# ignores it.
cimport cython
from multiverse.sentinels.state cimport SentinelsState


@cython.locals(n=Py_ssize_t, vc=Py_ssize_t, h=Py_ssize_t, c=Py_ssize_t, fc=Py_ssize_t,
               sd=Py_ssize_t, k=Py_ssize_t, life=Py_ssize_t, top=Py_ssize_t, full=Py_ssize_t,
               incaps=Py_ssize_t, standing=Py_ssize_t, hand_sum=Py_ssize_t,
               hand_min=Py_ssize_t, hands=Py_ssize_t, villain_cards=Py_ssize_t,
               villain_target_hp=Py_ssize_t, env_targets=Py_ssize_t, hero_cards=Py_ssize_t,
               good=Py_ssize_t, bad=Py_ssize_t, frac=double, frac_sum=double, frac_min=double,
               hp=list, incap=list, char=list, face=bytearray, side=list, max_hp=list,
               hero_char=list)
cpdef list features(SentinelsState s)


@cython.locals(i=Py_ssize_t, z=double, a=double, b=double, x=list)
cpdef double value(SentinelsState s)
