"""The counters that can end the game, as the boards draw them: the view's `threats`
entries (`{"name", "value", "limit", "ends", "text", "card"}`), each drawn by its ready
`text` where the counter is drawn. A view without the field (an older view) draws the
counters as before."""

from __future__ import annotations

from typing import Any


def threats(state: Any, v: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """The threats of a view; read from the mode's view when the view given lacks them."""
    if "threats" in v:
        return [x for x in v["threats"] or [] if isinstance(x, dict) and x.get("text")]
    from multiverse import modes

    full = modes.of_state(state).view(state, seat)
    v["threats"] = full.get("threats", []) or []  # read once per drawing
    return [x for x in v["threats"] if isinstance(x, dict) and x.get("text")]


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
