from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.series_response import SeriesResponse
from ...models.series_update import SeriesUpdate
from ...types import Response


def _get_kwargs(
    series_id: str,
    *,
    body: SeriesUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/series/{series_id}".format(
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
    body: SeriesUpdate,
) -> Response[ErrorResponse | SeriesResponse]:
    """Change the coming occurrences

     Their text, media, thread, first comment and versions, or their rule and zone.
    An occurrence whose own post was PATCHed is detached and keeps its changes.

    Args:
        series_id (str):
        body (SeriesUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SeriesResponse]
    """

    kwargs = _get_kwargs(
        series_id=series_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    series_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: SeriesUpdate,
) -> ErrorResponse | SeriesResponse | None:
    """Change the coming occurrences

     Their text, media, thread, first comment and versions, or their rule and zone.
    An occurrence whose own post was PATCHed is detached and keeps its changes.

    Args:
        series_id (str):
        body (SeriesUpdate):

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
    ).parsed


async def asyncio_detailed(
    series_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: SeriesUpdate,
) -> Response[ErrorResponse | SeriesResponse]:
    """Change the coming occurrences

     Their text, media, thread, first comment and versions, or their rule and zone.
    An occurrence whose own post was PATCHed is detached and keeps its changes.

    Args:
        series_id (str):
        body (SeriesUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | SeriesResponse]
    """

    kwargs = _get_kwargs(
        series_id=series_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    series_id: str,
    *,
    client: AuthenticatedClient | Client,
    body: SeriesUpdate,
) -> ErrorResponse | SeriesResponse | None:
    """Change the coming occurrences

     Their text, media, thread, first comment and versions, or their rule and zone.
    An occurrence whose own post was PATCHed is detached and keeps its changes.

    Args:
        series_id (str):
        body (SeriesUpdate):

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
        )
    ).parsed
