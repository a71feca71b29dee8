from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.media_response import MediaResponse
from ...types import Response


def _get_kwargs(
    media_key: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/media/{media_key}".format(
            media_key=quote(str(media_key), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | MediaResponse:
    if response.status_code == 200:
        response_200 = MediaResponse.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())

        return response_429

    response_default = ErrorResponse.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorResponse | MediaResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    media_key: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorResponse | MediaResponse]:
    """Retrieve a media record

     Its type, size, dimensions or duration and alt text; the bytes are at `/content`.

    Args:
        media_key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | MediaResponse]
    """

    kwargs = _get_kwargs(
        media_key=media_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    media_key: str,
    *,
    client: AuthenticatedClient | Client,
) -> ErrorResponse | MediaResponse | None:
    """Retrieve a media record

     Its type, size, dimensions or duration and alt text; the bytes are at `/content`.

    Args:
        media_key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | MediaResponse
    """

    return sync_detailed(
        media_key=media_key,
        client=client,
    ).parsed


async def asyncio_detailed(
    media_key: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorResponse | MediaResponse]:
    """Retrieve a media record

     Its type, size, dimensions or duration and alt text; the bytes are at `/content`.

    Args:
        media_key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | MediaResponse]
    """

    kwargs = _get_kwargs(
        media_key=media_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    media_key: str,
    *,
    client: AuthenticatedClient | Client,
) -> ErrorResponse | MediaResponse | None:
    """Retrieve a media record

     Its type, size, dimensions or duration and alt text; the bytes are at `/content`.

    Args:
        media_key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | MediaResponse
    """

    return (
        await asyncio_detailed(
            media_key=media_key,
            client=client,
        )
    ).parsed
