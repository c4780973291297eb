"""The terminal table: the board at the start of a turn, a status line between, `?N`, `log`,
options picked by id or by the start of their label in any case, hashes only with --debug."""

from __future__ import annotations

from cli_support import headers, run

from multiverse.store.games import GameStore

# seed 5, Logan and Kitty Pryde: Logan's first decision is which card to play; card:7 is
# "Through the Plating", card:6 "Last Stand in the Rubble" (the first option)
GAME = ("play", "dofp", "--heroes", "logan,kitty-pryde", "--seed", 5)


def choices(db) -> list[str]:
    with GameStore(db) as store:
        return store.get(1).choices  # type: ignore[union-attr]


def test_board_at_the_turn_start_then_a_status_line(db):
    result = run(*GAME, "--db", db, input="1\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("Days of Future Past · round") == 1  # only the turn's start
    # before the second decision of the same turn (two heroes: Sentinels I and II)
    assert "Logan plays Last Stand in the Rubble\nRound 1 · track 0/15 · Sentinel I 4♥ · " \
           "Sentinel II 4♥ · Logan: 3 cards in hand\nDecision 2 · seat 0 (Logan)\n" in out
    assert "state " not in out  # no hash by default


def test_debug_shows_the_hashes(db):
    result = run(*GAME, "--debug", "--db", db, input="quit\n")
    (number, seat, digest), = headers(result.stdout)
    assert (number, seat, len(digest)) == (1, 0, 32)


def test_options_by_id_in_any_case_or_by_a_unique_start(db):
    result = run(*GAME, "--db", db, input="CARD:7\nquit\n")
    assert choices(db) == ["card:7"]
    result = run(*GAME, "--db", db, input="through the pl\nquit\n")
    assert result.exit_code == 0
    with GameStore(db) as store:
        assert store.get(2).choices == ["card:7"]  # type: ignore[union-attr]


def test_an_ambiguous_start_is_not_an_option(db):
    result = run(*GAME, "--db", db, input="l\nquit\n")  # Last Stand…, Limp Into the Fight
    assert "'l' is not an option" in result.stdout
    assert choices(db) == []


def test_question_mark_explains_an_option_and_log_scrolls_back(db):
    result = run(*GAME, "--db", db, input="?2\n?9\nlog 3\nquit\n")
    out = result.stdout
    assert ("2. Through the Plating [no symbols + Special Effect: deal 2 damage to enemies in "
            "your Location] — Logan's hero card Choosing it plays this card from your hand") \
        in " ".join(out.split())  # in words, never its data
    assert "card:7" not in out
    assert "'?9': type ? and an option's number, from 1 to 4." in out
    assert "The last 3 lines of narration:\n  Days of Future Past: Logan, Kitty Pryde against " \
           "the Sentinels (seed 5)\n  — Logan's turn (round 1) —\n  Logan draws 1\n" in out
    assert choices(db) == []  # none of these words is a choice
