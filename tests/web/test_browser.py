"""End to end in a real browser (issue 11's quality bar): Debian's chromium driven by
Playwright through `executable_path` (Playwright's own browser download is never used).

A table is opened in the lobby; two seats are joined from two browser contexts and played by
clicking, the third seat is an agent; a spectator watches. Board and narration update in
every page; the spectator sees no hand and no option; the server is killed with SIGKILL in
the middle of the game and started again, the pages reconnect, and the game is finished.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest
from web_support import CHROMIUM, NO_CHROMIUM, Server, chromium, free_port, key_of

from multiverse.store.games import GameStore
from multiverse.store.replay import verify

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason=NO_CHROMIUM),
]

SHOWN = """ids => {
  const b = [...document.querySelectorAll('[data-testid=option]')];
  return b.length === ids.length && b.every((x, i) => x.dataset.optionId === ids[i] && !x.disabled);
}"""


@pytest.fixture
def browser():
    with chromium() as b:
        yield b


def open_in_lobby(page, url: str) -> tuple[int, list[str], str]:
    """Open a DFP table in the lobby: seats 0 and 1 human, seat 2 the heuristic agent."""
    page.goto(url + "/")
    page.wait_for_selector("[data-testid=lobby-form] select[name=seat0]")
    page.select_option("#mode", "dofp")
    page.fill("#heroes", "3")
    page.fill("#seed", "11")
    page.select_option("select[name=seat0]", "human")
    page.select_option("select[name=seat1]", "human")
    page.select_option("select[name=seat2]", "heuristic")
    page.click("[data-testid=create-table]")
    page.wait_for_selector("[data-testid=spectator-link]")
    links = [a.get_attribute("href") for a in page.query_selector_all("[data-testid=seat-link]")]
    spectator = page.get_attribute("[data-testid=spectator-link]", "href")
    gid = int(spectator.split("/")[2])
    return gid, links, spectator


def log_count(page) -> int:
    return page.locator("[data-testid=log] li").count()


def test_a_dfp_table_played_in_two_browsers_with_an_agent_survives_a_kill(db, browser):
    port = free_port()
    server = Server(db, port)
    try:
        lobby = browser.new_page()
        gid, links, spectator = open_in_lobby(lobby, server.url)
        assert len(links) == 2 and all(f"/t/{gid}/seat/" in x and "key=" in x for x in links)
        keys = [x.split("key=")[1] for x in links]
        pages = []
        for link in links:  # each seat in its own browser context (its own cookies, storage)
            page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            page.goto(server.url + link)
            page.wait_for_selector("[data-testid=board] [data-testid=location]")
            pages.append(page)
        watch = browser.new_context().new_page()
        watch.goto(server.url + spectator)
        watch.wait_for_selector("[data-testid=board] [data-testid=location]")

        # a seat sees its own hand only; the spectator sees none and has no option
        assert pages[0].locator("[data-testid=hand]").count() == 1
        assert pages[1].locator("[data-testid=hand]").count() == 1
        assert watch.locator("[data-testid=hand]").count() == 0
        assert watch.locator("[data-testid=hand-hidden]").count() == 3
        assert watch.locator("[data-testid=option]").count() == 0

        clicks, killed, checked_both = 0, False, False
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            a = httpx.get(f"{server.url}/api/tables/{gid}", params={"key": key_of(spectator)},
                          timeout=30).json()
            if a["result"] is not None:
                break
            seat = a["decision"]["seat"]
            if seat == 2:  # the agent's: it moves by itself
                time.sleep(0.01)
                continue
            mine = httpx.get(f"{server.url}/api/tables/{gid}", params={"key": keys[seat]}, timeout=30).json()
            if mine["decision"] is None or mine["decision"]["seat"] != seat:
                continue
            ids = [o["id"] for o in mine["decision"]["options"]]
            page, other = pages[seat], pages[1 - seat]
            page.wait_for_function(SHOWN, arg=ids, timeout=30000)  # exactly the API's options
            assert other.locator("[data-testid=option]").count() == 0
            before = (log_count(page), log_count(other), other.inner_text("[data-testid=board]"))
            page.click(f'[data-testid=option][data-option-id="{ids[0]}"]')
            clicks += 1
            if not checked_both:  # the click shows in both seats' board and narration
                page.wait_for_function(f"() => document.querySelectorAll('[data-testid=log] li').length > {before[0]}")
                other.wait_for_function(f"() => document.querySelectorAll('[data-testid=log] li').length > {before[1]}")
                other.wait_for_function("b => document.querySelector('[data-testid=board]').innerText !== b",
                                        arg=before[2])
                checked_both = True
            if clicks == 12 and not killed:
                server.kill()  # SIGKILL in the middle of the game
                with GameStore(db, readonly=True) as store:
                    assert store.get(gid).result is None
                server = Server(db, port)  # the pages reconnect by themselves
                killed = True
        else:
            raise AssertionError("the game did not end in time")
        assert killed and clicks > 12
        result = a["result"]
        for page in [*pages, watch]:
            page.wait_for_selector("[data-testid=result]", timeout=30000)
            assert page.locator("[data-testid=option]").count() == 0
        assert watch.locator("[data-testid=hand]").count() == 0
    finally:
        server.kill()
    with GameStore(db, readonly=True) as store:
        rec = store.get(gid)
    state, problem = verify(rec)
    assert problem is None and rec.result == state.result == result


def test_the_replay_viewer_steps_through_a_stored_game(db, browser):
    server = Server(db, free_port())
    try:
        out = httpx.post(f"{server.url}/api/tables", json={
            "mode": "dofp", "heroes": 2, "seed": 3, "seats": ["random", "heuristic"]}).json()
        gid, watch = out["id"], {"key": key_of(out["spectator"])}
        assert out["replay"] == f"/replay/{gid}?key={watch['key']}"
        deadline = time.monotonic() + 60
        while httpx.get(f"{server.url}/api/tables/{gid}", params=watch).json()["result"] is None:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        page = browser.new_page()
        page.goto(server.url + out["replay"])  # the replay link carries the spectators' key
        page.wait_for_selector("[data-testid=board] [data-testid=location]")
        assert page.inner_text("[data-testid=replay-where]").startswith("decision 0 of ")
        start_log = log_count(page)
        page.click("[data-testid=replay-next]")
        page.wait_for_function("() => document.querySelector('[data-testid=replay-where]')"
                               ".innerText.startsWith('decision 1 of')")
        assert log_count(page) >= start_log
        page.click("[data-testid=replay-last]")
        page.wait_for_selector("[data-testid=result]")
        assert page.locator("[data-testid=hand]").count() == 0
    finally:
        server.kill()


def test_hint_and_undo_by_every_human_seat_in_the_page(db, browser):
    server = Server(db, free_port())
    try:
        out = httpx.post(f"{server.url}/api/tables", json={
            "mode": "dofp", "heroes": 2, "seed": 5, "seats": ["human", "human"]}).json()
        gid = out["id"]
        pages = []
        for s in out["seats"]:
            page = browser.new_context().new_page()
            page.goto(server.url + s["link"])
            page.wait_for_selector("[data-testid=board] [data-testid=location]")
            pages.append(page)
        watch = {"key": key_of(out["spectator"])}
        seat = httpx.get(f"{server.url}/api/tables/{gid}", params=watch).json()["decision"]["seat"]
        page = pages[seat]
        page.wait_for_selector("[data-testid=option]")
        first = [b.get_attribute("data-option-id") for b in page.query_selector_all("[data-testid=option]")]
        page.click("[data-testid=hint]")
        page.wait_for_selector("[data-testid=hint-lines] li >> text=est. win")
        page.click(f'[data-testid=option][data-option-id="{first[0]}"]')
        page.wait_for_function("() => !document.querySelector('[data-testid=undo]').disabled")
        pages[0].click("[data-testid=undo]")
        pages[1].wait_for_selector("[data-testid=undo-status] >> text=Undo asked by")
        pages[1].click("[data-testid=undo]")
        page.wait_for_function(SHOWN, arg=first)  # back at the first decision, exactly
        assert httpx.get(f"{server.url}/api/tables/{gid}/about", params=watch).json()["decisions"] == 0
        for p in pages:
            p.wait_for_function("() => document.querySelector('[data-testid=undo-status]').innerText === ''")
    finally:
        server.kill()


def test_an_oblivaeon_table_draws_both_battle_zones_and_card_text(db, browser):
    """OblivAeon in the page: both zones with their environment, Scions and heroes, OblivAeon
    and his Shield, the Mission deck's face-up objective; the seat's hand with card text;
    a click plays on and the board follows."""
    server = Server(db, free_port())
    try:
        out = httpx.post(f"{server.url}/api/tables", json={
            "mode": "oblivaeon", "heroes": 3, "seed": 2,
            "seats": ["human", "random", "random"]}).json()
        gid = out["id"]
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(server.url + out["seats"][0]["link"])
        page.wait_for_selector("[data-testid=board] [data-testid=zone-2]")
        watch = {"key": key_of(out["spectator"])}
        view = httpx.get(f"{server.url}/api/tables/{gid}", params=watch).json()
        zones = [page.inner_text(f"[data-testid=zone-{z}]") for z in (1, 2)]
        assert "First Battle Zone" in zones[0] and "Second Battle Zone" in zones[1]
        assert "OblivAeon" in page.inner_text("[data-testid=oblivaeon]")
        assert page.inner_text("[data-testid=shield]").strip()
        assert "Mission deck" in page.inner_text("[data-testid=missions]")
        hand = page.locator("[data-testid=hand] .card-text")
        assert hand.count() >= 4 and hand.first.inner_text().strip()
        page.wait_for_selector("[data-testid=option]")
        first = page.query_selector_all("[data-testid=option]")[0].get_attribute("data-option-id")
        page.click(f'[data-testid=option][data-option-id="{first}"]')
        deadline = time.monotonic() + 30
        while httpx.get(f"{server.url}/api/tables/{gid}/about", params=watch).json()["decisions"] == 0:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert view["decision"] is not None
    finally:
        server.kill()


def test_the_dfp_board_draws_the_nimrod_track_with_its_bands(db, browser):
    """DFP-D1..D3 in the page: one cell a step from 0 to the end of the track, coloured by
    the bands the view gives (yellow from 5, red from 10, lost at 15 in the default
    content), the marker on the track's value; a standard game's Villainous Plot has none."""
    server = Server(db, free_port())
    try:
        out = httpx.post(f"{server.url}/api/tables", json={
            "mode": "dofp", "heroes": 3, "seed": 1, "seats": ["human"] * 3}).json()
        view = httpx.get(f"{server.url}/api/tables/{out['id']}",
                         params={"key": key_of(out["spectator"])}).json()["view"]
        assert view["track_bands"] == {"yellow": 5, "red": 10, "lost": 15}
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(server.url + out["spectator"])
        page.wait_for_selector("[data-testid=board] [data-testid=track]")
        cells = page.eval_on_selector_all("[data-testid=track] .step",
                                          "xs => xs.map(x => x.className)")
        assert cells == (["step green here"] + ["step green"] * 4 + ["step yellow"] * 5
                         + ["step red"] * 5 + ["step lost"])
        assert page.get_attribute("[data-testid=track]", "data-band") == "green"
        assert page.inner_text("[data-testid=track-legend]") == "yellow ≥5 · red ≥10 · lost at 15"
        std = httpx.post(f"{server.url}/api/tables", json={
            "mode": "standard", "heroes": 3, "seed": 1, "seats": ["human"] * 3}).json()
        page.goto(server.url + std["spectator"])
        page.wait_for_selector("[data-testid=board] [data-testid=location]")
        assert page.locator("[data-testid=track]").count() == 0
    finally:
        server.kill()


def test_the_united_board_shows_a_hero_off_the_board_and_the_known_master_plan(browser):
    """MU-17 owner's words in the page: a hero who left with a Henchman is marked away (in
    their Location and in their panel), a card the table saw go to the bottom of a deck is
    named, and the Master Plan cards seen ahead are listed, each with its depth, from the
    view of a real position."""
    import json
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "united" / "standard"))
    import standard_kit as std

    from multiverse.united.view import view

    card = {"name": "Owner's Card", "symbols": ["move"],
            "effect": [{"verb": "draw_discard"}, {"verb": "peek_master_plan", "amount": 2},
                       {"verb": "vanish_with_henchman"}]}
    s = std.load(None, heroes=[std.hero("logan", 3, ["Owner's Card", "Slow Mend"]),
                               std.hero("kitty-pryde", 4), std.hero("storm", 4)],
                 cards={"logan": [card]}, step="play", turn={"hero": "logan"},
                 locations=std.ring(p3={"threat": "riot-enforcers"}))
    std.play(s, "Owner's Card")
    s.apply("effect")
    s.apply(f"card:{s.hand[0][0]}")  # (draw, then discard: Slow Mend to the bottom)
    v = json.loads(json.dumps(view(s, 1)))
    known = [f"{k['name']} ({'top' if k['depth'] == 0 else '2 from the top'})"
             for k in v["master_plan_known"]]
    assert v["heroes"][0]["away"] is True and len(known) == 2
    page = browser.new_page()
    page.set_content("<div id=board></div>")
    page.add_script_tag(path=str(Path(__file__).resolve().parents[2]
                                 / "src" / "multiverse" / "web" / "static" / "app.js"))
    page.evaluate("v => Multiverse.drawBoard(document.getElementById('board'), v, null)", v)
    ring3 = page.inner_text("[data-testid=location][data-position='3']")
    assert "Logan (away)" in ring3
    assert "off the board" in page.locator("[data-testid=hero]").first.inner_text()
    assert "(bottom: Slow Mend)" in page.locator("[data-testid=hero]").first.inner_text()
    assert "off the board" not in page.locator("[data-testid=hero]").nth(1).inner_text()
    assert page.inner_text("[data-testid=in-force]") == (
        "In force: Logan: off the board with the Henchman, until Logan's next turn")
    assert page.inner_text("[data-testid=master-plan-known]") == (
        "Master Plan, known cards: " + ", ".join(known))


def test_the_united_board_shows_the_team_cards(browser, tmp_path):
    """The page lists a pack's team cards with their text, and whether used this round."""
    import shutil

    import yaml

    from multiverse.content.loader import default_pack_path
    from multiverse.united.config import UnitedConfig
    from multiverse.united.dofp.game import new_game
    from multiverse.united.view import view

    pack = tmp_path / "pack"
    shutil.copytree(default_pack_path(), pack)
    (pack / "team.yaml").write_text(yaml.safe_dump({"team_cards": [
        {"name": "Storm Front", "heroes": ["logan", "storm"],
         "effect": [{"verb": "gain_token", "symbol": "attack"}]}]}), encoding="utf-8")
    s = new_game(UnitedConfig(content=str(pack), heroes=("logan", "storm")), seed=4)
    page = browser.new_page()
    page.set_content("<div id=board></div>")
    page.add_script_tag(path=str(Path(__file__).resolve().parents[2]
                                 / "src" / "multiverse" / "web" / "static" / "app.js"))
    page.evaluate("v => Multiverse.drawBoard(document.getElementById('board'), v, null)", view(s, 0))
    assert page.inner_text("[data-testid=team-card]") == "Team card Storm Front: gain 1 Attack token"
    s.team[0] = s.round  # used this round
    page.evaluate("v => Multiverse.drawBoard(document.getElementById('board'), v, null)", view(s, 0))
    assert page.inner_text("[data-testid=team-card]") == (
        "Team card Storm Front: gain 1 Attack token (used this round)")


def test_the_united_board_shows_a_heros_own_components(browser):
    """Issue 20's components in the page: a hero's own tokens (of their most), own deck (its
    size and discard, never its order) and markers in their Locations, from the view of a
    real position with Tinker Hollis."""
    import json
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "united" / "mu"))
    from mu_support import position

    from multiverse.united.view import view

    s = position(heroes=[{"id": "tinker-hollis", "location": 0, "own_tokens": 3,
                          "markers": {"Clockwork Bomb": [2, 4]}},
                         {"id": "storm", "location": 3}],
                 turn={"hero": "tinker-hollis"}, step="play")
    v = json.loads(json.dumps(view(s, 1)))
    deck = next(d for d in v["own_decks"] if d["hero"] == "tinker-hollis")
    assert "cards" not in deck and deck["size"] == 5  # the order is hidden from the view
    page = browser.new_page()
    page.set_content("<div id=board></div>")
    page.add_script_tag(path=str(Path(__file__).resolve().parents[2]
                                 / "src" / "multiverse" / "web" / "static" / "app.js"))
    page.evaluate("v => Multiverse.drawBoard(document.getElementById('board'), v, null)", v)
    assert page.inner_text("[data-testid=own-tokens]") == "Tinker Hollis: 3 Mainspring tokens (of 5)"
    assert page.inner_text("[data-testid=own-deck]") == "Tinker Hollis's Gadget deck: 5 cards facedown"
    for pos in (2, 4):
        assert "Tinker Hollis's Clockwork Bomb" in page.inner_text(
            f"[data-testid=location][data-position='{pos}']")
    assert "Clockwork Bomb" not in page.inner_text("[data-testid=location][data-position='0']")
