# The compiled build's declarations for sentinels/damage.py (setup.py): the damage pipeline
# takes its card numbers as C integers, so its table reads are direct, and the rules that
# import these functions call them as C functions. Pure Python ignores it.
cimport cython
from multiverse.sentinels.state cimport SentinelsState
from multiverse.sentinels.tables cimport Tables

# the zone numbers (and keys of `live`) imported from state.py, as C integers: a test
# like `s.zone[c] == Z_PLAY` is a C comparison, not a module look-up
cdef Py_ssize_t LIVE_CMODS, LIVE_MODS, LIVE_RT, Z_HAND, Z_PLAY
# a modifier's step of SOTM-14 (tables.py's), compared for every modifier of every damage
cdef Py_ssize_t CHANGE_TYPE, DEALT, IMMUNE, REDIRECT, TAKEN


@cython.locals(c=Py_ssize_t, bz=bytearray, p=tuple)
cpdef list active_modifiers(SentinelsState s, Py_ssize_t zone=*)
cpdef str immune_to(SentinelsState s, Py_ssize_t src, Py_ssize_t tgt, Py_ssize_t dtype, dict seen=*)
cpdef list immunities(SentinelsState s, Py_ssize_t src, Py_ssize_t dtype, Py_ssize_t zone)
cpdef count_turn_damage(SentinelsState s, Py_ssize_t tgt, Py_ssize_t amount)
# every damage dealt: the modifiers' numbers (damage type, step, change) and the sides read
# as C integers
@cython.locals(t=Tables, mods=list, notes=list, deltas=list, names=list, side=list,
               face=bytearray, ty=Py_ssize_t, code=Py_ssize_t, d=Py_ssize_t, c=Py_ssize_t,
               src_side=Py_ssize_t, tgt_side=Py_ssize_t, who=Py_ssize_t, who_side=Py_ssize_t,
               up=bint, down=bint, redirected=bint, noted=bint)
cpdef deal_damage(SentinelsState s, Py_ssize_t src, Py_ssize_t tgt, Py_ssize_t amount, Py_ssize_t dtype,
                  bint irreducible, Py_ssize_t drain=*, bint cross=*, Py_ssize_t via=*, Py_ssize_t vthis=*)
cpdef final_damage(SentinelsState s, Py_ssize_t src, Py_ssize_t tgt, Py_ssize_t amount, Py_ssize_t dtype,
                   Py_ssize_t irr, Py_ssize_t drain, object notes, object immune, Py_ssize_t via=*,
                   Py_ssize_t vthis=*, object declined=*)
cpdef list retargeting(SentinelsState s, list mods)
cpdef bint heroes_lost(SentinelsState s) except -1
cpdef bint blocked(SentinelsState s, object kind, Py_ssize_t cid) except -1
