"""The PyScript layer of Altibox: routing, storage, event binding and one page per game.

Modules that touch the browser (``app``, ``dom``) import ``pyscript``/``pyodide`` lazily; the
others (``storage``, ``session``, ``pages``) are pure Python and unit-tested in CPython.
No rule lives here: every rule question is asked of ``altibox``.
"""
