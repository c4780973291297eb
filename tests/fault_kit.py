"""Shared helpers of the fault tests (issue 22): another process holding a game's lock."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def holder(db, gid: int) -> subprocess.Popen:
    """Another process holding the lock of game `gid` until killed."""
    code = textwrap.dedent(f"""
        import sys
        from multiverse.store import GameStore
        lock = GameStore(sys.argv[1]).lock({gid})
        print("ready", flush=True)
        sys.stdin.read()
    """)
    child = subprocess.Popen([sys.executable, "-c", code, str(db)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline() == "ready\n"
    return child
