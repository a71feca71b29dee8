from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.rejected_row import RejectedRow


T = TypeVar("T", bound="Import")


@_attrs_define
class Import:
    """
    Attributes:
        id (str): The import's id, `imp_...`
        dry_run (bool): Whether this was a dry run, which creates nothing
        format_ (str): The file's format: csv or ndjson
        status (str): `pending` (rows wait for the worker), `running` (some are created, more wait) or `done` (every row
            created or rejected; a dry run is done at once). A new status may be added: treat one you do not know as not yet
            done.
        total (int): Rows in the file
        accepted (int): Rows found good: on a dry run, the posts a real run would create; on a real run, those created
            and those still to be (it falls as the worker rejects rows)
        created (int): Posts created so far (0 on a dry run)
        rejected (list[RejectedRow]): Every row rejected so far, in file order, with its reasons
        completed_at (int | None): When every row was created or rejected (Unix ms)
        created_at (int): When it was created (Unix ms)
        updated_at (int): When it last changed (Unix ms)
    """

    id: str
    dry_run: bool
    format_: str
    status: str
    total: int
    accepted: int
    created: int
    rejected: list[RejectedRow]
    completed_at: int | None
    created_at: int
    updated_at: int
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        dry_run = self.dry_run

        format_ = self.format_

        status = self.status

        total = self.total

        accepted = self.accepted

        created = self.created

        rejected = []
        for rejected_item_data in self.rejected:
            rejected_item = rejected_item_data.to_dict()
            rejected.append(rejected_item)

        completed_at: int | None
        completed_at = self.completed_at

        created_at = self.created_at

        updated_at = self.updated_at

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "dryRun": dry_run,
                "format": format_,
                "status": status,
                "total": total,
                "accepted": accepted,
                "created": created,
                "rejected": rejected,
                "completedAt": completed_at,
                "createdAt": created_at,
                "updatedAt": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rejected_row import RejectedRow  # noqa: PLC0415

        d = dict(src_dict)
        id = d.pop("id")

        dry_run = d.pop("dryRun")

        format_ = d.pop("format")

        status = d.pop("status")

        total = d.pop("total")

        accepted = d.pop("accepted")

        created = d.pop("created")

        rejected = []
        _rejected = d.pop("rejected")
        for rejected_item_data in _rejected:
            rejected_item = RejectedRow.from_dict(rejected_item_data)

            rejected.append(rejected_item)

        def _parse_completed_at(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        completed_at = _parse_completed_at(d.pop("completedAt"))

        created_at = d.pop("createdAt")

        updated_at = d.pop("updatedAt")

        import_ = cls(
            id=id,
            dry_run=dry_run,
            format_=format_,
            status=status,
            total=total,
            accepted=accepted,
            created=created,
            rejected=rejected,
            completed_at=completed_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        import_.additional_properties = d
        return import_

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
