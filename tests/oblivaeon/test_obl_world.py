"""OblivAeon's world: environments destroyed (OBL-E1 … E4), the battle zones (OBL-B1 … B4,
C1, C3, C17), Shields (OBL-SH1, SH2), the Inevitable Destruction card (OBL-ID1), Scions
(OBL-C4 … C6), incapacitation and new heroes (OBL-I1 … I5, C18, C20 … C24)."""

from __future__ import annotations

from pathlib import Path

import pytest

from multiverse.sentinels import damage
from multiverse.sentinels.oblivaeon import world
from multiverse.sentinels.oblivaeon.setup import ASIDE, GONE
from multiverse.sentinels.state import (
    Z_BOX,
    Z_DECK,
    Z_HAND,
    Z_PLAY,
    Z_REMOVED,
    Z_TRASH,
    Z_UNDER,
)
from multiverse.sentinels.zones import cards_under, move, put_under

from .support import (
    cid,
    counter,
    dmg,
    env_in,
    env_owner,
    environment,
    game,
    hand_card,
    hero,
    in_play,
    names,
    pack,
    run_until,
    scion,
    scion_in,
    set_counter,
    start_turn,
    variant,
)

DOOM = {"name": "Doom", "kind": "one-shot", "play": [{"verb": "game_over"}]}


def _doom_pack(**kw: object) -> dict:
    return pack(envs=[environment("env-one", [DOOM, {"name": "Ruin", "kind": "ongoing"},
                                             {"name": "Snare", "kind": "ongoing"}])], **kw)


def _doom_game(tmp_path: Path, **kw: object):  # type: ignore[no-untyped-def]
    """Env One (zone 1) about to play its Game Over card; OblivAeon in zone 2; alpha (25 HP)
    and beta in zone 1 behind a 2-point damage reduction; gamma in zone 2."""
    bulwark = hero("beta", cards=[{"name": "Bulwark", "kind": "ongoing", "modifiers": [
        {"kind": "reduce_taken", "amount": 2, "applies_to": "hero"}]}])
    s = game(tmp_path, pack_doc=_doom_pack(heroes=[bulwark]), **kw)
    e1 = env_owner(s, "env-one")
    ruin = in_play(s, "Ruin", e1)
    snare = in_play(s, "Snare", 1)  # an environment card in beta's play area
    calm = cid(s, "Calm", Z_DECK)
    move(s, calm, Z_TRASH, home=e1)
    move(s, cid(s, "Doom"), Z_DECK, home=e1)
    in_play(s, "Bulwark", 1)
    world.move_oblivaeon(s, 1)
    world.move_hero(s, 2, 1)
    s.hp[s.char[0]] = 25
    s.hp[s.char[1]] = 21
    return s, e1, ruin, snare


@pytest.mark.rule("OBL-E1")
def test_game_over_removes_every_card_of_that_environment_wherever_it_is(tmp_path: Path) -> None:
    s, e1, ruin, snare = _doom_game(tmp_path)
    start_turn(s, [("ob_env_turn", 0), ("ob_hero_turn", 0)])
    assert s.result is None  # not the heroes' loss: the environment is destroyed instead
    assert all(s.zone[c] == Z_REMOVED for c in s.T.deck_cards[e1])
    assert s.zone[ruin] == Z_REMOVED and s.zone[snare] == Z_REMOVED and snare not in s.play[1]
    assert not s.deck[e1] and not s.trash[e1] and not s.play[e1] and s.azone[e1] == GONE


@pytest.mark.rule("OBL-E2")
def test_oblivaeon_moves_there_and_a_set_aside_environment_takes_its_place(tmp_path: Path) -> None:
    s, _e1, _ruin, _snare = _doom_game(tmp_path)
    start_turn(s, [("ob_env_turn", 0), ("ob_hero_turn", 0)])
    assert s.bz[s.T.villain_character] == 0
    sh = s.T.shield_cards["Shield A"]
    assert s.bz[sh] == 0  # the Shield goes with him
    d = s.decision()
    assert d.kind == "ob_new_environment"
    assert d.ids() == ["env:env-three", "env:env-four", "env:env-five"]
    s.apply("env:env-four")
    assert env_in(s, 0) == env_owner(s, "env-four") and env_in(s, 1) == env_owner(s, "env-two")
    assert s.azone[env_owner(s, "env-three")] == ASIDE
    # "for any reason": a card removing the environment of the other zone
    doc = pack()
    doc["oblivaeon"]["deck"] = [{"name": "Unmake", "kind": "one-shot",
                                 "play": [{"verb": "remove_environment", "zone": "other"}]},
                                {"name": "Void Lull", "kind": "one-shot", "copies": 5}]
    s = game(tmp_path / "b", pack_doc=doc)
    unmake = cid(s, "Unmake")
    assert s.zone[unmake] == Z_DECK  # (not played on OblivAeon's first turn)
    move(s, unmake, Z_DECK, home=s.T.villain)
    start_turn(s, [("ob_turn",), ("ob_hero_turn", 0)])
    assert s.azone[env_owner(s, "env-two")] == GONE and s.bz[s.T.villain_character] == 1
    assert s.decision().kind == "ob_new_environment"
    s.apply("env:env-five")
    assert env_in(s, 1) == env_owner(s, "env-five")


@pytest.mark.rule("OBL-E3")
def test_with_no_environment_set_aside_the_multiverse_is_destroyed(tmp_path: Path) -> None:
    s, _e1, _ruin, _snare = _doom_game(tmp_path)
    for e in ("env-three", "env-four", "env-five"):  # destroyed earlier
        o = env_owner(s, e)
        for c in s.T.deck_cards[o]:
            move(s, c, Z_BOX)
            s.zone[c] = Z_REMOVED
        s.azone[o] = GONE
    hp = [s.hp[s.char[p]] for p in range(3)]
    start_turn(s, [("ob_env_turn", 0), ("ob_hero_turn", 0)])
    assert s.result == "loss" and s.reason == "the multiverse is destroyed"
    assert s.decision() is None
    assert [s.hp[s.char[p]] for p in range(3)] == hp  # no inferno: the game is over


@pytest.mark.rule("OBL-E4")
def test_oblivaeon_deals_each_target_there_20_irreducible_infernal_damage(tmp_path: Path) -> None:
    s, _e1, _ruin, _snare = _doom_game(tmp_path)
    one = cid(s, "Scion One", Z_PLAY)
    two = cid(s, "Scion Two", Z_PLAY)
    set_counter(s, "Devastation", 5)
    start_turn(s, [("ob_env_turn", 0), ("ob_hero_turn", 0)])
    s.take_events()
    s.apply("env:env-three")
    ev = [(s.T.name[e.data["source"]], s.T.name[e.data["target"]], e.data["amount"], e.data["type"],
           e.data["irreducible"]) for e in s.take_events() if e.kind == "damage"]
    assert ev == [("OblivAeon", "Alpha", 20, "infernal", True),
                  ("OblivAeon", "Beta", 20, "infernal", True),
                  ("OblivAeon", "OblivAeon", 20, "infernal", True),  # each target: him too
                  ("OblivAeon", "Scion One", 20, "infernal", True)]
    assert s.hp[s.char[0]] == 5 and s.hp[s.char[1]] == 1  # the reduction ignored
    assert s.zone[one] == Z_REMOVED and counter(s, "Devastation") == 4  # (OBL-B3)
    assert s.hp[s.char[2]] == 20 and s.hp[two] == 20  # the other zone is untouched


# ----- the battle zones --------------------------------------------------------------------
@pytest.mark.rule("OBL-B1")
def test_nothing_crosses_between_battle_zones_unless_its_text_says_so(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[
        {"name": "Sweep", "kind": "one-shot", "play": [dmg(3, {"group": "non_hero", "pick": "each"})]},
        {"name": "Rally Cry", "kind": "ongoing", "modifiers": [
            {"kind": "increase_dealt", "amount": 5, "applies_to": "hero"}]}])
    s = game(tmp_path, pack_doc=pack(heroes=[alpha]))
    one, two = cid(s, "Scion One", Z_PLAY), cid(s, "Scion Two", Z_PLAY)
    world.move_hero(s, 1, 1)
    in_play(s, "Rally Cry", 1)  # beta's: in the Second Zone, it boosts nobody in the First
    sweep = hand_card(s, 0, "Sweep")
    s.apply("stay")
    run_until(s, "play_phase")
    s.apply(f"play:{sweep}")
    assert s.hp[one] == 17 and s.hp[two] == 20  # nothing in the Second Zone
    assert s.hp[s.T.villain_character] == 37  # (OblivAeon, in the First Zone, is hit)


@pytest.mark.rule("OBL-B1")
def test_damage_whose_text_names_the_other_zone_reaches_it(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Long Shot", "kind": "one-shot", "play": [
        dmg(2, {"group": "non_hero", "pick": "each", "zone": "other"})]}])
    s = game(tmp_path, pack_doc=pack(heroes=[alpha]))
    one, two = cid(s, "Scion One", Z_PLAY), cid(s, "Scion Two", Z_PLAY)
    shot = hand_card(s, 0, "Long Shot")
    s.apply("stay")
    run_until(s, "play_phase")
    s.apply(f"play:{shot}")
    assert s.hp[two] == 18 and s.hp[one] == 20


@pytest.mark.rule("OBL-B2")
def test_more_scions_than_heroes_in_a_zone_add_devastation_per_scion(tmp_path: Path) -> None:
    s = game(tmp_path)
    world.play_scion(s, 1)  # Scion Three joins Scion Two: 2 Scions, 0 heroes in zone 2
    start_turn(s, [("ob_villain_turn", 0), ("ob_villain_turn", 1), ("ob_hero_turn", 0)])
    assert counter(s, "Devastation") == 2  # zone 1: 1 Scion against 3 heroes, nothing
    world.move_hero(s, 0, 1)
    world.move_hero(s, 1, 1)
    start_turn(s, [("ob_villain_turn", 1), ("ob_hero_turn", 0)])
    assert counter(s, "Devastation") == 2  # 2 against 2: not more
    world.move_hero(s, 1, 0)
    set_counter(s, "Devastation", 0)
    start_turn(s, [("ob_villain_turn", 1), ("ob_hero_turn", 0)])
    assert counter(s, "Devastation") == 2


@pytest.mark.rule("OBL-B2", "OBL-E2", "OBL-E4")
def test_devastation_at_the_start_of_a_villain_turn_destroys_before_other_texts(
        tmp_path: Path) -> None:
    """Fixed today (oblivaeon/turns.py `ob_devastation`): the Devastation the battle zone
    adds at the start of its villain turn, and the destruction it causes, resolved after the
    zone's start-of-turn texts and its Scion card."""
    doc = pack(scions=[scion(n, hp=30, triggers=[{"when": "start_of_turn", "whose": "owner",
                                                  "effect": [{"verb": "add_tokens", "amount": 1}]}])
                       for n in ("Scion One", "Scion Two", "Scion Three", "Scion Four")])
    doc["oblivaeon"]["counters"][0]["thresholds"] = [
        {"at": 10, "crossing": "up", "effect": [{"verb": "remove_environment", "zone": "oblivaeon"}]}]
    s = game(tmp_path, pack_doc=doc)
    sc = s.T.named_decks["scion"]
    world.play_scion(s, 1)
    world.move_oblivaeon(s, 1)
    set_counter(s, "Devastation", 9)
    deck = len(s.deck[sc])
    start_turn(s, [("ob_villain_turn", 1), ("ob_hero_turn", 0)])
    assert counter(s, "Devastation") == 11 and s.decision().kind == "ob_new_environment"
    two, three = cid(s, "Scion Two", Z_PLAY), cid(s, "Scion Three", Z_PLAY)
    assert s.tok[two] == s.tok[three] == 0 and len(s.deck[sc]) == deck  # nothing else yet
    s.apply("env:env-three")
    assert s.hp[two] == s.hp[three] == 10  # the inferno, then the turn goes on
    assert s.tok[two] == s.tok[three] == 1 and len(s.deck[sc]) == deck - 1


@pytest.mark.rule("OBL-B3", "OBL-C4")
def test_a_scion_removed_from_the_game_removes_a_devastation_token(tmp_path: Path) -> None:
    s = game(tmp_path)
    set_counter(s, "Devastation", 5)
    one = cid(s, "Scion One", Z_PLAY)
    t = s.T
    assert t.card[one].kind == "character" and s.side(one) == "villain"  # OBL-C4
    damage.deal_damage(s, s.char[0], one, 25, 5, False)
    s.advance()
    assert s.zone[one] == Z_REMOVED and counter(s, "Devastation") == 4


@pytest.mark.rule("OBL-B4")
def test_an_incapacitated_hero_adds_a_devastation_token(tmp_path: Path) -> None:
    s = game(tmp_path)
    set_counter(s, "Devastation", 3)
    damage.deal_damage(s, s.T.villain_character, s.char[1], 30, 3, False)
    s.advance()
    assert s.incap[1] == 1 and counter(s, "Devastation") == 4


# ----- Shields, the Inevitable Destruction card ----------------------------------------------
@pytest.mark.rule("OBL-SH1")
def test_a_random_shield_starts_in_play_phase_1_side_up(tmp_path: Path) -> None:
    seen = set()
    for seed in range(10):
        s = game(tmp_path / str(seed), seed=seed, shield=None, scion_order=None)
        t = s.T
        up = [n for n, c in t.shield_cards.items() if s.zone[c] == Z_PLAY]
        assert len(up) == 1 and s.face[t.shield_cards[up[0]]] == 0
        assert scion_in(s, 0) == [{"Shield A": "Scion One", "Shield B": "Scion Two"}[up[0]]]
        seen.add(up[0])
    assert seen == {"Shield A", "Shield B"}


@pytest.mark.rule("OBL-SH2")
def test_a_shield_is_indestructible_but_removes_itself(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Purge", "kind": "one-shot", "play": [
        {"verb": "destroy", "target": {"group": "villain", "pick": "each", "targets_only": False,
                                       "kind": "ongoing"}}]}])
    doc = pack(heroes=[alpha])
    doc["oblivaeon"]["shields"][0]["sides"][0]["triggers"] = [
        {"when": "end_of_turn", "whose": "oblivaeon",
         "effect": [{"verb": "remove_from_game", "target": {"group": "this", "targets_only": False}}]}]
    s = game(tmp_path, pack_doc=doc)
    sh = s.T.shield_cards["Shield A"]
    purge = hand_card(s, 0, "Purge")
    s.apply("stay")
    run_until(s, "play_phase")
    s.apply(f"play:{purge}")
    assert s.zone[sh] == Z_PLAY
    damage.destroy(s, sh)
    assert s.zone[sh] == Z_PLAY
    damage.flip_card(s, sh, 1)  # Phase 2: it removes itself at the end of OblivAeon's turn
    start_turn(s, [("ob_turn",), ("ob_hero_turn", 0)])
    assert s.zone[sh] == Z_REMOVED


@pytest.mark.rule("OBL-ID1")
def test_devastation_destroys_environments_and_the_countdown_counts_rounds(tmp_path: Path) -> None:
    doc = pack()
    ob = doc["oblivaeon"]
    ob["counters"] = [
        {"name": "Devastation", "start": 0, "min": 0, "max": 30, "thresholds": [
            {"at": 10, "crossing": "up", "effect": [{"verb": "remove_environment", "zone": "oblivaeon"}]}]},
        {"name": "Countdown", "start": 6, "min": 0, "max": 6, "thresholds": [
            {"at": 0, "crossing": "down", "effect": [
                {"verb": "add_tokens", "counter": "Devastation", "amount": 1},
                {"verb": "add_tokens", "counter": "Countdown", "amount": 6}]}]}]
    ob["triggers"] = [{"when": "end_of_turn", "whose": "oblivaeon",
                       "effect": [{"verb": "remove_tokens", "counter": "Countdown", "amount": 1}]}]
    s = game(tmp_path, pack_doc=doc)
    assert counter(s, "Countdown") == 5  # OblivAeon's first turn has ended
    for left in (4, 3, 2, 1):
        start_turn(s, [("ob_turn",), ("ob_hero_turn", 0)])
        assert counter(s, "Countdown") == left
    set_counter(s, "Devastation", 9)
    start_turn(s, [("ob_turn",), ("ob_hero_turn", 0)])  # 0: +1 Devastation, back to 6
    assert counter(s, "Devastation") == 10
    assert s.azone[env_owner(s, "env-one")] == GONE  # 10: OblivAeon's zone's environment
    assert s.decision().kind == "ob_new_environment"
    s.apply("env:env-three")
    assert counter(s, "Countdown") == 6


# ----- Scions and villain decks ----------------------------------------------------------------
@pytest.mark.rule("OBL-C3")
def test_hero_text_reaches_a_villain_deck_only_with_its_target_in_the_zone(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Foresight", "kind": "one-shot", "copies": 2, "play": [
        {"verb": "move_to_bottom", "deck": "aeon_men"},
        {"verb": "move_to_bottom", "deck": "scion"}]}])
    s = game(tmp_path, pack_doc=pack(heroes=[alpha]))
    am, sc = s.T.named_decks["aeon_men"], s.T.named_decks["scion"]
    one = cid(s, "Scion One", Z_PLAY)
    world.move_card(s, one, 1)  # no Scion and no Aeon Man in the First Zone
    f1, f2 = hand_card(s, 0, "Foresight"), hand_card(s, 0, "Foresight", 1)
    before_am, before_sc = list(s.deck[am]), list(s.deck[sc])
    s.apply("stay")
    run_until(s, "play_phase")
    s.apply(f"play:{f1}")
    assert s.deck[am] == before_am and s.deck[sc] == before_sc
    assert s.T.card[one].kind == "character" and s.reserve  # the Reserve is not a deck
    world.move_card(s, one, 0)  # a Scion (a target of the Scion deck) in the zone
    in_play(s, "Aeon Grunt", am, 0)
    before_am = list(s.deck[am])
    s.stack.append(("play_now", 0, 1))
    s._decision = None
    s.advance()
    s.apply(f"play:{f2}")
    assert s.deck[am] == [before_am[-1], *before_am[:-1]]
    assert s.deck[sc] == [before_sc[-1], *before_sc[:-1]]


@pytest.mark.rule("OBL-C5")
def test_scions_come_into_play_from_the_bottom_of_the_reserve(tmp_path: Path) -> None:
    doc = pack()
    doc["oblivaeon"]["deck"] = [{"name": "Heir", "kind": "one-shot", "copies": 6,
                                 "play": [{"verb": "play_scion", "zone": "this"}]}]
    s = game(tmp_path, pack_doc=doc, scion_order=("Scion Two", "Scion Four", "Scion Three"))
    # OblivAeon's first turn already brought the bottom one (Scion Four) to his zone
    assert scion_in(s, 0) == ["Scion One", "Scion Four"] and names(s, s.reserve) == ["Scion Three"]
    start_turn(s, [("ob_turn",), ("ob_hero_turn", 0)])
    assert scion_in(s, 0) == ["Scion One", "Scion Four", "Scion Three"] and not s.reserve
    start_turn(s, [("ob_turn",), ("ob_hero_turn", 0)])  # none left: nothing happens
    assert len(scion_in(s, 0)) == 3


@pytest.mark.rule("OBL-C6")
def test_scion_turn_texts_resolve_before_aeon_men_texts(tmp_path: Path) -> None:
    doc = pack(scions=[scion(n, triggers=[{"when": "end_of_turn", "whose": "owner", "effect": [
        {"verb": "add_tokens", "counter": "Devastation", "amount": 2}]}])
        for n in ("Scion One", "Scion Two", "Scion Three", "Scion Four")])
    doc["oblivaeon"]["aeon_men"] = [{"name": "Aeon Grunt", "kind": "target", "hp": 3,
                                     "keywords": ["aeon man"], "copies": 4, "triggers": [
        {"when": "end_of_turn", "whose": "villain", "effect": [
            {"verb": "add_tokens", "counter": "Devastation", "amount": 1}]}]}]
    s = game(tmp_path, pack_doc=doc)
    world.move_card(s, cid(s, "Scion One", Z_PLAY), 1)
    grunt = in_play(s, "Aeon Grunt", s.T.named_decks["aeon_men"], 0)
    three = world.play_scion(s, 0)  # a Scion entering play after the Aeon Man
    assert s.inplay.index(grunt) < s.inplay.index(three)
    start_turn(s, [("ob_villain_turn", 0), ("ob_hero_turn", 0)])
    ev = [(e.data["old"], e.data["value"]) for e in s.take_events() if e.kind == "counter"]
    assert ev == [(0, 2), (2, 3)]


@pytest.mark.rule("OBL-C1", "OBL-C17")
def test_a_hero_and_everything_in_its_play_area_are_in_its_markers_zone(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Gear", "kind": "equipment"}])
    s = game(tmp_path, pack_doc=pack(heroes=[alpha]))
    gear = in_play(s, "Gear", 0)
    grunt = in_play(s, "Aeon Grunt", 0)  # a villain card in alpha's play area
    world.move_hero(s, 0, 1)
    assert s.azone[0] == 1 and all(s.bz[c] == 1 for c in s.play[0])
    assert s.bz[gear] == 1 and s.bz[grunt] == 1 and s.bz[s.char[0]] == 1
    # OBL-C17: indestructible cards move too, the Shield with OblivAeon
    sh = s.T.shield_cards["Shield A"]
    world.move_card(s, s.T.villain_character, 1)
    assert s.bz[s.T.villain_character] == 1 and s.bz[sh] == 1
    world.move_card(s, sh, 0)
    assert s.bz[sh] == 0


# ----- incapacitation and new heroes -----------------------------------------------------------
def _loaded_alpha(tmp_path: Path, **kw: object):  # type: ignore[no-untyped-def]
    """Alpha (player 1) with cards in hand, deck, trash and play, a reward and an objective,
    and cards of others in its play area."""
    alpha = hero("alpha", cards=[{"name": "Gear", "kind": "equipment"},
                                 {"name": "Self Harm", "kind": "one-shot",
                                  "play": [dmg(40, {"group": "this_hero"}, irreducible=True)]}],
                 variants=[variant("Alpha Requital", under_blocks=True), variant("Alpha Prime")])
    beta = hero("beta", cards=[{"name": "Boon", "kind": "ongoing"}])
    s = game(tmp_path, pack_doc=pack(heroes=[alpha, beta]), **kw)
    gear = in_play(s, "Gear", 0)
    boon = in_play(s, "Boon", 0)  # beta's card in alpha's play area
    grunt = in_play(s, "Aeon Grunt", 0)
    move(s, s.deck[0][-1], Z_TRASH, home=0)
    from multiverse.sentinels.oblivaeon.turns import take_objective

    for name in ("Mission Gamma", "Mission Alpha"):
        move(s, cid(s, name), Z_DECK, home=s.T.mission)
        take_objective(s, 0)
        s.advance()
    reward, objective = cid(s, "Mission Gamma"), cid(s, "Mission Alpha")
    damage.flip_card(s, reward, 1)
    return s, gear, boon, grunt, reward, objective


@pytest.mark.rule("OBL-I1", "OBL-I2", "OBL-I3")
def test_incapacitation_boxes_the_heros_cards_and_sorts_missions_and_others(tmp_path: Path) -> None:
    s, gear, boon, grunt, reward, objective = _loaded_alpha(tmp_path)
    t = s.T
    char = s.char[0]
    d = t.hdeck[char]
    objective_tokens = s.tok[objective] = 1
    assert objective_tokens
    damage.incapacitate(s, 0)
    assert s.face[char] == 1 and s.zone[char] == Z_PLAY  # the character card stays, flipped
    assert all(s.zone[c] == Z_BOX for c in t.hdeck_cards[d])  # OBL-I1: hand, deck, trash, play
    assert not s.hand[0] and not s.deck[0] and not s.trash[0] and s.zone[gear] == Z_BOX
    assert s.zone[reward] == Z_UNDER and cards_under(s, char) == [reward] and s.face[reward] == 1
    mdeck = s.deck[t.mission]
    assert mdeck[0] == objective and s.face[objective] == 0 and s.tok[objective] == 0  # OBL-I2
    assert s.zone[boon] == Z_TRASH and boon in s.trash[1]  # OBL-I3: to their own trashes
    assert s.zone[grunt] == Z_TRASH and grunt in s.trash[t.named_decks["aeon_men"]]
    assert s.play[0] == [char]


@pytest.mark.rule("OBL-I4")
def test_after_the_turn_the_player_sets_up_a_new_hero_and_may_change_zone(tmp_path: Path) -> None:
    s, *_ = _loaded_alpha(tmp_path)
    harm = hand_card(s, 0, "Self Harm")
    s.apply("stay")
    run_until(s, "play_phase")
    s.take_events()
    s.apply(f"play:{harm}")
    assert s.incap[0] == 1
    d = s.decision()  # the turn ended (no power, no draw); then, before beta's turn:
    assert d.kind == "ob_new_hero" and d.seat == 0
    assert sorted(o.label.split(" (")[0] for o in d.options) == ["Alpha Prime", "Alpha Requital", "Delta",
                                                  "Epsilon", "Zeta"]
    ev = [e.kind for e in s.take_events()]
    assert "incapacitated" in ev and ev.index("incapacitated") < len(ev)
    s.apply(f"hero:{cid(s, 'Epsilon')}")
    c = s.char[0]
    assert s.T.name[c] == "Epsilon" and s.hp[c] == 20 and s.incap[0] == 0
    assert len(s.hand[0]) == 4 and len(s.deck[0]) == 36  # as at the start of a game
    d = s.decision()
    assert d.kind == "ob_zone_move" and d.seat == 0
    s.apply("move")  # one move (OBL-H1), then the turn passes
    assert s.azone[0] == 1 and s.bz[c] == 1
    assert s.turn == 1  # then beta's turn
    assert s.decision().kind == "ob_zone_move" and s.decision().seat == 1


@pytest.mark.rule("OBL-I5")
def test_a_hero_deck_returns_with_a_variant_never_its_incapacitated_card_nor_twice(
        tmp_path: Path) -> None:
    s, *_ = _loaded_alpha(tmp_path)
    first = s.char[0]
    damage.incapacitate(s, 0)
    damage.incapacitate(s, 1)
    start_turn(s, [("ob_replace", 0), ("ob_replace", 1), ("ob_hero_turn", 2)])
    d = s.decision()
    labels = sorted(o.label.split(" (")[0] for o in d.options)
    assert "Alpha" not in labels and "Beta" not in labels  # incapacitated cards never return
    assert "Gamma" not in labels  # gamma's deck is being played
    s.apply(f"hero:{cid(s, 'Alpha Prime')}")
    assert s.T.hdeck[s.char[0]] == s.T.hdeck[first] and s.user[s.T.hdeck[first]] == 0
    run_until(s, "ob_new_hero")
    labels = sorted(o.label.split(" (")[0] for o in s.decision().options)
    assert labels == ["Delta", "Epsilon", "Zeta"]  # alpha's deck is in use: no variant of it


@pytest.mark.rule("OBL-C18")
def test_h_is_the_number_of_hero_play_areas_at_the_start(tmp_path: Path) -> None:
    doc = pack()
    doc["oblivaeon"]["deck"] = [{"name": "Wave", "kind": "one-shot", "copies": 6, "play": [
        {"verb": "damage", "h_offset": 0, "type": "infernal", "source": "villain_character",
         "target": {"group": "hero_character", "pick": "each"}}]}]
    for n in (3, 4):
        s = game(tmp_path / str(n), pack_doc=doc,
                 heroes=("alpha", "beta", "gamma", "delta")[:n])
        assert [s.hp[s.char[p]] for p in range(n)] == [20 - n] * n  # OblivAeon's first turn
    s.incap[3] = 2  # a player out of heroes: still a play area counted at the start
    damage.incapacitate(s, 2)
    start_turn(s, [("ob_turn",), ("ob_hero_turn", 0)])
    assert [s.hp[s.char[p]] for p in range(2)] == [12, 12]


@pytest.mark.rule("OBL-C20")
def test_a_hero_erased_by_the_third_form_never_returns(tmp_path: Path) -> None:
    s, *_ = _loaded_alpha(tmp_path)
    vc = s.T.villain_character
    s.hp[s.char[0]] = 20
    s.hp[s.char[1]] = 15
    s.hp[s.char[2]] = 12
    damage.flip_card(s, vc, 1)
    s.advance()
    start_turn(s, [("check_destroyed", vc)])
    s.hp[vc] = 0
    start_turn(s, [("check_destroyed", vc), ("expire_turn",), ("ob_hero_turn", 1)])
    assert s.face[vc] == 2 and s.hp[vc] == 20  # the third form
    assert s.incap[0] == 1 and s.user[s.T.hdeck[cid(s, "Alpha")]] == world.ERASED
    assert counter(s, "Devastation") == 1
    d = s.decision()
    assert d.kind == "ob_new_hero"
    assert sorted(o.label.split(" (")[0] for o in d.options) == ["Delta", "Epsilon", "Zeta"]  # no Alpha variant


@pytest.mark.rule("OBL-C21")
def test_oblivaeon_cannot_be_removed_from_the_game(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Banish", "kind": "one-shot", "play": [
        {"verb": "remove_from_game", "target": {"group": "villain_character"}},
        {"verb": "remove_from_game", "target": {"group": "villain", "pick": "each",
                                                "kind": "character", "targets_only": False}}]}])
    s = game(tmp_path, pack_doc=pack(heroes=[alpha]))
    vc = s.T.villain_character
    banish = hand_card(s, 0, "Banish")
    s.apply("stay")
    run_until(s, "play_phase")
    s.apply(f"play:{banish}")
    assert s.zone[vc] == Z_PLAY and s.hp[vc] == 40


def _revival(tmp_path: Path, usurped: bool):  # type: ignore[no-untyped-def]
    beta = hero("beta", cards=[{"name": "Rites", "kind": "one-shot", "play": [{"verb": "revive_hero"}]}])
    scions = [scion("Scion One"), scion("Scion Two"),
              scion("Rainek Kel'Voss", sides=[{"name": "Usurper", "hp": 20, "usurps": True}]), scion("Scion Four")]
    s = game(tmp_path, pack_doc=pack(heroes=[beta], scions=scions),
             scion_order=("Rainek Kel'Voss", "Scion Two", "Scion Four"))
    rainek = cid(s, "Rainek Kel'Voss", Z_PLAY)
    if usurped:
        damage.flip_card(s, rainek, 1)
    from multiverse.sentinels.oblivaeon.turns import take_objective

    move(s, cid(s, "Mission Gamma"), Z_DECK, home=s.T.mission)
    take_objective(s, 0)
    s.advance()
    damage.flip_card(s, cid(s, "Mission Gamma"), 1)
    old = s.char[0]
    damage.incapacitate(s, 0)  # alpha falls; beta plays the Rites in that same turn
    start_turn(s, [("ob_hero_turn", 1), ("ob_hero_turn", 2)])
    rites = hand_card(s, 1, "Rites")
    s.apply("stay")
    run_until(s, "play_phase")
    s.apply(f"play:{rites}")
    return s, old


@pytest.mark.rule("OBL-C22")
def test_a_revival_returns_the_character_to_the_box_and_rewards_to_hand(tmp_path: Path) -> None:
    s, old = _revival(tmp_path, usurped=False)
    reward = cid(s, "Mission Gamma")
    assert s.zone[old] == Z_BOX and s.face[old] == 0 and old not in s.play[0]
    assert s.zone[reward] == Z_HAND and s.home[reward] == 0 and s.face[reward] == 1
    assert s.incap[0] == 1 and old in world.free_characters(s)
    run_until(s, "ob_new_hero")  # after the turn: alpha may be set up again
    assert s.decision().seat == 0 and f"hero:{old}" in s.decision().ids()


@pytest.mark.rule("OBL-C22")
def test_once_rainek_has_usurped_oblivaeon_a_revival_works_as_written(tmp_path: Path) -> None:
    s, old = _revival(tmp_path, usurped=True)
    reward = cid(s, "Mission Gamma")
    assert s.char[0] == old and s.zone[old] == Z_PLAY and s.face[old] == 0
    assert s.incap[0] == 0 and s.hp[old] == 20 and s.zone[reward] == Z_HAND
    run_until(s, "ob_zone_move")
    assert s.turn == 2  # no new hero was needed


@pytest.mark.rule("OBL-C23")
def test_a_variant_incapacitated_with_cards_under_it_blocks_its_hero(tmp_path: Path) -> None:
    s, *_ = _loaded_alpha(tmp_path, heroes=("beta", "alpha", "gamma"))
    damage.incapacitate(s, 0)  # beta's player: a new hero; alpha is in use by player 2
    damage.incapacitate(s, 1)  # alpha down
    start_turn(s, [("ob_replace", 1), ("ob_hero_turn", 2)])
    s.apply(f"hero:{cid(s, 'Alpha Requital')}")
    s.apply("stay")
    req = s.char[1]
    d = s.T.hdeck[req]
    held = [c for c in s.deck[1][:2]]
    for c in held:
        put_under(s, c, req) if s.zone[c] == Z_PLAY else (move(s, c, Z_PLAY, home=1),
                                                         put_under(s, c, req))
    assert cards_under(s, req) == held
    damage.incapacitate(s, 1)
    assert [s.zone[c] for c in held] == [Z_UNDER, Z_UNDER]  # they stay under it
    assert not world.deck_available(s, d)
    assert cid(s, "Alpha Prime") not in world.free_characters(s)
    for c in held:  # once none remain under it (nor in play), the hero may return
        move(s, c, Z_BOX)
    assert world.deck_available(s, d) and cid(s, "Alpha Prime") in world.free_characters(s)


@pytest.mark.rule("OBL-C24", "OBL-B4")
def test_a_single_hero_adds_exactly_one_devastation_token(tmp_path: Path) -> None:
    """A hero with one character card adds one Devastation token when incapacitated, once (a
    second blow to the flipped card adds none); the tests below set up a team."""
    s = game(tmp_path)
    damage.incapacitate(s, 0)
    damage.incapacitate(s, 0)
    damage.destroy(s, cid(s, "Alpha"))
    assert counter(s, "Devastation") == 1


def _team_pack(reward: bool = False) -> dict:
    """Alpha as a team of three character cards (OBL-C24); with `reward`, alpha's deck holds
    "Heartstone", an original stand-in for a reward that stands the whole team up again
    when all of them are down."""
    cards = []
    if reward:
        cards.append({"name": "Heartstone", "kind": "ongoing", "triggers": [{
            "when": "team_down", "effect": [{"verb": "revive_team", "amount": 5},
                                            {"verb": "destroy_this"}]}]})
    team = hero("alpha", cards=cards)
    team["team"] = [{"name": "Alpha A", "hp": 10}, {"name": "Alpha B", "hp": 10}]
    return pack(heroes=[team])


@pytest.mark.rule("OBL-C24", "OBL-B4")
def test_a_team_hero_adds_one_devastation_token_when_all_are_down(tmp_path: Path) -> None:
    s = game(tmp_path, pack_doc=_team_pack())
    members = [cid(s, n) for n in ("Alpha", "Alpha A", "Alpha B")]
    assert [c for c in s.play[0] if s.T.hero_char[c] >= 0] == members
    for i, c in enumerate(members):
        s.hp[c] = 0
        s.stack.append(("check_destroyed", c))
        s._decision = None
        s.advance()
        down = i == len(members) - 1
        assert bool(s.incap[0]) == down
        assert counter(s, "Devastation") == (1 if down else 0)
        assert not s.is_target(c)
    assert [e.text for e in s.take_events() if e.kind in ("team_member_down", "incapacitated")] == [
        "Alpha is incapacitated", "Alpha A is incapacitated", "Alpha B is incapacitated",
        "Alpha is incapacitated"]


@pytest.mark.rule("OBL-C24")
def test_a_team_reward_stands_them_all_up_only_when_all_are_down(tmp_path: Path) -> None:
    s = game(tmp_path, pack_doc=_team_pack(reward=True))
    stone = cid(s, "Heartstone")
    move(s, stone, Z_HAND, home=0)
    from multiverse.sentinels.turns import play_from_hand

    play_from_hand(s, 0, stone)
    members = [cid(s, n) for n in ("Alpha", "Alpha A", "Alpha B")]
    for c in members[:2]:
        damage.destroy(s, c)
    assert s.zone[stone] == Z_PLAY and not s.incap[0]  # two down: nothing yet
    damage.destroy(s, members[2])
    s._decision = None
    s.advance()
    assert not s.incap[0] and counter(s, "Devastation") == 0
    assert [(s.face[c], s.hp[c]) for c in members] == [(0, 5), (0, 5), (0, 5)]
    assert s.zone[stone] != Z_PLAY


__all__ = ["Z_HAND"]
