"""The same games compiled and pure (issue 24): every mode's random games end in the same
state, hash for hash, whether the hot modules run compiled (setup.py) or from their source
(MULTIVERSE_PURE=1)."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

from multiverse.compiled import HOT

SRC = Path(__file__).resolve().parents[1] / "src"
GAMES = {"dofp": 6, "standard": 6, "sentinels": 4, "oblivaeon": 1}
SCRIPT = """
import json, random, sys
from multiverse import modes
from multiverse.compiled import compiled_modules
out = {}
for name, games in json.loads(sys.argv[1]).items():
    mode = modes.get(name)
    config = mode.make_config("3")
    for g in range(games):
        rnd = random.Random(g)
        s = mode.new_game(config, g)
        while (d := s.decision()) is not None:
            s.apply(d.options[rnd.randrange(len(d.options))].id)
        out[f"{name}/{g}"] = [s.state_hash(), s.result, s.decisions]
searches = {}  # the search's tree statistics (its Node is an extension type when compiled)
from multiverse import bench
from multiverse.agents.ismcts import ISMCTSAgent
for name in json.loads(sys.argv[1]):
    s = bench.ismcts_states(modes.get(name).make_config("3"))[0]
    root = ISMCTSAgent(7, iterations=60, reuse=False).search(s, s.decision().seat)
    searches[name] = sorted((k, c.visits, c.avail, c.wins, repr(c.value), repr(c.prior))
                            for k, c in root.children.items())
print(json.dumps({"games": out, "searches": searches, "compiled": compiled_modules()}))
"""


def play(pure: bool) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("MULTIVERSE_PURE", None)
    if pure:
        env["MULTIVERSE_PURE"] = "1"
    out = subprocess.run([sys.executable, "-c", SCRIPT, json.dumps(GAMES)], capture_output=True,
                         text=True, env=env, check=True, timeout=600)
    return json.loads(out.stdout)


def built() -> list[str]:
    """The hot modules with a compiled module beside their source in this checkout."""
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return [m for m in HOT if any((SRC / Path(*m.split("."))).with_suffix(x).exists() for x in suffixes)]


def test_every_mode_plays_the_same_games_compiled_and_pure():
    pure, compiled = play(True), play(False)
    assert pure["compiled"] == []
    assert len(pure["games"]) == sum(GAMES.values())
    assert compiled["games"] == pure["games"]
    assert compiled["searches"] == pure["searches"] and len(pure["searches"]) == len(GAMES)
    # where this checkout was built, the other run really ran compiled code (a source
    # edited since its build runs as source: SourceWhenNewer)
    fresh = [m for m in built() if m in compiled["compiled"]]
    assert set(compiled["compiled"]) <= set(HOT)
    assert len(fresh) == len(compiled["compiled"])
