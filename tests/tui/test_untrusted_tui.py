"""Files and names the game cannot trust, tried as a hostile user would, through the keys a player presses.

Each test reproduces one attack or failure of issue 18 and asserts what the player reads on screen:
a hostile saves folder in the load list, a broken settings file, a save naming an unknown computer
player, the autosave failing (full disk), and a battle whose scenario is a path.
"""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path

import pytest
from tuikit import hang_guard, playtest, screen_lines, screen_text, settle, toast_texts

import hexfront.engine.core.saves as saves_module
from hexfront.engine.core.battle import Battle
from hexfront.engine.core.players import HUMAN
from hexfront.engine.core.saves import load_battle, save_battle
from hexfront.tui.app import HexfrontApp
from hexfront.tui.screens.battle import BattleScreen
from hexfront.tui.screens.confirm import Question
from hexfront.tui.screens.title import NewBattleScreen, SaveListScreen, TitleScreen
from hexfront.tui.screens.unsaved import SaveElsewhereScreen, UnsavedDialog
from hexfront.tui.session import Session, autosave_path, continue_replay, describe_save


@pytest.fixture(autouse=True)
def deadline():
    """No case may hang (a FIFO read without O_NONBLOCK would): the test fails after 120 s instead."""
    with hang_guard(120, "the game hung"):
        yield


def make_app(**kw) -> HexfrontApp:
    kw.setdefault("computer_delay", 0)
    kw.setdefault("battle_seed", 7)
    return HexfrontApp(**kw)


def a_battle(players: dict[str, str] | None = None) -> Battle:
    """A RatFight convoy battle, both sides at this keyboard unless ``players`` says otherwise."""
    battle = Battle.new("ratfight", "convoy", seed=7)
    battle.setup.players = players or {side: HUMAN for side in battle.system.sides(battle.state)}
    return battle


async def open_load_list(pilot) -> SaveListScreen:
    await pilot.press("l")
    await pilot.pause()
    assert isinstance(pilot.app.screen, SaveListScreen)
    return pilot.app.screen


# -- 4a: the load list with a hostile saves folder -------------------------------------------------

def hostile_saves_folder(saves: Path) -> dict[str, bytes]:
    """A real save beside a nested JSON, a FIFO, a link to /dev/zero, a dangling link, a file larger
    than any save, bytes that are not UTF-8, and a name that looks like markup; returns the regular
    files' bytes."""
    saves.mkdir(parents=True, exist_ok=True)
    save_battle(a_battle(), saves / "good.json")
    (saves / "nested.json").write_text("[" * 200_000 + "]" * 200_000)
    os.mkfifo(saves / "pipe.json")
    os.symlink("/dev/zero", saves / "zero.json")
    os.symlink(saves / "nowhere", saves / "dangling.json")
    with open(saves / "huge.json", "wb") as fh:  # sparse: 65 MB that take no disk
        fh.truncate(65 * 1024 * 1024)
    (saves / "latin.json").write_bytes(b'{"format": "hexfront-save", "system": "\xe9"}')
    (saves / "[b]bold[red].json").write_text('{"format": "hexfront-save", "format_version": 1}')
    (saves / "settings.json").write_text('{"ascii": false}')  # not a battle: not listed
    return read_back(saves)


def read_back(saves: Path) -> dict[str, bytes | int]:
    """The bytes of each regular file (the size alone of the huge one)."""
    return {p.name: (p.stat().st_size if p.name == "huge.json" else p.read_bytes())
            for p in saves.iterdir() if p.is_file() and not p.is_symlink()}


def test_the_load_list_names_a_battle_by_its_titles_and_counts_its_orders(tmp_path):
    """A save of a system and scenario this game has is listed by their titles, its orders counted as a player
    says them ("1 order"); a system or scenario it does not know keeps the file's own id, escaped."""
    import json

    battle = Battle.new("ratfight", "convoy", seed=1)
    battle.submit(battle.legal_commands()[0])
    save_battle(battle, tmp_path / "one.json")
    assert describe_save(tmp_path / "one.json") == "one.json: JTS RatFight, Convoy Ambush, 1 order"
    data = json.loads((tmp_path / "one.json").read_text())
    for key, value, shown in [("system", "chess[red]", "chess[red] convoy"),
                              ("scenario", "nowhere", "JTS RatFight, nowhere")]:
        (tmp_path / f"{key}.json").write_text(json.dumps({**data, key: value}))
        assert describe_save(tmp_path / f"{key}.json") == f"{key}.json: {shown}, 1 order"


@playtest
async def test_the_load_list_describes_every_hostile_file_in_a_line_and_never_crashes(saves):
    before = hostile_saves_folder(saves)
    app = make_app()
    async with app.run_test(size=(120, 40), notifications=True) as pilot:
        started = time.monotonic()
        screen = await open_load_list(pilot)
        assert time.monotonic() - started < 20
        text = screen_text(app)
        assert "Traceback" not in text
        assert "good.json: JTS RatFight, Convoy Ambush, 0 orders" in text
        assert "nested.json: not a readable save: it is nested too deeply" in text
        assert "pipe.json: not a readable save: it is a pipe (FIFO), not a regular file" in text
        assert "zero.json: not a readable save: it is a device, not a regular file" in text
        assert "dangling.json: not a readable save: it does not exist" in text
        assert "latin.json: not a readable save: it is not UTF-8 text" in text
        assert "huge.json: not a readable save: it is larger than 67108864 bytes" in text
        assert "settings.json" not in text
        assert "[b]bold[red].json: not a readable save" in text  # the name verbatim, not read as markup
        # each line of the list is one row of the screen (none longer than a line of the list)
        rows = [line for line in screen_lines(app) if ".json:" in line]
        assert len(rows) == len(screen.paths) == 8
        # opening each unreadable one is refused in one line, and the list stays
        for index, path in enumerate(screen.paths):
            if path.name == "good.json":
                continue
            menu = screen.query_one("#saves-list")
            menu.highlighted = index
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is screen, path.name
            note = str(screen.query_one("#saves-note").render())
            assert note.startswith("cannot open it: ") and "\n" not in note.strip(), note
            assert "Traceback" not in screen_text(app)
    assert read_back(saves) == before  # nothing read was changed


# -- 4b: a broken settings file ------------------------------------------------------------------

BROKEN_SETTINGS = {
    "bad JSON": b'{"ascii": tru',
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "a list": b"[true]",
    "a wrong type": b'{"ascii": "yes"}',
    "a number for true": b'{"ascii": 1}',
    "not UTF-8": b'{"ascii": "\xff"}',
    "huge": b'{"ascii": true, "pad": "' + b"x" * 200_000 + b'"}',
}


@pytest.mark.parametrize("case", list(BROKEN_SETTINGS) + ["a FIFO", "a link to /dev/zero"])
@playtest
async def test_a_broken_settings_file_is_set_aside_and_the_game_starts(saves, case):
    saves.mkdir(parents=True)
    settings = saves / "settings.json"
    if case == "a FIFO":
        os.mkfifo(settings)
    elif case == "a link to /dev/zero":
        os.symlink("/dev/zero", settings)
    else:
        settings.write_bytes(BROKEN_SETTINGS[case])
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        toasts = " ".join(toast_texts(app))
        assert "The settings file could not be used" in toasts, toasts
        assert "settings.broken-" in toasts and "default settings" in toasts
        assert app.ascii_look is False
        await pilot.press("n")  # the game goes on as usual
        await pilot.pause()
        assert isinstance(app.screen, NewBattleScreen)
    kept = list(saves.glob("settings.broken-*.json"))
    assert len(kept) == 1 and not os.path.lexists(settings)
    if case in BROKEN_SETTINGS:
        assert kept[0].read_bytes() == BROKEN_SETTINGS[case]  # set aside as it was, for the player to read


@playtest
async def test_a_good_settings_file_is_used_and_kept(saves):
    saves.mkdir(parents=True)
    (saves / "settings.json").write_text('{"ascii": true, "later": [1, 2]}')
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert app.ascii_look is True and toast_texts(app) == []
        await pilot.press("a")  # the switch writes it back, the unknown key kept
        await pilot.pause()
    assert (saves / "settings.json").read_text() == '{"ascii": false, "later": [1, 2]}\n'
    assert not list(saves.glob("settings.broken-*"))


# -- 4c: a save naming a computer player this hexfront does not have ------------------------------------

def save_with_unknown_player(path: Path) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    save_battle(a_battle({"red": HUMAN, "blue": "nonesuch"}), path)
    return path.read_bytes()


@playtest
async def test_continue_with_an_unknown_computer_player_is_one_line(saves):
    before = save_with_unknown_player(autosave_path())
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        toasts = " ".join(toast_texts(app))
        assert toasts.startswith("cannot continue: ") and "nonesuch" in toasts, toasts
        screen = await open_load_list(pilot)
        await pilot.press("enter")
        await pilot.pause()
        note = str(screen.query_one("#saves-note").render())
        assert note.startswith("cannot open it: ") and "nonesuch" in note and "\n" not in note.strip()
        assert "Traceback" not in screen_text(app)
    assert autosave_path().read_bytes() == before


def test_play_continue_on_the_command_line_refuses_an_unknown_computer_player(saves, monkeypatch, capsys):
    from hexfront.tui.launch import main

    before = save_with_unknown_player(autosave_path())
    monkeypatch.setenv("HEXFRONT_FORCE_TTY", "1")
    assert main(["play", "--continue"]) == 1  # refused before the game starts
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("hexfront: cannot continue the last battle: ") and "nonesuch" in err
    assert autosave_path().read_bytes() == before


# -- 8: the autosave failing -------------------------------------------------------------------

class FullDisk:
    """``write_atomic`` as on a full disk for the saves folder alone (tests run as root, where a
    read-only folder is still written); ``full`` switches it."""

    def __init__(self, saves: Path, monkeypatch) -> None:
        self.saves = saves.resolve()
        self.full = False
        self.refused = 0
        self.real = saves_module.write_atomic
        monkeypatch.setattr(saves_module, "write_atomic", self.write)

    def write(self, path, text) -> None:
        if self.full and Path(path).parent.resolve() == self.saves:
            self.refused += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self.real(path, text)


async def battle_at_this_keyboard(pilot) -> BattleScreen:
    """A new RatFight battle with both sides at this keyboard (no computer moves between keys), kept where the
    game keeps its autosave and continued from the menu with c. (Starting one from the new-battle form is the
    menu tests' part: test_pilot.py, test_new_player.py.)"""
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    save_battle(a_battle(), path)
    await pilot.press("c")
    await settle(pilot)
    assert isinstance(pilot.app.screen, BattleScreen) and pilot.app.screen.session.battle.log == []
    return pilot.app.screen


async def give_orders(pilot, screen: BattleScreen, n: int) -> None:
    """``n`` orders: pass (. then Enter) where a pass is open, else the first piece's first order."""
    from tuikit import cursor_to

    from hexfront.tui.orders import ACTION, CONFIRM, TARGET, VARIANT

    for _ in range(n):
        before = len(screen.session.battle.log)
        await pilot.press("tab")
        if screen.editor.level == ACTION:
            await pilot.press("1")
            if screen.editor.level == TARGET:
                await cursor_to(pilot, screen.query_one("#map"), sorted(screen.editor.highlight_targets())[0])
                await pilot.press("enter")
            if screen.editor.level == VARIANT:
                await pilot.press("1")
        else:
            await pilot.press("full_stop")
        assert screen.editor.level == CONFIRM, screen.message
        await pilot.press("enter")
        await pilot.pause()
        assert len(screen.session.battle.log) == before + 1


def alarm_row(app) -> str:
    rows = [line for line in screen_lines(app) if "AUTOSAVE FAILED" in line]
    assert len(rows) == 1, rows
    return rows[0]


@playtest
async def test_a_failing_autosave_is_unmissable_and_quitting_asks_first(saves, monkeypatch):
    disk = FullDisk(saves, monkeypatch)
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await battle_at_this_keyboard(pilot)
        await give_orders(pilot, screen, 1)
        assert "AUTOSAVE FAILED" not in screen_text(app)
        disk.full = True
        await give_orders(pilot, screen, 2)
        await pilot.pause()
        assert disk.refused == 2
        # the alarm: the top row of the 80-column screen, whole, clear of the toasts
        row = alarm_row(app)
        assert screen_lines(app)[0] == row
        assert row.strip().startswith("AUTOSAVE FAILED since ") and row.strip().endswith("s: save elsewhere")
        assert "2 changes not on disk" in row
        toasts = " ".join(toast_texts(app))
        assert "The autosave failed: could not write autosave.json: No space left on device" in toasts
        # q asks, Esc stays
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, UnsavedDialog)
        text = screen_text(app)
        assert "Orders not saved" in text and "so 2 changes to this" in text
        assert "No space left" in text and "l    leave anyway: those changes are lost" in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        # Ctrl+Q asks too, naming quitting
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, UnsavedDialog) and "quit anyway" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        # Esc never leaves a battle (it backs out of an order being built); q asks, as above
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, UnsavedDialog)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and app.is_running


@playtest
async def test_saving_elsewhere_keeps_every_order_then_leaves(saves, monkeypatch, tmp_path):
    disk = FullDisk(saves, monkeypatch)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await battle_at_this_keyboard(pilot)
        disk.full = True
        await give_orders(pilot, screen, 3)
        log = list(screen.session.battle.log)
        await pilot.press("q", "s")
        await pilot.pause()
        assert isinstance(app.screen, SaveElsewhereScreen)
        field = app.screen.query_one("#elsewhere-input")

        async def submit(typed: str) -> str:
            field.value = typed  # as if pasted
            await pilot.press("enter")
            await pilot.pause()
            return str(app.screen.query_one("#elsewhere-note").render()) if isinstance(
                app.screen, SaveElsewhereScreen) else ""

        note = await submit(str(tmp_path / "no-such-folder" / "x.json"))
        assert note.startswith("not saved: there is no folder ") and "\n" not in note.strip()
        assert not (tmp_path / "no-such-folder").exists()
        note = await submit("ok\x1b]0;pwned\x07")
        assert note.startswith("not saved: a folder or a file to save in holds a control")
        note = await submit("[b]x[/b]" + "y" * 300)
        assert "[b]x[/b]" in screen_text(app)  # what was typed is shown as it is, not as markup
        assert "characters long" in note
        note = await submit(str(saves))  # the failing folder: the full disk answers, in one line
        assert note.startswith("not saved: could not write") and "No space left on device" in note
        await submit(str(elsewhere))
        assert isinstance(app.screen, TitleScreen)  # saved, then left as asked
        assert any("savedas" + str(elsewhere) in "".join(t.split()) for t in toast_texts(app))
    copies = list(elsewhere.iterdir())
    assert len(copies) == 1 and copies[0].name.startswith("ratfight-convoy-")
    assert load_battle(copies[0]).log == log  # every order, the three since the failure included
    assert sorted(p.name for p in tmp_path.iterdir()) == ["elsewhere", "saves"]  # no stray folder


@playtest
async def test_the_next_good_autosave_catches_up_and_the_alarm_goes(saves, monkeypatch):
    disk = FullDisk(saves, monkeypatch)
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await battle_at_this_keyboard(pilot)
        await give_orders(pilot, screen, 1)
        disk.full = True
        await give_orders(pilot, screen, 2)
        await pilot.press("z")  # an undo while failing is one more change not on disk
        await pilot.pause()
        assert "3 changes not on disk" in alarm_row(app)
        assert len(load_battle(autosave_path()).log) == 1  # the disk holds the battle before the failure
        disk.full = False
        await give_orders(pilot, screen, 1)
        await pilot.pause()
        assert "AUTOSAVE FAILED" not in screen_text(app)
        assert any("The autosave works again: every order is saved." in t for t in toast_texts(app))
        assert load_battle(autosave_path()).log == screen.session.battle.log
        assert len(screen.session.battle.log) == 3
        await pilot.press("q")  # nothing at risk: only the question every battle asks before it is left
        await pilot.pause()
        assert isinstance(app.screen, Question) and "AUTOSAVE" not in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


@playtest
async def test_leaving_anyway_and_retrying_the_autosave(saves, monkeypatch):
    disk = FullDisk(saves, monkeypatch)
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await battle_at_this_keyboard(pilot)
        disk.full = True
        await give_orders(pilot, screen, 2)
        await pilot.press("q", "r")  # retry while still full: refused again, asked again
        await pilot.pause()
        assert isinstance(app.screen, UnsavedDialog) and "so 2 changes to this" in screen_text(app)
        assert any("The autosave failed again" in t for t in toast_texts(app))
        disk.full = False
        await pilot.press("r")  # the disk has room now: saved, and left
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert load_battle(autosave_path()).log == screen.session.battle.log
        await pilot.press("c")
        await settle(pilot)
        screen = app.screen
        disk.full = True
        await give_orders(pilot, screen, 1)
        kept = len(load_battle(autosave_path()).log)
        await pilot.press("q", "l")  # leave anyway: the player was told what is lost
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert kept == len(screen.session.battle.log) - 1


@playtest
async def test_s_and_the_end_screen_save_elsewhere_and_ask_while_the_autosave_fails(saves, monkeypatch, tmp_path):
    from hexfront.tui.screens.end import EndScreen

    disk = FullDisk(saves, monkeypatch)
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await battle_at_this_keyboard(pilot)
        disk.full = True
        await give_orders(pilot, screen, 1)
        await pilot.press("s")  # a copy in the saves folder would fail as the autosave does: ask where
        await pilot.pause()
        assert isinstance(app.screen, SaveElsewhereScreen)
        await pilot.press(*str(tmp_path), "enter")
        await pilot.pause()
        assert app.screen is screen and screen.message == "saved elsewhere"
        assert "all is in the copy saved elsewhere" in alarm_row(app)
        copies = list(tmp_path.glob("ratfight-convoy-*.json"))
        assert len(copies) == 1 and load_battle(copies[0]).log == screen.session.battle.log
        await give_orders(pilot, screen, 1)
        app.push_screen(EndScreen(screen.session))  # as at the end of the battle
        await pilot.pause()
        for key in ("m", "escape", "r"):  # menu, back, start again: each asks first
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, UnsavedDialog), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, EndScreen)


@playtest
async def test_the_go_to_turn_field_takes_a_short_plain_number_only(saves):
    from hexfront.tui.screens.replay import TurnPrompt

    saves.mkdir()
    path = save_battle(a_battle(), saves / "replay.json")
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.watch_replay(path)
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        assert isinstance(app.screen, TurnPrompt)
        field = app.screen.query_one("#turn-input")
        for typed, shown_back in [("\uff11", "'\uff11' is not a turn"), ("[b]1[/b]", "'[b]1[/b]' is not a turn"),
                                  ("9" * 40, "is not a turn")]:
            field.value = typed  # as if pasted
            await pilot.press("enter")
            await pilot.pause()
            note = str(app.screen.query_one("#turn-note").render())
            assert isinstance(app.screen, TurnPrompt) and shown_back in note and "\n" not in note.strip(), note
            assert len(note) < 100
        field.value = ""
        await pilot.press(*"1234567890")  # the field takes no more than a turn needs
        assert field.value == "123456"


# -- 1: names written from a save's ids ----------------------------------------------------------------

@pytest.mark.parametrize("scenario", ["../../../../tmp/X", "../outside/X", "/tmp/X", "..", "[b]x[/b]\x1b[2J"])
@playtest
async def test_a_scenario_that_is_a_path_writes_nothing_outside_the_saves_folder(saves, tmp_path, scenario):
    """The attack of issue 18 item 1: a battle whose setup.scenario is a path, and `s` pressed."""
    tmp_before = set(os.listdir("/tmp"))
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        battle = a_battle()
        battle.setup.scenario = scenario
        app.open_session(Session(battle, autosave_path()))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        await pilot.press("s")
        await pilot.pause()
        assert screen.message.startswith("saved as ")
    copies = sorted(p.name for p in saves.iterdir() if p.name.startswith("ratfight-"))
    assert len(copies) == 1 and (saves / copies[0]).is_file()
    assert all(ch.isalnum() or ch in "-_." for ch in copies[0])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saves"]  # nothing beside the saves folder
    assert all(p.is_file() for p in saves.iterdir())  # and no stray folder in it
    assert not any(name.startswith("X") for name in set(os.listdir("/tmp")) - tmp_before)


@playtest
async def test_the_tampered_save_of_the_report_loaded_and_saved_with_s(saves, tmp_path):
    """The exact file of the report: a real save with "scenario": "../../../../tmp/X", from the load list.
    Whether this hexfront plays it or refuses it (one line), nothing lands outside the saves folder."""
    import json

    saves.mkdir()
    raw = json.loads(save_battle(a_battle(), tmp_path / "real.json").read_text())
    (tmp_path / "real.json").unlink()
    raw["scenario"] = "../../../../tmp/X"
    (saves / "tampered.json").write_text(json.dumps(raw))
    tmp_before = set(os.listdir("/tmp"))
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        list_screen = await open_load_list(pilot)
        await pilot.press("enter")
        await pilot.pause()
        if isinstance(app.screen, BattleScreen):
            await pilot.press("s")
            await pilot.pause()
            assert app.screen.message.startswith("saved as " + str(saves / "ratfight-tmp-X-"))
        else:  # refused: one line under the list
            note = str(list_screen.query_one("#saves-note").render())
            assert note.startswith("cannot open it: ") and "\n" not in note.strip()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saves"]
    assert all(p.is_file() for p in saves.iterdir())
    assert not any(name.startswith("X") for name in set(os.listdir("/tmp")) - tmp_before)


def test_every_name_the_game_writes_stays_in_the_saves_folder(saves, tmp_path):
    from hexfront.engine.core.errors import SaveError

    battle = a_battle()
    battle.setup.scenario = "../../../../tmp/X"
    saves.mkdir()
    session = Session(battle, None)
    # a copy under a name from outside, or through a link out of the folder, is refused in one line
    for name in ["../x.json", "/tmp/x.json", "x.json/../../y.json", ".hidden.json", "x\n.json"]:
        with pytest.raises(SaveError) as refused:
            session.save_copy(name)
        assert "\n" not in refused.value.message
    (tmp_path / "outside").mkdir()
    os.symlink(tmp_path / "outside" / "target.json", saves / "link.json")
    with pytest.raises(SaveError, match="outside the saves folder"):
        session.save_copy("link.json")
    assert list((tmp_path / "outside").iterdir()) == []
    # a battle continued from a replay is named from safe characters too
    _, target, _ = continue_replay(battle, 0, {"red": HUMAN, "blue": HUMAN}, None)
    assert target.parent == saves and target.name.startswith("ratfight-tmp-X-from-0")
    _, target, _ = continue_replay(battle, 0, {"red": HUMAN, "blue": HUMAN}, Path("../../a b;[c].json"))
    assert target.parent == saves and target.name == "a-b-c-from-0.json"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["outside", "saves"]


# -- names a player types ---------------------------------------------------------------------

def test_typed_text_is_one_printable_bounded_line():
    from hexfront.tui.names import MAX_TYPED, TypedRefused, typed_text

    assert typed_text("  ~/backups  ", "a folder") == "~/backups"
    for bad, why in [("", "type a folder first"), ("   ", "type a folder first"),
                     ("x" * (MAX_TYPED + 1), "characters long"), ("a\tb", "control"),
                     ("a\x1b[2Jb", "control"), ("a\u202eb", "control"), ("\ud800", "control")]:
        with pytest.raises(TypedRefused, match=why) as refused:
            typed_text(bad, "a folder")
        assert "\n" not in refused.value.message and len(refused.value.message) < 200


def test_save_elsewhere_only_into_a_folder_that_exists_and_never_over_a_file(saves, tmp_path):
    from hexfront.tui.names import TypedRefused, elsewhere_target

    saves.mkdir()
    (tmp_path / "there").mkdir()
    (tmp_path / "there" / "taken.json").write_text("mine")
    assert elsewhere_target(str(tmp_path / "there"), "b.json", saves) == tmp_path / "there" / "b.json"
    assert elsewhere_target(str(tmp_path / "there" / "mine"), "b.json", saves) == tmp_path / "there" / "mine.json"
    assert elsewhere_target("copy", "b.json", saves) == saves / "copy.json"  # relative: in the saves folder
    for typed, why in [(str(tmp_path / "there" / "taken.json"), "already exists"),
                       (str(tmp_path / "gone" / "x.json"), "there is no folder"),
                       ("sub/x.json", "there is no folder"), ("~no-such-user-here/x", "cannot save at")]:
        with pytest.raises(TypedRefused, match=why):
            elsewhere_target(typed, "b.json", saves)
    assert (tmp_path / "there" / "taken.json").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["saves", "there"]
