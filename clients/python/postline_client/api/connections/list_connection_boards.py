from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.board_list_response import BoardListResponse
from ...models.error_response import ErrorResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    connection_id: str,
    *,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["per_page"] = per_page

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/connections/{connection_id}/boards".format(
            connection_id=quote(str(connection_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> BoardListResponse | ErrorResponse:
    if response.status_code == 200:
        response_200 = BoardListResponse.from_dict(response.json())

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
) -> Response[BoardListResponse | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[BoardListResponse | ErrorResponse]:
    """List a connection's boards

     The boards a Pinterest connection may pin to, read from Pinterest now, every
    one at each request, and paged here: oldest first (by id), so that pages by
    cursor hold still while boards are made or removed. A post to the account names
    one as `platforms.pinterest.options.boardId`. A connection of another platform,
    or one expired or revoked, is a 400 naming `id`; 503 `PLATFORM_UNAVAILABLE` when
    Pinterest cannot answer now.

    Args:
        connection_id (str):
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BoardListResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        connection_id=connection_id,
        page=page,
        per_page=per_page,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> BoardListResponse | ErrorResponse | None:
    """List a connection's boards

     The boards a Pinterest connection may pin to, read from Pinterest now, every
    one at each request, and paged here: oldest first (by id), so that pages by
    cursor hold still while boards are made or removed. A post to the account names
    one as `platforms.pinterest.options.boardId`. A connection of another platform,
    or one expired or revoked, is a 400 naming `id`; 503 `PLATFORM_UNAVAILABLE` when
    Pinterest cannot answer now.

    Args:
        connection_id (str):
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BoardListResponse | ErrorResponse
    """

    return sync_detailed(
        connection_id=connection_id,
        client=client,
        page=page,
        per_page=per_page,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[BoardListResponse | ErrorResponse]:
    """List a connection's boards

     The boards a Pinterest connection may pin to, read from Pinterest now, every
    one at each request, and paged here: oldest first (by id), so that pages by
    cursor hold still while boards are made or removed. A post to the account names
    one as `platforms.pinterest.options.boardId`. A connection of another platform,
    or one expired or revoked, is a 400 naming `id`; 503 `PLATFORM_UNAVAILABLE` when
    Pinterest cannot answer now.

    Args:
        connection_id (str):
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BoardListResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        connection_id=connection_id,
        page=page,
        per_page=per_page,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> BoardListResponse | ErrorResponse | None:
    """List a connection's boards

     The boards a Pinterest connection may pin to, read from Pinterest now, every
    one at each request, and paged here: oldest first (by id), so that pages by
    cursor hold still while boards are made or removed. A post to the account names
    one as `platforms.pinterest.options.boardId`. A connection of another platform,
    or one expired or revoked, is a 400 naming `id`; 503 `PLATFORM_UNAVAILABLE` when
    Pinterest cannot answer now.

    Args:
        connection_id (str):
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BoardListResponse | ErrorResponse
    """

    return (
        await asyncio_detailed(
            connection_id=connection_id,
            client=client,
            page=page,
            per_page=per_page,
            cursor=cursor,
        )
    ).parsed
