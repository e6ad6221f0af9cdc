"""Choosing a target on the battle screen: Tab and Shift+Tab step through the hexes the order being aimed
can reach, nearest to the piece first, and the Orders pane shows which target the cursor is on, how far
it is, and the odds of the order there (from the rule system's own preview, as at the confirm step)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from textual.screen import Screen

from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.system import RuleSystem
from hexfront.engine.core.view import BoardView, OrderPreview

from ..orders import OrderEditor, preview_of
from ..session import Session
from ..widgets.hexmap import HexMap
from ..widgets.panes import where

if TYPE_CHECKING:
    _Screen = Screen[None]
else:  # a mixin: the screen it is mixed into comes later in BattleScreen's bases
    _Screen = object

#: The order aimed at the hex under the cursor, (piece, action, hex), and its preview.
Aimed = tuple[tuple[str | None, str | None, Hex], OrderPreview | None]


class Aiming(_Screen):
    """Mixed into BattleScreen, which gives ``editor``, ``board``, ``session``, ``system`` and the panes."""

    editor: OrderEditor
    board: BoardView
    session: Session
    system: RuleSystem
    _aimed: Aimed | None

    if TYPE_CHECKING:  # what BattleScreen gives
        def _draw_orders(self) -> None: ...

        def _draw_info(self) -> None: ...

    def _unit_hex(self, unit: str | None) -> Hex | None:
        pieces = {p.id: p for p in self.board.pieces}
        piece = pieces.get(unit) if unit is not None else None
        if piece is None:
            return None
        if piece.aboard is not None and piece.aboard in pieces:
            return pieces[piece.aboard].at
        return piece.at

    def targets_nearest_first(self) -> list[Hex]:
        """The hexes the action being aimed can reach, nearest to the piece first (then top to bottom)."""
        origin = self._unit_hex(self.editor.unit)
        hexes = list(self.editor.highlight_targets())
        return sorted(hexes, key=lambda h: (origin.distance(h) if origin is not None else 0, h.r, h.q))

    def _aim_line(self) -> str:
        """Which target the cursor is on (k of n, how far), or how to reach one."""
        at = self.query_one(HexMap).cursor_hex
        targets = self.targets_nearest_first()
        if at not in targets:
            piece = self.query_one(HexMap).piece_at(at)
            if piece is None:
                return ""
            why = self.refusal_at(at)
            return f"Not {piece.name}: {why}" if why else ""
        origin = self._unit_hex(self.editor.unit)
        far = origin.distance(at) if origin is not None else None
        piece = self.query_one(HexMap).piece_at(at)
        what = f"{piece.name} at {where(at)}" if piece is not None else where(at)
        away = "" if far is None else f", {far} hex{'' if far == 1 else 'es'} away"
        return f"Target {targets.index(at) + 1} of {len(targets)}: {what}{away}"

    def _aim_preview(self) -> OrderPreview | None:
        """The preview (odds) of the order at the target under the cursor; with several ways to give it
        there (a choice of section or weapon mode), of the first."""
        at = self.query_one(HexMap).cursor_hex
        if at not in self.editor.highlight_targets():
            return None
        if self._aimed is not None and self._aimed[0] == (self.editor.unit, self.editor.action, at):
            return self._aimed[1]
        options = [o for o in self.editor.book.options(self.editor.unit, self.editor.action or "")
                   if o.parts.target == at]
        preview = preview_of(self.system, self.session.state, options[0].command) if options else None
        self._aimed = ((self.editor.unit, self.editor.action, at), preview)
        return preview

    def action_next_target(self, step: int = 1) -> None:
        """Tab in target mode: the cursor to the next target, nearest first, with its odds."""
        targets = self.targets_nearest_first()
        if not targets:
            return
        hexmap = self.query_one(HexMap)
        at = hexmap.cursor_hex
        i = targets.index(at) + step if at in targets else (0 if step > 0 else -1)
        hexmap.move_cursor_to(targets[i % len(targets)])
        self._draw_orders()
        self._draw_info()

    def action_previous_target(self) -> None:
        self.action_next_target(-1)

    def refusal_at(self, at: Hex) -> str | None:
        """Why the action being aimed cannot be given at ``at``, in the rule system's words: one of the
        action's legal orders is aimed there instead (its target hex, or the piece on it, put in place of
        the one it names) and the system's own check says why it is refused. None when no such order
        can be made (an empty hex for a shot, say)."""
        unit, action = self.editor.unit, self.editor.action
        if action is None:
            return None
        board = {p.at: p for p in self.board.pieces if p.at is not None and p.aboard is None}
        there = board.get(at)
        for option in self.editor.book.options(unit, action):
            aimed = option.parts.target
            command = option.command
            if aimed is None or not attrs.has(type(command)):
                continue
            was = board.get(aimed)
            for field in attrs.fields(type(command)):
                value = getattr(command, field.name)
                moved: dict[str, Hex | str]
                if value == aimed:
                    moved = {field.name: at}
                elif was is not None and there is not None and value == was.id:
                    moved = {field.name: there.id}
                else:
                    continue
                try:
                    reason = self.system.validate(self.session.state, attrs.evolve(command, **moved))
                except (KeyError, AttributeError, TypeError, ValueError):
                    reason = None  # a check that does not expect this hex or piece: no reason to give
                if reason:
                    return reason
        return None
