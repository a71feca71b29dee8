import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.next_slots_response import NextSlotsResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    channel_id: str,
    *,
    count: int | Unset = 5,
    after: datetime.datetime | int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["count"] = count

    json_after: int | str | Unset
    if isinstance(after, Unset):
        json_after = UNSET
    elif isinstance(after, datetime.datetime):
        json_after = after.isoformat()
    else:
        json_after = after
    params["after"] = json_after

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/channels/{channel_id}/next-slots".format(
            channel_id=quote(str(channel_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | NextSlotsResponse:
    if response.status_code == 200:
        response_200 = NextSlotsResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorResponse.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())

        return response_429

    response_default = ErrorResponse.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorResponse | NextSlotsResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    count: int | Unset = 5,
    after: datetime.datetime | int | Unset = UNSET,
) -> Response[ErrorResponse | NextSlotsResponse]:
    """Preview the next free slots

     The next `count` slots with room, at or after `after` (default now): where the
    next queue posts will go.

    Args:
        channel_id (str):
        count (int | Unset):  Default: 5. Example: 5.
        after (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO 8601 with `Z`
            or an offset (`2027-01-15T09:30:00+01:00`)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | NextSlotsResponse]
    """

    kwargs = _get_kwargs(
        channel_id=channel_id,
        count=count,
        after=after,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    count: int | Unset = 5,
    after: datetime.datetime | int | Unset = UNSET,
) -> ErrorResponse | NextSlotsResponse | None:
    """Preview the next free slots

     The next `count` slots with room, at or after `after` (default now): where the
    next queue posts will go.

    Args:
        channel_id (str):
        count (int | Unset):  Default: 5. Example: 5.
        after (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO 8601 with `Z`
            or an offset (`2027-01-15T09:30:00+01:00`)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | NextSlotsResponse
    """

    return sync_detailed(
        channel_id=channel_id,
        client=client,
        count=count,
        after=after,
    ).parsed


async def asyncio_detailed(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    count: int | Unset = 5,
    after: datetime.datetime | int | Unset = UNSET,
) -> Response[ErrorResponse | NextSlotsResponse]:
    """Preview the next free slots

     The next `count` slots with room, at or after `after` (default now): where the
    next queue posts will go.

    Args:
        channel_id (str):
        count (int | Unset):  Default: 5. Example: 5.
        after (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO 8601 with `Z`
            or an offset (`2027-01-15T09:30:00+01:00`)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | NextSlotsResponse]
    """

    kwargs = _get_kwargs(
        channel_id=channel_id,
        count=count,
        after=after,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    channel_id: str,
    *,
    client: AuthenticatedClient | Client,
    count: int | Unset = 5,
    after: datetime.datetime | int | Unset = UNSET,
) -> ErrorResponse | NextSlotsResponse | None:
    """Preview the next free slots

     The next `count` slots with room, at or after `after` (default now): where the
    next queue posts will go.

    Args:
        channel_id (str):
        count (int | Unset):  Default: 5. Example: 5.
        after (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO 8601 with `Z`
            or an offset (`2027-01-15T09:30:00+01:00`)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | NextSlotsResponse
    """

    return (
        await asyncio_detailed(
            channel_id=channel_id,
            client=client,
            count=count,
            after=after,
        )
    ).parsed
