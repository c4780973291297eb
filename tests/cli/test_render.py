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
    assert "Logan's hand:\n  " + t.card_name[s.hand[0][0]] + " [" in text
    assert "Storm's hand" not in text
    text1 = draw(s, 1)
    assert "Storm's hand:\n  " + t.card_name[s.hand[1][0]] + " [" in text1
    assert "Logan's hand" not in text1
    for pos in range(6):
        assert s.loc_name(pos) in text  # every Location of the ring, whole at 100 columns
    assert "Sentinel I " in text and "Sentinel II " in text
    assert "Nimrod Activation [0]" in text


def test_solo_shows_every_hand_and_the_token_pile():
    s = new_game(UnitedConfig(solo=True), 2)
    text = draw(s, 0)
    for name in ("Logan", "Kitty Pryde", "Storm"):
        assert f"{name}'s hand:\n" in text
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


HELD = {
    "config": {"mode": "standard", "challenge": "sentinel-iii"},
    "seed": 3, "heroes": ["logan", "storm"],
    "villain": {"location": 4, "health": 7},
    "missions": {"rescued": 6, "thugs": 2, "threats": 1},
    "challenge": {"location": 2, "health": 5, "holding": "storm"},
    "locations": [
        {"id": "burned-mansion", "threat": "riot-enforcers", "henchman": 2},
        {"id": "flooded-tunnels", "threat": "propaganda-tower"},
        {"id": "sentinel-foundry", "threat": "checkpoint-gate"},
        {"id": "scrap-armory", "threat": "curfew-sirens"},
        {"id": "signal-relay", "threat": "tribunal-guard"},
        {"id": "resistance-camp", "threat": "detention-convoy"},
    ],
}


def test_a_standard_game_shows_the_villain_the_missions_and_the_held_hero():
    s = load_position(HELD)
    text = draw(s, 0, width=160)
    assert "Marvel United vs The Magistrate · round 1 · turn 1 · Logan's turn" in text
    assert "Sentinel III Challenge" in text
    assert "Days of Future Past" not in text and "Nimrod" not in text and "Sentinel I " not in text
    assert "THE MAGISTRATE ♥7" in text  # on the ring, at position 4
    assert "Martial Law [0] 1  2  3  4  5  6  7  8  9  10  11  12   lost at 12" in text
    assert "Missions 1/3: Rescue Civilians 6/6 ✓ · Defeat Thugs 2/6 · Clear Threats 1/3" in text
    assert "UNDER PRESSURE (at 1 Mission) · Villain can't be damaged yet (at 2)" in text
    assert "Master Plan every 2 Hero cards (0 since the last)" in text  # MU-14 under pressure
    assert "Henchman Riot Enforcer Captain ♥2/3" in text  # MU-19
    assert "Sentinel III ♥5 holding Storm" in text  # damageable: Under Pressure (DFP-C3)
    assert "Storm (held)" in text
    table = text[text.index("Villain and Challenge"):text.index("Heroes (▶ active)")]
    assert "The Magistrate" in table and "7/10" in table and "after 2 Missions" in table
    row = next(line for line in table.splitlines() if "Sentinel III (Challenge)" in line)
    assert "Jammed Signal Relay" not in row and "yes" in row and row.rstrip().endswith("Storm")
    heroes = text[text.index("Heroes (▶ active)"):].splitlines()
    storm = next(line for line in heroes if "Storm " in line)
    assert "held by Sentinel III" in storm and "Target" not in text


def test_before_under_pressure_the_challenge_sentinel_cannot_be_hurt():
    s = load_position({**HELD, "missions": {"rescued": 1}, "challenge": {"location": 2}})
    text = draw(s, 0, width=120)
    assert "Not Under Pressure (at 1 Mission)" in text
    assert "Sentinel III ♥6 (can't be hurt yet)" in text
    assert "Storm (held)" not in text and "Missions 0/3" in text
    row = next(line for line in text.splitlines() if "Sentinel III (Challenge)" in line)
    assert "Under Pressure" in row and row.rstrip().endswith("—")


def test_the_view_of_a_standard_game():
    from multiverse.united.view import view

    v = view(load_position(HELD), 1)
    assert (v["mode"], v["phase"], v["nimrod"]) == ("standard", "villain", None)
    assert v["villain"] == {"id": "magistrate", "name": "The Magistrate", "location": 4,
                            "health": 7, "max_health": 10, "vulnerable": False,
                            "text": "Original. BAM!: each hero in the Magistrate's Location takes 2 "
                                    "damage. Overflow: Martial Law +1. The heroes lose when Martial "
                                    "Law reaches 12."}
    assert v["plot"] == {"name": "Martial Law", "value": 0, "threshold": 12}
    assert [(m["progress"], m["threshold"], m["completed"]) for m in v["missions"]] == [
        (6, 6, True), (2, 6, False), (1, 3, False)]
    assert (v["missions_completed"], v["under_pressure"], v["villain_turn_every"]) == (1, True, 2)
    assert v["challenge"] == {
        "id": "sentinel-iii", "sentinel": "III", "name": "Sentinel III", "task": "grab",
        "location": 2, "health": 5, "defeated": False, "damageable": True,
        "holding": "storm", "holding_name": "Storm",
        "text": "Production symbol: grab a hero here (if already holding one, that hero takes 1 damage)."}
    assert [x["name"] for x in v["sentinels"]] == ["Sentinel III"]
    assert v["sentinels"][0]["text"] == v["challenge"]["text"]  # its Challenge card (DFP-C2)
    assert [h["held"] for h in v["heroes"]] == [False, True]
    assert v["locations"][0]["threat"]["henchman"] == {
        "name": "Riot Enforcer Captain", "health": 2, "max_health": 3}
    assert "henchman" not in v["locations"][1]["threat"]


def test_the_view_of_a_dofp_game_has_nimrod_as_its_villain_once_he_enters():
    from multiverse.united.view import view

    v = view(new_game(UnitedConfig(heroes=("logan", "storm")), 4), 0)
    assert (v["mode"], v["villain"], v["challenge"], v["villain_turn_every"]) == (
        "dofp", None, None, None)
    assert v["plot"] == {"name": "Nimrod Activation track", "value": 0, "threshold": 15}
    s = load_position({"seed": 3, "heroes": ["logan", "storm"], "phase": "nimrod",
                       "nimrod": {"location": 4, "health": 6}})
    v = view(s, 0)
    assert v["villain"]["name"] == "Nimrod" and v["villain"]["health"] == 6
    assert v["nimrod"]["text"].startswith("While Nimrod fights: a KO'd hero is eliminated")
    assert v["nimrod"] == {"location": 4, "health": 6, "text": v["nimrod"]["text"]}
    assert v["villain_turn_every"] == 2
