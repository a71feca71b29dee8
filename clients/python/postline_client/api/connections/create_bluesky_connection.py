from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.bluesky_sign_in import BlueskySignIn
from ...models.connection_response import ConnectionResponse
from ...models.error_response import ErrorResponse
from ...types import Response


def _get_kwargs(
    *,
    body: BlueskySignIn,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/connections/bluesky",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConnectionResponse | ErrorResponse:
    if response.status_code == 201:
        response_201 = ConnectionResponse.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())

        return response_403

    if response.status_code == 413:
        response_413 = ErrorResponse.from_dict(response.json())

        return response_413

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
    *,
    client: AuthenticatedClient | Client,
    body: BlueskySignIn,
) -> Response[ConnectionResponse | ErrorResponse]:
    """Connect a Bluesky account

     Bluesky connects without a browser: Postline signs in with the handle and an app
    password (made in Bluesky's settings, never the account's own password), finds
    the account's server from its DID, and keeps the session, refreshed by the
    worker. Signing in again with the same account updates its connection (same
    id), so a retry is safe. A handle Bluesky does not know, or one whose DID does
    not name it back, is a 400 naming `handle`; a refused app password a 400 naming
    `appPassword`; neither creates anything. 503 `PLATFORM_UNAVAILABLE` when Bluesky
    cannot answer now.

    Args:
        body (BlueskySignIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectionResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: BlueskySignIn,
) -> ConnectionResponse | ErrorResponse | None:
    """Connect a Bluesky account

     Bluesky connects without a browser: Postline signs in with the handle and an app
    password (made in Bluesky's settings, never the account's own password), finds
    the account's server from its DID, and keeps the session, refreshed by the
    worker. Signing in again with the same account updates its connection (same
    id), so a retry is safe. A handle Bluesky does not know, or one whose DID does
    not name it back, is a 400 naming `handle`; a refused app password a 400 naming
    `appPassword`; neither creates anything. 503 `PLATFORM_UNAVAILABLE` when Bluesky
    cannot answer now.

    Args:
        body (BlueskySignIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConnectionResponse | ErrorResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: BlueskySignIn,
) -> Response[ConnectionResponse | ErrorResponse]:
    """Connect a Bluesky account

     Bluesky connects without a browser: Postline signs in with the handle and an app
    password (made in Bluesky's settings, never the account's own password), finds
    the account's server from its DID, and keeps the session, refreshed by the
    worker. Signing in again with the same account updates its connection (same
    id), so a retry is safe. A handle Bluesky does not know, or one whose DID does
    not name it back, is a 400 naming `handle`; a refused app password a 400 naming
    `appPassword`; neither creates anything. 503 `PLATFORM_UNAVAILABLE` when Bluesky
    cannot answer now.

    Args:
        body (BlueskySignIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectionResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: BlueskySignIn,
) -> ConnectionResponse | ErrorResponse | None:
    """Connect a Bluesky account

     Bluesky connects without a browser: Postline signs in with the handle and an app
    password (made in Bluesky's settings, never the account's own password), finds
    the account's server from its DID, and keeps the session, refreshed by the
    worker. Signing in again with the same account updates its connection (same
    id), so a retry is safe. A handle Bluesky does not know, or one whose DID does
    not name it back, is a 400 naming `handle`; a refused app password a 400 naming
    `appPassword`; neither creates anything. 503 `PLATFORM_UNAVAILABLE` when Bluesky
    cannot answer now.

    Args:
        body (BlueskySignIn):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConnectionResponse | ErrorResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
