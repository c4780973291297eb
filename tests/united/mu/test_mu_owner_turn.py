"""MU-17/MU-18: the owner's words for this turn's actions, the Storyline, discards and "a while
off the board" (`united.owner_turn`), each played on a small original card.

Days of Future Past scenarios use `played` of test_mu_owner_effects (Logan plays the test card
*Owner's Card*; Sentinels I and II at ring 0, Storm at ring 3); the standard-game ones (the
Magistrate, a Henchman) use the standard kit's empty ring.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest
from mu_support import card_id, hand, opt_ids, play_out, ring
from test_mu_owner_effects import played, resolve_effect

from multiverse.content.schema import Effect
from multiverse.united.determinize import determinize
from multiverse.united.enemies import enemies_at
from multiverse.united.invariants import check_invariants
from multiverse.united.state import UnitedState
from multiverse.united.storyline import last_hero_cards
from multiverse.united.view import view
from multiverse.united.vocab.turn import check_turn_effects

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "standard"))
import standard_kit as std


def _round_trip(s: UnitedState) -> UnitedState:
    from multiverse.united.dofp.game import from_json, to_json

    back = from_json(json.loads(json.dumps(to_json(s))))
    assert back == s and back.state_hash() == s.state_hash()
    return back


# ----- draw, then discard ---------------------------------------------------------------------
@pytest.mark.rule("MU-17", "MU-21")
def test_draw_two_then_discard_one_to_the_bottom_of_the_deck():
    s = played([{"verb": "draw_discard", "amount": 2}])
    top2 = s.deck[0][-2:]
    deck_before = s.deck[0][:-2]
    resolve_effect(s)
    d = s.decision()
    assert d.kind == "discard" and sorted(opt_ids(s)) == sorted(f"card:{c}" for c in top2)
    s.apply(f"card:{top2[0]}")
    assert s.hand[0] == [top2[1]]
    assert s.deck[0] == [top2[0], *deck_before]  # MU-21: at the bottom, as damage does
    assert s.seen == [top2[0]]
    assert [e.kind for e in s.log][-2:] == ["draw", "discard"]
    check_invariants(s)
    _round_trip(s)


@pytest.mark.rule("MU-17")
def test_discard_two_and_a_discard_of_the_last_card_is_no_ko():
    s = played([{"verb": "draw_discard", "amount": 1, "discard": 2}])
    top = s.deck[0][-1]
    resolve_effect(s)  # one card in hand: it goes by itself; no second discard is possible
    assert s.hand[0] == [] and s.deck[0][0] == top and s.ko[0] == 0
    assert s.decision().kind == "resolve_actions"


@pytest.mark.rule("MU-17", "MU-21")
def test_the_board_names_the_cards_seen_at_the_bottom_of_a_deck():
    s = played([{"verb": "draw_discard", "amount": 2}])
    resolve_effect(s)
    c = s.hand[0][0]
    assert "(bottom:" not in _board_text(s)
    s.apply(f"card:{c}")
    assert view(s, s.seat(1))["heroes"][0]["deck_bottom"] == [s.T.card_name[c]]
    assert f"{len(s.deck[0])} (bottom: {s.T.card_name[c]})" in _board_text(s)


@pytest.mark.rule("MU-17")
def test_a_seen_card_keeps_its_place_when_agents_reshuffle():
    s = played([{"verb": "draw_discard", "amount": 2}])
    resolve_effect(s)
    c = s.hand[0][0]
    s.apply(f"card:{c}")
    for seed in range(20):
        for seat in (s.seat(0), s.seat(1)):  # Logan's own seat, and Storm's (Logan's hand unseen)
            det = determinize(s, seat, random.Random(seed))
            assert det.deck[0][0] == c
            assert sorted(det.deck[0] + det.hand[0]) == sorted(s.deck[0] + s.hand[0])
            assert view(det, seat) == view(s, seat)
    assert view(s, 1)["heroes"][0]["deck_bottom"] == [s.T.card_name[c]]


@pytest.mark.rule("MU-17")
def test_a_seen_card_drawn_again_is_forgotten():
    s = played([{"verb": "draw_discard", "amount": 1}], logan_extra={"deck": ["Slow Mend"]})
    resolve_effect(s)  # draws Slow Mend, the only card: it goes back under the (empty) deck
    assert s.deck[0] == [card_id(s, 0, "Slow Mend")] and s.seen == s.deck[0]
    from multiverse.united.damage import draw

    draw(s, 0, 1)
    assert hand(s, 0) == ["Slow Mend"] and s.seen == []


# ----- the Storyline and the ring -------------------------------------------------------------
@pytest.mark.rule("MU-17")
def test_swap_this_card_with_the_previous_hero_card():
    s = played([{"verb": "swap_storyline"}], storyline=[{"hero": "storm", "card": "Gale Force"}])
    gale, mine = s.story
    assert s.pool == [1, 1, 0, 0]
    resolve_effect(s)
    assert s.story == [mine, gale] and last_hero_cards(s, 1) == [gale]
    assert s.pool == [1, 1, 0, 0]  # this turn's symbols are not changed
    check_invariants(s)


@pytest.mark.rule("MU-17")
def test_swap_with_no_previous_hero_card_does_nothing():
    s = played([{"verb": "swap_storyline"}])
    story = s.story[:]
    resolve_effect(s)
    assert s.story == story


@pytest.mark.rule("MU-1")
def test_swap_your_location_with_a_neighbour_takes_everything_along():
    # Logan at ring 1 (Sentinel Foundry: two Thugs, Sentinel Production B); ring 0: the
    # Burned Mansion (one Civilian, Sentinel Production A) with Sentinels I and II
    s = played([{"verb": "swap_locations"}], logan=1)
    locs, threats = s.locs[:], s.threat[:]
    resolve_effect(s)
    assert sorted(opt_ids(s)) == ["swap:0:1", "swap:1:2"]
    s.apply("swap:0:1")
    assert s.locs[:2] == [locs[1], locs[0]] and s.locs[2:] == locs[2:]
    assert (s.civ[0], s.thug[0], s.civ[1], s.thug[1]) == (0, 2, 1, 0)
    assert s.threat[:2] == [threats[1], threats[0]]
    assert s.hero_loc == [0, 3] and s.s_loc == [1, 1, -1]  # Logan stays on his Location
    assert s.loc_name(s.hero_loc[0]) == "Hollow Sentinel Foundry"
    check_invariants(s)


@pytest.mark.rule("MU-1")
def test_swap_any_two_locations_with_filled_symbols():
    s = played([{"verb": "swap_locations", "where": "any"}],
               locations=ring(p2={"filled": ["heroic"]}))
    need2 = s.need[6:9]
    resolve_effect(s)
    assert len(opt_ids(s)) == 15
    s.apply("swap:2:5")
    assert s.need[15:18] == need2 and s.hero_loc == [0, 3]
    check_invariants(s)


@pytest.mark.rule("MU-1")
def test_swap_carries_the_villain_and_no_location_trigger_fires():
    # the Magistrate at ring 0; Checkpoint Gate (Martial Law +1 when he arrives) at ring 1
    card = {"name": "Owner's Card", "symbols": ["move"], "effect": [{"verb": "swap_locations"}]}
    s = std.load(None, heroes=[std.hero("logan", 0, ["Owner's Card"]), std.hero("kitty-pryde", 4),
                               std.hero("storm", 4)],
                 cards={"logan": [card]}, step="play", turn={"hero": "logan"}, track=2,
                 locations=std.ring(p1={"threat": "checkpoint-gate"}))
    s.apply("effect")  # (his only card was played by itself)
    s.apply("swap:0:1")
    assert s.n_loc == 1 and s.hero_loc[0] == 1 and s.track == 2
    assert s.T.threat_name[s.threat[0]] == "Checkpoint Gate"
    check_invariants(s)


# ----- this turn's Attacks and Heroics --------------------------------------------------------
@pytest.mark.rule("MU-18")
def test_attack_an_enemy_in_an_adjacent_location_this_turn():
    # Logan at ring 1 (two Thugs); the Sentinels stand next door at ring 0
    s = played([{"verb": "attack_range"}], symbols=("attack", "attack"), logan=1)
    assert "attack:0:sentinel:0" not in opt_ids(s)
    resolve_effect(s)
    ids = opt_ids(s)
    assert {"attack:thug", "attack:0:sentinel:0", "attack:0:sentinel:1"} <= set(ids)
    s.apply("attack:0:sentinel:0")
    assert s.s_hp[0] == s.T.sentinel_health - 1 and s.hero_loc[0] == 1 and s.pool[1] == 1
    s.apply("attack:thug")
    assert s.thug[1] == 1 and s.protect == []  # the turn ended: so did the reach


@pytest.mark.rule("MU-18")
def test_a_granted_attack_reaches_too_and_extra_damage_adds():
    s = played([{"verb": "attack_range"}, {"verb": "extra_damage", "amount": 1},
                {"verb": "take_action", "symbol": "attack"}], logan=1)
    resolve_effect(s)
    assert {"attack:1:thug", "attack:0:sentinel:0"} <= set(opt_ids(s))
    s.apply("attack:0:sentinel:1")
    assert s.s_hp[1] == s.T.sentinel_health - 2


@pytest.mark.rule("MU-18", "MU-19")
def test_each_fill_fills_one_more_symbol_this_turn():
    # Sentinel Production A at ring 0 costs Attack, Heroic, Heroic
    s = played([{"verb": "extra_fill", "amount": 1}], symbols=("heroic",))
    resolve_effect(s)
    s.apply("fill:heroic")
    assert s.need[0:3] == [0, 1, 0] and s.threat[0] >= 0


@pytest.mark.rule("MU-18", "MU-19")
def test_extra_fills_go_to_any_kind_left_and_clear_the_threat():
    s = played([{"verb": "extra_fill", "amount": 2}], symbols=("heroic",))
    resolve_effect(s)
    s.apply("fill:heroic")  # Heroic, then the other Heroic, then the Attack
    assert s.threat[0] == -1 and any(e.kind == "threat_cleared" for e in s.log)


@pytest.mark.rule("MU-18")
def test_a_granted_heroic_fills_more_too():
    s = played([{"verb": "extra_fill", "amount": 1}, {"verb": "take_action", "symbol": "heroic"}])
    resolve_effect(s)
    s.apply("fill:0:heroic")
    assert s.need[0:3] == [0, 1, 0]


# ----- counts ---------------------------------------------------------------------------------
@pytest.mark.rule("MU-9", "MU-17")
def test_draw_per_civilian_rescued_so_far():
    card = {"name": "Owner's Card", "symbols": ["move"],
            "effect": [{"verb": "draw", "per": "civilians_rescued"}]}
    s = std.load(None, heroes=[std.hero("logan", 0, ["Owner's Card"]), std.hero("kitty-pryde", 4),
                               std.hero("storm", 4)],
                 cards={"logan": [card]}, step="play", turn={"hero": "logan"},
                 missions={"rescued": 4})
    s.apply("effect")  # (his only card was played by itself)
    assert len(s.hand[0]) == 4


@pytest.mark.rule("MU-17")
def test_no_missions_no_civilians_rescued_count_and_heroes_in_game():
    s = played([{"verb": "draw", "per": "civilians_rescued"},
                {"verb": "gain_token", "symbol": "wild", "per": "heroes_in_game"}])
    resolve_effect(s)
    assert s.hand[0] == [] and s.tokens[3] == 2


# ----- a while off the board ------------------------------------------------------------------
def _vanish(effect: list | None = None, **more: Any) -> UnitedState:
    """Logan and Kitty at ring 3 with the Riot Enforcers (a Henchman; BAM!: 1 damage to each
    hero there), Storm at ring 1, the Magistrate at ring 0. Logan plays the third Hero card
    since the last villain turn: Hunt the Vigilantes (to the most heroes, BAM!) follows."""
    card = {"name": "Owner's Card", "symbols": ["move"],
            "effect": effect or [{"verb": "vanish_with_henchman"}]}
    heroes = [std.hero("logan", 3, ["Owner's Card"]), std.hero("kitty-pryde", 3, ["Phased Jab"]),
              std.hero("storm", 1, ["Gale Force", "Hailstorm"])]
    return std.load(None, heroes=heroes, cards={"logan": [card]}, step="play",
                    turn={"hero": "logan"}, since=2, master_plan=["Hunt the Vigilantes"],
                    locations=std.ring(p3={"threat": "riot-enforcers", "thugs": 1}), **more)


@pytest.mark.rule("MU-17", "MU-11")
def test_vanish_with_the_henchman_until_your_next_turn():
    s = _vanish()
    s.apply("effect")  # (his only card was played by itself)
    # off the board: actions end by themselves; Hunt the Vigilantes counts Kitty (ring 3) and
    # Storm (ring 1) only, so the Magistrate goes to ring 1; the Henchman's BAM! stays silent
    assert s.n_loc == 1
    assert s.decision().kind == "wound" and s.decision().seat == s.seat(2)
    std.wound(s, "Gale Force")  # then Hailstorm by itself: KO, and BAM! once more
    assert s.ko[2] == 1 and s.hand[0] == [] and s.hero_loc[0] == 3
    assert hand(s, 1)[0] == "Phased Jab" and len(s.hand[1]) == 2  # untouched; drew 1 for her turn
    assert s.away(0) and [o.id for o in enemies_at(s, 3)] == ["thug"] and s.hench[3] == 3
    assert view(s, 0)["heroes"][0]["away"] is True
    assert "Logan (away)" in _board_text(s) and "off the board" in _board_text(s)
    check_turn_effects(s)  # (the position's Master Plan deck is short: no whole-board check)
    _round_trip_standard(s)
    # Kitty's turn: the Henchman cannot be attacked, the Thug beside it can
    assert s.active == 1
    std.play(s, "Phased Jab")
    assert "attack:thug" in opt_ids(s) and "attack:henchman" not in opt_ids(s)
    while s.active != 0:
        std.answer(s)
    assert not s.away(0) and s.hero_loc[0] == 3 and s.hench[3] == 3
    assert [o.id for o in enemies_at(s, 3)] == ["henchman", "thug"]
    assert any(e.kind == "return" for e in s.log)


@pytest.mark.rule("MU-17", "MU-11")
def test_a_hero_off_the_board_neither_reacts_to_nor_redirects_the_villains_move():
    # Logan sets a redirect and a reaction to any move, then leaves with the Henchman: the
    # Magistrate moves as printed (to Storm, ring 1), no reaction fires, and both wait unspent
    s = _vanish([{"verb": "redirect_villain_move"},
                 {"verb": "on_villain_move", "when": "any_move",
                  "steps": [{"verb": "gain_token", "symbol": "wild"}]},
                 {"verb": "vanish_with_henchman"}])
    s.apply("effect")
    assert s.n_loc == 1 and s.decision().kind == "wound"  # no "redirect_move" asked of Logan
    assert s.tokens[0:4] == [0, 0, 0, 0] and s.away(0)
    assert [p["effect"] for p in view(s, 1)["protections"]] == [
        "redirect_villain_move", "on_villain_move", "vanish_with_henchman"]
    assert [p["amount"] for p in view(s, 1)["protections"]][:2] == [1, 1]


@pytest.mark.rule("MU-17", "MU-9")
def test_a_hero_off_the_board_is_in_the_game_but_in_no_location():
    # after vanishing, Logan counts himself among the heroes in the game (3) but not among
    # the heroes in the Location he left (Kitty only)
    s = _vanish([{"verb": "vanish_with_henchman"},
                 {"verb": "gain_token", "symbol": "move", "per": "heroes_in_game"},
                 {"verb": "gain_token", "symbol": "attack", "per": "heroes_here"}])
    s.apply("effect")
    assert s.away(0) and s.tokens[0:4] == [3, 1, 0, 0]


def _board_text(s: UnitedState) -> str:
    import io

    from rich.console import Console

    from multiverse.united.render import render_board

    console = Console(width=120, record=True, file=io.StringIO())
    console.print(render_board(s, 0))
    return console.export_text()


def _round_trip_standard(s: UnitedState) -> None:
    from multiverse import modes

    m = modes.get("standard")
    back = m.from_json(json.loads(json.dumps(m.to_json(s))))
    assert back == s and back.state_hash() == s.state_hash()


@pytest.mark.rule("MU-17")
def test_nothing_damages_a_hero_off_the_board_and_the_threat_cannot_be_cleared():
    # the card's later steps resolve: damage, clearing the Threat and a Move do nothing
    card = {"name": "Owner's Card", "symbols": ["move"],
            "effect": [{"verb": "vanish_with_henchman"}, {"verb": "take_damage", "amount": 2},
                       {"verb": "clear_threat"}, {"verb": "take_action", "symbol": "move"}]}
    s = std.load(None, heroes=[std.hero("logan", 3, ["Owner's Card", "Slow Mend"]),
                               std.hero("kitty-pryde", 4), std.hero("storm", 4)],
                 cards={"logan": [card]}, step="play", turn={"hero": "logan"},
                 locations=std.ring(p3={"threat": "riot-enforcers"}))
    std.play(s, "Owner's Card")
    s.apply("effect")
    assert hand(s, 0) == ["Slow Mend"] and s.threat[3] >= 0 and s.hench[3] == 3
    assert s.hero_loc[0] == 3 and s.decision().kind != "act"  # no granted Move either


@pytest.mark.rule("MU-17")
def test_no_henchman_here_no_vanishing():
    s = played([{"verb": "vanish_with_henchman"}])
    resolve_effect(s)
    assert s.protect == [] and "end" in opt_ids(s) and len(opt_ids(s)) > 1


# ----- card text and errors -------------------------------------------------------------------
def test_the_new_words_in_card_text():
    from multiverse.united.cardtext import effect_text
    from multiverse.united.tables import compile_effects

    fx = compile_effects([Effect(verb="draw_discard", amount=2, discard=1),
                          Effect(verb="swap_locations", where="any"),
                          Effect(verb="vanish_with_henchman")])
    assert effect_text(fx) == ("draw 2 cards, then discard 1; swap any two Locations; "
                               "leave the board with the Henchman here until your next turn")
    fx = compile_effects([Effect(verb="draw_discard", amount=3, discard=2),
                          Effect(verb="attack_range", until="your_next_turn"),
                          Effect(verb="extra_fill", amount=2, until="face_up"),
                          Effect(verb="draw", per="civilians_rescued"),
                          Effect(verb="gain_token", symbol="move", per="heroes_in_game"),
                          Effect(verb="swap_locations", optional=True)])
    assert effect_text(fx).split("; ") == [
        "draw 3 cards, then discard 2",
        "your Attacks also reach the adjacent Locations until your next turn",
        "fill 2 more symbols with each fill while this card is face up",
        "draw 1 card for each Civilian rescued",
        "gain 1 Move token for each hero in the game",
        "you may swap your Location with an adjacent one"]


@pytest.mark.parametrize("step, message", [
    ({"verb": "draw", "discard": 2}, r"discard: only 'draw_discard'"),
    ({"verb": "swap_locations", "where": "a_hero"}, r"where: 'a_hero' is not a place"),
    ({"verb": "swap_storyline", "until": "end_of_turn"}, r"until: only a protection"),
    ({"verb": "swap_storyline", "per": "civilians_rescued"}, r"per: verb 'swap_storyline'"),
    ({"verb": "draw_discard", "discard": 0}, r"discard"),
    ({"verb": "attack_range", "until": "sometime"}, r"until"),
])
def test_a_misused_new_word_is_an_error_naming_the_field(step, message):
    with pytest.raises(ValueError, match=message):
        Effect(**step)


# ----- whole games --------------------------------------------------------------------------
MAY = {"optional": True}
TURN_CARDS = [
    {"name": "Turn Sift", "symbols": ["move"], "copies": 2,
     "effect": [{"verb": "draw_discard", "amount": 2, "discard": 2}]},
    {"name": "Turn Trade", "symbols": ["attack"], "copies": 2,
     "effect": [{"verb": "swap_storyline", **MAY}, {"verb": "draw_discard", **MAY}]},
    {"name": "Turn Quake", "symbols": ["heroic"], "copies": 2,
     "effect": [{"verb": "swap_locations", **MAY}, {"verb": "swap_locations", "where": "any", **MAY}]},
    {"name": "Turn Reach", "symbols": ["attack", "heroic"], "copies": 2,
     "effect": [{"verb": "attack_range"}, {"verb": "extra_fill", "until": "your_next_turn"},
                {"verb": "take_action", "symbol": "wild", **MAY}]},
    {"name": "Turn Count", "symbols": ["wild"], "copies": 2,
     "effect": [{"verb": "draw", "per": "civilians_rescued", **MAY},
                {"verb": "gain_token", "symbol": "move", "per": "heroes_in_game"}]},
    {"name": "Turn Vanish", "symbols": ["move", "attack"], "copies": 2,
     "effect": [{"verb": "vanish_with_henchman", **MAY}, {"verb": "extra_fill", "until": "face_up"}]},
]
TURN_KINDS = {"discard", "swap_locations"}


def _turn_game(mode: str, agent: Any, seed: int) -> set[str]:
    from multiverse.united.config import UnitedConfig
    from multiverse.united.dofp.game import from_json, new_game, to_json
    from multiverse.united.invariants import check_dofp, check_standard

    cards = {"logan": TURN_CARDS, "storm": TURN_CARDS}
    extra = {"mode": "standard"} if mode == "standard" else {"track_max": 40, "sentinel_health": 1}
    s = new_game(UnitedConfig(heroes=("logan", "storm", "kitty-pryde"), cards=cards, **extra), seed=seed)

    def round_trip(s: UnitedState, d: Any) -> None:
        if d.kind in TURN_KINDS or (s.protect and d.kind == "play_card"):
            back = from_json(to_json(s))
            assert back == s and back.decision() == d

    return play_out(s, agent, check_standard if mode == "standard" else check_dofp, round_trip)


@pytest.mark.parametrize("mode", ["dofp", "standard"])
def test_random_games_with_the_turn_words_keep_every_invariant(mode):
    from multiverse.agents.random_agent import RandomAgent

    kinds: set[str] = set()
    for seed in range(10):
        kinds |= _turn_game(mode, RandomAgent(seed), seed)
    assert kinds >= TURN_KINDS


def test_ismcts_plays_the_turn_words():
    from multiverse.agents.ismcts import ISMCTSAgent

    _turn_game("standard", ISMCTSAgent(seed=1, iterations=20), 3)


@pytest.mark.parametrize("mode", ["dofp", "standard"])
def test_heuristic_agent_plays_the_turn_words(mode):
    from multiverse.agents.heuristic import HeuristicAgent

    kinds: set[str] = set()
    for seed in range(3):
        kinds |= _turn_game(mode, HeuristicAgent(seed), seed)
    assert "discard" in kinds
