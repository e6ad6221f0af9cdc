"""The runs kept on a ground (ground.run_options): a run found once is the one a fresh search finds, and a
character standing in the way (or gone from it) gives another run, never the kept one."""

from __future__ import annotations

import attrs

from hexfront.engine.core.battle import Battle
from hexfront.engine.systems.skirmishes.ground import layer, run_options


def fresh(st, c) -> dict:
    """run_options with nothing kept: the search made anew."""
    layer(st).runs.clear()
    return run_options(st, c)


def test_a_kept_run_is_the_fresh_one_and_a_hex_taken_or_freed_gives_another():
    st = Battle.new("skirmishes").state
    c = next(c for c in st.chars.values() if c.able and not c.aboard)
    first = run_options(st, c)
    assert first and run_options(st, c) == first == fresh(st, c)
    assert run_options(st, c) is not run_options(st, c), "each caller gets its own copy"
    # another character steps onto a hex of the run: the run goes around it, and the kept run is not reused
    other = next(o for o in st.chars.values() if o.id != c.id and not o.aboard)
    spot = min((h for h, k in first.items() if k == min(first.values())), key=lambda h: (h.q, h.r))
    occupant = {h: cid for h, cid in st.occupant.items() if cid != other.id} | {spot: other.id}
    blocked = attrs.evolve(st, occupant=occupant)
    around = run_options(blocked, c)
    assert spot not in around and around == fresh(blocked, c)
    # and back as it was: the first run again
    assert run_options(st, c) == first
