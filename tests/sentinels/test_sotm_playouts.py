"""Random playouts of the default pack with the state's invariants checked at every decision.

The agent draws from its own `random.Random`, never the game's generator. 30 games each with
3, 4 and 5 heroes here; `-m slow` plays 1,000 each.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.content import default_sentinels_pack, load_sentinels_content
from multiverse.sentinels.game import new_game
from multiverse.sentinels.invariants import check_invariants
from multiverse.sentinels.state import SentinelsState

FAST_GAMES = 30
SLOW_GAMES = 1000
MAX_DECISIONS = 20_000


def pack_for(n: int, folder: Path) -> str | None:
    """The default pack, or (while it holds fewer than `n` heroes) a copy of it with its
    heroes repeated under new ids."""
    content = load_sentinels_content()
    if len(content.heroes) >= n:
        return None
    doc = content.model_dump(mode="json")
    extra = []
    for i in range(n - len(content.heroes)):
        h = dict(doc["heroes"][i % len(doc["heroes"])])
        h["id"] = f"{h['id']}-{i + 2}"
        extra.append(h)
    doc["heroes"] += extra
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"pack{n}.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return str(path)


def make_config(rnd: random.Random, n: int, content: str | None) -> SentinelsConfig:
    c = load_sentinels_content(content)
    return SentinelsConfig(heroes=tuple(rnd.sample([h.id for h in c.heroes], n)),
                           villain=rnd.choice(c.villains).id, environment=rnd.choice(c.environments).id,
                           content=content)




def playout(config: SentinelsConfig, seed: int) -> SentinelsState:
    rnd = random.Random(seed * 7919 + 1)
    s = new_game(config, seed=seed)
    for _ in range(MAX_DECISIONS):
        check_invariants(s)
        d = s.decision()
        if d is None:
            break
        s.apply(rnd.choice(d.options).id)
    else:
        raise AssertionError(f"no end after {MAX_DECISIONS} decisions")
    check_invariants(s)
    assert s.round <= config.max_rounds + 1
    return s


def run(n: int, games: int, folder: Path) -> dict[str, int]:
    content = pack_for(n, folder)
    results: dict[str, int] = {}
    for g in range(games):
        rnd = random.Random(g * 31 + n)
        s = playout(make_config(rnd, n, content), seed=g)
        results[s.result] = results.get(s.result, 0) + 1
    return results


@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_playouts_keep_the_invariants(n: int, tmp_path: Path) -> None:
    results = run(n, FAST_GAMES, tmp_path)
    assert sum(results.values()) == FAST_GAMES


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_playouts_keep_the_invariants_slow(n: int, tmp_path: Path) -> None:
    results = run(n, SLOW_GAMES, tmp_path)
    assert sum(results.values()) == SLOW_GAMES


def test_the_default_pack_is_the_one_played() -> None:
    assert default_sentinels_pack().is_dir()


# ----- issue 19: a pack that uses every word ------------------------------------------------
WORD_HEROES = ("the-quartermaster", "the-crossroads", "sentry-tide")  # original: every new word
WORD_GAMES = 300


def run_words(n: int, games: int, first: int = 0) -> dict[str, int]:
    """Random games seating the heroes whose cards use every word of issue 19 (all three at
    3 heroes or more; the others drawn at random), each against a random villain and
    environment: the invariants after every decision, and an end by the rules (never the
    round limit)."""
    c = load_sentinels_content()
    others = [h.id for h in c.heroes if h.id not in WORD_HEROES]
    results: dict[str, int] = {}
    for g in range(first, first + games):
        rnd = random.Random(g * 37 + n)
        heroes = (*WORD_HEROES, *rnd.sample(others, n - len(WORD_HEROES)))
        config = SentinelsConfig(heroes=tuple(rnd.sample(heroes, n)),
                                 villain=rnd.choice(c.villains).id,
                                 environment=rnd.choice(c.environments).id)
        s = playout(config, seed=g)
        assert "rounds" not in (s.reason or ""), (g, config.heroes, s.reason)
        results[s.result] = results.get(s.result, 0) + 1
    return results


def test_random_games_with_every_word_keep_the_invariants() -> None:
    results = run_words(3, 10)
    assert sum(results.values()) == 10


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_games_with_every_word_keep_the_invariants_slow(n: int) -> None:
    results = run_words(n, WORD_GAMES)
    assert sum(results.values()) == WORD_GAMES
