"""MU-10/MU-11/MU-17: the owner's Villain words (`united/owner_villain.py`) played on small
original cards: peek at (and reorder) the Master Plan, react to the Villain's move, redirect
it. As in `test_mu_owner_effects`, Logan's only card is the test card; Nimrod stands at ring 0
(the default villain start), Logan at ring 0 and Storm at ring 3 unless stated.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from mu_support import custom_pack, kinds, opt_ids, play_out, position

from multiverse.content.schema import Effect
from multiverse.engine.errors import SaveError
from multiverse.united.determinize import determinize
from multiverse.united.dofp.game import from_json, to_json
from multiverse.united.invariants import check_dofp, check_invariants
from multiverse.united.state import UnitedState
from multiverse.united.view import view
from multiverse.united.vocab.villain import REDIRECT_MOVE

# the known Master Plan cards' text in the view (united/viewtext.py)
SWEEP = "move 3 clockwise; add 2 Civilians to the left, 1 Civilian here, 2 Civilians to the right"
CASCADE = "no move; raise the track by 2; BAM!"

Step = dict[str, Any]
PLAN = ["Sweep the Avenues", "Escalation Cascade", "Cold Survey of the Ruins",
        "Adaptive Self-Repair", "Hunt the Strongest Signal", "Round Up the Survivors"]


def played(effect: list[Step], logan: int = 0, storm: int = 3, plan: list[str] = PLAN,
           **doc: Any) -> UnitedState:
    """Nimrod's phase, `plan` on the Master Plan deck (its first card on top); Logan has
    just played the test card *Owner's Card* (a Move and the effect) and one Hero card came
    before it, so his turn's end brings the Villain's turn."""
    card = {"name": "Owner's Card", "symbols": ["move"], "effect": effect}
    lo = {"id": "logan", "location": logan, "hand": ["Owner's Card"], **doc.pop("logan_extra", {})}
    st = {"id": "storm", "location": storm, **doc.pop("storm_extra", {})}
    return position(heroes=[lo, st], cards={"logan": [card]}, step="play", turn={"hero": "logan"},
                    phase="nimrod", since=1, master_plan=plan, **doc)


def top(s: UnitedState, k: int) -> list[str]:
    """The names of the top `k` Master Plan cards, top first."""
    return [s.T.card_name[c] for c in s.mp_deck[::-1][:k]]


def card(s: UnitedState, name: str) -> int:
    return next(c for c in s.mp_deck if s.T.card_name[c] == name)


# ----- peek at the Master Plan ----------------------------------------------------------------
@pytest.mark.rule("MU-10", "MU-17")
def test_peek_at_the_top_master_plan_cards():
    s = played([{"verb": "peek_master_plan", "amount": 2}])
    deck = s.mp_deck[:]
    assert "master_plan_known" not in view(s, 1)
    s.apply("effect")
    assert s.mp_deck == deck  # looked at, not moved
    assert s.mp_known == [card(s, "Sweep the Avenues"), card(s, "Escalation Cascade")]
    for seat in (0, 1):  # every player knows them
        assert view(s, seat)["master_plan_known"] == [
            {"card": card(s, "Sweep the Avenues"), "name": "Sweep the Avenues", "depth": 0, "text": SWEEP},
            {"card": card(s, "Escalation Cascade"), "name": "Escalation Cascade", "depth": 1, "text": CASCADE}]
    assert s.log[-1].text == ("Logan looks at the top 2 Master Plan cards: Sweep the Avenues, "
                              "Escalation Cascade (top first)")
    check_dofp(s)


@pytest.mark.rule("MU-10", "MU-17")
def test_reorder_the_peeked_cards_one_position_at_a_time():
    s = played([{"verb": "peek_master_plan", "amount": 3, "reorder": True}])
    s.apply("effect")
    d = s.decision()
    assert d.kind == "mp_order" and "1st from the top" in d.prompt
    assert [o.label for o in d.options] == PLAN[:3]
    s.apply(f"card:{card(s, 'Cold Survey of the Ruins')}")
    assert [o.label for o in s.decision().options] == ["Escalation Cascade", "Sweep the Avenues"]
    s.apply(f"card:{card(s, 'Sweep the Avenues')}")  # the last one is left for the 3rd place
    assert top(s, 4) == ["Cold Survey of the Ruins", "Sweep the Avenues", "Escalation Cascade",
                         "Adaptive Self-Repair"]
    assert s.decision().kind == "resolve_actions"
    assert s.log[-1].text == ("Logan puts them back: Cold Survey of the Ruins, Sweep the Avenues, "
                              "Escalation Cascade (top first)")
    assert [x["name"] for x in view(s, 1)["master_plan_known"]] == top(s, 3)


@pytest.mark.rule("MU-10")
def test_a_drawn_card_is_no_longer_a_known_card_of_the_deck():
    # Sweep the Avenues (move 3) is revealed in the Villain's turn: Escalation Cascade is
    # still known, and now on top
    s = played([{"verb": "peek_master_plan", "amount": 2}])
    s.apply("effect")
    s.apply("end")
    assert s.T.card_name[s.story[-1]] == "Sweep the Avenues" and s.n_loc == 3
    assert s.mp_known == [card(s, "Escalation Cascade")]
    assert view(s, 0)["master_plan_known"] == [
        {"card": card(s, "Escalation Cascade"), "name": "Escalation Cascade", "depth": 0, "text": CASCADE}]


def test_determinization_keeps_the_known_cards_and_shuffles_the_rest():
    s = played([{"verb": "peek_master_plan", "amount": 2}])
    s.apply("effect")
    known_top = s.mp_deck[-2:]
    unseen = s.mp_deck[:-2]
    orders = set()
    for seed in range(30):
        det = determinize(s, 1, random.Random(seed))
        assert det.mp_deck[-2:] == known_top and sorted(det.mp_deck) == sorted(s.mp_deck)
        assert view(det, 1) == view(s, 1)
        orders.add(tuple(det.mp_deck[:-2]))
    assert len(orders) > 1 and all(sorted(o) == sorted(unseen) for o in orders)


def test_known_cards_round_trip_and_a_game_without_them_keeps_its_json():
    s = played([{"verb": "peek_master_plan"}])
    assert "mp_known" not in s.data_dict()
    s.apply("effect")
    back = from_json(to_json(s))
    assert back == s and back.mp_known == [card(s, "Sweep the Avenues")]
    assert back.state_hash() == s.state_hash()
    s2 = s.clone()
    s2.mp_known = []
    assert s2.state_hash() != s.state_hash()  # what players know is part of the position
    bad = s.data_dict()
    bad["mp_known"] = [999]
    with pytest.raises(SaveError, match="mp_known"):
        s.clone().load_data(bad)


@pytest.mark.rule("MU-10", "MU-17")
def test_a_known_card_delayed_to_the_bottom_stays_known_there():
    # peek at the top 2, then put the top one at the bottom: everyone saw it go
    s = played([{"verb": "peek_master_plan", "amount": 2}, {"verb": "delay_master_plan"}])
    s.apply("effect")
    bottom = len(s.mp_deck) - 1
    assert top(s, 1) == ["Escalation Cascade"] and s.T.card_name[s.mp_deck[0]] == "Sweep the Avenues"
    assert view(s, 1)["master_plan_known"] == [
        {"card": card(s, "Escalation Cascade"), "name": "Escalation Cascade", "depth": 0, "text": CASCADE},
        {"card": card(s, "Sweep the Avenues"), "name": "Sweep the Avenues", "depth": bottom, "text": SWEEP}]
    for seed in range(10):  # the agents' samples keep both where they now lie
        det = determinize(s, 1, random.Random(seed))
        assert det.mp_deck[0] == s.mp_deck[0] and det.mp_deck[-1] == s.mp_deck[-1]
        assert view(det, 1) == view(s, 1)
    s.apply("end")  # the Villain's turn reveals the known top card
    assert s.T.card_name[s.story[-1]] == "Escalation Cascade"
    assert s.mp_known == [card(s, "Sweep the Avenues")]
    check_dofp(s)


# ----- react to the Villain's move ------------------------------------------------------------
@pytest.mark.rule("MU-11", "MU-17")
def test_react_when_the_villain_moves_into_your_location_escapes_the_bam():
    # Adaptive Self-Repair: move 3 and BAM!. Logan (no card left) would be hit at ring 3;
    # his reaction moves him away first
    react = {"verb": "on_villain_move", "when": "into_your_location",
             "steps": [{"verb": "move", "optional": True}]}
    s = played([react], logan=3, storm=1, plan=["Adaptive Self-Repair"])
    s.apply("effect")
    assert s.protect[1:] == [1, 1, 0]  # once, until Logan's next turn, his
    s.apply("end")
    assert s.n_loc == 3
    assert s.decision().kind == "may"
    s.apply("resolve")
    assert opt_ids(s) == ["to:2", "to:4"]
    s.apply("to:4")
    assert s.hero_loc[0] == 4 and s.out[0] == 0  # the BAM! found nobody at ring 3
    assert s.protect == []  # it fired its once
    assert "reaction" in kinds(s)


@pytest.mark.rule("MU-11")
def test_without_the_reaction_the_bam_hits():
    s = played([{"verb": "draw", "amount": 0}], logan=3, storm=1, plan=["Adaptive Self-Repair"])
    s.apply("effect")
    s.apply("end")
    assert s.n_loc == 3 and s.out[0] == 1


@pytest.mark.rule("MU-11", "MU-17")
def test_a_reaction_to_a_move_elsewhere_waits():
    react = {"verb": "on_villain_move", "when": "into_your_location", "steps": [{"verb": "draw"}]}
    s = played([react], logan=1, logan_extra={"deck": ["Rusted Claws", "Old Instincts"]},
               plan=["Sweep the Avenues"])
    s.apply("effect")
    s.apply("end")  # Nimrod moves 0 -> 3: not Logan's Location
    assert s.n_loc == 3 and len(s.protect) == 4 and "reaction" not in kinds(s)


@pytest.mark.rule("MU-11", "MU-17")
def test_any_move_fires_once_per_move_for_amount_moves():
    # two moves: Logan's own move_villain, then the Master Plan's; each draws Logan 1 card
    react = {"verb": "on_villain_move", "when": "any_move", "amount": 2, "steps": [{"verb": "draw"}]}
    s = played([react, {"verb": "move_villain"}], logan=1,
               logan_extra={"deck": ["Rusted Claws", "Old Instincts", "Slow Mend"]},
               plan=["Sweep the Avenues"])
    s.apply("effect")
    s.apply("to:1")
    assert s.n_loc == 1 and len(s.hand[0]) == 1 and s.protect[1] == 1
    s.apply("end")
    assert s.n_loc == 4 and len(s.hand[0]) == 2 and s.protect == []
    assert kinds(s).count("reaction") == 2


@pytest.mark.rule("MU-11")
def test_a_reaction_does_not_fire_when_the_villain_stays():
    react = {"verb": "on_villain_move", "when": "any_move", "steps": [{"verb": "draw"}]}
    s = played([react], logan_extra={"deck": ["Rusted Claws"]}, plan=["Cold Survey of the Ruins"])
    s.apply("effect")
    s.apply("end")
    assert s.n_loc == 0 and len(s.protect) == 4 and "reaction" not in kinds(s)


@pytest.mark.rule("MU-11")
def test_the_board_says_what_is_in_force():
    import io

    from rich.console import Console

    from multiverse.united.render import render_board

    s = played([{"verb": "redirect_villain_move", "amount": 2},
                {"verb": "on_villain_move", "when": "into_your_location", "until": "face_up",
                 "steps": [{"verb": "move", "optional": True}]}])
    s.apply("effect")
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(render_board(s, 1))
    assert ("In force: Logan: decide where the Villain's next 2 moves go, until Logan's next "
            "turn; Logan: react when the Villain moves into their Location, while Owner's Card "
            "is face up: you may move") in console.export_text()


def test_a_reaction_is_in_every_seats_view_and_round_trips():
    react = {"verb": "on_villain_move", "when": "any_move", "until": "end_of_turn",
             "steps": [{"verb": "draw", "amount": 2}]}
    s = played([react])
    s.apply("effect")
    assert view(s, 1)["protections"] == [
        {"effect": "on_villain_move", "hero": 0, "amount": 1, "until": "end_of_turn", "owner": 0,
         "when": "any_move", "steps": "draw 2 cards", "source": "Owner's Card",
         "text": "Logan: react when the Villain moves, until the end of this turn: draw 2 cards"}]
    back = from_json(to_json(s))
    assert back == s and back.protect == s.protect
    s.apply("end")
    assert s.protect == []  # the end of Logan's turn ended it


# ----- redirect the Villain's move ------------------------------------------------------------
@pytest.mark.rule("MU-11", "MU-17")
def test_redirect_a_move_toward_a_hero():
    # Hunt the Strongest Signal moves Nimrod toward Storm's cards (ring 2: 2 Locations away);
    # Logan's player sends him 2 Locations the other way instead
    s = played([{"verb": "redirect_villain_move"}], storm=2, plan=["Hunt the Strongest Signal"],
               storm_extra={"hand": ["Gale Force", "Hailstorm"]})
    s.apply("effect")
    s.apply("end")
    d = s.decision()
    assert d.kind == "redirect_move" and d.seat == 0
    assert opt_ids(s) == ["to:2", "to:4"]
    assert [o.label for o in d.options] == ["Flooded Subway Tunnels (clockwise)",
                                            "Barbed-Wire Internment Yard (counterclockwise)"]
    s.apply("to:4")
    assert s.n_loc == 4 and s.protect == []
    assert s.hand[1] != [] and s.out == [0, 0]  # the BAM! at ring 4 hit nobody


def _steps_pack(tmp_path: Any, move: Any) -> str:
    def edit(d: dict) -> None:
        d["master_plan"][0] = {"name": "Patrol Route", "move": move, "tokens": ["", "", ""]}
    return custom_pack(tmp_path, edit)


@pytest.mark.rule("MU-11")
def test_redirect_a_counted_move_the_other_way(tmp_path):
    s = played([{"verb": "redirect_villain_move"}], plan=["Patrol Route"],
               config={"content": _steps_pack(tmp_path, 2)})
    s.apply("effect")
    s.apply("end")
    assert opt_ids(s) == ["to:2", "to:4"]
    s.apply("to:4")
    assert s.n_loc == 4


@pytest.mark.rule("MU-11")
def test_a_move_of_three_either_way_is_one_place():
    s = played([{"verb": "redirect_villain_move"}], plan=["Sweep the Avenues"])
    s.apply("effect")
    s.apply("end")  # a single option resolves by itself or is the only one offered
    assert s.n_loc == 3 and s.protect == []


@pytest.mark.rule("MU-11")
def test_a_stop_comes_before_a_redirect_which_waits(tmp_path):
    s = played([{"verb": "stop_villain_move"}, {"verb": "redirect_villain_move"}],
               plan=["Patrol Route"], config={"content": _steps_pack(tmp_path, 2)})
    s.apply("effect")
    s.apply("end")
    assert s.n_loc == 0 and s.protect[0] == REDIRECT_MOVE  # stopped; the redirect is still to come


@pytest.mark.rule("MU-11")
def test_a_move_to_a_named_location_is_redirected_at_its_distance(tmp_path):
    s = played([{"verb": "redirect_villain_move"}], plan=["Patrol Route"],
               config={"content": _steps_pack(tmp_path, {"to": "internment-yard"})})
    s.apply("effect")
    s.apply("end")
    assert opt_ids(s) == ["to:2", "to:4"]  # the Yard is at ring 4, 2 Locations away
    s.apply("to:2")
    assert s.n_loc == 2


# ----- card text and the schema ---------------------------------------------------------------
def test_the_new_words_in_card_text():
    from multiverse.united.cardtext import effect_text
    from multiverse.united.tables import compile_effects

    fx = compile_effects([Effect(verb="peek_master_plan", amount=2, reorder=True),
                          Effect(verb="on_villain_move", when="into_your_location",
                                 steps=[{"verb": "draw"}]),
                          Effect(verb="redirect_villain_move", until="end_of_turn")])
    assert effect_text(fx) == (
        "look at the top 2 Master Plan cards and put them back in any order; "
        "react when the Villain moves into your Location: draw 1 card; "
        "decide where the Villain's next move goes until the end of this turn")
    fx = compile_effects([Effect(verb="remove_tokens", letter="B", amount=2),
                          Effect(verb="draw", per="B_here"),
                          Effect(verb="redirect_villain_move", amount=2, until="face_up"),
                          Effect(verb="on_villain_move", when="any_move", amount=3,
                                 steps=[{"verb": "move_companion", "where": "any"}])])
    assert effect_text(fx).split("; ") == [
        "remove up to 2 of the Villain's B tokens from your Location",
        "draw 1 card for each of the Villain's B tokens in your Location",
        "decide where the Villain's next 2 moves go while this card is face up",
        "react when the Villain moves (the next 3 times): move your companion to any Location"]


@pytest.mark.parametrize(("step", "message"), [
    ({"verb": "draw", "reorder": True}, "reorder: only 'peek_master_plan'"),
    ({"verb": "on_villain_move", "steps": [{"verb": "draw"}]}, "when: 'on_villain_move' needs 'when'"),
    ({"verb": "on_villain_move", "when": "any_move"}, "steps: 'on_villain_move' needs 'steps'"),
    ({"verb": "on_villain_move", "when": "any_move", "steps": []}, "steps: 'on_villain_move' needs"),
    ({"verb": "draw", "when": "any_move"}, "when: only 'on_villain_move'"),
    ({"verb": "draw", "steps": [{"verb": "draw"}]}, "steps: only 'on_villain_move'"),
    ({"verb": "on_villain_move", "when": "any_move", "steps": [{"verb": "bam"}]},
     "steps: verb 'bam' cannot react"),
    ({"verb": "on_villain_move", "when": "any_move",
      "steps": [{"verb": "on_villain_move", "when": "any_move", "steps": [{"verb": "draw"}]}]},
     "steps: verb 'on_villain_move' cannot react"),
    ({"verb": "on_villain_move", "when": "any_move", "steps": [{"verb": "draw", "cost": ["heroic"]}]},
     "steps: a reaction may come in the Villain's turn: no 'cost'"),
    ({"verb": "on_villain_move", "when": "any_move",
      "steps": [{"verb": "gain_action", "symbol": "move"}]}, "no verb of this turn's symbols"),
    ({"verb": "peek_master_plan", "until": "end_of_turn"}, "until: only a protection lasts"),
    ({"verb": "redirect_villain_move", "who": "each_hero"}, "who: verb 'redirect_villain_move'"),
    ({"verb": "raise_track", "reorder": True}, "reorder: villain verb 'raise_track'"),
])
def test_a_misused_villain_word_is_an_error_naming_the_field(step, message):
    with pytest.raises(ValueError, match=message):
        Effect(**step)


# ----- whole games --------------------------------------------------------------------------
VILLAIN_CARDS = [
    {"name": "Scry the Plan", "symbols": ["heroic"], "copies": 3,
     "effect": [{"verb": "peek_master_plan", "amount": 3, "reorder": True},
                {"verb": "delay_master_plan", "optional": True}]},
    {"name": "Tripwire", "symbols": ["move"], "copies": 3,
     "effect": [{"verb": "on_villain_move", "when": "into_your_location", "amount": 2,
                 "steps": [{"verb": "move", "optional": True}, {"verb": "draw"}]},
                {"verb": "move_villain", "optional": True}]},
    {"name": "Lure", "symbols": ["attack"], "copies": 3,
     "effect": [{"verb": "redirect_villain_move", "until": "face_up"},
                {"verb": "on_villain_move", "when": "any_move", "until": "end_of_turn",
                 "steps": [{"verb": "gain_token", "symbol": "wild"}]}]},
]
VILLAIN_KINDS = {"mp_order", "redirect_move"}


@pytest.mark.parametrize("mode", ["dofp", "standard"])
def test_random_games_with_the_villain_words_keep_the_invariants(mode):
    from multiverse.agents.random_agent import RandomAgent
    from multiverse.united.config import UnitedConfig
    from multiverse.united.dofp.game import new_game
    from multiverse.united.invariants import check_standard

    cards = {"logan": VILLAIN_CARDS, "storm": VILLAIN_CARDS}
    extra = {} if mode == "standard" else {"track_max": 40, "sentinel_health": 1}
    check = check_standard if mode == "standard" else check_dofp
    met: set[str] = set()
    for seed in range(10):
        cfg = UnitedConfig(mode=mode, heroes=("logan", "storm", "kitty-pryde"), cards=cards, **extra)
        s = new_game(cfg, seed=seed)

        def round_trip(s: UnitedState, d: Any) -> None:
            if d.kind in VILLAIN_KINDS or s.mp_known:
                back = from_json(to_json(s))
                assert back == s and back.decision() == d
                det = determinize(s, d.seat, random.Random(s.decisions))
                assert view(det, d.seat) == view(s, d.seat)

        met |= play_out(s, RandomAgent(seed), check, round_trip)
    assert met >= VILLAIN_KINDS


def test_the_board_names_the_known_master_plan_cards():
    from rich.console import Console

    from multiverse.united.render import render_board

    def board(s: UnitedState) -> str:
        con = Console(width=120, record=True, color_system=None)
        con.print(render_board(s, 1))
        return con.export_text()

    s = played([{"verb": "peek_master_plan", "amount": 2}])
    assert "Master Plan, known cards" not in board(s)
    s.apply("effect")
    assert ("Master Plan, known cards: Sweep the Avenues (top), Escalation Cascade "
            "(2nd from the top)") in board(s)


# ----- a third token kind (an owner's Villain's `extra_token`) ----------------------------------
EMPTY_RING = [{"id": lid, "civilians": 0, "thugs": 0, "threat": None} for lid in (
    "burned-mansion", "sentinel-foundry", "resistance-camp", "internment-yard",
    "collapsed-bridge", "scrap-armory")]  # slots 4, 5, 4, 5, 3, 4


def _bomb_pack(tmp_path: Any, tokens: list[str] | None = None) -> str:
    """The default pack with the Magistrate placing Bombs (letter B): Gavel Falls moves 0,
    no BAM!, and places `tokens` (left, here, right)."""
    import shutil

    import yaml

    from multiverse.content.loader import default_pack_path

    dest = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dest)
    f = dest / "villains" / "magistrate.yaml"
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    v = doc["villains"][0]
    v["extra_token"] = {"name": "Bomb", "letter": "B"}
    v["master_plan"][0].update(move=0, bam=False, tokens=tokens or ["B", "BB", "C"])
    f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return str(dest)


def _standard(pack: str, **doc: Any) -> UnitedState:
    doc.setdefault("locations", [dict(x) for x in EMPTY_RING])
    return position(config={"mode": "standard", "villain": "magistrate", "content": pack},
                    villain={"location": 0}, **doc)


@pytest.mark.rule("MU-12")
def test_extra_tokens_take_slots_and_overflow_like_civilians_and_thugs(tmp_path):
    # ring 0 (4 slots) holds 3 Civilians: of its 2 Bombs one fits, the other overflows
    locs = [dict(x) for x in EMPTY_RING]
    locs[0]["civilians"] = 3
    locs[3]["civilians"] = 1  # the Yard's effect has a Civilian to rescue: it is offered
    s = _standard(_bomb_pack(tmp_path), locations=locs,
                  heroes=[{"id": "logan", "location": 3, "hand": ["Rusted Claws"]},
                          {"id": "storm", "location": 3}],
                  turn={"hero": "logan"}, step="play", since=2, master_plan=["Gavel Falls"])
    s.apply("skip")  # Logan's card is played; he skips the Yard's effect; the third Hero
    # card since the last Master Plan card brings the Villain
    assert s.T.card_name[s.story[-1]] == "Gavel Falls"
    assert s.xtok == [1, 0, 0, 0, 0, 1] and s.civ[1] == 1
    assert s.track == 1  # the Overflow raised Martial Law
    assert view(s, 0)["locations"][0]["extra_tokens"] == {"name": "Bomb", "letter": "B", "count": 1}
    assert "1 Bomb added to The Burned Mansion" in [e.text for e in s.log]
    from multiverse.united.board import is_full
    from multiverse.united.cardtext import master_plan_effects

    assert is_full(s, 0)
    assert master_plan_effects(s.T, s.story[-1]) == (
        "no move; add 1 Civilian to the right; add 1 Bomb to the left, 2 Bombs here")


@pytest.mark.rule("MU-17")
def test_count_and_remove_the_extra_tokens_here(tmp_path):
    locs = [dict(x) for x in EMPTY_RING]
    locs[0]["extra_tokens"] = 2
    card = {"name": "Defuse", "symbols": ["move"],
            "effect": [{"verb": "draw", "per": "B_here"}, {"verb": "remove_tokens", "letter": "B"}]}
    s = _standard(_bomb_pack(tmp_path), locations=locs, cards={"logan": [card]},
                  heroes=[{"id": "logan", "location": 0, "hand": ["Defuse"],
                           "deck": ["Rusted Claws", "Old Instincts", "Slow Mend"]},
                          {"id": "storm", "location": 3}],
                  step="play", turn={"hero": "logan"})
    s.apply("effect")  # Defuse, Logan's only card, is in play
    assert len(s.hand[0]) == 2 and s.xtok[0] == 1  # 2 Bombs counted, then 1 removed
    assert s.log[-1].text == "Logan removes 1 Bomb from The Burned Mansion"
    back = from_json(to_json(s))
    assert back == s and back.xtok == [1, 0, 0, 0, 0, 0]


def test_a_game_without_extra_tokens_keeps_its_json_and_hash():
    s = played([{"verb": "draw"}])
    assert "xtok" not in s.data_dict() and s.xtok == [0] * 6
    h = s.state_hash()
    s.xtok[2] = 1
    assert s.state_hash() != h and s.data_dict()["xtok"] == [0, 0, 1, 0, 0, 0]


def test_extra_tokens_in_a_position_need_the_villains_kind():
    from multiverse.engine.errors import PositionError

    locs = [dict(x) for x in EMPTY_RING]
    locs[1]["extra_tokens"] = 1
    with pytest.raises(PositionError, match=r"locations\[1\]\.extra_tokens: this game's Villain"):
        position(config={"mode": "standard", "villain": "magistrate"}, locations=locs,
                 heroes=[{"id": "logan", "location": 0}, {"id": "storm", "location": 3}])


@pytest.mark.parametrize(("step", "message"), [
    ({"verb": "remove_tokens"}, "letter: 'remove_tokens' needs 'letter'"),
    ({"verb": "draw", "letter": "B"}, "letter: only 'remove_tokens'"),
    ({"verb": "remove_tokens", "letter": "C"}, "letter: C and T are Civilians and Thugs"),
])
def test_a_misused_letter_is_an_error_naming_the_field(step, message):
    with pytest.raises(ValueError, match=message):
        Effect(**step)


def test_token_letters_other_than_c_and_t_need_the_villains_extra_token(tmp_path):
    from multiverse.content.schema import ExtraToken, MasterPlanCard, token_letters

    cards = [MasterPlanCard(name="Plant Charges", tokens=["B", "", "C"])]
    token_letters(cards, "B")  # declared: fine
    with pytest.raises(ValueError, match=r"master_plan\[0\]\.tokens: 'B' holds 'B'.*extra_token"):
        token_letters(cards, "")
    with pytest.raises(ValueError, match="C and T are Civilians and Thugs"):
        ExtraToken(name="Crate", letter="C")
    with pytest.raises(ValueError, match="may hold only the letters C and T"):
        MasterPlanCard(name="Odd", tokens=["b", "", ""])


def test_random_standard_games_with_bombs_keep_the_invariants(tmp_path):
    from multiverse.agents.random_agent import RandomAgent
    from multiverse.united.config import UnitedConfig
    from multiverse.united.dofp.game import new_game
    from multiverse.united.invariants import check_standard

    pack = _bomb_pack(tmp_path, ["BB", "B", "CB"])
    defuse = {"name": "Defuse", "symbols": ["heroic"], "copies": 4,
              "effect": [{"verb": "remove_tokens", "letter": "B", "amount": 2},
                         {"verb": "gain_token", "symbol": "wild", "per": "B_here", "optional": True}]}
    most = 0
    for seed in range(8):
        cfg = UnitedConfig(mode="standard", content=pack, heroes=("logan", "storm"),
                           cards={"logan": [defuse]})
        s = new_game(cfg, seed=seed)
        agent = RandomAgent(seed)
        while (d := s.decision()) is not None:
            if any(s.xtok):
                assert from_json(to_json(s)) == s
            s.apply(agent.choose(d, s))
            check_standard(s)
            most = max(most, sum(s.xtok))
    assert most > 0


@pytest.mark.rule("MU-11", "DFP-D3")
def test_a_redirect_of_a_hero_out_of_play_is_not_used(tmp_path):
    # the card's own damage takes Logan (no card in hand) out before the Villain's turn
    # (Nimrod's phase: he is eliminated); the Villain then moves as printed
    s = played([{"verb": "redirect_villain_move"}, {"verb": "take_damage"}], plan=["Patrol Route"],
               config={"content": _steps_pack(tmp_path, 2)})
    s.apply("effect")
    assert s.out[0] == 1
    while s.decision() is not None and s.n_loc == 0:  # Storm plays on to the Villain's turn
        assert s.decision().kind != "redirect_move"
        s.apply(s.decision().options[0].id)
    assert s.n_loc == 2 and s.protect[0] == REDIRECT_MOVE  # moved as printed; the redirect was not used


@pytest.mark.rule("MU-1")
def test_swapped_locations_carry_their_extra_tokens(tmp_path):
    locs = [dict(x) for x in EMPTY_RING]
    locs[0]["extra_tokens"] = 2
    card = {"name": "Shift", "symbols": ["move"], "effect": [{"verb": "swap_locations"}]}
    s = _standard(_bomb_pack(tmp_path), locations=locs, cards={"logan": [card]},
                  heroes=[{"id": "logan", "location": 0, "hand": ["Shift"]},
                          {"id": "storm", "location": 3}],
                  step="play", turn={"hero": "logan"})
    s.apply("effect")
    s.apply("swap:0:1")
    assert s.xtok == [0, 2, 0, 0, 0, 0] and s.hero_loc[0] == 1
    check_invariants(s)


@pytest.mark.rule("MU-2")
def test_moved_civilians_stop_at_the_slots_the_extra_tokens_leave(tmp_path):
    # ring 1 (5 slots) holds 3 Bombs: of Logan's 3 Civilians only 2 fit; the Bombs stay
    locs = [dict(x) for x in EMPTY_RING]
    locs[0]["civilians"] = 3
    locs[1]["extra_tokens"] = 3
    card = {"name": "Evacuate", "symbols": ["move"],
            "effect": [{"verb": "move_tokens", "tokens": "CCC"}]}
    s = _standard(_bomb_pack(tmp_path), locations=locs, cards={"logan": [card]},
                  heroes=[{"id": "logan", "location": 0, "hand": ["Evacuate"]},
                          {"id": "storm", "location": 3}],
                  step="play", turn={"hero": "logan"})
    s.apply("effect")
    s.apply("to:1")
    assert s.civ[:2] == [1, 2] and s.xtok[:2] == [0, 3]
    check_invariants(s)


def test_the_search_value_sees_a_location_crowded_by_extra_tokens(tmp_path):
    """The value features of search agents count a Villain's extra tokens as taken slots."""
    from multiverse.united.value import COMMON, features

    locs = [dict(x) for x in EMPTY_RING]
    s = _standard(_bomb_pack(tmp_path), locations=locs,
                  heroes=[{"id": "logan", "location": 3}, {"id": "storm", "location": 3}])
    i = COMMON.index("crowded")
    before = features(s)[1][i]
    s.xtok[0] = s.T.loc_slots[s.locs[0]] - 1  # one slot left at ring 0
    assert features(s)[1][i] == before + 1 / 6
