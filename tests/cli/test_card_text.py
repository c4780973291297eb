"""Card text in the terminal: hands and options say what each card does, `card NAME`
prints a card's full text (any case, a unique start of its name), Sentinels powers and
targets are named with their text, amount and damage type."""

from __future__ import annotations

from cli_support import flat, run

from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.game import new_game
from multiverse.store.games import GameStore
from multiverse.united.cardtext import card_label
from multiverse.united.tables import compile_effects

GAME = ("play", "dofp", "--heroes", "logan,kitty-pryde", "--seed", 5)
SENTINELS = ("play", "sentinels", "--heroes", "3", "--seed", 1)


def test_a_hero_card_shows_its_symbols_and_special_effect():
    from multiverse.content.schema import Effect

    fx = compile_effects([Effect(verb="deal_damage", amount=2), Effect(verb="draw", amount=1)])
    assert card_label("Through the Plating", (0, 0, 0, 0), fx) == (
        "Through the Plating [no symbols + Special Effect: deal 2 damage to enemies in your "
        "Location; draw 1 card]")
    assert card_label("Old Instincts", (0, 0, 0, 1), ()) == "Old Instincts [Wild]"


def test_the_play_options_and_the_hand_show_card_text(db):
    out = run(*GAME, "--db", db, input="quit\n").stdout
    assert ("   2. Through the Plating [no symbols + Special Effect: deal 2 damage to enemies"
            "\n      in your Location]\n") in out  # wrapped at a word, under its label
    assert "Logan's hand:\n  Last Stand in the Rubble [Attack Attack Heroic] " in out


def test_card_prints_the_full_text_by_a_unique_start_in_any_case(db):
    result = run(*GAME, "--db", db, input="card THROUGH the\ncard gene-scan\ncard s\n"
                 "card nothing-like-it\ncard\nquit\n")
    out = flat(result.stdout)
    assert ("Through the Plating [no symbols + Special Effect: deal 2 damage to enemies in "
            "your Location] — Logan's hero card ") in out
    assert ("Gene-Scan Checkpoint — Threat: cleared by Move Attack Heroic; +1 damage to each "
            "hero damaged in its Location; Mutant Detection; when cleared: lower the track "
            "by 1 ") in out
    assert "'s' could be: Scavenged Scrap Armory, Scent of the Hunt, " in out
    assert "No card named 'nothing-like-it' in this game" in out
    assert "Type card and the start of a card's name (e.g. `card slow`)." in out
    with GameStore(db) as store:
        assert store.get(1).choices == []  # type: ignore[union-attr]  # no word was a choice


def test_sentinels_options_name_cards_powers_and_damage():
    s = new_game(SentinelsConfig(heroes=("luminary", "the-harpy", "akash-thriya")), seed=1)
    s.apply("card:" + str(s.decision().options[0].data["card"]))  # the villain's setup search
    play = {o.id: o.label for o in s.decision().options}
    assert "Photon Ray (one-shot): Luminary deals 1 non-hero target 3 energy damage." in play.values()
    s.apply("skip")
    power = s.decision()
    assert power.options[0].label == ("Calibrated Beam (Luminary): Luminary deals 1 non-hero "
                                      "target 2 energy damage.")
    s.log = []
    s.apply(power.options[0].id)
    assert s.decision().prompt == "Luminary: deal 2 energy damage — choose a target"
    assert next(e.text for e in s.log) == "Luminary uses Calibrated Beam (Luminary)"


def test_sentinels_card_command(db):
    out = run(*SENTINELS, "--db", db, input="card photon\nquit\n").stdout
    assert "Photon Ray (one-shot): Luminary deals 1 non-hero target 3 energy damage.\n" in out


def test_incapacitated_abilities_and_objectives_carry_their_text():
    from multiverse.sentinels.cardtext import ability_label, card_texts

    s = new_game(SentinelsConfig(heroes=("luminary", "the-harpy", "akash-thriya")), seed=1)
    t = s.T
    akash = t.character[2]
    assert ability_label(t, akash, 0) == "Wild Growth: Play the top card of the environment deck."
    assert card_texts(t)["Akash'Thriya"].endswith(
        "| incapacitated: Wild Growth: Play the top card of the environment deck.; Nature's "
        "Balm: One hero target regains 2 HP.; Whispering Roots: One hero may draw a card.")


def test_master_plan_moves_read_in_words():
    """MU-11: every written-out move is named as the card says it (no internal code)."""
    from multiverse import modes
    from multiverse.united.cardtext import move_text
    from multiverse.united.tables import compile_move

    mode = modes.get("standard")
    t = mode.new_game(mode.make_config("2"), seed=1).T
    assert move_text(t, compile_move(2, {})) == "move 2 clockwise"
    assert move_text(t, compile_move(0, {})) == "no move"
    assert move_text(t, ("steps", -1, "")) == "move 1 counterclockwise"
    assert move_text(t, ("toward", 0, "most_civilians")) == \
        "move to the Location with the most Civilians"
    assert move_text(t, ("to", 3, "any-id")) == f"move to {t.loc_name[3]}"
