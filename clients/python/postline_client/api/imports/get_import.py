from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.import_response import ImportResponse
from ...types import Response


def _get_kwargs(
    import_id: str,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/imports/{import_id}".format(
            import_id=quote(str(import_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | ImportResponse:
    if response.status_code == 200:
        response_200 = ImportResponse.from_dict(response.json())

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
) -> Response[ErrorResponse | ImportResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    import_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorResponse | ImportResponse]:
    """Retrieve an import and its progress

     `created` and `rejected` grow as the worker goes through the file; `status` is
    `done` once every row is created or rejected, each rejected row with its line
    and reasons. A dry run's id answers its report as the dry run did (`dryRun:
    true`, nothing created): it is kept, and never stands for its file's import.

    Args:
        import_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | ImportResponse]
    """

    kwargs = _get_kwargs(
        import_id=import_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    import_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> ErrorResponse | ImportResponse | None:
    """Retrieve an import and its progress

     `created` and `rejected` grow as the worker goes through the file; `status` is
    `done` once every row is created or rejected, each rejected row with its line
    and reasons. A dry run's id answers its report as the dry run did (`dryRun:
    true`, nothing created): it is kept, and never stands for its file's import.

    Args:
        import_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | ImportResponse
    """

    return sync_detailed(
        import_id=import_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    import_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ErrorResponse | ImportResponse]:
    """Retrieve an import and its progress

     `created` and `rejected` grow as the worker goes through the file; `status` is
    `done` once every row is created or rejected, each rejected row with its line
    and reasons. A dry run's id answers its report as the dry run did (`dryRun:
    true`, nothing created): it is kept, and never stands for its file's import.

    Args:
        import_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | ImportResponse]
    """

    kwargs = _get_kwargs(
        import_id=import_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    import_id: str,
    *,
    client: AuthenticatedClient | Client,
) -> ErrorResponse | ImportResponse | None:
    """Retrieve an import and its progress

     `created` and `rejected` grow as the worker goes through the file; `status` is
    `done` once every row is created or rejected, each rejected row with its line
    and reasons. A dry run's id answers its report as the dry run did (`dryRun:
    true`, nothing created): it is kept, and never stands for its file's import.

    Args:
        import_id (str):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | ImportResponse
    """

    return (
        await asyncio_detailed(
            import_id=import_id,
            client=client,
        )
    ).parsed
