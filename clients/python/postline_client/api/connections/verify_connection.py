from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.connection_response import ConnectionResponse
from ...models.error_response import ErrorResponse
from ...types import Response


def _get_kwargs(
    connection_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/connections/{connection_id}/verify".format(
            connection_id=quote(str(connection_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConnectionResponse | ErrorResponse:
    if response.status_code == 200:
        response_200 = ConnectionResponse.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = ErrorResponse.from_dict(response.json())

        return response_404

    if response.status_code == 415:
        response_415 = ErrorResponse.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())

        return response_429

    response_default = ErrorResponse.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ConnectionResponse | ErrorResponse]:
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
) -> Response[ConnectionResponse | ErrorResponse]:
    """Verify a connection with its platform

     Reads the account's profile: `active` (and fresh profile fields) if the platform
    knows the token. A refused access token is refreshed first, as publishing does:
    `expired` (and a `connection.expired` event) only when the platform refuses the
    refresh; a refresh that fails for now leaves the status as it was, with
    `lastError`. `error` with `lastError` if the profile cannot be read now.

    Args:
        connection_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectionResponse | ErrorResponse]
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
) -> ConnectionResponse | ErrorResponse | None:
    """Verify a connection with its platform

     Reads the account's profile: `active` (and fresh profile fields) if the platform
    knows the token. A refused access token is refreshed first, as publishing does:
    `expired` (and a `connection.expired` event) only when the platform refuses the
    refresh; a refresh that fails for now leaves the status as it was, with
    `lastError`. `error` with `lastError` if the profile cannot be read now.

    Args:
        connection_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConnectionResponse | ErrorResponse
    """

    return sync_detailed(
        connection_id=connection_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    connection_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ConnectionResponse | ErrorResponse]:
    """Verify a connection with its platform

     Reads the account's profile: `active` (and fresh profile fields) if the platform
    knows the token. A refused access token is refreshed first, as publishing does:
    `expired` (and a `connection.expired` event) only when the platform refuses the
    refresh; a refresh that fails for now leaves the status as it was, with
    `lastError`. `error` with `lastError` if the profile cannot be read now.

    Args:
        connection_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectionResponse | ErrorResponse]
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
) -> ConnectionResponse | ErrorResponse | None:
    """Verify a connection with its platform

     Reads the account's profile: `active` (and fresh profile fields) if the platform
    knows the token. A refused access token is refreshed first, as publishing does:
    `expired` (and a `connection.expired` event) only when the platform refuses the
    refresh; a refresh that fails for now leaves the status as it was, with
    `lastError`. `error` with `lastError` if the profile cannot be read now.

    Args:
        connection_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConnectionResponse | ErrorResponse
    """

    return (
        await asyncio_detailed(
            connection_id=connection_id,
            client=client,
        )
    ).parsed
