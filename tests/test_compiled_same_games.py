"""The compiled hot modules play the same games as their Python source (multiverse.compiled):
random games of every mode in a pure process (MULTIVERSE_PURE=1) and in an ordinary one end
in the same state hash, result and number of decisions. Where a compiled build sits beside
the sources, the ordinary process must really run the hot modules compiled."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

from multiverse import modes
from multiverse.compiled import HOT

SRC = Path(__file__).resolve().parents[1] / "src"
GAMES = {"dofp": 6, "standard": 6, "sentinels": 3, "oblivaeon": 1}

_PLAY = """
import json, random, sys
from multiverse import compiled, modes
out = {}
for name, games in json.loads(sys.argv[1]).items():
    mode = modes.get(name)
    config = mode.make_config("3")
    for seed in range(games):
        s = mode.new_game(config, seed=seed)
        rnd = random.Random(seed)
        n = 0
        while (d := s.decision()) is not None:
            s.apply(d.options[rnd.randrange(len(d.options))].id)
            n += 1
        out[f"{name} {seed}"] = [s.state_hash(), s.result, n]
print(json.dumps({"games": out, "compiled": compiled.compiled_modules()}))
"""


def _play(pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "MULTIVERSE_PURE"}
    if pure:
        env["MULTIVERSE_PURE"] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), env.get("PYTHONPATH", "")])
    out = subprocess.run([sys.executable, "-c", _PLAY, json.dumps(GAMES)], env=env,
                         capture_output=True, text=True, check=True, timeout=120)
    return json.loads(out.stdout)


def _built() -> list[str]:
    """The hot modules with a compiled module beside their source, newer than it (the ones a
    process not told MULTIVERSE_PURE=1 runs compiled)."""
    built = []
    for m in HOT:
        source = SRC.joinpath(*m.split(".")).with_suffix(".py")
        so = [source.with_name(source.stem + suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES]
        if any(p.exists() and p.stat().st_mtime >= source.stat().st_mtime for p in so):
            built.append(m)
    return built


def test_every_mode_is_in_the_comparison():
    assert set(GAMES) == {m.name for m in modes.all_modes()}


def test_compiled_and_pure_play_the_same_games():
    pure, ordinary = _play(True), _play(False)
    assert pure["compiled"] == []
    assert len(pure["games"]) == sum(GAMES.values())
    assert ordinary["games"] == pure["games"]
    built = _built()
    if not built:
        warnings.warn("no compiled build beside the sources: the same games were compared "
                      "pure against pure (build with setup.py build_ext --inplace)", stacklevel=1)
    assert sorted(ordinary["compiled"]) == sorted(built)
