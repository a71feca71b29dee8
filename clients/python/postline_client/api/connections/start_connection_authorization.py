from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.auth_start_response import AuthStartResponse
from ...models.error_response import ErrorResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    provider: str,
    *,
    channel_id: str | Unset = UNSET,
    return_to: str | Unset = UNSET,
    instance: str | Unset = UNSET,
    redirect: bool | Unset = False,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["channelId"] = channel_id

    params["returnTo"] = return_to

    params["instance"] = instance

    params["redirect"] = redirect

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/connections/{provider}/auth".format(
            provider=quote(str(provider), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | AuthStartResponse | ErrorResponse:
    if response.status_code == 200:
        response_200 = AuthStartResponse.from_dict(response.json())

        return response_200

    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

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
) -> Response[Any | AuthStartResponse | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    channel_id: str | Unset = UNSET,
    return_to: str | Unset = UNSET,
    instance: str | Unset = UNSET,
    redirect: bool | Unset = False,
) -> Response[Any | AuthStartResponse | ErrorResponse]:
    """Start connecting an account

     Answers the platform's page to open in a browser (or a 302 to it with
    `redirect=1`); the user approves there and comes back through the callback.
    Live keys only (403 in test mode); 400 `PROVIDER_NOT_CONFIGURED` when the server
    has no app for the provider. Mastodon needs no app on the server: `instance` names
    the server the account is on, where Postline registers its app the first time
    (400 naming `instance` when it is no Mastodon server Postline may call, 503 when it
    cannot answer now). The state expires in 10 minutes and works once.

    Args:
        provider (str):
        channel_id (str | Unset):
        return_to (str | Unset):
        instance (str | Unset):
        redirect (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | AuthStartResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        provider=provider,
        channel_id=channel_id,
        return_to=return_to,
        instance=instance,
        redirect=redirect,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    channel_id: str | Unset = UNSET,
    return_to: str | Unset = UNSET,
    instance: str | Unset = UNSET,
    redirect: bool | Unset = False,
) -> Any | AuthStartResponse | ErrorResponse | None:
    """Start connecting an account

     Answers the platform's page to open in a browser (or a 302 to it with
    `redirect=1`); the user approves there and comes back through the callback.
    Live keys only (403 in test mode); 400 `PROVIDER_NOT_CONFIGURED` when the server
    has no app for the provider. Mastodon needs no app on the server: `instance` names
    the server the account is on, where Postline registers its app the first time
    (400 naming `instance` when it is no Mastodon server Postline may call, 503 when it
    cannot answer now). The state expires in 10 minutes and works once.

    Args:
        provider (str):
        channel_id (str | Unset):
        return_to (str | Unset):
        instance (str | Unset):
        redirect (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | AuthStartResponse | ErrorResponse
    """

    return sync_detailed(
        provider=provider,
        client=client,
        channel_id=channel_id,
        return_to=return_to,
        instance=instance,
        redirect=redirect,
    ).parsed


async def asyncio_detailed(
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    channel_id: str | Unset = UNSET,
    return_to: str | Unset = UNSET,
    instance: str | Unset = UNSET,
    redirect: bool | Unset = False,
) -> Response[Any | AuthStartResponse | ErrorResponse]:
    """Start connecting an account

     Answers the platform's page to open in a browser (or a 302 to it with
    `redirect=1`); the user approves there and comes back through the callback.
    Live keys only (403 in test mode); 400 `PROVIDER_NOT_CONFIGURED` when the server
    has no app for the provider. Mastodon needs no app on the server: `instance` names
    the server the account is on, where Postline registers its app the first time
    (400 naming `instance` when it is no Mastodon server Postline may call, 503 when it
    cannot answer now). The state expires in 10 minutes and works once.

    Args:
        provider (str):
        channel_id (str | Unset):
        return_to (str | Unset):
        instance (str | Unset):
        redirect (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | AuthStartResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        provider=provider,
        channel_id=channel_id,
        return_to=return_to,
        instance=instance,
        redirect=redirect,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    channel_id: str | Unset = UNSET,
    return_to: str | Unset = UNSET,
    instance: str | Unset = UNSET,
    redirect: bool | Unset = False,
) -> Any | AuthStartResponse | ErrorResponse | None:
    """Start connecting an account

     Answers the platform's page to open in a browser (or a 302 to it with
    `redirect=1`); the user approves there and comes back through the callback.
    Live keys only (403 in test mode); 400 `PROVIDER_NOT_CONFIGURED` when the server
    has no app for the provider. Mastodon needs no app on the server: `instance` names
    the server the account is on, where Postline registers its app the first time
    (400 naming `instance` when it is no Mastodon server Postline may call, 503 when it
    cannot answer now). The state expires in 10 minutes and works once.

    Args:
        provider (str):
        channel_id (str | Unset):
        return_to (str | Unset):
        instance (str | Unset):
        redirect (bool | Unset):  Default: False.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | AuthStartResponse | ErrorResponse
    """

    return (
        await asyncio_detailed(
            provider=provider,
            client=client,
            channel_id=channel_id,
            return_to=return_to,
            instance=instance,
            redirect=redirect,
        )
    ).parsed
