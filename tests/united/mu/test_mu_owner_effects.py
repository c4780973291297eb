"""MU-17: the owner's effect vocabulary, each word played on a small original card.

Every scenario puts an original test card (a position's `cards`) in Logan's hand as his only
card, so it is played at once (the ring of `mu_support`: Sentinels I and II at ring 0, Storm
at ring 3 unless stated), resolves its Special Effect and checks the exact outcome.
"""

from __future__ import annotations

from typing import Any

import pytest
from mu_support import THREATS, hand, opt_ids, position, ring

from multiverse import ContentError
from multiverse.content.schema import Effect
from multiverse.united.state import UnitedState

Step = dict[str, Any]


def played(effect: list[Step], symbols: tuple[str, ...] = ("move",), logan: int = 0, storm: int = 3,
           **doc: Any) -> UnitedState:
    """Logan (ring `logan`) has just played the test card *Owner's Card* (a Move and the
    effect, so that the effect waits for his choice); Storm stands at ring `storm`."""
    card = {"name": "Owner's Card", "symbols": list(symbols), "effect": effect}
    lo = {"id": "logan", "location": logan, "hand": ["Owner's Card"], **doc.pop("logan_extra", {})}
    st = {"id": "storm", "location": storm, **doc.pop("storm_extra", {})}
    cards = {"logan": [card, *doc.pop("more_cards", [])]}
    return position(heroes=[lo, st], cards=cards, step="play", turn={"hero": "logan"}, **doc)


def resolve_effect(s: UnitedState) -> None:
    s.apply("effect")


# ----- "you may" (optional) -----------------------------------------------------------------
@pytest.mark.rule("MU-17")
def test_you_may_draw_is_offered_and_resolves():
    s = played([{"verb": "draw", "amount": 2, "optional": True}])
    deck_top = s.deck[0][-2:]
    resolve_effect(s)
    d = s.decision()
    assert d.kind == "may" and opt_ids(s) == ["resolve", "decline"]
    s.apply("resolve")
    assert sorted(s.hand[0]) == sorted(deck_top)


@pytest.mark.rule("MU-17")
def test_you_may_draw_can_be_declined():
    s = played([{"verb": "draw", "amount": 2, "optional": True}])
    deck = s.deck[0][:]
    resolve_effect(s)
    s.apply("decline")
    assert s.hand[0] == [] and s.deck[0] == deck
    assert s.decision().kind == "resolve_actions" and "effect" not in opt_ids(s)


@pytest.mark.rule("MU-17")
def test_actions_may_end_before_an_optional_effect_resolves():
    s = played([{"verb": "draw", "amount": 2, "optional": True}])
    assert {"effect", "end"} <= set(opt_ids(s))
    s.apply("end")  # the effect is left unresolved; the turn goes on to its end
    assert s.hand[0] == []


@pytest.mark.rule("MU-17")
def test_a_mandatory_effect_must_resolve_before_actions_end():
    s = played([{"verb": "draw", "amount": 1}, {"verb": "draw", "amount": 1, "optional": True}],
               )
    assert "effect" in opt_ids(s) and "end" not in opt_ids(s)


# ----- actions granted for this turn only -------------------------------------------------
@pytest.mark.rule("MU-17")
def test_gain_action_adds_symbols_for_this_turn_not_tokens():
    s = played([{"verb": "gain_action", "symbol": "attack", "amount": 2}, {"verb": "draw"}])
    resolve_effect(s)
    assert s.pool == [1, 2, 0, 0] and s.tokens[0:4] == [0, 0, 0, 0]
    assert len(s.hand[0]) == 1  # "possibly with a draw"
    s.apply("attack:sentinel:0")
    s.apply("attack:sentinel:0")
    assert s.s_hp[0] == s.T.sentinel_health - 2 and s.pool == [1, 0, 0, 0]


@pytest.mark.rule("MU-17")
def test_gained_actions_are_lost_at_the_end_of_the_turn():
    s = played([{"verb": "gain_action", "symbol": "move", "amount": 1}])
    resolve_effect(s)
    assert s.pool[0] == 2
    s.apply("end")
    assert s.tokens[0:4] == [0, 0, 0, 0]
    assert s.active != 0 or s.pool == [0, 0, 0, 0]


@pytest.mark.rule("MU-17")
def test_take_an_attack_at_an_adjacent_location():
    # Logan at ring 1 (two Thugs); the Sentinels stand next door at ring 0
    s = played([{"verb": "take_action", "symbol": "attack", "where": "adjacent"}], logan=1)
    resolve_effect(s)
    ids = opt_ids(s)
    assert "attack:0:sentinel:0" in ids and "attack:2:thug" not in ids
    assert not any(i.startswith("attack:1:") for i in ids)  # not here: next door only
    s.apply("attack:0:sentinel:1")
    assert s.s_hp[1] == s.T.sentinel_health - 1 and s.hero_loc[0] == 1


@pytest.mark.rule("MU-17")
def test_take_an_attack_at_both_adjacent_locations():
    # ring 1: two Thugs; Logan at ring 2 attacks in ring 1 and in ring 3 (Sentinel I moved there)
    s = played([{"verb": "take_action", "symbol": "attack", "where": "both_adjacent"}], logan=2,
               sentinels={"I": {"location": 3}, "II": {"location": 0}})
    resolve_effect(s)  # one enemy on each side: both Attacks resolve by themselves
    assert s.thug[1] == 1 and s.s_hp[0] == s.T.sentinel_health - 1 and s.hero_loc[0] == 2


@pytest.mark.rule("MU-17")
def test_take_a_heroic_action_at_a_companions_location():
    # Storm stands at ring 3 (two Civilians): Logan, far away, rescues one there
    s = played([{"verb": "take_action", "symbol": "heroic", "where": "a_hero"}], logan=0,
               locations=ring(threats=[None] * 6))
    resolve_effect(s)  # the one place: it resolves by itself
    assert s.civ[3] == 1 and s.civ[0] == 1


@pytest.mark.rule("MU-17")
def test_several_attacks_on_different_targets():
    s = played([{"verb": "take_action", "symbol": "attack", "amount": 2, "targets": "different"}])
    resolve_effect(s)
    s.apply("attack:0:sentinel:0")  # the second Attack can only go to Sentinel II
    full = s.T.sentinel_health
    assert (s.s_hp[0], s.s_hp[1]) == (full - 1, full - 1)


@pytest.mark.rule("MU-17")
def test_several_attacks_on_one_target():
    s = played([{"verb": "take_action", "symbol": "attack", "amount": 3, "targets": "one"}])
    resolve_effect(s)
    s.apply("attack:0:sentinel:1")  # the next two Attacks go to Sentinel II by themselves
    assert s.s_hp[1] == s.T.sentinel_health - 3 and s.s_hp[0] == s.T.sentinel_health


@pytest.mark.rule("MU-17")
def test_an_optional_granted_action_can_stop():
    s = played([{"verb": "take_action", "symbol": "attack", "amount": 2, "optional": True}])
    resolve_effect(s)
    assert opt_ids(s)[-1] == "stop"
    s.apply("attack:0:sentinel:0")
    s.apply("stop")
    assert s.s_hp[0] == s.T.sentinel_health - 1 and s.decision().kind == "resolve_actions"


@pytest.mark.rule("MU-17")
def test_a_cost_paid_for_several_symbols():
    # "you may pay 2 Move: rescue 2 Civilians" — the card's own Move and a Move token pay
    s = played([{"verb": "rescue", "amount": 2, "cost": ["move", "move"], "optional": True}],
               logan=4, logan_extra={"tokens": {"move": 1}})
    resolve_effect(s)
    s.apply("resolve")
    assert s.civ[4] == 0 and s.pool[0] == 0 and s.tokens[0] == 0


@pytest.mark.rule("MU-17")
def test_a_cost_that_cannot_be_paid_is_not_offered():
    s = played([{"verb": "rescue", "amount": 2, "cost": ["move", "move"], "optional": True}],
               logan=4)
    resolve_effect(s)
    assert s.decision().kind == "resolve_actions" and s.civ[4] == 2 and s.pool[0] == 1


@pytest.mark.rule("MU-17")
def test_an_optional_action_with_a_cost_is_asked_before_paying():
    s = played([{"verb": "take_action", "symbol": "attack", "cost": ["move"], "optional": True}])
    resolve_effect(s)
    d = s.decision()
    assert d.kind == "may" and d.options[0].label == "Resolve: pay Move to take 1 Attack action now"
    s.apply("decline")
    assert s.pool[0] == 1 and "effect" not in opt_ids(s)  # nothing paid, nothing hit
    assert s.s_hp == [s.T.sentinel_health] * 2 + [0]


# ----- choose one, counts, draw until -----------------------------------------------------
@pytest.mark.rule("MU-17")
def test_choose_one_resolves_the_branch_picked():
    s = played([{"verb": "choose_one", "options": [
        [{"verb": "draw", "amount": 2}],
        [{"verb": "gain_token", "symbol": "wild"}, {"verb": "gain_token", "symbol": "move"}]]}])
    resolve_effect(s)
    assert opt_ids(s) == ["option:0", "option:1"]
    assert [o.label for o in s.decision().options] == ["draw 2 cards", "gain 1 Wild token; gain 1 Move token"]
    s.apply("option:1")
    assert s.tokens[0:4] == [1, 0, 0, 1] and s.hand[0] == []


@pytest.mark.rule("MU-17")
def test_amount_per_hero_here():
    # Storm stands with Logan: "draw 1 per hero here" draws 2
    s = played([{"verb": "draw", "per": "heroes_here"}], logan=3, storm=3)
    resolve_effect(s)
    assert len(s.hand[0]) == 2


@pytest.mark.rule("MU-17")
def test_amount_per_threat_cleared():
    s = played([{"verb": "gain_token", "symbol": "heroic", "per": "threats_cleared"}],
               locations=ring(threats=[None, None, "data-analyzer-a", None, "mutant-detection-a",
                                       "mutant-detection-b"]))
    resolve_effect(s)
    assert s.tokens[2] == 3


@pytest.mark.rule("MU-17")
def test_draw_until_you_hold_n():
    s = played([{"verb": "draw_until", "amount": 3}])
    resolve_effect(s)
    assert len(s.hand[0]) == 3


# ----- acting on other heroes ---------------------------------------------------------------
@pytest.mark.rule("MU-17")
def test_give_a_token_to_another_hero():
    s = played([{"verb": "give_token", "symbol": "attack", "amount": 2}],
               logan_extra={"tokens": {"attack": 3}})
    resolve_effect(s)  # one other hero: Storm gets them at once
    assert s.tokens[1] == 1 and s.tokens[4 + 1] == 2


@pytest.mark.rule("MU-17")
def test_another_hero_gains_a_token():
    s = played([{"verb": "gain_token", "symbol": "move", "who": "another_hero"}])
    resolve_effect(s)
    assert s.tokens[0] == 0 and s.tokens[4] == 1


@pytest.mark.rule("MU-17")
def test_each_other_hero_here_draws():
    s = played([{"verb": "draw", "who": "each_other_hero_here"}], logan=3, storm=3)
    n = len(s.hand[1])
    resolve_effect(s)
    assert len(s.hand[1]) == n + 1 and s.hand[0] == []


@pytest.mark.rule("MU-17")
def test_move_and_bring_the_heroes_here():
    s = played([{"verb": "move", "where": "any", "bring": True}], logan=3, storm=3)
    resolve_effect(s)
    s.apply("to:5")
    assert s.hero_loc == [5, 5]


@pytest.mark.rule("MU-17")
def test_pull_another_hero_to_your_location():
    s = played([{"verb": "move", "who": "another_hero", "where": "your_location"}], logan=1)
    resolve_effect(s)
    assert s.hero_loc == [1, 1]


@pytest.mark.rule("MU-17")
def test_move_another_hero_to_an_adjacent_location():
    s = played([{"verb": "move", "who": "one_hero"}], logan=1)
    resolve_effect(s)
    assert opt_ids(s) == ["hero:0", "hero:1"]
    s.apply("hero:1")
    assert opt_ids(s) == ["to:2", "to:4"]
    s.apply("to:4")
    assert s.hero_loc == [1, 4]


@pytest.mark.rule("MU-17")
def test_another_hero_takes_an_action():
    # Storm, at ring 3, rescues one of its two Civilians on Logan's card
    s = played([{"verb": "take_action", "symbol": "heroic", "who": "another_hero"}],
               locations=ring(threats=[None] * 6))
    resolve_effect(s)
    assert s.civ[3] == 1 and s.civ[0] == 1


# ----- nothing changes for content without the owner's words ---------------------------------
def test_a_step_without_the_owners_words_compiles_as_before():
    s = played([{"verb": "draw", "amount": 2}])
    card = s.T.hero_cards[0][-1]
    assert s.T.card_fx[card] == (("draw", 2, -1, 0, 0),) and not s.T.card_optional[card]
    resolve_effect(s)
    assert len(hand(s, 0)) == 2


@pytest.mark.parametrize(("step", "message"), [
    ({"verb": "draw", "bring": True}, "bring: only a 'move'"),
    ({"verb": "choose_one"}, "options: verb 'choose_one' needs 2 or more"),
    ({"verb": "choose_one", "options": [[{"verb": "draw"}]]}, "needs 2 or more options"),
    ({"verb": "rescue", "where": "any"}, "where: 'any' is not a place for verb 'rescue'"),
    ({"verb": "take_action", "symbol": "move", "where": "adjacent"}, "where: a Move action"),
    ({"verb": "take_action"}, "needs a 'symbol'"),
    ({"verb": "raise_track", "optional": True}, "optional: villain verb 'raise_track'"),
    ({"verb": "rescue", "who": "each_hero"}, "who: verb 'rescue' acts for you only"),
    ({"verb": "move", "per": "heroes_here"}, "per: verb 'move' has no amount"),
    ({"verb": "take_action", "symbol": "heroic", "targets": "one"}, "targets: only for several Attacks"),
    ({"verb": "gain_action", "symbol": "move", "who": "another_hero"}, "who: verb 'gain_action' acts for you only"),
    ({"verb": "choose_one", "options": [[{"verb": "draw"}], [{"verb": "bam"}]]}, "not a hero verb"),
    ({"verb": "convert_symbols", "symbol": "move"}, "to: 'convert_symbols' needs 'to'"),
    ({"verb": "draw", "to": "move"}, "to: only 'convert_symbols'"),
    ({"verb": "draw", "which": "this_card"}, "which: only 'flip_facedown'"),
    ({"verb": "draw", "until": "end_of_turn"}, "until: only a protection lasts"),
])
def test_a_misused_word_is_an_error_naming_the_field(step, message):
    with pytest.raises(ValueError, match=message):
        Effect(**step)


def test_a_pack_error_names_the_file_and_the_place(tmp_path):
    import shutil

    import yaml

    from multiverse.content.loader import default_pack_path, load_content

    dest = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dest)
    f = dest / "heroes" / "logan.yaml"
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    doc["heroes"][0]["cards"][0]["effect"] = [{"verb": "draw", "where": "any"}]
    f.write_text(yaml.safe_dump(doc), encoding="utf-8")
    with pytest.raises(ContentError, match=r"logan\.yaml: heroes\[0\]\.cards\[0\]\.effect\[0\].*where"):
        load_content(dest)


# ----- durations and prevention ------------------------------------------------------------
def _drive_to_turn_of(s: UnitedState, hero: int) -> None:
    """Play on (first option of each decision) until `hero`'s next turn has begun."""
    start = s.turn
    while s.decision() is not None and not (s.turn > start and s.active == hero):
        s.apply(s.decision().options[0].id)


@pytest.mark.rule("MU-21")
def test_ignore_damage_until_your_next_turn():
    s = played([{"verb": "ignore_damage"}], logan_extra={"deck": ["Rusted Claws", "Old Instincts"]})
    resolve_effect(s)
    s.apply("end")
    assert s.protect == [0, -1, 1, 0]
    from multiverse.united.damage import deal_damage

    n = len(s.hand[0])
    deal_damage(s, 0, 3, "a test blast")  # Storm's turn now: Logan ignores it
    assert len(s.hand[0]) == n and s.stack[-1][0] != "wound"
    _drive_to_turn_of(s, 0)
    assert s.protect == []  # it ended as Logan's next turn began


@pytest.mark.rule("MU-21")
def test_prevent_damage_is_used_up():
    s = played([{"verb": "prevent_damage", "amount": 1, "who": "each_hero_here"}], logan=3, storm=3)
    resolve_effect(s)
    assert s.protect == [0, 1, 1, 0, 1, 1, 1, 0]
    from multiverse.united.damage import deal_damage

    deal_damage(s, 1, 2, "a test blast")  # Storm: 1 prevented, 1 damage left
    assert s.stack[-1] == ("wound", 1, 1) and s.protect == [0, 1, 1, 0]


@pytest.mark.rule("MU-21")
def test_a_token_plus_protection_until_the_end_of_this_turn():
    s = played([{"verb": "gain_token", "symbol": "heroic"},
                {"verb": "ignore_damage", "until": "end_of_turn"}])
    resolve_effect(s)
    assert s.tokens[2] == 1 and s.protect == [0, -1, 0, 0]
    s.apply("end")  # the turn ends before the Sentinel activates: the protection with it
    assert s.protect == []


@pytest.mark.rule("MU-21")
def test_protection_while_this_card_is_face_up():
    s = played([{"verb": "ignore_damage", "until": "face_up"}])
    resolve_effect(s)
    card = s.story[-1]
    assert s.protect == [0, -1, 2, card]
    s.story[-1] = ~card  # flipped facedown (DFP-A13): the protection is gone when next asked
    from multiverse.united.damage import deal_damage

    deal_damage(s, 0, 1, "a test blast")  # his hand is empty: the damage knocks him out
    assert s.protect == [] and s.ko[0] == 1


def test_a_protection_round_trips_and_a_game_without_one_keeps_its_json():
    from multiverse.united.dofp.game import from_json, to_json

    s = played([{"verb": "ignore_damage"}])
    assert "protect" not in s.data_dict()
    resolve_effect(s)
    back = from_json(to_json(s))
    assert back == s and back.protect == [0, -1, 1, 0]


def test_face_up_is_for_hero_cards_only(tmp_path):
    from multiverse.content.schema import Location

    with pytest.raises(ValueError, match="until: a Location's effect"):
        Location(id="x", name="X", slots=3, effect=[{"verb": "ignore_damage", "until": "face_up"}])
    with pytest.raises(ValueError, match="until: only a protection lasts"):
        Effect(verb="draw", until="end_of_turn")


# ----- acting on the Villain ---------------------------------------------------------------
def _nimrod_turn_next(effect: list[Step], plan: list[str], **doc: Any) -> UnitedState:
    """Nimrod at ring 0 with Logan; Logan plays the test card, the villain turn follows it
    (`since` reaches 2) with `plan` on top of the Master Plan deck."""
    s = played(effect, phase="nimrod", since=1, master_plan=plan, **doc)
    resolve_effect(s)
    s.apply("end")
    return s


@pytest.mark.rule("MU-11")
def test_cancel_the_next_bam_and_stop_the_villains_move():
    s = _nimrod_turn_next([{"verb": "cancel_bam"}, {"verb": "stop_villain_move"}],
                          ["Adaptive Self-Repair", "Sweep the Avenues"])
    assert s.n_loc == 0  # "move 3" did not happen
    assert s.out == [0, 0] and s.hand[0] == []  # no BAM!: Logan, with no card, was not hit
    assert s.protect == [] and s.T.card_name[s.story[-1]] == "Adaptive Self-Repair"


@pytest.mark.rule("MU-11")
def test_a_stopped_move_without_a_cancelled_bam():
    s = _nimrod_turn_next([{"verb": "stop_villain_move"}], ["Adaptive Self-Repair"])
    assert s.n_loc == 0 and s.out[0] == 1  # Nimrod stayed with Logan, whose last card went


@pytest.mark.rule("MU-12")
def test_ignore_overflow_until_your_next_turn():
    # ring 1 is full: the Master Plan's two Civilians for it do not fit
    s = _nimrod_turn_next([{"verb": "ignore_overflow"}], ["Cold Survey of the Ruins"],
                          locations=ring(p1={"civilians": 3, "thugs": 2}))
    assert s.track == 0 and s.civ[1] == 3  # the tokens are lost; the track does not rise
    assert s.protect == [-4, -1, 1, 0]  # it lasts until Logan's next turn


# ----- this turn's actions modified; area effects -----------------------------------------
@pytest.mark.rule("MU-18")
def test_extra_damage_with_each_attack_this_turn():
    s = played([{"verb": "extra_damage", "amount": 1}], symbols=("attack", "attack"))
    resolve_effect(s)
    s.apply("attack:sentinel:0")
    assert s.s_hp[0] == s.T.sentinel_health - 2  # 1 + 1 more
    s.apply("attack:sentinel:0")  # a 4-Health Sentinel is defeated by the second
    assert s.s_loc[0] == -1
    assert s.protect == []  # it ended with the turn


@pytest.mark.rule("MU-18")
def test_extra_damage_does_not_defeat_a_second_thug():
    s = played([{"verb": "extra_damage", "amount": 2}], symbols=("attack",), logan=1)
    resolve_effect(s)
    s.apply("attack:thug")
    assert s.thug[1] == 1


@pytest.mark.rule("MU-18")
def test_damage_everything_here_heroes_included_and_lose_civilians():
    # ring 4: two Civilians and a Thug; Storm stands there with Logan
    s = played([{"verb": "damage_each_enemy_here", "amount": 2},
                {"verb": "take_damage", "who": "each_other_hero_here"},
                {"verb": "lose_civilians", "amount": 5}],
               logan=4, storm=4, sentinels={"I": {"location": 4}, "II": {"location": 0}},
               locations=ring(threats=[*THREATS[:4], None, THREATS[5]]))  # no damage bonus
    n = len(s.hand[1])
    resolve_effect(s)
    assert s.s_hp[0] == s.T.sentinel_health - 2 and s.s_hp[1] == s.T.sentinel_health
    assert s.thug[4] == 0
    d = s.decision()
    assert d.kind == "wound" and d.seat == s.seat(1)  # Storm's 1 damage, then the Civilians
    s.apply(d.options[0].id)
    assert len(s.hand[1]) == n - 1 and s.civ[4] == 0


@pytest.mark.rule("MU-18")
def test_turn_thugs_into_civilians():
    s = played([{"verb": "thugs_to_civilians", "amount": 1}], logan=1)
    resolve_effect(s)
    assert (s.thug[1], s.civ[1]) == (1, 1)


@pytest.mark.rule("MU-19")
def test_pay_to_clear_the_threat_here():
    s = played([{"verb": "clear_threat", "cost": ["heroic", "heroic"], "optional": True}],
               logan_extra={"tokens": {"heroic": 2}})
    resolve_effect(s)
    s.apply("resolve")
    assert s.threat[0] == -1 and s.tokens[2] == 0


def test_lasting_effects_are_in_every_seats_view():
    from multiverse.united.view import view

    s = played([{"verb": "prevent_damage", "amount": 2}, {"verb": "cancel_bam", "until": "face_up"}])
    assert "protections" not in view(s, 1)
    resolve_effect(s)
    assert view(s, 1)["protections"] == [
        {"effect": "prevent_damage", "hero": 0, "amount": 2, "until": "your_next_turn", "owner": 0,
         "text": "Logan: prevent 2 damage, until Logan's next turn"},
        {"effect": "cancel_bam", "hero": None, "amount": 1, "until": "face_up", "card": s.story[-1],
         "text": "Logan: cancel 1 BAM!, while Owner's Card is face up"},
    ]


# ----- the Villain's Master Plan and move ----------------------------------------------------
@pytest.mark.rule("MU-10")
def test_delay_the_top_master_plan_card():
    plan = ["Sweep the Avenues", "Escalation Cascade", "Cold Survey of the Ruins"]
    s = played([{"verb": "delay_master_plan"}], phase="nimrod", master_plan=plan)
    resolve_effect(s)
    assert [s.T.card_name[c] for c in reversed(s.mp_deck)] == [*plan[1:], plan[0]]


@pytest.mark.rule("MU-11")
def test_blank_the_next_master_plan_effect():
    # Escalation Cascade: track +2, then BAM! — both in its effect, both ignored
    s = _nimrod_turn_next([{"verb": "blank_master_plan"}], ["Escalation Cascade"])
    assert s.track == 0 and s.out == [0, 0] and s.protect == []


@pytest.mark.rule("MU-13")
def test_move_the_villain_to_an_adjacent_location():
    s = played([{"verb": "move_villain"}], phase="nimrod")
    resolve_effect(s)
    assert opt_ids(s) == ["to:5", "to:1"]
    s.apply("to:1")
    assert s.n_loc == 1


def test_move_the_villain_does_nothing_while_the_sentinels_are_fought():
    s = played([{"verb": "move_villain"}])
    resolve_effect(s)
    assert s.decision().kind == "resolve_actions" and s.n_loc == -1


# ----- this turn's symbols and the Storyline ------------------------------------------------
@pytest.mark.rule("MU-17")
def test_symbols_count_as_another_kind():
    s = played([{"verb": "convert_symbols", "symbol": "move", "to": "attack"}], symbols=("move", "move"))
    resolve_effect(s)
    assert s.pool == [0, 2, 0, 0]


@pytest.mark.rule("MU-17")
def test_double_the_symbols():
    s = played([{"verb": "double_symbols", "symbol": "attack"}], symbols=("attack", "move"))
    resolve_effect(s)
    assert s.pool == [1, 2, 0, 0]


@pytest.mark.rule("MU-17")
def test_flip_the_previous_hero_card_facedown():
    s = played([{"verb": "flip_facedown"}], storyline=[{"hero": "storm", "card": "Gale Force"}])
    prev = s.story[0]
    assert s.pool == [1, 1, 0, 0]  # this turn already has its symbols
    resolve_effect(s)
    assert s.story == [~prev, s.story[1]] and s.story[1] >= 0


@pytest.mark.rule("MU-17")
def test_flip_this_card_facedown():
    s = played([{"verb": "flip_facedown", "which": "this_card"}])
    resolve_effect(s)
    assert s.story[-1] < 0


# ----- tokens between Locations -------------------------------------------------------------
@pytest.mark.rule("MU-2")
def test_move_civilians_to_an_adjacent_location():
    # ring 4 holds 2 Civilians and a Thug; ring 5 (3 slots) holds a Thug: 2 free slots
    s = played([{"verb": "move_tokens", "tokens": "CCC"}], logan=4)
    resolve_effect(s)
    assert opt_ids(s) == ["to:3", "to:5"]
    s.apply("to:5")
    assert (s.civ[4], s.thug[4], s.civ[5], s.thug[5]) == (0, 1, 2, 1)


@pytest.mark.rule("MU-2")
def test_moved_tokens_stop_at_the_free_slots():
    s = played([{"verb": "move_tokens", "tokens": "CT", "where": "any"}], logan=4,
               locations=ring(p5={"civilians": 2, "thugs": 0}))
    resolve_effect(s)
    s.apply("to:5")  # one free slot: the Civilian goes, the Thug stays
    assert (s.civ[4], s.thug[4], s.civ[5], s.thug[5]) == (1, 1, 3, 0)


@pytest.mark.rule("MU-17")
def test_copy_the_previous_hero_cards_effect():
    # Storm's Thunderclap (the previous Hero card): its Special Effect resolves for Logan
    # (defeat 1 Thug): Logan, at ring 1 with two Thugs, defeats one
    s = played([{"verb": "copy_effect"}], storyline=[{"hero": "storm", "card": "Thunderclap"}],
               logan=1)
    resolve_effect(s)
    assert s.thug[1] == 1


def test_a_copied_copy_copies_nothing_more():
    card = {"name": "Echo", "effect": [{"verb": "copy_effect"}, {"verb": "draw"}]}
    s = played([{"verb": "copy_effect"}], storyline=[{"hero": "logan", "card": "Echo"}],
               more_cards=[card])
    resolve_effect(s)
    assert len(s.hand[0]) == 1  # Echo's draw, not its copy


@pytest.mark.rule("MU-11")
def test_a_stopped_move_waits_for_a_move_that_would_happen():
    # Cold Survey of the Ruins moves 0: the stop is kept for the next real move
    s = _nimrod_turn_next([{"verb": "stop_villain_move", "until": "face_up"}],
                          ["Cold Survey of the Ruins", "Sweep the Avenues"])
    assert s.n_loc == 0 and s.protect[0] == -3


@pytest.mark.rule("MU-11")
def test_a_blank_waits_for_a_master_plan_card_with_an_effect():
    s = _nimrod_turn_next([{"verb": "blank_master_plan"}], ["Sweep the Avenues"])
    assert s.protect[0] == -6  # Sweep the Avenues has no effect to ignore
