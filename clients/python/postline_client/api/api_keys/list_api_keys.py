from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.api_key_list_response import ApiKeyListResponse
from ...models.error_response import ErrorResponse
from ...models.list_api_keys_sort import ListApiKeysSort
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListApiKeysSort | Unset = ListApiKeysSort.CREATEDAT,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["per_page"] = per_page

    params["cursor"] = cursor

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/api-keys",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ApiKeyListResponse | ErrorResponse:
    if response.status_code == 200:
        response_200 = ApiKeyListResponse.from_dict(response.json())

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
) -> Response[ApiKeyListResponse | ErrorResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListApiKeysSort | Unset = ListApiKeysSort.CREATEDAT,
) -> Response[ApiKeyListResponse | ErrorResponse]:
    """List the keys of this account and mode

     Revoked keys are not listed. A test key lists test keys, a live key live keys.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListApiKeysSort | Unset):  Default: ListApiKeysSort.CREATEDAT.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiKeyListResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
        cursor=cursor,
        sort=sort,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListApiKeysSort | Unset = ListApiKeysSort.CREATEDAT,
) -> ApiKeyListResponse | ErrorResponse | None:
    """List the keys of this account and mode

     Revoked keys are not listed. A test key lists test keys, a live key live keys.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListApiKeysSort | Unset):  Default: ListApiKeysSort.CREATEDAT.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiKeyListResponse | ErrorResponse
    """

    return sync_detailed(
        client=client,
        page=page,
        per_page=per_page,
        cursor=cursor,
        sort=sort,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListApiKeysSort | Unset = ListApiKeysSort.CREATEDAT,
) -> Response[ApiKeyListResponse | ErrorResponse]:
    """List the keys of this account and mode

     Revoked keys are not listed. A test key lists test keys, a live key live keys.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListApiKeysSort | Unset):  Default: ListApiKeysSort.CREATEDAT.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ApiKeyListResponse | ErrorResponse]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
        cursor=cursor,
        sort=sort,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListApiKeysSort | Unset = ListApiKeysSort.CREATEDAT,
) -> ApiKeyListResponse | ErrorResponse | None:
    """List the keys of this account and mode

     Revoked keys are not listed. A test key lists test keys, a live key live keys.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListApiKeysSort | Unset):  Default: ListApiKeysSort.CREATEDAT.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ApiKeyListResponse | ErrorResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            per_page=per_page,
            cursor=cursor,
            sort=sort,
        )
    ).parsed
