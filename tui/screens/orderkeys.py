"""The order editor's keys on the battle screen: Tab and Shift+Tab through the pieces that can act, the
number keys for a menu's choices (0: the next nine), ``.`` to pass, Enter on a piece with no orders to
say what it is and why it has none. Each edit redraws the map, the Orders pane, the cursor line and the
status line; choosing a hex on the map is the screen's own (BattleScreen._hex_chosen)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.screen import Screen

from hexfront.engine.core.system import RuleSystem
from hexfront.engine.core.view import BoardView, OrderPreview, Piece

from ..orders import BROWSE, CONFIRM, OrderEditor
from ..session import Session
from ..widgets.hexmap import HexMap
from ..widgets.panes import OrderPane

if TYPE_CHECKING:
    _Screen = Screen[None]
else:  # a mixin: the screen it is mixed into comes later in BattleScreen's bases
    _Screen = object


class OrderKeys(_Screen):
    """Mixed into BattleScreen, which gives ``editor``, ``board``, ``session``, ``system``, the panes and their
    drawing."""

    editor: OrderEditor
    board: BoardView
    session: Session
    system: RuleSystem
    message: str
    _preview: OrderPreview | None

    if TYPE_CHECKING:  # what BattleScreen gives
        def say(self, message: str) -> None: ...
        def human_to_act(self) -> bool: ...
        def give(self, command: Any, by_computer: bool = False) -> None: ...
        def _unit_details(self, unit: str | None) -> list[str]: ...
        def _redraw_map(self) -> None: ...
        def _draw_orders(self) -> None: ...
        def _draw_info(self) -> None: ...
        def _draw_status(self) -> None: ...

    def inspect(self, piece: Piece) -> None:
        """Show everything about a piece that cannot take orders now (an enemy, or one that has acted),
        and why it cannot, in the rule system's words."""
        side = self.session.side_name(piece.side)
        reason = self.system.idle_reason(self.session.state, piece.id)
        lines = [f"{piece.name} [{piece.id}], {side}" + (f", {piece.state}" if piece.state else ""),
                 f"No orders: {reason}."]
        lines += self._unit_details(piece.id)
        lines.append("(Tab or Enter on one of yours to give orders)")
        self.query_one(OrderPane).show_waiting("\n".join(lines))
        self.say(f"{piece.name}: no orders now: {reason}")

    def _select(self, unit: str) -> None:
        self.after_edit(self.editor.select_unit(unit))

    def after_edit(self, refusal: str | None) -> None:
        if refusal:
            self.say(refusal)
        else:
            self.message = ""
        if self.editor.level != CONFIRM:
            self._preview = None
        self._redraw_map()
        self._draw_orders()
        self._draw_info()
        self._draw_status()

    def action_more(self) -> None:
        """Key 0: the next nine choices of a long menu."""
        if self.editor.next_page():
            self._draw_orders()
        else:
            self.say("every choice is already shown")

    def action_pick(self, index: int) -> None:
        if not self.human_to_act():
            return
        self.after_edit(self.editor.pick(index))

    def no_piece_acts(self) -> str:
        """What the status line says when no piece of the side to act has an order (Tab, Enter on an empty
        hex, '.' with no pass): why, in the rule system's own words ("no unit can act now: ...")."""
        return self.system.idle_reason(self.session.state, None)

    def action_pass_order(self) -> None:
        if not self.human_to_act():
            self.say("wait: it is not your turn to give orders")
            return
        actions = self.editor.book.actions(None)  # the whole side's menu, as a fresh order starts
        if "Pass" not in actions:  # the order being built, and the pane showing it, stay as they are
            idle = self.editor.level == BROWSE and not self.editor.book.units()
            self.say(f"there is no pass order now: {self.no_piece_acts()}" if idle else "there is no pass order now")
            return
        self.editor.reset(self.editor.book)
        index = actions.index("Pass")
        self.editor.page = index // self.editor.page_size
        self.after_edit(self.editor.pick(index % self.editor.page_size))

    def action_confirm(self) -> None:
        option = self.editor.chosen
        if option is None:
            return
        self.give(option.command)

    def action_next_piece(self, step: int = 1) -> None:
        hexmap = self.query_one(HexMap)
        units = [u for u in self.editor.book.units()]
        pieces = {p.id: p for p in self.board.pieces}
        units = [u for u in units if u in pieces and pieces[u].at is not None]
        if not units:
            if not self.human_to_act():
                self.say("no piece can act now: it is not your turn")
            else:
                self.say(self.no_piece_acts())
            return
        current = self.editor.unit
        i = units.index(current) + step if current in units else (0 if step > 0 else -1)
        unit = units[i % len(units)]
        piece = pieces[unit]
        carrier = pieces.get(piece.aboard) if piece.aboard is not None else None
        at = carrier.at if carrier is not None and carrier.at is not None else piece.at
        if at is not None:  # every piece listed is on the map, or aboard a carrier that is
            hexmap.move_cursor_to(at)
        self.editor.reset(self.editor.book)
        self._select(unit)

    def action_previous_piece(self) -> None:
        self.action_next_piece(-1)
