"""A hero's own components and a Location's (issue 20, items 2 and 10; united/vocab/parts.py):
the default pack's original hero Tinker Hollis (Mainspring tokens, a Gadget deck, Clockwork
Bombs and a Tripwire, a Brass Sparrow off the board), the Watchtower's two sides, and a
team card's token pile, each played on a real position.

The ring is `mu_support`'s: Sentinels I and II at ring 0; ring 1 holds two Thugs, ring 3 two
Civilians, ring 4 two Civilians and a Thug, ring 5 a Thug. Tinker stands at ring 0 and
Storm at ring 3 unless stated.
"""

from __future__ import annotations

import json
import random
import shutil
from typing import Any

import pytest
import yaml
from mu_support import opt_ids, position, ring
from rich.console import Console

import multiverse.united.vocab  # noqa: F401  (the verbs' card text)
from multiverse import ContentError, PositionError
from multiverse.content.loader import default_pack_path, load_content
from multiverse.content.schema import Effect, Hero, Location, UnitedContent
from multiverse.engine.errors import SaveError
from multiverse.united.board import add_tokens
from multiverse.united.cardtext import effect_text
from multiverse.united.config import UnitedConfig
from multiverse.united.determinize import determinize
from multiverse.united.dofp.game import from_json, new_game, to_json
from multiverse.united.invariants import check_invariants
from multiverse.united.owned import OWN_DECK, OWN_USED, records
from multiverse.united.render import render_board
from multiverse.united.tables import compile_effects
from multiverse.united.verbs import push_villain_effects
from multiverse.united.view import view

Step = dict[str, Any]
TINKER = "tinker-hollis"


def played(effect: list[Step], at: int = 0, pack: str | None = None, **doc: Any):
    """Tinker Hollis (ring `at`) has just played the test card *Test Gadget* (a Move and
    the effect); Storm stands at ring 3."""
    card = {"name": "Test Gadget", "symbols": ["move"], "effect": effect}
    ti = {"id": TINKER, "location": at, "hand": ["Test Gadget"], **doc.pop("tinker", {})}
    st = {"id": "storm", "location": 3}
    cfg = {"config": {**({"content": pack} if pack else {}), **doc.pop("config", {})}}
    return position(heroes=[ti, st], cards={TINKER: [card]}, step="play", turn={"hero": TINKER},
                    **cfg, **doc)


@pytest.mark.rule("MU-6")
def test_a_game_offers_only_the_locations_of_the_boxes_it_plays():
    s = played([{"verb": "replace_location"}], at=4)
    s.apply("effect")
    assert sorted(opt_ids(s)) == ["loc:scrap-armory", "loc:signal-relay"]  # no box: the core eight


def texts(s) -> list[str]:
    return [e.text for e in s.log]


def own_deck(s, h: int = 0) -> list[str]:
    return [s.T.own_cards[s.parts[i + 2]][1] for i in records(s, OWN_DECK, h)]


def own_used(s, h: int = 0) -> list[str]:
    return [s.T.own_cards[s.parts[i + 2]][1] for i in records(s, OWN_USED, h)]


# ----- your own tokens --------------------------------------------------------------------
@pytest.mark.rule("MU-7")
def test_own_tokens_start_at_setup_and_everyone_sees_them():
    s = new_game(UnitedConfig(heroes=(TINKER, "storm")), seed=3)
    v = view(s, 1)
    assert v["own_tokens"] == [{"hero": TINKER, "name": "Mainspring token", "count": 1, "most": 5}]
    assert v["own_decks"] == [{"hero": TINKER, "name": "Gadget deck", "size": 5, "discard": []}]
    assert s.comp == [-1, -1]  # the Brass Sparrow starts off the board
    check_invariants(s)
    plain = new_game(UnitedConfig(heroes=("logan", "storm")), seed=3)
    assert plain.parts == [] and "own_tokens" not in view(plain, 0) and "parts" not in to_json(plain)


@pytest.mark.rule("MU-17")
def test_gain_own_tokens_up_to_the_most():
    s = played([{"verb": "gain_own_tokens", "amount": 3}], tinker={"own_tokens": 3})
    s.apply("effect")
    assert view(s, 0)["own_tokens"][0]["count"] == 5  # 3 + 3, but the pile holds 5
    assert "Tinker Hollis gains 2 Mainspring tokens (Test Gadget): 5 now" in texts(s)


@pytest.mark.rule("MU-17")
def test_spend_own_tokens_as_a_cost():
    rich = played([{"verb": "defeat_thugs", "amount": 2, "spend": 2}], at=1, tinker={"own_tokens": 3})
    rich.apply("effect")
    assert rich.thug[1] == 0 and view(rich, 0)["own_tokens"][0]["count"] == 1
    assert "Tinker Hollis spends 2 Mainspring tokens for Test Gadget (1 left)" in texts(rich)
    poor = played([{"verb": "defeat_thugs", "amount": 2, "spend": 2}], at=1, tinker={"own_tokens": 1})
    poor.apply("effect")  # cannot pay: the step does not resolve, nothing is spent
    assert poor.thug[1] == 2 and view(poor, 0)["own_tokens"][0]["count"] == 1


@pytest.mark.rule("MU-17")
def test_you_may_is_not_offered_when_the_tokens_cannot_pay():
    s = played([{"verb": "draw", "spend": 1, "optional": True}], tinker={"own_tokens": 0})
    s.apply("effect")
    assert s.decision().kind != "may"
    s = played([{"verb": "draw", "spend": 1, "optional": True}], tinker={"own_tokens": 1})
    s.apply("effect")
    assert s.decision().kind == "may"
    assert s.decision().options[0].label == "Resolve: spend 1 of your own tokens to draw 1 card"


@pytest.mark.rule("MU-17")
def test_amount_per_own_token():
    s = played([{"verb": "deal_damage", "per": "own_tokens"}], tinker={"own_tokens": 3})
    s.apply("effect")
    assert s.decision().prompt == "Test Gadget: deal 1 damage (3 left) to which enemy?"
    for _ in range(3):
        s.apply("sentinel:0")
    assert s.s_hp[0] == s.T.sentinel_health - 3


# ----- your own deck ----------------------------------------------------------------------
@pytest.mark.rule("MU-17")
def test_draw_from_your_own_deck_resolves_the_top_card():
    s = played([{"verb": "draw_own_card"}], at=1,
               tinker={"own_deck": ["Pocket Net", "Spark Coil", "Misfire"]})
    assert own_deck(s) == ["Pocket Net", "Spark Coil", "Misfire"]
    assert own_used(s) == ["Wind-up Helper", "Spare Gear"]  # the cards the position left out
    s.apply("effect")
    assert s.thug[1] == 1  # Pocket Net: defeat 1 Thug
    assert own_deck(s) == ["Spark Coil", "Misfire"] and own_used(s)[-1] == "Pocket Net"
    assert "Tinker Hollis draws Pocket Net from the Gadget deck (Test Gadget)" in texts(s)
    assert view(s, 1)["own_decks"][0] == {"hero": TINKER, "name": "Gadget deck", "size": 2,
                                          "discard": ["Wind-up Helper", "Spare Gear", "Pocket Net"]}


@pytest.mark.rule("MU-17")
def test_an_empty_own_deck_reshuffles_its_discard():
    s = played([{"verb": "draw_own_card", "amount": 2}], at=1, tinker={"own_deck": ["Pocket Net"]})
    s.apply("effect")
    assert "The Gadget deck discard is shuffled into a new deck" in texts(s)
    assert len(own_deck(s)) == 4 and len(own_used(s)) == 1
    check_invariants(s)


def test_determinization_reshuffles_the_own_deck_and_keeps_the_view():
    s = played([{"verb": "draw"}], tinker={"own_deck": ["Pocket Net", "Spark Coil", "Misfire",
                                                         "Wind-up Helper", "Spare Gear"]})
    orders = set()
    for seed in range(12):
        det = determinize(s, 1, random.Random(seed))
        assert view(det, 1) == view(s, 1)
        assert own_used(det) == own_used(s)
        orders.add(tuple(own_deck(det)))
    assert len(orders) > 1 and tuple(own_deck(s)) == ("Pocket Net", "Spark Coil", "Misfire",
                                                      "Wind-up Helper", "Spare Gear")


# ----- markers ------------------------------------------------------------------------------
@pytest.mark.rule("MU-17")
def test_place_bombs_in_an_adjacent_location():
    s = played([{"verb": "place_marker", "marker": "Clockwork Bomb", "where": "adjacent", "amount": 2}])
    s.apply("effect")
    assert s.decision().prompt == "Tinker Hollis: Test Gadget: place Clockwork Bomb where? (2 to place)"
    assert opt_ids(s) == ["to:5", "to:1"]
    s.apply("to:1")
    s.apply("to:5")
    assert view(s, 1)["markers"][0] == {"hero": TINKER, "name": "Clockwork Bomb", "locations": [1, 5],
                                        "supply": 0}
    console = Console(record=True, width=160)
    console.print(render_board(s, 0))
    board = console.export_text()
    assert board.count("Tinker Hollis's Clockwork Bomb") == 2
    assert "Tinker Hollis: 1 Mainspring token (of 5)" in board
    assert "Tinker Hollis's Gadget deck: 5 cards facedown" in board


@pytest.mark.rule("MU-16")
def test_a_bomb_goes_off_at_the_start_of_your_next_turn():
    s = position(heroes=[{"id": TINKER, "location": 3, "markers": {"Clockwork Bomb": [1, 0]}},
                         {"id": "storm", "location": 3}], turn={"hero": TINKER})
    # ring 1: both Thugs defeated; ring 0: each Sentinel takes 1 damage; the bombs return
    assert s.thug[1] == 0 and s.s_hp[:2] == [s.T.sentinel_health - 1] * 2
    assert view(s, 0)["markers"][0]["locations"] == [] and view(s, 0)["markers"][0]["supply"] == 2


@pytest.mark.rule("MU-16")
def test_a_bomb_waits_through_another_heros_turn():
    s = position(heroes=[{"id": TINKER, "location": 3, "markers": {"Clockwork Bomb": [1]}},
                         {"id": "storm", "location": 3}], turn={"hero": "storm"})
    assert s.thug[1] == 2 and view(s, 0)["markers"][0]["locations"] == [1]


@pytest.mark.rule("MU-18")
def test_set_off_a_tripwire_by_a_card():
    s = played([{"verb": "set_off_markers", "marker": "Tripwire"}], at=3,
               tinker={"markers": {"Tripwire": [0]}})
    s.apply("effect")
    assert s.s_hp[:2] == [s.T.sentinel_health - 2] * 2  # its damage is 2
    assert "Tinker Hollis's Tripwire goes off in The Burned Mansion" in texts(s)
    assert view(s, 0)["markers"][1]["locations"] == []


@pytest.mark.rule("MU-17")
def test_amount_per_marker_in_play():
    s = played([{"verb": "draw", "per": "markers_in_play"}],
               tinker={"markers": {"Clockwork Bomb": [2, 4], "Tripwire": [4]}})
    deck = len(s.deck[0])
    s.apply("effect")
    assert len(s.deck[0]) == deck - 3


# ----- a companion entering play ---------------------------------------------------------
@pytest.mark.rule("MU-17")
def test_the_companion_enters_play_from_an_effect():
    s = played([{"verb": "bring_companion"}], at=2)
    assert s.comp[0] == -1 and view(s, 0)["companions"] == []
    check_invariants(s)
    s.apply("effect")
    assert s.comp[0] == 2
    assert "Brass Sparrow (Tinker Hollis's companion) enters play in Flooded Subway Tunnels" in texts(s)
    assert view(s, 1)["companions"] == [{"hero": TINKER, "name": "Brass Sparrow", "location": 2}]


# ----- replacing a Location -------------------------------------------------------------
@pytest.mark.rule("MU-2")
def test_replace_your_location_with_one_you_pick_keeping_what_fits():
    # ring 4 (5 slots, CCCTT) becomes a 3-slot Location: the Thugs go back, the Civilians stay
    s = played([{"verb": "replace_location"}], at=4, locations=ring(p4={"civilians": 3, "thugs": 2}),
               config={"boxes": ["owner-words"]})
    s.apply("effect")
    out = sorted(o for o in opt_ids(s))
    assert out == ["loc:counting-house", "loc:fallen-watchtower", "loc:lantern-ferry-landing",
                   "loc:rickety-watchtower", "loc:scrap-armory", "loc:signal-relay", "loc:tollgate-overpass"]
    s.apply("loc:fallen-watchtower")
    assert s.loc_name(4) == "The Fallen Watchtower" and s.civ[4] == 3 and s.thug[4] == 0
    assert s.threat[4] >= 0 and s.hero_loc[0] == 4
    check_invariants(s)


@pytest.mark.rule("MU-20")
def test_a_location_replaces_itself_by_its_other_side():
    locs = ring(p3={"id": "rickety-watchtower", "civilians": 1, "threat": None})
    s = played([], at=3, locations=locs)
    s.apply("end")  # no action: the Location's End-of-Turn effect
    assert opt_ids(s) == ["use", "skip"]
    s.apply("use")  # rescue 1, then the Watchtower falls
    assert s.loc_name(3) == "The Fallen Watchtower" and s.civ[3] == 0
    assert texts(s)[-3:-1] == ["Tinker Hollis rescues 1 Civilian",
                               "The Rickety Watchtower is replaced by The Fallen Watchtower (The Rickety Watchtower)"]
    assert s.T.loc_name[s.locs[3]] == "The Fallen Watchtower" and check_invariants(s) is None


@pytest.mark.rule("MU-2")
def test_a_named_location_already_in_play_is_not_replaced():
    locs = ring(p2={"id": "fallen-watchtower", "threat": None})
    s = played([{"verb": "replace_location", "location": "fallen-watchtower"}], at=4, locations=locs)
    s.apply("effect")
    assert s.loc_name(4) == "Barbed-Wire Internment Yard" and s.loc_name(2) == "The Fallen Watchtower"


# ----- a team card's tokens -------------------------------------------------------------
TEAM = {"name": "Tool Shed", "heroes": [TINKER, "storm"], "tokens": {"name": "Gear", "most": 4},
        "effect": [{"verb": "draw", "spend_team": 1}]}


@pytest.fixture(scope="module")
def team_pack(tmp_path_factory: pytest.TempPathFactory) -> str:
    dest = tmp_path_factory.mktemp("parts") / "pack"
    shutil.copytree(default_pack_path(), dest)
    (dest / "team.yaml").write_text(yaml.safe_dump({"team_cards": [TEAM]}), encoding="utf-8")
    return str(dest)


@pytest.mark.rule("MU-17")
def test_put_tokens_on_the_team_card_and_take_them_as_a_cost(team_pack):
    s = played([{"verb": "add_team_tokens", "amount": 3}], pack=team_pack, team_tokens={"Tool Shed": 2})
    s.apply("effect")
    assert view(s, 1)["team_tokens"] == [{"team_card": "Tool Shed", "name": "Gear", "count": 4}]
    s = played([{"verb": "draw", "amount": 2, "spend_team": 2}], pack=team_pack,
               team_tokens={"Tool Shed": 2})
    deck = len(s.deck[0])
    s.apply("effect")
    assert len(s.deck[0]) == deck - 2 and view(s, 1)["team_tokens"][0]["count"] == 0
    back = from_json(json.loads(to_json(s)))
    assert back == s


# ----- saves and positions --------------------------------------------------------------
def test_parts_round_trip_through_json():
    s = played([{"verb": "draw"}], tinker={"own_tokens": 4, "own_deck": ["Misfire"],
                                            "markers": {"Clockwork Bomb": [2]}})
    back = from_json(json.loads(to_json(s)))
    assert back == s and back.parts == s.parts and view(back, 0) == view(s, 0)
    bad = json.loads(to_json(s))
    bad["state"]["parts"] = [0, 0, 1]
    with pytest.raises(SaveError, match="'parts' holds 4 whole numbers per record"):
        from_json(bad)


@pytest.mark.parametrize(("spec", "message"), [
    ({"own_tokens": 6}, "heroes\\[0\\].own_tokens: expected a whole number from 0 to 5"),
    ({"markers": {"Dynamite": [1]}}, "has no marker named 'Dynamite'"),
    ({"markers": {"Tripwire": [1, 2]}}, "has 1 of Tripwire, not 2"),
    ({"own_deck": ["Spark Coil", "Spark Coil"]}, "no card 'Spark Coil' left"),
])
def test_position_errors_name_the_field(spec, message):
    with pytest.raises(PositionError, match=message):
        position(heroes=[{"id": TINKER, **spec}, "storm"])


def test_a_hero_without_the_component_cannot_state_it():
    with pytest.raises(PositionError, match=r"heroes\[0\]\.own_tokens: Logan has no tokens of their own"):
        position(heroes=[{"id": "logan", "own_tokens": 1}, "storm"])


# ----- card text and errors of the schema -------------------------------------------------
def test_card_text_reads_the_words():
    hero = next(h for h in load_content(None).heroes if h.id == TINKER)
    by = {c.name: effect_text(compile_effects(c.effect)) for c in hero.cards}
    assert by["Wind the Spring"] == ("gain 2 of your own tokens; your companion enters play in your "
                                     "Location; you may place 1 clone in an adjacent Location")
    assert by["Rummage the Workshop"] == (
        "you may spend 1 of your own tokens to draw 1 card from your own deck and resolve it; you may put "
        "1 slot token in your Location (each adds a slot)")
    assert by["Lob a Bomb"] == ("you may place a Clockwork Bomb in an adjacent Location; you may place a "
                                "Spring Pad; you may place a Tripwire in any Location")
    assert by["Spring the Trap"] == (
        "set off each of your Tripwires on the board; you may spend 1 of your own tokens to deal 1 damage "
        "to an enemy in your Location for each of your own tokens; you may draw 1 card for each of your "
        "markers on the board; you may spend 2 of your own tokens to replace your Location with a Location "
        "out of play of your choice")
    fallen = next(loc for loc in load_content(None).locations if loc.id == "fallen-watchtower")
    assert effect_text(compile_effects(fallen.effect)) == (
        "defeat up to 1 Thug in your Location; draw 1 card from this Location's own deck and resolve it")


def _hero(**extra: Any) -> dict[str, Any]:
    cards = [{"name": f"Card {i}", "symbols": ["move"]} for i in range(11)]
    return {"id": "tester", "name": "Tester", "cards": [*cards, extra.pop("card")], **extra}


@pytest.mark.parametrize(("hero", "message"), [
    (_hero(card={"name": "X", "effect": [{"verb": "gain_own_tokens"}]}), "cards\\[11\\].effect\\[0\\].verb: needs"),
    (_hero(card={"name": "X", "effect": [{"verb": "draw", "spend": 1}]}), "effect\\[0\\].spend: needs"),
    (_hero(card={"name": "X", "effect": [{"verb": "draw_own_card"}]}), "needs a deck of the hero's own"),
    (_hero(card={"name": "X", "effect": [{"verb": "place_marker", "marker": "Bomb"}]}),
     "effect\\[0\\].marker: hero 'tester' has no marker named 'Bomb'"),
    (_hero(card={"name": "X", "effect": [{"verb": "bring_companion"}]}), "needs a companion"),
    (_hero(card={"name": "X", "effect": [{"verb": "draw"}]}, tokens={"name": "T", "start": 6, "most": 5}),
     "start: 6 tokens but the pile holds at most 5"),
    (_hero(card={"name": "X", "effect": [{"verb": "draw"}]},
           deck={"name": "D", "cards": [{"name": "Loop", "effect": [{"verb": "draw_own_card"}]}]}),
     "does not draw from it"),
])
def test_schema_errors_name_the_field(hero, message):
    with pytest.raises(ValueError, match=message):
        Hero.model_validate(hero)


@pytest.mark.parametrize(("step", "message"), [
    ({"verb": "place_marker"}, "marker: 'place_marker' needs 'marker'"),
    ({"verb": "draw", "marker": "Bomb"}, "marker: only 'place_marker' and 'set_off_markers'"),
    ({"verb": "draw", "location": "x"}, "location: only 'replace_location'"),
    ({"verb": "place_marker", "marker": "B", "where": "a_hero"}, "where: 'a_hero' is not a place"),
    ({"verb": "draw", "spend": 1, "spend_team": 1}, "spend_team: a step spends"),
    ({"verb": "draw", "spend": 0}, "spend"),
])
def test_step_errors_name_the_field(step, message):
    with pytest.raises(ValueError, match=message):
        Effect.model_validate(step)


def test_pack_errors_name_the_field():
    base = load_content(None).model_dump()
    bad = json.loads(json.dumps(base))
    bad["locations"][0]["effect"] = [{"verb": "replace_location", "location": "nowhere"}]
    with pytest.raises(ValueError, match="location: unknown Location 'nowhere'"):
        UnitedContent.model_validate(bad)
    bad = json.loads(json.dumps(base))
    hero = next(h for h in bad["heroes"] if h["id"] == TINKER)
    hero["cards"][0]["effect"] = [{"verb": "add_team_tokens"}]
    with pytest.raises(ValueError, match="hero 'tinker-hollis' is on no team card with `tokens`"):
        UnitedContent.model_validate(bad)
    bad = json.loads(json.dumps(base))
    for loc in bad["locations"][:5]:
        loc["dealt"] = False
    with pytest.raises(ValueError, match="are dealt at setup; six or more"):
        UnitedContent.model_validate(bad)


def test_a_team_card_with_team_words_needs_tokens(tmp_path):
    dest = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dest)
    team = {**TEAM, "tokens": None}
    del team["tokens"]
    (dest / "team.yaml").write_text(yaml.safe_dump({"team_cards": [team]}), encoding="utf-8")
    with pytest.raises(ContentError, match="tokens"):
        load_content(str(dest))


# ----- whole games ------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["dofp", "standard"])
def test_thirty_games_with_tinker_hollis_hold_the_invariants(mode):
    kinds: set[str] = set()
    heroes = (TINKER, "storm", "logan")
    for seed in range(30):
        cfg = (UnitedConfig(mode="standard", heroes=heroes) if mode == "standard"
               else UnitedConfig(heroes=heroes))
        s = new_game(cfg, seed=seed)
        pick = random.Random(seed)
        check_invariants(s)
        for _ in range(5000):
            d = s.decision()
            if d is None:
                break
            kinds.add(d.kind)
            if d.kind in ("place_marker", "replace_location") or (d.kind == "may" and s.parts and seed < 3):
                back = from_json(to_json(s))  # a position mid-choice round-trips
                assert back == s and back.decision() == d
                det = determinize(s, d.seat, random.Random(seed))
                assert view(det, d.seat) == view(s, d.seat)
            s.apply(pick.choice([o.id for o in d.options]))
            check_invariants(s)
        else:
            raise AssertionError("no end")
        back = from_json(json.loads(to_json(s)))
        assert back == s
    assert {"place_marker", "may", "act"} <= kinds


# ----- a free-move marker and a Location's own deck ---------------------------------------
@pytest.mark.rule("MU-18")
def test_a_move_ending_at_a_spring_pad_gives_a_free_move():
    s = played([], at=0, tinker={"markers": {"Spring Pad": [1]}}, locations=ring(threats=[None] * 6))
    s.apply("move:1")  # the Move action ends at the Spring Pad
    assert s.decision().kind == "act" and "Tinker Hollis may Move again, free (a marker)" in texts(s)
    assert s.decision().prompt == "Tinker Hollis: a free Move: 1 Move action to take"
    assert opt_ids(s) == ["move:0", "move:2", "stop"]
    s.apply("move:2")
    assert s.hero_loc[0] == 2 and s.pool == [0, 0, 0, 0]


@pytest.mark.rule("MU-18")
def test_no_free_move_without_a_pad():
    s = played([], at=0, tinker={"markers": {"Spring Pad": [4]}}, locations=ring(threats=[None] * 6))
    s.apply("move:1")
    assert s.hero_loc[0] == 1 and "Tinker Hollis may Move again, free (a marker)" not in texts(s)


@pytest.mark.rule("MU-20")
def test_a_locations_own_deck_is_drawn_at_its_end_of_turn_effect():
    locs = ring(threats=[None] * 6, p1={"id": "fallen-watchtower", "thugs": 2})
    s = played([], at=1, locations=locs)
    assert view(s, 0)["location_decks"] == [{"location": 1, "name": "Rubble deck", "size": 3, "discard": []}]
    s.apply("end")
    s.apply("use")  # defeat 1 Thug, then draw the Rubble deck's top card
    drawn = view(s, 0)["location_decks"][0]["discard"]
    assert len(drawn) == 1 and view(s, 0)["location_decks"][0]["size"] == 2
    assert f"Tinker Hollis draws {drawn[0]} from the Rubble deck (The Fallen Watchtower)" in texts(s)
    assert s.thug[1] == (0 if drawn == ["Trapped Thug"] else 1)
    check_invariants(s)


def test_a_location_takes_its_deck_with_it():
    locs = ring(p4={"id": "fallen-watchtower"})
    s = played([{"verb": "replace_location", "location": "rickety-watchtower"}], at=4, locations=locs)
    assert len(view(s, 0)["location_decks"]) == 1
    s.apply("effect")
    assert s.loc_name(4) == "The Rickety Watchtower" and view(s, 0)["location_decks"] == []
    check_invariants(s)


def test_a_location_deck_word_needs_a_deck():
    with pytest.raises(ValueError, match=r"effect\[0\]\.verb: 'draw_location_card' needs the Location's own `deck`"):
        Location.model_validate({"id": "x", "name": "X", "slots": 3, "effect": [{"verb": "draw_location_card"}]})


# ----- a duplicate: clones that act for the hero ------------------------------------------
@pytest.mark.rule("MU-18")
def test_a_duplicate_attacks_and_rescues_where_its_clones_stand():
    card = {"name": "Double Duty", "symbols": ["attack", "heroic"]}
    s = position(heroes=[{"id": TINKER, "location": 3, "hand": ["Double Duty"], "clones": [1, 4]},
                         {"id": "storm", "location": 3}], cards={TINKER: [card]}, step="play",
                 turn={"hero": TINKER}, locations=ring(threats=[None] * 6))
    ids = opt_ids(s)
    assert {"clone_attack:1:thug", "clone_attack:4:thug", "clone_rescue:4"} <= set(ids)
    assert "clone_rescue:1" not in ids  # no Civilian at ring 1
    s.apply("clone_attack:1:thug")
    assert s.thug[1] == 1 and s.hero_loc[0] == 3
    s.apply("clone_rescue:4")
    assert s.civ[4] == 1 and s.civ[3] == 2 and s.pool == [0, 0, 0, 0]


@pytest.mark.rule("MU-18")
def test_clones_of_a_hero_who_is_no_duplicate_do_not_act(tmp_path):
    dest = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dest)
    f = dest / "heroes" / "tinker-hollis.yaml"
    f.write_text(f.read_text(encoding="utf-8").replace("duplicate: true", "duplicate: false"), encoding="utf-8")
    card = {"name": "Double Duty", "symbols": ["attack", "heroic"]}
    s = position(config={"content": str(dest)}, heroes=[
        {"id": TINKER, "location": 3, "hand": ["Double Duty"], "clones": [1, 4]}, {"id": "storm", "location": 3}],
        cards={TINKER: [card]}, step="play", turn={"hero": TINKER}, locations=ring(threats=[None] * 6))
    assert opt_ids(s) and not any(o.startswith("clone_") for o in opt_ids(s))
    clone_harm = s.clone()
    push_villain_effects(clone_harm, (("damage_heroes_here", 1, -1, 0, 0),), "A Test BAM!", 1)
    clone_harm.advance()
    assert sorted(clone_harm.clone_at[1::2]) == [1, 4]  # not a duplicate: its clones stay


@pytest.mark.rule("MU-21")
def test_harm_to_the_heroes_of_a_location_removes_a_duplicates_clones_there():
    # Storm and two of Tinker's clones stand in ring 1; Tinker herself is at ring 3
    s = position(heroes=[{"id": TINKER, "location": 3, "clones": [1, 1]}, {"id": "storm", "location": 1}],
                 turn={"hero": "storm"})
    push_villain_effects(s, (("damage_heroes_here", 1, -1, 0, 0),), "A Test BAM!", 1)
    s.advance()
    assert s.clone_at == [] and view(s, 0)["clones"] == [{"hero": TINKER, "locations": [], "reserve": 2}]
    assert texts(s) == ["A Test BAM! removes Tinker Hollis's 2 clones in Hollow Sentinel Foundry",
                        "A Test BAM! deals 1 damage to Storm"]
    assert s.decision().kind == "wound" and s.decision().prompt.startswith("Storm takes damage")


def test_a_duplicate_needs_clones():
    with pytest.raises(ValueError, match="duplicate: a duplicate acts through its clones"):
        Hero.model_validate(_hero(card={"name": "X", "symbols": ["move"]}, duplicate=True))


# ----- a slot token -----------------------------------------------------------------------
@pytest.mark.rule("MU-12")
def test_a_slot_token_adds_a_slot_to_your_location():
    # ring 2 (3 slots, empty): two slot tokens make it 5; then 2 more stop at 3 tokens
    s = played([{"verb": "add_slot", "amount": 2}], at=2)
    s.apply("effect")
    assert view(s, 1)["locations"][2]["slots"] == 5 and view(s, 1)["slot_tokens"] == [{"location": 2, "count": 2}]
    assert "Tinker Hollis adds 2 slots to Flooded Subway Tunnels (Test Gadget): 5 slots now" in texts(s)
    more = played([{"verb": "add_slot", "amount": 2}], at=2, locations=ring(p2={"slot_tokens": 2}))
    more.apply("effect")
    assert view(more, 1)["slot_tokens"] == [{"location": 2, "count": 3}]
    check_invariants(more)


@pytest.mark.rule("MU-12")
def test_a_slot_token_takes_a_token_that_would_overflow():
    # ring 5 (3 slots) holds 3 Thugs and a slot token: a 4th token fits, a 5th overflows
    s = position(heroes=[{"id": TINKER, "location": 0}, "storm"],
                 locations=ring(p5={"thugs": 3, "slot_tokens": 1}))
    track = s.track
    add_tokens(s, 5, 0, 1)
    assert s.thug[5] == 4 and s.track == track
    add_tokens(s, 5, 0, 1)
    assert s.thug[5] == 4 and s.track == track + 1  # the Overflow raises the track (DFP-D2)


def test_slot_tokens_stay_when_the_location_is_replaced():
    s = played([{"verb": "replace_location", "location": "fallen-watchtower"}], at=4,
               locations=ring(p4={"civilians": 3, "thugs": 1, "slot_tokens": 1}))
    s.apply("effect")
    assert s.loc_name(4) == "The Fallen Watchtower" and view(s, 0)["locations"][4]["slots"] == 4
    assert s.civ[4] == 3 and s.thug[4] == 1


def test_slot_tokens_in_a_position_are_bounded():
    with pytest.raises(PositionError, match=r"locations\[2\]\.slot_tokens"):
        position(heroes=[TINKER, "storm"], locations=ring(p2={"slot_tokens": 4}))


def test_lasting_text_is_checked_too():
    hero = _hero(card={"name": "X", "face_up": [{"when": "turn_starts", "steps": [
        {"verb": "set_off_markers", "marker": "Nope"}]}]})
    with pytest.raises(ValueError, match=r"cards\[11\]\.face_up\[0\]\.steps\[0\]\.marker: hero 'tester' has no marker"):
        Hero.model_validate(hero)
    with pytest.raises(ValueError, match=r"hooks\[0\]\.steps\[0\]\.verb: 'draw_location_card' needs"):
        Location.model_validate({"id": "x", "name": "X", "slots": 3, "hooks": [
            {"when": "turn_ends", "steps": [{"verb": "draw_location_card"}]}]})
