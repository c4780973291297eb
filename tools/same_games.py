"""The same-games check: random games of every mode, each decision's state hash, seat,
kind, prompt, option ids and labels folded into one digest per game. Run it before and
after a change that should not change the games (docs/performance.md, "same games"):

    python tools/same_games.py --games 40 > before.txt   # on the old commit
    python tools/same_games.py --games 40 > after.txt
    diff before.txt after.txt
"""

from __future__ import annotations

import argparse
import hashlib
import random

from multiverse import modes

CONFIGS = {
    "dofp": ["logan,kitty-pryde,storm", "logan,kitty-pryde"],
    "standard": [None],
    "sentinels": [None],
    "oblivaeon": [None],
}


def digest(mode_name: str, heroes: str | None, seed: int) -> str:
    mode = modes.get(mode_name)
    cfg = mode.make_config(heroes) if heroes else mode.make_config(None)
    s = mode.new_game(cfg, seed=seed, log=True)
    rnd = random.Random(seed)
    h = hashlib.sha256()
    n = 0
    while s.result is None and n < 3000:
        d = s.decision()
        if d is None:
            break
        h.update(f"{s.state_hash()}|{d.seat}|{d.kind}|{d.prompt}|".encode())
        h.update("|".join(f"{o.id}={o.label}" for o in d.options).encode())
        h.update("|".join(e.text for e in s.take_events()).encode())
        s.apply(rnd.choice(d.options).id)
        n += 1
    h.update(f"{s.result}|{s.state_hash()}".encode())
    return f"{mode_name} {heroes} {seed} {n} {s.result} {h.hexdigest()[:16]}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--modes", default=",".join(CONFIGS))
    a = ap.parse_args()
    for m in a.modes.split(","):
        for heroes in CONFIGS[m]:
            for seed in range(a.games):
                print(digest(m, heroes, seed), flush=True)


if __name__ == "__main__":
    main()
