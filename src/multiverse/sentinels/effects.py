"""The effect dispatcher: one step of an effect resolves by the rule step its verb
registered (`sentinels.verbs`), and a selecting step picks its targets first (SOTM-16: "each"
looks again after every target; "one" asks the players). The verbs themselves live in
`sentinels.vocab`, grouped by what they touch; this module imports none of them.
"""

from __future__ import annotations

from typing import Any

from multiverse.content.sentinels_schema import Step
from multiverse.engine.decision import Option
from multiverse.sentinels import memory
from multiverse.sentinels.amounts import amount_of
from multiverse.sentinels.damage import deal_damage, heroes_lost, immune_to
from multiverse.sentinels.select import candidates, step_candidates
from multiverse.sentinels.state import SentinelsState, choice, step
from multiverse.sentinels.tables import DAMAGE_TYPES
from multiverse.sentinels.verbs import (
    APPLY,
    MODE_APPLY,
    MODE_VERBS,
    VERBS,
    effect_frames,
    push_effect,
    seat_of,
)

__all__ = ["apply_to", "effect_frames", "push_effect", "run_step"]


def run_step(s: SentinelsState, f: tuple) -> None:
    """Resolve one step of an effect: a selecting step picks its targets (each, a fixed
    card, or a choice); any other step runs its verb's registered rule step. (The frame's
    numbers are read as C integers for the tables; the frames it queues reuse its objects.)"""
    _, sid, this, hero, other = f
    t = s.T
    head = t.fx_head[sid]
    if head is not None and (head[0] is None or f[0] == "fx_as"):  # a selecting step
        _by, loss, each, fixed, count = head
        stack = s.stack
        if loss:  # SOTM-18: read after the step
            stack.append(("check_loss",))
        if each:
            then = t.then[sid]
            if then:  # after every target has been dealt with
                push_effect(s, then, this, hero, -1)
            each_target(s, ("each", f[1], f[2], f[3], f[4], ()))  # (the next frame: now)
        elif fixed:  # one card at most: no one is asked
            then = t.then[sid]
            for c in candidates(s, t.steps[sid].target, this, hero, other):
                if then:
                    push_effect(s, then, this, hero, c)
                apply_to(s, sid, this, hero, other, c)
            loss_now(s)
        else:
            stack.append(("select", f[1], f[2], f[3], f[4], (), count))
        return
    run = t.fx_run[sid]  # (source_select, verb, …): amount_of reads the rest
    source_select, v = run[0], run[1]
    if source_select is not None and f[0] == "fx":  # "each Scion deals …": each selected
        for c in reversed(candidates(s, source_select, this, hero, other)):  # card acts
            s.stack.append(("fx_as", f[1], c, f[3], f[4]))  # as the source, in its zone
        return
    n = amount_of(s, sid, this)
    fn = (MODE_VERBS.get(v) if t.dynamic else None) or VERBS.get(v)
    if fn is not None:  # (a mode's verb in a game without that mode does nothing)
        fn(s, f[1], f[2], f[3], f[4], n)


step("fx")(run_step)
step("fx_as")(run_step)


# ----- selection ------------------------------------------------------------------------
def each_target(s: SentinelsState, f: tuple) -> None:
    """SOTM-16: "each" acts on every selected card, looking again after each one, so a
    target entering play meanwhile is hit too and none is hit twice."""
    _, sid, this, hero, other, done = f
    st, stack = s.T.steps[sid], s.stack
    sel = st.target
    # damage and healing with nothing queued change no card's place, face or zone: the
    # cards selected stay the same, so the list is read once until something is queued
    steady = st.verb in _STEADY and sel.hp_at_most is None
    while True:
        for c in step_candidates(s, sid, this, hero, other):
            if c in done:
                continue
            done = (*done, c)
            n = len(stack)
            stack.append(("each", f[1], f[2], f[3], f[4], done))
            apply_to(s, sid, this, hero, other, c)
            if len(stack) != n + 1 or s.result is not None:
                return  # what the target queued resolves first; then this frame looks again
            stack.pop()  # nothing queued: go on at once (the frame would be popped next)
            if not steady:
                break  # look again (SOTM-16)
        else:
            loss_now(s)
            return


step("each")(each_target)

_CHECK_LOSS = ("check_loss",)


def loss_now(s: SentinelsState) -> None:
    """SOTM-18 read at once when a step ends with its loss check next on the stack (the
    frame the engine would pop next: the same check, one frame fewer)."""
    stack = s.stack
    if stack and stack[-1] == _CHECK_LOSS and s.result is None:
        stack.pop()
        heroes_lost(s)


_STEADY = frozenset({"damage", "drain", "heal"})


def _select_options(s: SentinelsState, f: tuple) -> tuple:
    _, sid, this, hero, other, done, left = f
    t = s.T
    st = t.steps[sid]
    sel = st.target
    pool = [c for c in step_candidates(s, sid, this, hero, other) if c not in done]
    if not pool or left <= 0:
        return 0, "", []
    hp, pick = s.hp, sel.pick
    if pick in ("highest_hp", "lowest_hp"):
        best = (max if pick == "highest_hp" else min)([hp[c] for c in pool])
        pool = [c for c in pool if hp[c] == best]  # SOTM-16: ties are the players' choice
    kept, max_hp, face = t.target_opt, t.max_hp, s.face
    if len(pool) == 1 and not (done and pick == "up_to"):  # one target: the choice resolves
        c = pool[0]  # at once and no one reads its label (immunity) or prompt
        key = (c, hp[c] if max_hp[c][face[c]] else None)
        return seat_of(s, hero), "", [kept.get(key) or _target_option(t, key)]
    opts = []
    src = (_damage_source(s, st, this, hero)
           if t.immunes and st.verb in ("damage", "drain") and st.source != "target" else None)
    if src is not None:
        dtype, seen = DAMAGE_TYPES.index(st.type), {}
    for c in pool:
        key = (c, hp[c] if max_hp[c][face[c]] else None)
        if src is not None:
            why = immune_to(s, src, c, dtype, seen)
            if why:  # issue 21: an immune target is marked in its label
                opts.append(Option(t.card_oid[c], (_immune_label, t.name[c], key[1], why),
                                   t.card_data[c]))
                continue
        opts.append(kept.get(key) or _target_option(t, key))
    if pick == "up_to" and done:
        opts.append(Option("stop", "No more", {"card": -1}))
    n = amount_of(s, sid, this) if len(opts) > 1 else 0  # a forced choice shows no prompt
    return seat_of(s, hero), (_select_prompt, t.name[this], st, n), opts


def _target_option(t: Any, key: tuple[int, int | None]) -> Option:
    """A target's option for (card, HP), made once and kept in the tables (an option is a
    value: its id, label and data never change)."""
    c, hp = key
    opt = t.target_opt[key] = Option(t.card_oid[c], (_target_label, t.name[c], hp), t.card_data[c])
    return opt


def _target_label(name: str, hp: int | None) -> str:
    return name if hp is None else f"{name} ({hp} HP)"


def _immune_label(name: str, hp: int | None, why: str) -> str:
    """"Voidsoul (31 HP) (immune)"; immune by another card: "(immune: Veil of the Unmade)"."""
    return f"{_target_label(name, hp)} (immune{'' if why == name else ': ' + why})"


def _damage_source(s: SentinelsState, st: Step, this: int, hero: int) -> int:
    """The card a damage step's damage comes from (as `damage_carried` reads it)."""
    t = s.T
    return (this if st.source == "this" else t.villain_character
            if st.source == "villain_character" else s.char[hero] if hero >= 0 else this)


def _select_prompt(name: str, st: Step, n: int) -> str:
    """What the chosen target will get: "Rust Bolt: deal 2 fire damage — choose a target"."""
    return f"{name}: {step_words(st, n)} — choose a target"


def step_words(st: Step, n: int) -> str:
    """A selecting step in words, with its amount and damage type."""
    if st.verb == "damage":
        return f"deal {n} {st.type} damage" + (" (irreducible)" if st.irreducible else "")
    if st.verb == "drain":
        return f"deal {n} {st.type} damage and regain as much HP"
    if st.verb == "heal":  # the heuristic reads "heal" in this prompt
        return f"heal: the target regains {n} HP"
    return st.verb.replace("_", " ")


@choice("select", _select_options)
def resolve_select(s: SentinelsState, f: tuple, opt: Option) -> None:
    """Apply the step to the chosen card, then look again for the next one (SOTM-16)."""
    _, sid, this, hero, other, done, left = f
    c = opt.data["card"]
    if c < 0:
        return
    st = s.T.steps[sid]
    if left > 1:
        s.stack.append(("select", sid, this, hero, other, (*done, c), left - 1))
    elif st.then:  # after the step has resolved on its (last) target
        push_effect(s, s.T.then[sid], this, hero, c)
    apply_to(s, sid, this, hero, other, c)
    loss_now(s)


def apply_to(s: SentinelsState, sid: int, this: int, hero: int, other: int, c: int) -> None:
    """A selecting step on one selected card `c`: damage read from its precompiled head
    (the hottest verb), any other verb by the rule step it registered."""
    t = s.T
    head = t.dmg_head[sid]
    if head is not None:
        so, dtype, irreducible, cross, drain, n = head
        src = (this if so == 0 else c if so == 1 else t.villain_character if so == 2
               else s.char[hero] if hero >= 0 else this)  # "this_hero"
        deal_damage(s, src, c, amount_of(s, sid, this) if n is None else n, dtype, irreducible,
                    hero if drain and hero >= 0 else -1,
                    cross)  # OBL-B1: the text names another zone
        return
    v = t.steps[sid].verb
    if t.remembering:  # a step remembering its result (`memory`): the card it acts on
        name = t.memo_steps.get(sid)
        if name is not None:
            memory.note(s, name, this, c, v not in _LATE)
    fn = (MODE_APPLY.get(v) if t.dynamic else None) or APPLY.get(v)
    if fn is not None:
        fn(s, sid, this, hero, other, c)


_LATE = frozenset({"damage", "drain", "destroy"})  # done only once dealt, or destroyed
