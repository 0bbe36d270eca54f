"""Six languages: the catalogues are whole, pages, engine messages and the PDF
follow the request's language, the device's choice (cookie) beats the browser's."""

from __future__ import annotations

import datetime
import io
import re
from pathlib import Path

import pypdf
import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from companion.rules import errors as rule_errors
from companion.rules import read_game
from companion.web.i18n import LANGUAGES, TRANSLATIONS

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = sorted(code for code in LANGUAGES if code != "en")
POT = ROOT / "messages.pot"

RECORD = {
    "set": 12,
    "players": ["Ana", "Ben", "Chen"],
    "first_starter": "Ana",
    "rounds": [
        {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 23}, "Chen": {"pips": 7}}}
    ],
}

HANGUL = re.compile("[\uac00-\ud7a3]")
CYRILLIC = re.compile("[\u0400-\u04ff]")


def _catalogue(code: str):
    path = TRANSLATIONS / code / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as f:
        return read_po(f, locale=code)


def _placeholders(text: str) -> set[str]:
    """The ``%(name)s`` fields of a message (what gettext, ``tr`` and ``trn`` fill in)."""
    return set(re.findall(r"%\((\w+)\)[sdr]", text))


def test_every_language_has_a_catalogue_with_its_own_name():
    assert set(LANGUAGES) == {"en", "ru", "be", "hr", "mn", "ko"}
    assert LANGUAGES["ko"] == "한국어" and LANGUAGES["ru"] == "Русский"
    for code in TRANSLATED:
        assert (TRANSLATIONS / code / "LC_MESSAGES" / "messages.po").is_file(), code


@pytest.mark.parametrize("code", TRANSLATED)
def test_catalogue_is_complete_compiles_and_keeps_the_fields(code, tmp_path):
    catalogue = _catalogue(code)
    assert not catalogue.fuzzy, f"{code}: the header is fuzzy, pybabel compile would skip it"
    with POT.open("rb") as f:
        wanted = {m.id for m in read_po(f) if m.id}
    have = {m.id for m in catalogue if m.id}
    assert not wanted - have, f"{code}: not in the catalogue (run make i18n-update)"
    for message in catalogue:
        if not message.id:
            continue
        assert not message.fuzzy, (code, message.id)
        # one placeholder style: Flask-Babel's %(name)s, never str.format's {name}
        assert "python-brace-format" not in message.flags, (code, message.id)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        assert all(strings), (code, message.id)
        assert len(strings) == (catalogue.num_plurals if isinstance(message.id, tuple) else 1)
        fields = _placeholders(ids[-1]) - {"n"}
        for text in strings:
            assert _placeholders(text) - {"n"} == fields, (code, message.id, text)
    assert not list(catalogue.check()), code
    with (tmp_path / "messages.mo").open("wb") as f:
        write_mo(f, catalogue)


def test_pages_follow_the_browser(client):
    html = client.get("/", headers={"Accept-Language": "ko,en;q=0.5"}).get_data(as_text=True)
    assert '<html lang="ko"' in html and "게임 시작" in html
    html = client.get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert '<html lang="ru"' in html and "Начать партию" in html
    html = client.get("/", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert '<html lang="en"' in html and "Start a game" in html


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("ru", ["Таблица очков", "Стартовый дубль"]),
        ("be", ["Табліца ачкоў", "Рухавік"]),
        ("hr", ["Tablica bodova", "Početni dupli"]),
        ("mn", ["Онооны хүснэгт", "Хөдөлгүүр"]),
        ("ko", ["점수판", "엔진"]),
    ],
)
def test_game_page_and_rules_in_each_language(api, code, words):
    created = api.post("/api/games", json={k: v for k, v in RECORD.items() if k != "rounds"})
    game = created.get_json()["id"]
    headers = {"Accept-Language": code}
    html = api.get(f"/games/{game}", headers=headers).get_data(as_text=True)
    assert f'<html lang="{code}"' in html
    for word in words:
        assert word in html, (code, word)
    assert "Scoreboard" not in html
    rules = api.get("/rules", headers=headers).get_data(as_text=True)
    assert "Mexican train" not in rules and "Every player builds" not in rules


def test_the_device_choice_beats_the_browser(client):
    r = client.get("/lang/ko?next=/rules", headers={"Accept-Language": "ru"})
    assert r.status_code == 302 and r.headers["Location"].endswith("/rules")
    assert "lang=ko" in r.headers["Set-Cookie"]
    html = client.get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    assert '<html lang="ko"' in html and "게임 시작" in html
    # the header offers every language by its own name, as plain links
    for code, name in LANGUAGES.items():
        assert f'hreflang="{code}"' in html and name in html
    client.get("/lang/en")
    assert "Start a game" in client.get("/", headers={"Accept-Language": "ru"}).get_data(as_text=True)


def test_language_switch_goes_back_only_to_this_site(client):
    assert client.get("/lang/hr?next=//evil.example/").headers["Location"] == "/"
    assert "lang=" not in (client.get("/lang/xx").headers.get("Set-Cookie") or "")


def test_language_switch_needs_no_token(anon):
    r = anon.get("/lang/be?next=/login")
    assert r.status_code == 302 and "lang=be" in r.headers["Set-Cookie"]
    html = anon.get("/login").get_data(as_text=True)
    assert "Ключ доступу" in html


def test_engine_error_in_russian_through_the_api(api):
    game = api.post("/api/games", json={k: v for k, v in RECORD.items() if k != "rounds"})
    game_id = game.get_json()["id"]
    bad = {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": -3}, "Chen": {"pips": 4}}}
    r = api.post(f"/api/games/{game_id}/rounds", json=bad, headers={"Accept-Language": "ru"})
    assert r.status_code == 422
    [error] = r.get_json()["errors"]
    assert error["code"] == "pips_negative"
    assert error["message"] == "Очки не могут быть отрицательными."
    r = api.post(f"/api/games/{game_id}/rounds", json=bad)
    assert r.get_json()["errors"][0]["message"] == "Pips cannot be negative."


def test_engine_message_with_fields_and_plural_in_korean_and_russian(api):
    game = api.post("/api/games", json={k: v for k, v in RECORD.items() if k != "rounds"})
    game_id = game.get_json()["id"]
    too_many = {"ended": "domino", "hands": {
        "Ana": {"pips": 0}, "Ben": {"pips": 60, "tiles_left": 2}, "Chen": {"pips": 4}}}
    r = api.post(f"/api/games/{game_id}/rounds", json=too_many, headers={"Accept-Language": "ru"})
    message = r.get_json()["errors"][0]["message"]
    assert message == "2 костяшки могут нести не больше 45 очков в раунде 12-12, а не 60.", message
    r = api.post(f"/api/games/{game_id}/rounds", json=too_many)
    assert r.get_json()["errors"][0]["message"] == (
        "2 tiles can hold at most 45 pips in the 12-12 round, not 60."
    )
    r = api.post(f"/api/games/{game_id}/rounds", json=too_many, headers={"Accept-Language": "ko"})
    assert HANGUL.search(r.get_json()["errors"][0]["message"])


def test_page_form_error_in_the_cookie_language(client):
    from tests.conftest import csrf_token

    token = csrf_token(client, "/")
    client.get("/lang/hr")
    r = client.post("/games", data={"csrf_token": token, "player": ["Ana", "Ana"], "set": "12"})
    assert r.status_code == 422
    assert "Ana sjedi dvaput." in r.get_data(as_text=True)


def test_engine_without_the_app_speaks_english():
    rule_errors.set_translator(None, None)
    try:
        with pytest.raises(rule_errors.RecordError) as caught:
            read_game({"set": 12, "players": ["Ana", "Ana"]})
        assert caught.value.errors[0].message == "Ana is seated twice."
    finally:
        from companion.web.i18n import translate, translate_plural

        rule_errors.set_translator(translate, translate_plural)


def _pdf_text(data: bytes) -> str:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return "\n".join(page.extract_text() for page in reader.pages)


def test_korean_and_russian_score_sheets():
    from companion.sheets.pdf import score_sheet_pdf

    game = read_game(RECORD)
    day = datetime.date(2025, 6, 14)
    korean = _pdf_text(score_sheet_pdf(game, played_on=day, language="ko"))
    assert HANGUL.search(korean) and "멕시칸 트레인" in korean and "2025" in korean
    russian = _pdf_text(score_sheet_pdf(game, played_on=day, language="ru", blank=True))
    assert "Мексиканский поезд" in russian and "Rules in play" not in russian
    english = _pdf_text(score_sheet_pdf(game, played_on=day))
    assert "Mexican Train score sheet" in english and not CYRILLIC.search(english)


def test_sheet_route_follows_the_language(api):
    game = api.post("/api/games", json=RECORD).get_json()["id"]
    r = api.get(f"/games/{game}/sheet.pdf", headers={"Accept-Language": "ko"})
    assert r.status_code == 200 and HANGUL.search(_pdf_text(r.data))


def test_korean_sheet_embeds_a_hangul_font():
    """The fonts named in the sheet's CSS are installed (``make test`` installs
    fonts-noto-cjk) and embedded: Hangul is not drawn with a fallback box."""
    from companion.sheets.pdf import score_sheet_pdf

    data = score_sheet_pdf(read_game(RECORD), played_on=datetime.date(2025, 6, 14), language="ko")
    reader = pypdf.PdfReader(io.BytesIO(data))
    fonts = set()
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            fonts.add(str(font.get("/BaseFont")))
    assert any("CJK" in f or "Noto" in f for f in fonts), fonts
    assert any("DejaVu" in f for f in fonts), fonts


def test_every_message_in_the_code_is_translated(tmp_path):
    """Extract the messages from the code and templates now: each catalogue has them all."""
    import subprocess
    import sys

    from babel.messages.pofile import read_po

    pot = tmp_path / "now.pot"
    root = Path(__file__).resolve().parents[2]
    keywords = []
    for k in ("lazy_gettext", "tr", "trn:1,2"):
        keywords += ["-k", k]
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg",
                    *keywords, "-o", str(pot), "."], cwd=root, check=True, capture_output=True)
    with pot.open("rb") as f:
        ids = [m.id for m in read_po(f) if m.id]
    for code in ("ru", "be", "hr", "mn", "ko"):
        path = root / "companion" / "translations" / code / "LC_MESSAGES" / "messages.po"
        with path.open("rb") as f:
            catalogue = read_po(f, locale=code)
        missing = [i for i in ids if i not in catalogue or not catalogue[i].string]
        assert missing == [], (code, missing[:5])


def test_qr_drawing_is_the_link_s_own():
    """A join link's QR drawing is made once and remembered: the same link
    gives the same drawing, another link another drawing."""
    from companion.phones.links import qr_svg

    one = qr_svg("http://192.168.1.20:5000/join/abc")
    assert qr_svg("http://192.168.1.20:5000/join/abc") == one
    assert qr_svg("http://192.168.1.20:5000/join/abd") != one
    assert str(one).startswith("<svg") and 'class="qr"' in str(one)
