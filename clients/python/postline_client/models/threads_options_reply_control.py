from enum import StrEnum


class ThreadsOptionsReplyControl(StrEnum):
    ACCOUNTS_YOU_FOLLOW = "accounts_you_follow"
    EVERYONE = "everyone"
    MENTIONED_ONLY = "mentioned_only"

    def __str__(self) -> str:
        return str(self.value)
