from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.media_deleted_response import MediaDeletedResponse
from ...types import Response


def _get_kwargs(
    media_key: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/media/{media_key}".format(
            media_key=quote(str(media_key), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | MediaDeletedResponse:
    if response.status_code == 200:
        response_200 = MediaDeletedResponse.from_dict(response.json())

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

    if response.status_code == 409:
        response_409 = ErrorResponse.from_dict(response.json())

        return response_409

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
) -> Response[ErrorResponse | MediaDeletedResponse]:
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
) -> Response[ErrorResponse | MediaDeletedResponse]:
    """Delete a media file

     409 `MEDIA_IN_USE` while a post that is not yet done uses it.

    Args:
        media_key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | MediaDeletedResponse]
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
) -> ErrorResponse | MediaDeletedResponse | None:
    """Delete a media file

     409 `MEDIA_IN_USE` while a post that is not yet done uses it.

    Args:
        media_key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | MediaDeletedResponse
    """

    return sync_detailed(
        media_key=media_key,
        client=client,
    ).parsed


async def asyncio_detailed(
    media_key: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorResponse | MediaDeletedResponse]:
    """Delete a media file

     409 `MEDIA_IN_USE` while a post that is not yet done uses it.

    Args:
        media_key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | MediaDeletedResponse]
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
) -> ErrorResponse | MediaDeletedResponse | None:
    """Delete a media file

     409 `MEDIA_IN_USE` while a post that is not yet done uses it.

    Args:
        media_key (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | MediaDeletedResponse
    """

    return (
        await asyncio_detailed(
            media_key=media_key,
            client=client,
        )
    ).parsed
