"""Every example of the Sentinels cookbook (`docs/sentinels-content.md`, the sections
"## Cookbook: …" and "## Encoding your own box") is a card the schema accepts, so an owner
copying one starts from valid YAML."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from multiverse.content.sentinels_schema import Card, SentinelsScion

DOC = Path(__file__).resolve().parents[2] / "docs" / "sentinels-content.md"
BLOCK = re.compile(r"```yaml\n(.*?)```", re.S)


def cookbook_sections() -> dict[str, str]:
    """Heading -> body of each cookbook section of the guide."""
    text = DOC.read_text(encoding="utf-8")
    parts = re.split(r"^## ", text, flags=re.M)
    return {p.splitlines()[0]: p for p in parts
            if p.startswith("Cookbook") or p.startswith("Encoding your own box")}


def examples() -> list[tuple[str, int, str]]:
    out = []
    for head, body in cookbook_sections().items():
        for i, block in enumerate(BLOCK.findall(body)):
            out.append((head, i, block))
    return out


def test_the_guide_has_cookbook_sections_with_examples() -> None:
    sections = cookbook_sections()
    assert sections, f"no '## Cookbook: …' section in {DOC}"
    for head, body in sections.items():
        assert BLOCK.search(body), f"{head}: no yaml example"


@pytest.mark.parametrize("head,i,block", examples(), ids=lambda v: str(v)[:40])
def test_every_cookbook_example_is_a_valid_card(head: str, i: int, block: str) -> None:
    doc = yaml.safe_load(block)
    items = doc if isinstance(doc, list) else [doc]
    for item in items:
        assert isinstance(item, dict), f"{head} example {i}: a card is a mapping"
        model = SentinelsScion if "difficulty" in item else Card
        model.model_validate(item)
