"""MU-5, MU-16 … MU-20: the hero turn (draw, play, symbols, actions, Threats, Locations)."""

from __future__ import annotations

import pytest
from mu_support import card_id, end_actions, hand, names, opt_ids, play, position, ring

NIMROD_FAR = {"phase": "nimrod", "nimrod": {"location": 0, "health": 8}}


def hero_position(heroes, *, active="logan", since=0, deck=("Cold Survey of the Ruins",), **kw):
    """Nimrod phase (Nimrod at 0, out of the way) with `active` to play a card."""
    doc = dict(NIMROD_FAR)
    doc.update(kw)
    doc.setdefault("master_plan", list(deck))
    return position(heroes=heroes, since=since, step="play", turn={"hero": active}, **doc)


def action(s, action_id):
    assert action_id in opt_ids(s), opt_ids(s)
    s.apply(action_id)


def label(s, action_id):
    return s.decision().get(action_id).label


# ----- MU-5: action tokens ---------------------------------------------------------------------


@pytest.mark.rule("MU-5")
def test_tokens_are_gained_by_effects_and_kept_across_turns():
    heroes = [
        {"id": "bishop", "location": 4, "hand": ["Stored Charge", "Soak the Blast"],
         "deck": ["Future Tactics", "Full Redirect"]},
        {"id": "storm", "location": 4, "hand": ["Hailstorm", "Gale Force"], "deck": ["Updraft"]},
    ]
    s = hero_position(heroes, active="bishop", locations=ring(p4={"thugs": 3, "civilians": 0}))
    play(s, "Stored Charge")  # no symbols; its effect (gain 2 Attack tokens) is all it can do
    assert s.fx_card == -1  # a lone option resolves by itself
    assert s.tokens[0:4] == [0, 2, 0, 0]
    # Bishop does not spend them on his own turn unless he chooses to
    assert label(s, "attack:thug").endswith("(token)")
    s.apply("end")
    assert s.tokens[0:4] == [0, 2, 0, 0]
    # Storm's turn: Bishop's tokens are not hers to spend
    assert s.active == 1
    s.log = []
    play(s, "Hailstorm")  # no symbols (previous card Stored Charge has none either)
    # the only thing Storm can do is her effect (defeat up to 2 Thugs): no Attack from tokens
    assert s.thug[4] == 1
    assert [e.kind for e in s.log].count("thug_defeated") == 1
    assert s.tokens[0:4] == [0, 2, 0, 0]
    # a villain turn in between does not touch them either
    assert names(s, s.story)[-1] == "Cold Survey of the Ruins"
    assert s.active == 0
    play(s, "Soak the Blast")  # Heroic; previous Hero card Hailstorm gives nothing
    assert label(s, "attack:thug").endswith("(token)")
    s.apply("attack:thug")
    assert s.thug[4] == 0
    assert s.tokens[0:4] == [0, 1, 0, 0]


@pytest.mark.rule("MU-5")
def test_a_matching_symbol_is_spent_before_a_token():
    heroes = [
        {"id": "bishop", "location": 1, "tokens": {"attack": 1},
         "hand": ["Soldier Out of Time", "Soak the Blast"]},
        {"id": "storm", "location": 3},
    ]
    s = hero_position(heroes, active="bishop")
    play(s, "Soldier Out of Time")  # Move + Attack
    assert label(s, "attack:thug").endswith("(symbol)")
    s.apply("attack:thug")
    assert s.tokens[0:4] == [0, 1, 0, 0]
    assert label(s, "attack:thug").endswith("(token)")  # second Attack from the token
    s.apply("attack:thug")
    assert s.thug[1] == 0 and s.tokens[0:4] == [0, 0, 0, 0]


@pytest.mark.rule("MU-5")
def test_a_wild_token_pays_for_any_action():
    heroes = [
        {"id": "bishop", "location": 4, "tokens": {"wild": 1},
         "hand": ["Soak the Blast", "Future Tactics"]},
        {"id": "storm", "location": 3},
    ]
    s = hero_position(heroes, active="bishop")
    play(s, "Future Tactics")  # Move only
    for a in ("attack:thug", "rescue", "fill:attack", "fill:heroic"):
        assert label(s, a).endswith("(Wild token)")
    s.apply("attack:thug")
    assert s.tokens[4:] == [0, 0, 0, 0] and s.tokens[0:4] == [0, 0, 0, 0]
    assert s.thug[4] == 0


@pytest.mark.rule("MU-5", "MU-17")
def test_player_may_pay_with_a_token_to_keep_the_wild_symbol():
    # Bishop holds a Move token and plays a single Wild: Move with the token, Attack with the
    # Wild symbol. Paying the Move with the Wild would leave no way to Attack.
    heroes = [
        {"id": "bishop", "location": 4, "tokens": {"move": 1},
         "hand": ["Absorbed Momentum", "Soak the Blast"]},
        {"id": "storm", "location": 3},
    ]
    s = hero_position(heroes, active="bishop", locations=ring(p5={"thugs": 1}))
    play(s, "Absorbed Momentum")
    ids = opt_ids(s)
    assert label(s, "move:5").endswith("(Wild symbol)")
    tok = [o for o in s.decision().options
           if o.data.get("action") == "move" and o.data["location"] == 5 and o.id != "move:5"]
    assert len(tok) == 1 and tok[0].label.endswith("(token)")
    assert "move:3" in ids
    s.apply(tok[0].id)
    assert s.hero_loc[0] == 5
    assert s.tokens[0:4] == [0, 0, 0, 0]
    assert s.pool[3] == 1  # the Wild symbol is still there
    assert label(s, "attack:thug").endswith("(Wild symbol)")
    s.apply("attack:thug")
    assert s.thug[5] == 0 and s.pool == [0, 0, 0, 0]


@pytest.mark.rule("MU-5")
def test_location_effect_gains_a_token():
    heroes = [
        {"id": "bishop", "location": 2, "hand": ["Soak the Blast", "Future Tactics"]},
        {"id": "storm", "location": 3},
    ]
    locs = ring(p2={"id": "scrap-armory", "threat": None})
    s = hero_position(heroes, active="bishop", locations=locs)
    play(s, "Soak the Blast")
    s.apply("end")
    d = s.decision()
    assert d.kind == "location_effect" and d.seat == 0
    s.apply("use")
    assert s.tokens[0:4] == [0, 1, 0, 0]


# ----- MU-16: draw 1; no cards at all loses ------------------------------------------------------


@pytest.mark.rule("MU-16")
def test_turn_starts_by_drawing_the_top_card():
    heroes = [
        {"id": "logan", "location": 3, "hand": ["Rusted Claws"],
         "deck": ["Slow Mend", "Old Instincts", "Berserker Lunge"]},
        {"id": "storm", "location": 3},
    ]
    s = position(heroes=heroes, **NIMROD_FAR)
    assert hand(s, 0) == ["Rusted Claws", "Slow Mend"]
    assert names(s, s.deck[0]) == ["Berserker Lunge", "Old Instincts"]  # bottom first
    assert s.decision().kind == "play_card" and s.decision().seat == 0


@pytest.mark.rule("MU-16", "MU-23")
def test_no_card_in_hand_nor_deck_at_turn_start_loses():
    heroes = [{"id": "logan", "location": 3, "hand": [], "deck": []}, {"id": "storm"}]
    s = position(heroes=heroes, **NIMROD_FAR)
    assert s.result == "loss"
    assert "no cards" in s.reason
    assert s.decision() is None


@pytest.mark.rule("MU-16")
def test_empty_hand_with_a_deck_draws_and_plays():
    heroes = [{"id": "logan", "location": 3, "hand": [], "deck": ["Rusted Claws"]},
              {"id": "storm"}]
    s = position(heroes=heroes, **NIMROD_FAR)
    assert s.result is None
    # one card: the play is forced, so the game moves on to the actions
    assert names(s, s.story) == ["Rusted Claws"]


@pytest.mark.rule("MU-16")
def test_empty_deck_with_cards_in_hand_is_not_a_loss():
    heroes = [{"id": "logan", "location": 3, "hand": ["Rusted Claws", "Slow Mend"], "deck": []},
              {"id": "storm"}]
    s = position(heroes=heroes, **NIMROD_FAR)
    assert s.result is None
    assert hand(s, 0) == ["Rusted Claws", "Slow Mend"]
    assert s.decision().kind == "play_card"


@pytest.mark.rule("MU-16")
def test_the_loss_is_checked_when_that_hero_starts_a_turn():
    heroes = [
        {"id": "logan", "location": 3, "hand": ["Rusted Claws", "Slow Mend"]},
        {"id": "storm", "location": 3, "hand": [], "deck": []},
    ]
    s = hero_position(heroes)
    assert s.result is None
    play(s, "Rusted Claws")
    end_actions(s)
    assert s.result == "loss" and "Storm" in s.reason


# ----- MU-17: play a card; symbols of it and the previous Hero card --------------------------------


def _story_position(story, hand=("Eye of the Storm", "Gale Force"), at=3, **kw):
    heroes = [
        {"id": "logan", "location": at, "hand": ["Rusted Claws"]},
        {"id": "storm", "location": at, "hand": list(hand)},
    ]
    return hero_position(heroes, active="storm", storyline=story, **kw)


@pytest.mark.rule("MU-17")
def test_played_card_goes_face_up_to_the_end_and_adds_the_previous_cards_symbols():
    s = _story_position([{"hero": "logan", "card": "Berserker Lunge"}])
    play(s, "Eye of the Storm")
    assert names(s, s.story) == ["Berserker Lunge", "Eye of the Storm"]
    assert s.story[-1] == card_id(s, 1, "Eye of the Storm")  # face up
    assert hand(s, 1) == ["Gale Force"]
    assert s.pool == [0, 2, 2, 0]  # Attack x2 (Logan's) + Heroic x2 (Storm's)


@pytest.mark.rule("MU-17", "MU-14")
def test_master_plan_card_between_does_not_break_the_chain():
    s = _story_position([{"hero": "logan", "card": "Berserker Lunge"},
                         {"master_plan": "Sweep the Avenues"}])
    play(s, "Eye of the Storm")
    assert s.pool == [0, 2, 2, 0]


@pytest.mark.rule("MU-17")
def test_facedown_previous_card_gives_nothing():
    s = _story_position([{"hero": "logan", "card": "Berserker Lunge", "facedown": True}])
    play(s, "Eye of the Storm")
    assert s.pool == [0, 0, 2, 0]


@pytest.mark.rule("MU-17")
def test_only_the_one_previous_hero_card_counts():
    s = _story_position([{"hero": "logan", "card": "Unbreakable Skeleton"},
                         {"hero": "logan", "card": "Berserker Lunge"}])
    play(s, "Gale Force")
    assert s.pool == [0, 3, 0, 0]  # no Wild from the card two back


@pytest.mark.rule("MU-17")
def test_first_card_of_the_game_uses_its_own_symbols_only():
    s = _story_position([])
    play(s, "Eye of the Storm")
    assert s.pool == [0, 0, 2, 0]


@pytest.mark.rule("MU-17")
def test_unused_symbols_are_lost_at_the_end_of_the_turn():
    s = _story_position([{"hero": "logan", "card": "Berserker Lunge"}])
    play(s, "Eye of the Storm")
    s.apply("end")  # 2 Attack + 2 Heroic unused
    assert s.tokens == [0] * 8  # not kept as tokens
    assert s.active == 0
    d = s.decision()
    assert d.kind == "play_card"
    play(s, "Rusted Claws")  # Logan: own Attack + previous card Eye of the Storm (Heroic x2)
    assert s.pool == [0, 1, 2, 0]


@pytest.mark.rule("MU-17")
@pytest.mark.parametrize("first", ["effect", "move"])
def test_special_effect_is_interleaved_with_the_symbols(first):
    # Scent of the Hunt: Move + "deal 1 damage to an enemy here"; Nimrod waits next door
    heroes = [
        {"id": "logan", "location": 1, "hand": ["Scent of the Hunt", "Slow Mend"]},
        {"id": "storm", "location": 3},
    ]
    s = hero_position(heroes, nimrod={"location": 2, "health": 8},
                      locations=ring(p1={"thugs": 1}))
    play(s, "Scent of the Hunt")
    assert "end" not in opt_ids(s)  # the Special Effect must be resolved
    if first == "effect":
        s.apply("effect")  # the only enemy here is a Thug: forced
        assert s.thug[1] == 0 and s.n_hp == 8
        s.apply("move:2")
        assert s.hero_loc[0] == 2 and s.n_hp == 8
    else:
        s.apply("move:2")  # the effect, now alone, resolves in Nimrod's Location
        assert s.n_hp == 7 and s.thug[1] == 1
    assert s.fx_card == -1


@pytest.mark.rule("MU-17", "MU-18")
@pytest.mark.parametrize("use,check", [
    ("move:3", lambda s: s.hero_loc[0] == 3),
    ("move:5", lambda s: s.hero_loc[0] == 5),
    ("attack:thug", lambda s: s.thug[4] == 0),
    ("rescue", lambda s: s.civ[4] == 1),
    ("fill:move", lambda s: s.need[12:15] == [0, 1, 1]),
    ("fill:attack", lambda s: s.need[12:15] == [1, 0, 1]),
    ("fill:heroic", lambda s: s.need[12:15] == [1, 1, 0]),
])
def test_wild_symbol_is_used_as_any_action(use, check):
    heroes = [{"id": "logan", "location": 4, "hand": ["Old Instincts", "Slow Mend"]},
              {"id": "storm", "location": 3}]
    s = hero_position(heroes)  # Internment Yard: 2 Civilians, 1 Thug, Gene-Scan Checkpoint
    assert s.need[12:15] == [1, 1, 1]
    play(s, "Old Instincts")
    assert s.pool == [0, 0, 0, 1]
    assert label(s, use).endswith("(Wild symbol)")
    s.apply(use)
    assert check(s)
    assert s.pool == [0, 0, 0, 0]


# ----- MU-18: the four actions ------------------------------------------------------------------


@pytest.mark.rule("MU-18")
def test_attack_defeats_a_thug_with_one_damage():
    heroes = [{"id": "logan", "location": 1, "hand": ["Berserker Lunge", "Slow Mend"]},
              {"id": "storm", "location": 3}]
    s = hero_position(heroes)
    assert s.thug[1] == 2
    play(s, "Berserker Lunge")
    s.apply("attack:thug")
    assert s.thug[1] == 1
    s.apply("attack:thug")
    assert s.thug[1] == 0


@pytest.mark.rule("MU-18")
def test_attack_sentinel_loses_one_health_and_enemies_are_chosen():
    heroes = [
        {"id": "logan", "location": 1, "target": "I", "hand": ["Rusted Claws", "Slow Mend"]},
        {"id": "storm", "location": 3, "target": "II"},
    ]
    s = position(heroes=heroes, sentinels={"I": {"location": 1, "health": 4},
                                           "II": {"location": 4}},
                 step="play", turn={"hero": "logan"})
    play(s, "Rusted Claws")
    attacks = [o for o in opt_ids(s) if o.startswith("attack:")]
    assert sorted(attacks) == ["attack:sentinel:0", "attack:thug"]  # not Sentinel II elsewhere
    s.apply("attack:sentinel:0")
    assert s.s_hp[0] == 3 and s.thug[1] == 2


@pytest.mark.rule("MU-18")
def test_attack_villain_loses_one_health():
    heroes = [{"id": "logan", "location": 0, "hand": ["Rusted Claws", "Slow Mend"]},
              {"id": "storm", "location": 3}]
    s = hero_position(heroes)
    play(s, "Rusted Claws")
    assert "attack:nimrod" in opt_ids(s)
    s.apply("attack:nimrod")
    assert s.n_hp == 7


@pytest.mark.rule("MU-18")
def test_heroic_rescues_a_civilian_here():
    heroes = [{"id": "logan", "location": 3, "hand": ["Slow Mend", "Rusted Claws"]},
              {"id": "storm", "location": 3}]
    s = hero_position(heroes, locations=ring(p3={"threat": "sentinel-production-b"}))
    play(s, "Slow Mend")  # Heroic (+ draw 1)
    s.apply("rescue")
    assert s.civ[3] == 1


@pytest.mark.rule("MU-18")
def test_heroic_fills_only_a_matching_symbol():
    # Gene-Scan Checkpoint at 4 with only the Attack symbol left to fill
    heroes = [{"id": "logan", "location": 4, "hand": ["Slow Mend", "Rusted Claws"]},
              {"id": "storm", "location": 4, "hand": ["Eye of the Storm", "Gale Force"]}]
    locs = ring(p4={"filled": ["heroic", "move"], "civilians": 0})
    s = hero_position(heroes, active="storm", locations=locs,
                      storyline=[{"hero": "logan", "card": "Berserker Lunge", "facedown": True}])
    play(s, "Eye of the Storm")
    assert not [o for o in opt_ids(s) if o.startswith("fill")]
    assert opt_ids(s) == ["end"] or "fill:heroic" not in opt_ids(s)


@pytest.mark.rule("MU-18")
def test_attack_fills_an_attack_symbol():
    heroes = [{"id": "logan", "location": 4, "hand": ["Rusted Claws", "Slow Mend"]},
              {"id": "storm", "location": 3}]
    s = hero_position(heroes, locations=ring(p4={"filled": ["heroic", "move"]}))
    play(s, "Rusted Claws")
    assert "fill:attack" in opt_ids(s) and "fill:heroic" not in opt_ids(s)


@pytest.mark.rule("MU-18")
def test_move_goes_to_an_adjacent_location_only():
    heroes = [{"id": "logan", "location": 3, "hand": ["Limp Into the Fight", "Slow Mend"]},
              {"id": "storm", "location": 3}]
    s = hero_position(heroes)
    play(s, "Limp Into the Fight")
    assert {o for o in opt_ids(s) if o.startswith("move")} == {"move:2", "move:4"}
    s.apply("move:4")
    assert s.hero_loc == [4, 3]
    assert not [o for o in opt_ids(s) if o.startswith("move")]  # one Move only


# ----- MU-19: clearing a Threat ----------------------------------------------------------------


@pytest.mark.rule("MU-19")
def test_filling_the_last_symbol_clears_the_threat_lowers_the_track_and_uncovers():
    heroes = [{"id": "logan", "location": 0,
               "hand": ["Last Stand in the Rubble", "Slow Mend"], "deck": ["Old Instincts"]},
              {"id": "storm", "location": 3}]
    # Automated Assembly Line (attack, heroic, heroic) at The Burned Mansion, 1 Heroic left
    locs = ring(p0={"filled": ["attack", "heroic"]})
    s = hero_position(heroes, locations=locs, track=6, nimrod={"location": 3, "health": 8})
    assert s.need[0:3] == [0, 0, 1]
    play(s, "Last Stand in the Rubble")  # Attack x2 + Heroic
    s.apply("fill:heroic")
    assert s.threat[0] == -1
    assert s.need[0:3] == [0, 0, 0]
    assert s.track == 5
    # two Attacks were left, but no enemy here: the actions end and, as they end, the unused
    # symbols are lost (MU-17)
    assert s.pool == [0, 0, 0, 0]
    d = s.decision()  # the Burned Mansion's effect is uncovered
    assert d.kind == "location_effect" and d.seat == 0
    s.apply("use")
    assert hand(s, 0) == ["Slow Mend", "Old Instincts"]


@pytest.mark.rule("MU-19")
def test_leftover_symbols_after_clearing_can_be_used():
    heroes = [{"id": "logan", "location": 1, "hand": ["Berserker Lunge", "Slow Mend"]},
              {"id": "storm", "location": 3}]
    # Drone Hull Hatchery (move, attack, attack, heroic) at the Foundry, one Attack left
    locs = ring(p1={"filled": ["move", "attack", "heroic"]})
    s = hero_position(heroes, locations=locs, track=2)
    play(s, "Berserker Lunge")
    s.apply("fill:attack")
    assert s.threat[1] == -1 and s.track == 1
    s.apply("attack:thug")  # the second Attack is still there
    assert s.thug[1] == 1


@pytest.mark.rule("MU-19")
def test_partial_fill_keeps_the_threat_and_the_track():
    heroes = [{"id": "logan", "location": 0, "hand": ["Slow Mend", "Rusted Claws"]},
              {"id": "storm", "location": 3}]
    s = hero_position(heroes, track=3, nimrod={"location": 3, "health": 8})
    play(s, "Slow Mend")
    assert s.need[0:3] == [0, 1, 2]  # Automated Assembly Line: Attack, Heroic, Heroic
    s.apply("fill:heroic")  # then the draw effect resolves by itself and the turn ends
    assert s.need[0:3] == [0, 1, 1]
    assert s.threat[0] >= 0 and s.track == 3
    assert s.active == 1 and s.decision().kind == "play_card"  # no Location effect


@pytest.mark.rule("MU-19")
def test_track_is_not_lowered_below_zero():
    heroes = [{"id": "logan", "location": 0, "hand": ["Slow Mend", "Rusted Claws"]},
              {"id": "storm", "location": 3}]
    locs = ring(p0={"filled": ["attack", "heroic"]})
    s = hero_position(heroes, locations=locs, track=0, nimrod={"location": 3, "health": 8})
    play(s, "Slow Mend")
    s.apply("fill:heroic")
    assert s.threat[0] == -1 and s.track == 0


# ----- MU-20: the Location effect -----------------------------------------------------------------


def _loc_position(loc_at_3: str, *, threat=None, logan_hand=("Slow Mend", "Rusted Claws"),
                  **kw):
    heroes = [{"id": "logan", "location": 3, "hand": list(logan_hand),
               "deck": ["Old Instincts", "Berserker Lunge"]},
              {"id": "storm", "location": 3, "hand": ["Gale Force"], "deck": ["Updraft"]}]
    locs = ring(p3={"id": loc_at_3, "threat": threat})
    for i, spec in enumerate(locs):
        if i != 3 and spec["id"] == loc_at_3:
            spec["id"] = "resistance-camp"
    return hero_position(heroes, locations=locs, **kw)


@pytest.mark.rule("MU-20", "MU-2")
@pytest.mark.parametrize("answer", ["use", "skip"])
def test_optional_location_effect_is_offered_and_obeyed(answer):
    s = _loc_position("burned-mansion")
    play(s, "Rusted Claws")
    end_actions(s)
    d = s.decision()
    assert d.kind == "location_effect" and d.seat == 0
    assert sorted(d.ids()) == ["skip", "use"]
    s.apply(answer)
    assert hand(s, 0) == (["Slow Mend", "Old Instincts"] if answer == "use" else ["Slow Mend"])
    assert s.active == 1  # last step of the turn: Storm is next


@pytest.mark.rule("MU-20", "MU-2")
def test_mandatory_location_effect_is_not_a_question():
    s = _loc_position("flooded-tunnels")
    play(s, "Rusted Claws")
    end_actions(s)
    d = s.decision()
    assert d.kind == "move_anywhere" and d.seat == 0  # straight into the effect
    assert len(d.options) == 5
    s.apply("to:0")
    assert s.hero_loc[0] == 0
    assert s.active == 1


@pytest.mark.rule("MU-20", "MU-2")
def test_location_effect_covered_by_a_threat_is_not_available():
    s = _loc_position("flooded-tunnels", threat="sentinel-production-a")
    play(s, "Rusted Claws")
    end_actions(s)
    assert s.hero_loc[0] == 3
    assert s.active == 1 and s.decision().kind == "play_card"


@pytest.mark.rule("MU-20")
def test_effect_of_the_location_where_the_turn_ends():
    heroes = [{"id": "logan", "location": 3, "hand": ["Limp Into the Fight", "Slow Mend"],
               "deck": ["Old Instincts"]},
              {"id": "storm", "location": 3}]
    locs = ring(p4={"id": "burned-mansion", "threat": None})
    locs[0] = {"id": "internment-yard", "threat": "sentinel-production-a"}
    s = hero_position(heroes, locations=locs)
    play(s, "Limp Into the Fight")
    s.apply("move:4")
    end_actions(s)
    d = s.decision()
    assert d.kind == "location_effect"
    s.apply("use")
    assert hand(s, 0) == ["Slow Mend", "Old Instincts"]


@pytest.mark.rule("MU-20")
def test_location_effect_comes_after_actions_and_before_the_sentinel():
    heroes = [{"id": "logan", "location": 3, "target": "I",
               "hand": ["Slow Mend", "Rusted Claws"], "deck": ["Old Instincts"]},
              {"id": "storm", "location": 3, "target": "II"}]
    locs = ring(p3={"id": "burned-mansion", "threat": None})
    locs[0] = {"id": "resistance-camp", "threat": "sentinel-production-a"}
    s = position(heroes=heroes, locations=locs, sentinels={"I": {"location": 0},
                                                          "II": {"location": 0}},
                 step="play", turn={"hero": "logan"}, config={"tie_break": "clockwise"})
    play(s, "Rusted Claws")
    end_actions(s)
    assert s.decision().kind == "location_effect"
    assert "activation" not in [e.kind for e in s.log]
    s.apply("use")
    ev = [e.kind for e in s.log]
    assert ev.index("draw") < ev.index("activation")
