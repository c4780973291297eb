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


# ----- a position's own cards (`cards`) --------------------------------------------------------
PORTALS = {"name": "Slipstream Portals", "symbols": ["move", "move", "wild"]}
STORM_CARD = {"name": "Eye of the Needle", "symbols": ["heroic"], "effect": [{"verb": "draw", "amount": 2}]}


def test_cards_join_the_heroes_deck_as_if_the_pack_listed_them_after_its_own():
    base = load_position({"seed": 4, "heroes": ["logan", "storm"]})
    s = load_position({"seed": 4, "heroes": ["logan", "storm"], "cards": {"storm": [STORM_CARD]}})
    t = s.T
    storm = [t.card_name[c] for c in t.hero_cards[1]]
    assert storm == [base.T.card_name[c] for c in base.T.hero_cards[1]] + ["Eye of the Needle"]
    extra = t.hero_cards[1][-1]
    assert t.card_sym[extra] == (0, 0, 1, 0) and t.card_fx[extra] == (("draw", 2, -1, 0, 0),)
    # unstated, it is shuffled into the seed's setup like the others: 13 cards in hand and deck
    assert sorted(s.hand[1] + s.deck[1]) == sorted(t.hero_cards[1]) and len(t.hero_cards[1]) == 13
    # the configuration carries the cards: a new game of that configuration is the same game
    assert s.T.config.cards["storm"][0].name == "Eye of the Needle"
    assert new_game(s.T.config, seed=4) == load_position({"seed": 4, "heroes": ["logan", "storm"],
                                                          "cards": {"storm": [STORM_CARD]}})
    # config.cards says the same
    again = load_position({"seed": 4, "heroes": ["logan", "storm"], "config": {"cards": {"storm": [STORM_CARD]}}})
    assert again == s and again.T.config == s.T.config
    # and without cards the configuration's JSON is what it always was
    assert "cards" not in UnitedConfig().model_dump_json()


def test_a_positions_card_can_be_placed_like_any_card():
    s = load_position({"seed": 3, "heroes": [{"id": "logan"}, {"id": "blink", "hand": ["Slipstream Portals"]}],
                       "cards": {"blink": [PORTALS]}, "turn": {"hero": "blink"}, "step": "play"})
    # a hand of one card is played at once: its symbols are Blink's to use
    assert [s.T.card_name[c] for c in s.story] == ["Slipstream Portals"] and s.hand[1] == []
    assert s.pool == [2, 0, 0, 1] and s.decision().kind == "resolve_actions"


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ({"cards": {"blink": [PORTALS]}}, "position: cards: cards for hero(es) not in this game: ['blink']; "
                                          "the heroes are ['logan', 'kitty-pryde', 'storm']"),
        ({"cards": {"storm": [{"name": "Thunderclap"}]}},
         "position: cards.storm[0].name: 'Thunderclap' names two different cards: this one and its card "
         "'Thunderclap'; positions refer to cards by name"),
        ({"cards": {"storm": [STORM_CARD, {**STORM_CARD, "symbols": []}]}},
         "position: cards.storm[1].name: 'Eye of the Needle' names two different cards: this one and "
         "cards.storm[0]; positions refer to cards by name"),
        ({"cards": {"storm": [{"name": " "}]}},
         "position: cards.storm[0].name: a card name cannot be empty or blank: positions refer to cards by "
         "name (got ' ')"),
        ({"cards": {"storm": [{"name": "Gust", "symbols": ["fire"]}]}},
         "position: cards.storm[0].symbols[0]: Input should be 'move', 'attack', 'heroic' or 'wild' (got 'fire')"),
        ({"cards": {"storm": [{"name": "Gust", "effect": [{"verb": "bam"}]}]}},
         "position: cards.storm[0].effect: verb 'bam' is not a hero verb"),
        ({"cards": {"storm": {"name": "Gust"}}},
         "position: cards.storm: Input should be a valid list (got {'name': 'Gust'})"),
        ({"cards": ["Gust"]}, "position: cards: Input should be a valid dictionary (got ['Gust'])"),
        ({"cards": {"storm": []}, "config": {"cards": {}}},
         "position: cards: stated twice, differently: at the top level and as config.cards; keep one"),
        ({"config": {"cards": {"storm": [{"name": "Thunderclap"}]}}},
         "position: config.cards.storm[0].name: 'Thunderclap' names two different cards: this one and its card "
         "'Thunderclap'; positions refer to cards by name"),
    ],
)
def test_a_malformed_card_of_a_position_names_its_place(doc, message):
    with pytest.raises(PositionError) as err:
        load_position(doc)
    assert str(err.value).startswith(message), str(err.value)
