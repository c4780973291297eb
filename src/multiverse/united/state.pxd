# The compiled build's declaration of `UnitedState` (setup.py): its fields are the slots of
# united/state.py (`T`, the game's static tables, is itself an extension type); a rule's
# `s: UnitedState` reads them directly. Pure Python ignores it.
from multiverse.engine.state cimport GameState
from multiverse.united.tables cimport Tables


cdef class UnitedState(GameState):
    cdef public Tables T
    cdef public list civ, clone_at, comp, deck, hand, hench, hero_loc, ko, locs, mp_deck, mp_known, need, now, out, parts, pile, pool, progress, protect, s_hp, s_loc, seen, story, target, team, threat, thug, tokens, xtok
    cdef public object active, fx_card, grab, n_hp, n_loc, ovf, phase, retreat, round, since, track, turn, villain_start
