"""The HTML of the screens (landing, new-game form, errors, How to play) and of the play
screen's panels (status, score pad, log), as pure functions of data (no browser imports)."""
