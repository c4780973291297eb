# The compiled build's declarations for sentinels/heuristic.py (setup.py): the module dicts
# its rules of thumb read per option (a card's worth, a power's, OblivAeon's six options),
# declared so a look-up is a C call, not a method look-up. Pure Python ignores it.
cdef dict _POWERS, _SIX, _VALUES
