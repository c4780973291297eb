"""CI's check that the build compiled every hot module (`multiverse.compiled.HOT`):

    python tools/check_compiled.py

A module Cython cannot compile leaves its source in place, and then every hot module runs
as source (they share extension types): every test still passes, only slower. Where a C
compiler is at hand, as in CI, that is a failure: this exits 1 naming the modules left as
source (missing, or older than their source), 0 when all are built."""

from __future__ import annotations

import os
import sys

import multiverse
from multiverse.compiled import HOT, unbuilt


def main() -> int:
    if len(sys.argv) != 1:
        print("error: usage: python tools/check_compiled.py", file=sys.stderr)
        return 2
    left = unbuilt(os.path.dirname(os.path.abspath(multiverse.__file__)), HOT)
    if left:
        print(f"error: the build left {len(left)} of {len(HOT)} hot modules as source "
              f"(see setup.py's output): {', '.join(left)}", file=sys.stderr)
        return 1
    print(f"compiled: all {len(HOT)} hot modules")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
