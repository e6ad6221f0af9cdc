"""System-agnostic core: commands, events, the log, the generator, decks, hexes, saves."""
