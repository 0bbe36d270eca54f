"""Score sheets kept once laid out: a PDF per (game, revision, paper, language,
blank or filled), and a finished game's picture (PNG) per language, in
``instance/sheets/<game>/<sheet key>/``, served again without layout.

The sheet key is a random key stored with the game (``game.sheet_key``): a
game of the same id and revision in another database (a restore, a switch to
PostgreSQL, a new ``DATABASE_URL`` with the same ``instance/``) has another
key, so it never serves this game's sheet with other people's names on it.

Every change of a game raises its revision, so a kept sheet is never out of
date; writing a sheet for a new revision removes the game's older ones, and
emptying the trash removes a deleted game's folder.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from flask import current_app

from companion.rules import Game, read_game
from companion.sheets import chicken_foot, counts
from companion.store.files import write_atomic

FAMILY_SHEETS = {"chicken_foot": chicken_foot.sheet_pdf, "all_fives": counts.sheet_pdf,
                 "fives_threes": counts.sheet_pdf, "texas42": counts.sheet_pdf}
"""The sheet of each kind read by its own rules module, by the module's name
(:attr:`companion.rules.kinds.KindSpec.rules_module`)."""


class NotReady(LookupError):
    """The score sheet cannot show this kind of game yet (a kind read by its
    own rules module: :attr:`companion.rules.kinds.KindSpec.on_pages`)."""



@dataclass(frozen=True)
class SheetKey:
    """What a score sheet depends on.

    :ivar game_id: the game.
    :ivar game_key: the game's sheet key (random, stored with the game).
    :ivar revision: the game's revision (raised by every change).
    :ivar paper: ``a4``, ``letter``, ``a5`` or ``half-letter``.
    :ivar language: the sheet's language code.
    :ivar blank: an empty sheet to play on paper.
    :ivar picture: the finished game's picture to share (PNG,
        :mod:`companion.sheets.share`) instead of the sheet (``paper`` and
        ``blank`` then unused).
    """

    game_id: int
    game_key: str
    revision: int
    paper: str
    language: str
    blank: bool
    picture: bool = False

    @property
    def etag(self) -> str:
        """The HTTP validator of the sheet's bytes."""
        if self.picture:
            return f"share-{self.game_id}-{self.game_key[:12]}-r{self.revision}-{self.language}"
        return (f"sheet-{self.game_id}-{self.game_key[:12]}-r{self.revision}-{self.paper}"
                f"-{self.language}-{int(self.blank)}")

    @property
    def filename(self) -> str:
        """The kept file's name within the game's folder."""
        if self.picture:
            return f"r{self.revision}-share-{self.language}.png"
        return f"r{self.revision}-{self.paper}-{self.language}-{int(self.blank)}.pdf"


def folder(game_id: int) -> Path:
    """Where a game id's sheets are kept (one folder per sheet key inside)."""
    return Path(current_app.instance_path) / "sheets" / str(int(game_id))


def key_folder(key: SheetKey) -> Path:
    """Where the sheets of ``key``'s game (its id and its sheet key) are kept.

    :raises ValueError: a sheet key that is not the hex key the app makes.
    """
    if not (key.game_key.isascii() and key.game_key.isalnum()):
        raise ValueError("a sheet key is letters and digits")
    return folder(key.game_id) / key.game_key


def sheet_pdf(key: SheetKey) -> bytes:
    """The score sheet for ``key``: the kept file, or laid out now and kept.

    :raises companion.services.NotFound: no such game.
    """
    from companion.games.partnership_form import pairs_by_pips
    from companion.games.services import get_game
    from companion.sheets.partnership import pairs_sheet_pdf
    from companion.sheets.pdf import score_sheet_pdf

    path = key_folder(key) / key.filename
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    view = get_game(key.game_id)
    game = read_game(view.record(), confirm=True)
    if isinstance(game, Game):
        pdf = score_sheet_pdf(game, played_on=view.created_at.date(), paper=key.paper,
                              blank=key.blank, language=key.language)
    elif pairs_by_pips(view.table.kind.spec):
        pdf = pairs_sheet_pdf(view, paper=key.paper, blank=key.blank, language=key.language)
    elif view.table.kind.spec.rules_module in FAMILY_SHEETS:
        pdf = FAMILY_SHEETS[view.table.kind.spec.rules_module](
            game, played_on=view.created_at.date(), paper=key.paper, blank=key.blank, language=key.language)
    else:
        raise NotReady(view.table.kind)
    if view.revision == key.revision:
        _keep(path, pdf, f"r{key.revision}-")
    return pdf


def share_png(key: SheetKey) -> bytes:
    """The finished game's picture for ``key`` (``picture=True``): the kept
    file, or made now (:mod:`companion.sheets.share`) and kept.

    :raises companion.services.NotFound: no such game.
    :raises NotReady: a kind the pages cannot show yet.
    :raises companion.sheets.share.NotFinished: the game is still being played.
    """
    from companion.games.services import get_game
    from companion.sheets.share import share_context
    from companion.sheets.share import share_png as draw

    path = key_folder(key) / key.filename
    try:
        return path.read_bytes()
    except FileNotFoundError:
        pass
    view = get_game(key.game_id)
    if not view.table.kind.spec.on_pages:
        raise NotReady(view.table.kind)
    png = draw(share_context(view, language=key.language))
    if view.revision == key.revision:
        _keep(path, png, f"r{key.revision}-")
    return png


def _keep(path: Path, data: bytes, current_prefix: str) -> None:
    """Write ``data`` to ``path`` atomically and drop the game's sheets of
    other revisions, and whatever the game id's folder holds of another
    sheet key (another database's game) or of the layout before keys."""
    write_atomic(path, data)
    for old in path.parent.glob("r*.p[dn][fg]"):  # sheets (.pdf) and pictures (.png)
        if not old.name.startswith(current_prefix):
            old.unlink(missing_ok=True)
    for other in path.parent.parent.iterdir():
        if other == path.parent:
            continue
        if other.is_dir():
            shutil.rmtree(other, ignore_errors=True)
        elif other.suffix in (".pdf", ".png"):
            other.unlink(missing_ok=True)


def forget(game_ids: Iterable[int]) -> None:
    """Remove the kept sheets of games deleted for good."""
    for gid in game_ids:
        shutil.rmtree(folder(gid), ignore_errors=True)


def on_games_dropped(_sender: object, *, game_ids: tuple[int, ...]) -> None:
    """Receiver of :data:`companion.games.signals.games_dropped`: their kept
    sheets go (:func:`forget`)."""
    forget(game_ids)
