# The compiled build's declaration of the turn planner's classes (setup.py): extension types
# whose fields are the slots of united/heuristic.py, so the planner reads them directly. Pure
# Python ignores it.
# (and two module dicts read per option: declared, a look-up is a C call)
cimport cython

cdef dict _CONTENT, _TIE
# the planner's own actions as option data
cdef dict _DO_EFFECT, _DO_ATTACK_VILLAIN, _DO_ATTACK_THUG, _DO_RESCUE
cdef tuple _DO_ATTACK_SENTINEL, _DO_FILL, _DO_MOVE
cdef class _Content:
    cdef public object card_fx, card_sym, loc_fx, loc_index, mode, prod_threats, sentinel_health, solo, threat_tags


cdef class Board:
    cdef public Py_ssize_t fx, hero, n_hp, n_loc, pos
    cdef public double value
    cdef public object slots, threat
    cdef public list civ, need, pool, s_hp, s_loc, thug, tokens

    cpdef Board copy(self)


cdef class Planner:
    cdef public object _base, _fx, _played, _pool, hero, loc_ids, me, others_at, prev, prod, sentinels_ok, slots
    cdef public object standard, threat_names, v, villain, vulnerable, w_clear, w_rescue, w_thug
    cdef public _Content c
    cdef public dict memo

    # the turn planner's own steps, called for every board it tries: C calls on C integers
    # and doubles (the same IEEE operations in the same order as Python's: the same scores)
    cpdef bint pay(self, Board b, Py_ssize_t sym, object pay=*)
    cpdef bint can_pay(self, Board b, Py_ssize_t sym)
    cpdef Py_ssize_t free(self, Board b, Py_ssize_t p)
    cpdef hit_sentinel(self, Board b, Py_ssize_t sn, Py_ssize_t n=*)
    cpdef hit_villain(self, Board b, Py_ssize_t n=*)
    cpdef hit_thug(self, Board b, Py_ssize_t n=*)
    cpdef rescue(self, Board b, Py_ssize_t n=*)
    cpdef fill(self, Board b, Py_ssize_t sym)
    cpdef bint do(self, Board b, dict data)
    cpdef list moves(self, Board b)
    cpdef double plan(self, Board b, Py_ssize_t depth=*)
    cpdef double gain(self, Board b, Py_ssize_t depth)
    cpdef double end_value(self, Board b)
    cpdef double activation_value(self, Board b)
    @cython.locals(sym=tuple, loc=Py_ssize_t, p=Py_ssize_t, steps=Py_ssize_t, d=Py_ssize_t,
                   dist=Py_ssize_t, free=Py_ssize_t, here=Py_ssize_t, full=Py_ssize_t,
                   hp=Py_ssize_t, cost=double)
    cpdef double activation_cost(self, Board b, Py_ssize_t sn)
    cpdef double position_value(self, Board b)
