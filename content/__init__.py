"""The rule systems' content (TOML tables, scenarios, rules help), one folder per system; shipped in the
wheel as package data and read through importlib.resources (engine.core.system.content_root)."""
