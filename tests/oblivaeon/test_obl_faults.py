"""Issue 19's rule faults, each with the position that exposed it: environment cards moved
by text (OBL-B1, C17), OblivAeon in his own inferno (OBL-E4), bloomed seeds (OBL-HE3),
Scions at 0 HP doing what their panel says (SOTM-18, OBL-C4, B3), usurping as data (OBL-C22)
and invariants that name what they check."""

from __future__ import annotations

from pathlib import Path

import pytest

from multiverse.sentinels import damage
from multiverse.sentinels.oblivaeon import world
from multiverse.sentinels.state import Z_DECK, Z_PLAY, Z_REMOVED
from multiverse.sentinels.zones import move

from .support import (
    cid,
    counter,
    env_owner,
    environment,
    game,
    hand_card,
    hero,
    in_play,
    pack,
    run_until,
    scion,
    set_counter,
    start_turn,
)


# ----- environment cards change zone when text says so ---------------------------------------
@pytest.mark.rule("OBL-B1", "OBL-C17")
def test_text_moves_an_environment_card_to_the_other_zone_where_its_text_then_acts(
        tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Shove", "kind": "one-shot", "play": [
        {"verb": "move_to_zone", "zone": "other",
         "target": {"group": "environment", "targets_only": False}}]}])
    gust = {"name": "Gust", "kind": "ongoing", "triggers": [
        {"when": "end_of_turn", "whose": "environment", "effect": [
            {"verb": "damage", "amount": 1, "source": "this",
             "target": {"group": "hero", "pick": "each"}}]}]}
    s = game(tmp_path, pack_doc=pack(heroes=[alpha], envs=[environment("env-one", [gust])]))
    e1 = env_owner(s, "env-one")
    g = in_play(s, "Gust", e1)
    assert s.bz[g] == 0
    shove = hand_card(s, 0, "Shove")
    s.apply("stay")
    run_until(s, "play_phase")
    s.apply(f"play:{shove}")
    assert s.zone[g] == Z_PLAY and s.bz[g] == 1 and g in s.play[e1]  # moved, still Env One's
    world.move_hero(s, 2, 1)  # gamma in zone 2, alpha and beta in zone 1
    hp = [s.hp[s.char[p]] for p in range(3)]
    start_turn(s, [("ob_env_turn", 0), ("ob_env_turn", 1), ("ob_hero_turn", 0)])
    # its end-of-turn text fires in zone 2's environment turn, on the heroes of zone 2
    assert [s.hp[s.char[p]] for p in range(3)] == [hp[0], hp[1], hp[2] - 1]


# ----- OblivAeon in his own inferno ------------------------------------------------------------
def _inferno_game(tmp_path: Path, **kw: object):  # type: ignore[no-untyped-def]
    doom = {"name": "Doom", "kind": "one-shot", "play": [{"verb": "game_over"}]}
    s = game(tmp_path, pack_doc=pack(envs=[environment("env-one", [doom])], **kw))
    e1 = env_owner(s, "env-one")
    move(s, cid(s, "Doom"), Z_DECK, home=e1)
    world.move_oblivaeon(s, 1)
    start_turn(s, [("ob_env_turn", 0), ("ob_hero_turn", 0)])
    s.take_events()
    s.apply("env:env-three")
    return s


@pytest.mark.rule("OBL-E4")
def test_oblivaeon_deals_himself_20_irreducible_infernal_damage_too(tmp_path: Path) -> None:
    s = _inferno_game(tmp_path)
    vc = s.T.villain_character
    assert s.bz[vc] == 0 and s.hp[vc] == 20  # 40 HP, each target in the zone: him too


@pytest.mark.rule("OBL-E4", "SOTM-15")
def test_an_immunity_his_shield_gives_him_still_stops_his_own_inferno(tmp_path: Path) -> None:
    shields = [{"name": "Shield A", "bring_forth": "Scion One", "keywords": ["shield"],
                "modifiers": [{"kind": "immune", "applies_to": "villain_character"}],
                "sides": [{"name": "Shield A Phase 2"}]}]
    s = _inferno_game(tmp_path, shields=shields)
    vc = s.T.villain_character
    assert s.hp[vc] == 40  # immune: his own 20 stop there
    assert all(s.hp[s.char[p]] <= 0 or s.incap[p] for p in (0, 1))  # (the heroes are hit)


# ----- bloomed seeds ---------------------------------------------------------------------------
@pytest.mark.rule("OBL-HE3")
def test_a_bloomed_ongoing_seed_goes_to_its_heros_play_area_in_that_heros_zone(
        tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Rootling", "kind": "ongoing", "seed": True,
                                  "play": [{"verb": "seed_environment"}]}])
    s = game(tmp_path, pack_doc=pack(heroes=[alpha]))
    e2 = env_owner(s, "env-two")
    world.move_hero(s, 0, 1)  # alpha in zone 2; the seed blooms from zone 1's environment
    root = hand_card(s, 0, "Rootling")
    e1 = env_owner(s, "env-one")
    move(s, root, Z_DECK, home=e1)  # planted, on top of Env One's deck
    start_turn(s, [("ob_env_turn", 0), ("ob_hero_turn", 0)])
    assert s.zone[root] == Z_PLAY and root in s.play[0] and s.home[root] == 0
    assert s.bz[root] == 1 and root not in s.play[e1] and root not in s.play[e2]


# ----- Scions at 0 HP ----------------------------------------------------------------------------
def _flip_scion(**kw: object) -> dict:
    return scion("Scion One", at_zero_hp=[{"verb": "flip", "target": {"group": "this"}}], **kw)


@pytest.mark.rule("SOTM-18", "OBL-C4")
def test_a_scion_at_0_hp_does_what_its_panel_says_flip_to_its_other_face(tmp_path: Path) -> None:
    one = _flip_scion(sides=[{"name": "Scion One Risen", "hp": 12, "restore_hp": True}])
    s = game(tmp_path, pack_doc=pack(scions=[one, scion("Scion Two"), scion("Scion Three"),
                                             scion("Scion Four")]))
    c = cid(s, "Scion One", Z_PLAY)
    set_counter(s, "Devastation", 5)
    damage.deal_damage(s, s.char[0], c, 25, 5, False)
    s.advance()
    assert s.zone[c] == Z_PLAY and s.face[c] == 1 and s.hp[c] == 12  # flipped, not removed
    assert counter(s, "Devastation") == 5
    damage.deal_damage(s, s.char[0], c, 12, 5, False)  # its flipped face says nothing: removed
    s.advance()
    assert s.zone[c] == Z_REMOVED and counter(s, "Devastation") == 4  # (OBL-B3)


@pytest.mark.rule("SOTM-18", "OBL-C4")
def test_a_scion_flipped_to_a_face_without_hp_is_no_target_and_stays(tmp_path: Path) -> None:
    one = _flip_scion(sides=[{"name": "Scion One Dormant"}])
    s = game(tmp_path, pack_doc=pack(scions=[one, scion("Scion Two"), scion("Scion Three"),
                                             scion("Scion Four")]))
    c = cid(s, "Scion One", Z_PLAY)
    damage.deal_damage(s, s.char[0], c, 25, 5, False)
    s.advance()
    assert s.zone[c] == Z_PLAY and s.face[c] == 1 and not s.is_target(c)
    from multiverse.content.sentinels_schema import Select
    from multiverse.sentinels.records import Record
    from multiverse.sentinels.select import candidates
    every = candidates(s, Record(Select(group="villain", pick="each")), s.char[0], 0, -1)
    assert c not in every


@pytest.mark.rule("SOTM-18", "OBL-C4")
def test_a_scion_whose_panel_text_does_not_save_it_is_defeated_after_all(tmp_path: Path) -> None:
    one = scion("Scion One", at_zero_hp=[{"verb": "add_tokens", "amount": 1}])
    s = game(tmp_path, pack_doc=pack(scions=[one, scion("Scion Two"), scion("Scion Three"),
                                             scion("Scion Four")]))
    c = cid(s, "Scion One", Z_PLAY)
    damage.deal_damage(s, s.char[0], c, 25, 5, False)
    s.advance()
    assert s.zone[c] == Z_REMOVED


# ----- usurping: data, not a name ------------------------------------------------------------------
def _usurp_game(tmp_path: Path, usurps: bool, name: str = "Usurper"):  # type: ignore[no-untyped-def]
    u = scion(name, sides=[{"name": f"{name} Ascendant", "hp": 20, "usurps": usurps}])
    s = game(tmp_path, pack_doc=pack(scions=[scion("Scion One"), scion("Scion Two"), u,
                                             scion("Scion Four")]),
             scion_order=(name, "Scion Two", "Scion Four"))
    c = cid(s, name, Z_PLAY)
    damage.flip_card(s, c, 1)
    vc = s.T.villain_character
    damage.flip_card(s, vc, s.T.n_faces[vc] - 1)  # OblivAeon's last form
    return s, c, vc


@pytest.mark.rule("OBL-C22")
def test_while_a_usurper_stands_defeating_oblivaeons_last_form_does_not_win(tmp_path: Path) -> None:
    s, u, vc = _usurp_game(tmp_path, usurps=True)
    damage.deal_damage(s, s.char[0], vc, 99, 5, True)
    s.advance()
    assert s.result is None and s.hp[vc] <= 0
    damage.deal_damage(s, s.char[0], u, 99, 5, True, cross=True)  # the usurper falls: a win
    s.advance()
    assert s.result == "win" and s.zone[u] == Z_REMOVED


@pytest.mark.rule("OBL-C22")
def test_no_rule_is_keyed_on_a_name_rainek_without_usurps_usurps_nothing(tmp_path: Path) -> None:
    s, _u, vc = _usurp_game(tmp_path, usurps=False, name="Rainek Kel'Voss")
    damage.deal_damage(s, s.char[0], vc, 99, 5, True)
    s.advance()
    assert s.result == "win"


# ----- invariants name what they check -------------------------------------------------------------
def test_an_invariant_broken_by_a_position_names_the_invariant_and_the_card(tmp_path: Path) -> None:
    from multiverse.sentinels.oblivaeon.invariants import check_invariants

    s = game(tmp_path)
    c = s.char[1]
    s.bz[c] = 1 - s.azone[1]  # beta's character card out of its player's zone
    with pytest.raises(AssertionError, match="Beta is not in its play area's zone"):
        check_invariants(s)
