"""Setting up a Sentinels game (SOTM-1 … SOTM-3)."""

from __future__ import annotations

from multiverse.engine.rng import splitmix_next
from multiverse.sentinels.state import Z_BOX, Z_DECK, Z_PLAY, Z_RESERVE, SentinelsState
from multiverse.sentinels.tables import Tables
from multiverse.sentinels.verbs import push_effect
from multiverse.sentinels.zones import draw, put


def setup(t: Tables, seed: int) -> SentinelsState:
    """Characters in play, decks shuffled, the villain's setup text (which triggers nothing,
    SOTM-2), then each player draws 4. H is fixed now (SOTM-3)."""
    s = blank_state(t, seed)
    s.htok = [list(t.hero_tokens[h][1]) for h in range(t.n_heroes)]
    s.char = list(t.character)
    s.user = list(range(t.n_heroes))
    s.azone = [0] * len(t.okind)
    for h in range(t.n_heroes):
        put(s, t.character[h], Z_PLAY)
        for m in t.team.get(t.character[h], ()):  # OBL-C24: a team's other characters
            put(s, m, Z_PLAY)
    put(s, t.villain_character, Z_PLAY)
    zone, home, deck = s.zone, s.home, s.deck
    for o, cards in enumerate(t.deck_cards):
        for c in cards:  # `put` into the deck, written out (a game's largest loop of setup)
            zone[c] = Z_DECK
            deck[home[c]].append(c)
        s.shuffle(deck[o])
    if t.reserve_cards:  # a reserve pile (not a deck), shuffled (OBL-C5)
        for c in t.reserve_cards:
            s.zone[c] = Z_RESERVE
            s.reserve.append(c)
        s.shuffle(s.reserve)
    s.stack = [("round",), ("deal_hands",)]
    push_effect(s, t.setup_fx, t.villain_character, -1, -1)
    return s



def blank_state(t: Tables, seed: int) -> SentinelsState:
    """A state with every card in the box, nothing in play, counters at their start, the
    generator seeded: what both modes' setups start from. Players, hero decks and zones
    are the caller's (`char`, `user`, `azone`, `htok`)."""
    s = SentinelsState.__new__(SentinelsState)
    s.T = t
    s.log = None
    s._decision = None
    _, s.rng = splitmix_next(seed & ((1 << 64) - 1))
    s.result, s.reason, s.decisions = None, "", 0
    n_cards, owners = len(t.card), len(t.okind)
    s.zone = bytearray([Z_BOX]) * n_cards  # (bytes: small numbers, copied as one block)
    s.home = [o if o > 0 else 0 for o in t.owner]
    s.deck = [[] for _ in range(owners)]
    s.hand = [[] for _ in range(owners)]
    s.trash = [[] for _ in range(owners)]
    s.play = [[] for _ in range(owners)]
    s.hp = [0] * n_cards
    s.tok = [0] * n_cards
    s.seq = [0] * n_cards
    s.next_seq = 1
    s.incap = [0] * t.n_heroes
    s.face = bytearray(n_cards)
    s.ctr = list(t.counter_start)
    s.under = []
    s.reserve = []
    s.mods = []
    s.inplay = []
    s.live = None
    s.home_shared = s.face_shared = s.tok_shared = s.seq_shared = False  # (its own lists)
    s.bz = bytearray(n_cards)
    s.turn, s.phase, s.round = t.villain, "setup", 1
    s.played = s.powered = 0
    s.incap_used = 0
    s.turn_destroyed = s.turn_discarded = 0  # "this turn" (state.TURN_FIELDS)
    s.turn_flipped = [0] * t.n_heroes
    s.turn_fired = []  # "this turn" facts (state.py)
    s.turn_dmg = {}
    return s

def deal_hands(s: SentinelsState, f: tuple) -> None:
    """SOTM-2: each player draws 4 (after the villain's setup)."""
    for h in range(s.T.n_heroes):
        draw(s, h, s.T.config.hand_size)
    s.phase = "start"


SentinelsState.STEPS["deal_hands"] = deal_hands
