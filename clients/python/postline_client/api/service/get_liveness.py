from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.get_liveness_worker import GetLivenessWorker
from ...models.service_check import ServiceCheck
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    worker: GetLivenessWorker | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_worker: str | Unset = UNSET
    if not isinstance(worker, Unset):
        json_worker = worker.value

    params["worker"] = json_worker

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/healthz",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | ServiceCheck:
    if response.status_code == 200:
        response_200 = ServiceCheck.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = ErrorResponse.from_dict(response.json())

        return response_400

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
    worker: GetLivenessWorker | Unset = UNSET,
) -> Response[ErrorResponse | ServiceCheck]:
    """Check this server, for load balancers; with `?worker=required`, the worker too, for alerts

     No API key needed, and no rate limit; the answer holds no account data. 200 while
    this server's database answers, else 503: a server that can take requests stays
    in the load balancer whether or not a worker is running. `checks.worker` says
    whether some worker wrote a heartbeat in the last `[worker] heartbeat_timeout`
    seconds; when none did, `status` is `degraded` (still 200: posts are taken and
    wait). `?worker=required` makes a stale worker a 503 as well: point alerts, not
    load balancers, at it.

    Args:
        worker (GetLivenessWorker | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | ServiceCheck]
    """

    kwargs = _get_kwargs(
        worker=worker,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    worker: GetLivenessWorker | Unset = UNSET,
) -> ErrorResponse | ServiceCheck | None:
    """Check this server, for load balancers; with `?worker=required`, the worker too, for alerts

     No API key needed, and no rate limit; the answer holds no account data. 200 while
    this server's database answers, else 503: a server that can take requests stays
    in the load balancer whether or not a worker is running. `checks.worker` says
    whether some worker wrote a heartbeat in the last `[worker] heartbeat_timeout`
    seconds; when none did, `status` is `degraded` (still 200: posts are taken and
    wait). `?worker=required` makes a stale worker a 503 as well: point alerts, not
    load balancers, at it.

    Args:
        worker (GetLivenessWorker | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | ServiceCheck
    """

    return sync_detailed(
        client=client,
        worker=worker,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    worker: GetLivenessWorker | Unset = UNSET,
) -> Response[ErrorResponse | ServiceCheck]:
    """Check this server, for load balancers; with `?worker=required`, the worker too, for alerts

     No API key needed, and no rate limit; the answer holds no account data. 200 while
    this server's database answers, else 503: a server that can take requests stays
    in the load balancer whether or not a worker is running. `checks.worker` says
    whether some worker wrote a heartbeat in the last `[worker] heartbeat_timeout`
    seconds; when none did, `status` is `degraded` (still 200: posts are taken and
    wait). `?worker=required` makes a stale worker a 503 as well: point alerts, not
    load balancers, at it.

    Args:
        worker (GetLivenessWorker | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | ServiceCheck]
    """

    kwargs = _get_kwargs(
        worker=worker,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    worker: GetLivenessWorker | Unset = UNSET,
) -> ErrorResponse | ServiceCheck | None:
    """Check this server, for load balancers; with `?worker=required`, the worker too, for alerts

     No API key needed, and no rate limit; the answer holds no account data. 200 while
    this server's database answers, else 503: a server that can take requests stays
    in the load balancer whether or not a worker is running. `checks.worker` says
    whether some worker wrote a heartbeat in the last `[worker] heartbeat_timeout`
    seconds; when none did, `status` is `degraded` (still 200: posts are taken and
    wait). `?worker=required` makes a stale worker a 503 as well: point alerts, not
    load balancers, at it.

    Args:
        worker (GetLivenessWorker | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | ServiceCheck
    """

    return (
        await asyncio_detailed(
            client=client,
            worker=worker,
        )
    ).parsed
