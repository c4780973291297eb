"""`multiverse play` in a real pseudo-terminal of 80x24 (issue 21): rich reads the size from
the terminal itself; every line fits 80 columns, and before each prompt the newest
narration line, the status, the prompt and the options fit the 24 rows."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[2] / "src")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


def _read_until(fd: int, buf: bytearray, done, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not done(buf) and time.monotonic() < end:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # the child closed the terminal
            return
        if not chunk:
            return
        buf.extend(chunk)


def play_in_pty(args: list[str], words: list[str], tmp_path: Path) -> list[str]:
    """The screen lines of a game played in an 80x24 pseudo-terminal, typing `words`."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(PYTHONPATH=SRC, MULTIVERSE_PURE="1", NO_COLOR="1", TERM="xterm",
               XDG_DATA_HOME=str(tmp_path), MULTIVERSE_DB=str(tmp_path / "pty.db"))
    proc = subprocess.Popen([sys.executable, "-c", "from multiverse.cli.main import run; run()",
                             *args], stdin=slave, stdout=slave, stderr=slave, env=env,
                            close_fds=True)
    os.close(slave)
    buf = bytearray()
    try:
        for word in words:
            seen = buf.count(b"> ")
            _read_until(master, buf, lambda b, n=seen: b.count(b"> ") > n)
            os.write(master, word.encode() + b"\n")
        _read_until(master, buf, lambda b: False, timeout=20.0)
    finally:
        proc.wait(timeout=30)
        os.close(master)
    text = ANSI.sub("", buf.decode("utf-8", "replace")).replace("\r\n", "\n").replace("\r", "")
    return text.split("\n")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a Linux pseudo-terminal")
def test_a_game_in_an_80x24_terminal_fits_it(tmp_path):
    lines = play_in_pty(["play", "dofp", "--heroes", "logan,kitty-pryde", "--seed", "5"],
                        ["1", "1", "2", "3", "quit"], tmp_path)
    assert max(len(x) for x in lines) <= 80
    prompts = [i for i, x in enumerate(lines) if x.startswith("> ")]
    assert len(prompts) == 5
    # after the first decision: Logan's narration line, the status line, the decision
    for p in prompts[1:4]:
        header = max(i for i in range(p) if lines[i].startswith("Decision "))
        assert p - header + 3 <= 24  # the narration line and the status line above it
        assert not lines[header - 2].startswith(("Round ", "Decision ", "   "))  # narration
    assert lines[prompts[3] - 2] == "   3. fa Fill an Attack on Pattern Recognition Hub (symbol)"
