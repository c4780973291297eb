# The compiled build's declaration of `UnitedState` (setup.py): its fields are the slots of
# united/state.py (`T`, the game's static tables, is itself an extension type); a rule's
# `s: UnitedState` reads them directly. Pure Python ignores it.
from multiverse.engine.state cimport GameState
from multiverse.united.tables cimport Tables


cdef class UnitedState(GameState):
    cdef public Tables T
    cdef public object active, civ, clone_at, comp, deck, fx_card, grab, hand, hench, hero_loc, ko, locs, mp_deck, mp_known, n_hp, n_loc, need, now, out, ovf, parts, phase, pile, pool, progress, protect, retreat, round, s_hp, s_loc, seen, since, story, target, team, threat, thug, tokens, track, turn, villain_start, xtok
