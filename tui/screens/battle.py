"""The battle screen: hex map, activation queue, order editor, dice log, status line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Vertical
from textual.screen import Screen

from hexfront.engine.core.battle import IllegalOrder
from hexfront.engine.core.errors import HexfrontError
from hexfront.engine.core.heap import settle_heap
from hexfront.engine.core.hexes import Hex
from hexfront.engine.core.players import home_side, private_side
from hexfront.engine.core.system import RuleSystem
from hexfront.engine.core.tutorial import Tutorial, read_tutorial
from hexfront.engine.core.view import BoardView, OrderPreview, Piece, Route

from ..host import hexfront_app
from ..layout import is_compact, side_width
from ..orders import ACTION, BROWSE, CONFIRM, TARGET, VARIANT, OrderBook, OrderEditor, preview_of
from ..session import Session
from ..widgets.footer import Footer
from ..widgets.hexmap import HexMap
from ..widgets.lesson import READ_KEY, TutorialPane
from ..widgets.panes import (
    DiceLog,
    InfoLine,
    Legend,
    LogEntry,
    OrderPane,
    QueuePane,
    StatusLine,
    log_entries,
    where,
)
from .aiming import Aiming
from .computer import ComputerTurns
from .orderkeys import OrderKeys
from .takeback import TakingBack
from .thinking import THINKING_KEY
from .tutoring import TutorialSteps


class BoardScreen(Screen[None]):
    """The panes every battle view shares (play and replay): map, queue, orders, dice log, legend, status."""

    # kept out of the footer (80 columns hold few keys): the map's title names it instead
    BINDINGS = [Binding("L,shift+l", "legend", "legend", key_display="L", show=False)]
    home_side: str | None = None
    players: dict[str, str] = {}
    #: the rule system and the board shown now: set by the screens that show a battle (play, replay)
    system: RuleSystem
    board: BoardView

    def compose(self) -> ComposeResult:
        with Container(id="battle-body"):  # a grid (hexfront.tcss): the panel's place depends on the size
            with Vertical(id="map-column"):
                yield HexMap(id="map")
            with Vertical(id="side-column"):
                yield QueuePane(id="queue")
                yield OrderPane(id="orders")
                yield DiceLog(id="dicelog")
                yield Legend(id="legend")
            yield InfoLine(id="info")
        yield TutorialPane(id="tutorial")
        yield StatusLine(id="status")
        yield Footer()

    def setup_panes(self, board: BoardView, players: dict[str, str]) -> None:
        """Title the panes, lay them out for the terminal and draw the board; ``players``: the battle's
        setup players, which decide the side drawn as yours (upper case)."""
        self.players = dict(players)
        self.home_side = home_side([s.id for s in board.sides], self.players)
        self.query_one("#map").border_title = "Map (L: legend)"
        self.query_one("#queue").border_title = "Activation"
        self.query_one("#orders").border_title = "Orders"
        self.query_one("#dicelog").border_title = "Dice log"
        self.query_one("#legend").border_title = "Legend"
        self.query_one("#info").border_title = "Under the cursor"
        self._layout_for(self.app.size.width, self.app.size.height)
        self.query_one(HexMap).show(board, home_side=self.home_side)
        self.query_one(Legend).show(board, self.home_side, self.players)

    def on_resize(self, event: events.Resize) -> None:
        self._layout_for(event.size.width, event.size.height)

    def _layout_for(self, width: int, height: int) -> None:
        self.set_class(is_compact(width, height), "-compact")
        self.query_one("#battle-body").styles.grid_columns = f"1fr {side_width(width, height, self.board.cols)}"

    def legend(self) -> Text:
        """The whole legend of the board shown now (the L key and the help's first topic)."""
        from ..widgets.legend import legend_text

        return legend_text(self.board, self.home_side, self.players, self.system.marks_legend,
                           colour=not self.app.no_color)

    def action_legend(self) -> None:
        from .legend import LegendScreen

        # over the side column and whatever the map does not use, so the whole map stays in view
        width = max(self.query_one("#side-column").size.width, self.size.width - (2 * self.board.cols + 3))
        self.app.push_screen(LegendScreen(self.legend(), width, self.query_one(HexMap)))

    def toggle_dice_log(self) -> None:
        log = self.query_one(DiceLog)
        if self.focused is log:
            self.query_one(HexMap).focus()
        else:
            log.focus()


class BattleScreen(OrderKeys, TutorialSteps, ComputerTurns, Aiming, TakingBack, BoardScreen):
    """Play a battle. Orders go through the order editor; the computer's turns run off the UI thread."""

    BINDINGS = [
        Binding("question_mark", "app.help", "help", key_display="?"),
        Binding("escape", "back", "back"),
        Binding("z", "undo", "undo"),
        Binding("Z,shift+z", "redo", "redo", key_display="Z"),
        # in target mode Tab steps through the targets (nearest first); elsewhere through the pieces
        Binding("tab", "next_target", "next target", priority=True, key_display="Tab"),
        Binding("shift+tab", "previous_target", "previous target", priority=True, show=False),
        Binding("x", "skip_computer", "skip its turn"),  # shown only while the computer plays
        Binding("tab", "next_piece", "next piece", priority=True, show=False),
        Binding("shift+tab", "previous_piece", "previous piece", priority=True, show=False),
        Binding("full_stop", "pass_order", "pass", key_display="."),
        Binding("d", "dice_log", "dice log"),
        Binding("e", "explain", "explain roll", show=False),
        Binding("v", "toggle_sight", "sight"),
        Binding("t", "teach", "teach"),
        Binding("w", "why", "why? (rules)", show=False),
        Binding(THINKING_KEY, "computer_thinking", "reasons"),  # only against or watching the computer
        Binding("o", "odds", "odds", show=False),
        Binding("a", "activation", "activation", show=False),
        Binding("s", "save", "save"),
        Binding("+", "pace(1)", "computer faster", key_display="+", show=False),
        Binding("-", "pace(-1)", "computer slower", key_display="-", show=False),
        Binding("q", "leave", "leave"),
        *[Binding(str(i), f"pick({i - 1})", "", show=False) for i in range(1, 10)],
        Binding("0", "more", "more choices", show=False),
        Binding(READ_KEY, "tutorial_step", "the step in full"),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.system = session.system
        self.board = self.system.board(session.state, self.viewer())
        self.editor = OrderEditor(OrderBook(self.system, session.state, []))
        self.show_sight = False
        self.message = ""
        self.init_computer()
        self._ended = False
        self._preview: OrderPreview | None = None
        self._acted: frozenset[str] = frozenset()
        self._aimed = None  # ((unit, action, hex), its preview): the odds at the target under the cursor
        self._orders_room = 0  # the lines the Orders pane had when last drawn
        self._teaching = False  # a teach pause is up: the computer waits for it
        self._last_order = ""
        try:
            self.tutorial: Tutorial | None = read_tutorial(session.battle.setup.content)
        except HexfrontError:
            self.tutorial = None
        self._tutorial_done = False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Tab steps through targets only while a target is being chosen (else it picks pieces); x shows only
        while the computer plays, and the tutorial key only in a tutorial."""
        if action == "tutorial_step":
            return self.tutorial is not None
        if action in ("next_target", "previous_target"):
            return self.editor.level == TARGET and bool(self.editor.highlight_targets())
        if action == "skip_computer":  # in the footer only while the computer plays
            return self.session.computer_to_act()
        if action == "computer_thinking":  # a battle with a computer player in it
            return bool(self.session.computers)
        return True

    def viewer(self) -> str | None:
        """The side whose hidden pieces the map shows as themselves (engine.core.players.private_side)."""
        battle = self.session.battle
        return private_side(self.system.sides(battle.state), battle.setup.players)

    def on_mount(self) -> None:
        self.setup_panes(self.board, self.session.battle.setup.players)
        hexmap = self.query_one(HexMap)
        hexmap.on_cursor = self._cursor_moved
        first = self._first_piece_hex()
        if first is not None:
            hexmap.move_cursor_to(first)
        self.query_one(DiceLog).set_entries(self._all_log_entries())
        self.refresh_all()
        hexmap.focus()
        if self.tutorial is not None:
            self.add_class("-tutorial")
            self._draw_tutorial()
            if not self.session.battle.log:
                from .tutorial import TutorialMessage

                self.app.push_screen(TutorialMessage("Tutorial", self.tutorial.intro + "\n\n" + self._step_prompt()))
            self._tutorial_done = self._tutorial_finished()
        self.call_after_refresh(self._check_end)
        self.call_after_refresh(settle_heap)  # a battle begins: what earlier ones left, collected (engine.core.heap)

    # -- drawing ---------------------------------------------------------------------
    def _all_log_entries(self) -> list[LogEntry]:
        b = self.session.battle
        return log_entries(self.system, self.session.state, [b.setup_events] + b.events)

    def _first_piece_hex(self) -> Hex | None:
        side = self.session.side_to_act()
        for p in self.board.pieces:
            if p.at is not None and (side is None or p.side == side):
                return p.at
        return None

    def human_to_act(self) -> bool:
        b = self.session.battle
        return b.outcome() is None and not self.session.computer_to_act()

    def refresh_all(self, rebuild_book: bool = True) -> None:
        """Redraw every pane from the battle (after an order, undo, redo or load)."""
        session = self.session
        state = session.state
        self.board = self.system.board(state, self.viewer())
        if rebuild_book:
            commands = session.battle.legal_commands() if self.human_to_act() else []
            self.editor.reset(OrderBook(self.system, state, commands))
            self._preview = None
            self._aimed = None
            self._auto_select()
        activation = self.system.activation(state)
        self._acted = activation.acted  # kept for redraws between orders
        self.query_one(QueuePane).show(activation, self.controller_line())
        self._redraw_map()
        self._draw_orders()
        self._draw_info()
        self._draw_status()

    def controller_line(self) -> str:
        """Who gives the orders now, for the activation pane: "your orders", or the computer."""
        session = self.session
        side = session.side_to_act()
        if side is None or session.battle.outcome() is not None:
            return ""
        who = session.battle.setup.players.get(side, "human")
        return f"{session.side_name(side)}: " + ("your orders" if who == "human" else f"computer ({who})")

    def _auto_select(self) -> None:
        """When only one piece can act (a retarget offer), select it."""
        units = self.editor.book.units()
        if len(units) == 1 and not self.editor.book.actions(None):
            self.editor.select_unit(units[0])

    def _redraw_map(self) -> None:
        hexmap = self.query_one(HexMap)
        highlights: dict[Hex, str] = {}
        unit = self.editor.unit
        # facing games (30 Minute Missions) show a selected piece's field of view at once: it is what
        # decides where it can move and shoot; elsewhere v shows it
        if self.show_sight or (unit is not None and self.system.sight_on_select):
            viewer = unit
            if viewer is None:
                piece = hexmap.piece_at(hexmap.cursor_hex)
                viewer = piece.id if piece else None
            if viewer is not None:
                for h in self.system.visible_hexes(self.session.state, viewer):
                    highlights[h] = "sight"
        for h in self.editor.highlight_targets():
            piece = hexmap.piece_at(h)
            highlights[h] = "target" if piece is not None and piece.side != self._unit_side(unit) else "move"
        hexmap.show(self.board, highlights, unit, self._acted)

    def _unit_side(self, unit: str | None) -> str | None:
        for p in self.board.pieces:
            if p.id == unit:
                return p.side
        return self.session.side_to_act()

    def _describe_unit(self, unit: str | None) -> str:
        for p in self.board.pieces:
            if p.id == unit:
                return f"{p.name} [{p.id}]" + (f", {p.state}" if p.state else "")
        return "Orders for the whole side"

    def _unit_details(self, unit: str | None) -> list[str]:
        for p in self.board.pieces:
            if p.id == unit:
                return [line for line in p.details if not line.startswith(f"{p.name} [{p.id}]")]
        return []

    def _refit_orders(self) -> None:
        """After a layout: draw the orders again if the room the Orders pane has changed (the panes
        above it grew or shrank, the terminal was resized)."""
        if self.query_one(OrderPane).room() != self._orders_room:
            self._draw_orders()

    def on_resize(self, event: events.Resize) -> None:
        super().on_resize(event)
        self.call_after_refresh(self._refit_orders)

    def _draw_orders(self) -> None:
        pane = self.query_one(OrderPane)
        self._orders_room = pane.room() if pane.content_region.width else -1  # -1: not laid out yet
        self.call_after_refresh(self._refit_orders)
        b = self.session.battle
        if b.outcome() is not None:
            pane.show_waiting("The battle is over.")
        elif self.session.computer_to_act():
            pane.show_waiting(self.computer_waiting_text())
        else:
            if self.editor.level == CONFIRM and self._preview is None and self.editor.chosen is not None:
                self._preview = preview_of(self.system, self.session.state, self.editor.chosen.command)
            if self.editor.level == TARGET:
                pane.show_editor(self.editor, self._describe_unit, self._aim_preview(), self._unit_details,
                                 aim=self._aim_line())
            else:
                pane.show_editor(self.editor, self._describe_unit, self._preview, self._unit_details)
        self.refresh_bindings()

    def _draw_info(self) -> None:
        hexmap = self.query_one(HexMap)
        at = hexmap.cursor_hex
        extra = ""
        targets = self.editor.highlight_targets().get(at)
        if targets:
            extra = "orders here: " + ", ".join(targets)
        shown = hexmap.piece_at(at)
        self.query_one(InfoLine).show_hex(at, self.board, shown, extra, others_here(self.board, at, shown))

    def _draw_status(self) -> None:
        b = self.session.battle
        s = b.setup
        parts = [f"{self.system.title}: {s.scenario}", f"turn {self.system.turn(b.state)}",
                 f"order {len(b.log)}"]
        if b.setup.teach:
            parts.append("teach on")
        if self.message:
            parts.append(self.message)
        self.query_one(StatusLine).update(" | ".join(parts))
        self._show_save_alarm()

    def say(self, message: str) -> None:
        self.message = message
        self._draw_status()

    # -- map events ---------------------------------------------------------------------
    def _cursor_moved(self, at: Hex) -> None:
        self._draw_info()
        if self.editor.level == TARGET:
            self._draw_orders()  # the odds at the target under the cursor
        if self.show_sight and self.editor.unit is None:
            self._redraw_map()

    @on(HexMap.Chosen)
    def _hex_chosen(self, event: HexMap.Chosen) -> None:
        if not self.human_to_act():
            self.say("wait: it is not your turn to give orders")
            return
        at = event.at
        piece = self.query_one(HexMap).piece_at(at)
        level = self.editor.level
        if level == CONFIRM:
            self.action_confirm()
            return
        if level == VARIANT:
            self.say("pick one of the numbered choices, or Esc")
            return
        if level in (BROWSE, ACTION) and piece is not None and piece.id in self.editor.book.by_unit \
                and piece.id != self.editor.unit and at not in self.editor.highlight_targets():
            self._select(piece.id)
            return
        if level == ACTION and piece is not None and piece.id not in self.editor.book.by_unit \
                and at not in self.editor.highlight_targets():
            self.inspect(piece)  # a piece with no orders: what it is, and why it has none
            return
        if level == BROWSE:
            if piece is None and not self.editor.book.units():
                self.say(self.no_piece_acts())
            elif piece is None:
                self.say("no piece here; move the cursor onto one of yours (Tab cycles)")
            else:
                self.inspect(piece)
            return
        action = self.editor.action
        refusal = self.editor.choose_hex(at)
        if refusal and self.editor.level == TARGET:
            why = self.refusal_at(at)
            if why:
                refusal = f"{action}: not at {where(at)}: {why}"
        self.after_edit(refusal)

    # -- actions -------------------------------------------------------------------------
    def give(self, command: Any, by_computer: bool = False) -> None:
        if isinstance(command, Route):
            self.give_route(command)
            return
        try:
            text = self.system.describe_command(command, self.session.state)
            if by_computer:
                text = f"{self.session.side_name(self.session.side_to_act())} (computer): {text}"
            before = len(self.session.battle.events)
            self.session.submit(command)
        except IllegalOrder as refused:
            self.say(f"refused: {refused.message}")
            return
        # the key is named after every computer order: at 80 columns the footer has no room for it
        self.message = text + (f" ({THINKING_KEY}: why?)" if by_computer else "")
        self._last_order = text
        self._after_log_change(before)

    def _after_log_change(self, before: int | None) -> None:
        log = self.query_one(DiceLog)
        b = self.session.battle
        if before is None:
            log.set_entries(self._all_log_entries())
        else:
            log.add_entries(log_entries(self.system, self.session.state, b.events[before:], start=before + 1))
        self.refresh_all()
        self._draw_tutorial()
        if before is None or not b.setup.teach or self._skipping:
            self._taught()
            return
        from .teach import teach

        events = [e for evs in b.events[before:] for e in evs]
        self._teaching = True
        teach(self, self.system, self.session.state, events, f"Order {len(b.log)}: {self._last_order}",
              self._taught, earlier=b.state_after(len(b.log) - 1)[0])

    def _taught(self) -> None:
        """After an order and its teach pauses: the end of the battle, the tutorial, the computer's turn."""
        self._teaching = False
        self._check_end()
        self._check_tutorial()
        self.maybe_computer()

    # -- the end of the battle, leaving it, undo and redo, saves ------------------------------
    def _check_end(self) -> None:
        if self.session.battle.outcome() is not None and not self._ended:
            self._ended = True
            from .end import EndScreen

            self.app.push_screen(EndScreen(self.session))

    def action_back(self) -> None:
        """Esc: back out one level of the order being built, and never further than the choice of piece
        (leaving the battle is q, which asks first)."""
        if self.focused is self.query_one(DiceLog):
            self.query_one(HexMap).focus()
            return
        if self.editor.back():
            self.after_edit(None)
            return
        self._draw_orders()  # an enemy's details shown by Enter go
        self.say("nothing to back out of: q leaves the battle (it is kept)")

    def action_leave(self) -> None:
        """q: ask before leaving for the menu, saying where the battle is kept; a finished battle just goes.
        While the autosave fails with orders in no file, the question is the one that offers to save them
        elsewhere first (tui/screens/unsaved.py)."""
        if self.session.battle.outcome() is not None:
            self._leave(True)
            return
        if self.session.save_error is not None and self.session.unsaved:
            from .unsaved import ask_before_leaving

            ask_before_leaving(self.app, self.session, lambda: self._leave(True))
            return
        from .confirm import leave_battle_question

        self.app.push_screen(leave_battle_question(self.session.autosave, self.session.save_error), self._leave)

    def _leave(self, yes: bool | None) -> None:
        if not yes:
            return
        self.workers.cancel_group(self, "computer")
        if self.is_current:
            hexfront_app(self).go_to_menu()

    def action_save(self) -> None:
        if self.session.save_error is not None:  # the saves folder cannot be written: ask where
            self._save_elsewhere()
            return
        try:
            path = self.session.save_copy()
        except HexfrontError as exc:
            self.say(f"not saved: {exc.message}")
            return
        self.say(f"saved as {path}")
        self.notify(f"saved as {path}")  # the status line may be too narrow for the whole path

    # -- while the autosave fails (tui/screens/unsaved.py) ------------------------------------
    def _show_save_alarm(self) -> None:
        from .unsaved import show_save_alarm

        show_save_alarm(self, self.session, before=self.query_one("#battle-body"))

    def _save_elsewhere(self) -> None:
        from .unsaved import SaveElsewhereScreen

        def saved(path: Path | None) -> None:
            if path is not None:  # a typed path: shown as plain text, never as markup
                self.notify(f"saved as {path}", markup=False)
                self.say("saved elsewhere")

        self.app.push_screen(SaveElsewhereScreen(self.session), saved)

    def action_activation(self) -> None:
        """Every line of the activation pane on a screen of its own (the pane is short in 80 x 24)."""
        from .status import StatusScreen

        pane = self.query_one(QueuePane)
        self.app.push_screen(StatusScreen(pane.view, pane.controller))

    def action_dice_log(self) -> None:
        self.toggle_dice_log()

    @on(DiceLog.Selected)
    def _log_selected(self, event: DiceLog.Selected) -> None:
        self.action_explain()

    def action_explain(self) -> None:
        entry = self.query_one(DiceLog).selected_entry()
        if entry is None:
            self.say("the dice log is empty")
            return
        from .explain import ExplainScreen

        self.app.push_screen(ExplainScreen(self.session.battle, entry))

    def action_teach(self) -> None:
        """Step-through resolution on or off for this battle (kept in its save)."""
        setup = self.session.battle.setup
        setup.teach = not setup.teach
        self.session.write()
        self.say("teach on: every die and card pauses to explain itself (Space next, Esc skip)"
                 if setup.teach else "teach off")

    def action_why(self) -> None:
        """The rules section behind the dice-log entry picked (d, then Up/Down)."""
        entry = self.query_one(DiceLog).selected_entry()
        if entry is None:
            self.say("the dice log is empty")
            return
        open_rules(self, self.system.id, entry.rule)

    def action_computer_thinking(self) -> None:
        """c: the computer's last decision (the orders it weighed, their worth, what it expected)."""
        decision = self.session.last_decision
        if decision is None:
            self.say("the computer has given no order yet in this session")
            return
        from .thinking import ThinkingScreen

        self.app.push_screen(ThinkingScreen(decision, self.session.side_name(decision.side)))

    def action_odds(self) -> None:
        if self.editor.level != CONFIRM or self._preview is None or not self._preview.odds:
            self.say("odds show once an attack, test or draw is ready to give")
            return
        from .odds import OddsScreen

        self.app.push_screen(OddsScreen(self._preview))

    def action_toggle_sight(self) -> None:
        self.show_sight = not self.show_sight
        self.say("showing what the piece can see" if self.show_sight else "line of sight hidden")
        self._redraw_map()

    def on_screen_resume(self) -> None:
        """Back from a panel or dialog: the keys act on the battle again (not on the dice log)."""
        self.query_one(HexMap).focus()
        self.maybe_computer()


def others_here(board: BoardView, at: Hex, shown: Piece | None) -> list[Piece]:
    """Every piece at ``at`` besides the one the map draws there: those inside a building or aboard a
    carrier on that hex, and any sharing it (the cursor panel names them all)."""
    carriers = {p.id for p in board.pieces if p.at == at}
    return [p for p in board.pieces if p is not shown
            and (p.at == at or (p.aboard is not None and p.aboard in carriers))]


def open_rules(screen: Any, system_id: str, rule: str) -> None:
    """The rules browser at the section ``rule`` (a dice-log entry's rule reference) belongs to."""
    from .help import HelpScreen

    if not rule:
        screen.notify("that entry names no rule; ? opens the whole rules help")
        return
    screen.app.push_screen(HelpScreen(system_id, rule=rule))
