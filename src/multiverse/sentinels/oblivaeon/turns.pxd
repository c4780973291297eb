# The compiled build's declarations for sentinels/oblivaeon/turns.py (setup.py): the six
# things' options (OBL-H2 … H7), read at the start of every hero turn, with C-integer players
# and C calls to their helpers. Pure Python ignores it.
cimport cython
from multiverse.sentinels.state cimport SentinelsState
from multiverse.sentinels.tables cimport Tables


@cython.locals(t=Tables, face=bytearray)
cpdef list objectives(SentinelsState s, Py_ssize_t p)
@cython.locals(t=Tables, face=bytearray, hero_char=list)
cpdef list incapacitated_here(SentinelsState s, Py_ssize_t p)
@cython.locals(p=Py_ssize_t, q=Py_ssize_t, i=Py_ssize_t, t=Tables, mdeck=list, mine=list,
               opts=list, incap=list, azone=list, here=object, partner=bint, ability=bint,
               reward=bint)
cpdef tuple _six_options(SentinelsState s, tuple f)
@cython.locals(opt=object)
cpdef _six_option(Tables t, tuple key)
cpdef take_objective(SentinelsState s, Py_ssize_t p)
