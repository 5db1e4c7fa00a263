"""The parts of Altiplano's table drawing (``altiplano.render`` is the entry point): one concern
a module, in layers — ``prims`` (SVG primitives, glyphs), ``moves`` (legal moves by target),
``context`` (one render's state), ``formulas`` (recipes as glyphs), ``table``, ``board``,
``others`` (the parts of the page), ``choice`` (a pending choice's panel). A module imports only
the ones before it."""
