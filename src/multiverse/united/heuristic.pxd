# The compiled build's declaration of the turn planner's classes (setup.py): extension types
# whose fields are the slots of united/heuristic.py, so the planner reads them directly. Pure
# Python ignores it.
# (and two module dicts read per option: declared, a look-up is a C call)
cdef dict _CONTENT, _TIE
cdef class _Content:
    cdef public object card_fx, card_sym, loc_fx, loc_index, mode, prod_threats, sentinel_health, solo, threat_tags


cdef class Board:
    cdef public object fx, hero, n_hp, n_loc, pos, slots, threat, value
    cdef public list civ, need, pool, s_hp, s_loc, thug, tokens


cdef class Planner:
    cdef public object _fx, _played, _pool, hero, loc_ids, me, others_at, prev, prod, sentinels_ok, slots
    cdef public object standard, threat_names, v, villain, vulnerable, w_clear, w_rescue, w_thug
    cdef public _Content c
    cdef public dict memo
