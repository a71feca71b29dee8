from enum import StrEnum


class LinkedInOptionsVisibility(StrEnum):
    CONNECTIONS = "CONNECTIONS"
    PUBLIC = "PUBLIC"

    def __str__(self) -> str:
        return str(self.value)
