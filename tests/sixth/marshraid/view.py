"""What a Marsh Raid player sees: the board, who acts, the end-of-battle summary (engine.core.view)."""

from __future__ import annotations

from hexfront.engine.core.hexes import axial_to_offset
from hexfront.engine.core.view import ActivationView, BattleSummary, BoardView, Piece, SideInfo, TerrainKey

from .state import RaidState


def board(st: RaidState) -> BoardView:
    terrain = st.content.terrain.terrain
    cols = 1 + max(axial_to_offset(h)[0] for h in st.ground)
    rows = 1 + max(axial_to_offset(h)[1] for h in st.ground)
    pieces = []
    for fighter in sorted(st.standing(st.sides[0]) + st.standing(st.sides[1]), key=lambda f: f.id):
        kind = st.content.pieces.kinds[fighter.kind]
        taken = kind.wounds - fighter.wounds_left
        pieces.append(Piece(fighter.id, fighter.side, kind.glyph, st.name(fighter.id), fighter.at,
                            marks=str(taken) if taken else "",
                            state=f"{fighter.wounds_left} of {kind.wounds} wounds left",
                            details=(f"strikes within {kind.reach} hex{'es' if kind.reach > 1 else ''}, "
                                     f"needing {kind.need}+ on a d6",)))
    return BoardView(cols=cols, rows=rows, terrain={h: terrain[tid].glyph for h, tid in st.ground.items()},
                     legend=tuple(TerrainKey(t.glyph, t.name, t.effect) for t in terrain.values()),
                     pieces=tuple(pieces),
                     sides=tuple(SideInfo(s.id, s.name) for s in st.content.scenario.sides))


def activation(st: RaidState) -> ActivationView:
    if st.result is not None:
        return ActivationView(now="The battle is over")
    limit = st.content.scenario.turn_limit
    return ActivationView(now=f"{st.side_name(st.active)}: one order (turn {st.turn} of {limit})",
                          lines=(f"then {st.side_name(st.enemy_of(st.active))}",),
                          waiting=frozenset(f.id for f in st.standing(st.active)))


def summary(st: RaidState) -> BattleSummary:
    fallen = {side: sum(1 for f in st.fighters.values() if f.side == side and f.wounds_left <= 0)
              for side in st.sides}
    return BattleSummary(casualties=fallen, turns=st.turn)
