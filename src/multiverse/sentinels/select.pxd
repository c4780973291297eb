# The compiled build's declarations for sentinels/select.py (setup.py): "is this card in that
# group?" takes its card numbers as C integers, and the rules that import it call it as a C
# function. Pure Python ignores it.
from multiverse.sentinels.state cimport SentinelsState


cpdef bint in_group(SentinelsState s, object group, Py_ssize_t cid, Py_ssize_t this, Py_ssize_t other=*) except -1
