"""`multiverse bench`: every mode, Sentinels of the Multiverse included, in one run."""

from __future__ import annotations

import json

import pytest

import multiverse.bench as bench
from multiverse import modes
from multiverse.bench import CONFIG, bench_configs, engine, measure, measure_ismcts, playout_loop

SENTINELS_CONFIG = modes.get("sentinels").make_config("luminary,the-harpy,lifeline")


def test_engine_plays_the_mode_of_the_configuration_through_the_registry():
    for config in (CONFIG, SENTINELS_CONFIG):
        new, to_json, from_json = engine(config)
        s = new(config, seed=5)
        assert type(s) is modes.of_config(config).state_class
        assert from_json(to_json(s)) == s
        assert s == modes.of_config(config).new_game(config, 5)


def test_bench_measures_every_registered_mode_with_three_heroes():
    configs = bench_configs()
    assert list(configs) == modes.names()
    assert all(len(c.heroes) == 3 and c.mode == name for name, c in configs.items())


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
    monkeypatch.setattr(bench, "openspiel_peers", lambda games: None)
    assert bench.main(json_out=True, games=2, repetitions=1) == 0
    doc = json.loads(capsys.readouterr().out)
    assert set(doc["modes"]) == {"dofp", "standard", "sentinels", "oblivaeon"}
    assert doc["modes"]["sentinels"]["ismcts_iterations_per_s"] == 1.0
    rounds = doc["modes"]["sentinels"]["ismcts_iterations_per_s_rounds"]  # timed for real
    assert rounds > 1.0
    assert [b["measured"] for b in doc["bars"] if b["mode"] == "sentinels"
            and b["figure"] == "ISMCTS iterations / s"] == [round(rounds, 3)]
    assert doc["modes"]["sentinels"]["games_per_s_playout_loop"] > 0
    assert bench.main(json_out=False, games=2, repetitions=1) == 0
    assert "sentinels" in capsys.readouterr().out


def test_the_missing_openspiel_note_names_the_extra(monkeypatch, capsys):
    monkeypatch.setattr(bench, "measure_ismcts", lambda config, repetitions: {})
    monkeypatch.setattr(bench, "openspiel_peers", lambda games: None)
    assert bench.main(json_out=False, games=1, repetitions=1) == 0
    assert "pip install 'multiverse[bench]'" in capsys.readouterr().out


def test_timed_rounds_time_every_loop_once_per_round_after_one_warm_up():
    calls = {"a": 0, "b": 0}

    def loop(name: str, steps: int):
        def run() -> int:
            calls[name] += 1
            return steps
        return run

    us, secs = bench.timed_rounds({"a": loop("a", 10), "b": loop("b", 5)}, repetitions=3)
    assert calls == {"a": 4, "b": 4}  # a warm-up, then one run per round
    assert all(len(v) == 3 for v in (*us.values(), *secs.values()))
    # µs per step is each round's seconds over the steps the loop took
    assert us["a"][0] == pytest.approx(secs["a"][0] / 10 * 1e6)


def test_a_ratio_is_the_median_of_the_ratios_of_each_round():
    assert bench.round_ratio([2.0, 4.0, 6.0], [1.0, 1.0, 3.0]) == 2.0  # rounds: 2, 4, 2
    with pytest.raises(ValueError):
        bench.round_ratio([1.0], [1.0, 2.0])  # rounds are paired one to one


def test_every_mode_has_a_ratio_to_every_openspiel_game_of_the_same_rounds(monkeypatch, capsys):
    pytest.importorskip("pyspiel")
    monkeypatch.setattr(bench, "measure_ismcts", lambda config, repetitions: {})
    doc = bench.measure_all(games=1, repetitions=1)
    assert set(doc["ratio_vs_openspiel"]) == {"dofp", "standard", "sentinels", "oblivaeon"}
    for mode, ratios in doc["ratio_vs_openspiel"].items():
        assert set(ratios) == {label for label, _name in bench.SPIEL_GAMES}
        for label, ratio in ratios.items():  # one round: exactly ours ÷ theirs
            assert ratio == pytest.approx(doc["modes"][mode]["us_per_step_playout_loop"]
                                          / doc["openspiel"][label]["us_per_step"])


def test_too_few_games_is_one_error_line(capsys):
    assert bench.main(games=0) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["error: --games must be at least 1"]


def test_the_issue_bars_say_what_was_measured_and_whether_it_is_met():
    modes = {"dofp": {"us_per_clone": 1.5, "ismcts_iterations_per_s": 19_000.0},
             "sentinels": {"us_per_clone": 6.0}, "oblivaeon": {"ismcts_iterations_per_s": 10_300.0}}
    ratios = {"dofp": {"python_tic_tac_toe": 0.2}, "sentinels": {"python_tic_tac_toe": 0.41}}
    got = {(b["figure"], b["mode"]): (b["bar"], b["measured"], b["met"]) for b in bench.bars(modes, ratios)}
    assert got == {
        ("step ÷ python_tic_tac_toe step", "dofp"): ("≤ 0.25", 0.2, True),
        ("step ÷ python_tic_tac_toe step", "sentinels"): ("≤ 0.4", 0.41, False),
        ("µs / clone", "dofp"): ("≤ 2", 1.5, True),
        ("µs / clone", "sentinels"): ("≤ 5", 6.0, False),
        ("ISMCTS iterations / s", "dofp"): ("≥ 20000", 19_000.0, False),
        ("ISMCTS iterations / s", "oblivaeon"): ("≥ 10200", 10_300.0, True),
    }


def test_the_search_bar_reads_the_speed_timed_in_the_shared_rounds():
    """A run with both figures (measure_all) is judged on the rounds' median: spread over the
    run, a slow stretch of a shared machine weighs on one round, not on the whole figure."""
    modes = {"dofp": {"us_per_clone": 1.5, "ismcts_iterations_per_s": 11_000.0,
                      "ismcts_iterations_per_s_rounds": 21_000.0},
             "sentinels": {"us_per_clone": 4.0, "ismcts_iterations_per_s": 18_000.0,
                           "ismcts_iterations_per_s_rounds": 12_000.0}}
    got = {(b["figure"], b["mode"]): (b["measured"], b["met"]) for b in bench.bars(modes, {})}
    assert got == {("µs / clone", "dofp"): (1.5, True), ("µs / clone", "sentinels"): (4.0, True),
                   ("ISMCTS iterations / s", "dofp"): (21_000.0, True),
                   ("ISMCTS iterations / s", "sentinels"): (12_000.0, False)}
