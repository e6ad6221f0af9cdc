"""Measure Skirmishes selfplay and write the "## Skirmishes" section of benchmarks/RESULTS.md (issue 9).

The measuring is benchmarks/selfplay_bench.py's, shared by every system with a computer player:
`python benchmarks/skirmishes_bench.py [--games N] [--scenario NAME] [--no-write]`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from selfplay_bench import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main("skirmishes"))
