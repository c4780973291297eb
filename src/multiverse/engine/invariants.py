"""The decision protocol's invariants, shared by every mode's `check_invariants` (DESIGN 3)."""

from __future__ import annotations

from multiverse.engine.state import GameState


def check_decision(s: GameState, n_seats: int) -> None:
    """A game not over has a pending decision of two or more options (one resolves itself)
    with unique, non-empty ids and labels, a seat in range, a registered kind and a prompt;
    a finished game has none, a result, a reason and an empty stack."""
    d = s.decision()
    if s.result is None:
        assert d is not None, "a game that is not over has a decision"
        assert len(d.options) >= 2, f"a forced choice is pending: {d.options}"
        ids = [o.id for o in d.options]
        assert len(ids) == len(set(ids)), f"duplicate option ids: {ids}"
        assert all(isinstance(i, str) and i for i in ids), f"an option id is empty: {ids}"
        assert all(isinstance(o.label, str) and o.label for o in d.options), (
            f"an option has no label: {ids}")
        assert 0 <= d.seat < n_seats, f"seat {d.seat} of {n_seats}"
        assert d.kind in type(s).CHOICES, f"decision kind {d.kind!r} is not registered"
        assert d.prompt, f"a {d.kind!r} decision has no prompt"
    else:
        assert d is None, f"a finished game has a pending {d.kind!r} decision"
        assert s.result in ("win", "loss") and s.reason, "a finished game has a result and a reason"
        assert s.stack == [], "a finished game has nothing left to resolve"
