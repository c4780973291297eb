"""Turn structure: SOTM-4, SOTM-5, SOTM-6, SOTM-7."""

from __future__ import annotations

from pathlib import Path

import pytest

from .support import char, damage, dmg, environment, hero, hp, kinds, load, names, villain

N2 = " (draw phase: no card played, no power used)"  # issue 21: the cause

EACH_HERO = {"group": "hero", "pick": "each"}
VILLAIN = {"group": "villain_character"}


def quiet(hid: str, cards: list[dict] | None = None, **kw) -> dict:
    """A hero without a power: with an empty hand its turn needs no decision."""
    return hero(hid, power=[], cards=cards, **kw)


@pytest.mark.rule("SOTM-4")
def test_a_round_villain_heroes_in_order_environment(tmp_path: Path) -> None:
    vil = villain(
        triggers=[{"when": "end_of_turn", "whose": "villain",
                   "effect": [dmg(1, EACH_HERO, type="fire", source="villain_character")]}],
        cards=[{"name": "War Drum", "kind": "ongoing",
                "triggers": [{"when": "start_of_turn", "whose": "villain",
                              "effect": [dmg(1, EACH_HERO, type="sonic", source="this")]}]},
               {"name": "Strike", "kind": "one-shot",
                "play": [dmg(2, EACH_HERO, type="melee", source="villain_character")]}])
    env = environment([{"name": "Gust", "kind": "one-shot",
                        "play": [dmg(1, EACH_HERO, type="projectile", source="this")]}])
    s = load(tmp_path, {
        "heroes": [{"id": h, "hand": []} for h in ("alpha", "beta", "gamma")],
        "villain": {"play": ["War Drum"], "deck": ["Strike", "Lull"]},
        "environment": {"deck": ["Gust", "Calm"]},
        "turn": {"whose": "villain", "phase": "start", "round": 2},
    }, heroes=[quiet("alpha"), quiet("beta"), quiet("gamma")], villain_=vil, environment_=env)
    ev = s.take_events()
    turns = [(s.T.owner_names[e.data["owner"]], e.text) for e in ev if e.kind == "turn"]
    assert [o for o, _ in turns] == ["The Overlord", "Alpha", "Beta", "Gamma", "Proving Ground",
                                     "The Overlord", "Alpha"]
    assert "round 2" in turns[0][1] and "round 2" in turns[4][1] and "round 3" in turns[5][1]
    # the villain turn: start-of-turn effects, the top card, end-of-turn effects
    first = ev[: kinds(ev).index("turn", 1)]
    assert [(k, d[3]) if d else (k, None) for k, d in
            zip(kinds(first), [None if e.kind != "damage" else damage(s, [e])[0] for e in first],
                strict=True)] == [
        ("turn", None),
        ("damage", "sonic"), ("damage", "sonic"), ("damage", "sonic"),
        ("play", None),
        ("damage", "melee"), ("damage", "melee"), ("damage", "melee"),
        ("damage", "fire"), ("damage", "fire"), ("damage", "fire"),
    ]
    assert first[4].text == "The Overlord plays Strike"
    # the environment turn plays its top card
    at = [i for i, e in enumerate(ev) if e.kind == "turn"]
    assert [e.text for e in ev[at[4]: at[5]]] == [
        "— Proving Ground's turn (environment, round 2) —", "Proving Ground plays Gust",
        "Gust deals Alpha 1 projectile damage → 15 HP", "Gust deals Beta 1 projectile damage → 15 HP",
        "Gust deals Gamma 1 projectile damage → 15 HP"]
    # the heroes' turns in between: each drew 2 (no card, no power)
    assert [e.text for e in ev[at[1]: at[4]]] == [
        "— Alpha's turn (round 2) —", "Alpha skips the play phase: no card in hand",
        f"Alpha draws 2{N2}", "— Beta's turn (round 2) —",
        "Beta skips the play phase: no card in hand", f"Beta draws 2{N2}",
        "— Gamma's turn (round 2) —", "Gamma skips the play phase: no card in hand",
        f"Gamma draws 2{N2}"]
    # round 3's villain turn: Drum 1 (sonic) at its start; Lull; 1 fire at its end
    assert [hp(s, h) for h in ("alpha", "beta", "gamma")] == [20 - 1 - 2 - 1 - 1 - 1 - 1] * 3
    assert names(s, "trash", "villain") == ["Strike", "Lull"]
    assert names(s, "trash", "environment") == ["Gust"]
    # each hero drew 2 in their draw phase (no card, no power), so Alpha now has a decision
    assert s.decision().kind == "play_phase" and s.decision().seat == 0


def _phases_pack(tmp_path: Path, position: dict, **kw) -> object:
    cards = [
        {"name": "Herald", "kind": "ongoing", "triggers": [
            {"when": "start_of_turn", "whose": "owner", "effect": [dmg(1, VILLAIN, type="cold", source="this_hero")]},
            {"when": "end_of_turn", "whose": "owner", "effect": [dmg(1, VILLAIN, type="sonic", source="this_hero")]},
        ]},
        {"name": "Spark", "kind": "one-shot", "copies": 4, "play": [dmg(2, VILLAIN, type="energy")]},
        {"name": "Gem", "kind": "one-shot", "copies": 4},
    ]
    return load(tmp_path, position, heroes=[hero("alpha", cards=cards, power=[dmg(3, VILLAIN, type="radiant")])],
                **kw)


@pytest.mark.rule("SOTM-5")
def test_hero_turn_phases_in_order(tmp_path: Path) -> None:
    s = _phases_pack(tmp_path, {
        "heroes": [{"id": "alpha", "hand": ["Spark", "Gem"], "play": ["Herald"], "deck": ["Gem", "Gem", "Gem"]},
                   "beta", "gamma"],
        "turn": {"whose": "alpha", "phase": "start"}})
    ev = s.take_events()
    assert kinds(ev) == ["turn", "damage"]  # start of turn: Herald's cold damage
    assert s.decision().kind == "play_phase" and s.phase == "play"
    s.apply(f"play:{next(c for c in s.hand[0] if s.T.name[c] == 'Spark')}")
    assert s.decision().kind == "power_phase" and s.phase == "power"
    s.apply(f"power:{char(s, 'alpha')}")
    ev += s.take_events()
    assert [(e.kind, damage(s, [e])[0][3] if e.kind == "damage" else None) for e in ev[:9]] == [
        ("turn", None), ("damage", "cold"), ("play", None), ("damage", "energy"),
        ("power", None), ("damage", "radiant"), ("draw", None), ("damage", "sonic"), ("turn", None)]
    assert ev[6].data["count"] == 1  # a card was played: draw 1
    assert hp(s, "villain") == 30 - 1 - 2 - 3 - 1
    assert names(s, "hand", "alpha") == ["Gem", "Gem"]
    assert names(s, "deck", "alpha") == ["Gem", "Gem"]


@pytest.mark.rule("SOTM-5")
@pytest.mark.parametrize(("play", "power", "drawn"), [(False, False, 2), (True, False, 1), (False, True, 1),
                                                      (True, True, 1)])
def test_draw_two_only_when_neither_played_nor_powered(tmp_path: Path, play: bool, power: bool, drawn: int) -> None:
    s = _phases_pack(tmp_path, {
        "heroes": [{"id": "alpha", "hand": ["Gem"], "deck": ["Spark", "Spark", "Spark"]}, "beta", "gamma"],
        "turn": {"whose": "alpha", "phase": "play"}})
    s.apply(f"play:{s.hand[0][0]}" if play else "skip")
    s.apply(f"power:{char(s, 'alpha')}" if power else "skip")
    ev = s.take_events()
    draws = [e for e in ev if e.kind == "draw"]
    assert [(e.data["hero"], e.data["count"]) for e in draws] == [(0, drawn)]
    assert len(s.hand[0]) == (0 if play else 1) + drawn
    assert len(s.deck[0]) == 3 - drawn


@pytest.mark.rule("SOTM-5")
def test_another_heros_play_during_my_turn_is_not_my_play(tmp_path: Path) -> None:
    """Beta's card lets Beta play a card at the start of each turn; on Alpha's turn that
    play is Beta's, so Alpha, who neither plays nor uses a power, still draws 2."""
    beta = hero("beta", cards=[{"name": "Muse", "kind": "ongoing", "triggers": [
        {"when": "start_of_turn", "whose": "any", "effect": [{"verb": "play_card"}]}]},
        {"name": "Gem", "kind": "one-shot", "copies": 3}])
    s = load(tmp_path, {
        "heroes": [{"id": "alpha", "hand": [], "deck": ["Filler"] * 5},
                   {"id": "beta", "hand": ["Gem", "Gem"], "play": ["Muse"]}, "gamma"],
        "turn": {"whose": "alpha", "phase": "start"}}, heroes=[hero("alpha", power=[]), beta])
    d = s.decision()
    assert (d.kind, d.seat) == ("play_now", 1)
    s.apply(f"play:{s.hand[1][0]}")
    ev = s.take_events()
    assert [e.text for e in ev if e.kind in ("play", "draw")][:2] == ["Beta plays Gem", f"Alpha draws 2{N2}"]
    assert len(s.hand[0]) == 2


@pytest.mark.rule("SOTM-5")
def test_no_hand_limit(tmp_path: Path) -> None:
    s = _phases_pack(tmp_path, {
        "heroes": [{"id": "alpha", "hand": ["Gem"] * 4 + ["Filler"] * 10, "deck": ["Spark", "Spark"]},
                   "beta", "gamma"],
        "turn": {"whose": "alpha", "phase": "play"}})
    s.apply("skip")
    s.apply("skip")
    assert len(s.hand[0]) == 16 and len(s.trash[0]) == 0
    assert s.decision().seat == 1  # no discard step: Beta's turn


@pytest.mark.rule("SOTM-6")
def test_an_empty_deck_is_refilled_from_its_trash(tmp_path: Path) -> None:
    cards = [{"name": n, "kind": "one-shot"} for n in ("Ash", "Bone", "Coal")]
    s = load(tmp_path, {
        "heroes": [{"id": "alpha", "hand": [], "deck": [], "trash": ["Ash", "Bone", "Coal"]}, "beta", "gamma"],
        "turn": {"whose": "alpha", "phase": "draw"}}, heroes=[hero("alpha", cards=cards)])
    ev = s.take_events()
    assert kinds(ev)[:2] == ["reshuffle", "draw"]
    assert ev[0].data == {"owner": 0}
    assert ev[1].data == {"hero": 0, "count": 2}
    got = names(s, "hand", "alpha") + names(s, "deck", "alpha")
    assert sorted(got) == ["Ash", "Bone", "Coal"] and len(s.hand[0]) == 2
    assert s.trash[0] == []


@pytest.mark.rule("SOTM-6")
def test_the_villain_deck_too_and_running_out_never_ends_the_game(tmp_path: Path) -> None:
    vil = villain(cards=[{"name": "Strike", "kind": "one-shot",
                          "play": [dmg(1, EACH_HERO, source="villain_character")]}])
    s = load(tmp_path, {
        "heroes": [{"id": "alpha", "hand": ["Filler"], "deck": [], "trash": []}, "beta", "gamma"],
        "villain": {"deck": [], "trash": ["Strike"]},
        "environment": {"deck": [], "trash": []},
        "turn": {"whose": "villain", "phase": "start"}}, villain_=vil)
    ev = s.take_events()
    assert kinds(ev)[:4] == ["turn", "reshuffle", "play", "damage"]
    assert ev[2].text == "The Overlord plays Strike"
    assert names(s, "trash", "villain") == ["Strike"] and s.deck[s.T.villain] == []
    # Alpha: nothing to draw, nothing in trash — the game goes on
    s.apply("skip")  # play phase
    s.apply("skip")  # power phase
    ev = s.take_events()
    assert not [e for e in ev if e.kind == "draw" and e.data["hero"] == 0]
    assert s.result is None and s.decision() is not None
    # the environment has no card at all: its turn plays nothing
    assert "Proving Ground plays" not in " ".join(e.text for e in ev)


@pytest.mark.rule("SOTM-7")
@pytest.mark.parametrize("order", [("env", "hero", "villain"), ("villain", "env", "hero"),
                                   ("hero", "villain", "env")])
def test_start_and_end_of_turn_effects_resolve_in_play_entry_order(tmp_path: Path, order: tuple) -> None:
    """Three cards of three owners react to the villain's start and end of turn; they
    resolve in the order they entered play, whoever owns them, after the villain character
    (in play since setup)."""
    def reactor(name: str, ty: str) -> dict:
        return {"name": name, "kind": "ongoing", "triggers": [
            {"when": w, "whose": "villain", "effect": [dmg(1, VILLAIN, type=ty, source="this")]}
            for w in ("start_of_turn", "end_of_turn")]}
    vil = villain(cards=[reactor("Drone", "toxic")],
                  triggers=[{"when": w, "whose": "villain",
                             "effect": [dmg(1, {"group": "hero", "pick": "lowest_hp"}, type="psychic",
                                            source="villain_character")]}
                            for w in ("start_of_turn", "end_of_turn")])
    env = environment([reactor("Beacon", "cold")])
    alpha = hero("alpha", hp=5, cards=[reactor("Ward", "radiant")])
    entered = {who: i + 1 for i, who in enumerate(order)}
    s = load(tmp_path, {
        "heroes": [{"id": "alpha", "hp": 5, "play": [{"name": "Ward", "entered": entered["hero"]}]},
                   "beta", "gamma"],
        "villain": {"play": [{"name": "Drone", "entered": entered["villain"]}], "deck": ["Lull"]},
        "environment": {"play": [{"name": "Beacon", "entered": entered["env"]}]},
        "turn": {"whose": "villain", "phase": "start"}}, heroes=[alpha], villain_=vil, environment_=env)
    assert [s.T.name[c] for c in s.inplay][4:] == [{"env": "Beacon", "hero": "Ward", "villain": "Drone"}[w]
                                                   for w in order]
    ev = s.take_events()
    ty = {"env": "cold", "hero": "radiant", "villain": "toxic"}
    expected = ["psychic", *(ty[w] for w in order)]
    assert [d[3] for d in damage(s, ev)[:8]] == expected + expected
    assert kinds(ev)[:11] == ["turn", *["damage"] * 4, "play", *["damage"] * 4, "turn"]


@pytest.mark.rule("SOTM-7")
def test_other_simultaneous_choices_are_the_players(tmp_path: Path) -> None:
    """Increases and reductions together: the target's player orders them (an agent
    decides), see also SOTM-14."""
    alpha = hero("alpha", cards=[{"name": "Fury", "kind": "ongoing",
                                  "modifiers": [{"kind": "increase_dealt", "amount": 1, "applies_to": "this_hero"}]}],
                 power=[dmg(1, VILLAIN)])
    vil = villain(cards=[{"name": "Plate", "kind": "ongoing",
                          "modifiers": [{"kind": "reduce_taken", "amount": 2, "applies_to": "villain_character"}]}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "play": ["Fury"]}, "beta", "gamma"],
                        "villain": {"play": ["Plate"]}, "turn": {"whose": "alpha", "phase": "power"}},
             heroes=[alpha], villain_=vil)
    s.apply(f"power:{char(s, 'alpha')}")
    d = s.decision()
    assert d.kind == "modify_damage" and d.seat == 0
    assert sorted(o.label for o in d.options) == ["+1 from Fury", "-2 from Plate"]
