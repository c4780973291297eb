"""More SOTM scenarios: H in amounts, simultaneous reactions ordered by the players,
an incapacitated hero's turn, "the heroes lose" text, loss read after each step."""

from __future__ import annotations

from pathlib import Path

import pytest

from .support import card, char, dmg, environment, hero, hp, load, villain


def _surge_villain(**step) -> dict:
    return villain(cards=[{"name": "Surge", "kind": "one-shot", "play": [
        {"verb": "damage", "type": "sonic", "source": "villain_character",
         "target": {"group": "hero", "pick": "each"}, **step}]}])


@pytest.mark.rule("SOTM-3")
@pytest.mark.parametrize(("n", "offset", "expected"), [(3, 0, 3), (4, 0, 4), (5, -1, 4), (3, 2, 5)])
def test_h_in_an_amount_is_the_number_of_heroes_at_the_start(tmp_path: Path, n: int, offset: int,
                                                              expected: int) -> None:
    s = load(tmp_path, {"villain": {"deck": ["Surge"]}, "turn": {"whose": "villain", "phase": "start"}},
             villain_=_surge_villain(amount=1, h_offset=offset), n=n)
    assert [20 - hp(s, h) for h in range(n)] == [expected] * n


@pytest.mark.rule("SOTM-3")
def test_h_stays_fixed_when_a_hero_is_incapacitated(tmp_path: Path) -> None:
    s = load(tmp_path, {"heroes": [{"id": "alpha", "incapacitated": True}, "beta", "gamma"],
                        "villain": {"deck": ["Surge"]}, "turn": {"whose": "villain", "phase": "start"}},
             villain_=_surge_villain(amount=1, h_offset=0))
    assert (hp(s, "beta"), hp(s, "gamma")) == (17, 17)  # H is 3, not the 2 heroes standing


def _reactive_env() -> dict:
    watch = {"when": "enters_play", "whose": "hero"}
    return environment([
        {"name": "Bell", "kind": "ongoing", "triggers": [{**watch, "effect": [
            dmg(1, {"group": "source"}, source="this", type="sonic")]}]},
        {"name": "Gong", "kind": "ongoing", "triggers": [{**watch, "effect": [
            {"verb": "heal", "amount": 5, "target": {"group": "source"}}]}]},
    ])


@pytest.mark.rule("SOTM-7")
@pytest.mark.parametrize("first", ["Bell", "Gong"])
def test_simultaneous_reactions_resolve_in_the_order_the_players_choose(tmp_path: Path, first: str) -> None:
    alpha = hero("alpha", cards=[{"name": "Golem", "kind": "target", "hp": 6}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Golem"]}, "beta", "gamma"],
                        "environment": {"play": ["Bell", "Gong"]},
                        "turn": {"whose": "alpha", "phase": "play"}},
             heroes=[alpha], environment_=_reactive_env())
    s.apply(f"play:{card(s, 'Golem', 'alpha', zone=None)}")
    d = s.decision()
    assert d.kind == "order_reactions" and d.seat == 0
    assert [o.label for o in d.options] == ["Bell (ongoing)", "Gong (ongoing)"]
    s.apply(next(o.id for o in d.options if o.label.startswith(first + " ")))
    # Bell first: 6 → 5, then healed to its max 6; Gong first: nothing to heal, then 6 → 5
    assert hp(s, "alpha", "Golem") == (6 if first == "Bell" else 5)


@pytest.mark.rule("SOTM-16")
def test_then_after_an_each_step_runs_once_after_every_target(tmp_path: Path) -> None:
    vil = villain(cards=[{"name": "Quake", "kind": "one-shot", "play": [
        {"verb": "damage", "amount": 2, "type": "melee", "source": "villain_character",
         "target": {"group": "hero", "pick": "each"},
         "then": [{"verb": "heal", "amount": 3, "target": {"group": "villain_character"}}]}]}])
    s = load(tmp_path, {"villain": {"hp": 20, "deck": ["Quake"]},
                        "turn": {"whose": "villain", "phase": "start"}}, villain_=vil)
    assert [hp(s, h) for h in ("alpha", "beta", "gamma")] == [18, 18, 18]
    assert hp(s, "villain") == 23  # healed once, after all three heroes were hit


@pytest.mark.rule("SOTM-17")
def test_an_incapacitated_heros_turn_still_has_its_start_and_end(tmp_path: Path) -> None:
    env = environment([{"name": "Clock", "kind": "ongoing", "triggers": [
        {"when": "start_of_turn", "whose": "hero", "effect": [
            dmg(1, {"group": "villain_character"}, source="this")]}]}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "incapacitated": True}, "beta", "gamma"],
                        "environment": {"play": ["Clock"]},
                        "turn": {"whose": "alpha", "phase": "start"}}, environment_=env)
    assert s.decision().kind == "incapacitated_ability"
    assert hp(s, "villain") == 29  # the Clock ticked at the start of alpha's turn


@pytest.mark.rule("SOTM-18")
def test_a_card_can_say_the_heroes_lose(tmp_path: Path) -> None:
    vil = villain(cards=[{"name": "Doomsday", "kind": "one-shot", "play": [{"verb": "heroes_lose"}]}])
    s = load(tmp_path, {"villain": {"deck": ["Doomsday"]}, "turn": {"whose": "villain", "phase": "start"}},
             villain_=vil)
    assert (s.result, s.reason) == ("loss", "Doomsday says the heroes lose")


@pytest.mark.rule("SOTM-18")
def test_the_loss_is_read_after_the_step_that_fells_the_last_hero(tmp_path: Path) -> None:
    vil = villain(cards=[{"name": "Backlash", "kind": "one-shot", "play": [
        {"verb": "damage", "amount": 30, "type": "fire", "source": "villain_character",
         "target": {"group": "hero", "pick": "each"}},
        {"verb": "damage", "amount": 40, "type": "fire", "source": "villain_character",
         "target": {"group": "villain_character"}}]}])
    s = load(tmp_path, {"villain": {"deck": ["Backlash"]}, "turn": {"whose": "villain", "phase": "start"}},
             villain_=vil)
    assert s.result == "loss"  # the heroes fell in the first step; the second never came
    assert s.hp[char(s, "villain")] == 30


@pytest.mark.rule("SOTM-8")
def test_then_follows_the_step_it_belongs_to(tmp_path: Path) -> None:
    alpha = hero("alpha", hp=20, cards=[{"name": "Strike", "kind": "one-shot", "play": [
        {**dmg(2, {"group": "villain", "pick": "one"}),
         "then": [{"verb": "heal", "amount": 3, "target": {"group": "this_hero"}}]}]}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hp": 10, "hand": ["Strike"]}, "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha])
    s.take_events()
    s.apply(f"play:{card(s, 'Strike', 'alpha', zone=None)}")
    kinds = [e.kind for e in s.take_events() if e.kind in ("damage", "heal")]
    assert kinds == ["damage", "heal"]  # top to bottom: the damage, then its "then"
    assert (hp(s, "villain"), hp(s, "alpha")) == (28, 13)
