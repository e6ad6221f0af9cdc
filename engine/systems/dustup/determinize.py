"""What one side of a Dustup battle can know, for the hard player's search (engine.core.search).

A copy of the battle is re-dealt from ``side``'s knowledge:
- every deck's draw pile (the activation cards) is shuffled: neither side knows its order;
- the enemy's hidden-unit markers (Detect Action: Hidden Units) look alike, real or dummy: which marker
  covers which hidden unit, and which are dummies, is dealt again among them (the units move with them);
- the enemy's hidden minefields are inverted counters whose type is unknown: each gets a type dealt at
  random (AP, AT, mixed or dummy);
- the enemy's IEDs, booby traps and command-detonated mines are not seen at all until found: the copy has
  none;
- the enemy's fire-support target markers look alike: which of a mission's markers is the real aim point is
  dealt again among them (the mission's target and dummies with it).
"""

from __future__ import annotations

import attrs

from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.rng import Generator
from hexfront.engine.core.system import shuffle_draw_piles

from .board import COVERT, MINE_TYPES
from .state import DustState, feature_data


def determinize(st: DustState, side: str, gen: Generator) -> DustState:
    """A copy of ``st`` re-dealt from what ``side`` can know (see the module's docstring)."""
    copy = st.copy()
    shuffle_draw_piles(copy.decks, gen)
    _deal_markers(copy, side, gen)
    for fid in sorted(copy.features):
        f = copy.features[fid]
        if f.hidden and f.side and f.side != side and f.kind in COVERT:
            del copy.features[fid]
    _deal_minefields(copy, side, gen)
    _deal_targets(copy, side, gen)
    return copy


def _deal_markers(st: DustState, side: str, gen: Generator) -> None:
    """The enemy's hidden units are dealt again among the enemy's markers, real and dummy alike."""
    ids = sorted(m for m, marker in st.markers.items() if marker.side != side)
    if len(ids) < 2:
        return
    units = sorted((st.markers[m].unit for m in ids), key=lambda u: (u is not None, u or ""))
    order = gen.permutation(len(ids))
    for uid in units:
        u = st.units.get(uid) if uid is not None else None
        if u is not None and u.pos is not None and st.occupant.get(u.pos) == u.id:
            del st.occupant[u.pos]
    for k, mid in enumerate(ids):
        uid = units[order[k]]
        st.markers[mid] = attrs.evolve(st.markers[mid], unit=uid)
        u = st.units.get(uid) if uid is not None else None
        if u is not None and u.pos is not None:
            u.pos = st.markers[mid].pos
            st.occupant[u.pos] = u.id


def _deal_minefields(st: DustState, side: str, gen: Generator) -> None:
    """Each hidden enemy minefield gets a type dealt at random (AP, AT, mixed or dummy): not even how many of
    each there are is known to ``side``."""
    kinds = sorted(MINE_TYPES)
    for fid in sorted(st.features):
        f = st.features[fid]
        if f.kind != "minefield" or not f.hidden or not f.side or f.side == side:
            continue
        data = tuple(d for d in f.data if not d.startswith("type=")) + feature_data(type=kinds[gen.below(len(kinds))])
        st.features[fid] = attrs.evolve(f, data=tuple(sorted(data)))


def _deal_targets(st: DustState, side: str, gen: Generator) -> None:
    for mid in sorted(st.missions):
        mission = st.missions[mid]
        if mission.side == side or mission.target is None or not mission.dummies:
            continue
        marks = sorted((f for f in st.features.values()
                        if f.kind == "target" and f.side == mission.side and str(f.get("mission", "")) == mid),
                       key=lambda f: f.id)
        spots: list[Hex] = sorted([mission.target, *mission.dummies], key=lambda h: (h.q, h.r))
        real = spots[gen.below(len(spots))]
        st.missions[mid] = attrs.evolve(mission, target=real, dummies=tuple(h for h in spots if h != real))
        for f in marks:
            data = tuple(d for d in f.data if not d.startswith("dummy="))
            st.features[f.id] = attrs.evolve(f, data=tuple(sorted(data + feature_data(dummy=int(f.pos != real)))))
