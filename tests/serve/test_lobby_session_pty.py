"""The game process the host starts per visit, run as the host runs it: ``python -m hexfront.tui.serve.session``
on a pseudo-terminal. A first visit names itself and leaves; the name is bound to the key in the store."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import subprocess
import sys
import termios
import time

from hexfront.tui.serve.session import main as session_main
from hexfront.tui.serve.store import open_store


def read_until(fd: int, needle: bytes, seconds: float) -> bytes:
    seen = b""
    end = time.monotonic() + seconds
    while needle not in seen:
        left = end - time.monotonic()
        if left <= 0:
            raise AssertionError(f"{needle!r} never appeared; the screen had {seen[-400:]!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:  # the process ended
                break
    return seen


def test_a_visit_on_a_pty_names_itself_and_quits(tmp_path):
    data, saves = tmp_path / "data", tmp_path / "players" / "p1" / "saves"
    main_fd, child_fd = pty.openpty()
    fcntl.ioctl(child_fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "HEXFRONT_SAVES": str(saves), "TERM": "xterm-256color"}
    env.pop("HEXFRONT_ASCII", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "hexfront.tui.serve.session", "--data", str(data), "--key", "SHA256:ptyvisitor",
         "--peer", "127.0.0.1"], stdin=child_fd, stdout=child_fd, stderr=child_fd, env=env, start_new_session=True)
    os.close(child_fd)
    try:
        read_until(main_fd, b"Choose the name", 20)
        os.write(main_fd, b"Pat\r")
        read_until(main_fd, b"Host", 10)
        deadline = time.monotonic() + 10
        while open_store(data).player_for_key("SHA256:ptyvisitor") is None and time.monotonic() < deadline:
            time.sleep(0.05)
        os.write(main_fd, b"\x11")  # ctrl+q
        assert proc.wait(timeout=10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main_fd)
    store = open_store(data)
    player = store.player_for_key("SHA256:ptyvisitor")
    assert player is not None and player.name == "Pat"
    assert store.online() == []  # the session said it left


def test_a_session_refuses_a_key_the_host_never_writes(tmp_path, capsys):
    assert session_main(["--data", str(tmp_path), "--key", "../../etc/passwd"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "fingerprint" in err
