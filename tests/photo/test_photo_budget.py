"""Photos within a budget (issue 25, item 3): the memory one photo takes,
measured by the server process's own peak memory; the photos read at once;
odd shapes; the overlays kept."""

from __future__ import annotations

import io
import json
import os
import re
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image

from companion.photo import gate, intake, store, synth

ROOT = Path(__file__).resolve().parents[2]
MB = 1024 * 1024


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_of_zeros(width: int, height: int) -> bytes:
    """A whole, valid black RGB PNG of ``width`` × ``height`` pixels, written
    row by row (7000 × 7000 is 147 MB of pixels in a 143 KB file)."""
    comp = zlib.compressobj(9)
    row = b"\0" * (1 + 3 * width)
    body = b"".join(comp.compress(row) for _ in range(height)) + comp.flush()
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", body) + _chunk(b"IEND", b"")


def jpeg_claiming(width: int, height: int, progressive: bool = False) -> bytes:
    """A JPEG of 16 × 16 pixels whose frame header says ``width`` × ``height``:
    well under 1 KB, and libjpeg decodes it at the size claimed (the missing
    data filled in, with a warning)."""
    buf = io.BytesIO()
    Image.new("RGB", (16, 16), (120, 90, 60)).save(buf, "JPEG", quality=80, progressive=progressive)
    data = bytearray(buf.getvalue())
    i = 2
    while data[i + 1] not in (0xC0, 0xC1, 0xC2):
        i += 2 + struct.unpack(">H", data[i + 2:i + 4])[0]
    data[i + 5:i + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def phone_jpeg(width: int = 4000, height: int = 3000) -> bytes:
    """A 12-megapixel photo of tiles, as a phone sends it (a small picture of
    tiles made larger: the file and its decoding are a phone photo's)."""
    small = synth.render(3, 12, "apart", size=(1000, 750), count=4).image
    big = cv2.resize(small, (width, height), interpolation=cv2.INTER_LINEAR)
    ok, buf = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return buf.tobytes()


# The server: an app of its own in a fresh process (SQLite in a temporary
# folder; the photo route touches no database), which reads a warm-up photo,
# then each file; around each, its peak resident memory is reset
# (/proc/self/clear_refs, "5") and read back (VmHWM), so the figure is what
# that one upload added to the process at its peak.
_SERVER = r"""
import io, json, re, sys, tempfile
from pathlib import Path
from tests.conftest import bearer_client, make_app

def status(field):
    return int(re.search(field + r":\s+(\d+)", Path("/proc/self/status").read_text()).group(1)) * 1024

app = make_app(Path(tempfile.mkdtemp()))
client = bearer_client(app)
def post(data, name):
    return client.post("/api/photo/hand", data={"image": (io.BytesIO(data), name)},
                       content_type="multipart/form-data")
files = json.loads(sys.argv[1])
assert post(Path(files.pop("warm-up")).read_bytes(), "w.jpg").status_code == 200
out = {}
for name, path in files.items():
    data = Path(path).read_bytes()
    Path("/proc/self/clear_refs").write_text("5")
    before = status("VmRSS")
    r = post(data, name)
    peak = status("VmHWM")
    body = r.get_json() or {}
    out[name] = {"status": r.status_code, "added": peak - before,
                 "code": (body.get("errors") or [{}])[0].get("code")}
print(json.dumps(out))
"""

CASES = {
    # name: (file, status, error code)
    "png-49-megapixels.png": (lambda: png_of_zeros(7000, 7000), 422, "image_too_costly"),
    "jpeg-1kb-49-megapixels.jpg": (lambda: jpeg_claiming(7000, 7000), 200, None),
    "progressive-jpeg-49-megapixels.jpg": (lambda: jpeg_claiming(7000, 7000, progressive=True), 422,
                                           "image_too_costly"),
    "phone-12-megapixels.jpg": (phone_jpeg, 200, None),
}


@pytest.fixture(scope="module")
def server_peaks(tmp_path_factory):
    """What each file of :data:`CASES` added to the server's peak memory, in bytes."""
    if not os.access("/proc/self/clear_refs", os.W_OK):
        pytest.skip("needs Linux's /proc/self/clear_refs to reset the peak memory")
    folder = tmp_path_factory.mktemp("photos")
    files = {"warm-up": folder / "warm.jpg"}
    files["warm-up"].write_bytes(synth.render(1, 12, "apart", size=(1600, 1200), count=4).jpeg())
    for name, (make, _status, _code) in CASES.items():
        files[name] = folder / name
        files[name].write_bytes(make())
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_TEST_DATABASE_URL"}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run([sys.executable, "-c", _SERVER, json.dumps({k: str(v) for k, v in files.items()})],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_bombs_are_small_files():
    assert len(jpeg_claiming(7000, 7000)) < 1024
    assert len(png_of_zeros(7000, 7000)) < 200 * 1024


@pytest.mark.parametrize("name", list(CASES))
def test_one_photo_takes_at_most_about_50_mb_of_the_server(server_peaks, name):
    _make, status, code = CASES[name]
    seen = server_peaks[name]
    assert (seen["status"], seen["code"]) == (status, code)
    assert seen["added"] < 50 * MB, f"{name}: {seen['added'] / MB:.1f} MB"


def test_a_large_jpeg_is_decoded_reduced_from_its_header():
    assert intake.read_header(jpeg_claiming(7000, 7000)).several_scans is False
    assert intake.read_header(jpeg_claiming(7000, 7000, progressive=True)).several_scans is True
    assert [intake.reduction(*size) for size in [(1600, 1200), (4000, 3000), (7000, 7000), (8000, 6250)]] == [
        1, 2, 4, 4]
    photo = intake.read_photo(jpeg_claiming(7000, 7000))
    assert (photo.width, photo.height) == (7000, 7000)
    assert photo.image.shape == (1750, 1750, 3)


def test_the_cost_of_decoding_is_worked_out_from_the_header():
    png = intake.Header("PNG", 4000, 3000)
    assert intake.decode_cost(png, 2) == 3 * 12_000_000 + 3 * 3_000_000
    jpeg = intake.Header("JPEG", 7000, 7000, samples=1.5)
    assert intake.decode_cost(jpeg, 4) == 3 * 1750 * 1750
    progressive = intake.Header("JPEG", 7000, 7000, samples=1.5, several_scans=True)
    assert intake.decode_cost(progressive, 4) == 3 * 49_000_000 + 3 * 1750 * 1750
    # an EXIF thumbnail (a JPEG inside the header) is not a second scan
    buf = io.BytesIO()
    thumb = io.BytesIO()
    Image.new("RGB", (8, 8)).save(thumb, "JPEG")
    exif = Image.Exif()
    exif[0x010F] = "Camera"
    Image.new("RGB", (64, 64)).save(buf, "JPEG", exif=exif.tobytes() + thumb.getvalue())
    assert intake.read_header(buf.getvalue()).several_scans is False


def _post(client, data: bytes, name: str = "hand.png", url: str = "/api/photo/hand", **kwargs):
    return client.post(url, data={"image": (io.BytesIO(data), name)}, content_type="multipart/form-data",
                       **kwargs)


@pytest.mark.parametrize(("width", "height"), [(64, 160_000), (160_000, 64), (64, 3201), (5000, 99)])
def test_a_strip_is_refused_with_a_clear_message(api, width, height):
    r = _post(api, png_of_zeros(width, height))
    assert r.status_code == 422
    (problem,) = r.get_json()["errors"]
    assert problem["code"] == "image_odd_shape" and problem["path"] == "image"
    assert "too long and narrow" in problem["message"] and "50 times" in problem["message"]


@pytest.mark.parametrize(("width", "height"), [(64, 3200), (5000, 100)])
def test_a_long_photo_within_the_shape_is_read(api, width, height):
    r = _post(api, png_of_zeros(width, height))
    assert r.status_code == 200
    assert r.get_json()["tiles"] == []


def test_the_readers_follow_the_server_s_threads():
    assert gate.readers(8, cores=2) == 2
    assert gate.readers(8, cores=1) == 1
    assert gate.readers(1, cores=8) == 1
    assert gate.readers(32, cores=4) == 4
    assert gate.readers(None, cores=16) == gate.DEFAULT_THREADS // 4
    assert gate.readers(8, setting=5, cores=2) == 5


def _seat_photo_url(app, client, api) -> tuple[object, str, str]:
    """A phone with a seat link (no token): the phone, its photo address, its CSRF token."""
    game = api.post("/api/games", json={"kind": "mexican_train", "set": 12, "players": ["Ana", "Ben"],
                                        "first_starter": "Ana"}).get_json()["id"]
    html = client.get(f"/games/{game}/phones/panel").get_data(as_text=True)  # the QR code's link
    join = re.search(r'class="join-link" href="https?://[^/]+(/j/\d+/[^"]+)"', html).group(1)
    phone = app.test_client()
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', phone.get(join).get_data(as_text=True)).group(1)
    seat_url = phone.post(join, data={"seat": "1", "csrf_token": csrf}).headers["Location"].split("?")[0]
    page = phone.get(seat_url).get_data(as_text=True)
    url = re.search(r'data-url="([^"]+)"', page).group(1)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    return phone, url, csrf


def test_when_every_reader_is_busy_the_photo_waits_its_turn_with_503(app, client, api):
    photo = synth.render(1, 12, "apart", size=(800, 600), count=2).jpeg()
    phone, seat_url, csrf = _seat_photo_url(app, client, api)
    with app.app_context():
        count, semaphore = gate.places()
    assert count >= 1
    for _ in range(count):
        assert semaphore.acquire(blocking=False)
    try:
        for r in (_post(api, photo, "h.jpg"),
                  _post(phone, photo, "h.jpg", url=seat_url, headers={"X-CSRFToken": csrf})):
            assert r.status_code == 503
            assert r.headers["Retry-After"] == str(gate.RETRY_AFTER) == "3"
            (problem,) = r.get_json()["errors"]
            assert problem["code"] == "photo_busy"
            assert problem["message"] == "Other photos are being read just now. Send this one again in 3 seconds."
    finally:
        for _ in range(count):
            semaphore.release()
    assert _post(api, photo, "h.jpg").status_code == 200
    assert _post(phone, photo, "h.jpg", url=seat_url, headers={"X-CSRFToken": csrf}).status_code == 200


def test_the_gate_has_one_place_per_reader(tmp_path):
    from tests.conftest import dispose_app, make_app

    one = make_app(tmp_path, SERVER_THREADS=4)
    try:
        with one.app_context():
            count, semaphore = gate.places()
            assert count == 1
            with gate.reading():
                with pytest.raises(gate.Busy):
                    with gate.reading():
                        pass
            with gate.reading():  # the place was given back
                pass
    finally:
        dispose_app(one)


def test_overlays_are_capped_in_count_oldest_first(tmp_path):
    keys = []
    for i in range(5):
        now = 1_000_000.0 + i
        keys.append(store.put_overlay(tmp_path, bytes([i]) * 100, now=now, max_files=3, max_bytes=10**9))
        os.utime(store.overlay_dir(tmp_path) / f"{keys[-1]}.png", (now, now))
    later = 1_000_010.0
    assert [store.get_overlay(tmp_path, k, now=later) for k in keys] == [
        None, None, b"\2" * 100, b"\3" * 100, b"\4" * 100]
    assert len(list(store.overlay_dir(tmp_path).glob("*.png"))) == 3


def test_overlays_are_capped_in_bytes_oldest_first(tmp_path):
    keys = []
    for i in range(4):
        now = 2_000_000.0 + i
        keys.append(store.put_overlay(tmp_path, bytes([i]) * 1000, now=now, max_files=100, max_bytes=2500))
        os.utime(store.overlay_dir(tmp_path) / f"{keys[-1]}.png", (now, now))
    kept = [store.get_overlay(tmp_path, k, now=2_000_010.0) is not None for k in keys]
    assert kept == [False, False, True, True]
    assert sum(p.stat().st_size for p in store.overlay_dir(tmp_path).glob("*.png")) == 2000
    # one overlay larger than the cap is still kept (the newest always stays)
    big = store.put_overlay(tmp_path, b"x" * 5000, now=2_000_011.0, max_files=100, max_bytes=2500)
    assert [p.stem for p in store.overlay_dir(tmp_path).glob("*.png")] == [big]


def test_the_app_keeps_at_most_its_setting_of_overlays(app, api):
    app.config["PHOTO_OVERLAY_FILES"] = 2
    photo = synth.render(2, 12, "apart", size=(800, 600), count=2).jpeg()
    urls = []
    for _ in range(3):
        r = _post(api, photo, "h.jpg")
        assert r.status_code == 200
        urls.append(r.get_json()["overlay"])
    assert [api.get(u).status_code for u in urls] == [404, 200, 200]
    assert len(list(store.overlay_dir(app.instance_path).glob("*.png"))) == 2


def test_the_overlay_caps_are_set(tmp_path):
    assert (store.OVERLAY_FILES, store.OVERLAY_BYTES) == (256, 128 * MB)
    assert np.prod((7000, 7000)) < intake.MAX_PIXELS  # the bombs above pass the pixel cap
