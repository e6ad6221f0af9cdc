"""Keys on a host: a player's key is their identity, the host's key is kept across restarts.

- A player is known by the SHA256 fingerprint of their public key (``SHA256:`` and 43 base64 characters,
  as ``ssh-keygen -l`` shows it); the username they type is ignored. Their files live in a folder named
  from that fingerprint alone (:func:`player_folder`), so nothing a client sends names a path.
- The host key (ed25519) is made on the first start and kept in the data folder, readable by its owner
  only; a host key file that others may read, a link or a damaged file stops the host with one line.
- An optional allow-list (the ``authorized_keys`` format: one key a line, options before the key
  ignored, ``#`` comments) limits a private host to the keys it names; it is read again when it changes.
"""

from __future__ import annotations

import base64
import binascii
import logging
import os
import re
import stat
from pathlib import Path
from typing import TYPE_CHECKING

from hexfront.engine.core.errors import HexfrontError, shown, shown_path

if TYPE_CHECKING:  # asyncssh is imported where it is used: a game process needs player_folder alone
    import asyncssh

log = logging.getLogger("hexfront.serve")

HOST_KEY_NAME = "ssh_host_ed25519_key"
#: The largest host key or allow-list file read (a private ed25519 key is about 400 bytes).
MAX_HOST_KEY_BYTES = 64 * 1024
MAX_ALLOW_LIST_BYTES = 1024 * 1024

_FINGERPRINT = re.compile(r"SHA256:([A-Za-z0-9+/]{43})")
_KEY_TYPE = re.compile(r"(ssh-(ed25519|rsa|dss)|ecdsa-sha2-nistp(256|384|521)|sk-[a-z0-9@.-]+)")


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's SHA256 fingerprint, ``SHA256:`` and 43 base64 characters (as ``ssh-keygen -l`` shows)."""
    return key.get_fingerprint("sha256")


def player_folder(key_fingerprint: str) -> str:
    """The folder name of a player's files: ``sha256-`` and the 64 hex digits of the fingerprint.

    Made from the fingerprint alone (letters a-f and digits), never from anything a client types;
    ValueError if ``key_fingerprint`` is not a SHA256 fingerprint."""
    match = _FINGERPRINT.fullmatch(key_fingerprint)
    if match is None:
        raise ValueError(f"not a SHA256 key fingerprint: {shown(key_fingerprint, 80)}")
    try:
        digest = base64.b64decode(match.group(1) + "=", validate=True)
    except binascii.Error as exc:
        raise ValueError(f"not a SHA256 key fingerprint: {shown(key_fingerprint, 80)}") from exc
    if len(digest) != 32:
        raise ValueError(f"not a SHA256 key fingerprint: {shown(key_fingerprint, 80)}")
    return "sha256-" + digest.hex()


def _read_private_file(path: Path, what: str, limit: int) -> bytes:
    """A regular file (not a link, a pipe or a device) of at most ``limit`` bytes, read without
    following a link; HexfrontError (one line) otherwise."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as exc:
        raise HexfrontError(f"cannot read {what} {shown_path(path)}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise HexfrontError(f"{what} {shown_path(path)} is not a regular file; move it away")
        if info.st_size > limit:
            raise HexfrontError(f"{what} {shown_path(path)} is {info.st_size} bytes, more than {limit}; "
                                f"it is not what it should be")
        return os.read(fd, limit + 1)[:limit]
    finally:
        os.close(fd)


def load_or_create_host_key(path: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The host's private key at ``path``, made (ed25519, mode 0600) if there is none yet; and whether it
    was made now.

    A new key is written to a temporary file and renamed into place, so a host killed while writing it
    leaves no half key. A key file that its group or others may read or write is refused: fix its mode."""
    import asyncssh

    if not os.path.lexists(path):
        key = asyncssh.generate_private_key("ssh-ed25519", comment="hexfront host")
        data = key.export_private_key()
        temporary = path.with_name(f".{path.name}.{os.getpid()}.new")
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            try:
                os.write(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temporary, path)
        except OSError as exc:
            raise HexfrontError(f"cannot write the host key {shown_path(path)}: {exc.strerror or exc}") from None
        return key, True
    info = os.lstat(path)
    if stat.S_ISREG(info.st_mode) and info.st_mode & 0o077:
        raise HexfrontError(f"the host key {shown_path(path)} may be read by others "
                            f"(mode {stat.S_IMODE(info.st_mode):o}); run chmod 600 on it")
    data = _read_private_file(path, "the host key", MAX_HOST_KEY_BYTES)
    try:
        return asyncssh.import_private_key(data), False
    except (asyncssh.KeyImportError, ValueError):
        raise HexfrontError(f"the host key {shown_path(path)} is not a private key hexfront can read; "
                            f"move it away and a new one is made (clients then see a new host key)") from None


def _parse_allow_list(text: str, path: Path) -> frozenset[str]:
    """The fingerprints of the keys in an authorized_keys-format text; HexfrontError naming the first
    line that holds no key."""
    import asyncssh

    found: set[str] = set()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        words = line.split()
        at = next((i for i, word in enumerate(words) if _KEY_TYPE.fullmatch(word)), None)
        if at is None or at + 1 >= len(words):
            raise HexfrontError(f"line {number} of the allow-list {shown_path(path)} holds no public key "
                                f"(want lines like 'ssh-ed25519 AAAA... name')")
        try:
            key = asyncssh.import_public_key(f"{words[at]} {words[at + 1]}")
        except (asyncssh.KeyImportError, ValueError):
            raise HexfrontError(f"line {number} of the allow-list {shown_path(path)}: the key cannot be read; "
                                f"copy it again from the player's .pub file") from None
        found.add(fingerprint(key))
    return frozenset(found)


class AllowList:
    """The keys a private host lets in, from an authorized_keys-format file, read again when it changes
    (so a friend is added without a restart). A change that cannot be read keeps the keys read before
    and is logged; at start it stops the host with one line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._seen: tuple[int, int, int] | None = None
        self.fingerprints = self._read()

    def _stamp(self) -> tuple[int, int, int]:
        info = os.stat(self.path)
        return (info.st_ino, info.st_size, info.st_mtime_ns)

    def _read(self) -> frozenset[str]:
        try:
            stamp = self._stamp()
        except OSError as exc:
            raise HexfrontError(f"cannot read the allow-list {shown_path(self.path)}: "
                                f"{exc.strerror or exc}") from None
        data = _read_private_file(self.path, "the allow-list", MAX_ALLOW_LIST_BYTES)
        fingerprints = _parse_allow_list(data.decode("utf-8", errors="replace"), self.path)
        self._seen = stamp
        return fingerprints

    def allows(self, key: asyncssh.SSHKey) -> bool:
        """Whether ``key`` is on the list, as the file reads now."""
        try:
            changed = self._stamp() != self._seen
        except OSError:
            changed = False  # gone for a moment (an editor saving it): keep the keys read before
        if changed:
            try:
                self.fingerprints = self._read()
                log.info("allow-list read again: %d keys", len(self.fingerprints))
            except HexfrontError as exc:
                log.warning("allow-list not read again, keeping %d keys: %s", len(self.fingerprints), exc.message)
        return fingerprint(key) in self.fingerprints
