"""The title menu, the new-battle form and the list of saved battles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Size
from textual.message import Message
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from hexfront.engine.core.battle import UNDO_POLICIES, Battle
from hexfront.engine.core.campaigns import CampaignSpec, campaign_files, read_campaign
from hexfront.engine.core.errors import HexfrontError
from hexfront.engine.core.players import HUMAN
from hexfront.engine.core.system import OptionSpec, RuleSystem, ScenarioInfo, all_systems, get_system

from ..host import hexfront_app
from ..session import autosave_path, describe_save, list_saves, unfinished_autosave
from ..widgets.footer import Footer

WATCH = "watch"  # the "your side" choice that leaves both sides to the computer

BANNER = r"""
 _                 __                 _
| |__   _____  __ / _|_ __ ___  _ __ | |_
| '_ \ / _ \ \/ /| |_| '__/ _ \| '_ \| __|
| | | |  __/>  < |  _| | | (_) | | | | |_
|_| |_|\___/_/\_\|_| |_|  \___/|_| |_|\__|
"""


#: how the new-battle form names the computer's levels beside default and random
LEVEL_WORDS = {"easy": "easy: slips now and then", "hard": "hard: looks ahead"}


def opponent_choices(system: RuleSystem) -> list[tuple[str, str]]:
    """Who may command the other side, as the new-battle form's Opponent row offers it: the system's computer
    players (``computer:<level>``) and a second player at this keyboard (``HUMAN``). The levels come after the
    second player, so the first three choices stay where players know them."""
    computers = sorted(system.computer_players(), key=lambda n: n != "default")
    first = [c for c in computers if c in ("default", "random")]
    levels = [c for c in computers if c not in first]
    return ([(f"computer:{c}", f"computer ({c})") for c in first]
            + [(HUMAN, "a second player at this keyboard")]
            + [(f"computer:{c}", f"computer ({LEVEL_WORDS.get(c, c)})") for c in levels])


class TitleScreen(Screen[None]):
    BINDINGS = [
        Binding("n", "choose('new')", "new battle"),
        Binding("c", "choose('continue')", "continue"),
        Binding("l", "choose('load')", "load"),
        Binding("w", "choose('watch')", "watch replay"),
        Binding("t", "choose('tutorials')", "tutorials"),
        Binding("h", "choose('host')", "host lobby"),  # only when run by a host (check_action)
        Binding("question_mark", "app.help", "rules help", key_display="?"),
        Binding("a", "choose('ascii')", "ASCII look"),
        Binding("q", "choose('quit')", "quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(BANNER.strip("\n"), id="banner")
            yield Static("Table-top skirmish wargames on a hex map", id="tagline")
            yield OptionList(id="title-menu")
            yield Static(id="title-note")
        yield Footer()

    def on_mount(self) -> None:
        self.rebuild()
        self.query_one("#title-menu").focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The host's lobby only when this game runs on a host."""
        if action == "choose" and parameters == ("host",):
            return hexfront_app(self).host is not None
        return True

    def on_screen_resume(self) -> None:
        self.rebuild()

    def rebuild(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        keep = menu.highlighted or 0
        has_autosave = autosave_path().is_file()
        ascii_on = "on" if hexfront_app(self).ascii_look else "off"
        hosted = hexfront_app(self).host is not None
        entries = [("host", "h  Host: play, join and watch others")] if hosted else []
        entries += [
            ("new", "n  New battle"),
            ("continue", "c  Continue the last battle" if has_autosave else "c  Continue (no battle saved yet)"),
            ("load", "l  Load a saved battle"),
            ("watch", "w  Watch a replay"),
            ("tutorials", "t  Tutorials: learn a rule system"),
            ("help", "?  Rules and keys"),
            ("ascii", f"a  Plain-ASCII look: {ascii_on}"),
            ("quit", "q  Quit"),
        ]
        menu.clear_options()
        menu.add_options([Option(text, id=key, disabled=(key == "continue" and not has_autosave))
                          for key, text in entries])
        menu.highlighted = min(keep, len(entries) - 1)
        note = "Every order is saved as you give it: quit or lose the connection at any time."
        self.query_one("#title-note", Static).update(note)

    @on(OptionList.OptionSelected, "#title-menu")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:  # every entry of the menu is built with its key as its id
            self.action_choose(event.option.id)

    def action_choose(self, what: str) -> None:
        app = hexfront_app(self)
        if what == "new":
            app.push_screen(NewBattleScreen())
        elif what == "continue":
            app.continue_battle()
        elif what == "load":
            app.push_screen(SaveListScreen("load"))
        elif what == "watch":
            app.push_screen(SaveListScreen("watch"))
        elif what == "tutorials":
            from .tutorial import TutorialListScreen

            app.push_screen(TutorialListScreen())
        elif what == "help":
            app.action_help()
        elif what == "ascii":
            app.set_ascii_look(not app.ascii_look)
            self.rebuild()
        elif what == "host" and app.host is not None:
            from ..serve.screens.lobby import LobbyScreen

            app.push_screen(LobbyScreen())
        elif what == "quit":
            app.exit()


def rows_shown(count: int, lines: int, current: int) -> tuple[int, int]:
    """Which rows, [start, stop), a form of ``count`` rows draws in ``lines`` lines with row ``current`` among
    them: all when they fit; else as many as fit beside a line for each "more" mark (above, below) needed."""
    if lines <= 0 or count <= lines:
        return 0, count
    room = max(1, lines - 1)
    if current < room:  # the first rows, more below
        return 0, room
    if current >= count - room:  # the last rows, more above
        return count - room, count
    room = max(1, lines - 2)
    start = min(max(0, current - room // 2), count - room)
    return start, start + room


@attrs.define
class Row:
    key: str
    label: str
    choices: list[tuple[Any, str]]
    index: int = 0
    help: str = ""  # one line on what the row changes, shown while it is the current row

    @property
    def value(self) -> Any:
        return self.choices[self.index][0]


class ChoiceForm(Widget, can_focus=True):
    """Rows of settings: Up/Down picks a row, Left/Right changes it, Enter starts."""

    BINDINGS = [
        Binding("up,k", "row(-1)", "row up", show=False),
        Binding("down,j", "row(1)", "row down", show=False),
        Binding("left,h", "change(-1)", "change", show=False),
        Binding("right,l,space", "change(1)", "change", show=False),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rows: list[Row] = []
        self.current = 0

    def set_rows(self, rows: list[Row]) -> None:
        self.rows = rows
        self.current = min(self.current, len(rows) - 1)
        self.refresh(layout=True)

    def render(self) -> Text:
        """The rows; where they do not all fit (a system with many options on a small terminal), the ones
        around the current row, with a line above and below saying how many more there are."""
        text = Text()
        width = min(30, max((len(row.label) for row in self.rows), default=0) + 1)
        start, stop = rows_shown(len(self.rows), self.size.height, self.current)
        if start:
            text.append(f"  ^ {start} more\n", style="dim")
        for i in range(start, stop):
            row = self.rows[i]
            mark = ">" if i == self.current else " "
            style = "bold reverse" if i == self.current else ""
            text.append(f"{mark} {row.label:<{width}}", style="bold" if i == self.current else "")
            text.append(f"< {row.choices[row.index][1]} >", style=style)
            text.append("\n")
        if stop < len(self.rows):
            text.append(f"  v {len(self.rows) - stop} more (Up/Down)", style="dim")
        return text

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self.rows))

    def action_row(self, step: int) -> None:
        if self.rows:
            self.current = (self.current + step) % len(self.rows)
            self.refresh()
            self.post_message(self.Changed(self))

    def action_change(self, step: int) -> None:
        if self.rows:
            row = self.rows[self.current]
            row.index = (row.index + step) % len(row.choices)
            self.refresh()
            self.post_message(self.Changed(self))

    class Changed(Message):
        def __init__(self, form: ChoiceForm) -> None:
            super().__init__()
            self.form = form


class NewBattleScreen(Screen[None]):
    """Choose the rule system, scenario, your side, the opponent, options and undo policy."""

    BINDINGS = [
        Binding("enter", "start", "start battle", key_display="Enter"),
        Binding("escape", "app.pop_screen", "back"),
        Binding("question_mark", "app.help", "help", key_display="?"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.systems = all_systems()
        self.kept_as = unfinished_autosave()  # where the unfinished battle goes when this one starts
        self._side_cache: dict[tuple[str, str], list[tuple[str, str]]] = {}
        self._campaign_cache: dict[str, list[CampaignSpec]] = {}

    def _campaigns(self, system_id: str) -> list[CampaignSpec]:
        """The system's campaigns, read once; a campaign file that cannot be read is left out (its line is
        given by 'hexfront campaigns')."""
        if system_id not in self._campaign_cache:
            system = self.systems[system_id]
            found = []
            for name in campaign_files(system):
                try:
                    found.append(read_campaign(system, name))
                except HexfrontError:
                    continue
            self._campaign_cache[system_id] = found
        return self._campaign_cache[system_id]

    def compose(self) -> ComposeResult:
        with Vertical(id="new-box"):
            yield ChoiceForm(id="new-form")
            yield Static(id="new-help")
            yield Static(id="new-summary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#new-box").border_title = "New battle"
        self.rebuild()
        self.query_one(ChoiceForm).focus()

    def _sides(self, system_id: str, scenario: str) -> list[tuple[str, str]]:
        """(id, name) of each side of a scenario: set up once per scenario, not on every key."""
        key = (system_id, scenario)
        if key not in self._side_cache:
            battle = Battle.new(system_id, scenario, seed=0)
            self._side_cache[key] = [(s.id, s.name) for s in battle.system.board(battle.state).sides]
        return self._side_cache[key]

    def rebuild(self) -> None:
        form = self.query_one(ChoiceForm)
        old = {row.key: row.value for row in form.rows}
        system_id = old.get("system", next(iter(self.systems)))  # at first, the first system found
        system = self.systems[system_id]
        scenarios = system.scenarios()
        campaigns = self._campaigns(system_id)
        campaign = next((c for c in campaigns if c.name == old.get("campaign")), None)
        scenario = old.get("scenario")
        if scenario not in [s.name for s in scenarios]:
            scenario = system.default_scenario()
        if campaign is not None:  # a campaign's sides are those of its first battle
            scenario = campaign.battles[0]
        sides = self._sides(system_id, scenario)
        rows = [
            Row("system", "Rule system", [(sid, s.title) for sid, s in self.systems.items()],
                help="The rule system; Tutorials on the menu teach each one"),
        ]
        titles = {s.name: s.title for s in scenarios}
        if campaign is None:
            rows.append(Row("scenario", "Scenario", [(s.name, s.title) for s in scenarios],
                            help="The battle to fight, described below"))
        else:  # the campaign's battles come in its order: the first one now
            rows.append(Row("scenario", "Scenario", [(scenario, f"battle 1: {titles.get(scenario, scenario)}")],
                            help="A campaign fights its battles in its own order, listed below"))
        rows += [
            Row("side", "Your side", [(sid, name) for sid, name in sides]
                + [(WATCH, "none: watch the computer play both sides")],
                help="The side you command"),
            Row("opponent", "Opponent", opponent_choices(system),
                help="Who commands the other side: the computer (default; easy slips now and then, hard looks "
                     "ahead) or a second player here"),
        ]
        rows += [option_row(option) for option in system.options]
        rows.append(Row("teach", "Teach", [(False, "off"), (True, "on: every die and card pauses to explain")],
                        help="Teach: each die and card pauses to say why it is rolled, the rule, and every "
                             "modifier (t turns it on or off in battle)"))
        rows.append(Row("undo", "Undo", [(p, {"practice": "practice: any order can be taken back",
                                              "strict": "strict: rolls and cards stand"}.get(p, p))
                                         for p in UNDO_POLICIES],
                        help="Undo (z in battle): practice takes back any order; strict only orders that rolled "
                             "no die and drew no card"))
        if campaigns:
            rows.append(Row("campaign", "Play", [("", "one battle")]
                            + [(c.name, f"campaign: {c.title}") for c in campaigns],
                            help="One battle, or a campaign: battles in a row where the survivors carry over"))
        rows[0].index = list(self.systems).index(system_id)
        if campaign is None:
            rows[1].index = [s.name for s in scenarios].index(scenario)
        for row in rows:
            if row.key in old:
                for i, (value, _) in enumerate(row.choices):
                    if value == old[row.key]:
                        row.index = i
            elif row.key.startswith("option:"):
                default = next(o.default for o in system.options if f"option:{o.name}" == row.key)
                for i, (value, _) in enumerate(row.choices):
                    if value == default:
                        row.index = i
        form.set_rows(rows)
        current = form.rows[form.current]
        self.query_one("#new-help", Static).update(Text(current.help, style="italic"))
        self.query_one("#new-summary", Static).update(
            Text(self._describe(scenarios, scenario, campaign)
                 + "\n\nUp/Down choose a row, Left/Right change it, Enter starts." + self._kept_note()))

    @staticmethod
    def _describe(scenarios: list[ScenarioInfo], scenario: str, campaign: CampaignSpec | None) -> str:
        """The chosen scenario's title and summary, or the campaign's and its battles in order."""
        if campaign is None:
            info = next(s for s in scenarios if s.name == scenario)
            return f"{info.title}\n{info.summary}"
        titles = {s.name: s.title for s in scenarios}
        battles = "; ".join(f"{i}. {titles.get(name, name)}" for i, name in enumerate(campaign.battles, start=1))
        return f"{campaign.title}\n{campaign.summary}\nBattles: {battles}"

    def _kept_note(self) -> str:
        """What starting will do to the unfinished battle on the autosave, if there is one."""
        if self.kept_as is None:
            return ""
        return (f"\nYour unfinished battle is kept as {self.kept_as.name} (l loads it from the menu); "
                f"Continue will then bring back this new one.")

    @on(ChoiceForm.Changed)
    def _changed(self) -> None:
        self.rebuild()

    def action_start(self) -> None:
        values = {row.key: row.value for row in self.query_one(ChoiceForm).rows}
        system = get_system(values["system"])
        campaign = next((c for c in self._campaigns(system.id) if c.name == values.get("campaign")), None)
        scenario = campaign.battles[0] if campaign is not None else values["scenario"]
        sides = [sid for sid, _ in self._sides(values["system"], scenario)]
        mine = values["side"]
        opponent = values["opponent"]
        players = {}
        for side in sides:
            if mine == WATCH:  # both sides to the computer: the opponent's player, or the default one
                players[side] = opponent.split(":", 1)[1] if opponent != HUMAN else "default"
            elif side == mine or opponent == HUMAN:
                players[side] = HUMAN
            else:
                players[side] = opponent.split(":", 1)[1]
        options = {k.split(":", 1)[1]: v for k, v in values.items() if k.startswith("option:")}
        app = hexfront_app(self)
        if campaign is not None:
            app.start_campaign(system.id, campaign.name, players=players, options=options,
                               undo_policy=values["undo"], teach=values["teach"])
            return
        app.start_battle(system.id, scenario, players=players, options=options,
                         undo_policy=values["undo"], teach=values["teach"])


def option_row(option: OptionSpec) -> Row:
    """The form's row for one of a system's options: its label, its choices in words with the book's own
    marked, and its one-line explanation."""
    choices = [(c, option.choice_text(c) + (" (book's default)" if c == option.default else ""))
               for c in option.all_choices()]
    return Row(f"option:{option.name}", option.label or option.name, choices, help=option.help)


class SaveListScreen(Screen[None]):
    """The saved battles, newest first, to load and play on or to watch as a replay."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "back"),
        Binding("question_mark", "app.help", "help", key_display="?"),
    ]

    def __init__(self, mode: str) -> None:
        super().__init__()
        self.mode = mode
        self.paths: list[Path] = []

    def compose(self) -> ComposeResult:
        with Vertical(id="saves-box"):
            yield OptionList(id="saves-list", markup=False)
            yield Static(id="saves-note")
        yield Footer()

    def on_mount(self) -> None:
        box = self.query_one("#saves-box")
        box.border_title = "Load a saved battle" if self.mode == "load" else "Watch a replay"
        self.paths = list_saves()
        menu = self.query_one("#saves-list", OptionList)
        if self.paths:
            # plain text: a file's name or fields are never read as markup
            menu.add_options([Option(Text(describe_save(p)), id=str(i)) for i, p in enumerate(self.paths)])
            menu.highlighted = 0
            note = "Enter opens the highlighted battle; Esc goes back."
        else:
            note = "No saved battles yet: start one from the menu (n)."
        self.query_one("#saves-note", Static).update(note)
        menu.focus()

    @on(OptionList.OptionSelected, "#saves-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        path = self.paths[event.option_index]  # one option per save, in order
        app = hexfront_app(self)
        try:
            if self.mode == "load":
                app.open_save(path)
            else:
                app.watch_replay(path)
        except HexfrontError as exc:
            self.query_one("#saves-note", Static).update(Text(f"cannot open it: {exc.message}"))
