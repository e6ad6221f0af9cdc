"""One sub-package per rule system; each exposes ``SYSTEM``. Found by engine.core.system.all_systems()."""
