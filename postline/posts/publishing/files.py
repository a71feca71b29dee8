"""The post's stored media as adapters read it (postline/platforms/protocol.py, `Files`):
bytes from storage, signed public URLs and JPEG renditions."""

from postline import media
from postline.media import renditions, urls
from postline.media.storage import Missing
from postline.platforms import PERMANENT, PublishError


class StoredFiles:
    def read(self, item, start=0, length=None):
        """The stored bytes of `item`, or `length` of them from `start`; PublishError
        MEDIA_MISSING, permanent, when its file is gone from storage (removed by hand, or
        a bucket emptied): nothing was sent, and sending again cannot help."""
        try:
            reader = media.backend().open(item.id, start, length)
        except Missing:
            raise PublishError(
                PERMANENT, "MEDIA_MISSING", f"media {item.id}: its file is gone from storage"
            ) from None
        try:
            return b"".join(reader)
        finally:
            reader.close()

    def public_url(self, item):
        return urls.public_url(item)

    def jpeg(self, item):
        return renditions.jpeg(item)


FILES = StoredFiles()
