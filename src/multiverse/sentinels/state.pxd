# The compiled build's declaration of `SentinelsState` (setup.py): its fields are the slots of
# sentinels/state.py (`T`, the game's static tables, is itself an extension type); a rule's
# `s: SentinelsState` reads them directly. Pure Python ignores it.
cimport cython
from multiverse.engine.state cimport GameState
from multiverse.sentinels.tables cimport Tables


cdef class SentinelsState(GameState):
    cdef public Tables T
    cdef public list azone, char, ctr, deck, hand, home, hp, htok, incap, inplay, mods, play, reserve, seq, tok, trash, turn_fired, turn_flipped, under, user
    cdef public bytearray bz, face, zone
    cdef public dict live, turn_dmg
    cdef public bint face_shared, home_shared, seq_shared, tok_shared
    cdef public object incap_used, next_seq, phase, played, powered, round, turn, turn_destroyed, turn_discarded

    @cython.locals(o=cython.Py_ssize_t, d=cython.Py_ssize_t, h=cython.Py_ssize_t)
    cpdef Py_ssize_t hero_of(self, Py_ssize_t cid) except? -2
    cpdef Py_ssize_t owner_of(self, Py_ssize_t cid) except? -2
    cpdef bint in_play(self, Py_ssize_t cid) except -1
    cpdef bint is_target(self, Py_ssize_t cid) except -1
    cpdef list live_get(self, object key)
    @cython.locals(ip=list, face=bytearray, out=list, table=list, side=list, max_hp=list, has=list, sides=tuple,
                   co=object, c=Py_ssize_t, f=Py_ssize_t)
    cpdef list live_read(self, object key)
    @cython.locals(f=cython.Py_ssize_t)
    cpdef tuple _joins(self, Py_ssize_t cid)
    @cython.locals(live=dict, new=dict, card=object, cards=frozenset, sides=tuple, value=list,
                   joins=tuple, key=Py_ssize_t, t=Tables)
    cpdef live_enter(self, Py_ssize_t cid)
    @cython.locals(live=dict, new=dict, card=object, cards=frozenset, sides=tuple, value=list,
                   joins=tuple, key=Py_ssize_t, t=Tables)
    cpdef live_leave(self, Py_ssize_t cid)
    @cython.locals(live=dict)
    cpdef live_flip(self)
    cpdef list own_home(self)
    cpdef bytearray own_face(self)
    cpdef list own_tok(self)
    cpdef list own_seq(self)
    cpdef new_turn(self)
    cpdef list dense_dmg(self)
    cpdef Py_ssize_t seat(self, Py_ssize_t owner) except? -2
    cpdef str name(self, Py_ssize_t cid)
    cpdef str oname(self, Py_ssize_t o)


@cython.locals(x=list, out=list)
cpdef list _copies(list rows)
