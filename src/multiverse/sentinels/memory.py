"""An earlier step's result, read by later steps of the same effect ("that target", "if a
target is destroyed this way", "the damage dealt this way", "if you do").

A step with `remember: NAME` keeps what it did in a frame of the stack: every top-level
effect whose steps remember a name ends with a compiled `forget` step for it (`Tables.reg`),
pushed below all of the effect's other steps; the first result remembered turns that frame
into `("memo", NAME, this, card, dealt, flags, seq, face, card, …)`, five ints a card, and
later steps read it by searching the stack down from the top. When the effect is over, the
frame is popped: the memory ends with its effect. Being a frame, it is plain data a clone
and the JSON carry mid-effect; content that remembers nothing pushes no such frame.

Per card: the damage the step dealt it (after modifiers, SOTM-14), `DONE` once the step
did something to it (a card discarded, played, revealed, healed, moved; damage dealt: more
than 0), and the card's play-order number and face when remembered: a card that has left
play since (or a character card that has flipped, SOTM-17, SOTM-18) was destroyed this
way.
"""

from __future__ import annotations

from multiverse.sentinels.state import Z_PLAY, SentinelsState

DONE = 1
_W = 5  # ints per remembered card


def _find(s: SentinelsState, name: str, this: int, make: bool) -> int:
    """The index of the memory frame of `name` for the text of card `this` (-1: none)."""
    stack, ends = s.stack, s.T.memo_end
    for i in range(len(stack) - 1, -1, -1):
        f = stack[i]
        k = f[0]
        if k == "memo":
            if f[1] == name and f[2] == this:
                return i
        elif k == "fx" and f[2] == this and ends.get(f[1]) == name:
            if make:
                stack[i] = ("memo", name, this)
            return i
    return -1


def note(s: SentinelsState, name: str, this: int, c: int, done: bool) -> None:
    """Remember card `c` as acted on by the step remembering `name` (`done`: it did
    something to it already)."""
    _record(s, name, this, c, 0, done)


def dealt(s: SentinelsState, name: str, this: int, c: int, n: int) -> None:
    """The step remembering `name` dealt `n` damage to card `c` (after modifiers)."""
    _record(s, name, this, c, n, n > 0)


def _record(s: SentinelsState, name: str, this: int, c: int, n: int, done: bool) -> None:
    """Add `n` damage and (`done`) the "did something" flag to card `c`'s entry in the
    memo frame of `name`, the entry made on first sight (the card's stay and face kept, to
    tell later whether it was destroyed this way)."""
    i = _find(s, name, this, True)
    if i < 0:
        return
    f = s.stack[i]
    flag = DONE if done else 0
    for j in range(3, len(f), _W):
        if f[j] == c:
            if n or (flag and not f[j + 2] & DONE):
                s.stack[i] = (*f[:j + 1], f[j + 1] + n, f[j + 2] | flag, *f[j + 3:])
            return
    s.stack[i] = (*f, c, n, flag, s.seq[c], s.face[c])


def records(s: SentinelsState, name: str, this: int) -> list[tuple[int, ...]]:
    """What `name` holds: (card, dealt, flags, seq, face) per card, in the order acted on."""
    i = _find(s, name, this, False)
    if i < 0 or s.stack[i][0] != "memo":
        return []
    f = s.stack[i]
    return [f[j:j + _W] for j in range(3, len(f), _W)]


def cards(s: SentinelsState, name: str, this: int) -> list[int]:
    return [r[0] for r in records(s, name, this)]


def destroyed(s: SentinelsState, r: tuple[int, ...]) -> bool:
    """Was the remembered card destroyed since: it left play, or (a character card, which
    never leaves play) it flipped to another face (SOTM-17, SOTM-18)?"""
    c = r[0]
    if s.T.card[c].kind == "character":
        return s.face[c] != r[4]
    return r[3] > 0 and (s.zone[c] != Z_PLAY or s.seq[c] != r[3])


def any_destroyed(s: SentinelsState, name: str, this: int) -> bool:
    return any(destroyed(s, r) for r in records(s, name, this))


def any_done(s: SentinelsState, name: str, this: int) -> bool:
    return any(r[2] & DONE or destroyed(s, r) for r in records(s, name, this))


def count_done(s: SentinelsState, name: str, this: int) -> int:
    return sum(1 for r in records(s, name, this) if r[2] & DONE or destroyed(s, r))


def total_dealt(s: SentinelsState, name: str, this: int) -> int:
    return sum(r[1] for r in records(s, name, this))


def carried(s: SentinelsState, sid: int, this: int, tgt: int, amount: int) -> int:
    """The damage a step that carries a result deals `tgt` (SOTM-14, after modifiers): at
    most its `at_most`, and remembered when it remembers."""
    st = s.T.steps[sid]
    if st.at_most is not None and amount > st.at_most:
        amount = st.at_most
    if st.remember is not None:
        dealt(s, st.remember, this, tgt, max(0, amount))
    return amount
