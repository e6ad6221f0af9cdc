"""The replay viewer driven by keys, checked against the live battle screen at the same point."""

from __future__ import annotations

import functools
import json
import re

import attrs
import pytest
from tuikit import playtest, screen_text

from hexfront.engine.core.battle import Battle
from hexfront.engine.core.events import CardDrawn, DieRolled
from hexfront.engine.core.players import HUMAN, computer_players_for
from hexfront.engine.core.saves import load_battle, save_battle
from hexfront.engine.core.system import all_systems
from hexfront.engine.core.timeline import Timeline
from hexfront.tui.app import HexfrontApp
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.help import KEYS
from hexfront.tui.screens.replay import ContinueForm, ReplayScreen, TurnPrompt
from hexfront.tui.screens.teach import TeachScreen
from hexfront.tui.session import Session, autosave_path
from hexfront.tui.widgets.hexmap import HexMap
from hexfront.tui.widgets.panes import DiceLog, QueuePane

SYSTEMS = list(all_systems())


@functools.cache
def _played(system_id: str, orders: int, seed: int) -> Battle:
    battle = Battle.new(system_id, seed=seed)
    player = "default" if "default" in battle.system.computer_players() else "random"
    battle.setup.players = {s: player for s in battle.system.sides(battle.state)}
    players = computer_players_for(battle)
    while battle.outcome() is None and len(battle.log) < orders:
        battle.submit(players[battle.side_to_act()].choose(battle.system, battle.state))
    return battle


def played(system_id: str, orders: int = 40, seed: int = 3) -> Battle:
    """A computer-against-computer battle of the system's default scenario (its own computer player on both
    sides, or ``random`` if it has none): its first ``orders`` orders (a fresh copy of one played once per test run)."""
    first = _played(system_id, orders, seed)
    return Battle.replay(first.setup, list(first.log))


def make_app(**kw) -> HexfrontApp:
    kw.setdefault("computer_delay", 0)
    kw.setdefault("replay_interval", 0.02)
    return HexfrontApp(**kw)


async def open_replay(pilot, path) -> ReplayScreen:
    pilot.app.watch_replay(path)
    await pilot.pause()
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


def map_rows(screen) -> list[str]:
    hexmap = screen.query_one(HexMap)
    return [hexmap._row_strip(y).text for y in range(hexmap.board.rows)]


async def live_view(pilot, battle: Battle, n: int) -> dict:
    """What the live battle screen shows for the same battle cut at order ``n`` (both sides at this keyboard)."""
    setup = attrs.evolve(battle.setup, players={s: HUMAN for s in battle.setup.players})
    cut = Battle.replay(setup, battle.log[:n])
    screen = BattleScreen(Session(cut))
    pilot.app.push_screen(screen)
    await pilot.pause()
    await pilot.pause()
    hexmap = screen.query_one(HexMap)
    seen = {
        "rows": map_rows(screen),
        "dimmed": hexmap.dimmed,
        "queue": screen.query_one(QueuePane).view,
        "log": list(screen.query_one(DiceLog).entries),
        "board": screen.board,
    }
    while pilot.app.screen is not screen:  # the end screen, if the cut battle is over
        pilot.app.pop_screen()
        await pilot.pause()
    pilot.app.pop_screen()
    await pilot.pause()
    return seen


async def check_against_live(pilot, replay: ReplayScreen, battle: Battle) -> None:
    n, i = replay.point
    assert i == 0
    live = await live_view(pilot, battle, n)
    assert pilot.app.screen is replay
    assert replay.board == live["board"]
    assert map_rows(replay) == live["rows"]
    assert replay.query_one(HexMap).dimmed == live["dimmed"]
    assert replay.query_one(QueuePane).view == live["queue"]
    assert list(replay.query_one(DiceLog).entries) == live["log"]


def check_partial(replay: ReplayScreen) -> None:
    """Inside an order: the map is the fold of the events so far, and the dice log holds just those."""
    tl, system = replay.timeline, replay.system
    n, i = replay.point
    state = system.copy_state(tl.state_at((n, 0)))
    for event in tl.events_of(n)[:i]:
        system.apply(state, event)
    assert replay.board == system.board(state)
    entries = replay.query_one(DiceLog).entries
    assert all(e.command <= n or (e.command == n + 1 and e.index < i) for e in entries)
    assert len(entries) == len(replay._entries) or not (
        replay._entries[len(entries)].command <= n
        or (replay._entries[len(entries)].command == n + 1 and replay._entries[len(entries)].index < i))
    assert f"event {i} of {len(tl.events_of(n))}" in str(replay.query_one("#status").render())


def check_against_engine(replay: ReplayScreen, battle: Battle) -> None:
    """At a whole order: the board and activation pane are the system's own view of the battle then."""
    n, i = replay.point
    assert i == 0
    state = battle.state_after(n)[0]
    assert replay.board == battle.system.board(state)
    assert replay.query_one(QueuePane).view == battle.system.activation(state)
    assert [e.command for e in replay.query_one(DiceLog).entries] == \
        [e.command for e in replay._entries if e.command <= n]


@pytest.mark.parametrize("system_id", SYSTEMS)
@playtest
async def test_stepping_a_replay_shows_what_the_live_battle_showed(saves, system_id):
    battle = played(system_id, orders=40)
    path = save_battle(battle, saves / f"{system_id}.json")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        replay = await open_replay(pilot, path)
        tl = replay.timeline
        assert replay.point == (0, 0)
        check_against_engine(replay, battle)
        await pilot.press("right_square_bracket", "right_square_bracket", "right_square_bracket")
        assert replay.point == (3, 0)
        await check_against_live(pilot, replay, battle)
        # by event into an order with several events
        n = next(n for n in range(3, tl.orders) if len(tl.events_of(n)) >= 3)
        replay.go((n, 0))
        await pilot.press("full_stop", "full_stop")
        assert replay.point == (n, 2)
        check_partial(replay)
        await pilot.press("comma")
        assert replay.point == (n, 1)
        check_partial(replay)
        await pilot.press("left_square_bracket")  # back to the start of the order
        assert replay.point == (n, 0)
        check_against_engine(replay, battle)
        await pilot.press("left_square_bracket")
        assert replay.point == (n - 1, 0)
        check_against_engine(replay, battle)
        # by activation: to where the next piece or side takes over, and back
        await pilot.press("right_curly_bracket")
        after = replay.point
        assert after[0] > n - 1 and after[0] in tl.activation_starts
        await check_against_live(pilot, replay, battle)
        await pilot.press("left_curly_bracket")
        assert replay.point[0] < after[0] and replay.point[0] in tl.activation_starts
        check_against_engine(replay, battle)
        # by turn
        await pilot.press("greater_than_sign")
        turn_start = replay.point
        assert turn_start[0] in tl.turn_starts and tl.turns[turn_start[0]] > tl.turns[0]
        await check_against_live(pilot, replay, battle)
        await pilot.press("end")
        assert replay.point == tl.end
        check_against_engine(replay, battle)
        await pilot.press("less_than_sign")
        assert replay.point == (tl.turn_starts[-1] if tl.turn_starts[-1] < tl.orders else tl.turn_starts[-2], 0)
        await check_against_live(pilot, replay, battle)
        await pilot.press("home")
        assert replay.point == (0, 0)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)


@playtest
async def test_go_to_a_turn_and_bad_input_refused_in_one_line(saves):
    battle = played("dustup", orders=40)
    path = save_battle(battle, saves / "dustup.json")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        replay = await open_replay(pilot, path)
        tl = replay.timeline
        first, last = tl.turn_range()
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, TurnPrompt)
        await pilot.press("x", "y", "enter")
        await pilot.pause()
        note = str(app.screen.query_one("#turn-note").render())
        assert isinstance(app.screen, TurnPrompt) and "'xy' is not a turn" in note and "\n" not in note.strip()
        await pilot.press("backspace", "backspace", *str(last + 5), "enter")
        await pilot.pause()
        assert isinstance(app.screen, TurnPrompt)
        assert f"no turn {last + 5}" in str(app.screen.query_one("#turn-note").render())
        for _ in range(len(str(last + 5))):
            await pilot.press("backspace")
        target = first + 2
        await pilot.press(*str(target), "enter")
        await pilot.pause()
        assert app.screen is replay
        assert replay.point == tl.turn_start(target)
        assert tl.turns[replay.point[0]] == target
        assert f"turn {target} |" in str(replay.query_one("#status").render())
        await pilot.press("g")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is replay and replay.point == tl.turn_start(target)


@playtest
async def test_play_at_a_speed_reaches_the_end(saves):
    battle = played("ratfight", orders=12)
    path = save_battle(battle, saves / "ratfight.json")
    app = make_app(replay_interval=0.4)
    async with app.run_test(size=(80, 24)) as pilot:
        replay = await open_replay(pilot, path)
        status = replay.query_one("#status")
        assert "paused x1" in str(status.render())
        await pilot.press("plus", "plus", "plus")
        assert "paused x8" in str(status.render())
        await pilot.press("minus")
        assert "paused x4" in str(status.render())
        await pilot.press("space")
        assert "playing x4" in str(status.render())
        for _ in range(200):
            await pilot.pause(0.05)
            if replay.point == replay.timeline.end:
                break
        await pilot.pause(0.1)
        assert replay.point == replay.timeline.end
        assert replay._timer is None and "paused" in str(status.render())


@playtest
async def test_teach_pauses_in_a_replay(saves):
    battle = played("ratfight", orders=40)
    path = save_battle(battle, saves / "ratfight.json")
    tl = Timeline(battle)
    dice = [(n, i) for n in range(tl.orders) for i, e in enumerate(tl.events_of(n))
            if isinstance(e, (DieRolled, CardDrawn))]
    app = make_app(replay_interval=0.05)
    async with app.run_test(size=(120, 40)) as pilot:
        replay = await open_replay(pilot, path)
        assert "teach off" in str(replay.query_one("#status").render())
        await pilot.press("t")
        assert replay.teach_on and "teach on" in str(replay.query_one("#status").render())
        # by event: stepping onto a die or card shows its own pause, and no other
        n, i = dice[0]
        for _ in range(tl.index(tl.end) + tl.orders):
            if replay.point == (n, i):
                break
            await pilot.press("full_stop")
            assert app.screen is replay, replay.point  # no die or card stepped over yet
        assert replay.point == (n, i)
        await pilot.press("full_stop")
        await pilot.pause()
        assert isinstance(app.screen, TeachScreen) and len(app.screen.stops) == 1
        await pilot.press("space")
        await pilot.pause()
        assert app.screen is replay
        # by order: a pause for every die and card of the order stepped over
        m = next(m for m in range(tl.orders) if sum(isinstance(e, (DieRolled, CardDrawn))
                                                     for e in tl.events_of(m)) >= 2)
        replay.go((m, 0))
        await pilot.press("right_square_bracket")
        await pilot.pause()
        assert isinstance(app.screen, TeachScreen)
        drawn = sum(isinstance(e, (DieRolled, CardDrawn)) for e in tl.events_of(m))
        assert sum(d.count for stop in app.screen.stops for d in stop.draws) == drawn, "every die and card is shown"
        assert app.screen.stops[0].heading.startswith(f"Order {m + 1}: ")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is replay and replay.point == (m + 1, 0)
        # playing waits while a pause is up, and goes on after it
        replay.go((m, 0))
        await pilot.press("space")
        for _ in range(40):
            await pilot.pause(0.05)
            if isinstance(app.screen, TeachScreen):
                break
        assert isinstance(app.screen, TeachScreen)
        held = replay.point
        await pilot.pause(0.4)
        assert replay.point == held and isinstance(app.screen, TeachScreen)
        await pilot.press("escape")
        await pilot.pause(0.4)
        assert replay.point[0] > held[0]
        replay._stop()
        while isinstance(app.screen, TeachScreen):
            await pilot.press("escape")
            await pilot.pause()


@playtest
async def test_continue_from_here_against_the_computer_and_a_second_player(saves):
    battle = played("ratfight", orders=30)
    path = save_battle(battle, saves / "ratfight.json")
    original = path.read_bytes()
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        replay = await open_replay(pilot, path)
        for _ in range(12):
            await pilot.press("right_square_bracket")
        await pilot.press("full_stop")  # inside order 13 (if it has two events): the battle starts after 12
        n, i = replay.point
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ContinueForm)
        head = str(app.screen.query_one("#continue-head").render())
        assert f"A new battle from order {n}" in head
        assert (f"after the whole order {n}" in head) == bool(i)
        await pilot.press("enter")  # the first side: you; the other: the computer
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        new = saves / f"ratfight-from-{n}.json"
        assert new.is_file()
        assert path.read_bytes() == original
        session = screen.session
        first, second = battle.system.sides(battle.state)
        assert session.battle.setup.players == {first: HUMAN, second: "default"}
        assert session.battle.log[:n] == battle.log[:n]
        saved = load_battle(new)
        assert saved.log == battle.log[:n] and saved.setup.players == session.battle.setup.players
        assert session.autosave == autosave_path()
        # once more from the same point, with a second player at this keyboard: a new file beside the first
        await pilot.press("q", "y")
        await pilot.pause()
        replay = await open_replay(pilot, path)
        replay.go((n, 0))
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("down", "right", "right")  # the second side: the computer (default, then random) ->
        await pilot.press("enter")  # a second player here
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        again = saves / f"ratfight-from-{n}-2.json"
        assert again.is_file() and load_battle(again).log == battle.log[:n]
        assert screen.session.battle.setup.players == {first: HUMAN, second: HUMAN}
        assert screen.session.battle.log == battle.log[:n]  # nobody is the computer: nothing moved
        assert screen.board == battle.system.board(battle.state_after(n)[0])
        assert f"order {n}" in str(screen.query_one("#status").render())
    assert path.read_bytes() == original
    assert json.loads(new.read_text())["commands"] == json.loads(original)["commands"][:12]


@playtest
async def test_continue_from_here_offers_the_computers_levels_and_the_battle_records_the_one_chosen(saves, monkeypatch):
    """The form's levels, and the new battle's record of them. The two computers are set up but not let to
    think (their play is not what this test reads, and the hard one's orders cost seconds): test_continue_from_
    here_against_the_computer_and_a_second_player plays on against the computer from a replay."""
    monkeypatch.setattr(BattleScreen, "maybe_computer", lambda self: None)
    battle = played("skirmishes", orders=12)
    path = save_battle(battle, saves / "skirmish.json")
    first, second = battle.system.sides(battle.state)
    names = {s.id: s.name for s in battle.system.board(battle.state).sides}
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        replay = await open_replay(pilot, path)
        replay.go((5, 0))
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ContinueForm)
        assert "computer (default)" in screen_text(app)  # the second side starts at the computer's default
        await pilot.press("down")
        seen = []
        for _ in range(6):  # along the second side's choices, the new-battle form's Opponent row
            await pilot.press("right")
            await pilot.pause()
            seen.append(next(x for x in screen_text(app).splitlines() if f"{names[second]} " in x))
            line = seen[-1]
            if "computer (hard: looks ahead)" in line:
                break
        assert any("computer (easy: slips now and then)" in x for x in seen), seen
        assert "computer (hard: looks ahead)" in seen[-1], seen
        await pilot.press("up", "right", "right", "right", "right")  # the first side: you -> the easy computer
        await pilot.pause()
        assert "< computer (easy: slips now and then) >" in next(
            x for x in screen_text(app).splitlines() if f"{names[first]} " in x)
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert screen.session.battle.setup.players == {first: "easy", second: "hard"}
        assert set(screen.session.computers) == {first, second}  # both sides are given to a computer player
        saved = load_battle(saves / "skirmish-from-5.json")
        assert saved.setup.players == {first: "easy", second: "hard"}
        await pilot.press("q", "y")
        await pilot.pause()


@playtest
async def test_continuing_a_replay_of_the_autosave_leaves_the_autosave_alone(saves):
    battle = played("skirmishes", orders=12)
    path = save_battle(battle, autosave_path())
    original = path.read_bytes()
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        replay = await open_replay(pilot, path)
        replay.go((5, 0))
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("down", "right", "right", "enter")  # both sides at this keyboard
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        assert screen.session.autosave == saves / "autosave-from-5.json"
    assert path.read_bytes() == original
    assert not list(saves.glob("unfinished-*.json"))


@playtest
async def test_a_divergent_replay_says_where_and_why_and_plays_up_to_there(saves):
    battle = played("disrupter", orders=40)
    path = save_battle(battle, saves / "edited.json")
    data = json.loads(path.read_text())
    k = 25
    data["commands"][k - 1]["check"]["hash"] = "0000000000000000"
    path.write_text(json.dumps(data))
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        replay = await open_replay(pilot, path)
        banner = str(replay.query_one("#replay-banner").render())
        assert replay.has_class("-diverges") and replay.query_one("#replay-banner").display
        assert banner.startswith("Diverges: the replay diverges at order 25 (")
        assert "recorded state 0000000000000000" in banner and "\n" not in banner
        assert "Diverges: the replay" in screen_text(app)
        await pilot.press("end")
        await pilot.pause()  # the pane's new text is laid out after the key's own refresh
        assert replay.point == (k - 1, 0)
        assert f"diverges after order {k - 1}" in str(replay.query_one("#status").render())
        assert "The replay stops here" in screen_text(app)
        assert replay.board == battle.system.board(battle.state_after(k - 1)[0])
        await pilot.press("right_square_bracket")
        assert replay.point == (k - 1, 0)


@playtest
async def test_an_unreadable_file_is_refused_in_one_line(saves):
    saves.mkdir(parents=True, exist_ok=True)
    bad = saves / "broken.json"
    bad.write_text("{ not json")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        note = str(app.screen.query_one("#saves-note").render())
        assert note.startswith("cannot open it: ") and "not valid JSON" in note and "\n" not in note.strip()
    assert bad.read_text() == "{ not json"


@playtest
async def test_the_cli_start_opens_the_viewer(saves):
    battle = played("minutemissions", orders=20)
    path = save_battle(battle, saves / "mm.json")
    app = make_app(start="replay", replay=path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen) and app.screen.timeline.orders == 20
        await pilot.press("escape")
        await pilot.pause()
        assert type(app.screen).__name__ == "TitleScreen"


def test_every_replay_key_is_in_the_help_and_the_command_palette():
    block = KEYS.split("Replays\n", 1)[1].split("\n\n", 1)[0]
    column = set()
    for line in block.splitlines():
        match = re.match(r"\s+(\S.*?)\s{3,}\S", line)
        column.update(match.group(1).split())
    spoken = {"comma": "comma", "question_mark": "?", "escape": "Esc", "space": "Space"}
    for binding in ReplayScreen.BINDINGS:
        assert binding.description, binding.key  # so the command palette lists it
        shown = spoken.get(binding.key, binding.key_display or binding.key)
        if binding.key in ("question_mark", "escape"):
            continue  # in the "Anywhere" block
        assert shown in column, (binding.key, shown)


# -- snapshots ----------------------------------------------------------------------------------

@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_snapshot_replay_viewer(snap_compare, saves, size):
    battle = played("ratfight", orders=30, seed=5)
    path = save_battle(battle, saves / "ratfight.json")

    async def run_before(pilot) -> None:
        pilot.app.watch_replay(path)
        await pilot.pause()
        await pilot.pause()
        await pilot.press(*["right_square_bracket"] * 9, "full_stop", "plus")
        await pilot.pause()

    assert snap_compare(make_app(), terminal_size=size, run_before=run_before)
