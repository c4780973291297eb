"""Watching OblivAeon's game events (issue 19, items 7 and 8): a Shield whose flip condition
is written with the watch words flips in play (damage dealt to OblivAeon this turn, a Mission
completed); a hero entering a zone; a Scion entering play; an Aeon Man's "destroyed by
OblivAeon" text that a hero's destruction does not fire."""

from __future__ import annotations

from pathlib import Path

import pytest

from multiverse.sentinels import damage
from multiverse.sentinels.oblivaeon import world
from multiverse.sentinels.oblivaeon.turns import take_objective
from multiverse.sentinels.state import Z_DECK, Z_PLAY, Z_TRASH
from multiverse.sentinels.turns import play_from_hand
from multiverse.sentinels.zones import move

from .support import cid, counter, env_in, game, hand_card, hero, in_play, pack, run_until

OB = {"group": "villain_character", "zone": "any"}
FLIP_THIS = {"verb": "flip", "target": {"group": "this"}}
TOKEN = {"verb": "add_tokens", "amount": 1}


def shield_doc(*triggers: dict, alpha_cards: list[dict] | None = None) -> dict:
    doc = pack(heroes=[hero("alpha", cards=alpha_cards or [])])
    doc["oblivaeon"]["shields"][0]["triggers"] = list(triggers)
    return doc


@pytest.mark.rule("OBL-SH1")
def test_a_shield_flips_once_oblivaeon_has_been_dealt_10_damage_this_turn(tmp_path: Path) -> None:
    flip_at_10 = {"when": "card_dealt_damage", "watch": OB, "effect": [
        {"verb": "if", "cond": {"test": "damage_taken_this_turn_at_least", "amount": 10, "of": OB},
         "do": [FLIP_THIS]}]}
    barrage = {"name": "Barrage", "kind": "one-shot", "play": [
        {"verb": "damage", "amount": 4, "source": "this_hero", "target": OB} for _ in range(3)]}
    s = game(tmp_path, pack_doc=shield_doc(flip_at_10, alpha_cards=[barrage]))
    sh, ob = s.T.shield_cards["Shield A"], s.T.villain_character
    barrage = hand_card(s, 0, "Barrage")
    s.apply("stay")
    run_until(s, "play_phase")
    s.apply(f"play:{barrage}")
    assert s.hp[ob] == 40 - 12 and s.turn_dmg[ob] == 12 and s.dense_dmg()[ob] == 12
    assert s.zone[sh] == Z_PLAY and s.face[sh] == 1  # flipped at the third hit (12 >= 10)
    assert "Shield A flips! (Shield A Phase 2)" in [e.text for e in s.take_events()]


@pytest.mark.rule("OBL-SH1", "OBL-M2")
def test_a_shield_flips_when_a_mission_is_completed(tmp_path: Path) -> None:
    on_mission = {"when": "mission_completed", "watch": {"group": "any", "zone": "any"},
                  "effect": [FLIP_THIS]}
    s = game(tmp_path, pack_doc=shield_doc(on_mission))
    sh, m = s.T.shield_cards["Shield A"], cid(s, "Mission Alpha")
    move(s, m, Z_DECK, home=s.T.mission)
    take_objective(s, 0)
    s.advance()
    assert s.zone[m] == Z_PLAY and s.face[sh] == 0
    damage.flip_card(s, m, 1)  # the objective is completed
    s._decision = None
    s.advance()
    assert s.face[sh] == 1


@pytest.mark.rule("OBL-B1")
def test_a_card_watches_a_hero_entering_its_zone(tmp_path: Path) -> None:
    beacon = {"name": "Beacon", "kind": "ongoing", "triggers": [
        {"when": "hero_enters_zone", "watch": {"group": "hero_character"}, "effect": [TOKEN]}]}
    doc = pack()
    doc["environments"][1]["cards"].insert(0, beacon)
    s = game(tmp_path, pack_doc=doc)
    b = in_play(s, "Beacon", env_in(s, 1))
    assert s.bz[b] == 1
    world.move_hero(s, 0, 1)  # alpha enters zone 2
    s._decision = None
    s.advance()
    assert s.tok[b] == 1
    world.move_hero(s, 0, 0)  # leaving it is not entering it
    s._decision = None
    s.advance()
    assert s.tok[b] == 1


@pytest.mark.rule("OBL-C5")
def test_a_card_watches_a_scion_entering_play(tmp_path: Path) -> None:
    herald = {"when": "scion_enters_play", "watch": {"group": "any", "zone": "any"},
              "effect": [TOKEN]}
    s = game(tmp_path, pack_doc=shield_doc(herald))
    sh = s.T.shield_cards["Shield A"]
    assert s.tok[sh] == 0  # Scion One brought forth at setup: setup triggers nothing
    sc = world.play_scion(s, 1)
    s._decision = None
    s.advance()
    assert s.T.name[sc] == "Scion Three" and s.tok[sh] == 1  # (Scion Two came at setup)


AEON = {"name": "Aeon Grunt", "kind": "target", "hp": 3, "keywords": ["aeon man", "minion"],
        "copies": 4, "triggers": [{"when": "destroyed", "by": "villain_character", "effect": [
            {"verb": "add_tokens", "counter": "Devastation", "amount": 1}]}]}


@pytest.mark.rule("OBL-C6")
def test_destroyed_by_oblivaeon_fires_and_destroyed_by_a_hero_does_not(tmp_path: Path) -> None:
    smash = {"name": "Smash", "kind": "one-shot", "play": [
        {"verb": "destroy", "target": {"group": "villain", "pick": "each", "keyword": "aeon man",
                                       "targets_only": False}}]}
    doc = pack(heroes=[hero("alpha", cards=[smash])], aeon_men=[AEON])
    s = game(tmp_path, pack_doc=doc)
    men, ob = s.T.named_decks["aeon_men"], s.T.villain_character
    a = in_play(s, "Aeon Grunt", men, s.bz[ob])
    damage.deal_damage(s, ob, a, 5, 0, False)  # OblivAeon's damage destroys it
    s._decision = None
    s.advance()
    assert s.zone[a] == Z_TRASH and counter(s, "Devastation") == 1
    b = in_play(s, "Aeon Grunt", men, 0)
    s.turn = 0
    play_from_hand(s, 0, hand_card(s, 0, "Smash"))  # a hero card destroys it
    s._decision = None
    s.advance()
    assert s.zone[b] == Z_TRASH and counter(s, "Devastation") == 1
