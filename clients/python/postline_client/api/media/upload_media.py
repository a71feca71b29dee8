from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.media_response import MediaResponse
from ...models.media_upload import MediaUpload
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: MediaUpload,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/media/upload",
    }

    _kwargs["files"] = body.to_multipart()

    headers["Content-Type"] = "multipart/form-data; boundary=+++"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ErrorResponse | MediaResponse:
    if response.status_code == 200:
        response_200 = MediaResponse.from_dict(response.json())

        return response_200

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
    body: MediaUpload,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorResponse | MediaResponse]:
    """Upload an image or a video

     `multipart/form-data` with the file in `file` and, optionally, `altText`. The
    type is read from the bytes: jpeg, png, gif, webp, mp4, quicktime or pdf (for
    LinkedIn document posts), else 415. Images up to `[media] max_image_bytes`
    (20 MB), videos up to `max_video_bytes` (512 MB), documents up to
    `max_document_bytes` (100 MB), else 413, as soon as the limit is passed. Images
    of more than `[media] max_image_pixels` (24 megapixels) are 400 with details
    field `file`.

    Args:
        idempotency_key (str | Unset):
        body (MediaUpload):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | MediaResponse]
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
    body: MediaUpload,
    idempotency_key: str | Unset = UNSET,
) -> ErrorResponse | MediaResponse | None:
    """Upload an image or a video

     `multipart/form-data` with the file in `file` and, optionally, `altText`. The
    type is read from the bytes: jpeg, png, gif, webp, mp4, quicktime or pdf (for
    LinkedIn document posts), else 415. Images up to `[media] max_image_bytes`
    (20 MB), videos up to `max_video_bytes` (512 MB), documents up to
    `max_document_bytes` (100 MB), else 413, as soon as the limit is passed. Images
    of more than `[media] max_image_pixels` (24 megapixels) are 400 with details
    field `file`.

    Args:
        idempotency_key (str | Unset):
        body (MediaUpload):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | MediaResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: MediaUpload,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorResponse | MediaResponse]:
    """Upload an image or a video

     `multipart/form-data` with the file in `file` and, optionally, `altText`. The
    type is read from the bytes: jpeg, png, gif, webp, mp4, quicktime or pdf (for
    LinkedIn document posts), else 415. Images up to `[media] max_image_bytes`
    (20 MB), videos up to `max_video_bytes` (512 MB), documents up to
    `max_document_bytes` (100 MB), else 413, as soon as the limit is passed. Images
    of more than `[media] max_image_pixels` (24 megapixels) are 400 with details
    field `file`.

    Args:
        idempotency_key (str | Unset):
        body (MediaUpload):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | MediaResponse]
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
    body: MediaUpload,
    idempotency_key: str | Unset = UNSET,
) -> ErrorResponse | MediaResponse | None:
    """Upload an image or a video

     `multipart/form-data` with the file in `file` and, optionally, `altText`. The
    type is read from the bytes: jpeg, png, gif, webp, mp4, quicktime or pdf (for
    LinkedIn document posts), else 415. Images up to `[media] max_image_bytes`
    (20 MB), videos up to `max_video_bytes` (512 MB), documents up to
    `max_document_bytes` (100 MB), else 413, as soon as the limit is passed. Images
    of more than `[media] max_image_pixels` (24 megapixels) are 400 with details
    field `file`.

    Args:
        idempotency_key (str | Unset):
        body (MediaUpload):

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
            idempotency_key=idempotency_key,
        )
    ).parsed
