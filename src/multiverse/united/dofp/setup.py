"""Setting up a Days of Future Past game (MU-6 … MU-8, DFP-S1 … DFP-S7)."""

from __future__ import annotations

from multiverse.engine.rng import MASK, splitmix_next
from multiverse.united.board import RING, opposite
from multiverse.united.standard.setup import standard_setup
from multiverse.united.state import PHASE_SENTINELS, UnitedState
from multiverse.united.tables import Tables
from multiverse.united.vocab.components import setup_components
from multiverse.united.vocab.parts import setup_parts


def seed_state(seed: int) -> int:
    """Mix a user seed into the generator's 64-bit state."""
    _st, out = splitmix_next(seed & MASK)
    return out


def target_tokens(t: Tables) -> list[int]:
    """DFP-S4/S5/S6/SOLO1: which Sentinel's Target token each hero holds (-1: none)."""
    n = t.n_heroes
    if t.config.solo:
        return [-1] * n
    if n <= 3:
        return list(range(n))
    out, sn = [], 0
    for h in range(n):
        if h == t.config.tokenless_seat:
            out.append(-1)
        else:
            out.append(sn)
            sn += 1
    return out


def deal_hero_cards(s: UnitedState, h: int) -> None:
    """MU-8: hero `h` shuffles their deck and draws 3. A card marked to start in hand is
    in the opening hand besides the 3 drawn; one marked for the bottom goes under the
    shuffled deck."""
    t = s.T
    start = t.card_start
    d = [c for c in t.hero_cards[h] if c not in start] if start else list(t.hero_cards[h])
    s.shuffle(d)
    k = min(t.config.first_draw, len(d))
    drawn = d[len(d) - k:][::-1]
    rest = d[: len(d) - k]
    if start:
        drawn = [c for c in t.hero_cards[h] if start.get(c) == "hand"] + drawn
        rest = [c for c in t.hero_cards[h] if start.get(c) == "bottom"] + rest
    s.hand.append(drawn)
    s.deck.append(rest)


def setup(t: Tables, seed: int) -> UnitedState:
    """Lay out a new game; the heroes take the first turn (DFP-A1)."""
    s = UnitedState.__new__(UnitedState)
    s.T = t
    s.log = None
    s._decision = None
    s.rng = seed_state(seed)
    s.result, s.reason, s.decisions = None, "", 0
    # MU-6: six Locations drawn, setup tokens, one Threat on each
    pool = [i for i in range(len(t.loc_name)) if t.loc_dealt[i]]  # `dealt: false`: vocab/parts.py
    s.shuffle(pool)
    s.locs = pool[:RING]
    s.civ = [t.loc_start[li][0] for li in s.locs]
    s.thug = [t.loc_start[li][1] for li in s.locs]
    threats = list(range(len(t.threat_name)))
    s.shuffle(threats)
    s.threat = (threats + [-1] * RING)[:RING]
    s.need = [0] * (RING * 4 if t.wild_costs else RING * 3)  # Wild counts after the rest
    for pos, th in enumerate(s.threat):
        if th >= 0:
            s.need[pos * 3: pos * 3 + 3] = list(t.threat_cost[th])
            if t.wild_costs:
                s.need[RING * 3 + pos] = t.threat_wild[th]
    # MU-7: the Villain's starting Location; heroes start opposite it (Decision)
    vs = t.config.villain_start
    s.villain_start = vs if vs is not None else s.below(RING)
    n = t.n_heroes
    start = opposite(s.villain_start) if t.config.hero_start == "opposite" else s.villain_start
    s.hero_loc = [start] * n
    # MU-8: each hero shuffles their deck and draws 3
    s.deck, s.hand = [], []
    for h in range(n):
        deal_hero_cards(s, h)
    s.tokens = [0] * (4 * n)
    s.ko, s.out = [0] * n, [0] * n
    # DFP-S3/S4/S5/S6: Sentinels in the Villain's starting Location, Target tokens
    s.target = target_tokens(t)
    sentinels = 2 if (n == 2 and not t.config.solo) else 3
    s.s_loc = [s.villain_start if i < sentinels else -1 for i in range(3)]
    s.s_hp = [t.sentinel_health if i < sentinels else 0 for i in range(3)]
    s.pile = []
    if t.config.solo:
        s.pile = [i for i in range(3) if s.s_loc[i] >= 0]
        s.shuffle(s.pile)
    # DFP-S7: Nimrod and his Master Plan deck are set aside
    s.phase = PHASE_SENTINELS
    s.n_loc, s.n_hp = -1, 0
    s.mp_deck = list(t.mp_cards)
    s.shuffle(s.mp_deck)
    s.since, s.retreat, s.track, s.ovf = 0, 0, t.track_start, 0
    s.grab, s.progress = -1, [0, 0, 0]
    s.hench = [t.threat_health[th] if th >= 0 else 0 for th in s.threat]
    s.story, s.pool, s.fx_card = [], [0, 0, 0, 0], -1
    s.protect = []
    s.seen = []
    s.mp_known = []
    s.xtok = [0] * 6
    s.now = [0, 0, 0, 0]
    setup_components(s)
    setup_parts(s)  # a hero's own tokens, deck and markers (vocab/parts.py)
    s.active, s.turn, s.round = 0, 1, 1
    s.stack = [("hero_turn",)]
    if t.mode == "standard":
        standard_setup(s)
    return s
