"""The browser layer of Altibox, in four rooms (no rule lives here: every rule question is asked
of ``altibox``):

- :mod:`web.dom`: the DOM glue, the only package that imports the browser (``pyscript``,
  ``pyodide``, ``js``): routing, event binding, swapping strings into the page;
- :mod:`web.play`: a table being played, pure Python: the controllers, sessions, turns, seats,
  bot scheduling, one board adapter per game, storage;
- :mod:`web.html`: the HTML of the screens and the play screen's panels (pure);
- :mod:`web.links`: the page's address, records in links, share and embed links (pure).

``tests/unit/test_web_structure.py`` guards the split (browser imports, no cycles, module size).
"""
