"""The insert's Example 1 (DFP-A14) and Example 2 (DFP-A15), replayed exactly.

Both positions are also the documented examples docs/examples/example1.yaml and
example2.yaml (docs/positions.md); the last tests check that the files say the same thing
and replay the same way.
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
import yaml
from dofp_testkit import act, card_of, events, ids, kind, names, ring, variant_pack, wound

from multiverse import load_position

DOCS = Path(__file__).resolve().parents[3] / "docs" / "examples"
STORM, LOGAN, KITTY1 = 0, 1, 2  # Example 1 seats
LOGAN2, STORM2, BLINK2, KITTY = 0, 1, 2, 3  # Example 2 seats

EXAMPLE1 = {
    "seed": 1,
    "heroes": [
        {"id": "storm", "location": 0, "target": "I"},
        {"id": "logan", "location": 3, "target": "II",
         "hand": ["Rusted Claws", "Old Instincts", "Slow Mend"]},
        {"id": "kitty-pryde", "location": 3, "target": "III",
         "hand": ["Phase Step", "Hold the Line"]},
    ],
    "villain_start": 0,
    "locations": ring(),
    "sentinels": {"I": {"location": 0}, "II": {"location": 2}, "III": {"location": 0}},
    "storyline": [
        {"hero": "storm", "card": "Thunderclap"},  # Move + Special Effect
        {"hero": "logan", "card": "Not My First War"},  # Heroic, Attack
    ],
    "track": 3,
    "turn": {"hero": "logan", "round": 2},
    "step": "end_of_turn",
}

EXAMPLE2 = {
    "seed": 2,
    "config": {"tokenless_seat": 3},
    "heroes": [
        {"id": "logan", "location": 0},
        {"id": "storm", "location": 0},
        {"id": "blink", "location": 0},
        {"id": "kitty-pryde", "location": 3,
         "hand": ["Phase Step", "Hold the Line", "Quick Thinking"]},
    ],
    "villain_start": 0,
    "locations": ring(p1={"threat": "sentinel-production-a"},
                      p5={"threat": "sentinel-production-b"}),
    "sentinels": {"I": {"location": 0}, "II": {"location": 2, "health": 4},
                  "III": {"location": 0}},
    "storyline": [
        {"hero": "blink", "card": "Cascade of Portals"},  # Move, Move, Wild (variant)
        {"hero": "kitty-pryde", "card": "Sink Through the Floor"},  # Special Effect only
    ],
    "track": 2,
    "turn": {"hero": "kitty-pryde", "round": 3},
    "step": "end_of_turn",
}


def example2_pack(tmp_path) -> str:
    """The default pack with one change: Blink's Cascade of Portals shows Move, Move, Wild.

    No default card shows exactly Move + Move + Wild, and Kitty's only Special Effect card
    without a Heroic symbol (Sink Through the Floor) shows no symbol at all.
    """
    def edit(doc):
        card_of(doc, "Cascade of Portals")["symbols"] = ["move", "move", "wild"]

    return variant_pack(tmp_path, "heroes/blink.yaml", edit)


def with_pack(doc, pack):
    doc = copy.deepcopy(doc)
    doc.setdefault("config", {})["content"] = pack
    return doc


def symbols(s, card):
    m, a, h, w = s.T.card_sym[card]
    return {"move": m, "attack": a, "heroic": h, "wild": w}


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
    # Sentinel II moved 1 Location closer to Logan, into his Location …
    assert s.s_loc == [0, 3, 0] and s.hero_loc == [0, 3, 3]
    # … and added 1 Civilian there
    assert s.civ == [0, 0, 0, 1, 0, 0] and s.thug == [0] * 6
    # the players choose which hero there takes the damage (Logan's seat decides)
    d = s.decision()
    assert d.kind == "task_damage" and d.seat == LOGAN
    assert [o.id for o in d.options] == ["hero:1", "hero:2"]
    assert [o.label for o in d.options] == ["Logan", "Kitty Pryde"]
    # no Special Effect on the last card: the track has not moved
    assert s.track == 3


@pytest.mark.rule("DFP-A14")
def test_example1_players_choose_kitty():
    s = load_position(EXAMPLE1)
    check_example1_start(s)
    s.log = []
    act(s, "hero:2")
    wound(s, "Hold the Line")  # Kitty's choice of card
    # task 6: Logan, the token holder, stands in Sentinel II's Location: 1 damage to him
    assert kind(s) == "wound" and s.decision().seat == LOGAN
    wound(s, "Old Instincts")
    hits = [(e.data["hero"], e.data["amount"], e.data["source"])
            for e in events(s, "hero_damaged")]
    assert hits == [(KITTY1, 1, "Sentinel II"), (LOGAN, 1, "Sentinel II")]
    assert s.track == 3 and s.s_hp == [4, 4, 4] and s.s_loc == [0, 3, 0]
    assert names(s, s.hand[LOGAN]) == ["Rusted Claws", "Slow Mend"]
    assert names(s, s.deck[LOGAN][:1]) == ["Old Instincts"]
    assert names(s, s.deck[KITTY1][:1]) == ["Hold the Line"]
    # then Kitty's turn begins (she draws 1)
    assert (s.active, kind(s), s.round) == (KITTY1, "play_card", 2)
    assert len(s.hand[KITTY1]) == 2 and "Hold the Line" not in names(s, s.hand[KITTY1])
    assert not any(s.ko)


@pytest.mark.rule("DFP-A14")
def test_example1_players_choose_logan():
    s = load_position(EXAMPLE1)
    check_example1_start(s)
    act(s, "hero:1")
    wound(s, "Slow Mend")
    wound(s, "Old Instincts")  # task 6
    assert names(s, s.hand[LOGAN]) == ["Rusted Claws"]
    assert names(s, s.deck[LOGAN][:2]) == ["Old Instincts", "Slow Mend"]
    assert (s.active, len(s.hand[KITTY1])) == (KITTY1, 3)  # untouched, then drew 1
    assert s.track == 3 and s.civ[3] == 1 and not any(s.ko)


@pytest.mark.rule("DFP-A14")
def test_example1_as_written_when_logan_is_not_where_the_sentinel_stops():
    # Sentinel II two steps away: it stops between, where Storm and Kitty stand; the example
    # then plays out with nothing more (task 6 does not apply: Logan is not there)
    doc = copy.deepcopy(EXAMPLE1)
    doc["heroes"][0]["location"] = 2
    doc["heroes"][0]["hand"] = ["Gale Force", "Updraft"]
    doc["heroes"][2]["location"] = 2
    doc["sentinels"]["II"] = {"location": 1}
    s = load_position(doc)
    assert s.s_loc == [0, 2, 0] and s.civ == [0, 0, 1, 0, 0, 0]
    assert kind(s) == "task_damage" and ids(s) == ["hero:0", "hero:2"]
    act(s, "hero:0")
    wound(s, "Updraft")
    assert names(s, s.hand[STORM]) == ["Gale Force"]
    assert len(s.hand[LOGAN]) == 3 and s.track == 3
    assert (s.active, kind(s)) == (KITTY1, "play_card")


# ------------------------------------------------------------------------- Example 2


def check_example2(s):
    assert s.target == [0, 1, 2, -1]  # Kitty Pryde has no Target token
    a, b = s.story
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
def test_example2(tmp_path):
    check_example2(load_position(with_pack(EXAMPLE2, example2_pack(tmp_path))))


# ------------------------------------------------------------------------- the doc files


@pytest.mark.rule("DFP-A14")
def test_docs_example1_file_is_example1():
    path = DOCS / "example1.yaml"
    assert yaml.safe_load(path.read_text(encoding="utf-8")) == EXAMPLE1
    s = load_position(path)
    check_example1_start(s)
    assert s == load_position(EXAMPLE1)


@pytest.mark.rule("DFP-A15")
def test_docs_example2_file_is_example2(tmp_path):
    path = DOCS / "example2.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert doc == EXAMPLE2
    # the file loads as it is (default pack) …
    s = load_position(path)
    assert kind(s) == "choose_sentinel" and s.s_hp == [5, 4, 5] and s.track == 2
    # … and replays Example 2 with the one-card variant pack
    check_example2(load_position(with_pack(doc, example2_pack(tmp_path))))
