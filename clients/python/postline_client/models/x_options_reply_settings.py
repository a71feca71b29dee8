from enum import StrEnum


class XOptionsReplySettings(StrEnum):
    FOLLOWING = "following"
    MENTIONEDUSERS = "mentionedUsers"
    SUBSCRIBERS = "subscribers"
    VERIFIED = "verified"

    def __str__(self) -> str:
        return str(self.value)
