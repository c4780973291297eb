"""Hero turns in OblivAeon: the zone move and the six options (OBL-H1 … H8), Missions
(OBL-M1, M2, C9 … C16), on the small test pack."""

from __future__ import annotations

from pathlib import Path

import pytest

from multiverse.sentinels import damage
from multiverse.sentinels.oblivaeon import world
from multiverse.sentinels.oblivaeon.turns import objectives
from multiverse.sentinels.state import Z_DECK, Z_HAND, Z_PLAY, Z_TRASH, Z_UNDER
from multiverse.sentinels.turns import powers_of
from multiverse.sentinels.zones import cards_under, move

from .support import (
    cid,
    game,
    hand_card,
    hero,
    in_play,
    names,
    pack,
    run_until,
    start_turn,
)


def _mdeck(s) -> list[int]:  # type: ignore[no-untyped-def]
    return s.deck[s.T.mission]


def _top_mission(s, name: str) -> int:  # type: ignore[no-untyped-def]
    """Put the Mission card called `name` on top of the Mission deck."""
    c = cid(s, name)
    move(s, c, Z_DECK, home=s.T.mission)
    return c


def _give_objective(s, p: int, name: str) -> int:  # type: ignore[no-untyped-def]
    """Player `p` takes on the Mission `name` (the engine's own "take on an objective")."""
    from multiverse.sentinels.oblivaeon.turns import take_objective

    c = _top_mission(s, name)
    take_objective(s, p)
    s.advance()
    return c


def _hero_turn(s, p: int) -> None:  # type: ignore[no-untyped-def]
    start_turn(s, [("ob_hero_turn", p), ("ob_hero_turn", (p + 1) % s.T.n_heroes)])


# ----- the zone move -----------------------------------------------------------------------
@pytest.mark.rule("OBL-H1")
def test_at_the_very_start_of_the_turn_a_hero_may_change_battle_zone_once(tmp_path: Path) -> None:
    s = game(tmp_path)
    d = s.decision()
    assert d.kind == "ob_zone_move" and d.seat == 0 and d.ids() == ["stay", "move"]
    assert s.phase == "start" and s.turn == 0
    s.apply("move")
    assert s.azone[0] == 1 and s.bz[s.char[0]] == 1
    # one optional move: the turn goes on at once (it is never offered again this turn)
    assert s.decision().kind in ("ob_six", "play_phase")
    assert s.azone[0] == 1
    s = game(tmp_path / "b")
    s.apply("stay")
    assert s.azone[0] == 0 and s.decision().kind in ("ob_six", "play_phase")


@pytest.mark.rule("OBL-H1")
def test_answering_move_every_time_still_ends_the_turn(tmp_path: Path) -> None:
    """An agent that always picks "move" cannot hold a turn open (it did 5,000 times)."""
    s = game(tmp_path)
    moves = 0
    for _ in range(500):
        if s.result is not None or s.turn != 0 or s.round != 1:
            break
        d = s.decision()
        if d.kind == "ob_zone_move":
            moves += 1
            s.apply("move")
        else:
            s.apply(d.options[-1].id)
    assert moves == 1


@pytest.mark.rule("OBL-C19")
def test_card_text_moves_a_hero_again_after_the_start_of_turn_move(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Blink", "kind": "one-shot", "play": [
        {"verb": "move_to_zone", "zone": "other", "target": {"group": "this_hero"}}]}])
    s = game(tmp_path, pack_doc=pack(heroes=[alpha]))
    blink = hand_card(s, 0, "Blink")
    s.apply("move")  # the start-of-turn move (OBL-H1) ...
    assert s.azone[0] == 1
    run_until(s, "play_phase")
    s.apply(f"play:{blink}")  # ... and card text moves the hero again in the same turn
    assert s.azone[0] == 0 and s.bz[s.char[0]] == 0
    ev = [e.data["zone"] for e in s.take_events() if e.kind == "zone_move"]
    assert ev == [1, 0]


# ----- the six things ----------------------------------------------------------------------
@pytest.mark.rule("OBL-H2", "OBL-M1")
def test_take_on_an_objective_only_without_one(tmp_path: Path) -> None:
    s = game(tmp_path)
    top = _top_mission(s, "Mission Gamma")
    assert all(s.face[c] == 0 for c in _mdeck(s))  # OBL-M1: objective side up
    s.apply("stay")
    d = s.decision()
    assert d.kind == "ob_six"
    take = d.get("take")
    assert take is not None and "Mission Gamma" in take.label  # the next objective is known
    assert "swap" not in d.ids()
    s.apply("take")
    assert s.zone[top] == Z_PLAY and s.home[top] == 0 and s.face[top] == 0
    assert objectives(s, 0) == [top] and len(_mdeck(s)) == 3
    _hero_turn(s, 0)
    s.apply("stay")
    ids = s.decision().ids()
    assert "take" not in ids and "swap" in ids


@pytest.mark.rule("OBL-H3")
def test_swap_out_an_objective(tmp_path: Path) -> None:
    s = game(tmp_path)
    mine = _give_objective(s, 0, "Mission Gamma")
    nxt = _top_mission(s, "Mission Delta")
    s.apply("stay")
    s.apply("swap")
    assert objectives(s, 0) == [nxt]
    assert _mdeck(s)[0] == mine and s.face[mine] == 0  # the bottom, objective side up


@pytest.mark.rule("OBL-H4")
def test_trade_an_objective_with_a_player_in_the_same_zone(tmp_path: Path) -> None:
    s = game(tmp_path, heroes=("alpha", "beta", "gamma", "delta"))
    a = _give_objective(s, 0, "Mission Gamma")
    b = _give_objective(s, 1, "Mission Delta")
    c = _give_objective(s, 2, "Mission Alpha")
    world.move_hero(s, 2, 1)  # gamma in the Second Zone: no trade with it
    # delta has no objective: no trade with it either
    s.apply("stay")
    trades = [o for o in s.decision().ids() if o.startswith("trade")]
    assert trades == [f"trade:{a}:{b}"]
    s.apply(trades[0])
    assert objectives(s, 0) == [b] and objectives(s, 1) == [a] and objectives(s, 2) == [c]
    assert s.home[b] == 0 and s.home[a] == 1
    # without an objective of one's own, no trade is offered
    s = game(tmp_path / "b")
    _give_objective(s, 1, "Mission Delta")
    s.apply("stay")
    assert not [o for o in s.decision().ids() if o.startswith("trade")]


@pytest.mark.rule("OBL-C9")
def test_a_traded_objective_keeps_its_tokens_and_hp(tmp_path: Path) -> None:
    s = game(tmp_path)
    a = _give_objective(s, 0, "Mission Alpha")
    b = _give_objective(s, 1, "Mission Beta")
    s.tok[a] = 1
    s.hp[b] = 2
    s.tok[b] = 3
    s.apply("stay")
    s.apply(f"trade:{a}:{b}")
    assert s.home[a] == 1 and s.tok[a] == 1
    assert s.home[b] == 0 and s.hp[b] == 2 and s.tok[b] == 3


@pytest.mark.rule("OBL-H5")
def test_shuffle_the_mission_deck(tmp_path: Path) -> None:
    changed = False
    for seed in range(6):
        s = game(tmp_path / str(seed), seed=seed)
        before = list(_mdeck(s))
        s.apply("stay")
        s.apply("shuffle")
        after = _mdeck(s)
        assert sorted(after) == sorted(before) and all(s.face[c] == 0 for c in after)
        changed |= after != before
        assert s.decision().kind == "play_phase"  # one of six things, then the turn goes on
    assert changed


def _incapacitated_player(tmp_path: Path, reward: bool = True):  # type: ignore[no-untyped-def]
    """Player 1's first hero (alpha) incapacitated holding a completed Mission's reward; the
    player now plays delta; it is the start of their turn (the six things pending)."""
    s = game(tmp_path)
    m = _give_objective(s, 0, "Mission Alpha")
    if reward:
        damage.flip_card(s, m, 1)
        s.advance()
    old = s.char[0]
    damage.incapacitate(s, 0)
    start_turn(s, [("ob_replace", 0), ("ob_hero_turn", 1)])
    s.apply(f"hero:{cid(s, 'Delta')}")
    s.apply("stay")
    return s, old, m


@pytest.mark.rule("OBL-H6")
def test_use_an_incapacitated_ability_of_a_character_in_the_play_area(tmp_path: Path) -> None:
    s, old, _m = _incapacitated_player(tmp_path)
    assert s.zone[old] == Z_PLAY and s.home[old] == 0 and s.face[old] == 1
    _hero_turn(s, 0)
    s.apply("stay")
    d = s.decision()
    assert [o for o in d.ids() if o.startswith("ability")] == [f"ability:{old}:{i}" for i in range(3)]
    hand = len(s.hand[0])
    s.apply(f"ability:{old}:0")  # Rally: draw a card (for the current hero, delta)
    assert len(s.hand[0]) == hand + 1
    assert s.decision().kind == "play_phase"


@pytest.mark.rule("OBL-H7")
def test_regain_a_reward_from_under_an_incapacitated_character(tmp_path: Path) -> None:
    s, old, m = _incapacitated_player(tmp_path)
    assert s.zone[m] == Z_UNDER and cards_under(s, old) == [m] and s.face[m] == 1
    _hero_turn(s, 0)
    s.apply("stay")
    s.apply(f"regain:{m}")
    assert s.zone[m] == Z_HAND and s.home[m] == 0 and s.face[m] == 1
    assert not cards_under(s, old)


@pytest.mark.rule("OBL-H8")
def test_then_the_normal_turn_starts_with_its_start_of_turn_phase(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Dawn", "kind": "ongoing", "triggers": [
        {"when": "start_of_turn", "whose": "owner", "effect": [{"verb": "draw", "amount": 1}]}]}])
    s = game(tmp_path, pack_doc=pack(heroes=[alpha]))
    in_play(s, "Dawn", 0)
    s.apply("stay")
    s.take_events()
    s.apply("take")
    ev = [e.kind for e in s.take_events() if e.kind in ("objective", "draw")]
    assert ev == ["objective", "draw"]  # the six things, then "start of turn" text
    assert s.decision().kind == "play_phase" and s.turn == 0


# ----- Missions ----------------------------------------------------------------------------
@pytest.mark.rule("OBL-M2", "OBL-C8")
def test_a_reward_is_a_hero_card_or_a_hero_target_in_its_heros_play_area(tmp_path: Path) -> None:
    s = game(tmp_path)
    a = _give_objective(s, 0, "Mission Alpha")
    assert s.side(a) == "mission"
    s.apply("stay")
    run_until(s, "power_phase")
    s.apply(f"power:{a}")
    assert s.tok[a] == 1 and s.face[a] == 0
    _hero_turn(s, 0)
    run_until(s, "power_phase")
    s.apply(f"power:{a}")  # the second token: the objective is completed and flips
    assert s.face[a] == 1 and s.T.face_name[a][1] == "Mission Alpha Reward"
    assert s.side(a) == "hero" and "reward" in s.T.keywords[a][1]
    assert s.zone[a] == Z_PLAY and s.home[a] == 0 and s.hero_of(a) == 0  # OBL-C8: alpha's card
    b = _give_objective(s, 1, "Mission Beta")
    damage.flip_card(s, b, 1)
    s.advance()
    assert s.side(b) == "hero" and s.is_target(b) and s.hp[b] == 4 and s.hero_of(b) == 1


@pytest.mark.rule("OBL-C10")
def test_only_heroes_in_the_zone_of_a_mission_may_pay_its_cost(tmp_path: Path) -> None:
    s = game(tmp_path)
    a = _give_objective(s, 0, "Mission Alpha")
    world.move_hero(s, 2, 1)
    assert a in powers_of(s, 0) and a in powers_of(s, 1) and a not in powers_of(s, 2)
    world.move_hero(s, 0, 1)  # the Mission goes with its hero's play area
    assert s.bz[a] == 1 and a not in powers_of(s, 1) and a in powers_of(s, 2)


@pytest.mark.rule("OBL-C11")
def test_a_mission_flipped_to_a_side_with_hp_is_restored_to_its_printed_hp(tmp_path: Path) -> None:
    s = game(tmp_path)
    b = _give_objective(s, 0, "Mission Beta")
    assert s.hp[b] == 6
    s.hp[b] = 1
    damage.flip_card(s, b, 1)
    assert s.hp[b] == 4


@pytest.mark.rule("OBL-C13", "OBL-C16")
def test_a_completed_mission_destroyed_goes_to_its_play_areas_trash_without_objective_text(
        tmp_path: Path) -> None:
    s = game(tmp_path)
    a = _give_objective(s, 1, "Mission Alpha")
    damage.flip_card(s, a, 1)
    damage.destroy(s, a)
    assert s.zone[a] == Z_TRASH and s.home[a] == 1 and a in s.trash[1]
    assert s.face[a] == 1  # still its reward side: no objective text in the trash
    assert a not in powers_of(s, 1)
    move(s, a, Z_HAND, home=1)  # nor in hand
    assert s.face[a] == 1
    world.to_mission_deck(s, a)  # back in the Mission deck: objective side up again
    assert s.face[a] == 0 and _mdeck(s)[0] == a


@pytest.mark.rule("OBL-C14")
def test_flipping_an_objective_removes_its_tokens(tmp_path: Path) -> None:
    s = game(tmp_path)
    g = _give_objective(s, 0, "Mission Gamma")
    s.tok[g] = 3
    damage.flip_card(s, g, 1)
    assert s.face[g] == 1 and s.tok[g] == 0


@pytest.mark.rule("OBL-C15", "OBL-C7")
def test_objective_targets_are_villain_targets_and_rewards_hero_targets(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[
        {"name": "Sweep", "kind": "one-shot", "play": [
            {"verb": "damage", "amount": 2, "type": "melee", "source": "this_hero",
             "target": {"group": "villain", "pick": "each"}}]},
        {"name": "Purge", "kind": "one-shot", "play": [
            {"verb": "destroy", "target": {"group": "non_hero", "pick": "each",
                                           "targets_only": False, "kind": "target"}}]}])
    s = game(tmp_path, pack_doc=pack(heroes=[alpha]))
    b = _give_objective(s, 1, "Mission Beta")
    assert s.side(b) == "villain" and s.is_target(b)  # a villain target …
    one = cid(s, "Scion One", Z_PLAY)
    sweep = hand_card(s, 0, "Sweep")
    s.apply("stay")
    run_until(s, "play_phase")
    s.apply(f"play:{sweep}")
    assert s.hp[b] == 4 and s.hp[one] == 18
    damage.flip_card(s, b, 1)
    assert s.side(b) == "hero" and s.hp[b] == 4  # the reward: a hero target


@pytest.mark.rule("OBL-C7")
def test_a_mission_card_is_not_a_villain_card(tmp_path: Path) -> None:
    """A "destroy each villain card" text destroys villain ongoing cards but neither an
    objective without HP nor (OBL-C7) one that is a villain target."""
    alpha = hero("alpha", cards=[{"name": "Purge", "kind": "one-shot", "play": [
        {"verb": "destroy", "target": {"group": "villain", "pick": "each", "targets_only": False,
                                       "kind": "ongoing"}}]}])
    s = game(tmp_path, pack_doc=pack(heroes=[alpha]))
    g = _give_objective(s, 1, "Mission Gamma")
    grunt = in_play(s, "Aeon Grunt", s.T.named_decks["aeon_men"], 0)
    purge = hand_card(s, 0, "Purge")
    s.apply("stay")
    run_until(s, "play_phase")
    s.apply(f"play:{purge}")
    assert s.zone[g] == Z_PLAY and s.zone[grunt] == Z_PLAY
    assert names(s, [c for c in s.inplay if s.T.okind[s.owner_of(c)] == 1 and s.bz[c] == 0]) \
        == ["OblivAeon", "Shield A", "Scion One", "Aeon Grunt"]


@pytest.mark.rule("OBL-C12")
def test_the_mission_deck_ignores_deck_targeting_powers(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Meddle", "kind": "one-shot", "play": [
        {"verb": "shuffle_deck", "deck": "mission"},
        {"verb": "move_to_bottom", "deck": "mission"},
        {"verb": "play_top", "deck": "mission"},
        {"verb": "arrange_top", "deck": "mission", "amount": 3}]}])
    s = game(tmp_path, pack_doc=pack(heroes=[alpha]))
    meddle = hand_card(s, 0, "Meddle")
    before = list(_mdeck(s))
    s.apply("stay")
    run_until(s, "play_phase")
    s.apply(f"play:{meddle}")
    assert _mdeck(s) == before and all(s.zone[c] == Z_DECK for c in before)
    assert s.decision().kind == "power_phase"


def _entries(v: object, key: str, value: object) -> list[dict]:
    """Every dict inside a view whose `key` is `value`."""
    out: list[dict] = []
    if isinstance(v, dict):
        if v.get(key) == value:
            out.append(v)
        for x in v.values():
            out += _entries(x, key, value)
    elif isinstance(v, list | tuple):
        for x in v:
            out += _entries(x, key, value)
    return out


@pytest.mark.rule("OBL-C2")
def test_a_player_sees_the_rewards_under_their_incapacitated_character(tmp_path: Path) -> None:
    ob_view = pytest.importorskip("multiverse.sentinels.oblivaeon.view")
    s, old, m = _incapacitated_player(tmp_path)
    assert cards_under(s, old) == [m]
    mine = [e for e in _entries(ob_view.view(s, 0), "card", old) if "under" in e]
    assert mine and all(e["under_count"] == 1 for e in mine)  # (in its zone and its area)
    assert all([u["face_name"] for u in e["under"]] == ["Mission Alpha Reward"] for e in mine)
    theirs = [e for e in _entries(ob_view.view(s, 1), "card", old) if "under" in e]
    assert theirs and all(e["under_count"] == 1 and not e["under"] for e in theirs)


@pytest.mark.rule("OBL-C7")
def test_a_mission_objective_with_hp_is_not_a_villain_card(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Purge All", "kind": "one-shot", "play": [
        {"verb": "destroy", "target": {"group": "villain", "pick": "each",
                                       "targets_only": False}}]}])
    s = game(tmp_path, pack_doc=pack(heroes=[alpha]))
    b = _give_objective(s, 1, "Mission Beta")
    purge = hand_card(s, 0, "Purge All")
    s.apply("stay")
    run_until(s, "play_phase")
    s.apply(f"play:{purge}")
    assert s.zone[b] == Z_PLAY
