# The compiled build's declaration of `Tables` (setup.py): an extension type whose fields
# are the slots of united/tables.py, so a rule reading `s.T` (the game's static tables)
# reads a field directly. Pure Python ignores it.


cdef class Tables:
    cdef public object bam_damage, bonus_red, bonus_yellow, card_fx, card_name, card_optional
    cdef public object card_owner, card_special, card_start, card_sym, challenge, challenge_health
    cdef public object challenge_task, clones, companion_name, companion_start, config, content
    cdef public object duplicates, extra_letter, extra_name, free_move, hero_cards, hero_ids
    cdef public object hero_keywords, hero_names, hooks, ko_track, ko_track_per_analyzer
    cdef public object loc_bonus, loc_cards, loc_dealt, loc_deck, loc_fx, loc_hazardous, loc_ids
    cdef public object loc_in_game, loc_mandatory, loc_name, loc_slots, loc_start, markers
    cdef public object mission_need, mode, mp_bam, mp_cards, mp_extra, mp_move, mp_tokens
    cdef public object nimrod_health, overflow_track, own_cards, own_deck, own_tokens, protocol
    cdef public object red, retreat_at, seats, sentinel_health, sentinel_names, team_fx
    cdef public object team_heroes, team_name, team_tokens, threat_arrive, threat_bam, threat_bonus
    cdef public object threat_clear, threat_cost, threat_health, threat_henchman, threat_ids
    cdef public object threat_name, threat_tags, threat_wild, track_max, track_name, track_start
    cdef public object villain_bam, villain_name, villain_overflow, wild_costs, yellow
    cdef public dict kept
