"""Issue 21 in a real browser (Debian's chromium through Playwright): every card readable on
the page, per mode (dofp, standard, sentinels, oblivaeon).

One server and one browser for the module. Each mode's table has human seats only, played a
few decisions through the API (so nothing moves while a page is read). Then: every card
element of the seat's page carries the text its view gives (hover shows it in the tooltip, a
tap on a phone-sized touch screen and a click open the detail panel, which stays open while
the board is drawn again until it is closed); a spectator's page has no Hint, no Undo and no
hand, and no hand is in any WebSocket frame it receives; the newest narration line is in the
viewport at 1366x768 and 390x844. Screenshots of every mode at both sizes go to the test's
temporary folder, and are copied to `MULTIVERSE_SCREENSHOTS` when it is set (docs/web.md).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from web_support import CHROMIUM, NO_CHROMIUM, Server, chromium, free_port, key_of

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
MODES = {  # mode → (table request, decisions played through the API before the pages open)
    "dofp": ({"mode": "dofp", "heroes": 3, "seed": 5}, 8),
    "standard": ({"mode": "standard", "heroes": 3, "seed": 5, "challenge": "sentinel-iii"}, 8),
    "sentinels": ({"mode": "sentinels", "heroes": 3, "seed": 5}, 30),
    "oblivaeon": ({"mode": "oblivaeon", "heroes": 3, "seed": 5}, 40),
}
SKIP = {"decision", "modifiers", "protections", "threats", "trash", "under", "removed",
        "villain_trash", "environments_aside", "environments_destroyed"}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason=NO_CHROMIUM),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("readable") / "games.db", free_port())
    yield s
    s.kill()


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def tables(server) -> dict[str, dict[str, Any]]:
    """One table a mode, every seat human, a few decisions in (random options, seeded)."""
    out = {}
    for mode, (request, plies) in MODES.items():
        t = httpx.post(f"{server.url}/api/tables", json={**request, "seats": ["human"] * 3}).json()
        keys = [s["link"].split("key=")[1] for s in t["seats"]]
        rng = random.Random(7)
        for _ in range(plies):
            d = httpx.get(f"{server.url}/api/tables/{t['id']}",
                          params={"key": key_of(t["spectator"])}).json()["decision"]
            assert d is not None, f"{mode}: the game ended before the pages were read"
            key = keys[d["seat"]]
            mine = httpx.get(f"{server.url}/api/tables/{t['id']}", params={"key": key}).json()
            option = rng.choice(mine["decision"]["options"])["id"]
            r = httpx.post(f"{server.url}/api/tables/{t['id']}/choose", json={"key": key, "option": option,
                                                                                "decision": mine["decision"]["number"]})
            assert r.status_code == 200, r.text
        out[mode] = {"id": t["id"], "keys": keys, "links": [s["link"] for s in t["seats"]],
                     "spectator": t["spectator"], "replay": t["replay"]}
    return out


def expected_cards(view: dict[str, Any]) -> dict[str, str]:
    """Every card of a view the page draws as a card element: its key (`data-card-key`) →
    its text. Cards with an id are keyed by it (a character card by its `character`); the
    Marvel United components without one by kind and name, as app.js keys them."""
    out: dict[str, str] = {}

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            if "text" in x and isinstance(x.get("card"), int):
                out[str(x["card"])] = x["text"]
            elif "text" in x and isinstance(x.get("character"), int) and x["character"] >= 0:
                out[str(x["character"])] = x["text"]
            for k, v in x.items():
                if k not in SKIP:
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk({k: v for k, v in view.items() if k not in ("dashboard", "challenge", "locations",
                                                         "sentinels", "villain", "nimrod")})
    if view["mode"] in ("dofp", "standard"):
        for loc in view["locations"]:
            out[f"Location:{loc['name']}"] = loc["text"]
            if loc["threat"]:
                out[f"Threat:{loc['threat']['name']}"] = loc["threat"]["text"]
        for s in view["sentinels"]:
            if not s["defeated"]:
                out[f"Sentinel:{s['name']}"] = s["text"]
        if view["villain"]:
            out[f"Villain:{view['villain']['name']}"] = view["villain"]["text"]
        out[f"dashboard:{view['dashboard']['name']}"] = view["dashboard"]["text"]
        if view["challenge"]:
            out[f"Challenge card:{view['challenge']['name']} Challenge"] = view["challenge"]["text"]
    else:
        out[str(view["villain"]["character"] if view["mode"] == "sentinels"
                 else view["oblivaeon"]["character"])] = (view["villain"] if view["mode"] == "sentinels"
                                                          else view["oblivaeon"])["text"]
    return out


CARDS = """() => [...document.querySelectorAll('.card-el')].map(e => ({
  key: e.dataset.cardKey, name: e.dataset.cardName, text: e.dataset.cardText,
  tab: e.tabIndex, testid: e.closest('[data-testid]') ? e.closest('[data-testid]').dataset.testid : ''}))"""


def open_page(browser, url: str, viewport: dict, touch: bool = False, frames: list | None = None):
    ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
    page = ctx.new_page()
    if frames is not None:
        page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(p)))
    page.goto(url)
    page.wait_for_selector("[data-testid=board] .card-el")
    page.wait_for_selector("[data-testid=log] li")
    return page


def shoot(page, tmp_path: Path, name: str) -> None:
    """A screenshot of the window into the test's folder, copied to MULTIVERSE_SCREENSHOTS
    when it is set; each stays small."""
    path = tmp_path / f"{name}.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size < 300_000, f"{name}.png is {path.stat().st_size} bytes"
    dest = os.environ.get("MULTIVERSE_SCREENSHOTS")
    if dest:
        Path(dest).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(dest) / path.name)


def move(server, t: dict[str, Any]) -> None:
    """The deciding seat takes its first option (through the API)."""
    d = httpx.get(f"{server.url}/api/tables/{t['id']}", params={"key": key_of(t["spectator"])}).json()["decision"]
    key = t["keys"][d["seat"]]
    mine = httpx.get(f"{server.url}/api/tables/{t['id']}", params={"key": key}).json()
    r = httpx.post(f"{server.url}/api/tables/{t['id']}/choose",
                   json={"key": key, "decision": mine["decision"]["number"],
                         "option": mine["decision"]["options"][0]["id"]})
    assert r.status_code == 200, r.text


def inside(el) -> dict[str, float]:
    """A point of a card element that is its own, not a card inside it: near its left edge,
    half-way down (inside a rounded chip, in a panel's padding)."""
    box = el.bounding_box()
    assert box is not None
    return {"x": min(6, box["width"] / 2), "y": box["height"] / 2}


def newest_in_sight(page) -> None:
    """The newest narration line is in the window: the pinned line shows the log's last."""
    last = page.locator("[data-testid=log] li").last.inner_text()
    latest = page.locator("[data-testid=latest]")
    assert latest.inner_text() == last
    box, size = latest.bounding_box(), page.viewport_size
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"] + 1
    if size["width"] > 900:  # a desktop window: the log's own last line too, above the pinned one
        line = page.locator("[data-testid=log] li").last.bounding_box()
        log = page.locator("[data-testid=log]").bounding_box()  # not scrolled out of its box
        assert line is not None and log is not None and 0 <= log["y"] <= line["y"]
        assert line["y"] + line["height"] <= min(box["y"], log["y"] + log["height"]) + 1


@pytest.mark.parametrize("mode", list(MODES))
def test_every_card_on_the_page_is_readable(mode, server, browser, tables, tmp_path):
    """Every card element carries its view's text and is focusable; hover shows it, a click
    opens the detail panel, which stays open while the board is drawn again; the newest
    narration line is in sight (1366x768)."""
    t = tables[mode]
    seat = 0
    view = httpx.get(f"{server.url}/api/tables/{t['id']}", params={"key": t["keys"][seat]}).json()["view"]
    want = expected_cards(view)
    page = open_page(browser, server.url + t["links"][seat], DESKTOP)
    got = page.evaluate(CARDS)
    assert got and all(c["text"] and c["tab"] == 0 for c in got), [c for c in got if not c["text"]]
    by_key: dict[str, set[str]] = {}
    for c in got:
        by_key.setdefault(c["key"], set()).add(c["text"])
    missing = {k: v for k, v in want.items() if by_key.get(k) != {v}}
    assert not missing, f"{mode}: cards without their text on the page: {missing}"
    hand = view["heroes"][seat]["hand"] if mode != "oblivaeon" else next(
        h for h in view["heroes"] if h["seat"] == seat)["hand"]
    assert hand and all(str(c["card"]) in by_key for c in hand)  # the seat's own hand, with text

    # hover: the tooltip shows each card element's text
    tip = page.locator("[data-testid=card-tip]")
    for i in range(len(got)):
        el = page.locator(".card-el").nth(i)
        el.hover(position=inside(el))  # its own corner, not a card inside it
        assert tip.is_visible()
        assert tip.locator(".tip-text").inner_text() == el.get_attribute("data-card-text")
    page.mouse.move(0, 0)

    # click: the detail panel, name and text, and it stays open when the board is drawn again
    card = page.locator("[data-testid=hand] .card-el").first
    card.click(position=inside(card))
    page.mouse.move(0, 0)  # the pointer off the card: a board drawn again under it would hover
    panel = page.locator("[data-testid=card-detail]")
    assert panel.is_visible()
    name, text = card.get_attribute("data-card-name"), card.get_attribute("data-card-text")
    assert page.inner_text("[data-testid=card-detail-name]") == name
    assert page.inner_text("[data-testid=card-detail-text]") == text
    newest_in_sight(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    shoot(page, tmp_path, f"{mode}-desktop")  # the table's top, a card's panel open
    before = page.evaluate("() => document.querySelectorAll('[data-testid=log] li').length")
    page.evaluate("() => { window.__board = document.querySelector('[data-testid=board]').firstChild; }")
    move(server, t)
    page.wait_for_function("() => document.querySelector('[data-testid=board]').firstChild !== window.__board")
    assert panel.is_visible() and page.inner_text("[data-testid=card-detail-name]") == name
    if page.evaluate("() => document.querySelectorAll('[data-testid=log] li').length") > before:
        newest_in_sight(page)
    page.keyboard.press("Escape")
    assert not panel.is_visible() and not tip.is_visible()  # the focus back on the card, quietly

    # the keyboard: a card takes the focus (its tooltip shows), Enter opens its panel
    first = page.locator(".card-el").first
    first.focus()
    assert tip.is_visible() and tip.locator(".tip-name").inner_text() == first.get_attribute("data-card-name")
    page.keyboard.press("Enter")
    assert panel.is_visible()
    assert page.inner_text("[data-testid=card-detail-text]") == first.get_attribute("data-card-text")
    page.click("[data-testid=card-detail-close]")
    assert not panel.is_visible()
    page.context.close()


@pytest.mark.parametrize("mode", list(MODES))
def test_a_tap_on_a_phone_shows_a_card_and_the_newest_narration_is_in_sight(mode, server, browser, tables, tmp_path):
    """390x844 with touch: a tap on a card opens its detail panel with its text, which stays
    open (a tap elsewhere leaves it) until its close button; the newest narration line is
    in the window, also when the page is scrolled to its end."""
    t = tables[mode]
    page = open_page(browser, server.url + t["links"][0], PHONE, touch=True)
    newest_in_sight(page)
    panel = page.locator("[data-testid=card-detail]")
    cards = page.locator("[data-testid=board] .card-el:not(:has(.card-el))")  # a card in no other
    boxes = page.locator("[data-testid=board] .card-el:has(.card-el)")  # a card holding cards
    assert cards.count() and boxes.count()
    some = [cards.nth(i) for i in sorted({0, cards.count() // 2, cards.count() - 1})]
    for i, el in enumerate([*some, boxes.first, boxes.last]):
        (el.locator("h3").first if el.locator("h3").count() else el).tap()  # a box: its title
        assert panel.is_visible()
        if i == len(some):
            shoot(page, tmp_path, f"{mode}-phone")  # the board, a card's panel open
        assert page.inner_text("[data-testid=card-detail-name]") == el.get_attribute("data-card-name")
        assert page.inner_text("[data-testid=card-detail-text]") == el.get_attribute("data-card-text")
        page.tap("[data-testid=card-detail-close]")
        assert not panel.is_visible()
    cards.first.tap()
    page.tap("#title")  # a tap elsewhere
    assert panel.is_visible()  # stays open
    page.tap("[data-testid=card-detail-close]")
    assert not panel.is_visible()
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    newest_in_sight(page)
    page.context.close()


def hand_ids(server, t: dict[str, Any]) -> set[int]:
    """The ids of every card in a hand, from each seat's own view."""
    ids = set()
    for key in t["keys"]:
        v = httpx.get(f"{server.url}/api/tables/{t['id']}", params={"key": key}).json()["view"]
        for h in v["heroes"]:
            ids |= {c["card"] for c in h["hand"] or ()}
    return ids


def card_ids(x: Any) -> set[int]:
    """Every `card` id anywhere in a JSON value."""
    if isinstance(x, dict):
        return set().union(*(card_ids(v) for v in x.values()),
                           {x["card"]} if isinstance(x.get("card"), int) else set())
    if isinstance(x, list):
        return set().union(set(), *(card_ids(v) for v in x))
    return set()


@pytest.mark.parametrize("mode", list(MODES))
def test_a_spectator_has_no_hint_no_undo_and_sees_no_hand(mode, server, browser, tables):
    """A spectator's page: no Hint or Undo button and no hand in its DOM; no hand and no
    option in any WebSocket frame it receives (a move made meanwhile included); its cards
    are readable all the same."""
    t = tables[mode]
    frames: list[Any] = []
    page = open_page(browser, server.url + t["spectator"], DESKTOP, frames=frames)
    assert page.locator("[data-testid=hint]").count() == 0
    assert page.locator("[data-testid=undo]").count() == 0
    assert page.locator("[data-testid=hand]").count() == 0
    assert page.locator("[data-testid=hand-hidden]").count() == len(
        httpx.get(f"{server.url}/api/tables/{t['id']}",
                  params={"key": key_of(t["spectator"])}).json()["view"]["heroes"])
    got = page.evaluate(CARDS)
    assert got and all(c["text"] for c in got)
    n = len(frames)
    move(server, t)
    deadline = time.monotonic() + 20
    while len(frames) <= n:
        assert time.monotonic() < deadline, "no frame after the move"
        page.wait_for_timeout(50)
    hands = hand_ids(server, t)
    assert hands
    for raw in frames:
        msg = json.loads(raw)
        answer = msg["answer"]
        assert all(h["hand"] is None for h in answer["view"]["heroes"])
        assert answer["decision"] is None or "options" not in answer["decision"]
        assert not card_ids(answer) & hands
    assert page.locator("[data-testid=hand]").count() == 0
    assert page.locator("[data-testid=hint]").count() == 0
    page.context.close()


def test_the_replay_page_shows_every_card_text(server, browser, tables):
    """The replay viewer draws the same card elements, each with its text, and opens the
    detail panel on a click."""
    t = tables["sentinels"]
    page = open_page(browser, f"{server.url}{t['replay']}&ply=20", DESKTOP)
    got = page.evaluate(CARDS)
    assert len(got) > 4 and all(c["text"] for c in got)
    el = page.locator("[data-testid=board] ul.cards .card-el").first
    el.hover(position=inside(el))
    assert page.locator("[data-testid=card-tip] .tip-text").inner_text() == el.get_attribute("data-card-text")
    el.click(position=inside(el))
    assert page.inner_text("[data-testid=card-detail-text]") == el.get_attribute("data-card-text")
    newest_in_sight(page)
    page.context.close()
