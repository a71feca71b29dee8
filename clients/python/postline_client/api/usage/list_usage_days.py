import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.usage_day_list_response import UsageDayListResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_from_: str | Unset = UNSET
    if not isinstance(from_, Unset):
        json_from_ = from_.isoformat()
    params["from"] = json_from_

    json_to: str | Unset = UNSET
    if not isinstance(to, Unset):
        json_to = to.isoformat()
    params["to"] = json_to

    params["page"] = page

    params["per_page"] = per_page

    params["cursor"] = cursor

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/usage/history",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | UsageDayListResponse:
    if response.status_code == 200:
        response_200 = UsageDayListResponse.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())

        return response_429

    response_default = ErrorResponse.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorResponse | UsageDayListResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[ErrorResponse | UsageDayListResponse]:
    """List the account's usage per UTC day, oldest first

     Every day from `from` to `to` (both included, at most 366 days) has a record,
    with zeros where nothing happened. Default: the last 30 days.

    Args:
        from_ (datetime.date | Unset):
        to (datetime.date | Unset):
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | UsageDayListResponse]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        page=page,
        per_page=per_page,
        cursor=cursor,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> ErrorResponse | UsageDayListResponse | None:
    """List the account's usage per UTC day, oldest first

     Every day from `from` to `to` (both included, at most 366 days) has a record,
    with zeros where nothing happened. Default: the last 30 days.

    Args:
        from_ (datetime.date | Unset):
        to (datetime.date | Unset):
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | UsageDayListResponse
    """

    return sync_detailed(
        client=client,
        from_=from_,
        to=to,
        page=page,
        per_page=per_page,
        cursor=cursor,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> Response[ErrorResponse | UsageDayListResponse]:
    """List the account's usage per UTC day, oldest first

     Every day from `from` to `to` (both included, at most 366 days) has a record,
    with zeros where nothing happened. Default: the last 30 days.

    Args:
        from_ (datetime.date | Unset):
        to (datetime.date | Unset):
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | UsageDayListResponse]
    """

    kwargs = _get_kwargs(
        from_=from_,
        to=to,
        page=page,
        per_page=per_page,
        cursor=cursor,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    from_: datetime.date | Unset = UNSET,
    to: datetime.date | Unset = UNSET,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
) -> ErrorResponse | UsageDayListResponse | None:
    """List the account's usage per UTC day, oldest first

     Every day from `from` to `to` (both included, at most 366 days) has a record,
    with zeros where nothing happened. Default: the last 30 days.

    Args:
        from_ (datetime.date | Unset):
        to (datetime.date | Unset):
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | UsageDayListResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            from_=from_,
            to=to,
            page=page,
            per_page=per_page,
            cursor=cursor,
        )
    ).parsed
