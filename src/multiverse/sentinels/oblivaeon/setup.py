"""Setting up an OblivAeon game (OBL-S1 … S8)."""

from __future__ import annotations

from multiverse.sentinels.setup import blank_state
from multiverse.sentinels.state import Z_BOX, Z_DECK, Z_PLAY, Z_RESERVE, SentinelsState
from multiverse.sentinels.tables import Tables
from multiverse.sentinels.zones import put, take

ASIDE, GONE, UNUSED = -1, -2, -3  # an environment's `azone`: set aside, removed, not in the game


def setup(t: Tables, seed: int) -> SentinelsState:
    """OBL-S1: each player's hero (marker = play order); S2: the Mission, Scion, Aeon Men and
    OblivAeon decks shuffled; S3: every marker in the First Battle Zone; S4: the Shield and
    its Scion; S5: the Scion Reserve, its bottom Scion to the Second Battle Zone; S6: five
    environments, two in play; S7: the Countdown on 6. Then each player draws 4."""
    config = t.config
    s = blank_state(t, seed)
    p = t.n_heroes
    if "Countdown" in t.counter_index:  # OBL-S7: the Countdown token on space 6
        s.ctr[t.counter_index["Countdown"]] = min(6, t.counter_max[t.counter_index["Countdown"]])
    owners = len(t.okind)
    s.azone = [-1] * owners
    s.user = [-1] * len(t.hdeck_ids)
    s.char = [-1] * p
    s.htok = [[] for _ in range(p)]
    for pl in range(p):  # OBL-S1, S3: each hero, marker in the First Battle Zone
        s.azone[pl] = 0
        set_up_hero(s, pl, t.hdeck_chars[pl][0])
    put(s, t.villain_character, Z_PLAY)  # OBL-S3: OblivAeon's marker in the First Zone
    shields = list(t.shield_cards)
    shield = config.shield or shields[s.below(len(shields))]  # OBL-SH1
    sh = t.shield_cards[shield]
    put(s, sh, Z_PLAY)
    first = t.scion_cards[t.bring_forth[sh]]
    put(s, first, Z_PLAY)  # OBL-S4
    rest = [c for c in t.scion_cards.values() if c != first]  # OBL-S5, S8
    ordered = [t.scion_cards[n] for n in (config.scion_order or ()) if t.scion_cards[n] != first]
    loose = [c for c in rest if c not in ordered]
    s.shuffle(loose)
    for c in (*ordered, *loose):  # `reserve` lists the bottom first
        s.zone[c] = Z_RESERVE
        s.reserve.append(c)
    second = s.reserve[0]
    del s.reserve[0]
    s.zone[second] = Z_BOX
    s.bz[second] = 1
    put(s, second, Z_PLAY)
    zone, home, decks = s.zone, s.home, s.deck  # (decks filled as `put` would, no call per card)
    for o in (t.villain, t.villain + 1, t.villain + 2, t.mission):  # OBL-S2
        deck = decks[o]
        for c in t.deck_cards[o]:
            home[c], zone[c] = o, Z_DECK
            deck.append(c)
        s.shuffle(deck)
    envs = list(t.envs)  # OBL-S6: five environments, shuffled and set aside; two in play
    if config.environments:
        chosen = [t.envs[t.env_ids.index(e)] for e in config.environments]
    else:
        s.shuffle(envs)
        chosen = envs[:5]
    for o in t.envs:
        s.azone[o] = UNUSED
    for i, o in enumerate(chosen):
        s.azone[o] = i if i < 2 else ASIDE
        for c in t.deck_cards[o]:
            zone[c] = Z_DECK
            decks[home[c]].append(c)
        s.shuffle(s.deck[o])
    s.stack = [("ob_round",), ("deal_hands",)]
    return s


def set_up_hero(s: SentinelsState, pl: int, char: int) -> None:
    """OBL-I4: player `pl` sets up the hero of character card `char` as at the start of a
    game: the character in their play area at full HP, its 40 cards shuffled as their deck
    (the hand is drawn by the caller)."""
    t = s.T
    d = t.hdeck[char]
    s.user[d] = pl
    s.char[pl] = char
    s.incap[pl] = 0
    s.own_face()[char] = 0
    s.own_home()[char] = pl
    put(s, char, Z_PLAY, home=pl)
    for m in t.team.get(char, ()):  # OBL-C24: a team's other character cards
        if s.zone[m] != Z_BOX:
            take(s, m)
            s.zone[m] = Z_BOX
        s.own_face()[m] = 0
        put(s, m, Z_PLAY, home=pl)
    zone, home, face, deck = s.zone, s.own_home(), s.own_face(), s.deck[pl]
    for c in t.hdeck_cards[d]:  # (a card removed from the game stays out, OBL-C21)
        if zone[c] != Z_BOX:
            continue
        face[c] = 0
        home[c], zone[c] = pl, Z_DECK  # (as `put` would, no call per card)
        deck.append(c)
    s.shuffle(deck)
    s.htok[pl] = list(t.hero_tokens[d][1])
