"""Every card a view shows carries its text (issue 21): the page reads it from there.
Sentinels and OblivAeon: cards in play, hands, hero and villain character cards (each face);
Marvel United: Locations, Threats, the dashboards, the Sentinels, the Challenge card. A
spectator's view (seat -1) holds no hand."""

from __future__ import annotations

import random

from multiverse.modes import get
from multiverse.sentinels.viewtext import card_text


def _game(mode: str, plies: int = 0, **sets: object):
    m = get(mode)
    s = m.new_game(m.make_config(None, sets=dict(sets)), 5)
    rng = random.Random(3)
    for _ in range(plies):
        s.apply(rng.choice(s.decision().options).id)
    return m, s


def test_a_sentinels_view_gives_every_card_in_play_and_in_hand_its_text() -> None:
    """SOTM-1: the seat's hand, every card in play and the character cards, with the text
    of the face they show; another seat's hand and a spectator's: no hand at all."""
    m, s = _game("sentinels", plies=30)
    t = s.T
    v = m.view(s, 0)
    hand = v["heroes"][0]["hand"]
    assert hand and [c["text"] for c in hand] == [t.card[c].text for c in s.hand[0]]
    assert all(c["text"] for c in hand)
    assert {c["kind"] for c in hand} <= {"one-shot", "ongoing", "equipment", "device", "target"}
    play = [c for o in (v["villain"], v["environment"], *v["heroes"]) for c in o["play"]]
    assert play and all(c["text"] == t.card[c["card"]].text and c["text"] for c in play)
    assert v["heroes"][0]["text"] == "Power — Calibrated Beam: Luminary deals 1 non-hero target 2 energy damage."
    assert v["villain"]["text"].startswith("Setup: search the villain deck and trash for a minion")
    assert v["heroes"][1]["hand"] is None
    assert all(h["hand"] is None for h in m.view(s, -1)["heroes"])


def test_character_cards_read_the_face_they_show() -> None:
    """SOTM-17/18: a hero's incapacitated face lists its three abilities; the villain's flip
    side has its own text."""
    _m, s = _game("sentinels")
    t = s.T
    c = t.character[0]
    assert card_text(s, c, 1) == ("Incapacitated — " + " · ".join(
        f"{a.name}: {a.text}" for a in next(h for h in t.content.heroes if h.name == t.name[c]).incapacitated))
    vc = t.villain_character
    assert card_text(s, vc, 1).startswith("When the Warden flips to this side: restore it to 25 HP")
    assert card_text(s, vc, 0) != card_text(s, vc, 1)


def test_an_oblivaeon_view_gives_every_card_its_text() -> None:
    """OBL: the Booklet's form, the Shield, Scions, Aeon Men, Missions, hero character cards
    and the seat's hand all carry text."""
    m, s = _game("oblivaeon", plies=40)
    v = m.view(s, 0)
    assert v["oblivaeon"]["text"].startswith("Form 1")
    assert v["shield"]["text"]
    cards = [c for z in v["zones"] for k in ("scions", "aeon_men", "villain", "missions")
             for c in z[k]] + [c for h in v["heroes"] for c in h["play"]]
    assert cards and all(c["text"] for c in cards)
    assert all(h["text"].startswith("Power — ") for h in v["heroes"] if not h["incapacitated"])
    mine = next(h for h in v["heroes"] if h["seat"] == 0)
    assert mine["hand"] and all(c["text"] and c["kind"] for c in mine["hand"])
    assert all(h["hand"] is None for h in m.view(s, -1)["heroes"])


def test_a_united_view_gives_every_component_its_text() -> None:
    """MU-3, DFP-S2, DFP-C2: Locations (their end-of-turn effect), Threats, the dashboard,
    the Sentinels (the Activation Protocol in DFP, their Challenge card in a standard game)."""
    m, s = _game("dofp")
    v = m.view(s, 0)
    assert all(x["text"].startswith("End of turn: ") for x in v["locations"])
    assert any(x["text"].endswith(" (must be used)") for x in v["locations"])
    assert all(x["threat"]["text"].startswith("Cleared by ") for x in v["locations"] if x["threat"])
    assert v["dashboard"]["name"] == "Days of Future Past"
    assert v["dashboard"]["text"].startswith("Always: each Location that overflows")
    assert all(x["text"].startswith("After a hero's turn, their Sentinel reads") for x in v["sentinels"])
    m, s = _game("standard", challenge="sentinel-ii")
    v = m.view(s, 0)
    assert v["villain"]["text"] == v["dashboard"]["text"] == (
        "Original. BAM!: each hero in the Magistrate's Location takes 2 damage. Overflow: "
        "Martial Law +1. The heroes lose when Martial Law reaches 12.")
    assert v["challenge"]["text"] == v["sentinels"][0]["text"] == (
        "Production symbol: flip facedown the earliest faceup Special Effect card of the hero "
        "who just played.")
    assert all(h["hand"] is None for h in m.view(s, -1)["heroes"])


def _without_words(x: object, top: bool = True) -> object:
    """A view with what only a reader needs taken out: the texts and the threats' lines."""
    if isinstance(x, dict):
        return {k: _without_words(v, False) for k, v in x.items()
                if not (k == "threats" and top) and k != "text" and k != "dashboard"}
    if isinstance(x, list):
        return [_without_words(v, False) for v in x]
    return x


def test_the_agents_fast_united_view_is_the_view_without_its_words() -> None:
    """The heuristic reads `view(s, seat, words=False)`: the same facts, no texts (not even
    the cards', which the agents never read), no threat lines."""
    from multiverse.united.view import view

    for mode in ("dofp", "standard"):
        _, s = _game(mode, plies=25)
        fast = view(s, 0, words=False)
        assert fast["threats"] == [] and view(s, 0)["threats"]
        assert "text" not in fast["locations"][0] and view(s, 0)["locations"][0]["text"]
        hand = next(h["hand"] for h in view(s, 0)["heroes"] if h["hand"])
        fast_hand = next(h["hand"] for h in fast["heroes"] if h["hand"])
        assert [c["card"] for c in fast_hand] == [c["card"] for c in hand]
        assert all("text" not in c for c in fast_hand) and all(c["text"] for c in hand)
        assert all("text" not in c for c in fast["storyline"]) and s.story
        assert all(c.get("facedown") or c["text"] for c in view(s, 0)["storyline"])
        assert fast.get("protections") == view(s, 0).get("protections")  # their texts too
        assert _without_words(fast) == _without_words(view(s, 0))
