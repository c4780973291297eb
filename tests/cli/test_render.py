"""The rich board: what one seat sees (its own hand only), the ring, the track, the Villains."""

from __future__ import annotations

import io

from rich.console import Console

from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import new_game
from multiverse.united.position import load_position
from multiverse.united.render import render_board, track_line


def draw(s, seat: int, width: int = 100) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(render_board(s, seat))
    return console.export_text()


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others():
    s = new_game(UnitedConfig(heroes=("logan", "storm")), 4)
    t = s.T
    text = draw(s, 0)
    assert "Logan's hand: " + t.card_name[s.hand[0][0]] in text
    assert "Storm's hand" not in text
    text1 = draw(s, 1)
    assert "Storm's hand: " + t.card_name[s.hand[1][0]] in text1
    assert "Logan's hand" not in text1
    for pos in range(6):
        assert f"{pos} {s.loc_name(pos)}"[:18] in text  # every Location of the ring
    assert "Sentinel I " in text and "Sentinel II " in text
    assert "Nimrod Activation [0]" in text


def test_solo_shows_every_hand_and_the_token_pile():
    s = new_game(UnitedConfig(solo=True), 2)
    text = draw(s, 0)
    for name in ("Logan", "Kitty Pryde", "Storm"):
        assert f"{name}'s hand: " in text
    assert f"Target token pile: {len(s.pile)} left" in text


def test_nimrod_ko_tokens_targets_and_storyline():
    s = load_position({
        "seed": 3, "heroes": [{"id": "logan", "tokens": {"heroic": 2}},
                              {"id": "storm", "ko": True}],
        "phase": "nimrod", "nimrod": {"location": 4, "health": 6}, "track": 12,
        "storyline": [{"hero": "logan", "card": "Rusted Claws"},
                      {"hero": "storm", "card": "Gale Force", "facedown": True}],
    })
    text = draw(s, 1)
    assert "NIMROD ♥6" in text
    assert "Nimrod  " in text and "defeated" in text  # Villains table
    table = text[text.index("Heroes (▶ active)"):].splitlines()
    rows = {name: next(line for line in table if f"{name} " in line) for name in ("Logan", "Storm")}
    assert "2 heroic" in rows["Logan"] and "KO" not in rows["Logan"] and "▶" in rows["Logan"]
    assert rows["Storm"].rstrip().endswith("KO") and "▶" not in rows["Storm"]
    assert "[12]" in text
    assert "Rusted Claws (Logan) → facedown (Storm)" in text


def test_the_track_shows_its_bands():
    line = track_line(6, 15, 5, 10)
    assert line.plain.startswith("Nimrod Activation  0  1  2  3  4 | 5 [6] 7")
    styles = {line.plain[span.start:span.end].strip(): str(span.style) for span in line.spans}
    assert "green" in styles["0"] and "yellow" in styles["7"] and "red" in styles["12"]
    assert "reverse" in styles["[6]"] and "bold red" in styles["15"]
