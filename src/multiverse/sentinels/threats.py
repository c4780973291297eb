"""Issue 21: the counters that can end the game or fire a threshold, each as one ready line.

Read from the tables and the content, never per card name: the named counters (OBL-ID1:
Devastation, the Countdown) with the next threshold's printed text, and every card in play
whose task counts its own tokens (`tokens_on_this_at_least`: a Shield, a Mission, an
environment's Game Over card). "GAME OVER" is said only where the effect ends the game:
a base game's `game_over` (SOTM-18), or in OblivAeon an environment destroyed when none is
set aside (OBL-E1, OBL-E4: "the multiverse is destroyed")."""

from __future__ import annotations

from typing import Any

from multiverse.engine.words import count
from multiverse.sentinels.character_text import effect_words
from multiverse.sentinels.state import Z_PLAY, SentinelsState

ASIDE = -1  # an environment's `azone` when set aside (oblivaeon.setup.ASIDE)
GAME_OVER = "GAME OVER"


def _verbs(steps: Any) -> list[str]:
    """Every verb of an effect and its sub-effects, in order."""
    out: list[str] = []
    for st in steps or ():
        out.append(getattr(st, "verb", ""))
        for sub in ("do", "then", "otherwise"):
            out += _verbs(getattr(st, sub, None))
    return out


def _ends_game(s: SentinelsState, verbs: list[str]) -> bool:
    """Whether an effect with these verbs ends the game now (SOTM-18; OBL-E1, E4)."""
    if s.T.n_zones > 1:  # OblivAeon: destroying an environment ends it only with none aside
        return (("game_over" in verbs or "remove_environment" in verbs)
                and not any(s.azone[e] == ASIDE for e in s.T.envs))
    return "game_over" in verbs or "heroes_lose" in verbs


def _next_threshold(s: SentinelsState, i: int) -> tuple[int, str, bool] | None:
    """The counter's next threshold the way it moves: (at, printed text, ends the game)."""
    t = s.T
    v = s.ctr[i]
    ahead = []
    for k, (at, way, fx) in enumerate(t.thresholds[i]):
        if (way >= 0 and at > v) or (way <= 0 and at < v):
            ahead.append((abs(at - v), at, k, fx))
    if not ahead:
        return None
    _, at, k, fx = min(ahead)
    text = t.threshold_text[i][k] if i < len(t.threshold_text) else ""
    if not text:  # no printed text: its effect read from its data, in plain words
        text = f": {effect_words([t.steps[sid] for sid in fx])}"
    return at, text, _ends_game(s, _verbs(t.steps[sid] for sid in fx))


def counter_threat(s: SentinelsState, i: int) -> dict[str, Any]:
    """A named counter: "Countdown 4 → 3: play the top card of the Aeon Men deck; …"."""
    t = s.T
    name, v = t.counter_names[i], s.ctr[i]
    nxt = _next_threshold(s, i)
    if nxt is None:
        return {"name": name, "value": v, "limit": t.counter_max[i], "ends": "",
                "text": f"{name} {v} of {t.counter_max[i]}", "card": None}
    at, text, ends = nxt
    what = _after_colon(text) or "its threshold"
    line = f"{name} {v} → {at}: {what}" + (f" → {GAME_OVER}" if ends else "")
    return {"name": name, "value": v, "limit": at, "ends": GAME_OVER if ends else what,
            "text": line, "card": None}


def _after_colon(text: str) -> str:
    """"Devastation reaches 7: OblivAeon destroys …." → "OblivAeon destroys …"."""
    return text.split(": ", 1)[-1].rstrip(".") if text else ""


def _goal_steps(card: Any, face: int) -> list[tuple[int, list[str]]]:
    """(tokens needed, verbs done then) of each `tokens_on_this_at_least` task the face shows."""
    side = card.sides[face - 1] if face and face - 1 < len(card.sides) else None
    triggers = side.triggers if side is not None else card.triggers
    effects = [tr.effect for tr in triggers] + ([card.power] if side is None and card.power else [])
    found: list[tuple[int, list[str]]] = []

    def walk(steps: Any) -> None:
        for st in steps or ():
            cond = getattr(st, "cond", None)
            if cond is not None and getattr(cond, "test", None) == "tokens_on_this_at_least":
                found.append((cond.amount, _verbs(getattr(st, "do", None))))
            for sub in ("do", "then", "otherwise"):
                walk(getattr(st, sub, None))

    for fx in effects:
        walk(fx)
    return found


def _outcome(s: SentinelsState, c: int, verbs: list[str]) -> str | None:
    """What reaching a card's token goal does, in words (None: nothing that ends the game
    or changes the card: a charge spent, a bonus)."""
    t = s.T
    if _ends_game(s, verbs):
        return GAME_OVER
    if "game_over" in verbs:  # OBL-E1: an environment's Game Over destroys the environment
        return f"{t.owner_names[s.owner_of(c)]} is destroyed"
    if "flip" in verbs and t.n_faces[c] > 1:
        return f"flips to {t.face_name[c][(s.face[c] + 1) % t.n_faces[c]]}"
    if "remove_from_game" in verbs:
        return "removed from the game"
    return None


def _hero_card(s: SentinelsState, c: int) -> bool:
    """A hero's own card (its tokens are charges, not a goal)."""
    t = s.T
    return 0 <= t.owner[c] < t.n_heroes or (t.owner[c] < 0 and t.hdeck[c] >= 0)


def token_threats(s: SentinelsState) -> list[dict[str, Any]]:
    """Each villain, environment or Mission card in play whose task counts its tokens:
    "Pressure Hull Breach 2 of 6 tokens → GAME OVER"."""
    t = s.T
    out = []
    kept = t.goal_cache  # each card face's goals, read once per tables
    for c in sorted((c for c in s.inplay if s.zone[c] == Z_PLAY), key=s.seq.__getitem__):
        key = (c, s.face[c])
        goals = kept.get(key)
        if goals is None:
            goals = kept[key] = [] if _hero_card(s, c) else _goal_steps(t.card[c], s.face[c])
        if not goals:
            continue
        need, verbs = min(goals, key=lambda g: g[0])
        what = _outcome(s, c, verbs)
        if what is None:
            continue
        out.append({"name": t.name[c], "value": s.tok[c], "limit": need, "ends": what,
                    "text": f"{t.name[c]} {count(s.tok[c], 'token')} of {need} → {what}",
                    "card": c})
    return out


def token_words(s: SentinelsState, c: int) -> str:
    """A card's tokens as its board line says them: "2 tokens of 6 → GAME OVER" when they
    count toward a goal, else "2 tokens" (issue 21: one word for counters)."""
    for x in token_threats(s):
        if x["card"] == c:
            return x["text"][len(x["name"]) + 1:]
    return count(s.tok[c], "token")


def threats(s: SentinelsState) -> list[dict[str, Any]]:
    """Every counter of the game that can end it or fire a threshold (issue 21)."""
    return [counter_threat(s, i) for i in range(len(s.T.counter_names))] + token_threats(s)
