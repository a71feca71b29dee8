"""An S3-compatible server (moto's server mode) on a free loopback port: media storage
for the storage tests, the scale-out drill and its benchmark (`[media] storage = "s3"`)."""

import logging

from devtools.servers import free_port


class S3Server:
    """moto's S3-compatible server on a free loopback port."""

    def __init__(self):
        from moto.server import ThreadedMotoServer

        # Its werkzeug writes a line per request: the media of 20,000 posts.
        logging.getLogger("werkzeug").setLevel(logging.WARNING)

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
