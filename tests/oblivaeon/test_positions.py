"""OblivAeon positions (docs/oblivaeon-positions.md): each field sets exactly what it says, a
position plays on, every malformed position raises `PositionError` naming the field, and
hypothesis feeds malformed ones. On the small test pack of `support` (never the default
pack's cards), except the documentation's example, which loads with the default pack."""

from __future__ import annotations

import copy
import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from multiverse.engine.errors import PositionError
from multiverse.sentinels.oblivaeon.config import OblivaeonConfig
from multiverse.sentinels.oblivaeon.game import new_game
from multiverse.sentinels.oblivaeon.invariants import check_invariants
from multiverse.sentinels.oblivaeon.position import KNOWN, load_oblivaeon_position
from multiverse.sentinels.oblivaeon.setup import ASIDE, GONE, UNUSED
from multiverse.sentinels.state import (
    Z_BOX,
    Z_HAND,
    Z_PLAY,
    Z_REMOVED,
    Z_UNDER,
    SentinelsState,
)
from multiverse.sentinels.zones import cards_under

from .support import ENV_IDS, environment, hero, pack, variant, write_pack

DOCS = Path(__file__).resolve().parents[2] / "docs" / "examples" / "oblivaeon.yaml"
HEROES = ["alpha", "beta", "gamma"]
LINE = re.compile(r"^(\S.*: )?position: [^\n]+$")
NET = "the game cannot run on from this position"


@pytest.fixture(scope="module")
def content(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The test pack, with cards that stay in play: Beta's device and ongoing, an
    environment target, Gamma's two-sided tokens."""
    beta = hero("beta", cards=[{"name": "Beta Drone", "kind": "device", "hp": 3, "copies": 2},
                               {"name": "Beta Ward", "kind": "ongoing", "limited": True}])
    gamma = hero("gamma")
    gamma["tokens"] = {"sides": ["sun", "moon"], "start": ["sun", "moon"]}
    envs = [environment(ENV_IDS[0], [{"name": "Env Beast", "kind": "target", "hp": 5}])]
    alpha = hero("alpha", variants=[variant("Alpha Requital", under_blocks=True),
                                    variant("Alpha Dawn")])
    return write_pack(tmp_path_factory.mktemp("obl-pos"), pack(heroes=[alpha, beta, gamma], envs=envs))


def doc_of(content: str, **fields: Any) -> dict[str, Any]:
    """A position on the test pack: heroes alpha, beta, gamma; env-one in zone 1, env-two in
    zone 2; Shield A (Scion One in zone 1; Scion Two, bottom of the Reserve, in zone 2)."""
    return {"config": {"content": content, "environments": list(ENV_IDS), "shield": "Shield A",
                       "scion_order": ["Scion Two", "Scion Three", "Scion Four"]},
            "heroes": list(HEROES), "seed": 2, **copy.deepcopy(fields)}


def load(content: str, **fields: Any) -> SentinelsState:
    s = load_oblivaeon_position(doc_of(content, **fields))
    check_invariants(s)
    return s


def refused(content: str, where: str, **fields: Any) -> str:
    """The error of a malformed position: one line per problem, naming `where`."""
    with pytest.raises(PositionError) as info:
        load_oblivaeon_position(doc_of(content, **fields))
    text = str(info.value)
    assert f"position: {where}: " in text, text
    check_error(text)
    return text


def check_error(text: str) -> None:
    assert text and NET not in text, text
    for bad in ("Traceback", "pydantic", "errors.pydantic.dev"):
        assert bad not in text, text
    assert all(LINE.match(line) for line in text.split("\n")), text


def card(s: SentinelsState, name: str, nth: int = 0) -> int:
    return [c for c in range(len(s.T.card)) if s.T.name[c] == name][nth]


def named(s: SentinelsState, cards: list[int]) -> list[str]:
    return [s.T.name[c] for c in cards]


def env(s: SentinelsState, eid: str) -> int:
    return s.T.envs[s.T.env_ids.index(eid)]


# ----- what each field sets ------------------------------------------------------------------
def test_an_empty_position_is_the_new_game_of_its_configuration_and_seed(content: str) -> None:
    d = doc_of(content)
    s = load_oblivaeon_position(d)
    new = new_game(OblivaeonConfig(heroes=tuple(HEROES), **d["config"]), seed=2)
    assert s.key() == new.key()


def test_seed_and_heroes_make_the_configuration(content: str) -> None:
    s = load(content, heroes=["gamma", "delta", "alpha", "beta"], seed=7)
    assert s.T.hero_ids == ("gamma", "delta", "alpha", "beta") and s.T.n_heroes == 4
    assert s.key() == new_game(s.T.config, seed=7).key()


def test_the_players_heroes_make_the_configuration_when_heroes_are_unstated(content: str) -> None:
    d = doc_of(content, players=[{"hero": "Alpha Dawn"}, {"hero": "delta"}, {"hero": "beta"}])
    del d["heroes"]
    s = load_oblivaeon_position(d)
    assert s.T.hero_ids == ("alpha", "delta", "beta")
    assert named(s, s.char) == ["Alpha Dawn", "Delta", "Beta"]


def test_counters(content: str) -> None:
    s = load(content, counters={"Devastation": 7, "Countdown": 3})
    assert s.ctr[s.T.counter_index["Devastation"]] == 7
    assert s.ctr[s.T.counter_index["Countdown"]] == 3


def test_oblivaeon_zone_form_and_hp_and_his_shield_goes_with_him(content: str) -> None:
    s = load(content, oblivaeon={"zone": 2, "form": 1, "hp": 25})
    vc = s.T.villain_character
    assert (s.bz[vc], s.face[vc], s.hp[vc]) == (1, 1, 25)
    assert s.bz[card(s, "Shield A")] == 1


def test_shield_face_tokens_and_another_shield(content: str) -> None:
    s = load(content, shield={"name": "Shield B", "face": 1, "tokens": 2})
    sh = card(s, "Shield B")
    assert (s.zone[sh], s.face[sh], s.tok[sh]) == (Z_PLAY, 1, 2)
    assert s.zone[card(s, "Shield A")] == Z_BOX
    assert s.bz[card(s, "Scion Two")] == 0  # Shield B brings forth Scion Two (OBL-S4)


def test_a_removed_shield(content: str) -> None:
    s = load(content, shield={"removed": True})
    assert s.zone[card(s, "Shield A")] == Z_REMOVED


def test_reserve_bottom_first_and_scions_nowhere_are_removed(content: str) -> None:
    s = load(content, reserve=["Scion Four"])
    assert named(s, s.reserve) == ["Scion Four"]
    assert s.zone[card(s, "Scion Three")] == Z_REMOVED
    assert s.zone[card(s, "Scion One")] == Z_PLAY and s.zone[card(s, "Scion Two")] == Z_PLAY


def test_scions_in_each_zone(content: str) -> None:
    s = load(content, zones=[{"scions": [{"name": "Scion Three", "hp": 7, "face": 0}]},
                             {"scions": ["Scion One", "Scion Two"]}])
    three, one, two = card(s, "Scion Three"), card(s, "Scion One"), card(s, "Scion Two")
    assert (s.zone[three], s.bz[three], s.hp[three]) == (Z_PLAY, 0, 7)
    assert (s.bz[one], s.bz[two]) == (1, 1)
    assert named(s, s.reserve) == ["Scion Four"]


def test_a_scion_displaced_from_a_stated_zone_is_removed(content: str) -> None:
    s = load(content, zones=[{"scions": []}])
    assert s.zone[card(s, "Scion One")] == Z_REMOVED
    assert named(s, s.reserve) == ["Scion Three", "Scion Four"]


def test_villain_cards_in_play_and_villain_decks(content: str) -> None:
    s = load(content, zones=[{}, {"villain_play": [{"name": "Aeon Grunt", "hp": 2, "tokens": 1}]}],
             villain_decks={"oblivaeon": {"deck": ["Void Lull"], "trash": ["Void Lull"]},
                            "aeon_men": {"trash": ["Aeon Grunt"]}},
             turn={"whose": "player 1"})
    t = s.T
    grunts = [c for c in range(len(t.card)) if t.name[c] == "Aeon Grunt"]
    in_play = [c for c in grunts if s.zone[c] == Z_PLAY]
    assert len(in_play) == 1 and (s.bz[in_play[0]], s.hp[in_play[0]], s.tok[in_play[0]]) == (1, 2, 1)
    am = t.named_decks["aeon_men"]
    assert named(s, s.trash[am]) == ["Aeon Grunt"] and len(s.deck[am]) == 2
    ob = t.named_decks["oblivaeon"]
    assert named(s, s.deck[ob]) == ["Void Lull"] and named(s, s.trash[ob]) == ["Void Lull"]
    assert sum(1 for c in t.deck_cards[ob] if s.zone[c] == Z_BOX) == 4


def test_mission_deck_whole_top_first_or_its_top(content: str) -> None:
    s = load(content, mission_deck=["Mission Gamma", "Mission Alpha"])
    m = s.T.mission
    assert named(s, s.deck[m][::-1]) == ["Mission Gamma", "Mission Alpha"]
    assert s.zone[card(s, "Mission Beta")] == Z_BOX
    s = load(content, mission_deck={"top": ["Mission Delta", "Mission Beta"]})
    assert named(s, s.deck[m][::-1][:2]) == ["Mission Delta", "Mission Beta"] and len(s.deck[m]) == 4


def test_environments_in_zones_set_aside_and_removed(content: str) -> None:
    s = load(content, zones=[{"environment": "env-four"}, {"environment": {"id": "env-one"}}],
             set_aside=["env-two"], removed_environments=["env-three", "env-five"])
    assert [s.azone[env(s, e)] for e in ENV_IDS] == [1, ASIDE, GONE, 0, GONE]
    assert all(s.zone[c] == Z_REMOVED for c in s.T.deck_cards[env(s, "env-three")])
    assert len(s.deck[env(s, "env-four")]) == 10


def test_an_environment_not_in_the_setup_comes_in_and_the_fifth_is_unused(content: str) -> None:
    d = doc_of(content, zones=[{"environment": "env-five"}], removed_environments=["env-one"])
    d["config"]["environments"] = ["env-one", "env-two", "env-three", "env-four", "env-five"]
    s = load_oblivaeon_position(d)
    assert s.azone[env(s, "env-five")] == 0 and s.azone[env(s, "env-one")] == GONE
    assert sum(1 for o in s.T.envs if s.azone[o] == ASIDE) == 2
    assert sum(1 for o in s.T.envs if s.azone[o] == UNUSED) == 0
    assert len(s.T.envs) == 5


def test_environment_cards(content: str) -> None:
    s = load(content, zones=[{"environment": {"id": "env-one", "play": [{"name": "Env Beast", "hp": 2}],
                                              "trash": ["Calm"], "deck": ["Calm", "Calm"]}}])
    o = env(s, "env-one")
    beast = card(s, "Env Beast")
    assert (s.zone[beast], s.hp[beast], s.bz[beast], s.home[beast]) == (Z_PLAY, 2, 0, o)
    assert len(s.deck[o]) == 2 and named(s, s.trash[o]) == ["Calm"]


def test_a_player_zone_hp_and_cards(content: str) -> None:
    s = load(content, players=[{}, {"zone": 2, "hp": 9, "hand": ["Beta Drone"], "trash": ["Filler"],
                                    "play": [{"name": "Beta Drone", "hp": 1}, "Beta Ward"]}])
    c = s.char[1]
    assert (s.azone[1], s.hp[c], s.bz[c]) == (1, 9, 1)
    assert named(s, s.hand[1]) == ["Beta Drone"] and named(s, s.trash[1]) == ["Filler"]
    drones = [x for x in s.play[1] if s.T.name[x] == "Beta Drone"]
    assert len(drones) == 1 and s.hp[drones[0]] == 1 and s.bz[drones[0]] == 1
    assert len(s.deck[1]) == 40 - 4
    assert s.T.name[s.inplay[-1]] == "Beta Ward"


def test_a_stated_zone_takes_its_copies_from_the_deck_not_from_an_unstated_hand(content: str) -> None:
    s0 = load(content)
    fillers = sum(1 for c in s0.hand[0] if s0.T.name[c] == "Filler")
    s = load(content, players=[{"trash": ["Filler"] * (fillers + 1)}])
    assert s.hand[0] == s0.hand[0] and len(s.deck[0]) == 36 - fillers - 1


def test_a_player_deck_whole_or_its_top(content: str) -> None:
    s = load(content, players=[{"deck": ["Filler", "Filler"]}])
    assert len(s.deck[0]) == 2 and len(s.hand[0]) == 4
    s = load(content, players=[{}, {"deck": {"top": ["Beta Ward"]}}])
    assert s.T.name[s.deck[1][-1]] == "Beta Ward" and len(s.deck[1]) == 36


def test_a_player_tokens(content: str) -> None:
    s = load(content, players=[{}, {}, {"tokens": {"sun": 1, "moon": 2}}])
    assert s.htok[2] == [0, 1, 1]
    s = load(content, players=[{}, {}, {"tokens": ["moon", "sun"]}])
    assert s.htok[2] == [1, 0]


def test_a_player_another_hero_and_a_variant(content: str) -> None:
    s = load(content, players=[{"hero": "Alpha Dawn", "hp": 17}, {"hero": "delta", "hand": ["Filler"]}])
    t = s.T
    assert named(s, s.char) == ["Alpha Dawn", "Delta", "Gamma"] and s.hp[s.char[0]] == 17
    assert s.user[t.hdeck_ids.index("delta")] == 1 and s.user[t.hdeck_ids.index("beta")] == -1
    assert all(s.zone[c] == Z_BOX for c in t.hdeck_cards[t.hdeck_ids.index("beta")])
    assert s.zone[card(s, "Beta")] == Z_BOX and s.zone[card(s, "Alpha")] == Z_BOX
    assert len(s.hand[1]) == 1 and len(s.deck[1]) == 39


def test_a_player_missions_on_either_side(content: str) -> None:
    s = load(content, players=[{"missions": [{"name": "Mission Alpha", "tokens": 1},
                                             {"name": "Mission Beta", "side": "objective", "hp": 3}]},
                               {"missions": ["Mission Gamma Reward"]}],
             mission_deck=["Mission Delta"])
    a, b, g = card(s, "Mission Alpha"), card(s, "Mission Beta"), card(s, "Mission Gamma")
    assert (s.home[a], s.zone[a], s.face[a], s.tok[a]) == (0, Z_PLAY, 0, 1)
    assert (s.face[b], s.hp[b], s.side(b)) == (0, 3, "villain")
    assert (s.home[g], s.face[g], s.side(g)) == (1, 1, "hero")
    assert named(s, s.deck[s.T.mission]) == ["Mission Delta"]


def test_a_reward_in_hand(content: str) -> None:
    s = load(content, players=[{"hand": ["Mission Delta Reward", "Filler"]}])
    d = card(s, "Mission Delta")
    assert (s.zone[d], s.home[d], s.face[d]) == (Z_HAND, 0, 1)
    assert len(s.deck[s.T.mission]) == 3


def test_incapacitated_heroes_with_rewards_under_them(content: str) -> None:
    s = load(content, players=[{"hero": "delta", "incapacitated": [
        {"character": "Alpha", "under": ["Mission Beta Reward"]}, "Alpha Requital"]}])
    alpha, req, beta = card(s, "Alpha"), card(s, "Alpha Requital"), card(s, "Mission Beta")
    assert (s.zone[alpha], s.home[alpha], s.face[alpha], s.hp[alpha]) == (Z_PLAY, 0, 1, 0)
    assert s.zone[req] == Z_PLAY and s.face[req] == 1
    assert cards_under(s, alpha) == [beta] and s.face[beta] == 1 and s.zone[beta] == Z_UNDER
    assert s.user[s.T.hdeck_ids.index("alpha")] == -1


def test_cards_of_a_free_deck_under_its_incapacitated_variant(content: str) -> None:
    s = load(content, players=[{"hero": "delta", "incapacitated": [
        {"character": "Alpha Requital", "under": ["Filler", "Mission Gamma"]}]}])
    req = card(s, "Alpha Requital")
    under = cards_under(s, req)
    assert named(s, under) == ["Filler", "Mission Gamma"] and s.face[under[1]] == 1
    text = refused(content, "players[1].incapacitated[0].under[0]", players=[
        {}, {"hero": "delta", "incapacitated": [{"character": "Alpha Dawn", "under": ["Filler"]}]}])
    assert "played by player 1" in text


def test_a_player_out_of_heroes(content: str) -> None:
    s = load(content, players=[{}, {"out_of_heroes": True, "zone": 2, "incapacitated": ["Beta"]}])
    assert s.incap[1] == 2 and s.char[1] == card(s, "Beta") and s.azone[1] == 1
    assert s.face[s.char[1]] == 1 and s.hand[1] == [] and s.deck[1] == []
    assert s.user[s.T.hdeck_ids.index("beta")] == -1


def test_erased_heroes(content: str) -> None:
    s = load(content, erased=["delta", "epsilon"])
    assert s.user[s.T.hdeck_ids.index("delta")] == -2 and s.user[s.T.hdeck_ids.index("epsilon")] == -2


@pytest.mark.parametrize(("whose", "phase", "turn", "top"), [
    (None, None, "villain", ("ob_turn",)),
    ("oblivaeon", "end", "villain", ("turn_end",)),
    ("player 2", "start", 1, ("ob_hero_turn", 1)),
    (2, "power", 2, ("power_phase", 2)),
    ("gamma", "draw", 2, ("draw_phase", 2)),
    ("zone 1 environment", "start", "env", ("ob_env_turn", 0)),
    ("zone 2 environment", "play", "env2", ("play_top",)),
    ("zone 1 villain", "play", "scion", ("ob_scion_play", 0)),
    ("Zone 2 Villain", "start", "scion", ("ob_villain_turn", 1)),
])
def test_turn_whose_and_phase(content: str, whose: Any, phase: Any, turn: Any, top: tuple) -> None:
    spec = {k: v for k, v in (("whose", whose), ("phase", phase)) if v is not None}
    s = _unrun(doc_of(content, turn={**spec, "round": 3}))
    t = s.T
    frame = s.stack[-1]
    assert frame[:len(top)] == top, s.stack
    want = {"villain": t.villain, "env": env(s, "env-one"), "env2": env(s, "env-two"),
            "scion": t.named_decks["scion"]}.get(turn, turn)
    assert s.turn == want and s.round == 3 and s.stack[0] == ("ob_round_end",)
    load(content, turn={**spec, "round": 3})  # and it runs on to a decision


def _unrun(d: dict[str, Any]) -> SentinelsState:
    """The state with the stack the position sets for its turn, before it runs forward."""
    from multiverse.sentinels.oblivaeon.position import _turn

    s = load_oblivaeon_position(d)
    _turn(s, d)
    return s


def test_played_and_powered_and_a_top_level_round(content: str) -> None:
    s = load(content, round=5, turn={"whose": "player 1", "phase": "draw", "played": True, "powered": True})
    assert s.round == 5
    assert s.result is not None or s.decision() is not None


# ----- playing on ---------------------------------------------------------------------------
def test_a_loaded_position_is_plain_data(content: str) -> None:
    from multiverse.sentinels.oblivaeon.game import from_json, to_json

    s = load(content, players=[{"missions": ["Mission Beta"], "incapacitated": [
        {"character": "Alpha Dawn", "under": ["Mission Gamma Reward"]}]}], reserve=[],
             zones=[{}, {"villain_play": ["Aeon Grunt"]}], turn={"whose": "zone 2 villain"})
    back = from_json(to_json(s))
    assert back.key() == s.key()



def test_the_documentation_example_loads_and_plays_on() -> None:
    s = load_oblivaeon_position(DOCS)
    check_invariants(s)
    t = s.T
    assert s.round == 4 and s.turn == 1 and s.bz[t.villain_character] == 1
    assert s.azone[t.envs[t.env_ids.index("drowned-archive")]] == 1
    _play_on(s, 80)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_round_trip_load_play_a_few_decisions(content: str, seed: int) -> None:
    s = load(content, seed=seed, counters={"Devastation": 3},
             players=[{"hp": 5, "missions": ["Mission Alpha"]}, {"zone": 2, "play": ["Beta Ward"]},
                      {"hero": "delta", "incapacitated": ["Gamma"]}],
             zones=[{"scions": [{"name": "Scion One", "hp": 4}]}, {"villain_play": ["Aeon Grunt"]}],
             turn={"whose": "player 1", "phase": "play"})
    _play_on(s, 120, seed)


def _play_on(s: SentinelsState, n: int, seed: int = 0) -> None:
    rnd = random.Random(seed)
    for _ in range(n):
        d = s.decision()
        if d is None:
            break
        s.apply(rnd.choice(d.options).id)
        check_invariants(s)


# ----- bad positions --------------------------------------------------------------------------
def test_unknown_fields_are_refused_with_the_known_ones(content: str) -> None:
    text = refused(content, "top level", zonez=[])
    assert "zonez" in text and "players" in text
    text = refused(content, "players[1]", players=[{}, {"hp": 3, "hand_size": 2}])
    assert "hand_size" in text and "missions" in text
    refused(content, "zones[0].environment", zones=[{"environment": {"id": "env-one", "cards": []}}])
    refused(content, "shield", shield={"phase": 1})
    refused(content, "players[0].missions[0]", players=[{"missions": [{"name": "Mission Alpha", "x": 1}]}])


def test_unknown_cards_are_refused(content: str) -> None:
    text = refused(content, "players[0].hand[1]", players=[{"hand": ["Filler", "Laser"]}])
    assert "'Laser' is not a card of" in text
    refused(content, "reserve[0]", reserve=["Scion Nine"])
    refused(content, "zones[1].villain_play[0].name", zones=[{}, {"villain_play": [{"name": "Nope"}]}])
    refused(content, "mission_deck[0]", mission_deck=["Mission Omega"])
    refused(content, "players[0].hero", players=[{"hero": "omega"}])
    refused(content, "erased[0]", erased=["omega"])
    refused(content, "set_aside[0]", set_aside=["env-nine"])
    refused(content, "counters", counters={"Doom": 1})


def test_a_card_in_two_places_is_refused(content: str) -> None:
    text = refused(content, "players[1].play[0]", players=[{}, {"hand": ["Beta Ward"], "play": ["Beta Ward"]}])
    assert "players[1].hand[0]" in text
    refused(content, "mission_deck[0]", players=[{"missions": ["Mission Alpha"]}],
            mission_deck=["Mission Alpha"])
    refused(content, "reserve[0]", zones=[{"scions": ["Scion Three"]}], reserve=["Scion Three"])
    refused(content, "removed_environments[0]", zones=[{"environment": "env-four"}],
            removed_environments=["env-four"])
    refused(content, "players[1].incapacitated[0]", players=[{}, {"incapacitated": ["Alpha"]}])


def test_hp_out_of_range_is_refused(content: str) -> None:
    assert "expected 1..20" in refused(content, "players[0].hp", players=[{"hp": 21}])
    refused(content, "players[0].hp", players=[{"hp": 0}])
    refused(content, "oblivaeon.hp", oblivaeon={"hp": 41})
    refused(content, "oblivaeon.hp", oblivaeon={"form": 2, "hp": 21})
    refused(content, "zones[0].scions[0].hp", zones=[{"scions": [{"name": "Scion One", "hp": 0}]}])
    refused(content, "players[0].missions[0].hp", players=[{"missions": [{"name": "Mission Beta", "hp": 7}]}])
    refused(content, "players[0].missions[0].hp", players=[{"missions": [{"name": "Mission Alpha", "hp": 1}]}])
    refused(content, "counters.Countdown", counters={"Countdown": 7})


def test_two_players_on_one_hero_deck_are_refused(content: str) -> None:
    refused(content, "heroes[2]", heroes=["alpha", "beta", "alpha"])
    text = refused(content, "players[1].hero", players=[{}, {"hero": "Alpha Dawn"}])
    assert "OBL-I5" in text
    refused(content, "players[2].hero", players=[{"hero": "delta"}, {}, {"hero": "delta"}])
    refused(content, "erased[0]", erased=["beta"])
    d = doc_of(content, players=[{"hero": "alpha"}, {"hero": "omega"}, {"hero": "beta"}])
    del d["heroes"]
    with pytest.raises(PositionError, match=r"position: players\[1\]\.hero: unknown hero 'omega'"):
        load_oblivaeon_position(d)


def test_a_zone_without_environment_is_refused(content: str) -> None:
    text = refused(content, "zones[1]", removed_environments=["env-two"])
    assert "OBL-E2" in text
    refused(content, "zones[0]", set_aside=["env-one", "env-three", "env-four"])
    refused(content, "zones[0].environment", zones=[{"environment": None}])


def test_other_bad_positions(content: str) -> None:
    refused(content, "set_aside", set_aside=["env-three"])
    refused(content, "turn.whose", turn={"whose": "player 9"})
    refused(content, "turn.phase", turn={"whose": "zone 1 villain", "phase": "draw"})
    refused(content, "turn.phase", players=[{"out_of_heroes": True}], turn={"whose": 0, "phase": "play"})
    refused(content, "turn.played", turn={"whose": 0, "phase": "play", "played": True})
    refused(content, "players[0].play[0]", players=[{"play": ["Filler"]}])  # a one-shot
    refused(content, "players[1].play[1]", players=[{}, {"play": ["Beta Ward", "Beta Ward"]}])
    refused(content, "players[0].hero", players=[{"out_of_heroes": True, "hero": "alpha"}])
    refused(content, "players", players=[{"out_of_heroes": True}] * 3)
    refused(content, "players", players=[{}] * 4)
    refused(content, "mode", mode="sentinels")
    refused(content, "heroes", heroes=["alpha", "beta"])
    refused(content, "zones", zones=[{}, {}, {}])
    refused(content, "oblivaeon.zone", oblivaeon={"zone": 3})
    refused(content, "shield.name", shield={"name": "Shield Z"})
    refused(content, "shield.tokens", shield={"removed": True, "tokens": 1})
    refused(content, "players[2].tokens.sun", players=[{}, {}, {"tokens": {"sun": -1}}])
    refused(content, "players[0].tokens", players=[{"tokens": ["sun"]}])
    refused(content, "players[0].missions[0].side", players=[{"missions": [{"name": "Mission Alpha",
                                                                           "side": "back"}]}])
    refused(content, "round", round=2, turn={"round": 3})


def test_a_position_breaking_an_invariant_is_refused_with_its_message(
        content: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The loader's checks keep the mode's invariants; whatever slips through them is
    refused with the invariant's own message, never run on."""
    from multiverse.sentinels.oblivaeon import invariants

    def broken(s: SentinelsState) -> None:
        raise AssertionError("zone 2's environment")

    monkeypatch.setattr(invariants, "check_invariants", broken)
    text = refused(content, "top level")
    assert "breaks an invariant: zone 2's environment" in text


def test_a_json_file_loads_as_its_mapping(content: str, tmp_path: Path) -> None:
    import json

    d = doc_of(content, counters={"Devastation": 4}, zones=[{"scions": ["Scion Four"]}])
    f = tmp_path / "p.json"
    f.write_text(json.dumps(d), encoding="utf-8")
    assert load_oblivaeon_position(f).key() == load_oblivaeon_position(d).key()


def test_a_file_names_itself(content: str, tmp_path: Path) -> None:
    f = tmp_path / "p.yaml"
    f.write_text("seed: 1\nplayers: [{hp: x}]\n", encoding="utf-8")
    with pytest.raises(PositionError) as info:
        load_oblivaeon_position(f)
    assert str(info.value).startswith(f"{f}: position: players[0].hp: ")


# ----- malformed positions (hypothesis) -----------------------------------------------------------
DEEP = int(os.environ.get("BAD_INPUT_EXAMPLES", "0"))  # e.g. 2000: search further, fresh examples
FAST = settings(max_examples=DEEP or 60, derandomize=not DEEP, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow])
words = st.sampled_from(["alpha", "delta", "Alpha Dawn", "Filler", "Beta Ward", "Beta Drone",
                         "Scion One", "Scion Four", "Mission Alpha", "Mission Beta Reward",
                         "Aeon Grunt", "Void Lull", "Calm", "env-one", "env-three", "oblivaeon",
                         "player 1", "zone 2 villain", "objective", "reward", "sun", "top", "start",
                         "play", "Devastation", "", " "])
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 45), st.integers(),
                    st.floats(allow_nan=True), st.text(max_size=8), words)
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.one_of(words, st.text(max_size=6)), inner, max_size=4)),
    max_leaves=10)


def base_doc(content: str) -> dict[str, Any]:
    return doc_of(content, turn={"whose": "player 2", "phase": "play"}, counters={"Devastation": 2},
                  oblivaeon={"zone": 1, "form": 0, "hp": 30}, shield={"tokens": 1},
                  reserve=["Scion Three"], mission_deck={"top": ["Mission Gamma"]},
                  villain_decks={"aeon_men": {"trash": ["Aeon Grunt"]}},
                  zones=[{"environment": {"id": "env-one", "play": ["Env Beast"]}, "scions": ["Scion One"]},
                         {"environment": "env-two", "villain_play": ["Aeon Grunt"]}],
                  set_aside=["env-three", "env-four"], removed_environments=["env-five"],
                  players=[{"hero": "alpha", "zone": 1, "hp": 10, "hand": ["Filler"],
                            "missions": [{"name": "Mission Beta", "side": "objective", "hp": 4}]},
                           {"hero": "beta", "zone": 2, "play": [{"name": "Beta Drone", "hp": 2}]},
                           {"hero": "delta", "incapacitated": [{"character": "Gamma",
                                                                "under": ["Mission Alpha Reward"]}]}],
                  erased=["epsilon"])


def paths(doc: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(doc, dict):
        for k, v in doc.items():
            if k != "config":
                out += paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += paths(v, (*prefix, i))
    return out


def try_load(doc: Any) -> None:
    try:
        s = load_oblivaeon_position(doc)
    except PositionError as exc:
        check_error(str(exc))
        return
    check_invariants(s)


def test_the_base_document_of_the_property_tests_loads(content: str) -> None:
    s = load_oblivaeon_position(base_doc(content))
    check_invariants(s)


@FAST
@given(data=st.data())
def test_malformed_values_give_only_position_errors(content: str, data: st.DataObject) -> None:
    doc = base_doc(content)
    where = data.draw(st.sampled_from(paths(doc)))
    how = data.draw(st.sampled_from(["delete", "replace"]))
    parent = doc
    for part in where[:-1]:
        parent = parent[part]
    if how == "delete":
        del parent[where[-1]]
    else:
        parent[where[-1]] = data.draw(values)
    try_load(doc)


@FAST
@given(fields=st.dictionaries(st.one_of(st.sampled_from(sorted(KNOWN)), st.text(max_size=5)), values,
                              max_size=4))
def test_random_mappings_give_only_position_errors(content: str, fields: dict) -> None:
    doc = doc_of(content)
    doc.update(copy.deepcopy(fields))
    try_load(doc)
