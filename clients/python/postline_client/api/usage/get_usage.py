from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.usage_summary_response import UsageSummaryResponse
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/usage",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | UsageSummaryResponse:
    if response.status_code == 200:
        response_200 = UsageSummaryResponse.from_dict(response.json())

        return response_200

    if response.status_code == 401:
        response_401 = ErrorResponse.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = ErrorResponse.from_dict(response.json())

        return response_403

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())

        return response_429

    response_default = ErrorResponse.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorResponse | UsageSummaryResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorResponse | UsageSummaryResponse]:
    """Show this key's rate limits and the account's usage today

     `limits` are this key's sliding windows, this request included; test keys have
    one window of 1,000 requests a minute, so their `hour` and `day` are null.
    `today` counts the whole account in this key's mode, since 00:00 UTC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | UsageSummaryResponse]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> ErrorResponse | UsageSummaryResponse | None:
    """Show this key's rate limits and the account's usage today

     `limits` are this key's sliding windows, this request included; test keys have
    one window of 1,000 requests a minute, so their `hour` and `day` are null.
    `today` counts the whole account in this key's mode, since 00:00 UTC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | UsageSummaryResponse
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorResponse | UsageSummaryResponse]:
    """Show this key's rate limits and the account's usage today

     `limits` are this key's sliding windows, this request included; test keys have
    one window of 1,000 requests a minute, so their `hour` and `day` are null.
    `today` counts the whole account in this key's mode, since 00:00 UTC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | UsageSummaryResponse]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> ErrorResponse | UsageSummaryResponse | None:
    """Show this key's rate limits and the account's usage today

     `limits` are this key's sliding windows, this request included; test keys have
    one window of 1,000 requests a minute, so their `hour` and `day` are null.
    `today` counts the whole account in this key's mode, since 00:00 UTC.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | UsageSummaryResponse
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
