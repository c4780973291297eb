"""`multiverse bench`: every mode, Sentinels of the Multiverse included, in one run."""

from __future__ import annotations

import json

import multiverse.bench as bench
from multiverse.bench import CONFIG, SENTINELS_CONFIG, engine, measure, measure_ismcts, playout_loop


def test_engine_picks_the_game_of_the_configuration():
    from multiverse.sentinels import game as sentinels
    from multiverse.united.dofp import game as united

    assert engine(SENTINELS_CONFIG) == (sentinels.new_game, sentinels.to_json, sentinels.from_json)
    assert engine(CONFIG) == (united.new_game, united.to_json, united.from_json)


def test_sentinels_mode_measures_decisions_clones_json_and_games():
    r = measure(games=2, repetitions=1, config=SENTINELS_CONFIG)
    assert r["mode"] == "sentinels" and r["heroes"] == ["luminary", "the-harpy", "lifeline"]
    for key in ("us_per_decision", "us_per_clone", "us_per_json_roundtrip", "games_per_s",
                "us_per_state_hash", "us_per_new_game"):
        assert r[key] > 0, key
    assert r["decisions"] > 0 and r["clone_sample_states"] > 0
    assert playout_loop(SENTINELS_CONFIG, 1, 1) > 0


def test_ismcts_figures_for_both_variants():
    r = measure_ismcts(CONFIG, repetitions=1, iterations=3)
    assert r["ismcts_iterations_per_s"] > 0 and r["ismcts_random_iterations_per_s"] > 0


def test_measure_all_has_the_three_modes(monkeypatch, capsys):
    monkeypatch.setattr(bench, "measure_ismcts", lambda config, repetitions: {
        "ismcts_iterations_per_s": 1.0, "ismcts_us_per_iteration": 1.0, "ismcts_random_iterations_per_s": 1.0,
        "ismcts_random_us_per_iteration": 1.0, "ismcts_states": 1, "ismcts_iterations": 1})
    monkeypatch.setattr(bench, "measure_openspiel", lambda games, repetitions: None)
    assert bench.main(json_out=True, games=2, repetitions=1) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc["modes"]) == {"dofp", "standard", "sentinels"}
    assert "ismcts_iterations_per_s" not in doc["modes"]["sentinels"]
    assert doc["modes"]["sentinels"]["games_per_s_playout_loop"] > 0
    assert bench.main(json_out=False, games=2, repetitions=1) == 0
    assert "sentinels" in capsys.readouterr().out
