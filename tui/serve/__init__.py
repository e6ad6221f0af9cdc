"""``hexfront serve``: the public SSH game host (server.py), one game process per player on a
pseudo-terminal of its own (relay.py, confine.py), the limits it holds (limits.py) and the keys it knows
(keys.py); session.py is the game process each connection runs."""
