from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.deleted_response import DeletedResponse
from ...models.error_response import ErrorResponse
from ...types import Response


def _get_kwargs(
    series_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/series/{series_id}".format(
            series_id=quote(str(series_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> DeletedResponse | ErrorResponse:
    if response.status_code == 200:
        response_200 = DeletedResponse.from_dict(response.json())

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
) -> Response[DeletedResponse | ErrorResponse]:
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
) -> Response[DeletedResponse | ErrorResponse]:
    """Stop a series

     No more occurrences are made; those made and not yet published are deleted,
    published ones keep their `seriesId`.

    Args:
        series_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeletedResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        series_id=series_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    series_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> DeletedResponse | ErrorResponse | None:
    """Stop a series

     No more occurrences are made; those made and not yet published are deleted,
    published ones keep their `seriesId`.

    Args:
        series_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeletedResponse | ErrorResponse
    """

    return sync_detailed(
        series_id=series_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    series_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[DeletedResponse | ErrorResponse]:
    """Stop a series

     No more occurrences are made; those made and not yet published are deleted,
    published ones keep their `seriesId`.

    Args:
        series_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[DeletedResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        series_id=series_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    series_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> DeletedResponse | ErrorResponse | None:
    """Stop a series

     No more occurrences are made; those made and not yet published are deleted,
    published ones keep their `seriesId`.

    Args:
        series_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        DeletedResponse | ErrorResponse
    """

    return (
        await asyncio_detailed(
            series_id=series_id,
            client=client,
        )
    ).parsed
