"""Helpers: run the `multiverse` command in-process and read what it printed."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from multiverse.cli.main import app

HEADER = re.compile(r"^Decision (\d+) · seat (\d+) .*· state ([0-9a-f]{32})$", re.M)


def run(*args: object, input: str | None = None):
    return CliRunner().invoke(app, [str(a) for a in args], input=input)


def last_json(result) -> dict:
    assert result.exit_code == 0, result.output
    lines = [x for x in result.stdout.splitlines() if x.strip()]
    return json.loads(lines[-1])


def headers(output: str) -> list[tuple[int, int, str]]:
    """(decision number, seat, state hash) of every decision shown to a human."""
    return [(int(n), int(seat), h) for n, seat, h in HEADER.findall(output)]


def flat(output: str) -> str:
    """The output with every run of whitespace one space: a line wrapped at words to the
    terminal's width reads as one line again."""
    return " ".join(output.split())
