from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.service_check import ServiceCheck
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/healthz",
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | ServiceCheck:
    if response.status_code == 200:
        response_200 = ServiceCheck.from_dict(response.json())

        return response_200

    if response.status_code == 503:
        response_503 = ServiceCheck.from_dict(response.json())

        return response_503

    response_default = ErrorResponse.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorResponse | ServiceCheck]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorResponse | ServiceCheck]:
    """Check the database and the worker, for load balancers and monitors

     No API key needed, and no rate limit; the answer holds no account data. 200 while
    the database answers and some worker's heartbeat is at most
    `[worker] heartbeat_timeout` seconds old, else 503.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | ServiceCheck]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> ErrorResponse | ServiceCheck | None:
    """Check the database and the worker, for load balancers and monitors

     No API key needed, and no rate limit; the answer holds no account data. 200 while
    the database answers and some worker's heartbeat is at most
    `[worker] heartbeat_timeout` seconds old, else 503.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | ServiceCheck
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorResponse | ServiceCheck]:
    """Check the database and the worker, for load balancers and monitors

     No API key needed, and no rate limit; the answer holds no account data. 200 while
    the database answers and some worker's heartbeat is at most
    `[worker] heartbeat_timeout` seconds old, else 503.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | ServiceCheck]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> ErrorResponse | ServiceCheck | None:
    """Check the database and the worker, for load balancers and monitors

     No API key needed, and no rate limit; the answer holds no account data. 200 while
    the database answers and some worker's heartbeat is at most
    `[worker] heartbeat_timeout` seconds old, else 503.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | ServiceCheck
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
