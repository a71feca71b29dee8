from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.health_key import HealthKey
    from ..models.worker_status import WorkerStatus


T = TypeVar("T", bound="Health")


@_attrs_define
class Health:
    """
    Attributes:
        status (str): ok, or degraded when the worker is not running
        version (str): The running version
        time (int): The server's clock (Unix ms)
        key (HealthKey):
        database (str): `ok`: it answered
        worker (WorkerStatus):
    """

    status: str
    version: str
    time: int
    key: HealthKey
    database: str
    worker: WorkerStatus
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        version = self.version

        time = self.time

        key = self.key.to_dict()

        database = self.database

        worker = self.worker.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "status": status,
                "version": version,
                "time": time,
                "key": key,
                "database": database,
                "worker": worker,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.health_key import HealthKey  # noqa: PLC0415
        from ..models.worker_status import WorkerStatus  # noqa: PLC0415

        d = dict(src_dict)
        status = d.pop("status")

        version = d.pop("version")

        time = d.pop("time")

        key = HealthKey.from_dict(d.pop("key"))

        database = d.pop("database")

        worker = WorkerStatus.from_dict(d.pop("worker"))

        health = cls(
            status=status,
            version=version,
            time=time,
            key=key,
            database=database,
            worker=worker,
        )

        health.additional_properties = d
        return health

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
