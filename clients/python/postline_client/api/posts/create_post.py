from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.post_create import PostCreate
from ...models.post_write_response import PostWriteResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PostCreate,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/posts",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | PostWriteResponse:
    if response.status_code == 200:
        response_200 = PostWriteResponse.from_dict(response.json())

        return response_200

    if response.status_code == 201:
        response_201 = PostWriteResponse.from_dict(response.json())

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
) -> Response[ErrorResponse | PostWriteResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PostCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorResponse | PostWriteResponse]:
    """Schedule a post

     `scheduledFor` (Unix ms, or ISO 8601) omitted means as soon as possible; a number
    that looks like Unix seconds, or a time more than an hour in the past, is refused.
    `status: "draft"` holds the post until a PATCH queues it. With a test-mode key
    the built-in sandbox publishes it, so you can watch the whole lifecycle.
    `queue: true` takes the channel's next free slot instead, `recurrence` makes the
    post the first of a series, and `evergreen` repeats it after each publication
    (docs/scheduling.md); the examples show each.

    Args:
        idempotency_key (str | Unset):
        body (PostCreate): A new post. `content` is required unless `media` names at least one
            file: without either, the answer is a 400 naming `content`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PostWriteResponse]
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
    body: PostCreate,
    idempotency_key: str | Unset = UNSET,
) -> ErrorResponse | PostWriteResponse | None:
    """Schedule a post

     `scheduledFor` (Unix ms, or ISO 8601) omitted means as soon as possible; a number
    that looks like Unix seconds, or a time more than an hour in the past, is refused.
    `status: "draft"` holds the post until a PATCH queues it. With a test-mode key
    the built-in sandbox publishes it, so you can watch the whole lifecycle.
    `queue: true` takes the channel's next free slot instead, `recurrence` makes the
    post the first of a series, and `evergreen` repeats it after each publication
    (docs/scheduling.md); the examples show each.

    Args:
        idempotency_key (str | Unset):
        body (PostCreate): A new post. `content` is required unless `media` names at least one
            file: without either, the answer is a 400 naming `content`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PostWriteResponse
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: PostCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[ErrorResponse | PostWriteResponse]:
    """Schedule a post

     `scheduledFor` (Unix ms, or ISO 8601) omitted means as soon as possible; a number
    that looks like Unix seconds, or a time more than an hour in the past, is refused.
    `status: "draft"` holds the post until a PATCH queues it. With a test-mode key
    the built-in sandbox publishes it, so you can watch the whole lifecycle.
    `queue: true` takes the channel's next free slot instead, `recurrence` makes the
    post the first of a series, and `evergreen` repeats it after each publication
    (docs/scheduling.md); the examples show each.

    Args:
        idempotency_key (str | Unset):
        body (PostCreate): A new post. `content` is required unless `media` names at least one
            file: without either, the answer is a 400 naming `content`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PostWriteResponse]
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
    body: PostCreate,
    idempotency_key: str | Unset = UNSET,
) -> ErrorResponse | PostWriteResponse | None:
    """Schedule a post

     `scheduledFor` (Unix ms, or ISO 8601) omitted means as soon as possible; a number
    that looks like Unix seconds, or a time more than an hour in the past, is refused.
    `status: "draft"` holds the post until a PATCH queues it. With a test-mode key
    the built-in sandbox publishes it, so you can watch the whole lifecycle.
    `queue: true` takes the channel's next free slot instead, `recurrence` makes the
    post the first of a series, and `evergreen` repeats it after each publication
    (docs/scheduling.md); the examples show each.

    Args:
        idempotency_key (str | Unset):
        body (PostCreate): A new post. `content` is required unless `media` names at least one
            file: without either, the answer is a 400 naming `content`.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PostWriteResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
