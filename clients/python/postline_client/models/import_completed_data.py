from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ImportCompletedData")


@_attrs_define
class ImportCompletedData:
    """
    Attributes:
        import_id (str): The import, `imp_...` (GET /v1/imports/{import_id} lists its rejected rows)
        created (int): Posts it created
        rejected (int): Rows it rejected
    """

    import_id: str
    created: int
    rejected: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        import_id = self.import_id

        created = self.created

        rejected = self.rejected

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "import_id": import_id,
                "created": created,
                "rejected": rejected,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        import_id = d.pop("import_id")

        created = d.pop("created")

        rejected = d.pop("rejected")

        import_completed_data = cls(
            import_id=import_id,
            created=created,
            rejected=rejected,
        )

        import_completed_data.additional_properties = d
        return import_completed_data

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
