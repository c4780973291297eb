"""The text of every Marvel United component a view shows (and so the page): Locations,
Threats, the Villain's dashboard (or the Days of Future Past dashboard), the Sentinels, the
Challenge card and the Master Plan cards seen ahead. Hero cards in hands and the Storyline
carry theirs already (`united/view.py`).

Every text is the content's own (its `special_rules`, `challenge_text`, dashboard and
Protocol texts) or the card's data in words (`united/cardtext.py`), never printed card text.
"""

from __future__ import annotations

from typing import Any

from multiverse.united.cardtext import location_text, master_plan_effects, threat_text
from multiverse.united.components_text import villain_rules
from multiverse.united.state import UnitedState
from multiverse.united.tables import SENTINEL_IDS


def _body(text: str, *heads: str) -> str:
    """`text` without its leading "Name — " and kind (the page shows them beside it), as a
    sentence: "End of turn: draw 1 card"."""
    for head in heads:
        text = text[len(head):] if text.startswith(head) else text
    return text[:1].upper() + text[1:]


def dashboard_text(s: UnitedState) -> str:
    """DFP-D1..D3: the Days of Future Past dashboard's three parts."""
    d = s.T.content.dofp
    if d is None:
        return ""
    db = d.dashboard
    return " ".join(" ".join(x.split()) for x in (db.gray_text, db.blue_text, db.pink_text) if x)


def protocol_text(s: UnitedState) -> str:
    """DFP-A1..A3: the Sentinel Activation Protocol reference card every Sentinel follows."""
    d = s.T.content.dofp
    if d is None or not d.protocol_cards:
        return ""
    return " ".join(d.protocol_cards[0].text.split())


def challenge_text(s: UnitedState, sn: int) -> str:
    """DFP-C2: Sentinel `sn`'s Challenge card text."""
    d = s.T.content.dofp
    return " ".join(d.sentinels[sn].challenge_text.split()) if d is not None else ""


def add_texts(s: UnitedState, out: dict[str, Any]) -> None:
    """Give every component of view `out` its `text` (in place)."""
    t = s.T
    for loc in out["locations"]:
        li = s.locs[loc["position"]]
        loc["text"] = _body(location_text(t, li), f"{t.loc_name[li]} — ", f"Location, {t.loc_slots[li]} slots: ")
        if loc["threat"] is not None:
            th = t.threat_ids.index(loc["threat"]["id"])
            loc["threat"]["text"] = _body(threat_text(t, th), f"{t.threat_name[th]} — ", "Threat: ")
    standard = t.mode == "standard"
    for x in out["sentinels"]:
        x["text"] = challenge_text(s, SENTINEL_IDS.index(x["id"])) if standard else protocol_text(s)
    if out.get("challenge"):
        out["challenge"]["text"] = challenge_text(s, t.challenge)
    nimrod = " ".join(t.content.dofp.dashboard.pink_text.split()) if t.content.dofp else ""
    if out.get("villain"):
        out["villain"]["text"] = villain_rules(t) if standard else nimrod
    if out.get("nimrod"):
        out["nimrod"]["text"] = nimrod
    out["dashboard"] = ({"name": t.villain_name, "text": villain_rules(t)} if standard else
                        {"name": t.content.dofp.dashboard.name if t.content.dofp else "Dashboard",
                         "text": dashboard_text(s)})
    for k in out.get("master_plan_known", ()):
        k["text"] = master_plan_effects(t, k["card"])
