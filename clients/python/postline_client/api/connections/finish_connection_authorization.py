from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    provider: str,
    *,
    state: str,
    code: str | Unset = UNSET,
    error: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["state"] = state

    params["code"] = code

    params["error"] = error

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/connections/{provider}/callback".format(
            provider=quote(str(provider), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Any | ErrorResponse:
    if response.status_code == 200:
        response_200 = cast(Any, None)
        return response_200

    if response.status_code == 302:
        response_302 = cast(Any, None)
        return response_302

    if response.status_code == 400:
        response_400 = cast(Any, None)
        return response_400

    response_default = ErrorResponse.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Any | ErrorResponse]:
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
    state: str,
    code: str | Unset = UNSET,
    error: str | Unset = UNSET,
) -> Response[Any | ErrorResponse]:
    """Finish connecting an account (the platform's redirect)

     The one route without an API key: the signed, single-use `state` names the
    authorization. Creates or updates the connection (a reconnect keeps its id) and
    adds it to the channel given at the start. Redirects to `returnTo` (naming the
    connection, the Postline account that received it and the platform account
    joined), or shows a small page saying which platform account is now connected
    to which Postline account. A failed authorization creates nothing; one started
    in the console is refused (`session_mismatch`) in any browser session but the
    one that started it.

    Args:
        provider (str):
        state (str):
        code (str | Unset):
        error (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorResponse]
    """

    kwargs = _get_kwargs(
        provider=provider,
        state=state,
        code=code,
        error=error,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    state: str,
    code: str | Unset = UNSET,
    error: str | Unset = UNSET,
) -> Any | ErrorResponse | None:
    """Finish connecting an account (the platform's redirect)

     The one route without an API key: the signed, single-use `state` names the
    authorization. Creates or updates the connection (a reconnect keeps its id) and
    adds it to the channel given at the start. Redirects to `returnTo` (naming the
    connection, the Postline account that received it and the platform account
    joined), or shows a small page saying which platform account is now connected
    to which Postline account. A failed authorization creates nothing; one started
    in the console is refused (`session_mismatch`) in any browser session but the
    one that started it.

    Args:
        provider (str):
        state (str):
        code (str | Unset):
        error (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorResponse
    """

    return sync_detailed(
        provider=provider,
        client=client,
        state=state,
        code=code,
        error=error,
    ).parsed


async def asyncio_detailed(
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    state: str,
    code: str | Unset = UNSET,
    error: str | Unset = UNSET,
) -> Response[Any | ErrorResponse]:
    """Finish connecting an account (the platform's redirect)

     The one route without an API key: the signed, single-use `state` names the
    authorization. Creates or updates the connection (a reconnect keeps its id) and
    adds it to the channel given at the start. Redirects to `returnTo` (naming the
    connection, the Postline account that received it and the platform account
    joined), or shows a small page saying which platform account is now connected
    to which Postline account. A failed authorization creates nothing; one started
    in the console is refused (`session_mismatch`) in any browser session but the
    one that started it.

    Args:
        provider (str):
        state (str):
        code (str | Unset):
        error (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | ErrorResponse]
    """

    kwargs = _get_kwargs(
        provider=provider,
        state=state,
        code=code,
        error=error,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    provider: str,
    *,
    client: AuthenticatedClient | Client,
    state: str,
    code: str | Unset = UNSET,
    error: str | Unset = UNSET,
) -> Any | ErrorResponse | None:
    """Finish connecting an account (the platform's redirect)

     The one route without an API key: the signed, single-use `state` names the
    authorization. Creates or updates the connection (a reconnect keeps its id) and
    adds it to the channel given at the start. Redirects to `returnTo` (naming the
    connection, the Postline account that received it and the platform account
    joined), or shows a small page saying which platform account is now connected
    to which Postline account. A failed authorization creates nothing; one started
    in the console is refused (`session_mismatch`) in any browser session but the
    one that started it.

    Args:
        provider (str):
        state (str):
        code (str | Unset):
        error (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | ErrorResponse
    """

    return (
        await asyncio_detailed(
            provider=provider,
            client=client,
            state=state,
            code=code,
            error=error,
        )
    ).parsed
