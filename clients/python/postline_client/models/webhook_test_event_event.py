from enum import StrEnum


class WebhookTestEventEvent(StrEnum):
    WEBHOOK_TEST = "webhook.test"

    def __str__(self) -> str:
        return str(self.value)
