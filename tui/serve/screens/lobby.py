"""The host's lobby, the form that opens a battle for a second player, and the first visit's name.

The lobby lists, from the store: your own battles (Enter resumes), battles open for a second player
(Enter joins), battles in progress (Enter watches), finished battles (Enter opens the replay viewer),
and who is online. It reads the store again every REFRESH_SECONDS. Your own battles include your campaigns
against the computer, found in your own saves folder on the host (tui/serve/campaigns.py): Enter continues
one, or opens a finished one's battles in the replay viewer (screens/campaigns.py). Single battles against
the computer are kept in the same folder, and the menu's Continue and Load bring them back from any later
visit with the same key.

The form that opens a battle for a second player does not list the scenarios of a system's campaigns: a
campaign is played against the computer, and its later battles mean nothing alone (who came back from the
one before). Its summary says so in one line.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from hexfront.engine.core.battle import UNDO_POLICIES
from hexfront.engine.core.campaigns import campaign_scenarios
from hexfront.engine.core.errors import HexfrontError, shown
from hexfront.engine.core.system import RuleSystem, ScenarioInfo, all_systems, get_system

from ...host import hexfront_app
from ...screens.title import ChoiceForm, Row
from ...widgets.footer import Footer
from ..campaigns import ROW_PREFIX, CampaignShelf, campaign_lines
from ..netplay import NetSession
from ..store import FINISHED, NAME_MAX, OPEN, PLAYING, BattleRow, replay_battle
from ..visit import PRESENCE_SECONDS, HostVisit

if TYPE_CHECKING:
    from ...app import HexfrontApp

REFRESH_SECONDS = 1.0
#: The most battles the lobby lists in each section (the most recently changed).
MAX_ROWS = 40


def visit_of(screen: DOMNode) -> HostVisit:
    """The visit of the app the screen runs in (these screens exist only in host mode)."""
    visit = hexfront_app(screen).host
    if visit is None:
        raise RuntimeError("the lobby runs only when hexfront runs on a host")
    return visit


def battle_line(row: BattleRow) -> str:
    """One line about a battle for the lobby: its id, system, scenario, who sits where, how far it has got."""
    try:
        title = get_system(row.system).title
    except HexfrontError:
        title = row.system
    seats = " v ".join(f"{row.names.get(side, '(empty)')} ({side})" for side in row.seats)
    tail = row.result if row.status == FINISHED and row.result else f"{row.orders} orders"
    return shown(f"{row.id}  {title}: {row.scenario}  {seats}  {tail}", 200)


class LobbyScreen(Screen[None]):
    """The host's battles and players (see the module's docstring)."""

    BINDINGS = [
        Binding("o", "open_battle", "open a battle"),
        Binding("escape", "app.pop_screen", "back"),
        Binding("question_mark", "app.help", "help", key_display="?"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.drawn: list[str] = []
        self.shelf = CampaignShelf()  # the player's campaigns against the computer, in their saves folder
        self.refused = ""  # why the last open or join was refused (the host's limit), shown above the note
        self.note = ""  # the note as drawn

    def compose(self) -> ComposeResult:
        with Vertical(id="saves-box"):
            yield OptionList(id="saves-list", markup=False)
            yield Static(id="saves-note")
        yield Footer()

    def on_mount(self) -> None:
        visit = visit_of(self)
        name = visit.player.name if visit.player else "?"
        self.query_one("#saves-box").border_title = f"Host: you are {name}"
        self.rebuild()
        self.set_interval(REFRESH_SECONDS, self._refresh)
        self.query_one("#saves-list").focus()

    def _refresh(self) -> None:
        """Every REFRESH_SECONDS: read the store again while the lobby is on screen (under a battle it waits:
        coming back to it rebuilds it at once)."""
        if self.is_current:
            self.rebuild()

    def on_screen_resume(self) -> None:
        visit_of(self).doing = "in the lobby"
        self.rebuild()

    def rebuild(self) -> None:
        """Read the store again and redraw the lists, keeping the highlighted row."""
        visit = visit_of(self)
        me = visit.player.id if visit.player else -1
        battles = visit.store.battles()
        mine = [b for b in battles if me in b.seats.values() and b.status != FINISHED]
        sections = [
            ("Your battles: Enter resumes", "resume", mine),
            ("Open for a second player: Enter joins", "join",
             [b for b in battles if b.status == OPEN and me not in b.seats.values()]),
            ("In progress: Enter watches", "watch",
             [b for b in battles if b.status == PLAYING and me not in b.seats.values()]),
            ("Finished: Enter opens the replay", "replay", [b for b in battles if b.status == FINISHED]),
        ]
        menu = self.query_one("#saves-list", OptionList)
        keep = menu.highlighted_option.id if menu.highlighted_option is not None else None
        campaigns = [Option(Text("\n".join("  " + line for line in campaign_lines(c))), id=ROW_PREFIX + c.file)
                     for c in self.shelf.rows()[:MAX_ROWS]]
        options: list[Option] = []
        for title, verb, rows in sections:
            options.append(Option(Text(title, style="bold"), disabled=True))
            extra = campaigns if verb == "resume" else []
            if not rows and not extra:
                options.append(Option(Text("  none", style="dim"), disabled=True))
            options += [Option(Text("  " + battle_line(b)), id=f"{verb}:{b.id}") for b in rows[:MAX_ROWS]]
            options += extra
        online = visit.store.online()
        options.append(Option(Text(f"Online now ({len(online)})", style="bold"), disabled=True))
        options += [Option(Text(shown(f"  {who}: {doing}", 78)), disabled=True) for who, doing in online[:MAX_ROWS]]
        ids = [o.id or "" for o in options]
        drawn = [f"{o.id}|{o.prompt}" for o in options]
        if drawn != self.drawn:  # redrawn only when something changed: the highlight and scroll stay
            self.drawn = drawn
            menu.clear_options()
            menu.add_options(options)
            if keep in ids:
                menu.highlighted = ids.index(keep)
            else:
                menu.highlighted = next((i for i, o in enumerate(options) if not o.disabled), None)
        note = ((f"{self.refused}\n" if self.refused else "") +
                "o opens a battle for a second player; Enter on a battle joins, resumes, watches or replays it, "
                "and on a campaign continues it. Single battles against the computer: Continue and Load on the menu.")
        if note != self.note:
            self.note = note
            self.query_one("#saves-note", Static).update(note)

    @on(OptionList.OptionSelected, "#saves-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is None:
            return
        verb, battle_id = event.option.id.split(":", 1)
        if verb + ":" == ROW_PREFIX:
            self.enter_campaign(battle_id)
            return
        self.enter(verb, battle_id)

    def enter_campaign(self, name: str) -> None:
        """Continue the player's campaign file ``name``, or open a finished one's battles (screens/campaigns.py)."""
        from .campaigns import enter_campaign

        visit = visit_of(self)
        try:
            visit.doing = enter_campaign(hexfront_app(self), name)
        except HexfrontError as exc:
            self.refuse(f"cannot open the campaign: {exc.message}")
            return
        visit.touch()

    def enter(self, verb: str, battle_id: str) -> None:
        """Join, resume, watch or replay battle ``battle_id`` (a lobby row's)."""
        visit = visit_of(self)
        app = hexfront_app(self)
        assert visit.player is not None  # the lobby opens only once the name is chosen
        try:
            if verb == "replay":
                from ...screens.replay import ReplayScreen

                app.push_screen(ReplayScreen(replay_battle(visit.store, battle_id), f"battle {battle_id}"))
                return
            if verb == "join":
                refused = visit.battles_refusal()
                if refused is not None:
                    self.refuse(f"cannot join: {refused}")
                    return
                visit.store.join(battle_id, visit.player.id)
            session = NetSession.seat_of(visit.store, battle_id, visit.player, visit.order_gate)
        except HexfrontError as exc:
            self.notify(f"cannot open it: {exc.message}", severity="error")
            self.rebuild()
            return
        from .netbattle import NetBattleScreen  # the battle screen's modules load when a battle opens

        app.push_screen(NetBattleScreen(session))

    def action_open_battle(self) -> None:
        refused = visit_of(self).battles_refusal()
        if refused is not None:
            self.refuse(f"cannot open a battle: {refused}")
            return
        self.app.push_screen(OpenBattleScreen())

    def refuse(self, line: str) -> None:
        """Say in one line, under the lists, why the lobby did not do what the player asked."""
        self.refused = line
        self.rebuild()


#: What the open-a-battle form says under a system that has campaigns (their scenarios are not offered).
CAMPAIGNS_NOT_HERE = "Campaigns are played against the computer: n on the menu, Play: campaign."


def two_player_scenarios(system: RuleSystem) -> list[ScenarioInfo]:
    """The scenarios a battle for two players may be opened in: all but those some campaign fights (a campaign
    is played against the computer, and its battles stand on the one before)."""
    in_campaigns = campaign_scenarios(system)
    return [s for s in system.scenarios() if s.name not in in_campaigns]


class OpenBattleScreen(Screen[None]):
    """Choose the rule system, scenario, your side and the undo policy of a battle for two players."""

    BINDINGS = [
        Binding("enter", "open", "open it", key_display="Enter"),
        Binding("escape", "app.pop_screen", "back"),
        Binding("question_mark", "app.help", "help", key_display="?"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.systems = all_systems()
        self.offered: dict[str, list[ScenarioInfo]] = {}  # each system's two_player_scenarios, read once

    def compose(self) -> ComposeResult:
        with Vertical(id="new-box"):
            yield ChoiceForm(id="new-form")
            yield Static(id="new-help")
            yield Static(id="new-summary")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#new-box").border_title = "Open a battle for a second player"
        self.rebuild()
        self.query_one(ChoiceForm).focus()

    def rebuild(self) -> None:
        from hexfront.engine.core.battle import Battle

        form = self.query_one(ChoiceForm)
        old = {row.key: row.value for row in form.rows}
        system_id = old.get("system", next(iter(self.systems)))
        system = self.systems[system_id]
        if system_id not in self.offered:
            self.offered[system_id] = two_player_scenarios(system)
        scenarios = self.offered[system_id]
        scenario = old.get("scenario")
        if scenario not in [s.name for s in scenarios]:
            default = system.default_scenario()
            scenario = default if default in [s.name for s in scenarios] else scenarios[0].name
        battle = Battle.new(system_id, scenario, seed=0)
        sides = [(s.id, s.name) for s in system.board(battle.state).sides]
        rows = [
            Row("system", "Rule system", [(sid, s.title) for sid, s in self.systems.items()],
                help="The rule system"),
            Row("scenario", "Scenario", [(s.name, s.title) for s in scenarios], help="The battle to fight"),
            Row("side", "Your side", sides, help="The side you command; the second player takes the other"),
            Row("undo", "Undo", [(p, p) for p in UNDO_POLICIES],
                help="practice: any order can be taken back, strict: rolls and cards stand; "
                     "either way the other player must agree"),
        ]
        for row in rows:
            for i, (value, _) in enumerate(row.choices):
                if value == old.get(row.key, {"system": system_id, "scenario": scenario}.get(row.key)):
                    row.index = i
        form.set_rows(rows)
        self.query_one("#new-help", Static).update(Text(form.rows[form.current].help, style="italic"))
        info = next(s for s in scenarios if s.name == scenario)
        campaigns = f"\n{CAMPAIGNS_NOT_HERE}" if len(scenarios) < len(system.scenarios()) else ""
        self.query_one("#new-summary", Static).update(
            Text(f"{info.title}\n{info.summary}\n\nUp/Down choose a row, Left/Right change it, Enter opens "
                 f"the battle; it waits in the lobby for a second player.{campaigns}"))

    @on(ChoiceForm.Changed)
    def _changed(self) -> None:
        self.rebuild()

    def action_open(self) -> None:
        from hexfront.engine.core.battle import Battle

        values = {row.key: row.value for row in self.query_one(ChoiceForm).rows}
        visit = visit_of(self)
        assert visit.player is not None
        seed = secrets.randbelow(2**32)
        try:
            battle = Battle.new(values["system"], values["scenario"], seed=seed)
            sides = battle.system.sides(battle.state)
            battle_id = visit.store.open_battle(
                visit.player.id, values["side"], system=values["system"], scenario=values["scenario"], seed=seed,
                options=dict(battle.setup.options), undo_policy=values["undo"], sides=sides)
            session = NetSession.seat_of(visit.store, battle_id, visit.player, visit.order_gate)
        except HexfrontError as exc:
            self.notify(f"cannot open the battle: {exc.message}", severity="error")
            return
        from .netbattle import NetBattleScreen

        self.app.switch_screen(NetBattleScreen(session))  # in the form's place: the lobby stays under it


class NameScreen(ModalScreen[None]):
    """A key's first visit: the player chooses the name the other players will see (bound to the key)."""

    BINDINGS = [Binding("ctrl+q", "app.quit", "quit", key_display="ctrl+q")]

    def compose(self) -> ComposeResult:
        with Vertical(id="saves-box"):
            yield Static(Text("Welcome to this hexfront host. Choose the name other players see: "
                              f"2 to {NAME_MAX} letters, digits, spaces and _ . -. It stays with your SSH key."))
            yield Input(placeholder="your name", id="name-input")
            yield Static(id="name-note")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#saves-box").border_title = "Your name on this host"
        self.query_one("#name-input").focus()

    @on(Input.Submitted, "#name-input")
    def _typed(self, event: Input.Submitted) -> None:
        visit = visit_of(self)
        try:
            visit.player = visit.store.bind_name(visit.key, event.value)
        except HexfrontError as exc:
            self.query_one("#name-note", Static).update(Text(exc.message))
            return
        visit.touch()
        self.dismiss(None)
        self.notify(f"welcome, {visit.player.name}: h on the menu opens the host's lobby")


def welcome(app: HexfrontApp, visit: HostVisit) -> None:
    """Start a visit in the app: ask the name on a key's first visit, and say the player is here from now on."""
    if visit.player is None:
        app.push_screen(NameScreen())
    visit.touch()
    app.set_interval(PRESENCE_SECONDS, visit.touch)
