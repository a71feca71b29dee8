from enum import StrEnum


class ApiKeyCreatePermissionsItem(StrEnum):
    ANALYTICSREAD = "analytics:read"
    API_KEYSREAD = "api-keys:read"
    API_KEYSWRITE = "api-keys:write"
    CHANNELSREAD = "channels:read"
    CHANNELSWRITE = "channels:write"
    CONNECTIONSREAD = "connections:read"
    CONNECTIONSWRITE = "connections:write"
    MEDIAREAD = "media:read"
    MEDIAWRITE = "media:write"
    POSTSREAD = "posts:read"
    POSTSWRITE = "posts:write"
    WEBHOOKSREAD = "webhooks:read"
    WEBHOOKSWRITE = "webhooks:write"

    def __str__(self) -> str:
        return str(self.value)
