"""The insert's Example 1 (DFP-A14) and Example 2 (DFP-A15), replayed exactly from the
documented positions docs/examples/example1.yaml and example2.yaml (docs/positions.md).

Example 2 needs a card showing Move, Move, Wild that the default pack lacks: its position
defines that card for its own game (`cards`), with the default pack untouched.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from dofp_testkit import act, events, ids, kind, names, wound

from multiverse import load_position
from multiverse.content.loader import default_pack_path, load_content
from multiverse.united.dofp.game import from_json, to_json

DOCS = Path(__file__).resolve().parents[3] / "docs" / "examples"
EXAMPLE1, EXAMPLE2 = DOCS / "example1.yaml", DOCS / "example2.yaml"
STORM, LOGAN, KITTY1 = 0, 1, 2  # Example 1 seats
LOGAN2, STORM2, BLINK2, KITTY = 0, 1, 2, 3  # Example 2 seats


def doc_of(path: Path) -> dict[str, Any]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def symbols(s, card):
    m, a, h, w = s.T.card_sym[card]
    return {"move": m, "attack": a, "heroic": h, "wild": w}


def hits(s) -> list[tuple[int, int, str]]:
    return [(e.data["hero"], e.data["amount"], e.data["source"]) for e in events(s, "hero_damaged")]


# ------------------------------------------------------------------------- Example 1


def check_example1_start(s):
    """Up to the players' choice: the cards, the Move and the Add."""
    a, b = s.story
    assert names(s, s.story) == ["Thunderclap", "Not My First War"]
    # exactly 1 Move, 1 Add (Heroic) and 1 Damage (Attack) on the last 2 Hero cards
    assert symbols(s, a) == {"move": 1, "attack": 0, "heroic": 0, "wild": 0}
    assert symbols(s, b) == {"move": 0, "attack": 1, "heroic": 1, "wild": 0}
    # one of the 2 cards has a Special Effect, but not the last one
    assert s.T.card_fx[a] and not s.T.card_fx[b]
    assert s.target == [0, 1, 2]  # Logan holds the Sentinel II Target token
    # Sentinel II moved 1 Location closer to Logan (from 1 to 2; he stands at 3) …
    assert s.s_loc == [0, 2, 0] and s.hero_loc == [2, 3, 2]
    # … and added 1 Civilian in the Location it ended its movement in
    assert s.civ == [0, 0, 1, 0, 0, 0] and s.thug == [0] * 6
    # a Hero there takes the damage: the players choose (Logan's seat decides)
    d = s.decision()
    assert d.kind == "task_damage" and d.seat == LOGAN
    assert [o.id for o in d.options] == ["hero:0", "hero:2"]
    assert [o.label for o in d.options] == ["Storm", "Kitty Pryde"]
    # no Special Effect on the last card: the track has not moved
    assert s.track == 3


@pytest.mark.rule("DFP-A14")
def test_example1_from_the_file_kitty_takes_the_damage():
    s = load_position(EXAMPLE1)
    check_example1_start(s)
    s.log = []
    act(s, "hero:2")  # the players choose Kitty Pryde
    wound(s, "Hold the Line")  # her choice of card
    # that is all: Logan is not in Sentinel II's Location, so task 6 deals him nothing
    assert hits(s) == [(KITTY1, 1, "Sentinel II")]
    assert s.track == 3 and s.s_hp == [4, 4, 4] and s.s_loc == [0, 2, 0]
    assert s.civ == [0, 0, 1, 0, 0, 0]
    assert names(s, s.hand[LOGAN]) == ["Rusted Claws", "Old Instincts", "Slow Mend"]
    assert names(s, s.deck[KITTY1][:1]) == ["Hold the Line"]
    # then Kitty's turn begins (she draws 1)
    assert (s.active, kind(s), s.round) == (KITTY1, "play_card", 2)
    assert len(s.hand[KITTY1]) == 2 and "Hold the Line" not in names(s, s.hand[KITTY1])
    assert not any(s.ko)
    assert [e.kind for e in events(s, "sentinel_moves", "hero_damaged", "track")] == ["hero_damaged"]


@pytest.mark.rule("DFP-A14")
def test_example1_the_players_may_choose_storm_instead():
    s = load_position(EXAMPLE1)
    s.log = []
    act(s, "hero:0")
    storm_hand = names(s, s.hand[STORM])
    wound(s, storm_hand[0])
    assert hits(s) == [(STORM, 1, "Sentinel II")]
    assert names(s, s.hand[STORM]) == storm_hand[1:]
    assert len(s.hand[LOGAN]) == 3 and s.track == 3
    assert (s.active, kind(s)) == (KITTY1, "play_card")


@pytest.mark.rule("DFP-A14", "DFP-A9")
def test_example1_with_logan_where_the_sentinel_stops_task_6_hits_him_too():
    # the same activation one step closer: Sentinel II reaches Logan's Location, so after the
    # Damage task (players' choice) task 6 deals 1 more damage to Logan, the token holder
    doc = doc_of(EXAMPLE1)
    doc["heroes"][2]["location"] = 3
    doc["sentinels"]["II"] = {"location": 2}
    s = load_position(doc)
    assert s.s_loc == [0, 3, 0] and ids(s) == ["hero:1", "hero:2"]
    s.log = []
    act(s, "hero:2")
    wound(s, "Hold the Line")
    assert kind(s) == "wound" and s.decision().seat == LOGAN
    wound(s, "Old Instincts")
    assert hits(s) == [(KITTY1, 1, "Sentinel II"), (LOGAN, 1, "Sentinel II")]
    assert (s.active, kind(s)) == (KITTY1, "play_card")


@pytest.mark.rule("DFP-A14")
def test_example1_file_and_the_same_mapping_load_the_same_game():
    doc = doc_of(EXAMPLE1)
    assert load_position(EXAMPLE1) == load_position(copy.deepcopy(doc))
    assert (doc["turn"], doc["step"], doc["track"]) == ({"hero": "logan", "round": 2}, "end_of_turn", 3)


# ------------------------------------------------------------------------- Example 2


def check_example2(s):
    assert s.target == [0, 1, 2, -1]  # Kitty Pryde has no Target token
    a, b = s.story
    assert names(s, s.story) == ["Slipstream Portals", "Sink Through the Floor"]
    assert symbols(s, a) == {"move": 2, "attack": 0, "heroic": 0, "wild": 1}
    assert symbols(s, b) == {"move": 0, "attack": 0, "heroic": 0, "wild": 0}
    assert s.T.card_fx[b]  # the last Hero card has a Special Effect
    assert s.threats_tagged("sentinel_production") == 2
    assert (s.s_loc, s.s_hp, s.T.sentinel_health) == ([0, 2, 0], [5, 4, 5], 5)
    assert (len(s.hand[KITTY]), len(s.deck[KITTY])) == (3, 8)
    # she must activate a Sentinel of her choice
    d = s.decision()
    assert d.kind == "choose_sentinel" and d.seat == KITTY
    assert [o.id for o in d.options] == ["sentinel:0", "sentinel:1", "sentinel:2"]
    s.log = []
    act(s, "sentinel:1")
    # Sentinel II moved 1 Location, into Kitty's; the second Move raised the track instead;
    # it recovered only 1 Health (2 offered, 1 suffered); the Special Effect raised the track
    assert s.s_loc == [0, 3, 0] and s.hero_loc[KITTY] == 3
    assert s.s_hp == [5, 5, 5]
    assert s.track == 4
    steps = [(e.kind, e.data.get("new", e.data.get("amount"))) for e in events(s) if e.kind in (
        "sentinel_moves", "track", "sentinel_recovers", "hero_damaged")]
    assert steps == [("sentinel_moves", None), ("track", 3), ("sentinel_recovers", 1),
                     ("track", 4), ("hero_damaged", 1)]
    # finally, Kitty is in Sentinel II's Location: she takes 1 damage
    assert kind(s) == "wound" and s.decision().seat == KITTY
    wound(s, "Hold the Line")
    assert names(s, s.hand[KITTY]) == ["Phase Step", "Quick Thinking"]
    assert (len(s.hand[KITTY]), len(s.deck[KITTY])) == (2, 9)
    assert names(s, s.deck[KITTY][:1]) == ["Hold the Line"]
    assert s.civ == [0] * 6 and not any(s.ko) and s.target == [0, 1, 2, -1]
    # the next hero's turn begins
    assert (s.active, kind(s), s.round) == (LOGAN2, "play_card", 4)


@pytest.mark.rule("DFP-A15")
def test_example2_from_the_file_with_its_own_card_and_the_default_pack():
    s = load_position(EXAMPLE2)
    assert s.T.config.content is None  # the default pack, as it is
    blink = [s.T.card_name[c] for c in s.T.hero_cards[BLINK2]]
    assert len(blink) == 13 and blink[-1] == "Slipstream Portals"
    check_example2(s)


@pytest.mark.rule("DFP-A15")
def test_example2_leaves_the_default_pack_untouched():
    before = sorted(p.read_bytes() for p in default_pack_path().rglob("*.yaml"))
    load_position(EXAMPLE2)
    assert sorted(p.read_bytes() for p in default_pack_path().rglob("*.yaml")) == before
    pack = load_content()
    blink = next(h for h in pack.heroes if h.id == "blink")
    assert sum(c.copies for c in blink.cards) == 12
    assert "Slipstream Portals" not in [c.name for h in pack.heroes for c in h.cards]
    # the same heroes without the position's cards: Blink has her 12
    doc = doc_of(EXAMPLE2)
    del doc["cards"]
    doc["storyline"][0]["card"] = "Cascade of Portals"
    s = load_position(doc)
    assert len(s.T.hero_cards[BLINK2]) == 12 and kind(s) == "choose_sentinel"


@pytest.mark.rule("DFP-A15")
def test_example2_cards_travel_with_the_game():
    # the extra card is part of the game's configuration: saved and loaded with it
    s = load_position(EXAMPLE2)
    assert [c.name for c in s.T.config.cards["blink"]] == ["Slipstream Portals"]
    again = from_json(to_json(s))
    assert again == s and again.T.card_name == s.T.card_name
    check_example2(again)
