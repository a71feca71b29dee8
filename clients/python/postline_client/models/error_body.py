from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_detail import ErrorDetail


T = TypeVar("T", bound="ErrorBody")


@_attrs_define
class ErrorBody:
    """
    Attributes:
        type_ (str): Error class: validation_error, authentication_error, authorization_error, not_found_error,
            invalid_request_error, conflict_error, idempotency_error, rate_limit_error or api_error
        code (str): Stable machine-readable code. Known codes: VALIDATION_ERROR, INVALID_IDEMPOTENCY_KEY,
            REFRESH_NOT_SUPPORTED, PROVIDER_NOT_CONFIGURED (400); MISSING_API_KEY, INVALID_API_KEY, MISSING_SESSION (401);
            INSUFFICIENT_PERMISSIONS, CSRF_TOKEN_INVALID (403); NOT_FOUND (404); METHOD_NOT_ALLOWED (405);
            POST_NOT_EDITABLE, MEDIA_IN_USE, CHANNEL_BUSY, SCHEDULE_PAUSED, IDEMPOTENCY_KEY_IN_USE (409); PAYLOAD_TOO_LARGE
            (413); UNSUPPORTED_MEDIA_TYPE (415); RANGE_NOT_SATISFIABLE (416); IDEMPOTENCY_KEY_REUSED (422);
            RATE_LIMIT_EXCEEDED (429); INTERNAL_ERROR (500); SERVICE_UNAVAILABLE, PLATFORM_UNAVAILABLE (503)
        message (str): What went wrong, for a person
        request_id (str): The request's id (`X-Request-Id`): quote it when asking why
        details (list[ErrorDetail] | Unset): One entry per problem (at most 50)
    """

    type_: str
    code: str
    message: str
    request_id: str
    details: list[ErrorDetail] | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        code = self.code

        message = self.message

        request_id = self.request_id

        details: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = []
            for details_item_data in self.details:
                details_item = details_item_data.to_dict()
                details.append(details_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "code": code,
                "message": message,
                "request_id": request_id,
            }
        )
        if details is not UNSET:
            field_dict["details"] = details

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_detail import ErrorDetail  # noqa: PLC0415

        d = dict(src_dict)
        type_ = d.pop("type")

        code = d.pop("code")

        message = d.pop("message")

        request_id = d.pop("request_id")

        _details = d.pop("details", UNSET)
        details: list[ErrorDetail] | Unset = UNSET
        if _details is not UNSET:
            details = []
            for details_item_data in _details:
                details_item = ErrorDetail.from_dict(details_item_data)

                details.append(details_item)

        error_body = cls(
            type_=type_,
            code=code,
            message=message,
            request_id=request_id,
            details=details,
        )

        error_body.additional_properties = d
        return error_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
