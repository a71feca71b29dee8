import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.channel_list_response import ChannelListResponse
from ...models.error_response import ErrorResponse
from ...models.list_channels_sort import ListChannelsSort
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListChannelsSort | Unset = ListChannelsSort.CREATEDAT,
    filternamecontains: str | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["per_page"] = per_page

    params["cursor"] = cursor

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    params["filter[name][contains]"] = filternamecontains

    json_filtercreated_ateq: int | str | Unset
    if isinstance(filtercreated_ateq, Unset):
        json_filtercreated_ateq = UNSET
    elif isinstance(filtercreated_ateq, datetime.datetime):
        json_filtercreated_ateq = filtercreated_ateq.isoformat()
    else:
        json_filtercreated_ateq = filtercreated_ateq
    params["filter[createdAt][eq]"] = json_filtercreated_ateq

    json_filtercreated_at: int | str | Unset
    if isinstance(filtercreated_at, Unset):
        json_filtercreated_at = UNSET
    elif isinstance(filtercreated_at, datetime.datetime):
        json_filtercreated_at = filtercreated_at.isoformat()
    else:
        json_filtercreated_at = filtercreated_at
    params["filter[createdAt]"] = json_filtercreated_at

    json_filtercreated_atne: int | str | Unset
    if isinstance(filtercreated_atne, Unset):
        json_filtercreated_atne = UNSET
    elif isinstance(filtercreated_atne, datetime.datetime):
        json_filtercreated_atne = filtercreated_atne.isoformat()
    else:
        json_filtercreated_atne = filtercreated_atne
    params["filter[createdAt][ne]"] = json_filtercreated_atne

    json_filtercreated_atgt: int | str | Unset
    if isinstance(filtercreated_atgt, Unset):
        json_filtercreated_atgt = UNSET
    elif isinstance(filtercreated_atgt, datetime.datetime):
        json_filtercreated_atgt = filtercreated_atgt.isoformat()
    else:
        json_filtercreated_atgt = filtercreated_atgt
    params["filter[createdAt][gt]"] = json_filtercreated_atgt

    json_filtercreated_atgte: int | str | Unset
    if isinstance(filtercreated_atgte, Unset):
        json_filtercreated_atgte = UNSET
    elif isinstance(filtercreated_atgte, datetime.datetime):
        json_filtercreated_atgte = filtercreated_atgte.isoformat()
    else:
        json_filtercreated_atgte = filtercreated_atgte
    params["filter[createdAt][gte]"] = json_filtercreated_atgte

    json_filtercreated_atlt: int | str | Unset
    if isinstance(filtercreated_atlt, Unset):
        json_filtercreated_atlt = UNSET
    elif isinstance(filtercreated_atlt, datetime.datetime):
        json_filtercreated_atlt = filtercreated_atlt.isoformat()
    else:
        json_filtercreated_atlt = filtercreated_atlt
    params["filter[createdAt][lt]"] = json_filtercreated_atlt

    json_filtercreated_atlte: int | str | Unset
    if isinstance(filtercreated_atlte, Unset):
        json_filtercreated_atlte = UNSET
    elif isinstance(filtercreated_atlte, datetime.datetime):
        json_filtercreated_atlte = filtercreated_atlte.isoformat()
    else:
        json_filtercreated_atlte = filtercreated_atlte
    params["filter[createdAt][lte]"] = json_filtercreated_atlte

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/channels",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ChannelListResponse | ErrorResponse:
    if response.status_code == 200:
        response_200 = ChannelListResponse.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())

        return response_429

    response_default = ErrorResponse.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ChannelListResponse | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListChannelsSort | Unset = ListChannelsSort.CREATEDAT,
    filternamecontains: str | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
) -> Response[ChannelListResponse | ErrorResponse]:
    """List channels

     Newest first by default; filter by `name` (contains) or `createdAt`.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListChannelsSort | Unset):  Default: ListChannelsSort.CREATEDAT.
        filternamecontains (str | Unset):
        filtercreated_ateq (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_at (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atne (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChannelListResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
        cursor=cursor,
        sort=sort,
        filternamecontains=filternamecontains,
        filtercreated_ateq=filtercreated_ateq,
        filtercreated_at=filtercreated_at,
        filtercreated_atne=filtercreated_atne,
        filtercreated_atgt=filtercreated_atgt,
        filtercreated_atgte=filtercreated_atgte,
        filtercreated_atlt=filtercreated_atlt,
        filtercreated_atlte=filtercreated_atlte,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListChannelsSort | Unset = ListChannelsSort.CREATEDAT,
    filternamecontains: str | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
) -> ChannelListResponse | ErrorResponse | None:
    """List channels

     Newest first by default; filter by `name` (contains) or `createdAt`.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListChannelsSort | Unset):  Default: ListChannelsSort.CREATEDAT.
        filternamecontains (str | Unset):
        filtercreated_ateq (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_at (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atne (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChannelListResponse | ErrorResponse
    """

    return sync_detailed(
        client=client,
        page=page,
        per_page=per_page,
        cursor=cursor,
        sort=sort,
        filternamecontains=filternamecontains,
        filtercreated_ateq=filtercreated_ateq,
        filtercreated_at=filtercreated_at,
        filtercreated_atne=filtercreated_atne,
        filtercreated_atgt=filtercreated_atgt,
        filtercreated_atgte=filtercreated_atgte,
        filtercreated_atlt=filtercreated_atlt,
        filtercreated_atlte=filtercreated_atlte,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListChannelsSort | Unset = ListChannelsSort.CREATEDAT,
    filternamecontains: str | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
) -> Response[ChannelListResponse | ErrorResponse]:
    """List channels

     Newest first by default; filter by `name` (contains) or `createdAt`.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListChannelsSort | Unset):  Default: ListChannelsSort.CREATEDAT.
        filternamecontains (str | Unset):
        filtercreated_ateq (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_at (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atne (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ChannelListResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
        cursor=cursor,
        sort=sort,
        filternamecontains=filternamecontains,
        filtercreated_ateq=filtercreated_ateq,
        filtercreated_at=filtercreated_at,
        filtercreated_atne=filtercreated_atne,
        filtercreated_atgt=filtercreated_atgt,
        filtercreated_atgte=filtercreated_atgte,
        filtercreated_atlt=filtercreated_atlt,
        filtercreated_atlte=filtercreated_atlte,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListChannelsSort | Unset = ListChannelsSort.CREATEDAT,
    filternamecontains: str | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
) -> ChannelListResponse | ErrorResponse | None:
    """List channels

     Newest first by default; filter by `name` (contains) or `createdAt`.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListChannelsSort | Unset):  Default: ListChannelsSort.CREATEDAT.
        filternamecontains (str | Unset):
        filtercreated_ateq (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_at (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atne (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ChannelListResponse | ErrorResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            per_page=per_page,
            cursor=cursor,
            sort=sort,
            filternamecontains=filternamecontains,
            filtercreated_ateq=filtercreated_ateq,
            filtercreated_at=filtercreated_at,
            filtercreated_atne=filtercreated_atne,
            filtercreated_atgt=filtercreated_atgt,
            filtercreated_atgte=filtercreated_atgte,
            filtercreated_atlt=filtercreated_atlt,
            filtercreated_atlte=filtercreated_atlte,
        )
    ).parsed
