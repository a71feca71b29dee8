"""Media: images, videos and documents (PDF) received by upload or import, stored on a
local disk or in an S3-compatible bucket, and handed to platforms by signed URL
(docs/media.md).

- `kinds`: the allowed types, sniffed from the bytes, and what is read of each;
- `dimensions`: an image's size, read from its header without trusting the file;
- `mp4`: a video's duration, read from its boxes without trusting their sizes;
- `incoming`: files being received, staged on disk, checked as their bytes arrive;
- `storage`, `s3`: where stored files live, behind one small interface;
- `library`: creating, changing and deleting media records;
- `references`: the media a post names (its own, its thread's, its versions', a reel's cover);
- `urls`: signed public URLs; `imports`: fetching a file from a URL.

`configure(settings)` is called once per process (postline/process.py).
"""

from pathlib import Path

from PIL import Image

from postline.media import incoming
from postline.media.storage import LocalStorage

# A staged file untouched this long was left by a process killed mid-upload.
STALE_STAGED_SECONDS = 3600

_state = {}


def configure(settings):
    """Open the configured storage, make the directories, and clear stale staged files."""
    media = settings["media"]
    directory = Path(media["dir"])  # absolute: postline/config.py resolves it
    staging_dir = directory / "tmp"
    staging_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    incoming.sweep(staging_dir, STALE_STAGED_SECONDS)
    if media["storage"] == "s3":
        from postline.media.s3 import S3Storage  # boto3 loads only where it is used

        backend = S3Storage(media)
    elif media["storage"] == "local":
        backend = LocalStorage(directory, int(settings["server"]["file_mode"], 8))
    else:
        raise ValueError(f'[media] storage must be "local" or "s3", not {media["storage"]!r}')
    _state.update(
        settings=media,
        public_base=settings["server"]["public_url"].rstrip("/"),
        storage=backend,
        staging_dir=staging_dir,
        limits=incoming.Limits(
            media["max_image_bytes"],
            media["max_video_bytes"],
            media["max_image_pixels"],
            media["max_document_bytes"],
        ),
    )
    # Pillow's own guard, for any decode this process makes: it warns past this many
    # pixels and refuses past twice as many. Uploads and imports are refused past it.
    Image.MAX_IMAGE_PIXELS = media["max_image_pixels"]


def settings():
    """The `[media]` settings."""
    return _state["settings"]


def backend():
    """The configured storage backend."""
    return _state["storage"]


def public_base():
    return _state["public_base"]


def staging_dir():
    """Where files wait before storage takes them (a rename away from the local store)."""
    return _state["staging_dir"]


def staging(field):
    """A Staging for the files of one request (`field` names them in refusals); use it in
    a `with` block, which deletes whatever storage did not take."""
    return incoming.Staging(_state["staging_dir"], _state["limits"], field)
