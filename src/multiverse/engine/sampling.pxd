# The compiled build's declaration for engine/sampling.py (setup.py): the 64-bit draw is a C
# call from the samplers. Pure Python ignores it.

cpdef object draw64(object rng)
