# The compiled build's declaration of `Tables` (setup.py): an extension type whose fields
# are the slots of sentinels/tables.py, so a rule reading `s.T` (the game's static tables)
# reads a field directly. Each field has the type its annotation in `Tables.__init__` gives
# (a container's type, the numbers and flags as C integers), so `t.gates.get(fx)` is a call
# of the dict's own look-up and `c == t.villain_character` a C comparison. Pure Python
# ignores it.


cdef class Tables:
    cdef public Py_ssize_t env, late_owner, mission, n_heroes, n_zones, villain, villain_character
    cdef public bint blocks, dynamic, immunes, mod_conds, play_areas, remembering, retargets
    cdef public bint track_dmg
    cdef public tuple counter_max, counter_min, counter_names, counter_start, env_ids, envs
    cdef public tuple hdeck_ids, hdeck_names, hero_ids, owner_names, threshold_text, thresholds
    cdef public tuple live_sides, villains
    cdef public list card, card_data, card_oid, card_opt, character, clear_tokens, cmod_if, cmods
    cdef public list complexity, copies, deck_cards, dmg_head, do, end_trig, face_name, flip_fx
    cdef public list fx_head, fx_run, has_end, has_enter, has_mods, has_start, hdeck, hdeck_cards
    cdef public list hdeck_chars, hero_char, hero_tokens, incap_fx, indestructible, is_character
    cdef public list keywords, kind
    cdef public list max_hp, modifiers, n_faces, name, okind, otherwise, owner, play_fx
    cdef public list play_opt, power_fx, power_opt, reserve_cards, restore_hp, rt_mods, seed
    cdef public list sel_sides, side, start_trig, steps, then, triggers
    cdef public dict abilities, branches, bring_forth, by_name, counter_index, gates, goal_cache
    cdef public dict kept_opt, live_sets, memo_end, memo_steps, named_decks, scion_cards, scion_zero
    cdef public dict shield_cards, step_cmod, step_if, target_opt, team, under_blocks, usurp_faces
    cdef public dict watch, watch_cards, watchers, whose_owners
    cdef public set live_known, optional, react_src
    cdef public frozenset cond_cards, missions, plural_owners, printed_cards, printed_sids, scions
    cdef public object config, content, printed, setup_fx

    cpdef know_live(self, object key)
