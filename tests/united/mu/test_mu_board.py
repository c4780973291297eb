"""MU-1, MU-2, MU-6, MU-7, MU-8: the ring, Locations, setup and turn order."""

from __future__ import annotations

import pytest
from mu_support import card_id, hand, opt_ids, play, position, ring

from multiverse import PositionError, new_game
from multiverse.content.loader import load_content
from multiverse.united.board import distance, opposite, step_toward
from multiverse.united.config import UnitedConfig

TWO = [{"id": "logan", "target": "I"}, {"id": "storm", "target": "II"}]


def _two_heroes(at: int, **kw):
    heroes = [
        {"id": "logan", "location": at, "target": "I",
         "hand": ["Limp Into the Fight", "Rusted Claws"], "deck": ["Old Instincts"]},
        {"id": "storm", "location": at, "target": "II",
         "hand": ["Thunderclap", "Gale Force"], "deck": ["Shifting Front"]},
    ]
    return position(heroes=heroes, sentinels={"I": {"location": 0}, "II": {"location": 0}},
                    step="play", turn={"hero": "logan"}, **kw)


# ----- MU-1: ring, adjacency, "closer" and the exact-opposite tie ---------------------------


@pytest.mark.rule("MU-1")
def test_ring_distance_and_direction_functions():
    assert [distance(0, p) for p in range(6)] == [0, 1, 2, 3, 2, 1]
    assert distance(5, 1) == 2 and distance(1, 5) == 2
    assert [step_toward(0, p) for p in range(6)] == [0, 1, 1, 3, -1, -1]
    assert step_toward(5, 0) == 1  # wraps round clockwise
    assert [opposite(p) for p in range(6)] == [3, 4, 5, 0, 1, 2]


@pytest.mark.rule("MU-1")
@pytest.mark.parametrize("at,neighbours", [(0, {5, 1}), (3, {2, 4}), (5, {4, 0})])
def test_adjacent_means_either_neighbour(at, neighbours):
    s = _two_heroes(at)
    play(s, "Limp Into the Fight")  # Move + Attack
    moves = {o.data["location"] for o in s.decision().options if o.data["action"] == "move"}
    assert moves == neighbours
    s.apply(f"move:{min(neighbours)}")
    assert s.hero_loc[0] == min(neighbours)


@pytest.mark.rule("MU-1")
@pytest.mark.parametrize("hero_at,sentinel_to", [(2, 1), (1, 1), (4, 5), (5, 5)])
def test_sentinel_moves_one_step_along_the_shortest_way(hero_at, sentinel_to):
    s = _two_heroes(hero_at, config={"tie_break": "choose"})
    play(s, "Limp Into the Fight")  # Move symbol: task 1 moves Sentinel I toward Logan
    s.apply("end")
    assert s.s_loc[0] == sentinel_to
    assert s.s_loc[1] == 0  # Sentinel II did not activate
    assert "sentinel_direction" not in {f[0] for f in s.stack}


@pytest.mark.rule("MU-1")
@pytest.mark.parametrize("answer,where", [("cw", 1), ("ccw", 5)])
def test_exact_opposite_tie_asks_the_players_and_obeys(answer, where):
    s = _two_heroes(3, config={"tie_break": "choose"})
    play(s, "Limp Into the Fight")
    s.apply("end")
    d = s.decision()
    assert d.kind == "sentinel_direction"
    assert d.seat == 0  # the active hero's player decides
    assert {o.id: o.data["location"] for o in d.options} == {"cw": 1, "ccw": 5}
    s.apply(answer)
    assert s.s_loc[0] == where
    assert s.decision().kind == "play_card" and s.active == 1  # turn passes on


@pytest.mark.rule("MU-1")
def test_exact_opposite_tie_is_asked_of_the_seat_of_the_active_hero():
    heroes = [
        {"id": "logan", "location": 3, "target": "I", "hand": ["Rusted Claws"]},
        {"id": "storm", "location": 3, "target": "II", "hand": ["Thunderclap", "Gale Force"]},
    ]
    s = position(heroes=heroes, sentinels={"I": {"location": 0}, "II": {"location": 0}},
                 step="play", turn={"hero": "storm"}, config={"tie_break": "choose"})
    play(s, "Thunderclap")  # Move + Special Effect
    s.apply("effect")
    s.apply("end")
    d = s.decision()
    assert d.kind == "sentinel_direction" and d.seat == 1
    s.apply("ccw")
    assert s.s_loc == [0, 5, -1]


@pytest.mark.rule("MU-1")
def test_tie_break_clockwise_moves_clockwise_without_a_question():
    s = _two_heroes(3, config={"tie_break": "clockwise"})
    play(s, "Limp Into the Fight")
    s.apply("end")
    assert s.s_loc[0] == 1
    d = s.decision()
    assert d.kind == "play_card" and s.active == 1


@pytest.mark.rule("MU-1")
def test_tie_break_default_is_choose():
    assert UnitedConfig().tie_break == "choose"


# ----- MU-2: slots and Location effects ------------------------------------------------------


@pytest.mark.rule("MU-2")
def test_location_slots_are_three_to_five_and_effects_exist():
    c = load_content(None)
    assert {loc.slots for loc in c.locations} <= {3, 4, 5}
    assert all(loc.effect for loc in c.locations)
    mandatory = {loc.id for loc in c.locations if loc.mandatory}
    assert mandatory == {"flooded-tunnels", "signal-relay"}


@pytest.mark.rule("MU-2")
def test_a_position_cannot_hold_more_tokens_than_slots():
    with pytest.raises(PositionError, match="only 3 slots"):
        position(heroes=TWO, locations=ring(p2={"civilians": 2, "thugs": 2}))
    s = position(heroes=TWO, locations=ring(p2={"civilians": 2, "thugs": 1}))
    assert (s.civ[2], s.thug[2]) == (2, 1)


# ----- MU-6: setup of the board ------------------------------------------------------------------


@pytest.mark.rule("MU-6")
@pytest.mark.parametrize("seed", range(8))
def test_setup_six_locations_tokens_and_a_threat_on_each(seed):
    s = new_game(UnitedConfig(), seed=seed)
    t = s.T
    assert len(s.locs) == 6 and len(set(s.locs)) == 6
    assert set(s.locs) <= set(range(len(t.loc_name)))
    for pos, li in enumerate(s.locs):
        assert (s.civ[pos], s.thug[pos]) == t.loc_start[li]
    assert sorted(s.threat) == list(range(6))  # one face-up Threat on each Location
    for pos, th in enumerate(s.threat):
        assert s.need[pos * 3: pos * 3 + 3] == list(t.threat_cost[th])


@pytest.mark.rule("MU-6")
def test_setup_locations_differ_by_seed():
    draws = {tuple(new_game(UnitedConfig(), seed=k).locs) for k in range(12)}
    assert len(draws) > 1


@pytest.mark.rule("MU-6", "MU-20")
def test_threat_covers_the_location_effect_from_setup():
    s = new_game(UnitedConfig(villain_start=0), seed=3)
    h = 0
    pos = s.hero_loc[h]
    assert s.threat[pos] >= 0
    play(s, s.T.card_name[s.hand[h][0]])
    while s.decision().kind == "resolve_actions":
        s.apply("effect" if "effect" in opt_ids(s) else "end")
        if s.decision().kind not in ("resolve_actions",):
            break
    assert s.decision().kind != "location_effect"


# ----- MU-7: starting Locations --------------------------------------------------------------


@pytest.mark.rule("MU-7")
@pytest.mark.parametrize("vs", range(6))
def test_fixed_villain_start_and_heroes_opposite(vs):
    s = new_game(UnitedConfig(villain_start=vs), seed=11)
    assert s.villain_start == vs
    assert s.s_loc == [vs, vs, vs]
    assert s.hero_loc == [(vs + 3) % 6] * 3
    assert distance(s.hero_loc[0], vs) == 3


@pytest.mark.rule("MU-7")
def test_hero_start_villain_puts_heroes_with_the_villain():
    s = new_game(UnitedConfig(villain_start=4, hero_start="villain"), seed=2)
    assert s.hero_loc == [4, 4, 4] and s.s_loc == [4, 4, 4]


@pytest.mark.rule("MU-7")
def test_hero_start_default_is_opposite():
    assert UnitedConfig().hero_start == "opposite"


@pytest.mark.rule("MU-7")
def test_random_villain_start_follows_the_seed():
    starts = {}
    for seed in range(30):
        a = new_game(UnitedConfig(), seed=seed)
        b = new_game(UnitedConfig(), seed=seed)
        assert a.villain_start == b.villain_start  # same seed, same start
        assert 0 <= a.villain_start < 6
        assert a.hero_loc == [opposite(a.villain_start)] * 3
        assert a.s_loc == [a.villain_start] * 3
        starts[seed] = a.villain_start
    assert len(set(starts.values())) >= 3  # the seed really picks it


@pytest.mark.rule("MU-7")
def test_random_villain_start_with_hero_start_villain():
    for seed in range(6):
        s = new_game(UnitedConfig(hero_start="villain"), seed=seed)
        assert s.hero_loc == [s.villain_start] * 3


@pytest.mark.rule("MU-7")
def test_villain_start_is_validated():
    with pytest.raises(ValueError):
        UnitedConfig(villain_start=6)


# ----- MU-8: shuffle, draw 3, fixed turn order ----------------------------------------------------


@pytest.mark.rule("MU-8")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_each_hero_draws_three_from_a_shuffled_twelve_card_deck(seed):
    s = new_game(UnitedConfig(), seed=seed)
    # the first hero has already drawn 1 at the start of their turn (MU-16)
    assert [len(h) for h in s.hand] == [4, 3, 3]
    assert [len(d) for d in s.deck] == [8, 9, 9]
    for h in range(3):
        assert sorted(s.hand[h] + s.deck[h]) == sorted(s.T.hero_cards[h])


@pytest.mark.rule("MU-8")
def test_decks_are_shuffled_by_seed():
    orders = {tuple(new_game(UnitedConfig(), seed=k).deck[0]) for k in range(6)}
    assert len(orders) > 1
    assert new_game(UnitedConfig(), seed=5).deck == new_game(UnitedConfig(), seed=5).deck


@pytest.mark.rule("MU-8")
def test_first_draw_option():
    s = new_game(UnitedConfig(first_draw=5), seed=0)
    assert [len(h) for h in s.hand] == [6, 5, 5]


@pytest.mark.rule("MU-8")
def test_turn_order_is_fixed_for_the_game():
    s = new_game(UnitedConfig(villain_start=0, tie_break="clockwise"), seed=4)
    order = []
    while len(order) < 9 and s.result is None:
        d = s.decision()
        if d.kind == "play_card":
            order.append(s.active)
            assert d.seat == s.active
            s.apply(d.options[0].id)
        elif d.kind == "resolve_actions":
            s.apply("effect" if "effect" in opt_ids(s) else "end")
        else:
            s.apply(d.options[0].id)
    assert order == [0, 1, 2] * 3
    assert card_id(s, 0, "Rusted Claws") in s.T.hero_cards[0]
    assert hand(s, 0)  # still holding cards
