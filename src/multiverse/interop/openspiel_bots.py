"""OpenSpiel's own search bots, ready for `evaluate_bots`-style loops on the multiverse games.

`open_spiel.python.algorithms.ismcts.ISMCTSBot` searches afresh at every `step` (its tree is
rebuilt from the state it is given) but leaves `restart_at` unimplemented, so OpenSpiel's
`evaluate_bots` stops at its first line. `ISMCTSBot` here is that bot with `restart_at` (a
new game: forget the tree) and `inform_action` (nothing to update); nothing else changes.

    >>> import pyspiel, numpy as np
    >>> from open_spiel.python.algorithms import evaluate_bots, mcts
    >>> from multiverse.interop.openspiel_bots import ISMCTSBot
    >>> game = pyspiel.load_game("python_multiverse_dofp", {"seed": 3})
    >>> rs = np.random.RandomState(1)
    >>> evaluator = mcts.RandomRolloutEvaluator(1, rs)
    >>> bots = [ISMCTSBot(game, evaluator, 1.4, 8, random_state=rs) for _ in range(3)]
    >>> evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)[0] in (1.0, -1.0)
    True
"""

from __future__ import annotations

from typing import Any

from open_spiel.python.algorithms import ismcts

from multiverse.interop import openspiel_game  # noqa: F401  (registers the games)


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's information-set MCTS with the `Bot` methods `evaluate_bots` calls."""

    def restart_at(self, state: Any) -> None:
        """A new game from `state`: the search tree is forgotten."""
        self.reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Another player's move: nothing to update (each step searches afresh)."""


__all__ = ["ISMCTSBot"]
