"""The lobby's words for a mode's options: each `ModeOption` as people read it (a label in
the rulebooks' words, a help line without rule IDs, its choices named), and whether the
mode has solo play. Read by `GET /api/modes`; the configuration fields stay the API's."""

from __future__ import annotations

import re
from typing import Any

from multiverse.engine.errors import ConfigError, ContentError
from multiverse.modes.base import Mode, ModeOption

LABELS = {  # field → the option's name in the rulebooks' words
    "villain": "Villain", "challenge": "Challenge", "difficulty": "Difficulty",
    "environment": "Environment", "environments": "Environments", "shield": "Shield",
    "scion_order": "Scion order", "tie_break": "Tie break",
    "under_pressure_after": "Under Pressure after", "vulnerable_after": "Villain damageable after",
}
HELP = {  # the help of an option the lobby offers as a list of names (the CLI's says "id")
    "villain": "the villain the heroes face (default: the pack's first)",
    "environment": "where the fight takes place (default: the pack's first)",
    "shield": "OblivAeon's Shield (default: one at random)",
}
CHOICE_WORDS = {"choose": "the players choose the way", "clockwise": "always clockwise"}
MISSION_COUNTS = ("0", "1", "2", "3")  # MU-15: Missions completed (0-3)
RULE_ID = re.compile(r"^[A-Z]+(?:-[A-Z0-9]+)+: ")
FLAG = re.compile(r"--([a-z][a-z-]*)")  # `--solo` in a mode's description: the lobby says "solo"


def label(o: ModeOption) -> str:
    """The option's name: the rulebooks' word, else its field in words."""
    return LABELS.get(o.field, o.field.replace("_", " ").capitalize())


def words(value: str) -> str:
    """A choice id in words: `sentinel-iii` → `Sentinel III`, `hard` → `Hard`."""
    if value in CHOICE_WORDS:
        return CHOICE_WORDS[value]
    parts = value.split("-")
    return " ".join(p.upper() if re.fullmatch(r"[ivx]+", p) else p.capitalize() for p in parts)


def _content_choices(mode: Mode, field: str) -> list[tuple[str, str]]:
    """The default pack's villains, environments or Shields, as (id, name), for the options
    the pack fills in; none for the others."""
    try:
        if mode.family == "united" and field == "villain":
            from multiverse.content.loader import load_content

            return [(v.id, v.name) for v in load_content(None).villains]
        if mode.family == "sentinels" and field in ("villain", "environment", "shield"):
            from multiverse.sentinels.content import load_sentinels_content

            c = load_sentinels_content(None)
            if field == "shield":
                return [(s.name, s.name) for s in c.oblivaeon.shields]
            return [(x.id, x.name) for x in (c.villains if field == "villain" else c.environments)]
    except (ContentError, ConfigError, AttributeError):
        return []
    return []


def option_words(mode: Mode, o: ModeOption) -> dict[str, Any]:
    """One option for the lobby: field (what the API takes), label, help, and its choices
    as `{"value", "label"}` (none: free text; `many`: several values, comma-separated)."""
    if o.choices:
        choices = [(c, words(c)) for c in o.choices]
    elif o.field in ("under_pressure_after", "vulnerable_after"):
        choices = [(n, f"{n} Mission{'' if n == '1' else 's'}") for n in MISSION_COUNTS]
    else:
        choices = [] if o.many else _content_choices(mode, o.field)
    helps = HELP.get(o.field) if choices and not o.choices else None
    return {"field": o.field, "flag": o.flag, "label": label(o),
            "help": helps or FLAG.sub(r"\1", RULE_ID.sub("", o.help)),
            "many": o.many, "choices": [{"value": v, "label": w} for v, w in choices]}


def has_solo(mode: Mode) -> bool:
    """Whether the mode takes `solo` (DFP-SOLO): its `solo_fields(True)` is not refused."""
    try:
        return bool(mode.solo_fields(True))
    except ConfigError:
        return False


def mode_words(mode: Mode) -> dict[str, Any]:
    """A mode as the lobby offers it."""
    return {"name": mode.name, "description": FLAG.sub(r"\1", mode.description),
            "default_heroes": list(mode.default_heroes), "hero_counts": list(mode.hero_counts),
            "solo": has_solo(mode), "options": [option_words(mode, o) for o in mode.options]}
