"""The Textual interface. Empty until the terminal-game issue (4); `hexfront play` is headless for now."""
