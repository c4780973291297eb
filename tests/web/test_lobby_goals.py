"""Issue 21, the lobby and the page for people: the lobby's options in words and its solo
toggle, each link with a copy button, the admin list of open tables (403 without the admin
link), the goal and the counters on every board, the standard game's win condition
(MU-9, MU-14, MU-15, DFP-C3) updating as a Mission completes, the ring numbered as in the
terminal, and what changed shown as it happens (minus 1 on the damaged Sentinel).

The browser is Debian's chromium through Playwright (as in test_browser.py); boards of real
positions are drawn in a bare page from their views (`Multiverse.drawBoard`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from web_support import CHROMIUM, NO_CHROMIUM, Server, chromium, free_port, key_of, wait_for

from multiverse import modes
from multiverse.store.games import GameStore
from multiverse.web.app import create_app
from multiverse.web.tables import TableKeys

STATIC = Path(__file__).resolve().parents[2] / "src" / "multiverse" / "web" / "static"
SCRIPTS = ("app.js", "goals.js", "motion.js")
MINUS = "\u2212"  # the sign of damage on the page
browser_only = pytest.mark.skipif(not CHROMIUM.exists(),
                                  reason=NO_CHROMIUM)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "united" / "challenge"))
import challenge_kit as kit  # noqa: E402


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    srv = Server(tmp_path_factory.mktemp("lobby") / "games.db", free_port(), "--agent-delay", "0.25")
    yield srv
    srv.kill()


@pytest.fixture
def client(db):
    with TestClient(create_app(db, allow_hosts=["testserver"])) as c:
        yield c


def bare_page(browser):
    """A page with the board's scripts and an empty board, for views drawn by the test."""
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.set_content("<div id=board></div>")
    for name in SCRIPTS:
        page.add_script_tag(path=str(STATIC / name))
    return page


def draw(page, view) -> None:
    page.evaluate("v => Multiverse.drawBoard(document.getElementById('board'), v, null)",
                  json.loads(json.dumps(view)))


def standard_view(s) -> dict:
    return json.loads(json.dumps(modes.get("standard").view(s, -1)))


# ----- the lobby -------------------------------------------------------------------------------


@browser_only
@pytest.mark.browser
def test_the_lobby_names_each_option_in_words_and_opens_a_solo_table(server, browser):
    page = browser.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("select[name=seat0]")
    page.select_option("#mode", "standard")
    labels = page.eval_on_selector_all("[data-testid=option-label] .option-name", "xs => xs.map(x => x.textContent)")
    assert labels == ["Villain", "Challenge", "Difficulty", "Under Pressure after",
                      "Villain damageable after", "Tie break"]
    assert "--" not in page.inner_text("#options") and "_" not in page.inner_text("#options")
    words = page.eval_on_selector_all("select[data-field=challenge] option", "xs => xs.map(x => x.textContent)")
    assert words == ["(default)", "Sentinel I", "Sentinel II", "Sentinel III"]
    assert "The Magistrate" in page.inner_text("select[data-field=villain]")
    assert page.is_hidden("#solo-row")  # no solo in a standard game
    page.select_option("#mode", "sentinels")
    assert page.eval_on_selector_all("[data-testid=option-label] .option-name",
                                     "xs => xs.map(x => x.textContent)") == ["Villain", "Environment"]
    page.select_option("#mode", "dofp")
    assert page.is_visible("#solo-row")
    assert page.locator("[data-testid=seat-player]").count() == 3
    page.check("#solo")  # DFP-SOLO: one player, three heroes
    assert page.locator("[data-testid=seat-player]").count() == 1
    page.fill("#seed", "4")
    page.click("[data-testid=create-table]")
    page.wait_for_selector("[data-testid=spectator-link]")
    links = page.locator("[data-testid=seat-link]")
    assert links.count() == 1 and links.inner_text() == "Seat 0 · the player — human"
    spectator = page.get_attribute("[data-testid=spectator-link]", "href")
    gid, watch = int(spectator.split("/")[2]), {"key": key_of(spectator)}
    about = httpx.get(f"{server.url}/api/tables/{gid}/about", params=watch).json()
    assert about["mode"] == "dofp" and len(about["seats"]) == 1
    view = httpx.get(f"{server.url}/api/tables/{gid}", params=watch).json()["view"]
    assert len(view["heroes"]) == 3 and {h["seat"] for h in view["heroes"]} == {0}


@browser_only
@pytest.mark.browser
def test_each_link_has_a_copy_button_that_copies_it(server, browser):
    context = browser.new_context(permissions=["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("select[name=seat0]")
    page.select_option("#mode", "standard")
    page.fill("#heroes", "2")
    page.select_option("select[name=seat1]", "heuristic")
    page.click("[data-testid=create-table]")
    page.wait_for_selector("[data-testid=spectator-link]")
    seat = page.get_attribute("[data-testid=seat-link]", "href")
    assert page.inner_text("[data-testid=seat-link]") == "Seat 0 · Logan — human"
    assert page.inner_text("[data-testid=agent-seat]") == "Seat 1 · Kitty Pryde — heuristic (an agent, no link)"
    buttons = page.locator("[data-testid=copy-link]")
    assert buttons.count() == 3  # the human seat's, the spectators' and the replay's
    assert buttons.nth(0).get_attribute("data-link") == server.url + seat
    buttons.nth(0).click()
    page.wait_for_function("() => document.querySelector('[data-testid=copy-link]').textContent === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()") == server.url + seat
    spectator = page.get_attribute("[data-testid=spectator-link]", "href")
    buttons.nth(1).click()
    page.wait_for_function("() => document.querySelectorAll('[data-testid=copy-link]')[1].textContent === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()") == server.url + spectator
    context.close()


# ----- the admin list of open tables -------------------------------------------------------------


def test_the_admin_list_shows_the_open_tables_only_with_the_admin_link(client, db):
    """A lost seat link is found again in the admin list; without the admin secret (or with
    a wrong one) the list and its page are refused (403); a finished table is not listed."""
    body = {"mode": "dofp", "heroes": 3, "seed": 1, "seats": ["human", "human", "random"]}
    opened = client.post("/api/tables", json=body).json()
    done = client.post("/api/tables", json={**body, "seats": ["random", "heuristic", "random"]}).json()
    watch = {"key": key_of(done["spectator"])}
    wait_for(lambda: client.get(f"/api/tables/{done['id']}", params=watch).json(), None)  # played to its end
    for params in ({}, {"key": "wrong"}, {"key": ""}):
        r = client.get("/api/admin/tables", params=params)
        assert r.status_code == 403 and "admin link" in r.json()["error"]
        assert client.get("/admin", params=params).status_code == 403
    with GameStore(db) as store:
        admin = TableKeys(store).admin_key()
    r = client.get("/api/admin/tables", params={"key": admin})
    assert r.status_code == 200
    (table,) = r.json()["tables"]
    assert table["id"] == opened["id"] and table["mode"] == "dofp" and table["decisions"] == 0
    assert table["heroes"] == ["Logan", "Kitty Pryde", "Storm"]
    assert table["to_play"] == {"seat": 0, "name": "Logan", "player": "human"}
    assert [s["link"] for s in table["seats"]] == [s["link"] for s in opened["seats"]]
    assert [s["name"] for s in table["seats"]] == ["Logan", "Kitty Pryde", "Storm"]
    assert table["spectator"] == opened["spectator"] and table["replay"] == opened["replay"]
    page = client.get("/admin", params={"key": admin})
    assert page.status_code == 200 and 'data-testid="open-tables"' in page.text


def test_the_admin_secret_survives_a_restart(db):
    with TestClient(create_app(db, allow_hosts=["testserver"])) as c:
        first = c.app.state.hub.admin
    with TestClient(create_app(db, allow_hosts=["testserver"])) as c:
        assert c.app.state.hub.admin == first and len(first) >= 20
        assert c.get("/api/admin/tables", params={"key": first}).status_code == 200


@browser_only
@pytest.mark.browser
def test_serve_prints_the_admin_link_and_its_page_lists_a_lost_seat_link(db, browser):
    server = Server(db, free_port())
    try:
        lines = [server.proc.stdout.readline().decode() for _ in range(2)]
        assert lines[0].startswith("Serving the tables of ")
        assert lines[1].startswith("Admin link") and f"{server.url}/admin?key=" in lines[1]
        link = lines[1].split()[-1]
        opened = httpx.post(f"{server.url}/api/tables", json={
            "mode": "standard", "heroes": 2, "seed": 2, "seats": ["human", "human"]}).json()
        page = browser.new_page()
        assert page.goto(server.url + "/admin").status == 403
        page.goto(link)
        page.wait_for_selector("[data-testid=open-table]")
        text = page.inner_text("[data-testid=open-table]")
        assert f"Table {opened['id']} · standard" in text
        assert "Logan, Kitty Pryde · decision 0 · to play: Logan (human)" in text
        hrefs = page.eval_on_selector_all("[data-testid=open-table] [data-testid=seat-link]",
                                          "xs => xs.map(x => x.getAttribute('href'))")
        assert hrefs == [s["link"] for s in opened["seats"]]
    finally:
        server.kill()


# ----- the goal and the counters ------------------------------------------------------------------


@browser_only
@pytest.mark.browser
@pytest.mark.parametrize("mode", ["dofp", "standard", "sentinels", "oblivaeon"])
def test_every_board_starts_with_the_goal(server, browser, mode):
    heroes = 3
    out = httpx.post(f"{server.url}/api/tables", json={"mode": mode, "heroes": heroes, "seed": 1,
                                                        "seats": ["human"] * heroes}).json()
    view = httpx.get(f"{server.url}/api/tables/{out['id']}", params={"key": key_of(out["spectator"])}).json()["view"]
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.goto(server.url + out["spectator"])
    page.wait_for_selector("[data-testid=board] [data-testid=goal]")
    assert page.inner_text("[data-testid=goal]") == "Goal: " + view["goal"]
    first = page.eval_on_selector("[data-testid=board]", "b => b.firstElementChild.dataset.testid")
    assert first == "goal-box"
    if mode in ("sentinels", "oblivaeon"):  # whose turn, by name (never an id)
        owner = next((x["name"] for x in view["heroes"] if x["id"] == view["turn"]), None) \
            or view.get("turn_name") or view[view["turn"]]["name"]
        assert f"{owner}'s turn" in page.inner_text("[data-testid=board] .track")
    page.close()


@browser_only
@pytest.mark.browser
def test_the_counters_that_end_the_game_say_so(browser):
    """The view's `threats` are drawn by their text; the track of the ring says its text
    too; without `threats` (before they exist) the track still says what it ends."""
    from multiverse.united.config import UnitedConfig
    from multiverse.united.dofp.game import new_game

    s = new_game(UnitedConfig(heroes=("logan", "kitty-pryde", "storm")), seed=1)
    view = json.loads(json.dumps(modes.get("dofp").view(s, 0)))
    page = bare_page(browser)
    view.pop("threats", None)
    draw(page, view)
    assert page.inner_text("[data-testid=plot]") == f"{view['plot']['name']} {view['track']} of 15 → the heroes lose"
    assert page.locator("[data-testid=threat]").count() == 0
    view["threats"] = [{"name": "Nimrod Activation", "value": view["track"], "limit": 15, "ends": "game over",
                        "text": f"Nimrod Activation track {view['track']} of 15 → GAME OVER", "card": None}]
    draw(page, view)
    assert page.inner_text("[data-testid=threat]") == f"Nimrod Activation track {view['track']} of 15 → GAME OVER"
    assert page.inner_text("[data-testid=plot]") == page.inner_text("[data-testid=threat]")


# ----- the standard game's win condition -----------------------------------------------------------


def logan_at_the_sentinel(thugs_defeated: int, **more):
    """Logan's play step at the Challenge Sentinel (Sentinel I, ring position 2) with 1 Thug
    there and `thugs_defeated` Thugs defeated so far (the Defeat Thugs Mission needs 6)."""
    heroes = [kit.hero("logan", 2, ["Berserker Lunge", "Rusted Claws"]), kit.hero("kitty-pryde", 4),
              kit.hero("storm", 4)]
    return kit.load(heroes=heroes, at=2, turn={"hero": "logan"}, step="play",
                    locations=kit.ring(p2={"thugs": 1}), missions={"thugs": thugs_defeated}, **more)


@browser_only
@pytest.mark.browser
@pytest.mark.rule("MU-9")
@pytest.mark.rule("DFP-C3")
def test_the_missions_panel_updates_when_a_mission_completes_and_damage_is_shown(browser):
    """A Thug defeated completes Defeat Thugs (6/6): the panel ticks it, the Villain is Under
    Pressure and the Challenge Sentinel can be damaged (DFP-C3); Logan's next Attack deals
    1 damage to Sentinel I: minus 1 appears on it, and the change is listed."""
    s = logan_at_the_sentinel(5)
    page = bare_page(browser)
    draw(page, standard_view(s))
    missions = page.locator("[data-testid=mission]")
    assert missions.all_inner_texts() == ["Rescue Civilians 0/6", "Defeat Thugs 5/6", "Clear Threats 0/3"]
    assert page.inner_text("[data-testid=under-pressure]") == (
        "Not Under Pressure yet: at 1 Mission completed (0 so far)")
    assert page.inner_text("[data-testid=challenge-state]") == (
        "Sentinel I (Challenge): can't be damaged until the Villain is Under Pressure")
    kit.play(s, "Berserker Lunge")  # Attack, Attack
    kit.act(s, "attack:thug")  # the 6th Thug
    draw(page, standard_view(s))
    assert missions.all_inner_texts() == ["Rescue Civilians 0/6", "Defeat Thugs 6/6 ✓", "Clear Threats 0/3"]
    assert page.inner_text("[data-testid=changes]") == "Berserker Lunge enters the Storyline"
    assert page.get_attribute("[data-mission=defeat-thugs]", "class") == "done"
    assert page.inner_text("[data-testid=standard-goals] h2") == "Missions 1 of 3"
    assert page.inner_text("[data-testid=under-pressure]").startswith("Under Pressure (from 1 Mission completed)")
    assert page.inner_text("[data-testid=challenge-state]") == "Sentinel I (Challenge): can be damaged (6 Health)"
    hp = s.s_hp[0]
    kit.act(s, "attack:sentinel:0")
    assert s.s_hp[0] == hp - 1
    draw(page, standard_view(s))
    delta = page.locator("[data-testid=location][data-position='2'] [data-key='enemy:I'] [data-testid=delta]")
    assert delta.count() == 1 and delta.inner_text() == MINUS + "1"
    assert "mv-damage" in page.get_attribute("[data-testid=location][data-position='2'] [data-key='enemy:I']", "class")
    assert f"Sentinel I {MINUS}1 (damage)" in page.inner_text("[data-testid=changes]")


@browser_only
@pytest.mark.browser
def test_whom_sentinel_iii_holds_is_on_the_panel(browser):
    """DFP-C11: Sentinel III holds a hero; the panel and the hero's own panel say whom."""
    heroes = [kit.hero("logan", 2), kit.hero("kitty-pryde", 4), kit.hero("storm", 4)]
    s = kit.load("sentinel-iii", heroes=heroes, at=4, challenge={"holding": "storm"},
                 turn={"hero": "logan"}, step="play")
    page = bare_page(browser)
    draw(page, standard_view(s))
    state = page.inner_text("[data-testid=challenge-state]")
    assert state.startswith("Sentinel III (Challenge): ") and state.endswith(" · holds Storm")
    assert "held by Sentinel III" in page.locator("[data-testid=hero]").nth(2).inner_text()


@browser_only
@pytest.mark.browser
def test_a_live_standard_table_ticks_its_first_mission_in_the_page(server, browser):
    """A standard table played by agents: the spectator's Missions panel goes from no Mission
    complete to one ticked as the game goes (the page redraws at every move)."""
    out = httpx.post(f"{server.url}/api/tables", json={
        "mode": "standard", "heroes": 3, "seed": 1, "seats": ["heuristic"] * 3}).json()
    page = browser.new_page(viewport={"width": 1366, "height": 768})
    page.add_init_script("""window.seen = [];
      new MutationObserver(() => {
        const m = document.querySelector('[data-testid=missions-progress]');
        if (m && window.seen[window.seen.length - 1] !== m.innerText) window.seen.push(m.innerText);
      }).observe(document, {subtree: true, childList: true});""")
    page.goto(server.url + out["spectator"])
    page.wait_for_function("() => window.seen.some(t => t.includes('✓'))", timeout=60000)
    seen = page.evaluate("window.seen")
    assert "✓" not in seen[0] and len(seen) >= 2
    done = next(t for t in seen if "✓" in t)
    view = httpx.get(f"{server.url}/api/tables/{out['id']}", params={"key": key_of(out["spectator"])}).json()["view"]
    assert view["missions_completed"] >= 1
    assert any(f"{m['name']} {m['threshold']}/{m['threshold']} ✓" in done for m in view["missions"])
    page.close()


# ----- the ring and what changed --------------------------------------------------------------------


@browser_only
@pytest.mark.browser
def test_the_ring_is_numbered_as_in_the_terminal(browser):
    from multiverse.united.render import RING_LAYOUT, _location_panel

    s = logan_at_the_sentinel(0)
    v = standard_view(s)
    page = bare_page(browser)
    draw(page, v)
    for row in RING_LAYOUT:
        for p in row:
            assert _location_panel(v, p).title.plain == str(p)  # the terminal's number
            head = page.inner_text(f"[data-testid=location][data-position='{p}'] h3")
            assert head.startswith(f"{p}. {v['locations'][p]['name']}")
    logan = page.locator("[data-testid=hero]").first.inner_text()
    assert f"at 2. {v['locations'][2]['name']}" in logan
    here = page.inner_text("[data-testid=location][data-position='2']")  # singular and plural
    assert "0 Civilians" in here and "1 Thug" in here and "1 Thugs" not in here



@browser_only
@pytest.mark.browser
def test_a_facedown_storyline_card_names_its_hero(browser):
    """Hero names, never ids: a facedown card in the Storyline says whose it is."""
    s = logan_at_the_sentinel(0, storyline=kit.story(("kitty-pryde", "Phase Step", True)))
    v = standard_view(s)
    assert v["storyline"][0] == {"facedown": True, "hero": "kitty-pryde"}
    page = bare_page(browser)
    draw(page, v)
    assert page.inner_text("[data-testid=storyline]") == "facedown (Kitty Pryde)"


def first_change(mode: str, seed: int, keep) -> tuple[dict, dict]:
    """Two consecutive spectator views of a random game of `mode` where `keep(prev, next)`."""
    from multiverse.agents.seats import make_seat_agent
    from multiverse.store.replay import GameStart

    m = modes.get(mode)
    s = GameStart(m.make_config("3", {}, False, {}), seed).state(log=False)
    agent = make_seat_agent("random", seed)
    prev = json.loads(json.dumps(m.view(s, -1)))
    for _ in range(3000):
        s.apply(agent.choose(s.decision(), s))
        nxt = json.loads(json.dumps(m.view(s, -1)))
        if keep(prev, nxt):
            return prev, nxt
        prev = nxt
    raise AssertionError("no such change in the game")


@browser_only
@pytest.mark.browser
def test_damage_to_a_sentinels_hero_is_shown_on_its_panel(browser):
    """A decision of a real Sentinels game that damages a hero: minus N on that hero's panel."""
    def hurt(a, b):
        return any(x["hp"] < y["hp"] for x, y in zip(b["heroes"], a["heroes"], strict=True))

    prev, nxt = first_change("sentinels", 3, hurt)
    i, hero = next((i, x) for i, x in enumerate(nxt["heroes"]) if x["hp"] < prev["heroes"][i]["hp"])
    page = bare_page(browser)
    draw(page, prev)
    draw(page, nxt)
    panel = page.locator("[data-testid=hero]").nth(i)
    assert panel.get_attribute("data-key") == f"hero:{hero['id']}"
    lost = prev["heroes"][i]["hp"] - hero["hp"]
    assert panel.locator(":scope > [data-testid=delta]").inner_text() == f"{MINUS}{lost}"
    assert f"{hero['name']} {MINUS}" in page.inner_text("[data-testid=changes]")


@browser_only
@pytest.mark.browser
def test_no_animation_under_reduced_motion(browser):
    """prefers-reduced-motion: the change is still marked (the delta shown), not animated."""
    s = logan_at_the_sentinel(6)
    page = browser.new_page()
    page.emulate_media(reduced_motion="reduce")
    page.set_content("<div id=board></div>")
    page.add_style_tag(path=str(STATIC / "goals.css"))
    for name in SCRIPTS:
        page.add_script_tag(path=str(STATIC / name))
    draw(page, standard_view(s))
    kit.play(s, "Berserker Lunge")
    kit.act(s, "attack:sentinel:0")
    draw(page, standard_view(s))
    target = "[data-testid=location][data-position='2'] [data-key='enemy:I']"
    assert page.inner_text(target + " [data-testid=delta]") == MINUS + "1"
    assert page.eval_on_selector(target, "e => getComputedStyle(e).animationName") == "none"


def test_the_new_scripts_ship_with_the_pages(client):
    for page in ("/t/1/watch", "/replay/1"):
        text = client.get(page).text
        assert all(f'<script src="/static/{name}">' in text for name in SCRIPTS)
    assert '<script src="/static/lobby.js">' in client.get("/").text
    for name in ("lobby.js", "goals.js", "motion.js", "goals.css", "admin.html"):
        text = client.get(f"/static/{name}").text
        assert "innerHTML" not in text and "http://" not in text and "https://" not in text


def test_the_api_gives_the_lobby_its_words(client):
    info = {m["name"]: m for m in client.get("/api/modes").json()["modes"]}
    assert info["dofp"]["solo"] is True and info["standard"]["solo"] is False
    challenge = next(o for o in info["standard"]["options"] if o["field"] == "challenge")
    assert challenge["label"] == "Challenge" and challenge["help"].startswith("a Sentinel hunts")
    assert challenge["choices"][2] == {"value": "sentinel-iii", "label": "Sentinel III"}
    env = next(o for o in info["sentinels"]["options"] if o["field"] == "environment")
    assert env["label"] == "Environment" and env["choices"][0]["label"] == "The Sunken Foundry"


@browser_only
@pytest.mark.browser
def test_a_counter_is_told_by_its_text_on_the_board_and_on_its_card(browser):
    """A Sentinels view with `threats` (injected: a counter of the game, one on a card in
    play): each drawn by its text at the top, the counter's text on its card, and the bare
    "NAME n" gone from the round line."""
    _, view = first_change("sentinels", 3, lambda a, b: bool(b["villain"]["play"]))
    card = view["villain"]["play"][0]
    view["counters"] = {"Rust": 2}
    view["threats"] = [
        {"name": "Rust", "value": 2, "limit": 6, "ends": "game over", "text": "Rust 2 of 6 → GAME OVER", "card": None},
        {"name": "Fuse", "value": 1, "limit": 3, "ends": "destroyed", "text": f"{card['name']}: 1 of 3 → destroyed",
         "card": card["card"]}]
    page = bare_page(browser)
    draw(page, view)
    assert page.locator("[data-testid=threat]").all_inner_texts() == [t["text"] for t in view["threats"]]
    assert "Rust 2" not in page.inner_text("#board .track")
    on_card = page.locator("[data-testid=villain-play] > li").first.locator("[data-testid=card-threat]")
    assert on_card.inner_text() == f"{card['name']}: 1 of 3 → destroyed"
    view.pop("threats")
    draw(page, view)
    assert "Rust 2" in page.inner_text("#board .track")  # before `threats` exist
    assert page.locator("[data-testid=card-threat]").count() == 0


@browser_only
@pytest.mark.browser
def test_a_card_entering_and_one_leaving_play_are_shown(browser):
    """A real Sentinels game: a villain card destroyed is listed as leaving play; a card
    that enters play is highlighted where it is drawn."""
    def gone(a, b):
        return {c["card"] for c in a["villain"]["play"]} - {c["card"] for c in b["villain"]["play"]}

    prev, nxt = first_change("sentinels", 3, lambda a, b: bool(gone(a, b)))
    name = next(c["name"] for c in prev["villain"]["play"] if c["card"] in gone(prev, nxt))
    page = bare_page(browser)
    draw(page, prev)
    draw(page, nxt)
    assert f"{name} leaves play" in page.inner_text("[data-testid=changes]")

    def new(a, b):
        return [c for c in b["villain"]["play"] if c["card"] not in {x["card"] for x in a["villain"]["play"]}]

    prev, nxt = first_change("sentinels", 3, lambda a, b: bool(new(a, b)))
    card = new(prev, nxt)[0]
    draw(page, prev)
    draw(page, nxt)
    li = page.locator(f"[data-testid=villain-play] > li[data-key='card:{card['card']}']")
    assert li.count() == 1 and "mv-enters" in li.get_attribute("class")
    assert f"{card['name']} enters play" in page.inner_text("[data-testid=changes]")


@browser_only
@pytest.mark.browser
def test_a_flip_is_marked_on_what_flipped(browser):
    """A real OblivAeon game (seed 1): when his Shield flips to its next phase, the Shield's
    panel says its new face, and the change is listed."""
    def flipped(a, b):
        return a["shield"]["face_name"] != b["shield"]["face_name"]

    prev, nxt = first_change("oblivaeon", 1, flipped)
    face = nxt["shield"]["face_name"]
    assert (prev["shield"]["face_name"], face) == ("Veil of the Unmade", "Veil of the Unmade Phase 2")
    page = bare_page(browser)
    draw(page, prev)
    draw(page, nxt)
    panel = page.locator("[data-testid=shield]")
    assert panel.get_attribute("data-key") == "shield" and "mv-state" in panel.get_attribute("class")
    assert panel.locator(":scope > [data-testid=delta]").inner_text() == face
    assert f"Veil of the Unmade: {face}" in page.inner_text("[data-testid=changes]")


def test_every_choice_the_lobby_offers_opens_a_table(client):
    """Each option's listed choices are values the mode takes (the lobby sends them as they
    are): a table opens with each, and its stored configuration holds it."""
    opened = 0
    for m in client.get("/api/modes").json()["modes"]:
        for o in m["options"]:
            for choice in o["choices"]:
                r = client.post("/api/tables", json={"mode": m["name"], "heroes": 3, "seed": 1,
                                                     o["field"]: choice["value"]})
                assert r.status_code == 200, (m["name"], o["field"], choice, r.text)
                config = client.app.state.hub.tables[r.json()["id"]].start.config
                assert str(getattr(config, o["field"])) == choice["value"]
                opened += 1
    assert opened >= 15
