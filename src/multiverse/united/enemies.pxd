# The compiled build's declarations for united/enemies.py (setup.py): the enemies at a
# Location and the Wild symbols left on its Threat, read for every hero action decision,
# are C functions on C integers (a rule importing them calls them directly). Pure Python
# ignores it.
from multiverse.united.state cimport UnitedState


cpdef list enemies_at(UnitedState s, Py_ssize_t pos, bint villains_only=*)
cpdef Py_ssize_t wild_left(UnitedState s, Py_ssize_t pos) except? -2
