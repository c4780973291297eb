"""Structures an owner's pack may use (issue 12): written-out Villain moves, cards that start
in the opening hand or at the bottom of the deck, decks of 13 to 15 cards, Locations with 2
slots or none, hazardous Locations with harmful or token-adding End-of-Turn effects, Wild
symbols in a Threat's cost, Villains with other numbers of Master Plan cards and Threats,
and Special Effects marked `unsupported`. Each pack is written in tmp_path by its test."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from multiverse.content.loader import default_pack_path, validate_path
from multiverse.engine.errors import ContentError
from multiverse.united.board import OVERFLOW_ONCE, RING, add_tokens
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import new_game, tables
from multiverse.united.dofp.protocol import activate_sentinel
from multiverse.united.dofp.setup import setup
from multiverse.united.enemies import fill_threat, wild_left
from multiverse.united.hero_turn import push_location_effects
from multiverse.united.storyline import has_special_effect
from multiverse.united.tables import ATTACK, HEROIC, MOVE, compile_move
from multiverse.united.view import view

Docs = dict[str, Any]


def owner_pack(tmp_path: Path, edit: Callable[[Docs], None]) -> Path:
    """The default pack copied to tmp_path, its files (by name) edited by `edit`."""
    dest = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dest)
    files = {str(f.relative_to(dest)): f for f in dest.rglob("*.yaml")}
    docs = {name: yaml.safe_load(f.read_text(encoding="utf-8")) for name, f in files.items()}
    edit(docs)
    for name, f in files.items():
        f.write_text(yaml.safe_dump(docs[name], sort_keys=False), encoding="utf-8")
    return dest


def magistrate(d: Docs) -> dict[str, Any]:
    return d["villains/magistrate.yaml"]["villains"][0]


def every_move(move: Any) -> Callable[[Docs], None]:
    """Every Master Plan card of the standard Villain moves `move`, with no BAM!, effect or
    tokens (so the move alone changes the board)."""
    def edit(d: Docs) -> None:
        for card in magistrate(d)["master_plan"]:
            card.update(move=move, bam=False, effect=[], tokens=["", "", ""])
    return edit


def standard_game(pack: Path, **fields: Any):
    config = UnitedConfig(mode="standard", content=str(pack), villain_start=2,
                          heroes=("logan", "storm", "bishop"), **fields)
    return new_game(config, seed=5)


# ----- MU-11: written-out Villain moves ---------------------------------------------------------


@pytest.mark.rule("MU-11")
@pytest.mark.parametrize(("move", "lands"), [
    ({"steps": 1, "direction": "counterclockwise"}, 1),  # from 2, one step counterclockwise
    ({"steps": 2, "direction": "counterclockwise"}, 0),
    ({"steps": -3}, 5),
    ({"steps": 2}, 4),
    (3, 5),  # the printed clockwise number
])
def test_a_villain_moves_as_many_steps_either_way(tmp_path, move, lands):
    s = standard_game(owner_pack(tmp_path, every_move(move)))  # MU-9: the Villain goes first
    assert s.story and s.n_loc == lands


@pytest.mark.rule("MU-11")
def test_a_villain_moves_to_a_named_location_in_play(tmp_path):
    s0 = standard_game(owner_pack(tmp_path / "a", every_move(0)))
    target = s0.T.content.locations[s0.locs[4]].id
    s = standard_game(owner_pack(tmp_path / "b", every_move({"to": target})))
    assert s.T.content.locations[s.locs[s.n_loc]].id == target and s.n_loc == 4


@pytest.mark.rule("MU-11")
def test_a_move_to_a_location_not_in_play_stays(tmp_path):
    s0 = standard_game(owner_pack(tmp_path / "a", every_move(0)))
    outside = next(loc.id for i, loc in enumerate(s0.T.content.locations) if i not in s0.locs)
    s = standard_game(owner_pack(tmp_path / "b", every_move({"to": outside})))
    assert s.n_loc == 2


@pytest.mark.rule("MU-11")
def test_a_villain_moves_toward_the_most_thugs(tmp_path):
    def edit(d: Docs) -> None:
        every_move({"toward": "most_thugs"})(d)
        for loc in d["locations.yaml"]["locations"]:
            loc["start"] = ""
    pack = owner_pack(tmp_path, edit)
    config = UnitedConfig(mode="standard", content=str(pack), villain_start=2,
                          heroes=("logan", "storm", "bishop"))
    s = setup(tables(config), 5)
    s.thug[5] = 2
    s.civ[3] = 3  # Civilians are not Thugs
    s.advance()
    assert s.n_loc == 5


def test_the_shorthand_words_compile_to_the_written_out_moves():
    assert compile_move("toward_most_cards", {}) == ("toward", 0, "most_cards")
    assert compile_move("to_most_civilians", {}) == ("toward", 0, "most_civilians")
    assert compile_move(2, {}) == ("steps", 2, "")


# ----- MU-8 / MU-4: the opening hand, the bottom of the deck, decks of 13 to 15 --------------


def _logan_extra(d: Docs) -> None:
    cards = d["heroes/logan.yaml"]["heroes"][0]["cards"]
    cards.append({"name": "Claws Out Early", "symbols": ["attack"], "start": "hand"})
    cards.append({"name": "Last Resort", "symbols": ["wild"], "start": "bottom"})
    cards.append({"name": "Second Wind", "symbols": ["move"], "start": "hand", "copies": 1})


@pytest.mark.rule("MU-8")
def test_cards_marked_for_the_hand_start_there_and_the_bottom_one_under_the_deck(tmp_path):
    pack = owner_pack(tmp_path, _logan_extra)
    for seed in range(5):
        s = setup(tables(UnitedConfig(content=str(pack), heroes=("logan", "storm"))), seed)
        names = s.T.card_name
        hand = [names[c] for c in s.hand[0]]
        assert hand[:2] == ["Claws Out Early", "Second Wind"] and len(hand) == 5  # 2 + 3 drawn
        assert names[s.deck[0][0]] == "Last Resort" and len(s.deck[0]) == 10  # 15 - 5
        assert len(s.hand[1]) == 3 and len(s.deck[1]) == 9  # Storm: 12 cards as MU-8 says


@pytest.mark.rule("MU-4")
def test_a_deck_of_fifteen_cards_is_a_deck(tmp_path):
    content = validate_path(owner_pack(tmp_path, _logan_extra))
    logan = next(h for h in content.heroes if h.id == "logan")
    assert sum(c.copies for c in logan.cards) == 15


# ----- MU-2 / MU-12: Locations with 2 slots or none ------------------------------------------


def _slots(n: int | None) -> Callable[[Docs], None]:
    def edit(d: Docs) -> None:
        for loc in d["locations.yaml"]["locations"]:
            loc["start"] = ""
            if n is None:
                loc.pop("slots", None)
            else:
                loc["slots"] = n
    return edit


@pytest.mark.rule("MU-12")
def test_a_two_slot_location_holds_two_tokens_and_overflows_once(tmp_path):
    s = new_game(UnitedConfig(content=str(owner_pack(tmp_path, _slots(2)))), seed=1)
    track = s.track
    s.ovf = OVERFLOW_ONCE  # as in a Villain turn
    add_tokens(s, 0, 2, 1)  # three tokens for two slots: the Thug is left over
    add_tokens(s, 0, 1, 0)  # the same Location again this Villain turn: no second Overflow
    assert (s.civ[0], s.thug[0]) == (2, 0)
    assert s.track == track + 1  # DFP-D2: the gray part raises the track once


@pytest.mark.rule("MU-12")
def test_a_location_without_slots_overflows_with_its_first_token(tmp_path):
    s = new_game(UnitedConfig(content=str(owner_pack(tmp_path, _slots(None)))), seed=1)
    track = s.track
    add_tokens(s, 3, 1, 0)
    assert (s.civ[3], s.thug[3]) == (0, 0) and s.track == track + 1
    assert view(s, 0)["locations"][3]["slots"] == 0


# ----- MU-20: hazardous Locations, harmful and token-adding End-of-Turn effects --------------


def _hazard(d: Docs) -> None:
    for loc in d["locations.yaml"]["locations"]:
        loc.update(hazardous=True, mandatory=True, start="", effect=[
            {"verb": "add_tokens_here", "tokens": "TT"},
            {"verb": "raise_track", "amount": 1},
            {"verb": "damage_heroes_here", "amount": 1}])


@pytest.mark.rule("MU-20")
def test_a_harmful_location_effect_adds_thugs_raises_the_track_and_hurts_heroes_here(tmp_path):
    s = new_game(UnitedConfig(content=str(owner_pack(tmp_path, _hazard)), heroes=("logan", "storm")),
                 seed=2)
    pos = s.hero_loc[0]
    li = s.locs[pos]
    track, hand = s.track, len(s.hand[0])
    push_location_effects(s, 0, s.T.loc_fx[li], s.T.loc_name[li], pos)
    s.advance()
    assert s.thug[pos] == 2 and s.track == track + 1
    d = s.decision()
    assert d is not None and d.kind == "wound" and d.seat == 0  # MU-21: Logan picks a card
    s.apply(d.options[0].id)
    while (d := s.decision()) is not None and d.kind == "wound":
        s.apply(d.options[0].id)
    th = s.threat[pos]  # a Threat with a damage bonus here adds to each damage (any layout)
    more = s.T.threat_bonus[th] if th >= 0 else 0
    assert len(s.hand[0]) == hand - 1 - more and len(s.hand[1]) == 3 - 1 - more  # Storm too was here
    assert all(loc["hazardous"] for loc in view(s, 0)["locations"])


# ----- MU-18 / MU-19: Wild symbols in a Threat's cost ----------------------------------------


def _wild_costs(d: Docs) -> None:
    for th in d["dofp.yaml"]["dofp"]["threats"]:
        th["cost"] = ["heroic", "wild", "wild"]


@pytest.mark.rule("MU-19")
def test_wild_symbols_of_a_threat_are_filled_by_any_symbol(tmp_path):
    s = new_game(UnitedConfig(content=str(owner_pack(tmp_path, _wild_costs))), seed=3)
    pos = 0
    th = s.threat[pos]
    assert view(s, 0)["locations"][pos]["threat"]["need"] == {"heroic": 1, "wild": 2}
    fill_threat(s, pos, MOVE, "test")
    fill_threat(s, pos, ATTACK, "test")
    assert wild_left(s, pos) == 0 and s.threat[pos] == th
    fill_threat(s, pos, ATTACK, "test")  # nothing left an Attack can fill
    assert s.threat[pos] == th
    fill_threat(s, pos, HEROIC, "test")
    assert s.threat[pos] == -1 and s.need[pos * 3: pos * 3 + 3] == [0, 0, 0]
    assert len(s.need) == RING * 4


def test_a_pack_without_wild_costs_keeps_the_state_as_it_was():
    s = new_game(UnitedConfig(), seed=3)
    assert len(s.need) == RING * 3 and not s.T.wild_costs


# ----- MU-3: Villains with other numbers of Master Plan cards and Threats --------------------


@pytest.mark.rule("MU-3")
@pytest.mark.parametrize(("cards", "threats", "without"), [(8, 4, 2), (16, 8, 0), (12, 6, 0)])
def test_a_villain_with_other_deck_and_threat_counts(tmp_path, cards, threats, without):
    def edit(d: Docs) -> None:
        v = magistrate(d)
        deck = v["master_plan"]
        v["master_plan"] = [dict(deck[i % len(deck)], name=f"Plan {i}", copies=1)
                            for i in range(cards)]
        ths = v["threats"]
        v["threats"] = [dict(ths[i % len(ths)], id=f"threat-{i}", name=f"Threat {i}")
                        for i in range(threats)]
    s = standard_game(owner_pack(tmp_path, edit))
    assert len(s.T.mp_cards) == cards and len(s.mp_deck) == cards - 1  # one played (MU-9)
    assert s.threat.count(-1) == without


# ----- unsupported Special Effects -------------------------------------------------------------


def test_a_card_marked_unsupported_keeps_its_special_effect_for_the_protocol(tmp_path):
    def edit(d: Docs) -> None:
        cards = d["heroes/logan.yaml"]["heroes"][0]["cards"]
        bare = next(c for c in cards if not c.get("effect"))
        bare["unsupported"] = "a note of what the card says"
    s = new_game(UnitedConfig(content=str(owner_pack(tmp_path, edit))), seed=1)
    marked = [c for c in s.T.hero_cards[0] if s.T.card_special[c] and not s.T.card_fx[c]]
    assert marked and all(has_special_effect(s, c) for c in marked)
    assert not has_special_effect(s, ~marked[0])  # facedown: no Special Effect (DFP-A13)


@pytest.mark.rule("DFP-A8")
def test_the_protocol_raises_the_track_for_an_unsupported_special_effect(tmp_path):
    def edit(d: Docs) -> None:
        for c in d["heroes/logan.yaml"]["heroes"][0]["cards"]:
            c.update(effect=[], unsupported="a note")
    s = setup(tables(UnitedConfig(content=str(owner_pack(tmp_path, edit)))), 1)
    s.story = [s.T.hero_cards[0][0]]
    s.stack = []
    activate_sentinel(s, ("activate", 0, 0))
    assert ("task_special_effect", 0) in s.stack


# ----- bad content: a typed error naming the field ---------------------------------------------


def _set(path: str, index: int, key: str, value: Any, *keys: str | int) -> Callable[[Docs], None]:
    """Set `key` of entry `index` of the list reached by `keys` in the file `path`."""
    def edit(d: Docs) -> None:
        doc: Any = d[path]
        for k in keys:
            doc = doc[k]
        doc[index][key] = value
    return edit


BAD: list[tuple[str, Callable[[Docs], None], str]] = [
    ("negative move", _set("dofp.yaml", 0, "move", -1, "dofp", "master_plan"),
     "dofp.master_plan[0].move: a bare move is a clockwise count 0 to 5 (got -1); write "
     "{steps: 1, direction: counterclockwise}"),
    ("move of 6", _set("dofp.yaml", 0, "move", 6, "dofp", "master_plan"),
     "dofp.master_plan[0].move: a bare move is a clockwise count 0 to 5"),
    ("two kinds of move", _set("dofp.yaml", 1, "move", {"steps": 1, "toward": "most_heroes"},
                               "dofp", "master_plan"),
     "dofp.master_plan[1].move: a move names exactly one of 'steps', 'toward' or 'to' "
     "(got steps, toward)"),
    ("direction without steps", _set("dofp.yaml", 1, "move", {"to": "x", "direction":
                                                              "counterclockwise"},
                                     "dofp", "master_plan"),
     "dofp.master_plan[1].move: 'direction' goes with 'steps'"),
    ("unknown toward", _set("dofp.yaml", 1, "move", {"toward": "most_dogs"}, "dofp", "master_plan"),
     "dofp.master_plan[1].move.toward: "),
    ("unknown Location", _set("dofp.yaml", 1, "move", {"to": "atlantis"}, "dofp", "master_plan"),
     "dofp.yaml: dofp.master_plan[1].move.to: unknown Location 'atlantis'"),  # its file named
    ("card start", _set("heroes/logan.yaml", 0, "start", "pocket", "heroes", 0, "cards"),
     "heroes[0].cards[0].start: "),
    ("slots 6", _set("locations.yaml", 0, "slots", 6, "locations"), "locations[0].slots: "),
    ("start beyond slots", _set("locations.yaml", 0, "slots", 0, "locations"),
     "locations[0]: start: "),
    ("hazardous", _set("locations.yaml", 0, "hazardous", "very", "locations"),
     "locations[0].hazardous: "),
    ("Location verb", _set("locations.yaml", 0, "effect", [{"verb": "bam"}], "locations"),
     "locations[0]: effect[0].verb: 'bam' is not a verb of a Location"),
    ("Threat cost", _set("dofp.yaml", 0, "cost", ["punch"], "dofp", "threats"),
     "dofp.threats[0].cost[0]: "),
    ("empty note", _set("heroes/logan.yaml", 0, "unsupported", "", "heroes", 0, "cards"),
     "heroes[0].cards[0].unsupported: "),
    ("few Master Plans", lambda d: magistrate(d).__setitem__("master_plan",
                                                            magistrate(d)["master_plan"][:5]),
     "villains[0]: master_plan: Villain 'magistrate' has 5 Master Plan cards; a Master Plan "
     "deck has 6 to 24"),
    ("no Threats", lambda d: magistrate(d).__setitem__("threats", []), "villains[0].threats: "),
]


@pytest.mark.parametrize(("what", "edit", "expected"), BAD, ids=[b[0] for b in BAD])
def test_bad_structures_name_the_field(tmp_path, what, edit, expected):
    pack = owner_pack(tmp_path, edit)
    with pytest.raises(ContentError) as info:
        validate_path(pack)
    problems = info.value.problems
    assert len(problems) == 1, problems
    assert expected in problems[0], problems[0]



# ----- every structure at once: whole games keep the invariants ------------------------------


def _everything(d: Docs) -> None:
    """Every structure above in one pack."""
    _logan_extra(d)
    _wild_costs(d)
    locs = d["locations.yaml"]["locations"]
    for i, loc in enumerate(locs):
        loc["start"] = loc.get("start", "")[: (2, 0, 5)[i % 3]]
        loc["slots"] = (2, 0, 5)[i % 3]
    locs[0].update(hazardous=True, mandatory=True, effect=[
        {"verb": "damage_heroes_here", "amount": 1}, {"verb": "add_tokens_here", "tokens": "C"}])
    locs[1].update(effect=[{"verb": "lower_track", "amount": 1}, {"verb": "draw", "amount": 1}])
    moves = [{"steps": 1, "direction": "counterclockwise"}, {"to": locs[2]["id"]},
             {"toward": "most_thugs"}, {"steps": -2}]
    for deck in (d["dofp.yaml"]["dofp"]["master_plan"], magistrate(d)["master_plan"]):
        for i, card in enumerate(deck):
            if i % 2:
                card["move"] = moves[i % len(moves)]
    v = magistrate(d)
    v["threats"] = [dict(th, cost=["wild", *th.get("cost", [])][:8]) for th in v["threats"][:4]]
    v["master_plan"] = v["master_plan"][:8]


@pytest.mark.parametrize("mode", ["dofp", "standard"])
@pytest.mark.parametrize("agent", ["random", "heuristic"])
def test_whole_games_on_an_owner_pack_keep_the_invariants(tmp_path, mode, agent):
    import random

    from multiverse.united.dofp.game import from_json, to_json
    from multiverse.united.heuristic import UnitedHeuristic
    from multiverse.united.invariants import check_invariants

    pack = owner_pack(tmp_path, _everything)
    results = set()
    for seed in range(6 if agent == "random" else 2):
        config = UnitedConfig(mode=mode, content=str(pack), heroes=("logan", "storm", "blink"),
                              tie_break="clockwise")
        s = new_game(config, seed=seed)
        rnd, heur = random.Random(seed), UnitedHeuristic(seed)
        while (d := s.decision()) is not None:
            s.apply(rnd.choice(d.options).id if agent == "random" else heur.choose(d, s))
            check_invariants(s)
        results.add(s.result)
        assert from_json(to_json(s)).state_hash() == s.state_hash()
    assert results <= {"win", "loss"}


@pytest.mark.rule("MU-18")
def test_an_attack_fills_the_last_wild_symbol_and_clears_the_threat(tmp_path):
    from mu_support import opt_ids, play, position, ring

    pack = owner_pack(tmp_path, _wild_costs)  # every Threat costs Heroic, Wild, Wild
    heroes = [{"id": "logan", "location": 4, "hand": ["Rusted Claws", "Slow Mend"]},
              {"id": "storm", "location": 3}]
    s = position(config={"content": str(pack)}, heroes=heroes, step="play",
                 turn={"hero": "logan"}, phase="nimrod", nimrod={"location": 0, "health": 8},
                 master_plan=["Cold Survey of the Ruins"],
                 locations=ring(p4={"filled": ["heroic", "wild"], "civilians": 0}))
    assert view(s, 0)["locations"][4]["threat"]["need"] == {"wild": 1}
    play(s, "Rusted Claws")
    assert "fill:attack" in opt_ids(s) and "fill:move" not in opt_ids(s)
    s.apply("fill:attack")
    assert s.threat[4] == -1 and wild_left(s, 4) == 0


_MOVES = st.one_of(
    st.integers(-20, 20), st.text(max_size=12), st.booleans(), st.floats(allow_nan=False),
    st.lists(st.integers(), max_size=2),
    st.dictionaries(st.sampled_from(["steps", "direction", "toward", "to", "spin"]),
                    st.one_of(st.integers(-8, 8), st.sampled_from(
                        ["clockwise", "counterclockwise", "most_thugs", "most_cards", "nowhere",
                         "burned-mansion", "Up"])), max_size=3),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(move=_MOVES)
def test_any_move_is_accepted_or_named_in_one_line(tmp_path_factory, move):
    """Whatever is written as a move, the pack loads or `content validate` names the move."""
    base = tmp_path_factory.getbasetemp() / "moves"
    if not base.exists():
        owner_pack(base, lambda d: None)
    pack = base / "pack"
    f = pack / "dofp.yaml"
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    doc["dofp"]["master_plan"][0]["move"] = move
    f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    try:
        content = validate_path(pack)
    except ContentError as exc:
        assert all(p.startswith(f"{f}: dofp.master_plan[0].move") for p in exc.problems), \
            exc.problems
        return
    card = content.dofp.master_plan[0]
    compiled = compile_move(card.move, {loc.id: i for i, loc in enumerate(content.locations)})
    assert compiled[0] in ("steps", "toward", "to")
    if compiled[0] == "steps":
        assert -5 <= compiled[1] <= 5
