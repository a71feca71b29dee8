from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.connection_response import ConnectionResponse
from ...models.error_response import ErrorResponse
from ...models.simulated_connection_create import SimulatedConnectionCreate
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SimulatedConnectionCreate,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/connections/sandbox",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ConnectionResponse | ErrorResponse:
    if response.status_code == 200:
        response_200 = ConnectionResponse.from_dict(response.json())

        return response_200

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

    if response.status_code == 409:
        response_409 = ErrorResponse.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = ErrorResponse.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = ErrorResponse.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = ErrorResponse.from_dict(response.json())

        return response_422

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
    body: SimulatedConnectionCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[ConnectionResponse | ErrorResponse]:
    """Add a simulated connection (test mode)

     A test-mode key may give a test channel a connection of any network without an
    account: posts to the channel are checked against that network's limits, threads,
    comments and options exactly as a real connection's, and the sandbox publishes
    them with ids and urls shaped like the network's. A live key gets a 403 naming
    `mode`.

    Args:
        idempotency_key (str | Unset):
        body (SimulatedConnectionCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectionResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: SimulatedConnectionCreate,
    idempotency_key: str | Unset = UNSET,
) -> ConnectionResponse | ErrorResponse | None:
    """Add a simulated connection (test mode)

     A test-mode key may give a test channel a connection of any network without an
    account: posts to the channel are checked against that network's limits, threads,
    comments and options exactly as a real connection's, and the sandbox publishes
    them with ids and urls shaped like the network's. A live key gets a 403 naming
    `mode`.

    Args:
        idempotency_key (str | Unset):
        body (SimulatedConnectionCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ConnectionResponse | ErrorResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SimulatedConnectionCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[ConnectionResponse | ErrorResponse]:
    """Add a simulated connection (test mode)

     A test-mode key may give a test channel a connection of any network without an
    account: posts to the channel are checked against that network's limits, threads,
    comments and options exactly as a real connection's, and the sandbox publishes
    them with ids and urls shaped like the network's. A live key gets a 403 naming
    `mode`.

    Args:
        idempotency_key (str | Unset):
        body (SimulatedConnectionCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ConnectionResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SimulatedConnectionCreate,
    idempotency_key: str | Unset = UNSET,
) -> ConnectionResponse | ErrorResponse | None:
    """Add a simulated connection (test mode)

     A test-mode key may give a test channel a connection of any network without an
    account: posts to the channel are checked against that network's limits, threads,
    comments and options exactly as a real connection's, and the sandbox publishes
    them with ids and urls shaped like the network's. A live key gets a 403 naming
    `mode`.

    Args:
        idempotency_key (str | Unset):
        body (SimulatedConnectionCreate):

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
            idempotency_key=idempotency_key,
        )
    ).parsed
