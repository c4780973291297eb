"""Verbs on targets and character cards: HP gained and lost, flips, a team revived, and the
game's end when a card says so (SOTM-9, SOTM-18, OBL-C24)."""

from __future__ import annotations

from multiverse.sentinels.amounts import amount_of
from multiverse.sentinels.damage import flip_card, heal, revive_team
from multiverse.sentinels.state import SentinelsState
from multiverse.sentinels.verbs import applies, verb


@applies("heal")
def heal_selected(s: SentinelsState, sid: int, this: int, hero: int, other: int, c: int) -> None:
    """SOTM-9: each selected target regains `amount` HP, never above its maximum."""
    heal(s, c, amount_of(s, sid, this))


@applies("lose_hp")
def lose_hp(s: SentinelsState, sid: int, this: int, hero: int, other: int, c: int) -> None:
    """Each selected target loses `amount` HP: not damage (no modifiers, no reactions);
    at 0 HP or less it is destroyed (SOTM-9)."""
    n = amount_of(s, sid, this)
    s.hp[c] -= n
    if s.log is not None:
        s.emit("lose_hp", f"{s.name(c)} loses {n} HP → {s.hp[c]}", target=c, amount=n,
               hp=s.hp[c])
    if s.hp[c] <= 0:
        s.stack.append(("check_destroyed", c, this))


@applies("flip")
def flip_selected(s: SentinelsState, sid: int, this: int, hero: int, other: int, c: int) -> None:
    """Flip each selected card to its next face, or to the step's `face`."""
    face = s.T.steps[sid].face
    flip_card(s, c, -1 if face is None else face)


@verb("flip_villain")
def flip_villain(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """SOTM-18: the villain character card flips to its next face, if it has one."""
    vc = s.T.villain_character
    if s.face[vc] + 1 < s.T.n_faces[vc]:
        flip_card(s, vc, s.face[vc] + 1)


@verb("revive_team")
def revive(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """OBL-C24: every character card of this hero's team stands again at `amount` HP."""
    revive_team(s, hero if hero >= 0 else s.hero_of(this), n)


@verb("heroes_lose")
def heroes_lose(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """SOTM-18: the heroes lose when a card says so."""
    s.end("loss", f"{s.name(this)} says the heroes lose")


@verb("game_over")
def game_over(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """SOTM-18: an environment's Game Over: the heroes lose (OBL-E1 gives it another
    meaning in OblivAeon: `MODE_VERBS`)."""
    s.end("loss", f"{s.name(this)}: game over")
