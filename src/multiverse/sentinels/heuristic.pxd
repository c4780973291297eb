# The compiled build's declarations for sentinels/heuristic.py (setup.py): the module dicts
# its rules of thumb read per option (a card's worth, a power's, OblivAeon's six options),
# declared so a look-up is a C call, not a method look-up. Pure Python ignores it.
cdef dict _KINDS, _POWERS, _SIX, _VALUES
cdef Py_ssize_t K_PLAY, K_POWER, K_SELECT, K_MODIFY, K_DISCARD, K_MAY, K_PREVENT, K_ZONE, K_SIX, K_ONE_HERO, K_OTHER
