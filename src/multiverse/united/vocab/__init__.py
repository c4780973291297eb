"""The Marvel United effect vocabulary: one module per group of verbs, each registering
its verbs in `united.verbs`. Importing this package loads them all (a game's setup does)."""

from multiverse.united.vocab import (
    actions,
    base,
    board,
    components,
    lasting,
    moves,
    parts,
    story,
    terms,
    turn,
    villain,
)

__all__ = ["actions", "base", "board", "components", "lasting", "moves", "parts", "story", "terms", "turn",
           "villain"]
