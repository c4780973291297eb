"""Who sits in a seat, as stored with a game: `human` or an agent spec such as `random`,
`heuristic` or `ismcts(iterations=200)`. Shared by the terminal (`play`) and the browser
table (`serve`), so both store seats the same way and make the same agents from them."""

from __future__ import annotations

import json
from typing import Any

from multiverse.agents import AGENTS

HUMAN = "human"
DEFAULT_ITERATIONS = 200


def seat_spec(name: str, iterations: int | None) -> str:
    """How a seat is stored: `human`, `random`, `heuristic`, `ismcts(iterations=200)`."""
    if name == "ismcts":
        return f"ismcts(iterations={iterations or DEFAULT_ITERATIONS})"
    return name


def parse_seat(spec: str) -> tuple[str, dict[str, Any]]:
    """`ismcts(iterations=200)` → ("ismcts", {"iterations": 200})."""
    name, _, rest = spec.partition("(")
    params: dict[str, Any] = {}
    for item in filter(None, rest.rstrip(")").split(",")):
        k, _, v = item.partition("=")
        try:
            params[k.strip()] = json.loads(v)
        except ValueError:
            params[k.strip()] = v.strip()
    return name.strip(), params


def make_seat_agent(spec: str, seed: int) -> Any:
    """The agent of a stored seat spec, seeded with `seed` (made afresh for each decision:
    `decision_seed(agent_seed(game_seed, seat), n)`)."""
    name, params = parse_seat(spec)
    if name in ("ismcts", "strong"):
        params.setdefault("reuse", False)  # a choice depends on the state only
    return AGENTS[name](seed, **params)
