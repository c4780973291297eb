"""The OblivAeon mode through the registry: what every face gets (issue 10).

Registered and listed; `play oblivaeon --auto --json` to the end; a resume after an
interruption ends as the uninterrupted game; the view hides other hands and deck orders;
determinization keeps the seat's view (and the face-up Mission); the board fits 80 and 120
columns without cutting a name; damage narration names the zone; the RL adapters step it."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from multiverse import modes
from multiverse.cli.main import app
from multiverse.engine.rng import SplitMix64
from multiverse.sentinels.state import Z_DECK, Z_HAND
from multiverse.store.games import GameStore

KEYS = {"mode", "result", "reason", "rounds", "decisions", "final_hash", "seed", "environments",
        "shield"}
REASONS = {"the multiverse is destroyed", "every player is out of heroes", "OblivAeon is defeated"}
ENVS = ("sunken-foundry", "endless-wastes", "drowned-archive", "temple-of-ten-echoes",
        "shattered-observatory")

VOCABULARY_HEROES = {"the-crossroads", "the-quartermaster", "sentry-tide"}  # issue 19's



@pytest.fixture(autouse=True)
def _private_db(tmp_path, monkeypatch):
    monkeypatch.setenv("MULTIVERSE_DB", str(tmp_path / "env-games.db"))


def run(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def last_json(result) -> dict:
    assert result.exit_code == 0, result.output
    return json.loads([x for x in result.stdout.splitlines() if x.strip()][-1])


def mode():
    return modes.get("oblivaeon")


def played(seed: int, decisions: int, heroes: str = "3", log: bool = False):
    """A game after `decisions` random choices (or its end)."""
    m = mode()
    s = m.new_game(m.make_config(heroes), seed, log=log)
    rnd = random.Random(seed)
    for _ in range(decisions):
        d = s.decision()
        if d is None:
            break
        s.apply(rnd.choice(d.options).id)
    return s


def positions(seed: int, count: int, step: int = 37):
    """States every `step` random decisions of one game."""
    m = mode()
    s = m.new_game(m.make_config("4"), seed)
    rnd = random.Random(seed)
    out = []
    while (d := s.decision()) is not None and len(out) < count:
        if s.decisions % step == 0:
            out.append(s.clone())
        s.apply(rnd.choice(d.options).id)
    return out


# ----- the registry -------------------------------------------------------------------------
def test_the_mode_is_registered_and_listed():
    assert "oblivaeon" in modes.names()
    m = mode()
    assert m.family == "sentinels" and m.hero_counts == (3, 5)
    assert set(m.default_heroes) == set(m.hero_ids()) - {"the-lantern-watch", *VOCABULARY_HEROES}
    # (the five; the others are original heroes using the vocabulary: OBL-C24, issue 19)
    listed = json.loads(run("modes", "--json").stdout)
    ob = next(x for x in listed if x["name"] == "oblivaeon")
    assert [o["flag"] for o in ob["options"]] == ["--environments", "--shield", "--scion-order"]


def test_comma_lists_become_the_configuration_s_tuples():
    m = mode()
    c = m.make_config("luminary,the-harpy,lifeline",
                      {"environments": ",".join(ENVS), "shield": "Aegis of the Last Hour",
                       "scion_order": "Voidsoul, Progeny"})
    assert c.environments == ENVS and c.scion_order == ("Voidsoul", "Progeny")
    s = m.new_game(c, 1)
    t = s.T
    assert [t.env_ids[o - t.envs[0]] for z in (0, 1) for o in t.envs if s.azone[o] == z] \
        == list(ENVS[:2])
    assert m.summary(s) == {"environments": list(ENVS[:2]), "shield": "Aegis of the Last Hour"}
    assert m.make_config("3", sets={"environments": ",".join(ENVS)}).environments == ENVS


def test_other_modes_options_are_refused_naming_oblivaeon_s_own():
    result = run("play", "oblivaeon", "--environment", "sunken-foundry", "--auto")
    assert result.exit_code == 2 and "--environments" in result.stderr
    result = run("play", "sentinels", "--shield", "Veil of the Unmade", "--auto")
    assert result.exit_code == 2 and "not an option of sentinels" in result.stderr


# ----- play, store, resume ------------------------------------------------------------------------
def test_play_auto_json_runs_a_game_to_its_end(tmp_path):
    out = last_json(run("play", "oblivaeon", "--heroes", 4, "--seed", 3, "--auto", "--json",
                        "--db", tmp_path / "g.db"))
    assert set(out) >= KEYS
    assert out["mode"] == "oblivaeon" and out["seed"] == 3 and len(out["heroes"]) == 4
    assert out["result"] in ("win", "loss") and out["decisions"] > 10
    assert out["reason"] in REASONS or out["reason"].startswith("the game passed")
    assert out["shield"] in ("Veil of the Unmade", "Aegis of the Last Hour")


def test_a_resume_after_an_interruption_ends_as_the_uninterrupted_game(tmp_path):
    db = tmp_path / "g.db"
    whole = last_json(run("play", "oblivaeon", "--seed", 6, "--agent", "heuristic", "--auto",
                          "--json", "--db", db))
    assert whole["decisions"] > 40
    with GameStore(db) as store:  # what a kill leaves: the decisions committed so far
        store.truncate(whole["game_id"], 25)
        assert store.get(whole["game_id"]).result is None
    resumed = last_json(run("play", "--resume", whole["game_id"], "--auto", "--json", "--db", db))
    assert (resumed["final_hash"], resumed["decisions"], resumed["result"], resumed["reason"]) \
        == (whole["final_hash"], whole["decisions"], whole["result"], whole["reason"])
    replay = run("replay", whole["game_id"], "--verify", "--db", db)
    assert replay.exit_code == 0, replay.output


def test_the_json_save_loads_back_equal():
    m = mode()
    for s in positions(2, 4):
        back = m.from_json(m.to_json(s))
        assert back.state_hash() == s.state_hash()
        assert m.view(back, 1) == m.view(s, 1)


# ----- what a seat sees ----------------------------------------------------------------------
def test_the_view_hides_other_hands_and_deck_orders():
    m = mode()
    for s in positions(4, 5):
        t = s.T
        v = m.view(s, 0)
        text = json.dumps(v)
        assert '"deck"' not in text
        for h in v["heroes"]:
            assert (h["hand"] is not None) == (h["seat"] == 0)
            assert h["hand_size"] == len(s.hand[h["player"] - 1])
        decided = v["decision"] is not None and v["decision"]["seat"] == 0
        shown = {c for c in re.findall(r'"card": (\d+)', text)}
        hidden = {c for p in range(1, t.n_heroes) for c in s.hand[p]}
        hidden |= {c for o, deck in enumerate(s.deck) if o != t.mission for c in deck}
        hidden |= set(s.deck[t.mission][:-1])
        if not decided:  # a search option of this seat may name its own deck's cards
            assert not {str(c) for c in hidden} & shown
        top = v["mission_deck"]["top"]
        assert top is not None and top["card"] == s.deck[t.mission][-1]  # OBL-M1: face up


def test_rewards_under_incapacitated_cards_are_named_only_to_their_player():
    for seed in range(12):
        s = played(seed, 400)
        t = s.T
        held = [(p, x) for p in range(t.n_heroes) for x in s.play[p]
                if t.hero_char[x] >= 0 and any(s.under[i + 1] == x
                                               for i in range(0, len(s.under), 2))]
        if held:
            break
    else:
        pytest.skip("no reward under an incapacitated character in these games")
    p, x = held[0]
    m = mode()
    mine = next(c for h in m.view(s, p)["heroes"] for c in h["incapacitated_cards"]
                if c["card"] == x)
    other = next(c for h in m.view(s, (p + 1) % t.n_heroes)["heroes"]
                 for c in h["incapacitated_cards"] if c["card"] == x)
    assert mine["under"] and len(mine["under"]) == mine["under_count"]
    assert other["under"] is None and other["under_count"] == mine["under_count"]


def test_determinize_keeps_the_seat_s_view_and_the_face_up_mission():
    m = mode()
    rng = SplitMix64(11)
    changed = 0
    for s in positions(7, 6):
        t = s.T
        for seat in range(t.n_heroes):
            det = m.determinize(s, seat, rng)
            assert m.view(det, seat) == m.view(s, seat)
            assert det.deck[t.mission][-1] == s.deck[t.mission][-1]
            assert sorted(det.deck[t.mission]) == sorted(s.deck[t.mission])
            for p in range(t.n_heroes):
                assert sorted(det.hand[p] + det.deck[p]) == sorted(s.hand[p] + s.deck[p])
                assert all(det.zone[c] == Z_HAND for c in det.hand[p])
                assert all(det.zone[c] == Z_DECK for c in det.deck[p])
            assert det.hand[seat] == s.hand[seat]
            changed += any(det.hand[p] != s.hand[p] for p in range(t.n_heroes) if p != seat)
            m.check_invariants(det)
    assert changed  # the other hands are resampled


def test_a_fixed_scion_order_stays_known():
    m = mode()
    s = m.new_game(m.make_config("3"), 1)
    names = [sc.name for sc in reversed(s.T.content.scions)]  # every Scion, bottom up
    fixed = m.new_game(m.make_config("3", {"scion_order": ",".join(names)}), 1)
    v = m.view(fixed, 0)
    assert v["reserve_size"] == len(fixed.reserve)
    assert v["reserve_order"] == [n for n in names if n in v["reserve_order"]][:len(fixed.reserve)]
    det = m.determinize(fixed, 0, SplitMix64(3))
    assert det.reserve == fixed.reserve
    assert m.view(s, 0)["reserve_order"] is None


# ----- the board and the narration ----------------------------------------------------------------
def _names(v: dict) -> set[str]:
    out = {v["oblivaeon"]["form"], v["mission_deck"]["top"]["name"]}
    if v["shield"]:
        out.add(v["shield"]["name"])
    out |= {e["name"] for e in v["environments_aside"]}
    for zv in v["zones"]:
        if zv["environment"]:
            out.add(zv["environment"]["name"])
            out |= {c["name"] for c in zv["environment"]["play"]}
        for part in ("scions", "aeon_men", "villain", "missions"):
            out |= {c["name"] for c in zv[part]}
        for h in zv["heroes"]:
            out.add(h["name"])
            out |= {c["name"] for c in h["play"]} | {c["name"] for c in h["incapacitated_cards"]}
            out |= {c["name"] for c in h["hand"] or ()}
    return out


@pytest.mark.parametrize("width", [80, 120])
def test_the_board_fits_without_cutting_a_name(width):
    m = mode()
    for s in (played(1, 0), played(1, 300), played(5, 700)):
        buf = io.StringIO()
        Console(file=buf, width=width, color_system=None).print(m.render_board(s, 0))
        text = buf.getvalue()
        lines = text.splitlines()
        assert max(len(x) for x in lines) <= width
        for name in _names(m.view(s, 0)):
            assert any(name in line for line in lines), (width, name)
        assert "Devastation" in text and "Countdown" in text and "Zone 2" in text
        assert "Mission deck" in text and "Scion Reserve" in text
    zones = [x for x in lines if "Zone 1" in x and "Zone 2" in x]
    assert bool(zones) == (width >= 100)  # side by side only when there is room
    assert m.status_line(s, 0).startswith("Round ")


def test_turn_headers_and_damage_name_their_zone():
    s = played(2, 200, log=True)
    damage = [e for e in s.log if e.kind == "damage"]
    turns = [e for e in s.log if e.kind == "turn"]
    assert damage and turns
    assert all(re.match(r"Zone [12]: ", e.text) for e in damage)
    assert all(re.match(r"— Zone [12]: ", e.text) for e in turns)
    base = modes.get("sentinels")
    b = base.new_game(base.make_config("3"), 2, log=True)
    rnd = random.Random(2)
    while (d := b.decision()) is not None and b.decisions < 200:
        b.apply(rnd.choice(d.options).id)
    assert not any("Zone" in e.text for e in b.log if e.kind == "damage")


def test_agents_choose_and_score_oblivaeon_decisions():
    m = mode()
    s = played(3, 50)
    agent = m.heuristic(1)
    for _ in range(30):
        d = s.decision()
        if d is None:
            break
        scores = m.option_scores(d, s)
        assert set(scores) == {o.id for o in d.options}
        assert len(m.fast_scores(d, s)) == len(d.options)
        assert 0.0 <= m.value(s) <= 1.0
        s.apply(agent.choose(d, s))


# ----- the RL adapters -------------------------------------------------------------------------
def test_the_gym_adapter_steps_oblivaeon_decisions():
    pytest.importorskip("gymnasium")
    from multiverse.interop.gym_env import MultiverseEnv

    env = MultiverseEnv(mode="oblivaeon")
    obs, _info = env.reset(seed=4)
    assert env.observation_space.contains(obs)
    rnd = random.Random(0)
    for _ in range(25):
        legal = [i for i, ok in enumerate(env.action_mask()) if ok]
        obs, _reward, done, truncated, _info = env.step(rnd.choice(legal))
        assert env.observation_space.contains(obs)
        if done or truncated:
            break


def test_the_pettingzoo_adapter_steps_oblivaeon_decisions():
    pytest.importorskip("pettingzoo")
    from multiverse.interop.pettingzoo_env import MultiverseAECEnv

    env = MultiverseAECEnv(mode="oblivaeon")
    env.reset(seed=2)
    for _ in range(25):
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            break
        assert env.observation_space(env.agent_selection).contains(obs)
        legal = [i for i, ok in enumerate(info["action_mask"]) if ok]
        env.step(legal[0])
    assert env.agent_selection in env.possible_agents


def test_the_encoder_reads_every_seat_s_view():
    pytest.importorskip("numpy")
    from multiverse.interop.encoding import make_encoder

    for s in positions(9, 3):
        enc = make_encoder(s, s.T.n_heroes, mode().max_options)
        for seat in range(s.T.n_heroes):
            vec = enc.encode(mode().view(s, seat))
            assert vec.shape == (enc.size,) and float(vec.min()) >= 0.0 and float(vec.max()) <= 1.0


def test_a_team_hero_s_other_character_cards_show_in_play_not_as_incapacitated(tmp_path):
    from .support import cid, game, hero, pack

    team = hero("alpha")
    team["team"] = [{"name": "Alpha A", "hp": 10}, {"name": "Alpha B", "hp": 10}]
    s = game(tmp_path, pack_doc=pack(heroes=[team]))
    h = next(x for x in mode().view(s, 1)["heroes"] if x["player"] == 1)
    assert h["name"] == "Alpha" and not h["incapacitated"] and h["incapacitated_cards"] == []
    shown = {c["name"]: c for c in h["play"]}
    assert shown["Alpha A"]["hp"] == 10 and shown["Alpha B"]["hp"] == 10
    assert cid(s, "Alpha A") == shown["Alpha A"]["card"]
