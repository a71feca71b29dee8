"""What domain code raises when a request cannot be done, in the API's own terms but
without HTTP: postline/web/errors.py maps each class to a status and the error body.

`details` are `[{"field", "message"}]` with fields named as the client sent them
(`content`, `posts[3].content`, `media[0]`).
"""


class DomainError(Exception):
    code = None

    def __init__(self, message, details=None, code=None):
        super().__init__(message)
        self.message = message
        self.details = details
        if code is not None:
            self.code = code


class Invalid(DomainError):
    """The request names something wrong: one entry in `details` per problem."""

    code = "VALIDATION_ERROR"

    def __init__(self, details, message=None, code=None):
        summary = "; ".join(f"{d['field']}: {d['message']}" for d in details[:5])
        super().__init__(message or f"Invalid request: {summary}", details, code)

    @classmethod
    def field(cls, field, message, code=None):
        """One problem with one field; the message reads `field: problem`."""
        return cls([{"field": field, "message": message}], f"{field}: {message}", code)


class NotFound(DomainError):
    code = "NOT_FOUND"

    def __init__(self, message="No such resource.", details=None):
        super().__init__(message, details)


class Conflict(DomainError):
    """The resource's state forbids the change now (a post being published, say)."""

    def __init__(self, code, message, details=None, retry_after=None):
        super().__init__(message, details, code)
        self.retry_after = retry_after


class RefusedContent(DomainError):
    """What was sent (a file, say) cannot be taken; `field` names where it came from."""

    def __init__(self, message, field):
        super().__init__(f"{field}: {message}", [{"field": field, "message": message}])


class TooLarge(RefusedContent):
    """Over a size limit (an upload, an imported file)."""

    code = "PAYLOAD_TOO_LARGE"


class UnsupportedType(RefusedContent):
    """Not of a type the service takes (a file that is none of the allowed media types)."""

    code = "UNSUPPORTED_MEDIA_TYPE"


class Forbidden(DomainError):
    """The caller may not do this; `field` names what it asked for (permission, mode...)."""

    code = "INSUFFICIENT_PERMISSIONS"

    def __init__(self, message, field="permission", detail=None):
        super().__init__(message, [{"field": field, "message": detail or message}])


class Unauthenticated(DomainError):
    """No API key, or one that is not valid: `code` says which."""


class RateLimited(DomainError):
    """A limit is exhausted; `status` is where the key's limits stand (postline/limits)."""

    code = "RATE_LIMIT_EXCEEDED"

    def __init__(self, message, status, retry_after):
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


class Unavailable(DomainError):
    """A store the request needs (the database, Redis) cannot be reached now."""

    code = "SERVICE_UNAVAILABLE"

    def __init__(self, message="The service is temporarily unavailable; retry shortly."):
        super().__init__(message)


class PlatformDown(Unavailable):
    """A platform could not be reached or answered with an error that may pass."""

    code = "PLATFORM_UNAVAILABLE"
