"""The documented position format (docs/positions.md): defaults, YAML and JSON files, and
PositionError naming the field at fault."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from multiverse import PositionError, load_position, new_game
from multiverse.united.config import UnitedConfig

DOCS = Path(__file__).resolve().parents[3] / "docs"


@pytest.mark.parametrize("seed", [0, 1, 7, 123])
def test_unstated_fields_take_the_setup_of_the_same_seed(seed):
    assert load_position({"seed": seed}) == new_game(seed=seed)
    cfg = UnitedConfig(heroes=("storm", "bishop"), villain_start=2)
    doc = {"seed": seed, "heroes": ["storm", "bishop"], "config": {"villain_start": 2}}
    assert load_position(doc) == new_game(cfg, seed=seed)


def test_yaml_and_json_files_load_the_same_position(tmp_path):
    doc = yaml.safe_load((DOCS / "examples" / "example1.yaml").read_text(encoding="utf-8"))
    j = tmp_path / "example1.json"
    j.write_text(json.dumps(doc), encoding="utf-8")
    y = tmp_path / "example1.yml"
    y.write_text(yaml.safe_dump(doc), encoding="utf-8")
    a, b, c = load_position(j), load_position(y), load_position(doc)
    assert a == b == c


def test_partial_statements_keep_the_rest():
    s = load_position({"seed": 4, "heroes": [{"id": "logan", "hand": ["Rusted Claws",
                                                                      "Slow Mend"]},
                                              "kitty-pryde"],
                       "step": "play"})
    g = new_game(UnitedConfig(heroes=("logan", "kitty-pryde")), seed=4)
    assert [s.T.card_name[c] for c in s.hand[0]] == ["Rusted Claws", "Slow Mend"]
    assert len(s.deck[0]) == 10 and s.decision().kind == "play_card"
    assert s.hand[1] == g.hand[1] and s.deck[1] == g.deck[1]
    assert s.villain_start == g.villain_start and s.locs == g.locs and s.threat == g.threat


def test_deck_is_listed_top_first():
    s = load_position({"heroes": [{"id": "logan", "hand": ["Rusted Claws"],
                                   "deck": ["Slow Mend", "Old Instincts"]}, "storm"],
                       "step": "play"})
    names = [s.T.card_name[c] for c in s.deck[0]]
    assert names == ["Old Instincts", "Slow Mend"]  # the state keeps the top last
    # a stated deck is the whole deck: Logan's other cards are out of play
    s = load_position({"heroes": [{"id": "logan", "hand": ["Rusted Claws"],
                                   "deck": ["Slow Mend", "Old Instincts"]}, "storm"]})
    assert [s.T.card_name[c] for c in s.hand[0]] == ["Rusted Claws", "Slow Mend"]  # drew
    assert [s.T.card_name[c] for c in s.deck[0]] == ["Old Instincts"]


@pytest.mark.parametrize(
    ("doc", "field"),
    [
        ({"mission": 1}, "top level"),
        ({"seed": "abc"}, "seed"),
        ({"heroes": "logan"}, "heroes"),
        ({"heroes": ["logan", "nobody"]}, "heroes"),
        ({"config": {"tie_break": "sideways"}}, "config"),
        ({"locations": ["burned-mansion"]}, "locations"),
        ({"locations": [{"id": "collapsed-bridge", "civilians": 4}, "burned-mansion",
                        "sentinel-foundry", "resistance-camp", "internment-yard",
                        "scrap-armory"]}, "locations[0]"),
        ({"locations": [{"id": "burned-mansion", "civilians": "many"}, "sentinel-foundry",
                        "resistance-camp", "internment-yard", "scrap-armory",
                        "collapsed-bridge"]}, "locations[0].civilians"),
        ({"phase": "boss"}, "phase"),
        ({"sentinels": {"IV": {}}}, "sentinels.IV"),
        ({"sentinels": {"I": {"health": 9}}}, "sentinels.I.health"),
        ({"sentinels": ["I"]}, "sentinels"),
        ({"nimrod": {"location": 1}}, "nimrod"),
        ({"phase": "nimrod", "nimrod": {"health": "full"}}, "nimrod.health"),
        ({"track": 15}, "track"),
        ({"storyline": [{"hero": "logan", "card": "Adamantium Tea"}]}, "storyline[0].card"),
        ({"storyline": 3}, "storyline"),
        ({"master_plan": ["Nope"]}, "master_plan[0]"),
        ({"heroes": [{"id": "logan", "hand": ["Rusted Claws"] * 3}, "storm"]}, "heroes[0].hand[2]"),
        ({"heroes": [{"id": "logan", "target": "IV"}, "storm"]}, "heroes[0].target"),
        ({"heroes": [{"id": "logan", "tokens": {"fire": 1}}, "storm"]}, "heroes[0].tokens"),
        ({"heroes": [{"id": "logan", "location": 9}, "storm"]}, "heroes[0].location"),
        ({"step": "middle"}, "step"),
        ({"turn": {"hero": "storm2"}}, "turn.hero"),
        ({"pile": ["V"]}, "pile"),
        ({"since": "x"}, "since"),
    ],
)
def test_a_malformed_position_names_the_field(doc, field):
    with pytest.raises(PositionError) as err:
        load_position(doc)
    assert str(err.value).startswith(f"position: {field}"), str(err.value)


def test_a_bad_file_names_the_file(tmp_path):
    f = tmp_path / "broken.yaml"
    f.write_text("heroes: [logan\n", encoding="utf-8")
    with pytest.raises(PositionError, match=r"broken\.yaml"):
        load_position(f)
    with pytest.raises(PositionError, match="cannot read"):
        load_position(tmp_path / "missing.yaml")
    g = tmp_path / "list.json"
    g.write_text("[1, 2]", encoding="utf-8")
    with pytest.raises(PositionError, match="mapping"):
        load_position(g)
