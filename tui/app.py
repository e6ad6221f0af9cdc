"""The hexfront Textual app: screens for the menu, battles, replays and help.

Settings: ``HEXFRONT_ASCII=1`` (or the menu's switch, kept in saves/settings.json)
gives a plain-ASCII look with no box-drawing or other non-ASCII characters;
``NO_COLOR`` is honoured by Textual itself, and side and state never rest on
colour alone. ``HEXFRONT_SAVES`` moves the saves folder.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import events
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.widgets import Static

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.campaignfile import is_campaign_file, load_campaign
from hexfront.engine.core.campaigns import Campaign
from hexfront.engine.core.errors import HexfrontError
from hexfront.engine.core.players import HUMAN
from hexfront.engine.core.saves import load_battle
from hexfront.engine.core.view import SideInfo

from .pace import PACES, pace_of
from .session import Session, autosave_path, retire_autosave
from .settings import keep_setting, read_settings

if TYPE_CHECKING:
    from .serve.visit import HostVisit

MIN_WIDTH, MIN_HEIGHT = 80, 24
#: A save loaded to watch: the battle up to where it agreed, and the line saying where it diverged (None if never).
Replayed = tuple[Battle, str | None]


class AsciiScrollBarRender(ScrollBarRender):
    """Scroll bars drawn with spaces only (the thumb is its colour): no block glyphs."""

    VERTICAL_BARS = [" "] * 8
    HORIZONTAL_BARS = [" "] * 8


class TooSmallScreen(ModalScreen[None]):
    """Shown while the terminal is smaller than the game needs; it goes when the terminal grows."""

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.show_size(self.app.size.width, self.app.size.height)

    def show_size(self, width: int, height: int) -> None:
        self.query_one("#too-small", Static).update(
            f"hexfront needs at least {MIN_WIDTH} x {MIN_HEIGHT}; this terminal is {width} x {height}. "
            f"Make it larger: nothing is lost meanwhile.")


class HexfrontApp(App[None]):
    CSS_PATH = "hexfront.tcss"
    TITLE = "hexfront"
    BINDINGS = [
        Binding("question_mark", "help", "help", key_display="?", show=False),
        Binding("ctrl+q", "quit", "quit", show=False, priority=True),
    ]

    def __init__(self, *, ascii_look: bool | None = None, computer_delay: float | None = None,
                 replay_interval: float = 0.5, start: str = "menu", battle_seed: int | None = None,
                 replay: Path | None = None, loaded: Replayed | None = None,
                 resumed: Battle | Campaign | None = None, host: HostVisit | None = None) -> None:
        # the terminal's own 16 colours, and with NO_COLOR none at all (plain text attributes stay)
        super().__init__(ansi_color=True)
        env_ascii = os.environ.get("HEXFRONT_ASCII", "").strip().lower() not in ("", "0", "no", "off", "false")
        settings = read_settings()  # a broken file is set aside now, and the player told on mount
        self.settings_note = settings.note
        if ascii_look is None:
            ascii_look = env_ascii or settings.values.get("ascii") is True
        self.ascii_look = ascii_look
        # the seconds each computer order stays on screen: the pace kept in the settings, unless fixed here
        self.pace = pace_of(settings.values)
        self.computer_delay = PACES[self.pace] if computer_delay is None else computer_delay
        self.replay_interval = replay_interval
        self.start = start
        self.replay_file = replay  # start="replay": the save the viewer opens on
        self.replay_loaded = loaded  # (battle, divergence) when the command line has loaded it already
        self.resumed = resumed  # start="continue": the autosaved battle, when the command line has loaded it
        self.battle_seed = battle_seed  # fixed for tests and demos; None draws one from the clock
        self.host = host  # run by a host (tui/serve/session.py): the store and the visiting player; else None
        self.theme = "ansi-dark"

    def notify(self, message: str, *, title: str = "", severity: Any = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """A toast, always as plain text: messages quote names, orders and paths that may hold brackets,
        which markup would swallow. (Screens' and widgets' ``notify`` come here too.)"""
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    # -- start-up ----------------------------------------------------------------------
    def on_mount(self) -> None:
        from .screens.title import TitleScreen

        self.apply_ascii_look()
        self.push_screen(TitleScreen())
        if self.host is not None:  # the key's name on its first visit; the player online from now on
            from .serve.screens.lobby import welcome

            welcome(self, self.host)
        if self.settings_note:
            self.notify(self.settings_note, severity="warning", timeout=20, markup=False)
        if self.start == "continue":
            self.continue_battle(self.resumed)
        elif self.start == "replay" and self.replay_file is not None:
            try:
                self.watch_replay(self.replay_file, self.replay_loaded)
            except HexfrontError as exc:
                self.notify(f"cannot watch it: {exc.message}", severity="error", timeout=10)
        self.check_size(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        top = self.screen if self.screen_stack else None
        if small and not isinstance(top, TooSmallScreen):
            self.push_screen(TooSmallScreen())
        elif small and isinstance(top, TooSmallScreen):
            top.show_size(width, height)
        elif not small and isinstance(top, TooSmallScreen):
            self.pop_screen()

    # -- the plain-ASCII look ------------------------------------------------------------
    def apply_ascii_look(self) -> None:
        self.set_class(self.ascii_look, "-ascii")
        ScrollBar.renderer = AsciiScrollBarRender if self.ascii_look else ScrollBarRender
        self.refresh(layout=True)

    def set_ascii_look(self, on: bool) -> None:
        self.ascii_look = on
        problem = keep_setting("ascii", on)
        if problem:
            self.notify(problem, severity="warning", markup=False)
        self.apply_ascii_look()

    def set_pace(self, pace: str) -> None:
        """The computer's pace (see tui/pace.py), kept in the settings."""
        self.pace = pace
        self.computer_delay = PACES[pace]
        problem = keep_setting("pace", pace)
        if problem:
            self.notify(problem, severity="warning", markup=False)

    # -- moving between screens --------------------------------------------------------------
    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if any(type(s).__name__ == "HelpScreen" for s in self.screen_stack):
            return
        from .screens.battle import BoardScreen
        from .screens.end import EndScreen
        from .screens.explain import ExplainScreen
        from .screens.unsaved import SaveElsewhereScreen, UnsavedDialog

        system_id, legend = None, None
        for screen in reversed(self.screen_stack):
            if isinstance(screen, BoardScreen):
                system_id, legend = screen.system.id, screen.legend()
                break
            if isinstance(screen, (EndScreen, UnsavedDialog, SaveElsewhereScreen)):  # a battle's own screens
                system_id = screen.session.system.id
                break
            if isinstance(screen, ExplainScreen):  # a dice-log entry explained: its battle's rules
                system_id = screen.battle.system.id
                break
        self.push_screen(HelpScreen(system_id, legend))

    def go_to_menu(self) -> None:
        from .screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()

    def open_session(self, session: Session) -> None:
        from .screens.battle import BattleScreen

        self.go_to_menu()
        self.push_screen(BattleScreen(session))

    def start_battle(self, system_id: str, scenario: str, *, players: dict[str, str],
                     options: dict[str, Any] | None = None, undo_policy: str = "practice",
                     seed: int | None = None, teach: bool = False) -> None:
        try:
            kept = retire_autosave()
            session = Session.new(system_id, scenario, players=players, options=options,
                                  undo_policy=undo_policy, seed=self.battle_seed if seed is None else seed,
                                  autosave=autosave_path(), teach=teach)
        except HexfrontError as exc:
            self.notify(exc.message, severity="error")
            return
        if kept is not None:
            self.notify(f"your unfinished battle is kept as {kept.name}")
        self.open_session(session)

    def start_campaign(self, system_id: str, name: str, *, players: dict[str, str],
                       options: dict[str, Any] | None = None, undo_policy: str = "practice",
                       seed: int | None = None, teach: bool = False) -> None:
        """A new campaign: its first battle is played at once, the campaign's file is the autosave."""
        try:
            kept = retire_autosave()
            if seed is None:
                seed = self.battle_seed if self.battle_seed is not None else time.time_ns() & 0xFFFF_FFFF
            campaign = Campaign.start(system_id, name, players=players, seed=seed, options=options,
                                      undo_policy=undo_policy, teach=teach)
            assert campaign.current is not None  # a campaign starts with its first battle
            session = Session(campaign.current, autosave_path(), campaign)
        except HexfrontError as exc:
            self.notify(exc.message, severity="error")
            return
        if kept is not None:
            self.notify(f"your unfinished battle is kept as {kept.name}")
        self.open_session(session)

    def open_campaign(self, campaign: Campaign, autosave: Path) -> None:
        """Into a campaign: its battle in play, or (all fought) the screen with its result."""
        if campaign.current is None:
            from .screens.campaign import CampaignStepScreen

            self.go_to_menu()
            self.push_screen(CampaignStepScreen(campaign, None))
            return
        self.open_session(Session(campaign.current, autosave, campaign))

    def campaign_autosave(self) -> Path:
        """Where a campaign in play is kept: the autosave."""
        return autosave_path()

    def next_in_campaign(self, session: Session) -> None:
        """After a battle of a campaign (the end screen's n): give its aftermath order, read what carries over,
        create the next battle and keep the campaign's file; then the screen between the battles."""
        from .screens.campaign import CampaignStepScreen

        campaign = session.campaign
        if campaign is None or campaign.current is not session.battle:
            return
        try:
            campaign.give_aftermath()
            fought = campaign.next_battle()
        except HexfrontError as exc:
            self.notify(f"cannot go on: {exc.message}", severity="error", markup=False)
            return
        if campaign.current is not None:
            following: Session | None = Session(campaign.current, session.autosave, campaign)  # writes the file
        else:
            following = None
            session.write()  # the campaign's file, with its last battle fought
            if self.host is not None:
                self.keep_finished_campaign(session)
        self.go_to_menu()
        self.push_screen(CampaignStepScreen(campaign, fought, following))

    def keep_finished_campaign(self, session: Session) -> None:
        """On a host, a campaign played to its end leaves the autosave for a file of its own in the player's
        folder, so a new battle never replaces it and the lobby lists it with its battles to replay."""
        from .serve.campaigns import set_aside_finished

        campaign = session.campaign
        autosave = session.autosave
        if campaign is None or autosave is None or session.save_error is not None:
            return
        if autosave.resolve() != autosave_path().resolve():
            return  # kept in a file of its own already
        try:
            kept = set_aside_finished(autosave, campaign.spec.system, campaign.spec.name)
        except HexfrontError as exc:
            self.notify(f"the finished campaign stays as the autosave: {exc.message}", severity="warning")
            return
        except OSError as exc:  # its reason only: the host's paths are not the player's to read
            self.notify(f"the finished campaign stays as the autosave: {exc.strerror}", severity="warning")
            return
        session.autosave = kept

    def start_again(self, session: Session) -> None:
        s = session.battle.setup
        self.start_battle(s.system, s.scenario, players=dict(s.players), options=dict(s.options),
                          undo_policy=s.undo_policy, teach=s.teach)

    def start_tutorial(self, system_id: str, scenario: str) -> None:
        """A tutorial battle: the learner's side at this keyboard, the computer's default player on the
        other, seed 1 so every learner sees the same battle, teach on."""
        try:
            players = tutorial_players(system_id, scenario)
        except HexfrontError as exc:
            self.notify(f"cannot start the tutorial: {exc.message}", severity="error")
            return
        self.start_battle(system_id, scenario, players=players, seed=1, teach=True)

    def continue_battle(self, battle: Battle | Campaign | None = None) -> None:
        """Back into the autosaved battle or campaign (``battle``: already loaded from it by the command line)."""
        path = autosave_path()
        if battle is None and not path.is_file():
            self.notify("there is no battle to continue yet: start a new one", severity="warning")
            return
        try:
            if battle is None and is_campaign_file(path):
                battle = load_campaign(path)
            if isinstance(battle, Campaign):
                self.open_campaign(battle, path)
                return
            session = Session.load(path, autosave=path) if battle is None else Session(battle, path)
        except HexfrontError as exc:
            self.notify(f"cannot continue: {exc.message}", severity="error", timeout=10, markup=False)
            return
        self.open_session(session)

    def open_save(self, path: Path) -> None:
        """Load a save (or a campaign) to play on; it becomes the autosaved one. Raises SaveError (one line)."""
        if is_campaign_file(path):
            campaign = load_campaign(path)
            if path.resolve() != autosave_path().resolve():
                retire_autosave()
            self.open_campaign(campaign, autosave_path())
            return
        battle = load_battle(path, verify=True)
        if path.resolve() != autosave_path().resolve():
            retire_autosave()
        self.open_session(Session(battle, autosave_path()))

    def watch_replay(self, path: Path, loaded: Replayed | None = None) -> None:
        """Open the replay viewer on a save. A save of other rules or edited by hand opens up to where it
        diverges (the viewer says where and why); one that cannot be read raises SaveError (one line)."""
        from hexfront.engine.core.saves import load_for_replay

        from .screens.replay import ReplayScreen

        if loaded is None and is_campaign_file(path):  # a campaign: its latest battle (every one verified)
            campaign = load_campaign(path)
            latest = campaign.current if campaign.current is not None else campaign.fought[-1].battle
            loaded = (latest, None)
        battle, divergence = loaded if loaded is not None else load_for_replay(path)
        self.push_screen(ReplayScreen(battle, path.name, divergence=divergence, path=path))

    async def action_quit(self) -> None:
        """Ctrl+Q: quit, but while a battle's autosave is failing ask first (and offer to save elsewhere)."""
        from .screens.battle import BattleScreen
        from .screens.unsaved import ask_before_leaving

        battles = [screen for screen in self.screen_stack if isinstance(screen, BattleScreen)]
        if battles:
            ask_before_leaving(self, battles[-1].session, self.exit, "quit")
        else:
            self.exit()

    # -- the command palette: every key binding of the screen, by its description -------------
    def action_command_palette(self) -> None:
        from textual.command import CommandPalette

        # Textual annotates is_open's app as App[object], which no App[None] matches (App is invariant in
        # its result type); it only reads the app's screen
        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(CommandPalette(id="--command-palette", placeholder="Search for commands..."))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """One command per key of the screen (its own and the ones it inherits) and of the app, by its
        description: Quit once. Textual's own commands are left out: its theme picker would leave the 16
        terminal colours, its screenshot writes outside the saves folder, and its keys panel draws
        arrows and symbols the plain look must not show (the help, ?, lists every key)."""
        seen = set()
        inherited = [b for cls in type(screen).__mro__ if cls.__module__.startswith("hexfront.tui.")
                     for b in cls.__dict__.get("BINDINGS", ())]  # this game's screens, not Textual's
        for binding in [*inherited, *self.BINDINGS]:
            if not isinstance(binding, Binding) or not binding.description or binding.description in seen:
                continue
            seen.add(binding.description)
            key = binding.key_display or binding.key.split(",")[0]
            action = binding.action
            target = self if action.startswith("app.") or binding in self.BINDINGS else screen
            name = action[4:] if action.startswith("app.") else action
            yield SystemCommand(binding.description.capitalize(), f"key: {key}",
                                lambda t=target, a=name: self.call_later(t.run_action, a))


def run(start: str = "menu", ascii_look: bool | None = None, replay: Path | None = None,
        loaded: Replayed | None = None, resumed: Battle | Campaign | None = None) -> int:
    app = HexfrontApp(start=start, ascii_look=ascii_look, replay=replay, loaded=loaded, resumed=resumed)
    app.run()
    return app.return_code or 0


def tutorial_players(system_id: str, scenario: str) -> dict[str, str]:
    """Who commands each side of a tutorial: the side its file names at this keyboard, the computer's
    default player on the others. Raises HexfrontError (one line) if the file names no side of its battle."""
    from hexfront.engine.core.content import read_toml, scenario_files
    from hexfront.engine.core.system import get_system

    try:
        system = get_system(system_id)
        raw = read_toml(scenario_files(system.content_dir())[scenario]).get("tutorial", {})
        side = raw.get("side") if isinstance(raw, dict) else None
        sides = [s.id for s in scenario_sides(system_id, scenario)]
    except KeyError as exc:
        raise HexfrontError(f"no tutorial {exc}") from None
    if side not in sides:
        raise HexfrontError(f"the tutorial names no side of its battle ({side!r}); its file needs fixing")
    return {s: (HUMAN if s == side else "default") for s in sides}


def scenario_sides(system_id: str, scenario: str) -> tuple[SideInfo, ...]:
    """The sides of a scenario, as the board names them (sets the battle up once)."""
    from hexfront.engine.core.battle import Battle

    battle = Battle.new(system_id, scenario, seed=0)
    return battle.system.board(battle.state).sides
