from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.media_import import MediaImport
from ...models.media_response import MediaResponse
from ...types import Response


def _get_kwargs(
    *,
    body: MediaImport,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/media/import",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | MediaResponse:
    if response.status_code == 201:
        response_201 = MediaResponse.from_dict(response.json())

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
    *,
    client: AuthenticatedClient | Client,
    body: MediaImport,
) -> Response[ErrorResponse | MediaResponse]:
    """Import an image or a video from a URL

     Postline fetches the URL (https, on the public internet; no redirects; at most
    `[media] import_timeout` seconds) and keeps the file as if it had been uploaded:
    same types, limits and answer. A URL that is refused or cannot be fetched is
    400 with details field `url`.

    Args:
        body (MediaImport):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | MediaResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: MediaImport,
) -> ErrorResponse | MediaResponse | None:
    """Import an image or a video from a URL

     Postline fetches the URL (https, on the public internet; no redirects; at most
    `[media] import_timeout` seconds) and keeps the file as if it had been uploaded:
    same types, limits and answer. A URL that is refused or cannot be fetched is
    400 with details field `url`.

    Args:
        body (MediaImport):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | MediaResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: MediaImport,
) -> Response[ErrorResponse | MediaResponse]:
    """Import an image or a video from a URL

     Postline fetches the URL (https, on the public internet; no redirects; at most
    `[media] import_timeout` seconds) and keeps the file as if it had been uploaded:
    same types, limits and answer. A URL that is refused or cannot be fetched is
    400 with details field `url`.

    Args:
        body (MediaImport):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | MediaResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: MediaImport,
) -> ErrorResponse | MediaResponse | None:
    """Import an image or a video from a URL

     Postline fetches the URL (https, on the public internet; no redirects; at most
    `[media] import_timeout` seconds) and keeps the file as if it had been uploaded:
    same types, limits and answer. A URL that is refused or cannot be fetched is
    400 with details field `url`.

    Args:
        body (MediaImport):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | MediaResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
