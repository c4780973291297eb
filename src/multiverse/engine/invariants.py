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
        assert all(isinstance(i, str) and i for i in ids)
        assert all(isinstance(o.label, str) and o.label for o in d.options)
        assert 0 <= d.seat < n_seats, f"seat {d.seat} of {n_seats}"
        assert d.kind in type(s).CHOICES and d.prompt
    else:
        assert d is None and s.result in ("win", "loss") and s.reason
        assert s.stack == []
