"""The table a player can read, in the terminal (issue 21): `card NAME` finds every card and
component of every mode, `help` starts with the goal, `?N` tells an option in words, the
board is compact between decisions (whole on `board`), fixed actions keep their keys and
numbers, `log` after `undo` shows only what is still true, tables fit 80 columns, the
counters that can end the game are drawn in the threats' words, heroes by their names."""

from __future__ import annotations

import io
from typing import Any

import pytest
from cli_support import flat, run
from rich.console import Console
from rich.table import Table

from multiverse import modes
from multiverse.cli.cards import close_names, find_card
from multiverse.cli.screen import Numbering, compact_board, is_key, option_key, option_lines, who_where
from multiverse.cli.tables import cells, print_table
from multiverse.engine.decision import Decision, Option
from multiverse.store.games import GameStore

DOFP = ("play", "dofp", "--heroes", "logan,kitty-pryde", "--seed", 5)  # Logan: Last Stand first


def game(mode: str, **options: Any):
    m = modes.get(mode)
    return m, m.new_game(m.make_config(None, options), 1)


def texts(mode: str, **options: Any) -> dict[str, str]:
    m, s = game(mode, **options)
    return m.card_texts(s)


def choices(db) -> list[str]:
    with GameStore(db) as store:
        return store.get(1).choices  # type: ignore[union-attr]


# ----- 1. card NAME ---------------------------------------------------------------------
@pytest.mark.parametrize(("mode", "options", "typed", "found", "says"), [
    ("standard", {}, "magis", "The Magistrate", "Villainous Plot: Martial Law"),  # MU-3
    ("standard", {}, "GAVEL", "Gavel Falls", "Master Plan card"),
    ("standard", {}, "riot", "Riot Enforcers", "Henchman Riot Enforcer Captain, 3 Health"),
    ("standard", {}, "rescue civ", "Rescue Civilians", "Mission: complete it at 6"),  # MU-9
    ("standard", {"challenge": "sentinel-ii"}, "sentinel ii", "Sentinel II",
     "Sentinel Challenge card (DFP-C1): Health 6"),
    ("dofp", {}, "nimrod", "Nimrod", "Health 10 (for 3 heroes)"),
    ("dofp", {}, "sentinel i", "Sentinel I", "Activation Protocol: After a hero's turn"),
    ("dofp", {}, "burned", "The Burned Mansion", "Location, 4 slots"),
    ("dofp", {}, "slow", "Slow Mend", "Logan's hero card"),
    ("dofp", {}, "logan", "Logan", "Logan — hero: a deck of 12 hero cards"),  # MU-4
    ("sentinels", {}, "warden", "The Warden of Rust",
     "At 0 HP it flips to face 2, The Corroded Warden: When the Warden flips to this side: "
     "restore it to 25 HP"),  # SOTM-18
    ("oblivaeon", {}, "inevitable", "Inevitable Destruction",
     "When Devastation rises to 7, to 14 and to 21"),  # OBL-ID1
    ("oblivaeon", {}, "oblivaeon", "OblivAeon", "OblivAeon, the Unbound: Form 2."),  # Booklet
    ("oblivaeon", {}, "sanction", "Sanction", "(character, HP 22; scion)"),  # a Scion panel
    ("oblivaeon", {}, "veil", "Veil of the Unmade", "Bring Forth: Sanction"),  # a Shield
    ("oblivaeon", {}, "oblivaeon, the end", "OblivAeon, the End of All", "Form 3."),  # a form
    ("sentinels", {}, "corroded", "The Corroded Warden", "restore it to 25 HP"),  # a face
    ("oblivaeon", {}, "rogue", "Rogue Aeon Engine", "mission"),  # a Mission
    ("oblivaeon", {}, "countdown", "Countdown", "The Countdown reaches 3"),
])
def test_card_finds_every_card_and_component(mode, options, typed, found, says):
    all_texts = texts(mode, **options)
    name, many = find_card(all_texts, typed)
    assert (name, many) == (found, [])
    assert says in all_texts[name]


def test_the_villain_character_card_has_its_whole_text():
    """SOTM-18: the setup, both faces and how it is defeated, not only its name and HP."""
    text = texts("sentinels")["The Warden of Rust"]
    assert text.startswith("The Warden of Rust (villain character card, HP 45): ")
    assert "Setup: search the villain deck and trash for a minion and put it into play" in text
    assert text.endswith("At 0 HP on its last face it is defeated and the heroes win (2 faces).")


def test_an_ambiguous_start_lists_the_cards_and_a_typo_is_told_close_names(db):
    all_texts = texts("standard")
    assert find_card(all_texts, "sh")[1] == ["Shelter the Crowd", "Shifting Front", "Show Trial",
                                             "Shuttered Counting House"]
    assert close_names(all_texts, "magistrte") == ["The Magistrate"]
    out = flat(run("play", "standard", "--seed", 1, "--db", db,
                   input="card sh\ncard magistrte\nquit\n").stdout)
    assert "'sh' could be: Shelter the Crowd, Shifting Front, Show Trial, Shuttered" in out
    assert "No card named 'magistrte' in this game; did you mean The Magistrate?" in out


# ----- 2. help --------------------------------------------------------------------------
@pytest.mark.parametrize("mode", ["dofp", "standard", "sentinels", "oblivaeon"])
def test_help_starts_with_the_goal(mode, db):
    m, s = game(mode)
    out = flat(run("play", mode, "--seed", 1, "--db", db, input="help\nquit\n").stdout)
    assert f"> help {m.goal(s)} Type an option's number or its key" in out


# ----- 3. ?N ----------------------------------------------------------------------------
def test_question_mark_tells_the_option_in_words_with_its_card_text(db):
    out = run(*DOFP, "--db", db, input="1\n?5\n?1\nquit\n").stdout
    assert "5. End actions (key e)\n   Choosing it passes: end actions.\n" in out
    assert ("1. Attack a Thug (symbol) (key at)\n   Choosing it takes this action now, paid "
            "with one of this turn's symbols") in out
    assert "{" not in out and "id attack" not in out  # never the raw data


# ----- 4. the board: compact between decisions, whole on `board` ------------------------
def test_a_turn_starts_with_the_compact_board_and_board_draws_it_whole(db):
    out = run(*DOFP, "--db", db, input="1\ne\nboard\nquit\n").stdout
    turn = out.split("— Kitty Pryde's turn (round 1) —\n", 1)[1]
    compact = turn.split("Decision 3 ", 1)[0]
    assert "At 0 Barbed-Wire Internment Yard: Logan, Kitty Pryde · at 3 Scavenged Scrap" in compact
    assert "╭" not in compact  # no ring drawn between decisions
    after = turn.split("> board\n", 1)[1]
    assert after.startswith("Days of Future Past · round 1 · turn 2")  # the whole board


# ----- 5. keys and numbers that do not shift -------------------------------------------
def test_fixed_actions_keep_their_keys_and_numbers_inside_the_action_phase(db):
    """Typed ahead: 1 (Last Stand), 1 (Attack a Thug), 2 (Rescue), 3 (Fill an Attack): the
    numbers stay the actions' own while the others go."""
    out = run(*DOFP, "--db", db, input="1\n1\n2\n3\nquit\n").stdout
    assert choices(db) == ["card:6", "attack:thug", "rescue", "fill:attack"]
    assert "   3. fa Fill an Attack on Pattern Recognition Hub (symbol)\n   5. e  End actions" in out


def test_a_key_picks_its_action_and_a_key_not_offered_picks_nothing(db):
    out = run(*DOFP, "--db", db, input="e\n1\nr\nquit\n").stdout
    assert "'e' is not an option" in out  # End is not offered when a card is to be played
    assert choices(db) == ["card:6", "rescue"]


def test_keys_come_from_the_ids_and_numbers_keep_through_a_phase():
    assert [option_key(x) for x in ("end", "effect", "rescue", "move:3", "move:3/token",
                                    "attack:sentinel:1", "attack:thug", "fill:heroic",
                                    "skip", "card:7")] == \
        ["e", "s", "r", "m3", "m3t", "a2", "at", "fh", "x", None]
    assert [is_key(w) for w in ("e", "m3", "a1", "fh", "x", "fill", "move", "skip")] == \
        [True] * 5 + [False] * 3  # a word is read as the start of a label unless key-shaped
    numbering = Numbering()
    first = Decision(0, "resolve_actions", "p", (Option("move:1", "a"), Option("rescue", "b"),
                                                 Option("end", "c")))
    assert numbering.numbers(first) == {"move:1": 1, "rescue": 2, "end": 3}
    later = Decision(0, "resolve_actions", "p", (Option("rescue", "b"), Option("move:2", "d"),
                                                 Option("end", "c")))
    assert numbering.numbers(later) == {"rescue": 2, "end": 3, "move:2": 4}
    numbering.new_turn()
    assert numbering.numbers(later) == {"rescue": 1, "move:2": 2, "end": 3}


def test_options_that_do_not_fit_are_shortened_at_a_word_then_put_in_columns():
    d = Decision(0, "select", "p", tuple(Option(f"card:{i}", f"Card number {i} with a long "
                                                f"text that goes on and on past the edge")
                                         for i in range(1, 31)))
    numbers = {o.id: i for i, o in enumerate(d.options, 1)}
    lines = option_lines(d, numbers, {}, 80, 18)
    assert len(lines) <= 18 and max(len(x) for x in lines) <= 80
    assert lines[0] == ("   1. Card number 1 with a long text…      "
                        "16. Card number 16 with a long text…")  # 30 options, 2 columns
    assert lines[-1] == "  (an option ending in … is longer: ?N shows option N whole)"



def test_a_small_budget_never_shrinks_an_option_to_its_number():
    """With 4 lines left for 16 options, 3 columns of at least 24 characters take 6 lines
    rather than 4 columns of numbers ("5.…")."""
    d = Decision(0, "select", "p", tuple(Option(f"card:{i}", f"Card number {i} with a long "
                                                f"text") for i in range(1, 17)))
    numbers = {o.id: i for i, o in enumerate(d.options, 1)}
    lines = option_lines(d, numbers, {}, 80, 4)
    assert len(lines) == 6 and max(len(x) for x in lines) <= 80
    assert lines[0] == ("   1. Card number 1…          7. Card number 7…         "
                        "13. Card number 13…")
    assert all(cell.strip() not in {f"{n}.…" for n in range(1, 17)}
               for x in lines for cell in x.split("  ") if cell.strip())

# ----- 6. log after undo ----------------------------------------------------------------
def test_log_after_undo_shows_only_what_is_still_true(db):
    out = run(*DOFP, "--db", db, input="1\nlog 3\nundo\nlog 50\nquit\n").stdout
    before, after = out.split("Undone: back 1 decision", 1)
    assert "  Logan plays Last Stand in the Rubble\n" in before
    log = after.split("The last ", 1)[1].split("Decision", 1)[0]
    assert "Logan plays" not in log and log.rstrip().endswith("Logan draws 1")


# ----- 7. tables at 80 columns ----------------------------------------------------------
def drawn(fn, *args: Any) -> str:
    console = Console(width=80, record=True, file=io.StringIO(), highlight=False)
    fn(*args, console) if fn is not print_table else print_table(console, *args)
    return console.export_text()


def whole(values: list[str], text: str) -> list[str]:
    """The words of `values` that do not read whole in `text`."""
    tokens = {w.strip(",;") for w in text.replace("│", " ").split()}
    return [w for v in values for w in v.split() if w.strip(",;") not in tokens]


def test_modes_fit_80_columns_without_cutting_a_value():
    from multiverse.cli.modes import show_modes

    text = drawn(lambda c: show_modes(False, c))
    assert max(len(x) for x in text.splitlines()) <= 80
    values = [m.description for m in modes.all_modes()]
    values += ["normal|moderate|hard|heroic", "sentinel-i|sentinel-ii|sentinel-iii",
               "--under-pressure-after"]
    assert whole(values, text) == []


@pytest.mark.parametrize("game_name", ["united", "sentinels"])
def test_content_show_fits_80_columns_without_cutting_a_value(game_name):
    from multiverse.cli.content import sentinels_tables, united_tables
    from multiverse.content.loader import load_content
    from multiverse.sentinels.content import load_sentinels_content

    tables = (united_tables(load_content()) if game_name == "united"
              else sentinels_tables(load_sentinels_content()))
    for table in tables:
        values = [v for row in cells(table) for v in row]
        text = drawn(print_table, table)
        assert max(len(x) for x in text.splitlines()) <= 80
        assert whole(values, text) == []


def test_games_list_fits_80_columns(db):
    assert run("play", "oblivaeon", "--heroes", "luminary,the-harpy,akash-thriya,la-comodora",
               "--auto", "--json", "--seed", 2, "--db", db).exit_code == 0
    out = run("games", "list", "--db", db).stdout
    assert max(len(x) for x in out.splitlines()) <= 80
    assert whole(["Luminary, The Harpy, Akash'Thriya, La Comodora"], out) == []  # by name


def test_a_wide_table_is_stacked_row_by_row():
    table = Table(title="bench")
    for col in ("measure", "median", "min … max", "note"):
        table.add_column(col)
    table.add_row("ISMCTS-iterations-per-second-(random-rollouts)", "12,345.00",
                  "12,000.00-…-13,000.00", "every-decision-of-every-seat-counted-once")
    text = drawn(print_table, table)
    assert text.splitlines() == ["bench", "• measure: ISMCTS-iterations-per-second-(random-rollouts)",
                                 "    median: 12,345.00", "    min … max: 12,000.00-…-13,000.00",
                                 "    note: every-decision-of-every-seat-counted-once"]


# ----- 8. the counters that can end the game, in the threats' words --------------------
def test_the_united_board_draws_the_track_in_the_threats_words():
    m, s = game("dofp")
    s.track = 3
    text = drawn(lambda c: c.print(m.render_board(s, 0)))
    assert "⚠ Nimrod Activation track 3 of 15 → GAME OVER" in text


def test_the_compact_board_draws_the_threats_and_works_without_them():
    m, s = game("dofp")
    s.track = 3

    class WithoutThreats:  # a mode whose view has no threats field
        def view(self, state, seat):
            return {k: v for k, v in m.view(state, seat).items() if k != "threats"}

        def status_line(self, state, seat):
            return m.status_line(state, seat)

    lines = compact_board(m, s, 0, 80)
    assert "⚠ Nimrod Activation track 3 of 15 → GAME OVER (at 5, the yellow band: Nimrod's" in lines
    assert not any("⚠" in x for x in compact_board(WithoutThreats(), s, 0, 80))  # nothing made up


def test_a_counter_on_a_card_reads_as_its_threat_and_the_countdown_as_its_own():
    from multiverse.sentinels.oblivaeon import render

    card = {"card": 7, "name": "Veil of the Unmade", "kind": "ongoing", "tokens": 1}
    on_card = {"name": "Veil", "value": 1, "limit": 2, "ends": "flips",
               "text": "Veil 1 of 2 → flips", "card": 7}
    line = render.card_lines(card, found=[on_card])[0].plain
    assert line.endswith("Veil 1 of 2 → flips") and "token" not in line
    assert render.card_lines(card)[0].plain.endswith("1 token")  # without threats: the count
    m, s = game("oblivaeon")
    text = drawn(lambda c: c.print(m.render_board(s, 0)))
    assert "│ Inevitable Destruction" in text
    assert "│   Countdown 5 → 3: play the top card of the Aeon Men deck; OblivAeon deals   │" in text
    assert "│   Devastation 0 → 7: OblivAeon destroys the environment of his battle zone   │" in text
    assert "Devastation 0/30" not in text  # the threats' words replace the bare numbers


def test_a_sentinels_card_with_a_counter_reads_as_its_threat():
    from multiverse.sentinels.render import card_line

    _, s = game("sentinels")
    c = s.T.villain_character
    s.tok[c] = 2
    card = {"card": c, "name": "Rust Hound", "kind": "target", "tokens": 2}
    assert card_line(s, card, s.T.villain).plain.endswith("  2 tokens")
    threat = "Rust Hound 2 of 3 → GAME OVER"
    assert card_line(s, card, s.T.villain, threat).plain.endswith(threat)


# ----- 9. hero names --------------------------------------------------------------------
def test_the_compact_board_names_heroes_not_ids():
    m, s = game("dofp")
    v = m.view(s, 0)
    line = who_where(v)
    assert "Logan, Kitty Pryde, Storm" in line and "kitty-pryde" not in line
    m, s = game("sentinels")
    board = " ".join(compact_board(m, s, 0, 80))
    assert "The Harpy" in board and "the-harpy" not in board


def test_replay_wraps_its_narration_at_words(db):
    """The narration of `replay` is wrapped at words to 80 columns, as in play."""
    from multiverse.store.replay import verify

    assert run("play", "sentinels", "--seed", 4, "--auto", "--json", "--db", db).exit_code == 0
    out = run("replay", 1, "--db", db).stdout
    assert max(len(x) for x in out.splitlines()) <= 80
    with GameStore(db) as store:
        rec = store.get(1)
    lines: list[str] = []
    verify(rec, log=True, on_step=lambda _p, _o, s: lines.extend(e.text for e in s.take_events()))
    assert any(len(x) > 80 for x in lines)  # some line had to be wrapped
    tokens = set(out.split())
    assert [w for x in lines for w in x.split() if w not in tokens] == []


@pytest.mark.parametrize("mode", ["dofp", "sentinels", "oblivaeon"])
def test_the_mode_hands_its_views_threats_to_its_board(mode, monkeypatch):
    """Wherever the field comes from (the mode's view or the game's), the board draws it:
    on its card, as its counter, or else in the villain's (OblivAeon's) panel."""
    m, s = game(mode)
    real = m.view
    threat = {"name": "Devastation", "value": 0, "limit": 7, "ends": "an environment is destroyed",
              "text": "Devastation 0 of 7 → an environment is destroyed", "card": None}
    monkeypatch.setattr(m, "view", lambda state, seat: {**real(state, seat), "threats": [threat]})
    text = flat(drawn(lambda c: c.print(m.render_board(s, 0))).replace("│", " "))
    assert "Devastation 0 of 7 → an environment" in text  # (panels side by side interleave)


def test_question_mark_on_one_of_six_things_names_what_is_offered_and_what_the_rest_need(db):
    """OBL-H2 … H7: `?N` at the six things says which are offered and what the others need."""
    out = flat(run("play", "oblivaeon", "--seed", 2, "--db", db, input="1\n?2\nquit\n").stdout)
    assert "2. Shuffle the Mission deck (key sh) Choosing it does this one of the six things" in out
    assert "Offered now: take on the top Mission; shuffle the Mission deck." in out
    assert ("Not offered: swap your objective for the top Mission (needs an objective of yours); "
            "trade objectives (needs another player in your zone, both with one);") in out


def test_a_villain_without_written_text_is_read_from_its_data():
    """SOTM-18: an owner's villain whose card text is not encoded is described from its
    data (HP, setup, triggers, the flip), never with invented card text."""
    import copy

    from multiverse.modes import get
    from multiverse.sentinels.character_text import villain_character_text

    m = get("sentinels")
    t = copy.copy(m.new_game(m.make_config(None), 1).T)
    v = t.content.villains[0]
    bare = v.model_copy(update={"text": "", "sides": [x.model_copy(update={"text": ""})
                                                      for x in v.sides]})
    t.content = t.content.model_copy(update={"villains": [bare, *t.content.villains[1:]]})
    text = villain_character_text(t)
    assert text is not None
    assert text.startswith("The Warden of Rust (villain character card, HP 45): at the start of "
                           "the villain turn: if 2 or more minion cards are in play: it regains 2 HP")
    assert "| Setup: search the villain deck and trash for a minion and put it into play |" in text
    assert ("At 0 HP it flips to face 2, The Corroded Warden: HP 25 (restored); when it flips "
            "here: destroy 1 hero ongoing card") in text
