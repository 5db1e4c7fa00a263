"""The DOM glue: the only package of :mod:`web` that imports the browser (``pyscript``,
``pyodide``, ``js``). Its modules bind events, route, and swap in the strings that the pure
packages (:mod:`web.play`, :mod:`web.html`, :mod:`web.links`) make."""
