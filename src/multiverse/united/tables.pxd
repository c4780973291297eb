# The compiled build's declaration of `Tables` (setup.py): an extension type whose fields
# are the slots of united/tables.py, so a rule reading `s.T` (the game's static tables)
# reads a field directly. Each field has the type its annotation in `Tables.__init__` gives
# (a container's type, the numbers as C integers, the names as str), so `t.kept.get(key)`
# is a call of the dict's own look-up and `t.mode == "standard"` a string comparison. Pure
# Python ignores it.


cdef class Tables:
    cdef public Py_ssize_t bam_damage, bonus_red, bonus_yellow, challenge, challenge_health
    cdef public Py_ssize_t ko_track, ko_track_per_analyzer, nimrod_health, overflow_track, red
    cdef public Py_ssize_t retreat_at, sentinel_health, track_max, track_start, yellow
    cdef public bint wild_costs
    cdef public str challenge_task, extra_letter, extra_name, mode, track_name, villain_name
    cdef public tuple clones, companion_name, companion_start, hero_ids, hero_keywords, hero_names
    cdef public tuple loc_cards, loc_deck, markers, mission_need, own_cards, own_deck, own_tokens
    cdef public tuple protocol, seats, sentinel_names, team_fx, team_heroes, team_name, team_tokens
    cdef public list card_fx, card_name, card_optional, card_owner, card_special, card_sym
    cdef public list hero_cards, loc_dealt, loc_fx, loc_hazardous, loc_ids, loc_in_game
    cdef public list loc_mandatory, loc_name, loc_slots, loc_start, mp_cards, threat_arrive
    cdef public list threat_bam, threat_bonus, threat_clear, threat_cost, threat_health
    cdef public list threat_henchman, threat_ids, threat_name, threat_tags, threat_wild
    cdef public dict card_start, hooks, kept, loc_bonus, mp_bam, mp_extra, mp_move, mp_tokens
    cdef public frozenset duplicates, free_move
    cdef public object config, content, villain_bam, villain_overflow
