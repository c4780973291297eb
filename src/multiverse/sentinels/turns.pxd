# The compiled build's declarations for sentinels/turns.py (setup.py): the helpers a hero's
# play phase reads each time it is offered (the Limited cards held, the names it shows) are C
# functions. Pure Python ignores it.
cimport cython
from multiverse.sentinels.state cimport SentinelsState


cpdef list limited_held(SentinelsState s, Py_ssize_t h)
cpdef tuple _names(SentinelsState s, list cards)
# a hero's play phase, offered at every turn: the hand's card numbers as C integers
@cython.locals(h=Py_ssize_t, play=list, opts=list, held=list, tried=tuple, c=Py_ssize_t)
cpdef tuple _play_options(SentinelsState s, tuple f)
