"""The shared random-playout loop for instruction counts (docs/performance.md, "Method"):

    PYTHONHASHSEED=0 setarch -R valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python tools/cg.py MODE GAMES

Count a 30-game and a 10-game run and divide the difference by the difference in decisions
(printed last), so setup, imports and table building drop out."""

from __future__ import annotations

import gc
import random
import sys

from multiverse import modes


def main() -> None:
    name, games = sys.argv[1], int(sys.argv[2])
    mode = modes.get(name)
    config = mode.make_config(None)
    rnd = random.Random(1)
    mode.new_game(config, seed=0)  # tables built before the loop
    gc.disable()
    steps = 0
    for g in range(games):
        s = mode.new_game(config, seed=g)
        while (d := s.decision()) is not None and steps < 10**7:
            s.apply(d.options[rnd.randrange(len(d.options))].id)
            steps += 1
    print(steps)


if __name__ == "__main__":
    main()
