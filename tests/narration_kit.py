"""Issue 21's whole-game check, shared by every mode's tests: a random game played with
narration, and the rules its lines keep (no line twice in a row, across decisions too;
no "Player N"; no hero id such as "the-harpy" where a name belongs)."""

from __future__ import annotations

import itertools
import random
import re

from multiverse import modes

RAW_ID = re.compile(r"\b[a-z]+(?:-[a-z]+)+\b")


def narrate_game(mode: str, seed: int, heroes: str | None = None) -> tuple[list[list[str]], set[str]]:
    """A random game with narration: the lines told after each decision, and the ids of
    the heroes that may take part (which no line may show)."""
    m = modes.get(mode)
    s = m.new_game(m.make_config(heroes), seed=seed, log=True)
    rnd = random.Random(seed)
    batches = [[e.text for e in s.take_events()]]
    n = 0
    while s.decision() is not None and n < 3000:
        s.apply(rnd.choice(s.decision().options).id)
        batches.append([e.text for e in s.take_events()])
        n += 1
    t = s.T
    ids = set(t.hero_ids) if hasattr(t, "hero_ids") else set()
    content = getattr(t, "content", None)
    if content is not None and hasattr(content, "heroes"):
        heroes_ = content.heroes
        ids |= set(heroes_) if isinstance(heroes_, dict) else {h.id for h in heroes_}
    return batches, {i for i in ids if "-" in i}


def assert_readable(batches: list[list[str]], hero_ids: set[str]) -> None:
    """No line twice in a row (across decisions too), no "Player N", no hero id."""
    lines = [x for b in batches for x in b]
    assert lines
    for a, b in itertools.pairwise(lines):
        assert a != b, a
    for x in lines:
        assert not re.search(r"\bPlayer \d", x), x
        assert not (set(RAW_ID.findall(x)) & hero_ids), x
