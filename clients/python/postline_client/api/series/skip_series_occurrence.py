from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.series_response import SeriesResponse
from ...models.series_skip import SeriesSkip
from ...types import UNSET, Response, Unset


def _get_kwargs(
    series_id: str,
    *,
    body: SeriesSkip,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/series/{series_id}/skip".format(
            series_id=quote(str(series_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | SeriesResponse:
    if response.status_code == 200:
        response_200 = SeriesResponse.from_dict(response.json())

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
) -> Response[ErrorResponse | SeriesResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    series_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: SeriesSkip,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorResponse | SeriesResponse]:
    """Skip one coming occurrence

     `scheduledFor` names it as the series lists it; its post, if made, is deleted.

    Args:
        series_id (str):
        idempotency_key (str | Unset):
        body (SeriesSkip):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SeriesResponse]
    """

    kwargs = _get_kwargs(
        series_id=series_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    series_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: SeriesSkip,
    idempotency_key: str | Unset = UNSET,
) -> ErrorResponse | SeriesResponse | None:
    """Skip one coming occurrence

     `scheduledFor` names it as the series lists it; its post, if made, is deleted.

    Args:
        series_id (str):
        idempotency_key (str | Unset):
        body (SeriesSkip):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SeriesResponse
    """

    return sync_detailed(
        series_id=series_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    series_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: SeriesSkip,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorResponse | SeriesResponse]:
    """Skip one coming occurrence

     `scheduledFor` names it as the series lists it; its post, if made, is deleted.

    Args:
        series_id (str):
        idempotency_key (str | Unset):
        body (SeriesSkip):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SeriesResponse]
    """

    kwargs = _get_kwargs(
        series_id=series_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    series_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: SeriesSkip,
    idempotency_key: str | Unset = UNSET,
) -> ErrorResponse | SeriesResponse | None:
    """Skip one coming occurrence

     `scheduledFor` names it as the series lists it; its post, if made, is deleted.

    Args:
        series_id (str):
        idempotency_key (str | Unset):
        body (SeriesSkip):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | SeriesResponse
    """

    return (
        await asyncio_detailed(
            series_id=series_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
