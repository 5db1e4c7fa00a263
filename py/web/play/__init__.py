"""A table being played, as pure Python (no browser imports; tested in CPython): the play and
board controllers, the session (states, undo/redo, records), the turn protocol, the seats, the
bots' scheduling, one board adapter per game, scene boards, and storage."""
