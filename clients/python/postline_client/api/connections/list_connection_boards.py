from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.board_list_response import BoardListResponse
from ...models.error_response import ErrorResponse
from ...types import Response


def _get_kwargs(
    connection_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/connections/{connection_id}/boards".format(
            connection_id=quote(str(connection_id), safe=""),
        ),
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
) -> Response[BoardListResponse | ErrorResponse]:
    """List a connection's boards

     The boards a Pinterest connection may pin to, read from Pinterest now: a post to
    the account names one as `platforms.pinterest.options.boardId`. A connection of
    another platform, or one expired or revoked, is a 400 naming `id`; 503
    `PLATFORM_UNAVAILABLE` when Pinterest cannot answer now.

    Args:
        connection_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BoardListResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        connection_id=connection_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> BoardListResponse | ErrorResponse | None:
    """List a connection's boards

     The boards a Pinterest connection may pin to, read from Pinterest now: a post to
    the account names one as `platforms.pinterest.options.boardId`. A connection of
    another platform, or one expired or revoked, is a 400 naming `id`; 503
    `PLATFORM_UNAVAILABLE` when Pinterest cannot answer now.

    Args:
        connection_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        BoardListResponse | ErrorResponse
    """

    return sync_detailed(
        connection_id=connection_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[BoardListResponse | ErrorResponse]:
    """List a connection's boards

     The boards a Pinterest connection may pin to, read from Pinterest now: a post to
    the account names one as `platforms.pinterest.options.boardId`. A connection of
    another platform, or one expired or revoked, is a 400 naming `id`; 503
    `PLATFORM_UNAVAILABLE` when Pinterest cannot answer now.

    Args:
        connection_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[BoardListResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        connection_id=connection_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> BoardListResponse | ErrorResponse | None:
    """List a connection's boards

     The boards a Pinterest connection may pin to, read from Pinterest now: a post to
    the account names one as `platforms.pinterest.options.boardId`. A connection of
    another platform, or one expired or revoked, is a 400 naming `id`; 503
    `PLATFORM_UNAVAILABLE` when Pinterest cannot answer now.

    Args:
        connection_id (str):

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
        )
    ).parsed
