"""A player's campaigns against the computer on the host: found in their own saves folder, one lobby line each.

A served game's saves folder is the player's own folder on the host (the host sets HEXFRONT_SAVES from the
key's fingerprint; tui/serve/relay.py), so every campaign file listed here is that player's and no other's.
A campaign in play is the autosave (as off a host: Continue brings it back); one set aside when another battle
started is kept under another name in the same folder. A file is named in the lobby by its name alone, and a
name coming back from a lobby row is checked again (names.saves_target: a plain name, directly in the folder)
before anything is read or moved, so nothing a client sends can name a path.

Reading is cheap: a file whose first HEAD_BYTES do not name the campaign format (a single battle's save) is not
read further; a campaign file is parsed once per change in a game process (its name, size and time of change
are the key), and only its record is read, not its battles replayed.
"""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import attrs

from hexfront.engine.core.campaignfile import CAMPAIGN_TAG, is_campaign_json, parse_campaign_text
from hexfront.engine.core.errors import HexfrontError, SaveError, shown
from hexfront.engine.core.files import read_text_bounded
from hexfront.engine.core.places import saves_dir
from hexfront.engine.core.saves import MAX_SAVE_BYTES, parse_json_text
from hexfront.engine.core.system import get_system

from ..names import fresh_target, safe_part, saves_target
from ..session import list_saves

#: The lobby row id of a campaign starts with this, then the file's name.
ROW_PREFIX = "campaign:"
#: A campaign file the game writes names its format in its first lines (engine.core.campaignfile).
HEAD_BYTES = 256
_TAG = f'"{CAMPAIGN_TAG}"'.encode()


@attrs.frozen
class CampaignRow:
    """One campaign file of the player's: what the lobby says about it."""

    file: str  # its name in the player's saves folder
    title: str  # the campaign's title, from the file (shown escaped and cut)
    system: str  # the rule system's id, from the file
    number: int  # the battle in play, or the last fought, counting from 1
    total: int  # battles in the campaign
    finished: bool  # every battle fought, or ended early
    played: float  # when the file last changed (seconds since the epoch)


def campaign_lines(row: CampaignRow) -> tuple[str, str]:
    """The lobby's two lines about a campaign (one would not fit 80 columns): ``Campaign: The Mill Race (JTS
    RatFight)`` and ``battle 2 of 3, in play, last played 25 Nov 23:41 UTC`` (or ``finished``). Every value
    from the file is escaped and cut."""
    try:
        system = get_system(row.system).title
    except HexfrontError:
        system = row.system
    when = time.strftime("%d %b %H:%M UTC", time.gmtime(row.played))
    state = "finished" if row.finished else "in play"
    return (shown(f"Campaign: {shown(row.title, 50)} ({shown(system, 30)})", 100),
            f"battle {row.number} of {row.total}, {state}, last played {when}")


def names_campaign(path: Path) -> bool:
    """Whether the first HEAD_BYTES of ``path``, a regular file, name the campaign format. Opened without blocking
    and checked on the open descriptor, as every save is read (a FIFO or a device is never read)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError:
        return False
    try:
        return stat.S_ISREG(os.fstat(fd).st_mode) and _TAG in os.read(fd, HEAD_BYTES)
    except OSError:
        return False
    finally:
        os.close(fd)


def read_row(path: Path) -> CampaignRow | None:
    """The lobby's record of ``path`` if it is a campaign file whose record reads; None for any other file
    (a single battle's save, settings, a damaged file: the menu's Load says what is wrong with those)."""
    if not names_campaign(path):
        return None
    try:
        text = read_text_bounded(path, MAX_SAVE_BYTES, "campaign")
        if not is_campaign_json(parse_json_text(text, "it")):
            return None
        found = parse_campaign_text(text, "it")
        played = path.stat().st_mtime
    except (HexfrontError, OSError, UnicodeDecodeError):
        return None
    number = len(found.fought) + (1 if found.current is not None else 0)
    return CampaignRow(file=path.name, title=found.title, system=found.system, number=max(number, 1),
                       total=len(found.battles), finished=found.current is None, played=played)


#: What the shelf knows of each file, by (path, time of change, size): one game process is one player's visit.
_KNOWN: dict[tuple[str, int, int], CampaignRow | None] = {}


class CampaignShelf:
    """The campaigns in the player's saves folder, newest first, each file read again only when it changed
    (what is known is kept for the whole game process: the lobby opened again reads nothing new)."""

    def __init__(self) -> None:
        self._known = _KNOWN

    def rows(self) -> list[CampaignRow]:
        found: list[CampaignRow] = []
        seen: dict[tuple[str, int, int], CampaignRow | None] = {}
        for path in list_saves():  # the saves folder's *.json, newest first
            try:
                info = path.stat()
            except OSError:
                continue
            key = (str(path), info.st_mtime_ns, info.st_size)
            row = self._known[key] if key in self._known else read_row(path)
            seen[key] = row
            if row is not None:
                found.append(row)
        self._known.clear()  # files gone or changed are forgotten
        self._known.update(seen)
        return found


def campaign_path(name: str) -> Path:
    """The campaign file ``name`` (a lobby row's) in the player's saves folder, checked again: a plain name
    right in the folder, which exists. SaveError in one line otherwise; nothing is read here."""
    try:
        path = saves_target(saves_dir(), name)
    except SaveError:
        raise SaveError(f"{shown(name, 60)} is not a campaign file in your folder") from None
    if not path.is_file():
        raise SaveError(f"the campaign {shown(name, 60)} is no longer in your folder")
    return path


def finished_name(system: str, campaign: str) -> Path:
    """A new file in the saves folder for a campaign played to its end: ``<system>-campaign-<name>-<stamp>.json``."""
    stem = f"{safe_part(system, 'system')}-campaign-{safe_part(campaign, 'campaign')}"
    return fresh_target(saves_dir(), f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}")


def set_aside_finished(autosave: Path, system: str, campaign: str) -> Path:
    """Move a finished campaign out of the autosave into a file of its own (so a new battle never replaces it);
    returns where it went. OSError if it cannot be moved (then it stays where it was)."""
    target = finished_name(system, campaign)
    os.replace(autosave, target)
    return target
