"""Sentinels positions (docs/sentinels-positions.md): defaults from the seed's setup, every
stated field, and errors that name the field."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from multiverse.engine.errors import PositionError
from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.game import new_game
from multiverse.sentinels.position import load_sentinels_position
from multiverse.sentinels.state import Z_BOX, Z_DECK, Z_HAND, Z_PLAY, Z_TRASH

from .support import card, char, hero, hp, load, names, villain, write_pack


def _pack(tmp_path: Path) -> str:
    alpha = hero("alpha", cards=[{"name": n, "kind": "one-shot", "copies": 3} for n in ("Ash", "Bone", "Coal")]
                 + [{"name": "Relic", "kind": "equipment", "limited": True, "copies": 2},
                    {"name": "Drone", "kind": "target", "hp": 4, "copies": 2}],
                 tokens={"sides": ["arcana", "avian"], "start": ["arcana", "arcana", "avian"]})
    vil = villain(setup=[{"verb": "search", "deck": "villain", "keyword": "minion", "to": "play"}],
                  sides=[{"hp": 12, "restore_hp": True}],
                  cards=[{"name": "Sentry", "kind": "target", "hp": 4, "keywords": ["minion"], "copies": 3},
                         {"name": "Bulwark", "kind": "device", "hp": 5, "indestructible": True}])
    return write_pack(tmp_path, heroes=[alpha], villain_=vil)


def _pos(tmp_path: Path, doc: dict | None = None, **kw):
    doc = dict(doc or {})
    doc["config"] = {"heroes": ["alpha", "beta", "gamma"], "content": _pack(tmp_path), **doc.get("config", {})}
    return load_sentinels_position(doc, **kw)


def test_an_empty_position_is_the_seeds_setup(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    for seed in (0, 7):
        a = load_sentinels_position({"config": {"heroes": ["alpha", "beta", "gamma"], "content": pack},
                                     "seed": seed})
        b = new_game(SentinelsConfig(heroes=("alpha", "beta", "gamma"), content=pack), seed=seed)
        # the pack's villain has one kind of minion: its setup search offers one card and
        # resolves itself (SOTM-2: identical copies are one option)
        assert b.decision().kind != "search" and b.decisions == 0
        assert a == b and a.state_hash() == b.state_hash() and a.decision() == b.decision()


def test_unstated_zones_keep_the_seeds_order(tmp_path: Path) -> None:
    pack = _pack(tmp_path)
    base = load_sentinels_position({"config": {"heroes": ["alpha", "beta", "gamma"], "content": pack}, "seed": 3})
    t = base.T
    original = [t.name[c] for c in base.deck[0] + base.hand[0][::-1]][::-1]  # top first, before the draw
    s = load_sentinels_position({"config": {"heroes": ["alpha", "beta", "gamma"], "content": pack}, "seed": 3,
                                 "heroes": [{"id": "alpha", "hand": ["Relic"]}, "beta", "gamma"]})
    # Alpha's other setup cards go back on top of the deck in the order drawn
    rest = list(original)
    rest.remove("Relic")
    assert names(s, "hand", "alpha") == ["Relic"]
    assert names(s, "deck", "alpha") == rest
    # other heroes, the villain and the environment: exactly the setup
    for o in (1, 2, 3, 4):
        assert (s.hand[o], s.deck[o], s.trash[o], s.play[o]) == (base.hand[o], base.deck[o], base.trash[o],
                                                                  base.play[o])
    assert names(s, "play", "villain") == ["The Overlord", "Sentry"]


def test_every_stated_field(tmp_path: Path) -> None:
    s = _pos(tmp_path, {
        "seed": 2,
        "heroes": [
            {"id": "alpha", "hp": 11, "hand": ["Ash", "Bone"], "deck": ["Coal", "Ash"], "trash": ["Bone"],
             "play": [{"name": "Drone", "hp": 2, "tokens": 3, "entered": 2}, "Relic"],
             "tokens": ["avian", "avian", "arcana", "avian"]},
            {"id": "beta", "incapacitated": True, "hp": -4},
            "gamma",
        ],
        "villain": {"flipped": True, "hp": 9, "play": [{"name": "Bulwark", "hp": 0, "entered": 1}],
                    "deck": ["Sentry", "Lull"], "trash": ["Sentry"]},
        "environment": {"play": [], "deck": ["Calm"], "trash": ["Calm", "Calm"]},
        "turn": {"whose": "gamma", "phase": "power", "round": 4, "played": True},
    })
    t = s.T
    assert names(s, "hand", "alpha") == ["Ash", "Bone"]
    assert names(s, "deck", "alpha") == ["Coal", "Ash"]
    assert names(s, "trash", "alpha") == ["Bone"]
    assert names(s, "play", "alpha") == ["Alpha", "Relic", "Drone"]
    assert hp(s, "alpha") == 11 and hp(s, "alpha", "Drone") == 2 and s.tok[card(s, "Drone", "alpha")] == 3
    assert [t.hero_tokens[0][0][x] for x in s.htok[0]] == ["avian", "avian", "arcana", "avian"]
    # a deck stated with the hand: the hero's other cards are out of the game
    assert sum(1 for c in t.deck_cards[0] if s.zone[c] == Z_BOX) == 40 - 7
    assert s.incap[1] == 1 and hp(s, "beta") == -4 and names(s, "play", "beta") == ["Beta"]
    assert s.face[char(s, "villain")] == 1 and hp(s, "villain") == 9
    assert names(s, "play", "villain") == ["The Overlord", "Bulwark"] and hp(s, "villain", "Bulwark") == 0
    assert names(s, "deck", "villain") == ["Sentry", "Lull"] and names(s, "trash", "villain") == ["Sentry"]
    assert names(s, "deck", "environment") == ["Calm"] and names(s, "trash", "environment") == ["Calm", "Calm"]
    # play-entry order: the characters, then by `entered` (unstated = 0): Relic 0, Bulwark 1, Drone 2
    assert [t.name[c] for c in s.inplay] == ["Alpha", "Beta", "Gamma", "The Overlord", "Relic", "Bulwark", "Drone"]
    assert s.inplay == sorted(s.inplay, key=s.seq.__getitem__)
    assert s.round == 4 and s.turn == 2 and s.phase == "power"
    d = s.decision()
    assert (d.kind, d.seat) == ("power_phase", 2)
    s.apply("skip")
    assert s.log is None  # no log unless asked for
    assert len(s.hand[2]) == 5  # it had played: draw 1


def test_every_card_is_in_exactly_one_place(tmp_path: Path) -> None:
    s = _pos(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Ash"], "trash": ["Ash"], "play": ["Relic"]},
                                   "beta", "gamma"],
                        "villain": {"play": ["Sentry", "Sentry"], "trash": ["Sentry"]}})
    lists = {Z_DECK: s.deck, Z_HAND: s.hand, Z_TRASH: s.trash, Z_PLAY: s.play}
    for c in range(len(s.T.card)):
        where = [(z, o) for z, ls in lists.items() for o, lst in enumerate(ls) if c in lst]
        assert (where == []) == (s.zone[c] == Z_BOX)
        assert all(z == s.zone[c] and o == s.home[c] for z, o in where) and len(where) <= 1


def test_turn_phases_build_the_rest_of_the_round(tmp_path: Path) -> None:
    for whose, phase, kind, seat in [("villain", "start", "play_phase", 0), ("alpha", "play", "play_phase", 0),
                                     ("beta", "start", "play_phase", 1), ("gamma", "draw", "play_phase", 0),
                                     ("environment", "end", "play_phase", 0), ("villain", "end", "play_phase", 0)]:
        s = _pos(tmp_path, {"turn": {"whose": whose, "phase": phase}}, log=True)
        d = s.decision()
        assert (d.kind, d.seat) == (kind, seat), (whose, phase)


def test_a_position_file_yaml_or_json_with_a_relative_content_path(tmp_path: Path) -> None:
    pack = Path(_pack(tmp_path / "packs"))
    doc = {"config": {"heroes": ["alpha", "beta", "gamma"], "content": f"packs/{pack.name}"},
           "heroes": [{"id": "alpha", "hp": 7}, "beta", "gamma"], "turn": {"whose": "alpha", "phase": "play"}}
    (tmp_path / "p.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    (tmp_path / "p.json").write_text(json.dumps(doc), encoding="utf-8")
    a = load_sentinels_position(tmp_path / "p.yaml")
    b = load_sentinels_position(str(tmp_path / "p.json"))
    assert a == b and hp(a, "alpha") == 7


def test_the_default_pack_loads(tmp_path: Path) -> None:
    s = load_sentinels_position({"seed": 3})
    assert s.decision() is not None and s.result is None


BAD = [
    ({"nope": 1}, "position: top level: unknown field(s) ['nope']"),
    ({"config": {"heroes": ["alpha"]}}, "position: config.heroes: a game has 3 to 5 heroes, not 1"),
    ({"config": {"heroes": ["alpha", "beta", "zed"]}}, "position: config.heroes: unknown hero id(s) ['zed']"),
    ({"seed": "x"}, "position: seed: expected a whole number from 0 to 9223372036854775807, got 'x'"),
    ({"heroes": [{"hp": 3}, "beta", "gamma"]}, "position: heroes[0]: a hero mapping needs an 'id'"),
    ({"heroes": [{"id": "alpha", "mood": 1}, "beta", "gamma"]}, "position: heroes[0]: unknown field(s) ['mood']"),
    ({"heroes": [{"id": "alpha", "hand": ["Nope"]}, "beta", "gamma"]},
     "position: heroes[0].hand[0]: 'Nope' is not a (free) card of Alpha"),
    ({"heroes": [{"id": "alpha", "hand": ["Relic", "Relic", "Relic"]}, "beta", "gamma"]},
     "position: heroes[0].hand[2]: 'Relic' is not a (free) card of Alpha"),
    ({"heroes": [{"id": "alpha", "hand": "Ash"}, "beta", "gamma"]}, "position: heroes[0].hand: expected a list"),
    ({"heroes": [{"id": "alpha", "hp": 0}, "beta", "gamma"]}, "position: heroes[0].hp: expected 1..20"),
    ({"heroes": [{"id": "alpha", "hp": 21}, "beta", "gamma"]}, "position: heroes[0].hp: expected 1..20"),
    ({"heroes": [{"id": "alpha", "incapacitated": True, "play": ["Relic"]}, "beta", "gamma"]},
     "position: heroes[0].play: an incapacitated hero has no cards in play"),
    ({"heroes": [{"id": h, "incapacitated": True} for h in ("alpha", "beta", "gamma")]},
     "position: heroes: every hero is incapacitated"),
    ({"heroes": [{"id": "alpha", "incapacitated": "yes"}, "beta", "gamma"]},
     "position: heroes[0].incapacitated: expected true or false"),
    ({"heroes": [{"id": "alpha", "play": ["Relic", "Relic"]}, "beta", "gamma"]},
     "position: heroes[0].play[1]: 'Relic' is Limited"),
    ({"heroes": [{"id": "alpha", "play": ["Ash"]}, "beta", "gamma"]},
     "position: heroes[0].play[0]: 'Ash' is a one-shot"),
    ({"heroes": [{"id": "alpha", "play": [{"name": "Relic", "hp": 2}]}, "beta", "gamma"]},
     "position: heroes[0].play[0].hp: 'Relic' is not a target"),
    ({"heroes": [{"id": "alpha", "play": [{"name": "Drone", "hp": 0}]}, "beta", "gamma"]},
     "position: heroes[0].play[0].hp: expected 1..4"),
    ({"heroes": [{"id": "alpha", "play": [{"hp": 2}]}, "beta", "gamma"]},
     "position: heroes[0].play[0]: a card in play needs a 'name'"),
    ({"heroes": [{"id": "alpha", "play": [{"name": "Drone", "tokens": -1}]}, "beta", "gamma"]},
     "position: heroes[0].play[0].tokens: expected a whole number from 0 to 1000000, got -1"),
    ({"heroes": [{"id": "alpha", "tokens": ["fish"]}, "beta", "gamma"]},
     "position: heroes[0].tokens[0]: unknown side 'fish'"),
    ({"heroes": ["alpha", {"id": "beta", "tokens": ["arcana"]}, "gamma"]},
     "position: heroes[1].tokens: Beta has no two-sided tokens"),
    ({"villain": {"hp": 31}}, "position: villain.hp: expected 1..30"),
    ({"villain": {"flipped": True, "hp": 13}}, "position: villain.hp: expected 1..12"),
    ({"villain": {"deck": ["Ash"]}}, "position: villain.deck[0]: 'Ash' is not a (free) card of The Overlord"),
    ({"villain": {"hand": []}}, "position: villain: unknown field(s) ['hand']"),
    ({"environment": {"play": ["Calm"]}}, "position: environment.play[0]: 'Calm' is a one-shot"),
    ({"turn": {"whose": "nobody"}}, "position: turn.whose: unknown 'nobody'"),
    ({"turn": {"whose": "villain", "phase": "power"}},
     "position: turn.phase: expected one of ['start', 'play', 'end']"),
    ({"turn": {"whose": "alpha", "phase": "lunch"}}, "position: turn.phase: expected one of ['start', 'play', 'power'"),
    ({"heroes": [{"id": "alpha", "incapacitated": True}, "beta", "gamma"], "turn": {"whose": "alpha", "phase": "play"}},
     "position: turn.phase: expected one of ['start']"),
    ({"turn": {"whose": "alpha", "phase": "play", "played": True}}, "position: turn.played: stated only"),
    ({"turn": {"round": 0}}, "position: turn.round: expected a whole number from 1 to 1000000, got 0"),
    ({"turn": "soon"}, "position: turn: expected a mapping"),
]


@pytest.mark.parametrize(("doc", "message"), BAD)
def test_errors_name_the_field(tmp_path: Path, doc: dict, message: str) -> None:
    with pytest.raises(PositionError) as err:
        _pos(tmp_path, doc)
    assert str(err.value).startswith(message), str(err.value)


def test_unreadable_or_malformed_files(tmp_path: Path) -> None:
    with pytest.raises(PositionError, match="cannot read position file"):
        load_sentinels_position(tmp_path / "missing.yaml")
    (tmp_path / "bad.yaml").write_text("heroes: [", encoding="utf-8")
    with pytest.raises(PositionError, match="not valid YAML"):
        load_sentinels_position(tmp_path / "bad.yaml")
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    with pytest.raises(PositionError, match="not valid JSON"):
        load_sentinels_position(tmp_path / "bad.json")
    (tmp_path / "list.yaml").write_text("- 1", encoding="utf-8")
    with pytest.raises(PositionError, match="a position is a mapping"):
        load_sentinels_position(tmp_path / "list.yaml")


def test_a_loaded_position_is_the_same_game_as_played(tmp_path: Path) -> None:
    """A position is a legal game: the same choices from it give the same result as a clone."""
    s = load(tmp_path, {"turn": {"whose": "alpha", "phase": "play"}}, villain_=villain(), log=False)
    c = s.clone()
    for _ in range(20):
        d = s.decision()
        if d is None:
            break
        s.apply(d.ids()[0])
        c.apply(d.ids()[0])
    assert s == c
    assert char(s, "alpha") == s.T.character[0]


def test_the_documented_example_loads() -> None:
    doc_path = Path(__file__).resolve().parents[2] / "docs" / "sentinels-positions.md"
    text = doc_path.read_text(encoding="utf-8").split("## A worked example")[1]
    doc = yaml.safe_load(text.split("```yaml")[1].split("```")[0])
    s = load_sentinels_position(doc)  # a renamed card of the default pack fails here
    assert s.decision().kind == "play_phase" and s.round == 6 and s.face[s.T.villain_character] == 1
