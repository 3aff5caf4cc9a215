"""One package per game; :mod:`solocards.games.registry` maps game ids to them."""
