"""Media only the tests need: files that are not media (an executable, an HTML page),
a multipart body written by hand, and an S3-compatible server (moto's server mode) on
127.0.0.1 for the storage tests. Real images and videos: devtools/media.py."""

from devtools.servers import free_port

ELF = b"\x7fELF\x02\x01\x01\x00" + bytes(8) + b"\x02\x00\x3e\x00" + bytes(200)
HTML = b"<!DOCTYPE html><html><head><title>x</title></head><body><script>alert(1)</script></body></html>"


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
