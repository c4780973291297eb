"""Every example of the Marvel United guide's "## Encoding your own box" and of its cookbook
(`docs/content.md`, from "### Cookbook" on) is content the schema accepts, so an owner
copying one starts from valid YAML: a list of Hero cards, or a mapping of the pack's parts."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from multiverse.content.schema import (
    ExtraToken,
    Hero,
    HeroCard,
    Location,
    MasterPlanCard,
    TeamCard,
    Threat,
    Villain,
)

DOC = Path(__file__).resolve().parents[2] / "docs" / "content.md"
BLOCK = re.compile(r"```yaml\n(.*?)```", re.S)
PARTS = {"heroes": Hero, "locations": Location, "villains": Villain, "team_cards": TeamCard,
         "threats": Threat, "cards": HeroCard, "extra_token": ExtraToken,
         "master_plan": MasterPlanCard}
PLAIN = {"name": "Plain Card", "symbols": ["move"]}


def whole(part: str, item: dict) -> dict:
    """A hero example shows the cards that use its word: the rest of its 12-card deck is
    plain cards (`Plain Card` copies), as an owner's file would have them."""
    if part == "heroes" and isinstance(item, dict):
        n = sum(c.get("copies", 1) for c in item.get("cards", []))
        if n < 12:
            return {**item, "cards": [*item.get("cards", []), {**PLAIN, "copies": 12 - n}]}
    return item


def examples() -> list[tuple[int, str]]:
    text = DOC.read_text(encoding="utf-8")
    box = text.index("## Encoding your own box")
    guide = text[box:text.index("\n## ", box + 1)]
    return list(enumerate(BLOCK.findall(guide) + BLOCK.findall(text[text.index("### Cookbook"):])))


def test_the_cookbook_has_examples() -> None:
    assert len(examples()) >= 30


@pytest.mark.parametrize("i,block", examples(), ids=lambda v: str(v)[:30])
def test_every_cookbook_example_is_valid_content(i: int, block: str) -> None:
    doc = yaml.safe_load(block)
    if isinstance(doc, list):
        for card in doc:
            HeroCard.model_validate(card)
        return
    assert isinstance(doc, dict), f"example {i}: a list of Hero cards or a mapping of parts"
    for part, items in doc.items():
        assert part in PARTS, f"example {i}: {part!r} is not a part of a pack ({sorted(PARTS)})"
        for item in items if isinstance(items, list) else [items]:
            PARTS[part].model_validate(whole(part, item))
