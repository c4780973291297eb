"""A console that never prints a control character taken from a game's text: every
segment rich renders goes through `plain` (rich's own style codes are added after), so a
pack's name with `ESC ] 0 ; … BEL` cannot retitle or clear the terminal (issue 22, item 7)."""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType, RenderHook, RenderResult
from rich.segment import Segment

from multiverse.plain import plain


class _Plain:
    """A renderable drawn as `inner` is, its text segments without control characters."""

    def __init__(self, inner: RenderableType) -> None:
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for seg in console.render(self.inner, options):
            yield seg if seg.control else Segment(plain(seg.text), seg.style)


class PlainHook(RenderHook):
    """Wraps every renderable a console prints in `_Plain`."""

    def process_renderables(self, renderables: list[Any]) -> list[Any]:
        return [_Plain(r) for r in renderables]


def safe_console(**kwargs: Any) -> Console:
    """A rich Console (same arguments) that strips control characters from what it prints."""
    console = Console(**kwargs)
    console.push_render_hook(PlainHook())
    return console
