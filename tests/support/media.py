"""Small real media files built in memory, an upload helper, and an S3-compatible server
(moto's server mode) on 127.0.0.1 for the storage tests."""

import io
import struct

from PIL import Image

from tests.support.servers import free_port

ELF = b"\x7fELF\x02\x01\x01\x00" + bytes(8) + b"\x02\x00\x3e\x00" + bytes(200)
HTML = b"<!DOCTYPE html><html><head><title>x</title></head><body><script>alert(1)</script></body></html>"


def image(format, size=(30, 20), total=None):
    """An image Pillow wrote; `total` pads it with trailing bytes (which readers ignore)
    to exactly that many bytes."""
    buffer = io.BytesIO()
    Image.new("RGB", size, (200, 30, 30)).save(buffer, format)
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


def multipart(data, filename_header, boundary="postline-test-boundary"):
    """A multipart body with `data` as the `file` part, its filename written into the
    header exactly as given (a quoted-string: backslashes escaped as the client chooses)."""
    head = (
        f"--{boundary}\r\n"
        f'Content-Disposition: form-data; name="file"; filename="{filename_header}"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    )
    body = head.encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


class S3Server:
    """moto's S3-compatible server on a free loopback port."""

    def __init__(self):
        from moto.server import ThreadedMotoServer

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._server = ThreadedMotoServer(ip_address="127.0.0.1", port=self.port, verbose=False)
        self._server.start()

    def settings(self, bucket):
        """`[media]` settings for s3 storage in `bucket` (which this creates)."""
        import boto3

        boto3.client("s3", **self.client_options()).create_bucket(Bucket=bucket)
        return {
            "storage": "s3",
            "s3_endpoint": self.url,
            "s3_region": "us-east-1",
            "s3_bucket": bucket,
            "s3_access_key_id": "test",
            "s3_secret_access_key": "test",
        }

    def client_options(self):
        return {
            "endpoint_url": self.url,
            "region_name": "us-east-1",
            "aws_access_key_id": "test",
            "aws_secret_access_key": "test",
        }

    def stop(self):
        self._server.stop()
