"""Every mode states its goal in one sentence, read from the game (issue 21): `help` and
the page's goal panel start with it, and the view carries it."""

from __future__ import annotations

from multiverse.modes import get


def _game(mode: str, **sets: object):
    m = get(mode)
    return m, m.new_game(m.make_config(None, sets=dict(sets)), 1)


def test_dofp_goal_names_the_track_and_its_end() -> None:
    m, s = _game("dofp", track_max=11)
    assert m.goal(s) == ("Defeat the three Sentinels, then Nimrod, before the Nimrod "
                         "Activation track reaches 11, every hero is eliminated by Nimrod, "
                         "or a hero starts a turn with no cards.")
    assert m.view(s, 0)["goal"] == m.goal(s)


def test_standard_goal_names_the_villain_and_its_plot() -> None:
    m, s = _game("standard")
    t = s.T
    assert m.goal(s) == (f"Complete Missions until {t.villain_name} can be damaged, then "
                         "bring its Health to 0, before the Master Plan deck runs out, "
                         f"{t.track_name} reaches {t.track_max}, or a hero starts a turn "
                         "with no cards.")
    assert t.villain_name == "The Magistrate" and m.view(s, 1)["goal"] == m.goal(s)


def test_sentinels_goals_name_the_villain() -> None:
    m, s = _game("sentinels")
    assert m.goal(s).startswith(f"Defeat {s.T.owner_names[s.T.villain]} before every hero")
    m, s = _game("oblivaeon")
    assert m.goal(s).startswith("Defeat OblivAeon in all 3 of his forms")
    assert m.view(s, 0)["goal"] == m.goal(s)
