"""Media in an S3-compatible bucket (AWS S3, MinIO, R2, Ceph...): the storage interface
of postline/media/storage.py over boto3, for installs with several app servers."""

import functools

import boto3
from boto3.exceptions import S3UploadFailedError
from botocore.config import Config
from botocore.exceptions import BotoCoreError, ClientError

from postline.media.storage import Missing, Reader, cannot_store, check_name

CHUNK_BYTES = 256 * 1024


class S3Storage:
    def __init__(self, settings):
        self.settings = settings
        self.bucket = settings["s3_bucket"]

    @functools.cached_property
    def client(self):
        """Made on first use: a process that never touches media (the worker, so far) pays nothing."""
        s = self.settings
        # S3-compatible servers answer path-style requests (endpoint/bucket/key); only AWS
        # itself insists on bucket-named hosts.
        addressing = {"addressing_style": "path"} if s["s3_endpoint"] else {}
        return boto3.client(
            "s3",
            endpoint_url=s["s3_endpoint"] or None,
            region_name=s["s3_region"] or None,
            aws_access_key_id=s["s3_access_key_id"] or None,
            aws_secret_access_key=s["s3_secret_access_key"] or None,
            config=Config(signature_version="s3v4", s3=addressing, retries={"mode": "standard"}),
        )

    def save(self, name, path, content_type):
        try:
            self.client.upload_file(
                str(path), self.bucket, check_name(name), ExtraArgs={"ContentType": content_type}
            )
        except (S3UploadFailedError, ClientError, BotoCoreError) as error:
            raise cannot_store(_s3_reason(error), error) from error

    def open(self, name, start=0, length=None):
        request = {"Bucket": self.bucket, "Key": check_name(name)}
        if start or length is not None:
            last = "" if length is None else start + length - 1
            request["Range"] = f"bytes={start}-{last}"
        try:
            body = self.client.get_object(**request)["Body"]
        except self.client.exceptions.NoSuchKey:
            raise Missing(name) from None
        return Reader(body.iter_chunks(CHUNK_BYTES), body.close)

    def delete(self, name):
        self.client.delete_object(Bucket=self.bucket, Key=check_name(name))

    def presigned_url(self, name, ttl):
        if not self.settings["s3_presigned_urls"]:
            return None
        return self.client.generate_presigned_url(
            "get_object", Params={"Bucket": self.bucket, "Key": check_name(name)}, ExpiresIn=ttl
        )


def _s3_reason(error):
    # boto3 raises S3UploadFailedError while handling the ClientError that says why.
    answer = error if isinstance(error, ClientError) else error.__context__
    if isinstance(answer, ClientError):
        return f"the bucket answered {answer.response.get('Error', {}).get('Code', 'an error')}"
    return "the bucket could not be reached"
