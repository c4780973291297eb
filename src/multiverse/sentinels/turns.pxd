# The compiled build's declarations for sentinels/turns.py (setup.py): the helpers a hero's
# play phase reads each time it is offered (the Limited cards held, the names it shows) are C
# functions. Pure Python ignores it.
from multiverse.sentinels.state cimport SentinelsState


cpdef list limited_held(SentinelsState s, Py_ssize_t h)
cpdef tuple _names(SentinelsState s, list cards)
