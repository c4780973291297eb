# The compiled build's declaration of `Tables` (setup.py): an extension type whose fields
# are the slots of sentinels/tables.py, so a rule reading `s.T` (the game's static tables)
# reads a field directly. Pure Python ignores it.


cdef class Tables:
    cdef public object abilities, blocks, branches, bring_forth, by_name, card, card_data, card_oid
    cdef public object card_opt, character, clear_tokens, cmod_if, cmods, complexity, cond_cards
    cdef public object config, content, copies, counter_index, counter_max, counter_min
    cdef public object counter_names, counter_start, deck_cards, dmg_head, do, dynamic, end_trig
    cdef public object env, env_ids, envs, face_name, flip_fx, fx_head, fx_run, gates, goal_cache, has_end
    cdef public object has_enter, has_mods, has_start, hdeck, hdeck_cards, hdeck_chars, hdeck_ids
    cdef public object hdeck_names, hero_char, hero_ids, hero_tokens, immunes, incap_fx
    cdef public object indestructible, keywords, kind, late_owner, max_hp, memo_end, memo_steps
    cdef public object mission, missions, mod_conds, modifiers, n_faces, n_heroes, n_zones, name
    cdef public object named_decks, no_dmg, okind, optional, otherwise, owner, owner_names
    cdef public object play_areas, play_fx, play_opt, plural_owners, power_fx, power_opt, printed
    cdef public object printed_cards, printed_sids, react_src, remembering, reserve_cards
    cdef public object restore_hp, retargets, rt_mods, scion_cards, scion_zero, scions, seed
    cdef public object sel_sides, setup_fx, shield_cards, side, start_trig, step_cmod, step_if
    cdef public object kept_opt, steps, target_opt, team, then, threshold_text, thresholds, track_dmg
    cdef public object triggers, under_blocks, usurp_faces, villain, villain_character, villains
    cdef public object watch, watch_cards, watchers, whose_owners
