"""Lasting text and the next Villain turn (united/lasting.py, united/vocab/lasting.py): each
word played on a small original card with an exact outcome, its misuse, its words, its view
and its round trip."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from mu_support import opt_ids, position, wound
from test_mu_owner_effects import played, resolve_effect

from multiverse import ContentError
from multiverse.content.schema import Effect, HeroCard, Hook, Location
from multiverse.united.cardtext import verb_text
from multiverse.united.dofp.game import from_json, to_json
from multiverse.united.invariants import check_invariants
from multiverse.united.lasting import (
    FROM_SOURCE,
    STUN_SENTINEL,
    STUNNED,
    VILLAIN_TURN,
    VT_GUARD,
    also_from,
    source_kind,
)
from multiverse.united.protection import FACE_UP
from multiverse.united.state import UnitedState
from multiverse.united.tables import HEROIC, compile_effects
from multiverse.united.view import view

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "standard"))
import standard_kit as std

Step = dict[str, Any]


def answer_until(s: UnitedState, kind: str | None = None, limit: int = 40) -> None:
    """Answer plainly (end actions, skip a Location effect, else the first option) until a
    decision of `kind` is pending (None: until the active hero's next card to play)."""
    for _ in range(limit):
        d = s.decision()
        if d is None or d.kind == kind or (kind is None and d.kind == "play_card"):
            return
        ids = opt_ids(s)
        s.apply(next((x for x in ("end", "skip", "alone") if x in ids), ids[0]))
    raise AssertionError("no such decision")


def _board_text(s: UnitedState) -> str:
    import io

    from rich.console import Console

    from multiverse.united.render import render_board

    console = Console(width=200, record=True, file=io.StringIO())
    console.print(render_board(s, 0))
    return console.export_text()


def round_trip(s: UnitedState) -> None:
    back = from_json(json.loads(json.dumps(to_json(s))))
    assert back == s and back.state_hash() == s.state_hash() and back.protect == s.protect


# ----- 1. your actions while the card is face up --------------------------------------------
@pytest.mark.rule("MU-17", "MU-18")
def test_attack_symbols_also_count_as_heroic_while_face_up():
    # Logan at ring 0 (1 Civilian) plays Attack + "your Attack symbols also count as Heroic"
    s = played([{"verb": "symbols_also_count", "symbol": "attack", "to": "heroic", "until": "face_up"}],
               symbols=("attack",))
    assert "rescue" not in opt_ids(s)
    resolve_effect(s)
    ids = opt_ids(s)
    assert "rescue" in ids and "attack:sentinel:0" in ids
    rescue = next(o for o in s.decision().options if o.id == "rescue")
    assert "Attack symbol" in rescue.label
    s.apply("rescue")
    assert s.civ[0] == 0 and s.pool == [0, 0, 0, 0]
    p = view(s, 0)["protections"]
    assert [(e["effect"], e["until"], e["hero"]) for e in p] == [("symbols_also_count", "face_up", 0)]
    assert p[0]["text"] == "Logan: Attack symbols also count as Heroic, while Owner's Card is face up"
    round_trip(s)
    check_invariants(s)


@pytest.mark.rule("MU-17", "DFP-A13")
def test_a_flipped_card_stops_its_lasting_text_and_only_the_owner_has_it():
    s = played([{"verb": "symbols_also_count", "symbol": "attack", "to": "heroic", "until": "face_up"},
                {"verb": "flip_facedown", "which": "this_card"}], symbols=("attack", "attack"))
    resolve_effect(s)
    assert s.story[-1] < 0 and "rescue" not in opt_ids(s)  # facedown: no longer in force
    s2 = played([{"verb": "symbols_also_count", "symbol": "attack", "to": "heroic", "until": "face_up"}],
                symbols=("attack",))
    resolve_effect(s2)
    assert also_from(s2, 0, HEROIC) == 1 and also_from(s2, 1, HEROIC) == -1  # Storm: not hers


@pytest.mark.rule("MU-18")
def test_move_reaches_two_locations_per_move():
    s = played([{"verb": "move_reach", "amount": 1, "until": "face_up"}], symbols=("move",))
    assert sorted(i for i in opt_ids(s) if i.startswith("move:")) == ["move:1", "move:5"]
    resolve_effect(s)
    assert [i for i in opt_ids(s) if i.startswith("move:")] == ["move:5", "move:1", "move:4", "move:2"]
    s.apply("move:4")
    assert s.hero_loc[0] == 4 and s.pool[0] == 0


@pytest.mark.rule("MU-18")
def test_a_move_may_bring_one_hero_along():
    s = played([{"verb": "move_with_hero", "until": "face_up"}], symbols=("move",), storm=0)
    resolve_effect(s)
    s.apply("move:1")
    assert s.decision().kind == "bring_along" and opt_ids(s) == ["hero:1", "alone"]
    s.apply("hero:1")
    assert s.hero_loc == [1, 1]
    # alone: Storm stays
    s = played([{"verb": "move_with_hero", "until": "face_up"}], symbols=("move",), storm=0)
    resolve_effect(s)
    s.apply("move:5")
    s.apply("alone")
    assert s.hero_loc == [5, 0]


@pytest.mark.rule("MU-18", "MU-19")
def test_heroic_actions_in_an_adjacent_location():
    # Logan at ring 4 (Internment Yard, 2 Civilians start: C C T); next door ring 3 has 2
    # Civilians and ring 5 the Collapsed Bridge; a Heroic fill on ring 3's Threat
    s = played([{"verb": "heroic_range", "until": "face_up"}], symbols=("heroic", "heroic"), logan=4)
    resolve_effect(s)
    ids = opt_ids(s)
    assert {"rescue", "rescue:3", "fill:heroic:3"} <= set(ids) and "rescue:4" not in ids
    civ3 = s.civ[3]
    s.apply("rescue:3")
    assert s.civ[3] == civ3 - 1 and s.hero_loc[0] == 4 and s.pool[2] == 1
    need = s.need[3 * 3 + 2]
    s.apply("fill:heroic:3")
    assert s.need[3 * 3 + 2] == need - 1 and s.pool == [0, 0, 0, 0]
    assert view(s, 0)["protections"][0]["text"] == (
        "Logan: Heroic actions reach the adjacent Locations, while Owner's Card is face up")


@pytest.mark.rule("MU-16")
def test_draw_one_more_card_at_the_start_of_your_turn_is_a_face_up_hook():
    card = {"name": "Early Riser", "face_up": [{"when": "turn_starts", "steps": [{"verb": "draw"}]}]}
    s = position(heroes=[{"id": "logan", "location": 0, "hand": []}, {"id": "storm", "location": 3}],
                 cards={"logan": [card]}, storyline=[{"hero": "logan", "card": "Early Riser"}],
                 turn={"hero": "logan"}, step="turn_start")
    assert len(s.hand[0]) == 2  # 1 from the card, 1 for the turn


# ----- 2. ignore 1 damage in each Villain turn ----------------------------------------------
def _nimrod(effect: list[Step], mp: list[str], logan_at: int = 1, nimrod_at: int = 1,
            hand: tuple[str, ...] = ("Rusted Claws", "Old Instincts")) -> UnitedState:
    card = {"name": "Owner's Card", "symbols": ["move"], "effect": effect}
    heroes = [{"id": "logan", "location": logan_at, "hand": ["Owner's Card", *hand]},
              {"id": "storm", "location": 4, "hand": ["Gale Force"]}]
    return position(heroes=heroes, phase="nimrod", nimrod={"location": nimrod_at, "health": 8},
                    since=1, master_plan=mp, step="play", turn={"hero": "logan"},
                    cards={"logan": [card]})


def _play_owner_card(s: UnitedState) -> None:
    s.apply(next(o.id for o in s.decision().options if s.T.card_name[o.data["card"]] == "Owner's Card"))
    if "effect" in opt_ids(s):  # (an effect alone resolves by itself)
        s.apply("effect")


@pytest.mark.rule("MU-21", "MU-11")
def test_the_first_damage_of_each_villain_turn_is_prevented():
    # Escalation Cascade: Nimrod stays, raises the track by 2 and BAM!s: 1 damage to Logan
    # (no band bonus at track 2), which the guard prevents
    s = _nimrod([{"verb": "prevent_damage_each_villain_turn", "until": "face_up"}],
                ["Escalation Cascade", "Escalation Cascade"])
    _play_owner_card(s)
    assert [s.protect[i: i + 4] for i in range(0, len(s.protect), 4)] == [[VT_GUARD, 100, FACE_UP, s.story[-1]]]
    hand = sorted(s.hand[0])
    answer_until(s)  # skip the foundry; Nimrod's turn; Storm's turn begins
    assert s.active == 1 and sorted(s.hand[0]) == hand and s.track == 2
    assert any(e.kind == "damage_prevented" for e in s.log)
    assert s.protect[1] == 100  # emptied as the Villain turn ended


@pytest.mark.rule("MU-21", "DFP-A12")
def test_the_villain_turn_guard_does_nothing_outside_a_villain_turn():
    # a Sentinel activation is no Villain turn: its damage is taken in full
    # (a hero's turn, as a Sentinel activation, is no Villain turn: the guard is empty)
    s = played([{"verb": "prevent_damage_each_villain_turn", "until": "face_up"},
                {"verb": "take_damage", "amount": 1}],
               logan_extra={"hand": ["Owner's Card", "Rusted Claws", "Old Instincts"]})
    _play_owner_card(s)
    assert s.protect[:2] == [VT_GUARD, 100]  # (left 0: no Villain turn now)
    assert s.decision().kind == "wound"
    wound(s, "Old Instincts")
    assert [s.T.card_name[c] for c in s.hand[0]] == ["Rusted Claws"]


# ----- 3. protection from one kind of damage source -----------------------------------------
def _std(effect: list[Step], mp: str, villain_at: int = 0, threat: str | None = "riot-enforcers",
         hand: tuple[str, ...] = ("Slow Mend", "Rusted Claws")) -> UnitedState:
    card = {"name": "Owner's Card", "symbols": ["move"], "effect": effect}
    heroes = [std.hero("logan", 0, ["Owner's Card", *hand]), std.hero("kitty-pryde", 3, ["Phased Jab"]),
              std.hero("storm", 3, ["Gale Force", "Hailstorm"])]
    locs = std.ring(p0={"threat": threat}) if threat else std.ring()
    return std.load(None, heroes=heroes, cards={"logan": [card]}, step="play",
                    turn={"hero": "logan"}, since=2, master_plan=[mp], locations=locs,
                    villain={"location": villain_at})


@pytest.mark.rule("MU-21", "MU-11")
def test_ignore_damage_from_the_villains_bam_only_until_the_villain_turn_ends():
    # Show Trial: no move, BAM!: the Magistrate's 2 damage is ignored; the Riot Enforcer
    # Captain's BAM! (1 damage, a Henchman) is taken
    s = _std([{"verb": "ignore_damage", "damage_from": "bam", "until": "villain_turn"}], "Show Trial")
    _play_owner_card(s)
    kd = FROM_SOURCE - 1
    assert s.protect == [kd, 99, VILLAIN_TURN, 0]
    assert view(s, 0)["protections"][0]["text"] == ("Logan: ignores damage from the Villain's "
                                                     "BAM!, until the end of the next Villain turn")
    answer_until(s, "wound")
    assert s.decision().seat == s.seat(0)
    std.wound(s, "Slow Mend")
    answer_until(s)
    dmg = [(e.data["source"], e.data["amount"]) for e in s.log if e.kind == "hero_damaged"]
    assert dmg == [("Riot Enforcers", 1)]
    assert s.protect == []  # it lasted until the end of the Villain turn
    assert len(s.hand[0]) == 1


@pytest.mark.rule("MU-21")
def test_prevent_damage_from_henchmen_and_the_kinds_of_source():
    s = _std([{"verb": "prevent_damage", "amount": 1, "damage_from": "henchman"}], "Show Trial",
             hand=("Slow Mend", "Rusted Claws", "Old Instincts"))
    _play_owner_card(s)
    assert source_kind(s, "Riot Enforcers", 0) == "henchman"
    assert source_kind(s, "The Magistrate's BAM!", -1) == ("bam" if s.T.villain_name == "The Magistrate"
                                                          else "villain")
    assert source_kind(s, s.loc_name(1), 1) == "location"
    answer_until(s, "wound")  # the Magistrate's 2 damage: 2 cards
    std.wound(s, "Slow Mend")
    answer_until(s)
    dmg = [(e.data["source"], e.data["amount"]) for e in s.log if e.kind == "hero_damaged"]
    assert dmg == [(f"{s.T.villain_name}'s BAM!", 2)]  # the Henchman's 1 is prevented
    assert s.protect == []  # used up


# ----- 4. damage_taken: replace damage, flip when used, keep the last card -------------------
def _ward(hook: dict[str, Any], effect: list[Step], hand: tuple[str, ...] = ("Rusted Claws",)) -> UnitedState:
    ward = {"name": "Ward", "face_up": [hook]}
    card = {"name": "Owner's Card", "symbols": [], "effect": effect}
    return position(heroes=[{"id": "logan", "location": 0, "hand": ["Owner's Card", *hand]},
                            {"id": "storm", "location": 3}],
                    cards={"logan": [ward, card]}, storyline=[{"hero": "logan", "card": "Ward"}],
                    step="play", turn={"hero": "logan"})


@pytest.mark.rule("MU-21")
def test_each_damage_you_would_take_becomes_a_token_instead():
    hook = {"when": "damage_taken", "instead": True, "steps": [{"verb": "gain_token", "symbol": "heroic"}]}
    s = _ward(hook, [{"verb": "take_damage", "amount": 2}, {"verb": "take_damage", "amount": 1}])
    _play_owner_card(s)
    assert s.tokens[0:4] == [0, 0, 2, 0] and len(s.hand[0]) == 1
    assert not any(e.kind == "hero_damaged" for e in s.log)


@pytest.mark.rule("MU-21", "DFP-A13")
def test_a_protection_that_flips_its_card_protects_once():
    hook = {"when": "damage_taken", "instead": True, "flip_card": True,
            "steps": [{"verb": "draw"}]}
    s = _ward(hook, [{"verb": "take_damage", "amount": 2}, {"verb": "take_damage", "amount": 1}],
              hand=("Rusted Claws", "Old Instincts"))
    ward = s.T.card_name.index("Ward")
    _play_owner_card(s)  # the first damage is replaced (draw 1) and Ward flips; then 1 damage
    assert ~ward in s.story and ward not in s.story
    assert s.decision().kind == "wound" and len(s.hand[0]) == 3
    dmg = [e.data["amount"] for e in s.log if e.kind == "hero_damaged"]
    assert dmg == [1]


@pytest.mark.rule("MU-21")
def test_a_damage_taken_hook_without_instead_resolves_after_the_damage():
    hook = {"when": "damage_taken", "steps": [{"verb": "gain_token", "symbol": "move"}]}
    s = _ward(hook, [{"verb": "take_damage", "amount": 1}], hand=("Rusted Claws", "Old Instincts"))
    _play_owner_card(s)
    assert s.decision().kind == "wound" and s.tokens[0:4] == [0, 0, 0, 0]
    wound(s, "Old Instincts")  # the damage is taken, then the token comes
    assert len(s.hand[0]) == 1 and s.tokens[0:4] == [1, 0, 0, 0]


@pytest.mark.rule("MU-21", "MU-22")
def test_damage_cannot_take_your_last_card():
    s = _ward({"when": "ko", "steps": [{"verb": "draw"}]},
              [{"verb": "keep_last_card"}, {"verb": "take_damage", "amount": 3}],
              hand=("Rusted Claws", "Old Instincts"))
    _play_owner_card(s)
    assert s.decision().kind == "wound" and len(opt_ids(s)) == 2  # only 1 of 3 damage is taken
    wound(s, "Old Instincts")
    assert [s.T.card_name[c] for c in s.hand[0]] == ["Rusted Claws"] and s.ko[0] == 0
    # with an empty hand: no KO at all
    s = played([{"verb": "keep_last_card", "until": "end_of_turn"}, {"verb": "take_damage", "amount": 1}])
    resolve_effect(s)
    assert s.ko[0] == 0 and not s.out[0] and any(e.kind == "last_card_kept" for e in s.log)
    p = view(s, 0)["protections"][0]
    assert p["text"] == "Logan: damage cannot take the last card in hand, until the end of this turn"


# ----- 5. the next Villain turn: stun markers ------------------------------------------------
@pytest.mark.rule("MU-11")
def test_a_stunned_villain_does_not_move_and_deals_no_bam():
    # Gavel Falls: move 1, BAM!. The Magistrate (ring 0, no Threat there) is stunned: it
    # stays and its 2 damage to Logan never comes
    s = _std([{"verb": "stun_enemy"}], "Gavel Falls", threat=None)
    _play_owner_card(s)  # the only enemy here: stunned by itself
    assert s.protect == [-220, 0, STUNNED, 0]
    text = view(s, 0)["protections"][0]["text"]
    assert text == (f"{s.T.villain_name} is stunned: does not move and deals no BAM! in the next "
                    "Villain turn (by Logan)")
    assert f"In force: {text}" in _board_text(s)
    hand = sorted(s.hand[0])
    answer_until(s)
    assert s.n_loc == 0 and sorted(s.hand[0]) == hand and s.protect == []
    assert not any(e.kind == "hero_damaged" for e in s.log)


@pytest.mark.rule("MU-11")
def test_a_stunned_henchman_deals_no_bam():
    # the Magistrate at ring 3 (Kitty and Storm there); Riot Enforcers with Logan at ring 0
    s = _std([{"verb": "stun_enemy"}], "Show Trial", villain_at=3)
    _play_owner_card(s)
    assert s.protect == [-221, s.locs[0] * 2, STUNNED, 0]
    answer_until(s, "wound")  # the Magistrate's BAM! in ring 3 hits Kitty and Storm
    answer_until(s)
    hit = {e.data["hero"] for e in s.log if e.kind == "hero_damaged"}
    assert hit == {1, 2} and len(s.hand[0]) == 2 and s.protect == []
    assert any(e.kind == "stunned" for e in s.log)


@pytest.mark.rule("MU-13", "MU-11")
def test_a_stunned_henchmans_location_trigger_does_not_fire(tmp_path):
    # an owner's pack: the Riot Enforcers also raise the track by 1 when the Villain arrives.
    # Gavel Falls moves the Magistrate from ring 5 to ring 0, where Logan stunned the Captain:
    # no trigger, no Henchman BAM!; the Magistrate's own BAM! (2) still hits Logan
    def edit(doc: dict) -> None:
        for th in doc["villains"][0]["threats"]:
            if th["id"] == "riot-enforcers":
                th["on_villain_arrives"] = [{"verb": "raise_track", "amount": 1}]

    pack = std.variant_pack(tmp_path, "villains/magistrate.yaml", edit)
    card = {"name": "Owner's Card", "symbols": ["move"], "effect": [{"verb": "stun_enemy"}]}
    heroes = [std.hero("logan", 0, ["Owner's Card", "Slow Mend", "Rusted Claws", "Old Instincts"]),
              std.hero("kitty-pryde", 3, ["Phased Jab"]), std.hero("storm", 3, ["Gale Force"])]
    s = std.load(None, cfg={"content": pack}, heroes=heroes, cards={"logan": [card]}, step="play",
                 turn={"hero": "logan"}, since=2, master_plan=["Gavel Falls"],
                 locations=std.ring(p0={"threat": "riot-enforcers"}), villain={"location": 5})
    track = s.track
    _play_owner_card(s)
    answer_until(s, "wound")
    answer_until(s)
    assert s.n_loc == 0 and s.track == track
    dmg = [(e.data["source"], e.data["amount"]) for e in s.log if e.kind == "hero_damaged"]
    assert dmg == [(f"{s.T.villain_name}'s BAM!", 2)] and s.protect == []
    assert [e.text for e in s.log if e.kind == "stunned"] == [
        "Riot Enforcer Captain is stunned: no trigger", "Riot Enforcer Captain is stunned: no BAM!"]


@pytest.mark.rule("DFP-A3", "DFP-A12")
def test_a_stunned_sentinel_skips_its_next_activation():
    # Sentinels I and II at ring 0 with Logan; Logan holds Sentinel I's Target token
    s = played([{"verb": "stun_enemy"}], symbols=("attack", "attack"), logan_extra={"target": "I"})
    resolve_effect(s)
    assert s.decision().kind == "stun_enemy" and opt_ids(s) == [f"stun:{STUN_SENTINEL}:0",
                                                                f"stun:{STUN_SENTINEL}:1"]
    s.apply(f"stun:{STUN_SENTINEL}:0")
    assert s.protect == [STUN_SENTINEL, 0, STUNNED, 0]
    hp, track = s.s_hp[:], s.track
    answer_until(s)
    assert s.active == 1 and s.protect == [] and s.s_loc[0] == 0 and s.track == track and s.s_hp == hp
    assert any(e.kind == "stunned" for e in s.log)


# ----- misuse, words, state ------------------------------------------------------------------
@pytest.mark.parametrize(("step", "field"), [
    ({"verb": "draw", "damage_from": "bam"}, "damage_from"),
    ({"verb": "attack_range", "until": "villain_turn"}, "until"),
    ({"verb": "prevent_damage_each_villain_turn"}, "until"),
    ({"verb": "symbols_also_count", "symbol": "attack", "to": "attack"}, "symbol"),
    ({"verb": "symbols_also_count", "symbol": "attack"}, "to"),
    ({"verb": "move_reach", "amount": 0}, "amount"),
    ({"verb": "stun_enemy", "until": "face_up"}, "until"),
    ({"verb": "ignore_damage", "damage_from": "nowhere"}, "damage_from"),
])
def test_misused_words_are_errors_naming_the_field(step, field):
    with pytest.raises(ValueError, match=field):
        Effect.model_validate(step)


def test_misused_hooks_are_errors():
    with pytest.raises(ValueError, match="instead"):
        Hook.model_validate({"when": "turn_ends", "instead": True, "steps": [{"verb": "draw"}]})
    with pytest.raises(ValueError, match="flip_card"):
        Hook.model_validate({"when": "turn_starts", "flip_card": True, "steps": [{"verb": "draw"}]})
    with pytest.raises(ValueError, match="flip_card"):
        Location.model_validate({"id": "x", "name": "X", "hooks": [
            {"when": "damage_taken", "flip_card": True, "steps": [{"verb": "draw"}]}]})
    with pytest.raises(ValueError, match="steps"):
        HeroCard.model_validate({"name": "X", "face_up": [
            {"when": "damage_taken", "steps": [{"verb": "gain_action", "symbol": "move"}]}]})


def test_a_pack_with_a_misused_word_names_the_file_and_place(tmp_path):
    from test_owner_structures import owner_pack

    from multiverse.content.loader import validate_path

    def edit(d: dict) -> None:
        card = d["heroes/logan.yaml"]["heroes"][0]["cards"][0]
        card["effect"] = [{"verb": "draw", "damage_from": "bam"}]

    with pytest.raises(ContentError) as info:
        validate_path(owner_pack(tmp_path, edit))
    (problem,) = info.value.problems
    assert "logan.yaml" in problem and "damage_from" in problem


@pytest.mark.parametrize(("step", "words"), [
    ({"verb": "symbols_also_count", "symbol": "attack", "to": "heroic", "until": "face_up"},
     "your Attack symbols also count as Heroic while this card is face up"),
    ({"verb": "move_reach", "amount": 1}, "each of your Moves goes up to 2 Locations"),
    ({"verb": "move_with_hero", "until": "face_up"},
     "each time you Move, you may bring one hero from your Location along while this card is face up"),
    ({"verb": "prevent_damage_each_villain_turn", "until": "face_up"},
     "prevent the first 1 damage you take in each Villain turn while this card is face up"),
    ({"verb": "ignore_damage", "damage_from": "bam", "until": "villain_turn"},
     "ignore all damage from the Villain's BAM! until the end of the next Villain turn"),
    ({"verb": "prevent_damage", "amount": 2, "damage_from": "sentinel"},
     "prevent 2 damage from Sentinels"),
    ({"verb": "keep_last_card", "until": "face_up"},
     "damage cannot take your last card (you are not KO'd by it) while this card is face up"),
    ({"verb": "heroic_range", "until": "face_up"},
     "you may take your Heroic actions in an adjacent Location while this card is face up"),
    ({"verb": "stun_enemy"},
     "stun an enemy in your Location: it does nothing in the next Villain turn (a Sentinel: in its next activation)"),
])
def test_card_text_reads_the_words(step, words):
    (fx,) = compile_effects([Effect.model_validate(step)])
    assert verb_text(fx) == words


def test_records_round_trip_and_hold_the_invariants():
    s = played([{"verb": "symbols_also_count", "symbol": "move", "to": "attack", "until": "face_up"},
                {"verb": "move_reach", "amount": 2, "until": "face_up"},
                {"verb": "keep_last_card", "until": "villain_turn"},
                {"verb": "prevent_damage", "amount": 2, "damage_from": "sentinel"},
                {"verb": "stun_enemy"}, {"verb": "cancel_bam", "until": "villain_turn"}])
    resolve_effect(s)
    s.apply(f"stun:{STUN_SENTINEL}:1")
    assert len(s.protect) == 24
    check_invariants(s)
    round_trip(s)
    seen = view(s, 1)["protections"]
    assert [e["effect"] for e in seen] == ["symbols_also_count", "move_reach", "keep_last_card",
                                           "prevent_damage", "stun_enemy", "cancel_bam"]
    assert [e["text"] for e in seen] == [
        "Logan: Move symbols also count as Attack, while Owner's Card is face up",
        "Logan: each Move goes up to 3 Locations, while Owner's Card is face up",
        "Logan: damage cannot take the last card in hand, until the end of the next Villain turn",
        "Logan: prevents the next 2 damage from Sentinels, until Logan's next turn",
        "Sentinel II is stunned: does none of its tasks in its next activation (by Logan)",
        "Logan: cancel 1 BAM!, until the end of the next Villain turn",
    ]


def test_the_cookbook_examples_validate():
    import re

    import yaml

    doc = (Path(__file__).resolve().parents[3] / "docs" / "content.md").read_text(encoding="utf-8")
    section = doc.split("#### Lasting text and the next Villain turn", 1)[1].split("\n#### ", 1)[0]
    blocks = re.findall(r"```yaml\n(.*?)```", section, re.S)
    assert len(blocks) == 4
    for block in blocks:
        for card in yaml.safe_load(block):
            HeroCard.model_validate(card)
    for name in re.findall(r"`(test_[a-z_]+)`", section):
        assert name in globals() or name.startswith("test_vigil") or name.startswith("test_thirty"), name
