"""Components beyond the cards (issue 12): a hero's companion, a hero's clones and team
cards, each played on a real position of an original test pack (the default pack with Logan
given a companion, Old Hound, and 2 clones, and a team card shared by Logan and Storm).

The ring is `mu_support`'s: Sentinels I and II at ring 0, Logan at ring 0 and Storm at ring 3
unless stated; ring 1 holds two Thugs, ring 3 two Civilians, ring 4 two Civilians and a Thug.
"""

from __future__ import annotations

import json
import shutil
from typing import Any

import pytest
import yaml
from mu_support import opt_ids, play_out, position, ring

from multiverse import ContentError, PositionError
from multiverse.content.loader import default_pack_path, load_content
from multiverse.content.schema import Effect, Hero, UnitedContent
from multiverse.united.config import UnitedConfig
from multiverse.united.determinize import determinize
from multiverse.united.dofp.game import from_json, new_game, to_json
from multiverse.united.invariants import check_invariants
from multiverse.united.render import render_board
from multiverse.united.state import UnitedState
from multiverse.united.verbs import describe
from multiverse.united.view import view

Step = dict[str, Any]
TEAM = {"name": "Storm Front", "heroes": ["logan", "storm"],
        "effect": [{"verb": "gain_token", "symbol": "attack"}]}


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The default pack with Logan's companion and clones and one team card."""
    dest = tmp_path_factory.mktemp("components") / "pack"
    shutil.copytree(default_pack_path(), dest)
    f = dest / "heroes" / "logan.yaml"
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    doc["heroes"][0].update(companion={"name": "Old Hound"}, clones=2)
    f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    (dest / "team.yaml").write_text(yaml.safe_dump({"team_cards": [TEAM]}), encoding="utf-8")
    return str(dest)


def played(pack: str, effect: list[Step], logan: int = 0, storm: int = 3, **doc: Any) -> UnitedState:
    """Logan (ring `logan`) has just played the test card *Owner's Card* (a Move and the
    effect); Storm stands at ring `storm`."""
    card = {"name": "Owner's Card", "symbols": ["move"], "effect": effect}
    lo = {"id": "logan", "location": logan, "hand": ["Owner's Card"], **doc.pop("logan_extra", {})}
    st = {"id": "storm", "location": storm, **doc.pop("storm_extra", {})}
    turn = doc.pop("turn", {"hero": "logan"})
    return position(config={"content": pack}, heroes=[lo, st], cards={"logan": [card]},
                    step="play", turn=turn, **doc)


# ----- companions -----------------------------------------------------------------------
@pytest.mark.rule("MU-7")
def test_a_companion_starts_with_its_hero_and_is_seen_by_everyone(pack):
    s = new_game(UnitedConfig(content=pack, heroes=("logan", "storm")), seed=4)
    assert s.comp == [s.hero_loc[0], -1]
    v = view(s, 1)  # Storm's seat sees Logan's companion
    assert v["companions"] == [{"hero": "logan", "name": "Old Hound", "location": s.hero_loc[0]}]
    assert v["clones"] == [{"hero": "logan", "locations": [], "reserve": 2}]
    check_invariants(s)
    default = new_game(UnitedConfig(heroes=("logan", "storm")), seed=4)
    assert default.comp == [] and "companions" not in view(default, 0)


@pytest.mark.rule("MU-7")
def test_a_companion_may_start_at_a_ring_position(tmp_path):
    dest = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dest)
    f = dest / "heroes" / "storm.yaml"
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    doc["heroes"][0]["companion"] = {"name": "Gale", "starts": 5}
    f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    s = new_game(UnitedConfig(content=str(dest), heroes=("logan", "storm")), seed=1)
    assert s.comp == [-1, 5]


@pytest.mark.rule("MU-17")
def test_move_the_companion_two_steps(pack):
    s = played(pack, [{"verb": "move_companion", "amount": 2}])
    assert s.comp[0] == 0
    s.apply("effect")
    assert s.decision().kind == "move_companion" and opt_ids(s) == ["to:5", "to:1"]
    s.apply("to:1")
    assert opt_ids(s) == ["to:0", "to:2", "stay"]
    s.apply("to:2")
    assert s.comp[0] == 2 and s.hero_loc[0] == 0
    assert "Old Hound (Logan's companion) moves to" in s.log[-1].text


@pytest.mark.rule("MU-17")
def test_the_companion_may_stop_after_one_step(pack):
    s = played(pack, [{"verb": "move_companion", "amount": 2}])
    s.apply("effect")
    s.apply("to:5")
    s.apply("stay")
    assert s.comp[0] == 5 and s.decision().kind == "resolve_actions"


@pytest.mark.rule("MU-17")
def test_call_the_companion_to_your_location(pack):
    s = played(pack, [{"verb": "move_companion", "where": "your_location"}], logan=2,
               logan_extra={"companion": 4})
    s.apply("effect")  # one place to go: it resolves by itself
    assert s.comp[0] == 2


@pytest.mark.rule("MU-17")
def test_you_may_move_to_your_companion_is_asked_in_the_cards_words(pack):
    s = played(pack, [{"verb": "move", "where": "companion", "optional": True}], logan=1,
               logan_extra={"companion": 3})
    s.apply("effect")
    d = s.decision()
    assert d.kind == "may" and d.prompt == "Logan: Owner's Card: you may move to your companion's Location"
    assert [o.label for o in d.options] == ["Resolve: move to your companion's Location", "Decline"]
    s.apply("resolve")  # the one place: Logan moves there by himself
    assert s.hero_loc[0] == 3


@pytest.mark.rule("MU-18")
def test_rescue_at_the_companions_location(pack):
    # Old Hound waits at ring 3 (two Civilians); Logan, at ring 1, rescues one there
    s = played(pack, [{"verb": "take_action", "symbol": "heroic", "where": "companion"}], logan=1,
               logan_extra={"companion": 3}, locations=ring(threats=[None] * 6))
    s.apply("effect")  # the one place: it resolves by itself
    assert s.civ[3] == 1 and s.civ[1] == 0 and s.hero_loc[0] == 1


@pytest.mark.rule("MU-17")
def test_move_to_your_companion(pack):
    s = played(pack, [{"verb": "move", "where": "companion"}], logan=0, logan_extra={"companion": 4})
    s.apply("effect")
    assert s.hero_loc[0] == 4 and s.comp[0] == 4


@pytest.mark.rule("MU-17")
def test_amount_per_companion_here(pack):
    near = played(pack, [{"verb": "gain_token", "symbol": "heroic", "amount": 2, "per": "companion_here"}],
                  logan_extra={"companion": 0})
    near.apply("effect")
    far = played(pack, [{"verb": "gain_token", "symbol": "heroic", "amount": 2, "per": "companion_here"}],
                 logan_extra={"companion": 2})
    far.apply("effect")
    assert near.tokens[2] == 2 and far.tokens[2] == 0


@pytest.mark.rule("MU-21")
def test_a_companion_is_not_a_hero(pack):
    # Logan alone at ring 2 with his companion: "per hero here" counts 1; the companion takes
    # no damage and is not a target of the Sentinels
    s = played(pack, [{"verb": "draw", "per": "heroes_here"}], logan=2, logan_extra={"companion": 2})
    deck = len(s.deck[0])
    s.apply("effect")
    assert len(s.deck[0]) == deck - 1
    v = view(s, 0)
    assert [h["id"] for h in v["heroes"] if h["location"] == 2] == ["logan"]


@pytest.mark.rule("MU-17")
def test_wren_halloways_kestrel_scouts_then_she_strikes_where_it_flies():
    # the default pack's original hero Wren Halloway (ring 3) and her companion Kestrel
    s = position(heroes=[{"id": "wren-halloway", "location": 3, "hand": ["Kestrel Scouts"]},
                         {"id": "logan", "location": 3}],
                 step="play", turn={"hero": "wren-halloway"})
    assert s.comp == [3, -1]
    s.apply("effect")
    s.apply("to:2")
    s.apply("to:1")
    assert s.comp[0] == 1 and "Kestrel (Wren Halloway's companion) moves to" in s.log[-1].text
    assert opt_ids(s) == ["attack:1:thug", "stop"]  # you may Attack where Kestrel is
    s.apply("attack:1:thug")
    assert s.thug[1] == 1 and s.hero_loc[0] == 3


# ----- clones ---------------------------------------------------------------------------
@pytest.mark.rule("MU-17")
def test_place_two_clones_and_attack_where_one_stands(pack):
    s = played(pack, [{"verb": "place_clone", "where": "any", "amount": 2},
                      {"verb": "take_action", "symbol": "attack", "where": "a_clone"}],
               logan=3, locations=ring(threats=[None] * 6))
    s.apply("effect")
    assert s.decision().kind == "place_clone" and len(opt_ids(s)) == 6
    s.apply("to:1")
    s.apply("to:5")
    assert sorted(s.clone_at[1::2]) == [1, 5]
    # the Attack: a Thug at ring 1 or at ring 5 (where the clones stand), not here (ring 3)
    assert opt_ids(s) == ["attack:1:thug", "attack:5:thug"]
    s.apply("attack:5:thug")
    assert s.thug[5] == 0 and s.thug[1] == 2
    assert view(s, 1)["clones"] == [{"hero": "logan", "locations": [1, 5], "reserve": 0}]


@pytest.mark.rule("MU-17")
def test_an_empty_reserve_places_no_clone(pack):
    s = played(pack, [{"verb": "place_clone"}], logan_extra={"clones": [1, 2]})
    s.apply("effect")
    assert sorted(s.clone_at[1::2]) == [1, 2] and s.decision().kind == "resolve_actions"


@pytest.mark.rule("MU-17")
def test_remove_a_clone_back_to_the_reserve(pack):
    s = played(pack, [{"verb": "remove_clone"}, {"verb": "draw", "per": "clones_in_play"}],
               logan_extra={"clones": [1, 4]})
    deck = len(s.deck[0])
    s.apply("effect")
    assert opt_ids(s) == ["from:1", "from:4"]
    s.apply("from:4")
    assert s.clone_at == [0, 1] and len(s.deck[0]) == deck - 1  # one clone left: draw 1
    assert view(s, 0)["clones"][0]["reserve"] == 1


# ----- team cards -----------------------------------------------------------------------
@pytest.mark.rule("MU-18")
def test_a_team_card_is_used_once_per_round(pack):
    s = played(pack, [])
    assert "team:0" in opt_ids(s)
    s.apply("team:0")
    assert s.tokens[1] == 1 and s.team == [s.round]
    assert "team:0" not in opt_ids(s) and view(s, 0)["team_cards"][0]["used_this_round"]
    # Storm (the other hero of the team) cannot use it again this round either
    while s.active != 1:
        d = s.decision()
        s.apply("end" if "end" in opt_ids(s) else d.options[0].id)
    while s.decision().kind != "resolve_actions":
        s.apply(s.decision().options[0].id)
    assert "team:0" not in opt_ids(s)


@pytest.mark.rule("MU-18")
def test_a_team_card_comes_back_in_the_next_round(pack):
    s = played(pack, [], turn={"hero": "logan", "round": 2})
    s.team[0] = 1  # used in round 1
    s.refresh_decision()
    s.apply("team:0")
    assert s.team == [2] and s.tokens[1] == 1


@pytest.mark.rule("MU-18")
def test_a_team_card_is_only_for_its_team(pack, tmp_path):
    dest = tmp_path / "storm-only"
    shutil.copytree(pack, dest)
    (dest / "team.yaml").write_text(yaml.safe_dump({"team_cards": [{**TEAM, "heroes": ["storm"]}]}),
                                    encoding="utf-8")
    s = played(str(dest), [])
    assert s.T.team_heroes == (frozenset({1}),)
    assert not any(i.startswith("team:") for i in opt_ids(s))
    storm = played(str(dest), [], turn={"hero": "storm"}, storm_extra={"hand": ["Gale Force"]})
    assert storm.active == 1 and "team:0" in opt_ids(storm)


# ----- saved games, positions, determinization, the board --------------------------------
def test_figures_and_team_cards_are_saved_and_loaded(pack):
    s = played(pack, [{"verb": "place_clone", "where": "any"}], logan_extra={"companion": 5})
    s.apply("team:0")
    s.apply("effect")
    s.apply("to:2")
    back = from_json(json.loads(to_json(s)))
    assert back == s and back.state_hash() == s.state_hash()
    assert (back.comp, back.clone_at, back.team) == ([5, -1], [0, 2], [1])
    bad = json.loads(to_json(s))
    bad["state"]["comp"] = "five"
    with pytest.raises(Exception, match="'comp' is a list of whole numbers"):
        from_json(bad)


def test_a_position_places_only_figures_a_hero_has(pack):
    with pytest.raises(PositionError, match=r"heroes\[1\]\.companion: Storm has no companion"):
        played(pack, [], storm_extra={"companion": 2})
    with pytest.raises(PositionError, match=r"heroes\[0\]\.clones: Logan has 2 clones, not 3"):
        played(pack, [], logan_extra={"clones": [1, 2, 3]})


def test_determinization_keeps_the_figures(pack):
    import random

    s = played(pack, [], logan_extra={"companion": 4, "clones": [2]})
    det = determinize(s, 1, random.Random(3))
    assert (det.comp, det.clone_at, det.team) == (s.comp, s.clone_at, s.team)
    assert view(det, 1) == view(s, 1)


def test_the_board_shows_companions_clones_and_team_cards(pack):
    from rich.console import Console

    s = played(pack, [], logan_extra={"companion": 4, "clones": [2, 2]})
    console = Console(width=120, record=True)
    console.print(render_board(s, 0))
    out = console.export_text()
    assert "Old Hound (Logan's companion)" in out and "Logan's 2 clones" in out
    assert "Team card Storm Front (Logan, Storm): gain 1 Attack token" in out


def test_the_card_command_reads_a_team_card(pack):
    from multiverse.united.cardtext import card_texts

    s = played(pack, [{"verb": "move_companion", "where": "any"}])
    texts = card_texts(s.T)
    assert texts["Storm Front"] == ("Storm Front — team card (Logan, Storm), once per round: "
                                    "gain 1 Attack token")
    assert texts["Owner's Card"].endswith("move your companion to any Location] — Logan's hero card")


def test_card_text_names_the_new_words():
    assert describe(("move_companion", 1, -1)) == "move your companion"
    assert describe(("move_companion", 2, -1)) == "move your companion 2 Locations"
    assert describe(("place_clone", 2, -1)) == "place 2 clones"
    assert describe(("remove_clone", 1, -1)) == "remove 1 clone"


@pytest.mark.rule("MU-17")
def test_the_component_words_read_as_words_on_a_card():
    from multiverse.united.cardtext import effect_text
    from multiverse.united.tables import compile_effects

    fx = compile_effects([Effect(verb="take_action", symbol="heroic", where="companion"),
                          Effect(verb="take_action", symbol="attack", where="a_clone"),
                          Effect(verb="move", where="companion"),
                          Effect(verb="move_companion", where="your_location"),
                          Effect(verb="place_clone", amount=2, where="adjacent"),
                          Effect(verb="gain_token", symbol="heroic", per="companion_here"),
                          Effect(verb="draw", per="clones_in_play", optional=True)])
    assert effect_text(fx).split("; ") == [
        "take 1 Heroic action now in your companion's Location",
        "take 1 Attack action now in a Location with one of your clones",
        "move to your companion's Location",
        "move your companion to your Location",
        "place 2 clones in an adjacent Location",
        "gain 1 Heroic token if your companion is in your Location",
        "you may draw 1 card for each of your clones on the board"]


# ----- errors naming the field ----------------------------------------------------------
def _hero(**extra: Any) -> dict[str, Any]:
    return {"id": "x", "name": "X", "cards": [{"name": f"c{i}", "symbols": ["move"]} for i in range(11)]
            + [{"name": "Odd", "effect": extra.pop("effect")}], **extra}


@pytest.mark.parametrize(("hero", "message"), [
    (_hero(effect=[{"verb": "move_companion"}]),
     r"cards\[11\]\.effect\[0\]\.verb: 'move_companion' needs a companion, and hero 'x' has none"),
    (_hero(effect=[{"verb": "take_action", "symbol": "attack", "where": "a_clone"}], companion={"name": "C"}),
     r"cards\[11\]\.effect\[0\]\.where: 'a_clone' needs clones"),
    (_hero(effect=[{"verb": "choose_one",
                    "options": [[{"verb": "draw"}], [{"verb": "draw", "per": "companion_here"}]]}]),
     r"cards\[11\]\.effect\[0\]\.options\[1\]\[0\]\.per: 'companion_here' needs a companion"),
    (_hero(effect=[{"verb": "draw"}], companion={"name": "C", "starts": 6}), r"companion\.starts"),
    (_hero(effect=[{"verb": "draw"}], clones=-1), r"clones"),
])
def test_a_component_word_without_the_component_is_an_error(hero, message):
    with pytest.raises(ValueError, match=message):
        Hero.model_validate(hero)


@pytest.mark.parametrize(("step", "message"), [
    ({"verb": "move_companion", "where": "a_hero"}, r"where: 'a_hero' is not a place for verb 'move_companion'"),
    ({"verb": "take_action", "symbol": "heroic", "where": "companion", "who": "another_hero"},
     r"who: an action at your companion's Location is taken by you"),
    ({"verb": "place_clone", "where": "companion"}, r"where: 'companion' is not a place for verb 'place_clone'"),
    ({"verb": "remove_clone", "where": "any"}, r"it takes no 'where'"),
    ({"verb": "rescue", "where": "a_clone"}, r"where: 'a_clone' is not a place for verb 'rescue'"),
])
def test_a_misplaced_component_word_is_an_error(step, message):
    with pytest.raises(ValueError, match=message):
        Effect.model_validate(step)


def test_a_team_card_names_heroes_of_the_pack(pack, tmp_path):
    doc = load_content(pack).model_dump()
    doc["team_cards"] = [{**TEAM, "heroes": ["logan", "nobody"]}]
    with pytest.raises(ValueError, match=r"team_cards\.0\.heroes\.1\n  unknown hero id 'nobody'"):
        UnitedContent.model_validate(doc)
    doc["team_cards"] = [{**TEAM, "effect": [{"verb": "move_companion"}]}]
    with pytest.raises(ValueError, match=r"team_cards\.0\n  effect\[0\]\.verb: 'move_companion' "
                                         r"needs a companion, and hero 'storm' has none"):
        UnitedContent.model_validate(doc)
    doc["team_cards"] = [TEAM, {**TEAM, "heroes": ["storm"]}]
    with pytest.raises(ValueError, match=r"team_cards\.1\.name\n  two team cards are named 'Storm Front'"):
        UnitedContent.model_validate(doc)
    doc["team_cards"] = [{**TEAM, "effect": [{"verb": "bam"}]}]
    with pytest.raises(ValueError, match=r"effect\[0\]\.verb: 'bam' is not a hero verb"):
        UnitedContent.model_validate(doc)


def test_a_pack_error_names_the_file(pack, tmp_path):
    dest = tmp_path / "bad"
    shutil.copytree(pack, dest)
    (dest / "team.yaml").write_text(yaml.safe_dump({"team_cards": [{**TEAM, "heroes": ["zed"]}]}),
                                    encoding="utf-8")
    with pytest.raises(ContentError, match=r"team\.yaml: team_cards\[0\]\.heroes\[0\]: unknown hero id 'zed'"):
        load_content(str(dest))


# ----- whole games ----------------------------------------------------------------------
PLAY_CARDS = [
    {"name": "Pack Hunt", "symbols": ["wild"], "effect": [
        {"verb": "place_clone", "where": "adjacent"}, {"verb": "move_companion"},
        {"verb": "take_action", "symbol": "wild", "where": "a_clone", "optional": True}]},
    {"name": "Heel", "symbols": ["move"], "effect": [
        {"verb": "remove_clone"}, {"verb": "take_action", "symbol": "attack", "where": "companion"},
        {"verb": "draw", "per": "clones_in_play"}]},
    {"name": "Scatter", "symbols": ["heroic"], "effect": [
        {"verb": "place_clone", "where": "any", "amount": 2, "optional": True},
        {"verb": "move_companion", "where": "any"},
        {"verb": "move", "where": "companion", "optional": True},
        {"verb": "rescue", "per": "companion_here"}]},
]


@pytest.fixture(scope="module")
def play_pack(pack: str, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The test pack with three of Logan's cards replaced by cards using every new word."""
    dest = tmp_path_factory.mktemp("play") / "pack"
    shutil.copytree(pack, dest)
    f = dest / "heroes" / "logan.yaml"
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    doc["heroes"][0]["cards"][-3:] = PLAY_CARDS
    f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return str(dest)


def whole_game(pack: str, mode: str, agent: Any, seed: int, roundtrip: bool = False) -> UnitedState:
    s = new_game(UnitedConfig(content=pack, mode=mode, heroes=("logan", "storm", "bishop")), seed=seed)

    def round_trip(s: UnitedState, d: Any) -> None:
        if roundtrip and d.kind in ("move_companion", "place_clone", "remove_clone"):
            back = from_json(json.loads(to_json(s)))
            assert back == s and back.decision() == d

    play_out(s, agent, check_invariants, round_trip)
    return s


@pytest.mark.parametrize("mode", ["dofp", "standard"])
def test_random_games_with_components_keep_the_invariants(play_pack, mode):
    from multiverse.agents.random_agent import RandomAgent

    kinds: set[str] = set()
    used = 0
    for seed in range(10):
        agent = RandomAgent(seed)
        seen: list[str] = []
        choose = agent.choose

        def spy(d: Any, s: UnitedState, choose: Any = choose, seen: list[str] = seen) -> str:
            seen.append(d.kind)
            return choose(d, s)

        agent.choose = spy  # type: ignore[method-assign]
        s = whole_game(play_pack, mode, agent, seed, roundtrip=True)
        kinds |= set(seen)
        used += s.team[0] > 0  # the team card was used in some round
    assert {"move_companion", "place_clone"} <= kinds and used >= 5


@pytest.mark.parametrize("mode", ["dofp", "standard"])
def test_heuristic_and_search_agents_play_the_components(play_pack, mode):
    from multiverse.agents.heuristic import HeuristicAgent
    from multiverse.agents.ismcts import ISMCTSAgent

    for seed in range(3):
        whole_game(play_pack, mode, HeuristicAgent(seed), seed)
    whole_game(play_pack, mode, ISMCTSAgent(seed=1, iterations=10), 2)


@pytest.mark.rule("MU-1")
def test_swapped_locations_carry_the_companion_and_the_clones(pack):
    # Logan (ring 1) with Old Hound at ring 0 and a clone at ring 1 swaps ring 1 with ring 0
    s = played(pack, [{"verb": "swap_locations"}], logan=1,
               logan_extra={"companion": 0, "clones": [1, 4]})
    s.apply("effect")
    s.apply("swap:0:1")
    assert s.comp == [1, -1] and s.clone_at == [0, 0, 0, 4]
    assert s.hero_loc[0] == 0  # Logan stays on his Location, now at ring 0
    check_invariants(s)
