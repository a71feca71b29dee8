"""Small real media files built in memory (an image Pillow wrote, an MP4 or QuickTime
file of the size asked, a PDF), and an upload of one through the API."""

import io
import struct

from PIL import Image


def image(format, size=(30, 20), total=None, **options):
    """An image Pillow wrote (with `options` of its writer, such as `exif`); `total`
    pads it with trailing bytes (which readers ignore) to exactly that many bytes."""
    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(buffer, format, **options)
    return _padded(buffer.getvalue(), total)


def box(kind, payload=b""):
    """One ISO base media file box (an MP4/QuickTime atom)."""
    return struct.pack(">I", 8 + len(payload)) + kind + payload


def video(brand=b"isom", duration_ms=2500, total=None, moov=True):
    """An MP4 (or, with brand `qt  `, QuickTime) file: ftyp, a moov whose mvhd gives the
    duration, and an mdat of filler bytes, sized to exactly `total` when given."""
    ftyp = box(b"ftyp", brand + bytes(4) + brand)
    mvhd = box(b"mvhd", bytes(4) + struct.pack(">IIII", 0, 0, 1000, duration_ms) + bytes(80))
    head = ftyp + (box(b"moov", mvhd) if moov else b"")
    filler = 64 if total is None else total - len(head) - 8
    return head + box(b"mdat", bytes(filler))


def document(pages=1, total=None):
    """A small PDF of `pages` empty pages; `total` pads it with trailing bytes (after
    %%EOF, which readers ignore) to exactly that many bytes."""
    kids = " ".join(f"{3 + n} 0 R" for n in range(pages))
    objects = [b"<</Type/Catalog/Pages 2 0 R>>", f"<</Type/Pages/Kids[{kids}]/Count {pages}>>".encode()]
    objects += [b"<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>"] * pages
    body = b"%PDF-1.4\n" + b"".join(
        f"{number} 0 obj\n".encode() + item + b"\nendobj\n" for number, item in enumerate(objects, 1)
    )
    data = body + b"trailer\n<</Root 1 0 R>>\n%%EOF\n"
    return _padded(data, total)


def _padded(data, total):
    if total is None:
        return data
    assert len(data) <= total
    return data + bytes(total - len(data))


def upload(api, data, filename="file.png", headers=None, **form):
    """POST /v1/media/upload with `data` as the `file` part and `form` as text fields."""
    return api.post(
        "/v1/media/upload",
        data={"file": (io.BytesIO(data), filename), **form},
        content_type="multipart/form-data",
        headers=headers or {},
    )
