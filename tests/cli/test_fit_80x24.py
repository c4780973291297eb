"""The terminal fits an 80x24 terminal (issue 21), across a whole random game per mode:
before every decision the newest narration line, the prompt and the options are on one
screen of 24 lines, and no line of narration, option or `card` text is wider than 80
columns or breaks a word (every word of every narration line and card text asked for, and
every shown word of every option, reads whole in the transcript)."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

from multiverse.cli import play
from multiverse.cli.play import PlayArgs, Terminal, new_session, play_loop
from multiverse.cli.screen import MORE, option_key
from multiverse.store.games import GameStore

WIDTH, HEIGHT = 80, 24


class Screen:
    """A recording 80x24 console whose input picks a random option as numbered on the
    screen (now and then a word first: `?N`, `card …`, `log 3`)."""

    def __init__(self, seed: int) -> None:
        self.file = io.StringIO()
        self.console = Console(width=WIDTH, height=HEIGHT, file=self.file, color_system=None,
                               highlight=False, soft_wrap=True)
        self.console.input = self.input  # type: ignore[method-assign]
        self.rng = random.Random(seed)
        self.term = Terminal(self.console, quiet=False)
        self.mark = 0  # transcript lines when the newest narration line was printed
        self.worst = 0  # the most lines from the newest narration line to a prompt
        self.words: set[str] = set()  # every word of every option shown (and the narration)
        self.pending: list[str] = []
        self.texts: dict[str, str] = {}  # the game's card texts (`card NAME`)
        narrate = self.term.narrate

        def narrating(s: Any) -> None:
            before = len(self.term.history)
            narrate(s)
            if len(self.term.history) > before:
                self.mark = self.lines() - 1  # the newest narration line's own line
                for line in self.term.history[before:]:
                    self.words.update(line.split())
        self.term.narrate = narrating  # type: ignore[method-assign]
        self.cut: list[str] = []  # words of option blocks that no option has
        self.too_wide: list[str] = []

    def lines(self) -> int:
        return self.file.getvalue().count("\n")

    def input(self, prompt: str = "") -> str:
        if self.mark:
            self.worst = max(self.worst, self.lines() - self.mark + 1)  # with the `> ` line
        self.mark = 0  # a word's answer: the narration has scrolled on by choice
        if not self.pending:
            numbers = sorted(self.term.shown.values())
            if self.rng.random() < 0.02:
                self.pending.append(f"?{self.rng.choice(numbers)}")
            if self.texts and self.rng.random() < 0.02:  # a card's whole text, by its name
                name = self.rng.choice(sorted(self.texts))
                self.words.update(w for w in self.texts[name].split() if w != "|")
                self.pending.append(f"card {name}")
            self.pending.append(str(self.rng.choice(numbers)))
        word = self.pending.pop(0)
        self.console.print(prompt, end="")  # the loop echoes the word typed (not a tty)
        return word


def cut_words(d: Any, lines: list[str]) -> list[str]:
    """The words of an option block that are no word of its options: a word broken in two
    shows here (a word shortened at its end reads `word…`, a whole word)."""
    allowed = {f"{n}." for n in range(1, 200)} | set(MORE.split())
    for o in d.options:
        for w in o.label.split():
            allowed |= {w, w.rstrip(",;:") + "…"}
        allowed.add(option_key(o.id) or "")
    return [w for line in lines for w in line.split() if w not in allowed]


def play_game(mode: str, seed: int, tmp_path, monkeypatch) -> tuple[Screen, str]:
    screen = Screen(seed)
    shown = play.option_lines

    def checked(d: Any, *args: Any) -> list[str]:
        lines = shown(d, *args)
        screen.cut += cut_words(d, lines)
        screen.too_wide += [x for x in lines if len(x) > WIDTH]
        return lines
    monkeypatch.setattr(play, "option_lines", checked)
    with GameStore(tmp_path / f"{mode}.db") as store:
        sess = new_session(PlayArgs(mode=mode, seed=seed), store)
        screen.texts = sess.mode.card_texts(sess.state)
        assert play_loop(sess, screen.term, "…") == "over"
    return screen, screen.file.getvalue()


@pytest.mark.parametrize("mode", ["dofp", "standard", "sentinels", "oblivaeon"])
def test_a_whole_game_fits_80x24_and_breaks_no_word(mode: str, tmp_path, monkeypatch):
    screen, out = play_game(mode, 3, tmp_path, monkeypatch)
    assert screen.worst and screen.worst <= HEIGHT, screen.worst
    tokens = set(out.split())
    broken = sorted(w for w in screen.words if w not in tokens)
    assert broken == []  # the narration
    assert screen.cut == [] and screen.too_wide == []  # the options
    board = False
    for line in out.splitlines():  # the boards are drawn by rich within the width too
        board = board or line.startswith(("╭", "┏"))
        assert len(line) <= WIDTH, line
    assert board  # the whole board was drawn (at the start and at the end)
