"""Small helpers for narration in plain English."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """`count(1, "Civilian")` → "1 Civilian"; `count(2, "Thug")` → "2 Thugs".

    >>> count(0, "token"), count(1, "Thug"), count(3, "Civilian")
    ('0 tokens', '1 Thug', '3 Civilians')
    """
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def article(word: str) -> str:
    """`article("Attack")` → "an Attack"; `article("Move")` → "a Move"."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def possessive(name: str) -> str:
    """`possessive("Logan")` → "Logan's"; a name ending in s takes the apostrophe alone:
    "The Scions'", "Crossroads'" (issue 21: singular and plural right).

    >>> possessive("La Comodora"), possessive("The Scions")
    ("La Comodora's", "The Scions'")
    """
    return f"{name}'" if name.endswith("s") else f"{name}'s"
