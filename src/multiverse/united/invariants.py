"""The facts that hold at every decision of a Marvel United game (both modes): what the
random playouts check after every decision, and what `Mode.check_invariants` asserts."""

from __future__ import annotations

from multiverse.engine.invariants import check_decision
from multiverse.united.board import RING
from multiverse.united.enemies import wild_left
from multiverse.united.lasting import check_lasting
from multiverse.united.owned import slots as slot_count
from multiverse.united.state import PHASE_NIMROD, PHASE_SENTINELS, PHASE_VILLAIN, UnitedState
from multiverse.united.vocab.components import check_components
from multiverse.united.vocab.moves import check_moves, removed_master_plan
from multiverse.united.vocab.parts import check_parts
from multiverse.united.vocab.terms import KINDS as TERMS_KINDS
from multiverse.united.vocab.turn import check_turn_effects


def check_invariants(s: UnitedState) -> None:
    """Every fact that must hold at each decision point (and at the end)."""
    if s.T.mode == "standard":
        check_standard(s)
    else:
        check_dofp(s)


def check_hero_cards(s: UnitedState) -> list[int]:
    """Every hero card in the game (a difficulty Challenge removes some: `T.hero_cards`
    lists those in it) is in exactly one place: hand, deck or Storyline (faceup or
    ~facedown). Returns the Storyline's card ids."""
    t = s.T
    owner = t.card_owner
    story = [c if c >= 0 else ~c for c in s.story]
    assert all(0 <= c < len(owner) for c in story), s.story
    for h in range(t.n_heroes):
        placed = s.hand[h] + s.deck[h] + [c for c in story if owner[c] == h]
        assert sorted(placed) == sorted(t.hero_cards[h]), f"hero {h} cards: {placed}"
    check_terms(s)
    return story


def check_terms(s: UnitedState) -> None:
    """The counts group: this turn's tally holds 4 counts, none negative; action tokens are
    never negative; every lasting record of the group (-300 .. -399) has a known code."""
    assert len(s.now) == 4 and min(s.now) >= 0, s.now
    assert min(s.tokens) >= 0, s.tokens
    p = s.protect
    for i in range(0, len(p), 4):
        if -400 < p[i] <= -300:
            assert p[i] in TERMS_KINDS and p[i + 1] >= 0, p[i: i + 4]


def check_dofp(s: UnitedState) -> None:
    """Every fact that must hold at each decision point (and at the end)."""
    t = s.T
    n = t.n_heroes
    owner = t.card_owner
    story = check_hero_cards(s)
    # each Master Plan card is in the deck or (faceup) in the Storyline, once
    mp = s.mp_deck + [c for c in story if owner[c] < 0] + (removed_master_plan(s) if s.protect else [])
    assert sorted(mp) == sorted(set(mp)) and set(mp) <= set(t.mp_cards), mp
    assert all(c >= 0 for c in s.story if owner[c if c >= 0 else ~c] < 0)
    if s.phase == PHASE_SENTINELS:
        assert sorted(mp) == sorted(t.mp_cards), "the Master Plan deck is set aside (DFP-S7)"
    # Locations: tokens within slots; Threat symbols to fill
    assert sorted(s.locs) == sorted(set(s.locs)) and len(s.locs) == RING
    for pos in range(RING):
        slots = slot_count(s, pos)  # with slot tokens (united/owned.py)
        assert s.civ[pos] >= 0 and s.thug[pos] >= 0
        assert s.civ[pos] + s.thug[pos] + s.xtok[pos] <= slots, f"Location {pos}: {s.civ[pos]}+{s.thug[pos]}>{slots}"
        need = s.need[pos * 3: pos * 3 + 3]
        assert min(need) >= 0 and wild_left(s, pos) >= 0
        if s.threat[pos] < 0:
            assert need == [0, 0, 0] and not wild_left(s, pos)
        else:
            assert sum(need) + wild_left(s, pos) > 0, "a Threat with nothing left to fill is cleared"
            assert all(a <= b for a, b in zip(need, t.threat_cost[s.threat[pos]], strict=True))
    # Sentinels: Health within 0..start; defeated ones (location -1) have 0
    for i in range(3):
        assert 0 <= s.s_hp[i] <= t.sentinel_health, f"Sentinel {i} Health {s.s_hp[i]}"
        assert -1 <= s.s_loc[i] < RING
        assert (s.s_loc[i] < 0) == (s.s_hp[i] == 0), (s.s_loc, s.s_hp)
    # Nimrod: absent while the Sentinels stand, then Health within 0..start
    if s.phase == PHASE_SENTINELS:
        assert s.n_loc == -1 and s.n_hp == 0
    else:
        assert s.phase == PHASE_NIMROD
        assert s.live_sentinels() == []
        assert 0 <= s.n_hp <= t.nimrod_health and 0 <= s.n_loc < RING
        assert s.n_hp > 0 or s.result == "win"
    # the Nimrod Activation track
    assert 0 <= s.track <= t.track_max
    if s.track >= t.track_max:
        assert s.result == "loss"
    # heroes
    for h in range(n):
        assert 0 <= s.hero_loc[h] < RING
        assert s.ko[h] in (0, 1) and s.out[h] in (0, 1)
        if s.ko[h] or s.out[h]:
            assert s.hand[h] == [], f"a KO'd/eliminated hero holds cards: {s.hand[h]}"
        assert -1 <= s.target[h] < 3
        if s.target[h] >= 0:
            assert s.s_loc[s.target[h]] >= 0, "a defeated Sentinel's token is discarded"
    assert min(s.tokens) >= 0 and len(s.tokens) == 4 * n
    held = [x for x in s.target if x >= 0]
    assert len(held) == len(set(held)), s.target
    if t.config.solo:
        assert held == []
        assert len(s.pile) == len(set(s.pile)) and set(s.pile) <= set(s.live_sentinels())
    else:
        assert s.pile == []
    assert min(s.pool) >= 0
    assert len(s.protect) % 4 == 0
    check_turn_effects(s)
    if s.protect:
        check_lasting(s)
    check_moves(s)
    assert min(s.xtok) >= 0 and len(s.xtok) == RING and (t.extra_letter or not any(s.xtok))
    assert len(set(s.mp_known)) == len(s.mp_known) and set(s.mp_known) <= set(s.mp_deck), s.mp_known
    check_components(s)
    check_parts(s)
    assert s.fx_card == -1 or s.fx_card in s.story
    assert 0 <= s.active < n and 1 <= s.round <= s.turn
    check_decision(s, 1 if t.config.solo else n)


def check_standard(s: UnitedState) -> None:
    """Every fact that must hold at each decision point (and at the end)."""
    t = s.T
    n = t.n_heroes
    owner = t.card_owner
    assert t.mode == "standard" and s.phase == PHASE_VILLAIN
    story = check_hero_cards(s)
    # Master Plan cards: in the deck or faceup in the Storyline, each once
    mp = s.mp_deck + [c for c in story if owner[c] < 0] + (removed_master_plan(s) if s.protect else [])
    assert sorted(mp) == sorted(t.mp_cards), mp
    assert all(c >= 0 for c in s.story if owner[c if c >= 0 else ~c] < 0)
    # Locations: tokens within slots; Threats to fill or Henchmen to defeat
    assert sorted(s.locs) == sorted(set(s.locs)) and len(s.locs) == RING
    for pos in range(RING):
        slots = slot_count(s, pos)  # with slot tokens (united/owned.py)
        assert s.civ[pos] >= 0 and s.thug[pos] >= 0
        assert s.civ[pos] + s.thug[pos] + s.xtok[pos] <= slots, f"Location {pos}: {s.civ[pos]}+{s.thug[pos]}>{slots}"
        need = s.need[pos * 3: pos * 3 + 3]
        th = s.threat[pos]
        assert min(need) >= 0 and wild_left(s, pos) >= 0
        if th < 0:
            assert need == [0, 0, 0] and s.hench[pos] == 0 and not wild_left(s, pos)
        elif t.threat_health[th]:
            assert 1 <= s.hench[pos] <= t.threat_health[th] and need == [0, 0, 0]
        else:
            assert s.hench[pos] == 0 and sum(need) + wild_left(s, pos) > 0, \
                "a Threat with nothing left to fill is cleared"
            assert all(a <= b for a, b in zip(need, t.threat_cost[th], strict=True))
    # the Villain: on the board, Health 0..start (0 only in a won game)
    assert 0 <= s.n_loc < RING
    assert 0 <= s.n_hp <= t.nimrod_health
    assert s.n_hp > 0 or s.result == "win"
    # the Villainous Plot
    assert 0 <= s.track <= t.track_max
    if s.track >= t.track_max:
        assert s.result == "loss"
    # Missions
    assert min(s.progress) >= 0 and len(s.progress) == 3
    # the Challenge Sentinel: the only Sentinel; Sentinel I may exceed its start
    sn = t.challenge
    for i in range(3):
        assert -1 <= s.s_loc[i] < RING
        assert (s.s_loc[i] < 0) == (s.s_hp[i] == 0), (s.s_loc, s.s_hp)
        if i != sn:
            assert s.s_loc[i] == -1
    if sn >= 0 and s.s_loc[sn] >= 0:
        assert s.s_hp[sn] >= 1
        if t.challenge_task != "gain_health":
            assert s.s_hp[sn] <= t.sentinel_health
    # Sentinel III's grip: a held hero is where the Sentinel is
    if s.grab >= 0:
        assert t.challenge_task == "grab" and s.s_loc[sn] >= 0
        assert 0 <= s.grab < n and s.hero_loc[s.grab] == s.s_loc[sn]
    else:
        assert s.grab == -1
    # heroes
    for h in range(n):
        assert 0 <= s.hero_loc[h] < RING
        assert s.ko[h] in (0, 1) and s.out[h] == 0
        if s.ko[h]:
            assert s.hand[h] == [], f"a KO'd hero holds cards: {s.hand[h]}"
    assert s.target == [-1] * n and s.pile == []
    assert min(s.tokens) >= 0 and len(s.tokens) == 4 * n
    assert min(s.pool) >= 0
    assert len(s.protect) % 4 == 0
    check_turn_effects(s)
    if s.protect:
        check_lasting(s)
    check_moves(s)
    assert min(s.xtok) >= 0 and len(s.xtok) == RING and (t.extra_letter or not any(s.xtok))
    assert len(set(s.mp_known)) == len(s.mp_known) and set(s.mp_known) <= set(s.mp_deck), s.mp_known
    check_components(s)
    check_parts(s)
    assert s.fx_card == -1 or s.fx_card in s.story
    assert 0 <= s.active < n and 1 <= s.round <= s.turn
    check_decision(s, n)
