"""OblivAeon setup (OBL-S1 … S8), the round (OBL-R1), OblivAeon's turn (OBL-O1 … O3), the
battle zones' villain turns (OBL-V1) and the Aeon Men (OBL-AM1), on the small test pack."""

from __future__ import annotations

from pathlib import Path

import pytest

from multiverse.sentinels.oblivaeon.config import OblivaeonConfig
from multiverse.sentinels.oblivaeon.game import new_game
from multiverse.sentinels.oblivaeon.setup import ASIDE
from multiverse.sentinels.state import Z_BOX, Z_DECK, Z_HAND, Z_PLAY, Z_RESERVE, Z_TRASH

from .support import (
    ENV_IDS,
    cid,
    counter,
    env_owner,
    game,
    hero,
    in_play,
    names,
    pack,
    quiet,
    scion,
    scion_in,
    set_counter,
    start_turn,
    write_pack,
)


# ----- setup -------------------------------------------------------------------------------
@pytest.mark.rule("OBL-S1")
def test_each_player_sets_up_a_hero_and_the_markers_follow_play_order(tmp_path: Path) -> None:
    s = game(tmp_path, heroes=("gamma", "alpha", "delta"))
    t = s.T
    for p, hid in enumerate(("gamma", "alpha", "delta")):
        c = s.char[p]
        assert t.hdeck_ids[t.hdeck[c]] == hid and t.name[c] == hid.title()
        assert s.zone[c] == Z_PLAY and s.home[c] == p and s.hp[c] == 20 and s.face[c] == 0
        assert len(s.hand[p]) == 4 and len(s.deck[p]) == 36
        assert s.user[t.hdeck[c]] == p
    # the markers are the play order: the heroes' turns come #1, #2, #3, round after round
    quiet(s, 2)
    order = [e.data["owner"] for e in s.take_events() if e.kind == "turn" and e.data["owner"] < 3]
    assert order == [1, 2, 0, 1, 2, 0]  # (hero #1's first turn began before the log was read)


@pytest.mark.rule("OBL-S2")
def test_the_four_decks_are_shuffled_separately_and_the_booklet_is_in_play(tmp_path: Path) -> None:
    orders = []
    for seed in range(6):
        s = game(tmp_path / str(seed), seed=seed)
        t = s.T
        vc = t.villain_character
        assert s.zone[vc] == Z_PLAY and s.hp[vc] == 40  # the Booklet in the middle
        decks = {}
        for key in ("oblivaeon", "scion", "aeon_men", "mission"):
            o = t.named_decks[key]
            deck = s.deck[o]
            # each deck holds exactly its own cards (the OblivAeon deck has played one)
            assert all(s.home[c] == o for c in deck)
            decks[key] = tuple(names(s, deck))
        assert sorted(decks["mission"]) == ["Mission Alpha", "Mission Beta", "Mission Delta",
                                            "Mission Gamma"]
        assert len(decks["aeon_men"]) == 4 and len(decks["scion"]) == 6
        orders.append(tuple(s.deck[t.named_decks["mission"]]))
    assert len(set(orders)) > 1  # the Mission deck's order changes with the seed


@pytest.mark.rule("OBL-S3")
def test_every_marker_starts_in_the_first_battle_zone(tmp_path: Path) -> None:
    s = game(tmp_path, heroes=("alpha", "beta", "gamma", "delta", "epsilon"))
    assert [s.azone[p] for p in range(5)] == [0] * 5
    assert s.bz[s.T.villain_character] == 0
    assert all(s.bz[s.char[p]] == 0 for p in range(5))


@pytest.mark.rule("OBL-S4")
@pytest.mark.parametrize("shield,scion_name", [("Shield A", "Scion One"), ("Shield B", "Scion Two")])
def test_the_shield_phase_1_side_up_brings_forth_its_scion_in_the_first_zone(
        tmp_path: Path, shield: str, scion_name: str) -> None:
    s = game(tmp_path, shield=shield, scion_order=None)
    t = s.T
    sh = t.shield_cards[shield]
    other = next(c for n, c in t.shield_cards.items() if n != shield)
    assert s.zone[sh] == Z_PLAY and s.face[sh] == 0 and s.bz[sh] == 0
    assert s.zone[other] != Z_PLAY
    assert scion_in(s, 0) == [scion_name]


@pytest.mark.rule("OBL-S5")
def test_the_other_scions_form_the_reserve_and_its_bottom_scion_enters_zone_2(tmp_path: Path) -> None:
    seen = set()
    for seed in range(8):
        s = game(tmp_path / str(seed), seed=seed, scion_order=None)
        second = scion_in(s, 1)
        assert len(second) == 1 and second[0] != "Scion One"
        reserve = names(s, s.reserve)
        assert all(s.zone[c] == Z_RESERVE for c in s.reserve)
        assert sorted([*second, *reserve]) == ["Scion Four", "Scion Three", "Scion Two"]
        seen.add(second[0])
    assert len(seen) > 1  # shuffled: the Second Zone's Scion varies with the seed


@pytest.mark.rule("OBL-S6")
def test_five_environments_are_shuffled_and_two_enter_the_battle_zones(tmp_path: Path) -> None:
    s = game(tmp_path, environments=("env-four", "env-two", "env-one", "env-five", "env-three"))
    t = s.T
    assert s.azone[env_owner(s, "env-four")] == 0 and s.azone[env_owner(s, "env-two")] == 1
    for e in ("env-one", "env-five", "env-three"):
        o = env_owner(s, e)
        assert s.azone[o] == ASIDE
        assert len(s.deck[o]) == 10 and all(s.zone[c] == Z_DECK for c in s.deck[o])
    chosen = set()
    for seed in range(6):
        s = game(tmp_path / str(seed), seed=seed, environments=None)
        zones = sorted(s.azone[o] for o in s.T.envs)
        assert zones == [ASIDE, ASIDE, ASIDE, 0, 1]
        chosen.add(tuple(s.T.env_ids[o - t.envs[0]] for o in s.T.envs if s.azone[o] in (0, 1)))
    assert len(chosen) > 1


@pytest.mark.rule("OBL-S7")
def test_the_countdown_starts_on_6_and_devastation_at_0(tmp_path: Path) -> None:
    path = write_pack(tmp_path, pack())
    s = new_game(OblivaeonConfig(heroes=("alpha", "beta", "gamma"), content=path), seed=3)
    # before any decision OblivAeon's first turn has passed; it has no Countdown text here
    assert counter(s, "Countdown") == 6 and counter(s, "Devastation") == 0
    assert s.T.counter_min[s.T.counter_index["Devastation"]] == 0


@pytest.mark.rule("OBL-S8")
def test_the_players_may_order_the_scion_reserve_and_the_chart_is_data(tmp_path: Path) -> None:
    s = game(tmp_path, scion_order=("Scion Four", "Scion Two", "Scion Three"))
    assert scion_in(s, 1) == ["Scion Four"]  # the one to face first: the bottom one
    assert names(s, s.reserve) == ["Scion Two", "Scion Three"]  # bottom first
    doc = pack(scions=[scion("Scion One"), scion("Scion Two"),
                       {**scion("Scion Three"), "difficulty": 3}, scion("Scion Four")])
    s = game(tmp_path / "b", pack_doc=doc)
    chart = {sc.name: sc.difficulty for sc in s.T.content.scions}
    assert chart == {"Scion One": 1, "Scion Two": 1, "Scion Three": 3, "Scion Four": 1}


# ----- the round ---------------------------------------------------------------------------
def _turns(events: list) -> list[tuple[int, int]]:
    return [(e.data["owner"], e.data["zone"]) for e in events if e.kind == "turn"]


@pytest.mark.rule("OBL-R1")
def test_the_round_order(tmp_path: Path) -> None:
    path = write_pack(tmp_path, pack())
    cfg = OblivaeonConfig(heroes=("alpha", "beta", "gamma", "delta"), content=path,
                          environments=ENV_IDS, shield="Shield A")
    s = new_game(cfg, seed=5, log=True)
    quiet(s, 2)
    t = s.T
    ob, sc = t.villain, t.named_decks["scion"]
    e1, e2 = env_owner(s, "env-one"), env_owner(s, "env-two")
    one_round = [(ob, 0), (0, 0), (1, 0), (2, 0), (3, 0), (e1, 0), (sc, 0), (e2, 1), (sc, 1)]
    assert _turns(s.take_events()) == one_round * 2 + [(ob, 0), (0, 0)]


# ----- OblivAeon's turn --------------------------------------------------------------------
def _ob_pack(**kw: object) -> dict:
    doc = pack(**kw)
    ob = doc["oblivaeon"]
    ob["triggers"] = [
        {"when": "start_of_turn", "whose": "oblivaeon",
         "effect": [{"verb": "add_tokens", "counter": "Devastation", "amount": 1}]},
        {"when": "end_of_turn", "whose": "oblivaeon",
         "effect": [{"verb": "remove_tokens", "counter": "Countdown", "amount": 1}]}]
    sh = ob["shields"][0]
    sh["triggers"] = [
        {"when": "start_of_turn", "whose": "oblivaeon",
         "effect": [{"verb": "add_tokens", "counter": "Devastation", "amount": 2}]},
        {"when": "end_of_turn", "whose": "oblivaeon",
         "effect": [{"verb": "add_tokens", "counter": "Devastation", "amount": 4}]}]
    ob["deck"] = [
        {"name": "Void Here", "kind": "ongoing", "enters_zone": "this"},
        {"name": "Void Far", "kind": "ongoing", "enters_zone": "other"},
        {"name": "Void First", "kind": "ongoing", "enters_zone": "first"},
        {"name": "Void Second", "kind": "ongoing", "enters_zone": "second"},
        {"name": "Void Lull", "kind": "one-shot", "copies": 4,
         "play": [{"verb": "add_tokens", "counter": "Devastation", "amount": 8}]}]
    return doc


def _top(s, name: str) -> int:  # type: ignore[no-untyped-def]
    o = s.T.villain
    c = cid(s, name, Z_DECK) if any(s.T.name[x] == name for x in s.deck[o]) else cid(s, name)
    from multiverse.sentinels.zones import move

    move(s, c, Z_DECK, home=o)
    return c


@pytest.mark.rule("OBL-O1")
def test_oblivaeon_takes_the_first_turn_in_the_zone_of_his_marker(tmp_path: Path) -> None:
    path = write_pack(tmp_path, pack())
    s = new_game(OblivaeonConfig(heroes=("alpha", "beta", "gamma"), content=path,
                                 environments=ENV_IDS), seed=2, log=True)
    first = next(e for e in s.take_events() if e.kind == "turn")
    assert (first.data["owner"], first.data["zone"]) == (s.T.villain, 0)
    # with his marker in the Second Zone, his turn (and the card he plays) is there
    s = game(tmp_path / "b", pack_doc=_ob_pack())
    from multiverse.sentinels.oblivaeon import world

    world.move_oblivaeon(s, 1)
    here = _top(s, "Void Here")
    start_turn(s, [("ob_turn",), ("ob_hero_turn", 0)])
    turn = next(e for e in s.take_events() if e.kind == "turn")
    assert (turn.data["owner"], turn.data["zone"]) == (s.T.villain, 1)
    assert s.zone[here] == Z_PLAY and s.bz[here] == 1


@pytest.mark.rule("OBL-O2")
@pytest.mark.parametrize("card,zone", [("Void Here", 1), ("Void Far", 0), ("Void First", 0),
                                       ("Void Second", 1)])
def test_oblivaeons_turn_start_play_end_and_an_ongoing_names_its_zone(
        tmp_path: Path, card: str, zone: int) -> None:
    s = game(tmp_path, pack_doc=_ob_pack())
    from multiverse.sentinels.oblivaeon import world

    world.move_oblivaeon(s, 1)
    c = _top(s, card)
    lull = _top(s, "Void Lull")  # the top card: played this turn; `card` is next
    set_counter(s, "Devastation", 0)
    set_counter(s, "Countdown", 6)
    start_turn(s, [("ob_turn",), ("ob_hero_turn", 0)])
    ev = [(e.data["old"], e.data["value"]) for e in s.take_events() if e.kind == "counter"]
    # start: Booklet +1, Shield +2; play: Void Lull +8; end: Countdown -1, Shield +4
    assert ev == [(0, 1), (1, 3), (3, 11), (6, 5), (11, 15)]
    assert s.zone[lull] == Z_TRASH
    start_turn(s, [("ob_turn",), ("ob_hero_turn", 0)])
    assert s.zone[c] == Z_PLAY and s.bz[c] == zone


@pytest.mark.rule("OBL-O3")
def test_oblivaeons_turn_is_a_villain_turn_for_hero_and_environment_cards(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Watchful", "kind": "ongoing", "triggers": [
        {"when": "start_of_turn", "whose": "villain", "effect": [{"verb": "draw", "amount": 1}]}]}])
    env = {"id": "env-one", "name": "Env One", "cards": [
        {"name": "Omen", "kind": "ongoing", "triggers": [
            {"when": "end_of_turn", "whose": "villain", "effect": [{"verb": "add_tokens", "amount": 1}]}]},
        {"name": "Calm", "kind": "one-shot", "copies": 10}]}
    doc = pack(heroes=[alpha], envs=[env])
    doc["scions"] = [scion(n, triggers=[{"when": "start_of_turn", "whose": "villain", "effect": [
        {"verb": "add_tokens", "amount": 1}]}]) for n in ("Scion One", "Scion Two", "Scion Three",
                                                          "Scion Four")]
    s = game(tmp_path, pack_doc=doc)
    w = in_play(s, "Watchful", 0)
    omen = in_play(s, "Omen", env_owner(s, "env-one"))
    hand = len(s.hand[0])
    start_turn(s, [("ob_turn",), ("ob_hero_turn", 0)])
    assert s.zone[w] == Z_PLAY and len(s.hand[0]) == hand + 1  # the hero card: a villain turn
    assert s.tok[omen] == 1  # the environment card too
    one = cid(s, "Scion One", Z_PLAY)
    assert s.tok[one] == 0  # (a villain card's own villain turn is its zone's, not his)


# ----- villain turns -----------------------------------------------------------------------
@pytest.mark.rule("OBL-V1")
def test_each_zone_has_its_own_villain_turn(tmp_path: Path) -> None:
    tick = [{"verb": "add_tokens", "counter": "Devastation", "amount": 2}]
    doc = pack(scions=[scion(n, triggers=[
        {"when": "start_of_turn", "whose": "owner",
         "effect": [{"verb": "add_tokens", "counter": "Devastation", "amount": 1}]},
        {"when": "end_of_turn", "whose": "owner",
         "effect": [{"verb": "add_tokens", "counter": "Devastation", "amount": 4}]}])
        for n in ("Scion One", "Scion Two", "Scion Three", "Scion Four")])
    doc["oblivaeon"]["scion_deck"] = [{"name": "Scion Tick", "kind": "one-shot", "copies": 6,
                                       "play": tick}]
    s = game(tmp_path, pack_doc=doc)
    sc = s.T.named_decks["scion"]
    start_turn(s, [("ob_villain_turn", 0), ("ob_hero_turn", 0)])
    ev = [(e.data["old"], e.data["value"]) for e in s.take_events() if e.kind == "counter"]
    assert ev == [(0, 1), (1, 3), (3, 7)]  # zone 1 only: Scion One's start, a card, its end
    assert len(s.deck[sc]) == 5 and names(s, s.trash[sc]) == ["Scion Tick"]
    # no Scion in the Second Zone: its villain turn plays no Scion card
    two = cid(s, "Scion Two", Z_PLAY)
    from multiverse.sentinels.oblivaeon import world

    world.move_card(s, two, 0)
    start_turn(s, [("ob_villain_turn", 1), ("ob_hero_turn", 0)])
    assert len(s.deck[sc]) == 5 and counter(s, "Devastation") == 7


# ----- Aeon Men ----------------------------------------------------------------------------
@pytest.mark.rule("OBL-AM1")
def test_aeon_men_are_played_only_when_a_card_says_so(tmp_path: Path) -> None:
    s = game(tmp_path)
    am = s.T.named_decks["aeon_men"]
    quiet(s, 4)  # four rounds: OblivAeon, Scion and environment play phases, none says so
    assert len(s.deck[am]) == 4 and not s.play[am] and not s.trash[am]
    assert all(s.zone[c] == Z_DECK for c in s.T.deck_cards[am])
    doc = pack()
    doc["oblivaeon"]["scion_deck"] = [{"name": "Call the Men", "kind": "one-shot", "copies": 6,
                                       "play": [{"verb": "play_top", "deck": "aeon_men"}]}]
    s = game(tmp_path / "b", pack_doc=doc)
    start_turn(s, [("ob_villain_turn", 1), ("ob_hero_turn", 0)])
    assert names(s, s.play[am]) == ["Aeon Grunt"] and len(s.deck[am]) == 3


@pytest.mark.rule("OBL-AM1", "OBL-B1")
def test_an_aeon_man_played_by_a_zone_2_scion_card_enters_zone_2(tmp_path: Path) -> None:
    doc = pack()
    doc["oblivaeon"]["scion_deck"] = [{"name": "Call the Men", "kind": "one-shot", "copies": 6,
                                       "play": [{"verb": "play_top", "deck": "aeon_men"}]}]
    s = game(tmp_path, pack_doc=doc)
    am = s.T.named_decks["aeon_men"]
    start_turn(s, [("ob_villain_turn", 1), ("ob_hero_turn", 0)])
    assert s.bz[s.play[am][0]] == 1


__all__ = ["Z_BOX", "Z_HAND"]
