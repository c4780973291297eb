"""The counts group (issue 20): counts of this turn and of a team, conditions on a step,
costs in cards and in tokens only, bonuses against one kind of enemy, damage turned into
tokens and token transfers (united/vocab/terms.py, united/conditions.py), each played on a
small original card, and Ledger Voss (original) in whole games.

The positions are those of `test_mu_owner_effects.played`: Logan plays the test card
*Owner's Card* at ring `logan` (Sentinels I and II at ring 0), Storm stands at ring `storm`.
Ring: 0 burned-mansion (C), 1 sentinel-foundry (TT), 2 flooded-tunnels, 3 resistance-camp
(CC), 4 internment-yard (CCT), 5 collapsed-bridge (T), a Threat on each.
"""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from mu_support import opt_ids, play, play_out, ring
from test_mu_owner_effects import played, resolve_effect
from test_owner_structures import owner_pack

from multiverse import ContentError, load_position
from multiverse.content.loader import load_content
from multiverse.content.schema import Effect, HeroCard, Location
from multiverse.engine.errors import SaveError
from multiverse.united.cardtext import card_texts, verb_text
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import from_json, new_game, to_json
from multiverse.united.invariants import check_invariants
from multiverse.united.state import UnitedState
from multiverse.united.tables import compile_effects
from multiverse.united.view import view

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "standard"))
import standard_kit as std

MAY = {"optional": True}


def text_of(step: dict[str, Any]) -> str:
    return verb_text(compile_effects([Effect.model_validate(step)])[0])


# ----- counts -------------------------------------------------------------------------------------
@pytest.mark.rule("MU-18", "MU-17")
def test_draw_for_each_civilian_rescued_this_turn():
    s = played([{"verb": "draw", "per": "civilians_rescued_this_turn"}],
               symbols=("heroic", "heroic", "move"), logan=4)
    top = s.deck[0][-2:]
    s.apply("rescue")
    s.apply("rescue")
    assert s.civ[4] == 0 and s.now == [2, 0, 0, 2]
    resolve_effect(s)
    assert sorted(s.hand[0]) == sorted(top)


@pytest.mark.rule("MU-18", "MU-17")
def test_gain_tokens_for_each_thug_defeated_this_turn():
    s = played([{"verb": "gain_token", "symbol": "move", "per": "thugs_defeated_this_turn"}],
               symbols=("attack", "attack", "move"), logan=1)
    s.apply("attack:thug")
    s.apply("attack:thug")
    resolve_effect(s)
    assert s.thug[1] == 0 and s.tokens[0:4] == [2, 0, 0, 0]


@pytest.mark.rule("MU-18", "MU-17")
def test_each_action_taken_this_turn_counts_granted_ones_too():
    s = played([{"verb": "take_action", "symbol": "move"},
                {"verb": "gain_token", "symbol": "wild", "per": "actions_this_turn"}],
               symbols=("move",), logan=3)
    s.apply("move:2")  # the card's Move: 1 action; the effect is all that is left (resolves)
    s.apply(next(i for i in opt_ids(s) if i.startswith("move")))  # the granted Move: 2
    assert s.now[3] == 2 and s.tokens[3] == 2


@pytest.mark.rule("MU-17")
def test_count_the_face_up_cards_of_a_team_in_the_storyline():
    # Storm's Eye of the Storm (X-Men, face up) counts; Logan's facedown card does not; the
    # card just played (Logan is X-Men) does
    s = played([{"verb": "draw", "per": "team_cards_face_up", "keyword": "X-Men"}],
               storyline=[{"hero": "storm", "card": "Eye of the Storm"},
                          {"hero": "logan", "card": "Berserker Lunge", "facedown": True}])
    top = s.deck[0][-2:]
    resolve_effect(s)
    assert sorted(s.hand[0]) == sorted(top)


@pytest.mark.rule("MU-16")
def test_this_turns_tally_starts_again_each_hero_turn_and_is_saved():
    s = played([{"verb": "draw"}], symbols=("heroic", "move"), logan=4)
    s.apply("rescue")
    assert s.now == [1, 0, 0, 1]
    back = from_json(to_json(s))
    assert back.now == [1, 0, 0, 1] and back.key() == s.key()
    fresh = played([{"verb": "draw"}], symbols=("heroic", "move"), logan=4)
    assert "now" not in fresh.data_dict() and fresh.now == [0, 0, 0, 0]
    resolve_effect(s)
    s.apply("end")  # (the Location effect and the rest of the turn go on)
    while (d := s.decision()) is not None and d.kind != "play_card":
        s.apply(d.options[0].id)
    assert s.now == [0, 0, 0, 0]  # Storm's turn began


# ----- conditions --------------------------------------------------------------------------------
@pytest.mark.rule("MU-17")
@pytest.mark.parametrize(("storm", "drawn"), [(0, 1), (3, 0)])
def test_if_a_named_hero_is_here(storm, drawn):
    s = played([{"verb": "draw", "if": {"hero_here": "storm"}}], storm=storm)
    resolve_effect(s)
    assert len(s.hand[0]) == drawn


@pytest.mark.rule("MU-17")
@pytest.mark.parametrize(("hero", "tokens"), [("storm", 1), ("bishop", 0)])
def test_if_a_named_hero_is_in_the_game(hero, tokens):
    s = played([{"verb": "gain_token", "symbol": "wild", "if": {"hero_in_game": hero}}])
    resolve_effect(s)
    assert s.tokens[3] == tokens


@pytest.mark.rule("MU-17")
@pytest.mark.parametrize(("facedown", "drawn"), [(False, 1), (True, 0)])
def test_if_a_card_is_face_up_in_the_storyline(facedown, drawn):
    s = played([{"verb": "draw", "if": {"card_face_up": "Eye of the Storm"}}],
               storyline=[{"hero": "storm", "card": "Eye of the Storm", "facedown": facedown}])
    resolve_effect(s)
    assert len(s.hand[0]) == drawn


@pytest.mark.rule("MU-19")
@pytest.mark.parametrize(("first", "tokens"), [([{"verb": "clear_threat"}], 1), ([], 0)])
def test_if_a_threat_was_cleared_this_turn(first, tokens):
    s = played([*first, {"verb": "gain_token", "symbol": "wild", "if": {"threat_cleared_this_turn": True}}])
    resolve_effect(s)
    assert s.tokens[3] == tokens and s.now[2] == len(first)


@pytest.mark.rule("MU-17")
@pytest.mark.parametrize(("at", "tokens"), [(0, 1), (1, 0)])
def test_if_the_villain_is_here(at, tokens):
    card = {"name": "Owner's Card", "symbols": ["move"],
            "effect": [{"verb": "gain_token", "symbol": "attack", "if": {"villain_here": True}}]}
    s = std.load(None, heroes=[std.hero("logan", at, ["Owner's Card"]), std.hero("storm", 3)],
                 cards={"logan": [card]}, step="play", turn={"hero": "logan"})
    s.apply("effect")
    assert s.n_loc == 0 and s.tokens[1] == tokens


@pytest.mark.rule("MU-17")
@pytest.mark.parametrize(("logan", "offered"), [(2, True), (0, False)])
def test_if_no_civilians_are_left_here_the_step_is_offered(logan, offered):
    s = played([{"verb": "draw", "if": {"no_civilians_here": True}, **MAY}], logan=logan)
    resolve_effect(s)
    d = s.decision()
    assert (d.kind == "may") == offered
    if not offered:
        assert d.kind == "resolve_actions" and "effect" not in opt_ids(s) and s.hand[0] == []


@pytest.mark.rule("MU-17")
@pytest.mark.parametrize(("extra", "drawn"), [(2, 1), (1, 0)])
def test_if_a_count_is_at_least_n(extra, drawn):
    more = [{"name": f"Spare {i}", "symbols": ["move"]} for i in range(extra)]
    s = played([{"verb": "draw", "if": {"count": "cards_in_hand", "at_least": 2}}],
               more_cards=more, logan_extra={"hand": ["Owner's Card", *(c["name"] for c in more)]})
    play(s, "Owner's Card")
    resolve_effect(s)
    assert len(s.hand[0]) == extra + drawn


@pytest.mark.rule("MU-20", "MU-1")
@pytest.mark.parametrize(("storm", "drawn"), [(1, 1), (3, 0), (0, 1)])
def test_a_location_effect_if_exactly_one_other_hero_is_here_or_adjacent(storm, drawn):
    # the Shuttered Counting House (original) at ring 0, uncovered: "if exactly 1 other hero
    # is in or adjacent to your Location, draw 1"
    s = played([], symbols=("move",), storm=storm,
               locations=ring(p0={"id": "counting-house", "threat": None, "thugs": 0, "civilians": 0},
                              p1={"id": "burned-mansion"}))
    s.apply("end")
    assert opt_ids(s) == ["use", "skip"]
    s.apply("use")  # (the Sentinels at ring 0 act next: the draw is read in the narration)
    draws = [e for e in s.log if e.kind == "draw" and e.data["hero"] == 0]
    assert len(draws) == drawn and all(e.data["count"] == 1 for e in draws)
    assert any(e.kind == "condition" for e in s.log) == (not drawn)


# ----- costs -------------------------------------------------------------------------------------
@pytest.mark.rule("MU-17", "MU-21")
def test_discard_a_card_from_your_hand_to_draw_two():
    more = [{"name": "Spare A", "symbols": ["move"]}, {"name": "Spare B", "symbols": ["attack"]}]
    s = played([{"verb": "draw", "amount": 2, "discard_cost": 1, **MAY}], more_cards=more,
               logan_extra={"hand": ["Owner's Card", "Spare A", "Spare B"]})
    top = s.deck[0][-2:]
    play(s, "Owner's Card")
    resolve_effect(s)
    assert s.decision().kind == "may"
    s.apply("resolve")
    d = s.decision()
    assert d.kind == "discard" and len(d.options) == 2  # the player picks which card
    spare_b = next(o.data["card"] for o in d.options if "Spare B" in str(o.label))
    s.apply(f"card:{spare_b}")
    assert s.deck[0][0] == spare_b and spare_b in s.seen
    assert sorted(s.hand[0]) == sorted([*(c for c in s.hand[0] if c not in top), *top])
    assert len(s.hand[0]) == 3 and set(top) <= set(s.hand[0])


@pytest.mark.rule("MU-17")
def test_a_discard_cost_that_cannot_be_paid_is_not_offered():
    s = played([{"verb": "draw", "amount": 2, "discard_cost": 1, **MAY}])
    resolve_effect(s)
    assert s.decision().kind == "resolve_actions" and s.hand[0] == []


@pytest.mark.rule("MU-5", "MU-17")
@pytest.mark.parametrize(("held", "after"), [(1, [0, 0, 0, 1]), (0, [0, 0, 0, 0])])
def test_a_cost_paid_with_action_tokens_only(held, after):
    # the card's Move symbol would pay a `cost`; a `token_cost` leaves it alone
    s = played([{"verb": "gain_token", "symbol": "wild", "token_cost": ["move"]}],
               logan_extra={"tokens": {"move": held}} if held else {})
    resolve_effect(s)
    assert s.pool[0] == 1 and s.tokens[0:4] == after


# ----- bonuses limited to a kind of enemy ---------------------------------------------------------
@pytest.mark.rule("MU-18")
def test_attacks_against_thugs_defeat_one_more_thug():
    s = played([{"verb": "extra_damage_to", "enemy": "thug"}], symbols=("attack",), logan=4,
               locations=ring(p4={"thugs": 3, "civilians": 0}))
    resolve_effect(s)
    assert s.protect == [-301, 1, 0, 0]  # this turn, Logan's
    s.apply("attack:thug")
    assert s.thug[4] == 1


@pytest.mark.rule("MU-18", "MU-19")
def test_attacks_against_henchmen_deal_one_more_damage_and_thugs_none():
    card = {"name": "Owner's Card", "symbols": ["attack", "attack"],
            "effect": [{"verb": "extra_damage_to", "enemy": "henchman"}]}
    s = std.load(None, heroes=[std.hero("logan", 3, ["Owner's Card"]), std.hero("storm", 1)],
                 cards={"logan": [card]}, step="play", turn={"hero": "logan"},
                 locations=std.ring(p3={"threat": "riot-enforcers", "thugs": 2}))
    hp = s.hench[3]
    s.apply("effect")
    s.apply("attack:thug")
    assert s.thug[3] == 1  # a Thug: no bonus
    s.apply("attack:henchman")
    assert s.hench[3] == hp - 2


@pytest.mark.rule("MU-18", "MU-20")
@pytest.mark.parametrize(("threat", "left"), [(None, 0), ("sentinel-production-b", 1)])
def test_a_location_whose_attacks_defeat_one_more_thug_while_uncovered(threat, left):
    s = played([], symbols=("attack",), logan=1,
               locations=ring(p1={"id": "counting-house", "threat": threat, "thugs": 2, "civilians": 0},
                              p0={"id": "sentinel-foundry"}))
    s.apply("attack:thug")
    assert s.thug[1] == left


# ----- damage turned into tokens -----------------------------------------------------------------
@pytest.mark.rule("MU-21", "MU-5")
def test_each_damage_you_would_take_becomes_a_wild_token():
    s = played([{"verb": "damage_to_tokens", "symbol": "wild", "amount": 0},
                {"verb": "take_damage", "amount": 2}])
    resolve_effect(s)
    assert s.tokens[3] == 2 and s.ko[0] == 0 and s.decision().kind == "resolve_actions"
    assert s.protect == [-313, 0, 1, 0]  # still in force until Logan's next turn


@pytest.mark.rule("MU-21", "MU-5")
def test_the_next_damage_becomes_a_token_after_prevention():
    more = [{"name": "Spare A", "symbols": ["move"]}, {"name": "Spare B", "symbols": ["attack"]}]
    s = played([{"verb": "prevent_damage"}, {"verb": "damage_to_tokens", "symbol": "attack"},
                {"verb": "take_damage", "amount": 3}], more_cards=more,
               logan_extra={"hand": ["Owner's Card", "Spare A", "Spare B"]})
    play(s, "Owner's Card")
    resolve_effect(s)
    assert s.tokens[1] == 1 and s.protect == []  # 1 prevented, 1 a token, 1 taken
    assert s.decision().kind == "wound"
    s.apply(s.decision().options[0].id)
    assert len(s.hand[0]) == 1
    assert any(e.kind == "damage_to_tokens" for e in s.log)


# ----- token transfers ---------------------------------------------------------------------------
@pytest.mark.rule("MU-5")
def test_take_a_token_from_another_hero_here():
    s = played([{"verb": "take_token", "amount": 2, "where": "here"}], storm=0,
               storm_extra={"tokens": {"attack": 3, "move": 1}})
    resolve_effect(s)
    assert opt_ids(s) == ["take:1:0", "take:1:1"]
    s.apply("take:1:1")
    assert s.tokens[0:4] == [0, 2, 0, 0] and s.tokens[4:8] == [1, 1, 0, 0]


@pytest.mark.rule("MU-5")
def test_take_a_token_here_finds_no_one_elsewhere():
    s = played([{"verb": "take_token", "where": "here", "symbol": "attack"}], storm=3,
               storm_extra={"tokens": {"attack": 3}})
    resolve_effect(s)
    assert s.decision().kind == "resolve_actions" and s.tokens[4:8] == [0, 3, 0, 0]


@pytest.mark.rule("MU-5")
def test_exchange_a_token_with_another_hero():
    s = played([{"verb": "exchange_token"}], logan_extra={"tokens": {"move": 1, "attack": 1}},
               storm_extra={"tokens": {"wild": 1, "move": 2}})
    resolve_effect(s)
    # a Move for a Move would change nothing: not offered
    assert opt_ids(s) == ["swap:1:0:3", "swap:1:1:0", "swap:1:1:3"]
    s.apply("swap:1:1:3")
    assert s.tokens[0:4] == [1, 0, 0, 1] and s.tokens[4:8] == [2, 1, 0, 0]


@pytest.mark.rule("MU-5")
def test_exchange_resolves_the_only_trade_by_itself():
    s = played([{"verb": "exchange_token"}], logan_extra={"tokens": {"move": 1}},
               storm_extra={"tokens": {"wild": 1}})
    resolve_effect(s)
    assert s.tokens[0:4] == [0, 0, 0, 1] and s.tokens[4:8] == [1, 0, 0, 0]


@pytest.mark.rule("MU-5")
def test_convert_your_tokens_to_another_kind():
    s = played([{"verb": "convert_tokens", "symbol": "move", "into": "attack", "amount": 2}],
               logan_extra={"tokens": {"move": 3}})
    resolve_effect(s)
    assert s.tokens[0:4] == [1, 2, 0, 0]


@pytest.mark.rule("MU-5")
def test_lose_tokens_of_a_kind_or_of_your_choice():
    s = played([{"verb": "lose_token", "symbol": "attack", "amount": 2}, {"verb": "lose_token"}],
               logan_extra={"tokens": {"attack": 1, "move": 1, "wild": 1}})
    resolve_effect(s)
    assert s.tokens[0:4] == [1, 0, 0, 1] and opt_ids(s) == ["lose:0", "lose:3"]
    s.apply("lose:3")
    assert s.tokens[0:4] == [1, 0, 0, 0]


# ----- card text ---------------------------------------------------------------------------------
def test_card_text_reads_the_words():
    assert text_of({"verb": "draw", "amount": 2, "discard_cost": 1, **MAY,
                    "if": {"hero_here": "kitty-pryde"}}) == (
        "if Kitty Pryde is in your Location, you may discard 1 card from your hand to draw 2 cards")
    assert text_of({"verb": "gain_token", "symbol": "wild", "token_cost": ["attack"]}) == (
        "spend 1 Attack token to gain 1 Wild token")
    assert text_of({"verb": "draw", "per": "team_cards_face_up", "keyword": "X-Men"}) == (
        "draw 1 card for each face-up X-Men card in the Storyline")
    assert text_of({"verb": "extra_damage_to", "enemy": "henchman"}) == (
        "each of your Attacks deals 1 more damage to Henchmen this turn")
    assert text_of({"verb": "damage_to_tokens", "symbol": "wild", "amount": 0}) == (
        "gain a Wild token instead of each damage you would take until your next turn")
    assert text_of({"verb": "convert_tokens", "symbol": "move", "into": "heroic"}) == (
        "turn up to 1 Move token of yours into Heroic tokens")
    assert text_of({"verb": "defeat_thugs", "if": {"count": "actions_this_turn", "at_least": 3}}) == (
        "if there are at least 3 actions taken this turn, defeat up to 1 Thug in your Location")
    s = new_game(UnitedConfig(heroes=("ledger-voss", "logan")), seed=0)
    assert card_texts(s.T)["Tollgate Overpass"].endswith(
        "each Attack made here deals 1 more damage to the Villain")


# ----- misuse --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("step", "field"), [
    ({"verb": "draw", "per": "team_cards_face_up"}, "keyword:"),
    ({"verb": "draw", "keyword": "X-Men"}, "keyword:"),
    ({"verb": "draw", "if": {"hero_here": "storm", "villain_here": True}}, "if: a condition names exactly one"),
    ({"verb": "draw", "if": {"count": "cards_in_hand"}}, "at_least:"),
    ({"verb": "draw", "if": {"count": "team_cards_face_up", "at_least": 1}}, "keyword:"),
    ({"verb": "draw", "into": "move"}, "into: only 'convert_tokens'"),
    ({"verb": "convert_tokens", "symbol": "move"}, "into: 'convert_tokens' needs"),
    ({"verb": "convert_tokens", "symbol": "move", "into": "move"}, "into: the tokens become another"),
    ({"verb": "extra_damage_to"}, "enemy: 'extra_damage_to' needs"),
    ({"verb": "draw", "enemy": "thug"}, "enemy: only"),
    ({"verb": "exchange_token", "symbol": "move"}, "symbol: 'exchange_token'"),
    ({"verb": "take_token", "where": "adjacent"}, "where:"),
    ({"verb": "draw", "cost": ["move"], "token_cost": ["move"]}, "token_cost:"),
    ({"verb": "draw", "discard_cost": 0}, "discard_cost"),
    ({"verb": "damage_to_tokens"}, "needs a 'symbol'"),
    ({"verb": "raise_track", "discard_cost": 1}, "discard_cost: villain verb"),
])
def test_misuse_names_the_field(step, field):
    with pytest.raises(ValueError, match=None) as err:
        Effect.model_validate(step)
    assert field in str(err.value)


def test_a_location_bonus_names_its_field():
    with pytest.raises(ValueError) as err:
        Location.model_validate({"id": "x", "name": "X", "attack_bonus": {"enemy": "sentinel"}})
    assert "attack_bonus.enemy" in str(err.value)
    HeroCard.model_validate({"name": "Ok", "effect": [{"verb": "draw", "if": {"other_heroes_near": 0}}]})


def test_a_position_with_the_new_hero_loads():
    s = load_position({"heroes": [{"id": "ledger-voss", "location": 0}, {"id": "logan", "location": 3}]})
    assert s.T.hero_keywords[0] == frozenset({"Vanguard"}) and "X-Men" in s.T.hero_keywords[1]


# ----- Ledger Voss in whole games ---------------------------------------------------------------
class _Random:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, d: Any, s: UnitedState) -> str:
        return self.rng.choice(d.options).id


@pytest.mark.rule("MU-23")
@pytest.mark.parametrize("mode", ["dofp", "standard"])
def test_ledger_voss_plays_thirty_games_to_their_end(mode):
    heroes = ("ledger-voss", "logan", "storm")
    met: set[str] = set()
    for seed in range(30):
        cfg = UnitedConfig(heroes=heroes) if mode == "dofp" else UnitedConfig(mode="standard", heroes=heroes)
        s = new_game(cfg, seed=seed)
        met |= play_out(s, _Random(seed), check_invariants)
        assert s.result is not None
    assert {"may", "discard"} <= met


# ----- the view and the cookbook -----------------------------------------------------------------
def test_the_lasting_records_are_public_in_words():
    s = played([{"verb": "extra_damage_to", "enemy": "thug"},
                {"verb": "damage_to_tokens", "symbol": "wild", "amount": 0}], symbols=("attack", "move"))
    resolve_effect(s)
    texts = [p["text"] for p in view(s, 0)["protections"]]
    assert texts == ["Logan: each Attack deals 1 more damage to Thugs, until the end of this turn",
                     "Logan: each damage taken becomes a Wild token, until Logan's next turn"]


def test_the_cookbook_section_validates():
    doc = (Path(__file__).resolve().parents[3] / "docs" / "content.md").read_text(encoding="utf-8")
    start = doc.index("#### Counts, conditions, costs and token transfers")
    end = doc.find("\n#### ", start + 1)
    section = doc[start:end if end >= 0 else None]
    blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
    assert len(blocks) == 7
    for block in blocks:
        data = yaml.safe_load(block)
        if isinstance(data, list):
            for card in data:
                HeroCard.model_validate(card)
        else:
            for loc in data["locations"]:
                Location.model_validate(loc)


@pytest.mark.rule("MU-17")
def test_a_failed_condition_is_narrated_with_its_cause():
    s = played([{"verb": "draw", "if": {"hero_here": "storm"}}], storm=3)
    resolve_effect(s)
    said = [e.text for e in s.log if e.kind == "condition"]
    assert said == ["Logan: Owner's Card: not so (if Storm is in your Location): draw 1 card "
                    "does not resolve"]


@pytest.mark.rule("MU-17")
@pytest.mark.parametrize(("facedown", "tokens"), [(False, 1), (True, 0)])
def test_if_at_least_two_face_up_cards_of_a_team(facedown, tokens):
    s = played([{"verb": "gain_token", "symbol": "heroic",
                 "if": {"count": "team_cards_face_up", "keyword": "X-Men", "at_least": 2}}],
               storyline=[{"hero": "storm", "card": "Gale Force", "facedown": facedown}])
    resolve_effect(s)
    assert s.tokens[2] == tokens


def test_a_saved_tally_is_checked():
    s = played([{"verb": "draw"}])
    data = s.data_dict()
    data["now"] = [1, -1, 0, 0]
    with pytest.raises(SaveError, match="'now' holds 4 counts"):
        s.load_data(data)


def test_a_condition_on_a_villain_verb_names_the_field():
    with pytest.raises(ValueError, match="if: villain verb 'raise_track'"):
        Effect.model_validate({"verb": "raise_track", "if": {"villain_here": True}})


@pytest.mark.rule("MU-18", "DFP-N2")
def test_attacks_against_the_villain_deal_one_more_damage():
    s = played([{"verb": "extra_damage_to", "enemy": "villain", "amount": 2}],
               symbols=("attack", "attack"), phase="nimrod")
    hp = s.n_hp
    resolve_effect(s)
    s.apply("attack:nimrod")
    assert s.n_hp == hp - 3


def test_a_condition_naming_no_hero_of_the_pack_names_its_file_and_place(tmp_path):
    def hero(d: dict) -> None:
        d["heroes/ledger-voss.yaml"]["heroes"][0]["cards"][8]["effect"][2]["if"] = {"hero_here": "logn"}

    def location(d: dict) -> None:
        d["locations.yaml"]["locations"][0]["effect"] = [{"verb": "draw", "if": {"card_face_up": "Nope"}}]

    for edit, said in ((hero, "heroes/ledger-voss.yaml: heroes[0].cards[8].effect[2].if.hero_here: "
                              "unknown hero 'logn'"),
                       (location, "locations.yaml: locations[0].effect[0].if.card_face_up: unknown "
                                  "Hero card 'Nope'")):
        with pytest.raises(ContentError) as err:
            load_content(owner_pack(tmp_path / edit.__name__, edit))
        assert said in str(err.value)


@pytest.mark.rule("MU-18", "MU-20")
def test_a_location_whose_attacks_deal_one_more_damage_to_the_villain():
    s = played([], symbols=("attack", "move"), phase="nimrod",
               locations=ring(p0={"id": "tollgate-overpass", "threat": None, "thugs": 0, "civilians": 0},
                              p5={"id": "burned-mansion"}))
    hp = s.n_hp
    s.apply("attack:nimrod")
    assert s.n_hp == hp - 2
