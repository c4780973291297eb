"""Play games FIRST .. LAST-1 of one `lab run` point with the lab's own worker and seeds
(game `i` has the seed `game_seed(SEED, i)`, whoever plays it), appending one JSON line a
game to a file: a long point (OblivAeon's ISMCTS 1,000 reference, about 100 CPU seconds a
game) can be played in parts, on several machines or days, and the parts joined.

    python tools/lab_range.py oblivaeon --heroes 4 --iterations 1000 --first 155 --last 300 \\
        --jobs 2 --out docs/data/oblivaeon-ismcts-1000.jsonl

A game already in the file is not played again. Each line holds the lab's row: `index`,
`seed`, `result`, `reason`, `rounds`, `decisions` and `cpu` (the worker's CPU seconds)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from multiverse.agents.seeds import game_seed
from multiverse.cli.lab import LabError, Rollout, build_agent, build_config
from multiverse.lab.runner import _local, chunks


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("mode")
    ap.add_argument("--heroes")
    ap.add_argument("--agent", default="ismcts")
    ap.add_argument("--iterations", type=int)
    ap.add_argument("--agent-set", action="append", default=[])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--last", type=int, required=True)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--out", type=Path, required=True)
    a = ap.parse_args()
    try:
        config = build_config(a.mode, a.heroes)
        rollout = Rollout.fast if a.agent == "ismcts" else None
        spec = build_agent(a.agent, a.iterations, rollout, a.agent_set)
    except LabError as exc:  # a bad mode, hero or agent setting: one line, nothing played
        raise SystemExit(f"error: {exc}") from None
    done = set()
    if a.out.exists():
        done = {json.loads(line)["index"] for line in a.out.read_text().splitlines() if line.strip()}
    todo = [(i, game_seed(a.seed, i)) for i in range(a.first, a.last) if i not in done]
    keys = ("index", "seed", "result", "reason", "rounds", "decisions", "cpu")
    with a.out.open("a") as f:
        for rows in _local(config.model_dump_json(), spec, chunks(todo, a.jobs, most=1), a.jobs):
            for row in rows:
                f.write(json.dumps(dict(zip(keys, row, strict=True))) + "\n")
                f.flush()


if __name__ == "__main__":
    main()
