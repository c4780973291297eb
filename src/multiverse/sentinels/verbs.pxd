# The compiled build's declarations for sentinels/verbs.py (setup.py): queueing a card's
# effect, with C-integer card numbers; the rules that import them call them as C functions.
# Pure Python ignores it.
from multiverse.sentinels.state cimport SentinelsState


cpdef push_effect(SentinelsState s, object fx, Py_ssize_t this, Py_ssize_t hero, Py_ssize_t other)
cpdef Py_ssize_t seat_of(SentinelsState s, Py_ssize_t hero) except? -2
