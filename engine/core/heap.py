"""Keeping a long-lived process's garbage collections short: one process may play battle after battle (the
terminal game, one SSH session of ``hexfront serve``, a benchmark's worker).

What outlives a battle is large and stays: the content's tables and the sight lines and odds the systems
remember, shared by every battle on the same map (hundreds of thousands of objects after a dozen battles).
Python's collector walks all of them at each full collection, a pause of 100-300 ms that lands in the middle
of whatever runs then (a computer player's decision, a key press). :func:`settle_heap`, called as a battle
begins, collects what the battle before it left, then sets what survives aside from the collector
(``gc.freeze``), so the collections during the battle walk only what the battle itself makes.

What is set aside is never collected while it stays aside, and some of it becomes garbage later (the terminal
game may still be taking the last battle's screen down when the next begins). So every ``FULL_EVERY``-th call
first puts everything back (``gc.unfreeze``) and collects the whole heap: nothing is kept for good, and what
lingers is at most a few battles' leftovers. The calls between collect only what is not set aside, which costs
what one battle made, not what the process holds. Measured in benchmarks/RESULTS.md, "## Long-lived process".
"""

from __future__ import annotations

import gc

#: every this many calls, settle_heap collects the whole heap, not only what was made since the last call
FULL_EVERY = 4

_calls = 0


def settle_heap() -> int:
    """Collect the garbage made since the last call (every ``FULL_EVERY``-th call: all of it, what was set aside
    included) and set the survivors aside from the collector; the number of objects set aside."""
    global _calls
    if _calls % FULL_EVERY == 0:
        gc.unfreeze()
    _calls += 1
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
