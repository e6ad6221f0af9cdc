"""End to end over a real SSH connection: sshd on 127.0.0.1, an ssh client in an 80x24 tmux pane.

A private sshd (its own config, host key and authorized key, all in a temp
dir) serves one login; the client runs ``hexfront play`` with a pseudo-terminal
(``ssh -t``) inside a detached tmux session, and the test types at it with
``tmux send-keys`` and reads it back with ``tmux capture-pane``. It plays a few
keys (new battle, cursor moves, pass orders), then drops the connection by
killing the tmux session, and checks that the autosave holds every order shown.

Needs /usr/sbin/sshd, ssh, ssh-keygen and tmux; ``tests/tui/ensure_sshd.sh``
(run by ``make test``) installs what is missing when it can. Without them the
test is skipped with the reason.
"""

from __future__ import annotations

import json
import os
import pwd
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from hexfront.engine.core.saves import load_battle

REPO = Path(__file__).resolve().parents[2]
HEXFRONT = Path(sys.executable).parent / "hexfront"
SSHD = Path("/usr/sbin/sshd")
WIDTH, HEIGHT = 80, 24

_missing = [name for name, ok in [
    ("sshd (/usr/sbin/sshd; run tests/tui/ensure_sshd.sh as root)", SSHD.is_file() and os.access(SSHD, os.X_OK)),
    ("tmux", shutil.which("tmux") is not None),
    ("ssh client", shutil.which("ssh") is not None),
    ("ssh-keygen", shutil.which("ssh-keygen") is not None),
] if not ok]

pytestmark = pytest.mark.skipif(bool(_missing), reason="SSH end-to-end test needs " + ", ".join(_missing))

ORDER = re.compile(r"\| turn \d+ \| order (\d+)")
KEEP = "Keep a morale card"  # RatFight's Morale Check, the one choice offered when a leader draws cards


# -- helpers -------------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _port_open(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as s:
            s.settimeout(0.5)
            return s.recv(4).startswith(b"SSH-")  # sshd's banner, not just any listener
    except OSError:
        return False


def _keygen(path: Path) -> None:
    subprocess.run(["ssh-keygen", "-q", "-N", "", "-t", "ed25519", "-f", str(path)], check=True,
                   stdin=subprocess.DEVNULL, capture_output=True)


class Pane:
    """One tmux session on a private server socket, read and typed at from the test."""

    def __init__(self, socket_path: Path, name: str) -> None:
        self.socket = socket_path
        self.name = name

    def tmux(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(["tmux", "-S", str(self.socket), *args], capture_output=True, text=True,
                              check=check, stdin=subprocess.DEVNULL)

    def start(self, command: str) -> None:
        self.tmux("-f", "/dev/null", "new-session", "-d", "-s", self.name, "-x", str(WIDTH), "-y", str(HEIGHT),
                  command)

    def screen(self) -> str:
        done = self.tmux("capture-pane", "-p", "-t", self.name, check=False)
        return done.stdout if done.returncode == 0 else f"<no pane: {done.stderr.strip()}>"

    def keys(self, *keys: str, literal: bool = False) -> None:
        self.tmux("send-keys", "-t", self.name, *(["-l"] if literal else []), *keys)

    def wait_for(self, test, what: str, timeout: float = 10.0) -> str:
        """Poll the screen until ``test(screen)`` holds; fail with the screen shown."""
        deadline = time.monotonic() + timeout
        while True:
            text = self.screen()
            if test(text):
                return text
            if time.monotonic() > deadline:
                pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}; the screen:\n{text}")
            time.sleep(0.05)

    def settle(self, quiet: float = 0.4, timeout: float = 8.0) -> str:
        """Wait until the screen stays the same for ``quiet`` seconds."""
        deadline = time.monotonic() + timeout
        last, since = self.screen(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = self.screen()
            if now != last:
                last, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return now
        return last

    def press(self, key: str, literal: bool = False, timeout: float = 3.0) -> tuple[str, bool]:
        """Send one key; wait for the screen to change and then settle. Returns (screen, changed)."""
        before = self.screen()
        self.keys(key, literal=literal)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.screen() != before:
                return self.settle(), True
            time.sleep(0.03)
        return self.screen(), False


def _map_cursor(text: str) -> tuple[int, int] | None:
    """(row, column) of the hex under the map cursor, ``[x]``, or ``[x`` / ``x]`` where a piece's mark or
    facing keeps the other slot (no terrain or piece is ever a bracket): searched only in the Map pane."""
    lines = text.splitlines()
    top = next((i for i, line in enumerate(lines) if "Map" in line and "─" in line), None)
    if top is None:
        return None
    right = lines[top].find("Activation")
    right = right - 1 if right > 0 else len(lines[top])
    for row in range(top + 1, len(lines)):
        line = lines[row]
        if "Under the cursor" in line:
            break
        m = re.search(r"\[.|.\]", line[:right])
        if m:
            return row, m.start() + (1 if m.group().startswith("[") else 0)
    return None


def _order(text: str) -> int | None:
    m = ORDER.search(text)
    return int(m.group(1)) if m else None


def _ended(text: str) -> int | None:
    """On the end-of-battle screen, the number of orders given; else None."""
    m = re.search(r"Orders given: (\d+)", text)
    return int(m.group(1)) if m else None


def _your_turn(text: str) -> bool:
    return "your orders" in text and _order(text) is not None and "computer) is choosing" not in text


def _processes_with_env(marker: bytes) -> list[int]:
    """Pids whose environment holds ``marker`` (our unique saves dir): the remote hexfront."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                if marker in f.read():
                    found.append(int(entry))
        except OSError:
            continue
    return found


# -- fixtures --------------------------------------------------------------------------------
@pytest.fixture
def sshd(tmp_path):
    """A private sshd on 127.0.0.1 accepting one generated key for the current user."""
    user = pwd.getpwuid(os.getuid()).pw_name
    keys = tmp_path / "ssh"
    keys.mkdir()
    _keygen(keys / "host_key")
    _keygen(keys / "client_key")
    authorized = keys / "authorized_keys"
    authorized.write_text((keys / "client_key.pub").read_text())
    authorized.chmod(0o600)
    if os.geteuid() == 0:
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)  # privilege-separation dir sshd insists on
    port = _free_port()
    config = keys / "sshd_config"
    config.write_text("\n".join([
        f"ListenAddress 127.0.0.1:{port}",
        f"HostKey {keys / 'host_key'}",
        f"AuthorizedKeysFile {authorized}",
        "PubkeyAuthentication yes",
        "PasswordAuthentication no",
        "KbdInteractiveAuthentication no",
        f"PermitRootLogin {'yes' if os.geteuid() == 0 else 'no'}",
        "UsePAM no",
        "StrictModes no",
        f"PidFile {keys / 'sshd.pid'}",
        "PermitTTY yes",
        "PrintMotd no",
        "PrintLastLog no",
        "X11Forwarding no",
        "LogLevel ERROR",
        "",
    ]))
    log = open(keys / "sshd.log", "w")
    proc = subprocess.Popen([str(SSHD), "-D", "-e", "-f", str(config)], stdin=subprocess.DEVNULL,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 10
        while not _port_open(port):
            if proc.poll() is not None or time.monotonic() > deadline:
                log.flush()
                pytest.fail(f"sshd did not start (exit {proc.poll()}):\n{(keys / 'sshd.log').read_text()}")
            time.sleep(0.05)
        yield {"port": port, "user": user, "key": keys / "client_key", "log": keys / "sshd.log"}
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.close()


@pytest.fixture
def pane(tmp_path):
    p = Pane(tmp_path / f"tmux-{uuid.uuid4().hex[:8]}.sock", "hexfront")
    try:
        yield p
    finally:
        p.tmux("kill-server", check=False)


# -- the test ----------------------------------------------------------------------------------
def test_ssh_end_to_end_play_then_drop_connection(sshd, pane, tmp_path):
    """Play over real SSH in an 80x24 terminal; a dropped connection loses no order."""
    saves = tmp_path / f"saves-{uuid.uuid4().hex[:8]}"
    autosave = saves / "autosave.json"
    remote = (f"cd {shlex.quote(str(REPO))} && TERM=xterm-256color "
              f"HEXFRONT_SAVES={shlex.quote(str(saves))} {shlex.quote(str(HEXFRONT))} play")
    ssh = ["ssh", "-t", "-F", "/dev/null", "-p", str(sshd["port"]), "-i", str(sshd["key"]),
           "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "StrictHostKeyChecking=no",
           "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
           f"{sshd['user']}@127.0.0.1", remote]
    # keep the pane after ssh exits so a failure shows why
    pane.start(shlex.join(ssh) + '; echo "[ssh exited with $?]"; sleep 60')

    try:
        # 1. the title menu, drawn through sshd's pty
        pane.wait_for(lambda s: "New battle" in s and "Quit" in s and "palette" in s,
                      "the title menu over SSH", timeout=20)

        # 2. a new battle of RatFight (Right on the form's first row until it shows), the form's other defaults
        pane.keys("n")
        screen = pane.wait_for(lambda s: "start battle" in s, "the new-battle form")
        for _ in range(10):
            if "< JTS RatFight >" in screen:
                break
            screen, _ = pane.press("Right")
        assert "< JTS RatFight >" in screen, f"the form offers no RatFight:\n{screen}"
        pane.keys("Enter")
        screen = pane.wait_for(lambda s: "Map" in s and "Dice log" in s and _order(s) is not None,
                               "the battle screen")
        screen = pane.wait_for(_your_turn, "our side's turn (the computer may move first)", timeout=15)
        screen = pane.settle()
        assert "Map" in screen and "Dice log" in screen, screen

        # 3. the cursor moves
        first = _map_cursor(screen)
        assert first is not None, f"no [x] cursor on the map:\n{screen}"
        for key in ("Left", "Up", "Right", "Up"):  # at an edge a step may do nothing; the others still move
            screen, _ = pane.press(key, timeout=1.0)
        moved = _map_cursor(screen)
        assert moved is not None and moved != first, f"cursor did not move from {first}:\n{screen}"

        # 4. pass orders: '.' chooses Pass, Enter gives it; the order number goes up. The battle's seed is
        # random, so a Morale Check may come first: then the first card drawn is kept instead.
        start_order = _order(screen)
        for _ in range(3):
            screen = pane.wait_for(_your_turn, "our turn to give an order", timeout=15)
            before = _order(screen)
            if KEEP in screen:  # a Morale Check: no pass until a card is kept; keep the first card drawn
                pane.press("1", literal=True)
                screen, changed = pane.press("1", literal=True)
                assert changed and "Enter give" in screen, f"'1' '1' did not choose the first morale card:\n{screen}"
            else:
                screen, changed = pane.press(".", literal=True)
                assert changed and "no pass order" not in screen, f"'.' did not choose the Pass order:\n{screen}"
            pane.keys("Enter")
            screen = pane.wait_for(lambda s, before=before: (_order(s) or 0) > before or _ended(s) is not None,
                                   f"order {before} to go up after Enter (or the battle to end: a card kept may "
                                   f"break our side)")
            # the computer's replies come 0.35 s apart; wait until the order is ours again (or the end)
            pane.wait_for(lambda s: _your_turn(s) or _ended(s), "the computer's replies", timeout=15)
            screen = pane.settle()
            if not _your_turn(screen):
                break
        shown = _ended(screen) or _order(screen)
        assert shown is not None and shown > start_order, f"order stayed at {start_order}:\n{screen}"

        # 5. the autosave holds what the screen shows
        assert autosave.is_file(), f"no autosave at {autosave}"
        data = json.loads(autosave.read_text())
        assert data["format"] == "hexfront-save"
        assert len(data["commands"]) >= 1
        assert len(data["commands"]) == shown, f"autosave has {len(data['commands'])} commands, screen shows {shown}"

        # 6. drop the connection abruptly: kill the tmux session (and the ssh client with it)
        pane.tmux("kill-session", "-t", pane.name)
        marker = f"HEXFRONT_SAVES={saves}".encode()
        deadline = time.monotonic() + 10
        while _processes_with_env(marker) and time.monotonic() < deadline:
            time.sleep(0.1)
        lingering = _processes_with_env(marker)
        assert not lingering, f"hexfront still running after the connection dropped: pids {lingering}"

        battle = load_battle(autosave, verify=True)
        assert len(battle.log) == shown, f"after the drop the autosave has {len(battle.log)} orders, not {shown}"
    finally:
        for pid in _processes_with_env(f"HEXFRONT_SAVES={saves}".encode()):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
