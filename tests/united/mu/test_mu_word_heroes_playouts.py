"""The default pack's heroes that show issue 20's words — Vigil Marrow (lasting text and
hooks), Tinker Hollis (her own components), Ledger Voss (counts, conditions, costs) and
Quill Ashby (moves, the Storyline, the long tail) — in random games of both modes, with the
Locations of the box `owner-words`: the invariants after every decision, every game to its
end. The default suite plays a few; `-m slow` plays SLOW_GAMES at each hero count."""

from __future__ import annotations

import random

import pytest

from multiverse.content.loader import load_content
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import new_game
from multiverse.united.invariants import check_invariants

WORD_HEROES = ("vigil-marrow", "tinker-hollis", "ledger-voss", "quill-ashby")
SLOW_GAMES = 1000
MAX_DECISIONS = 5000


def seating(n: int, g: int) -> tuple[str, ...]:
    """`n` heroes for game `g`: at least one word hero (two at 3 heroes or more), the rest
    drawn from the whole pack."""
    rnd = random.Random(g * 53 + n)
    words = rnd.sample(WORD_HEROES, min(n - 1, 2))
    others = [h.id for h in load_content().heroes if h.id not in words]
    return tuple(rnd.sample([*words, *rnd.sample(others, n - len(words))], n))


def run(n: int, games: int, first: int = 0) -> dict[str, int]:
    out: dict[str, int] = {}
    for g in range(first, first + games):
        mode = "standard" if g % 2 else "dofp"
        cfg = UnitedConfig(mode=mode, heroes=seating(n, g), boxes=("owner-words",))
        s = new_game(cfg, seed=g)
        rnd = random.Random(g)
        for _ in range(MAX_DECISIONS):
            check_invariants(s)
            d = s.decision()
            if d is None:
                break
            s.apply(rnd.choice(d.options).id)
        else:
            raise AssertionError(f"game {g} ({mode}, {cfg.heroes}): no end after {MAX_DECISIONS} decisions")
        assert s.result in ("win", "loss"), (g, s.reason)
        out[s.result] = out.get(s.result, 0) + 1
    return out


@pytest.mark.rule("MU-17")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_with_the_word_heroes_keep_the_invariants(n: int) -> None:
    assert sum(run(n, 10).values()) == 10


@pytest.mark.slow
@pytest.mark.rule("MU-17")
@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_with_the_word_heroes_keep_the_invariants_slow(n: int) -> None:
    assert sum(run(n, SLOW_GAMES, first=10_000).values()) == SLOW_GAMES
