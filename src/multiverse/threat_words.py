"""The counters that can end the game, as the boards draw them: the view's `threats`
entries (`{"name", "value", "limit", "ends", "text", "card"}`), each drawn by its ready
`text` where the counter is drawn. The mode passes the entries of its view to its board;
a view without them draws the counters as before."""

from __future__ import annotations

from typing import Any


def threats(v: dict[str, Any], given: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """The threats to draw: those `given` (the mode's view's), else the view's own; kept in
    the view (`v["threats"]`) so every part of one drawing reads the same."""
    if given is not None:
        v["threats"] = given
    return [x for x in v.get("threats") or [] if isinstance(x, dict) and x.get("text")]


def on_card(found: list[dict[str, Any]], card: int | None) -> str | None:
    """The text of the threat counter on card `card`, if any."""
    for x in found:
        if card is not None and x.get("card") == card:
            return str(x["text"])
    return None


def named(found: list[dict[str, Any]], name: str) -> str | None:
    """The text of the threat counter called `name` (any case), if any."""
    for x in found:
        if str(x.get("name", "")).lower() == name.lower():
            return str(x["text"])
    return None
