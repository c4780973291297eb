"""Text typed by a player or read from a pack, made safe to use: numbers in ASCII digits
only, and no control characters on a terminal (issue 22, items 6 and 7)."""

from __future__ import annotations

import re

from multiverse.engine.words import count

MAX_DIGITS = 9  # a longer number names no option, no line count, no hero count

# ESC sequences: CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), DCS/SOS/PM/APC
# (ESC P/X/^/_ … ESC \); an OSC left open (rich drops BEL) loses its introducer only;
# else ESC and the one character after it
_ESCAPE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(?:\x07|\x1b\\)|\][0-9;]*"
                     r"|[PX^_][^\x1b]*(?:\x1b\\)?|.?)", re.S)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # C0 but newline and tab, DEL, C1


def is_number(text: str) -> bool:
    """Whether `text` is a whole number in ASCII digits ('²', '①', '፩' are not).

    >>> [is_number(x) for x in ("12", "²", "①", "", "-1")]
    [True, False, False, False, False]
    """
    return text.isascii() and text.isdigit()


def small_number(text: str, digits: int = MAX_DIGITS) -> int | None:
    """`text` as a whole number if it is one of at most `digits` ASCII digits, else None
    (so a 5,000-digit line never reaches Python's integer-string limit).

    >>> small_number("7"), small_number("①"), small_number("9" * 5000)
    (7, None, None)
    """
    return int(text) if is_number(text) and len(text) <= digits else None


def shorten(text: str, most: int = 40) -> str:
    """`text` cut to `most` characters (an ellipsis says so): a typed line echoed back.

    >>> shorten("9" * 50, 8)
    '9999999…'
    """
    return text if len(text) <= most else text[: most - 1] + "…"


def plain(text: str) -> str:
    """`text` without control characters: ESC sequences (a pack cannot retitle or clear the
    terminal), C0 characters but newline and tab, DEL and C1.

    >>> plain("Bishop\\x1b]0;owned\\x07 \\x1b[31mred\\x1b[0m\\x9b\\r")
    'Bishop red'
    """
    if text.isprintable():
        return text
    return _CONTROL.sub("", _ESCAPE.sub("", text))


def one_line(message: str) -> str:
    """An error of several lines (a pack's problems) as one: the first line and how many
    more, so `error:` is always followed by a single line.

    >>> one_line("a.yaml: x\\nb.yaml: y\\nc.yaml: z")
    'a.yaml: x (and 2 more problems)'
    """
    first, *rest = [x.strip() for x in message.splitlines() if x.strip()] or [""]
    return first + (f" (and {count(len(rest), 'more problem')})" if rest else "")
