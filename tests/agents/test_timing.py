"""`python -m multiverse.agents.timing`: ISMCTS's time per decision in any mode."""

from __future__ import annotations

import json

from multiverse.agents.timing import main, time_decisions


def test_time_decisions_plays_whole_games():
    r = time_decisions("dofp", 2, games=1, sets={"sentinel_health": 1, "track_max": 40})
    assert r["decisions"] > 10 and r["results"][0] in ("win", "loss")
    assert r["cpu_ms_per_decision"] > 0 and r["wall_ms_per_decision"] > 0


def test_the_command_prints_one_json_object(capsys):
    assert main(["sentinels", "--iterations", "1", "--games", "1", "--set", "hand_size=3"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["mode"] == "sentinels" and doc["iterations"] == 1 and doc["games"] == 1
    assert doc["results"][0] in ("win", "loss")
