"""Wilson intervals and summaries against known numbers."""

from __future__ import annotations

import pytest

from multiverse.lab.stats import summarize, wilson
from multiverse.lab.sweep import SweepError, grid, numeric_fields, parse_param


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    (50, 100, 0.4038, 0.5962),
    (0, 10, 0.0, 0.2775),
    (10, 10, 0.7225, 1.0),
    (1, 10, 0.0179, 0.4042),
    (81, 263, 0.2553, 0.3662),
])
def test_wilson_interval_known_values(wins, games, low, high):
    lo, hi = wilson(wins, games)
    assert lo == pytest.approx(low, abs=5e-5) and hi == pytest.approx(high, abs=5e-5)


def test_wilson_without_games_is_the_whole_range():
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_counts_reasons_and_rounds():
    rows = [{"result": "win", "reason": "Nimrod was defeated", "rounds": 7, "decisions": 90},
            {"result": "loss", "reason": "track", "rounds": 4, "decisions": 50},
            {"result": "loss", "reason": "track", "rounds": 5, "decisions": 60},
            {"result": "loss", "reason": "eliminated", "rounds": 9, "decisions": 100}]
    s = summarize(rows)
    assert s["games"] == 4 and s["wins"] == 1 and s["win_rate"] == 0.25
    assert s["loss_reasons"] == {"track": 2, "eliminated": 1}
    assert s["mean_rounds"] == 6.25
    assert s["rounds"]["min"] == 4 and s["rounds"]["max"] == 9 and s["rounds"]["median"] == 6.0
    assert s["rounds"]["histogram"] == {"4": 1, "5": 1, "7": 1, "9": 1}
    assert s["ci95"] == list(wilson(1, 4))


def test_sweep_params():
    assert parse_param("sentinel_health=3..7") == ("sentinel_health", [3, 4, 5, 6, 7])
    assert parse_param("track_max=10..16:3") == ("track_max", [10, 13, 16])
    assert parse_param("cadence=2,4") == ("cadence", [2, 4])
    assert {"sentinel_health", "nimrod_health", "track_max", "cadence", "first_draw"} <= set(numeric_fields())
    assert "solo" not in numeric_fields() and "heroes" not in numeric_fields()
    names, points = grid(["sentinel_health=3..4", "track_max=10,12"])
    assert names == ["sentinel_health", "track_max"]
    assert points == [{"sentinel_health": 3, "track_max": 10}, {"sentinel_health": 3, "track_max": 12},
                      {"sentinel_health": 4, "track_max": 10}, {"sentinel_health": 4, "track_max": 12}]
    for bad in ("solo=1..2", "sentinel_health", "sentinel_health=7..3", "sentinel_health=a..b",
                "nonsense=1..3"):
        with pytest.raises(SweepError):
            parse_param(bad)
