from enum import StrEnum


class TikTokOptionsPrivacyLevel(StrEnum):
    FOLLOWER_OF_CREATOR = "FOLLOWER_OF_CREATOR"
    MUTUAL_FOLLOW_FRIENDS = "MUTUAL_FOLLOW_FRIENDS"
    PUBLIC_TO_EVERYONE = "PUBLIC_TO_EVERYONE"
    SELF_ONLY = "SELF_ONLY"

    def __str__(self) -> str:
        return str(self.value)
