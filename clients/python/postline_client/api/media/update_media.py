from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.media_response import MediaResponse
from ...models.media_update import MediaUpdate
from ...types import Response


def _get_kwargs(
    media_key: str,
    *,
    body: MediaUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/media/{media_key}".format(
            media_key=quote(str(media_key), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | MediaResponse:
    if response.status_code == 200:
        response_200 = MediaResponse.from_dict(response.json())

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
    body: MediaUpdate,
) -> Response[ErrorResponse | MediaResponse]:
    """Set or clear a media file's alt text

     Up to 1,000 characters, or null to clear it; passed to platforms that take alt text.

    Args:
        media_key (str):
        body (MediaUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | MediaResponse]
    """

    kwargs = _get_kwargs(
        media_key=media_key,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    media_key: str,
    *,
    client: AuthenticatedClient | Client,
    body: MediaUpdate,
) -> ErrorResponse | MediaResponse | None:
    """Set or clear a media file's alt text

     Up to 1,000 characters, or null to clear it; passed to platforms that take alt text.

    Args:
        media_key (str):
        body (MediaUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | MediaResponse
    """

    return sync_detailed(
        media_key=media_key,
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    media_key: str,
    *,
    client: AuthenticatedClient | Client,
    body: MediaUpdate,
) -> Response[ErrorResponse | MediaResponse]:
    """Set or clear a media file's alt text

     Up to 1,000 characters, or null to clear it; passed to platforms that take alt text.

    Args:
        media_key (str):
        body (MediaUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | MediaResponse]
    """

    kwargs = _get_kwargs(
        media_key=media_key,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    media_key: str,
    *,
    client: AuthenticatedClient | Client,
    body: MediaUpdate,
) -> ErrorResponse | MediaResponse | None:
    """Set or clear a media file's alt text

     Up to 1,000 characters, or null to clear it; passed to platforms that take alt text.

    Args:
        media_key (str):
        body (MediaUpdate):

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
            body=body,
        )
    ).parsed
