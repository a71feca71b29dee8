from enum import StrEnum


class PartKind(StrEnum):
    COMMENT = "comment"
    POST = "post"
    REPLY = "reply"

    def __str__(self) -> str:
        return str(self.value)
