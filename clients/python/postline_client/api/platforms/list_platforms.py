from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.platform_provider_list_response import PlatformProviderListResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
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
        "url": "/v1/platforms",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | PlatformProviderListResponse:
    if response.status_code == 200:
        response_200 = PlatformProviderListResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())

        return response_429

    response_default = ErrorResponse.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorResponse | PlatformProviderListResponse]:
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
) -> Response[ErrorResponse | PlatformProviderListResponse]:
    """List the platforms this server publishes to

     One item per provider (what accounts are connected through), in a fixed order:
    its platforms, whether this server's settings for it are complete (`configured`),
    whether the calling key can connect an account of it now (`available`: a live
    key, and configured; Bluesky and Mastodon need no settings), and what one post
    may carry on each platform (`limits`). Any valid key may call it.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PlatformProviderListResponse]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
        cursor=cursor,
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
) -> ErrorResponse | PlatformProviderListResponse | None:
    """List the platforms this server publishes to

     One item per provider (what accounts are connected through), in a fixed order:
    its platforms, whether this server's settings for it are complete (`configured`),
    whether the calling key can connect an account of it now (`available`: a live
    key, and configured; Bluesky and Mastodon need no settings), and what one post
    may carry on each platform (`limits`). Any valid key may call it.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PlatformProviderListResponse
    """

    return sync_detailed(
        client=client,
        page=page,
        per_page=per_page,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[ErrorResponse | PlatformProviderListResponse]:
    """List the platforms this server publishes to

     One item per provider (what accounts are connected through), in a fixed order:
    its platforms, whether this server's settings for it are complete (`configured`),
    whether the calling key can connect an account of it now (`available`: a live
    key, and configured; Bluesky and Mastodon need no settings), and what one post
    may carry on each platform (`limits`). Any valid key may call it.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PlatformProviderListResponse]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> ErrorResponse | PlatformProviderListResponse | None:
    """List the platforms this server publishes to

     One item per provider (what accounts are connected through), in a fixed order:
    its platforms, whether this server's settings for it are complete (`configured`),
    whether the calling key can connect an account of it now (`available`: a live
    key, and configured; Bluesky and Mastodon need no settings), and what one post
    may carry on each platform (`limits`). Any valid key may call it.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PlatformProviderListResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            per_page=per_page,
            cursor=cursor,
        )
    ).parsed
