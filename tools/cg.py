"""The shared random-playout loop for instruction counts (docs/performance.md, "Method").
Every game is set up first; only the decisions are counted:

    CG_ON=1 PYTHONHASHSEED=0 setarch -R valgrind --tool=callgrind --instr-atstart=no \\
        --callgrind-out-file=/dev/null python tools/cg.py MODE GAMES

Instrumentation is switched on (`callgrind_control -i on`) once the games are set up and off
after the last decision, so the count is the decisions' alone (not the interpreter's
teardown); divide it by the decisions printed last. Without valgrind it
just plays the games."""

from __future__ import annotations

import gc
import os
import random
import shutil
import subprocess
import sys

from multiverse import modes
from multiverse.engine.errors import UnknownMode


def main() -> None:
    if len(sys.argv) != 3:
        raise SystemExit("error: usage: python tools/cg.py MODE GAMES")
    try:
        name, games = sys.argv[1], int(sys.argv[2])
        mode = modes.get(name)
    except (ValueError, UnknownMode) as exc:  # one line, nothing run
        raise SystemExit(f"error: {exc}; usage: python tools/cg.py MODE GAMES") from None
    content = os.environ.get("CG_CONTENT")  # another pack (a copy of the default one, …)
    config = mode.make_config(None, sets={"content": content} if content else None)
    rnd = random.Random(1)
    states = [mode.new_game(config, seed=g) for g in range(games)]
    for s in states:
        s.decision()
    gc.disable()
    control = shutil.which("callgrind_control") and os.environ.get("CG_ON") == "1"
    if control:
        subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())],
                       capture_output=True, check=False)
    steps = 0
    for s in states:
        while (d := s.decision()) is not None and steps < 10**7:
            s.apply(d.options[rnd.randrange(len(d.options))].id)
            steps += 1
    if control:  # off again: the interpreter's teardown (a full collection) is not counted
        subprocess.run(["callgrind_control", "-i", "off", str(os.getpid())],
                       capture_output=True, check=False)
    print(steps)


if __name__ == "__main__":
    main()
