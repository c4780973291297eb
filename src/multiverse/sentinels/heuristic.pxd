# The compiled build's declarations for sentinels/heuristic.py (setup.py): the module dicts
# its rules of thumb read per option (a card's worth, a power's, OblivAeon's six options),
# declared so a look-up is a C call, not a method look-up. Pure Python ignores it.
cimport cython
from multiverse.engine.decision cimport Decision, Option
from multiverse.sentinels.tables cimport Tables
from multiverse.sentinels.state cimport SentinelsState

cdef dict _KINDS, _POWERS, _SIX, _VALUES
cdef Py_ssize_t K_PLAY, K_POWER, K_SELECT, K_MODIFY, K_DISCARD, K_MAY, K_PREVENT, K_ZONE, K_SIX, K_ONE_HERO, K_OTHER


# the rules of thumb call each other as C functions (a Python call per option was most of
# the rollout policy's cost in OblivAeon)
cpdef _card_value(object card)
cpdef _power_value(object t, object card, object face)
cpdef list _scored(Decision d, SentinelsState s)
@cython.locals(here=Py_ssize_t, c=Py_ssize_t, co=object, scion_cards=frozenset, bz=bytearray,
               scions=list, stay=double, move=double, o=Option, out=list)
cpdef list _zone_scores(Decision d, SentinelsState s)
@cython.locals(t=Tables, c=Py_ssize_t, hp=Py_ssize_t, hero_side=bint, finish=double, main=double,
               o=Option, scored=list)
cpdef list _target_scores(Decision d, SentinelsState s, bint healing)
