import datetime
from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.error_response import ErrorResponse
from ...models.list_posts_sort import ListPostsSort
from ...models.post_list_response import PostListResponse
from ...models.post_status import PostStatus
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListPostsSort | Unset = ListPostsSort.SCHEDULEDFOR,
    filteridin: list[str] | Unset = UNSET,
    filterstatuseq: PostStatus | Unset = UNSET,
    filterstatus: PostStatus | Unset = UNSET,
    filterstatusne: PostStatus | Unset = UNSET,
    filterstatusin: list[PostStatus] | Unset = UNSET,
    filterchannel_ideq: str | Unset = UNSET,
    filterchannel_id: str | Unset = UNSET,
    filterchannel_idne: str | Unset = UNSET,
    filterchannel_idin: list[str] | Unset = UNSET,
    filterscheduled_foreq: datetime.datetime | int | Unset = UNSET,
    filterscheduled_for: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forne: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forgt: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forgte: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forlt: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forlte: datetime.datetime | int | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
    filtercontentcontains: str | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["per_page"] = per_page

    params["cursor"] = cursor

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

    json_filteridin: list[str] | Unset = UNSET
    if not isinstance(filteridin, Unset):
        json_filteridin = filteridin

    params["filter[id][in]"] = json_filteridin

    json_filterstatuseq: str | Unset = UNSET
    if not isinstance(filterstatuseq, Unset):
        json_filterstatuseq = filterstatuseq.value

    params["filter[status][eq]"] = json_filterstatuseq

    json_filterstatus: str | Unset = UNSET
    if not isinstance(filterstatus, Unset):
        json_filterstatus = filterstatus.value

    params["filter[status]"] = json_filterstatus

    json_filterstatusne: str | Unset = UNSET
    if not isinstance(filterstatusne, Unset):
        json_filterstatusne = filterstatusne.value

    params["filter[status][ne]"] = json_filterstatusne

    json_filterstatusin: list[str] | Unset = UNSET
    if not isinstance(filterstatusin, Unset):
        json_filterstatusin = []
        for filterstatusin_item_data in filterstatusin:
            filterstatusin_item = filterstatusin_item_data.value
            json_filterstatusin.append(filterstatusin_item)

    params["filter[status][in]"] = json_filterstatusin

    params["filter[channelId][eq]"] = filterchannel_ideq

    params["filter[channelId]"] = filterchannel_id

    params["filter[channelId][ne]"] = filterchannel_idne

    json_filterchannel_idin: list[str] | Unset = UNSET
    if not isinstance(filterchannel_idin, Unset):
        json_filterchannel_idin = filterchannel_idin

    params["filter[channelId][in]"] = json_filterchannel_idin

    json_filterscheduled_foreq: int | str | Unset
    if isinstance(filterscheduled_foreq, Unset):
        json_filterscheduled_foreq = UNSET
    elif isinstance(filterscheduled_foreq, datetime.datetime):
        json_filterscheduled_foreq = filterscheduled_foreq.isoformat()
    else:
        json_filterscheduled_foreq = filterscheduled_foreq
    params["filter[scheduledFor][eq]"] = json_filterscheduled_foreq

    json_filterscheduled_for: int | str | Unset
    if isinstance(filterscheduled_for, Unset):
        json_filterscheduled_for = UNSET
    elif isinstance(filterscheduled_for, datetime.datetime):
        json_filterscheduled_for = filterscheduled_for.isoformat()
    else:
        json_filterscheduled_for = filterscheduled_for
    params["filter[scheduledFor]"] = json_filterscheduled_for

    json_filterscheduled_forne: int | str | Unset
    if isinstance(filterscheduled_forne, Unset):
        json_filterscheduled_forne = UNSET
    elif isinstance(filterscheduled_forne, datetime.datetime):
        json_filterscheduled_forne = filterscheduled_forne.isoformat()
    else:
        json_filterscheduled_forne = filterscheduled_forne
    params["filter[scheduledFor][ne]"] = json_filterscheduled_forne

    json_filterscheduled_forgt: int | str | Unset
    if isinstance(filterscheduled_forgt, Unset):
        json_filterscheduled_forgt = UNSET
    elif isinstance(filterscheduled_forgt, datetime.datetime):
        json_filterscheduled_forgt = filterscheduled_forgt.isoformat()
    else:
        json_filterscheduled_forgt = filterscheduled_forgt
    params["filter[scheduledFor][gt]"] = json_filterscheduled_forgt

    json_filterscheduled_forgte: int | str | Unset
    if isinstance(filterscheduled_forgte, Unset):
        json_filterscheduled_forgte = UNSET
    elif isinstance(filterscheduled_forgte, datetime.datetime):
        json_filterscheduled_forgte = filterscheduled_forgte.isoformat()
    else:
        json_filterscheduled_forgte = filterscheduled_forgte
    params["filter[scheduledFor][gte]"] = json_filterscheduled_forgte

    json_filterscheduled_forlt: int | str | Unset
    if isinstance(filterscheduled_forlt, Unset):
        json_filterscheduled_forlt = UNSET
    elif isinstance(filterscheduled_forlt, datetime.datetime):
        json_filterscheduled_forlt = filterscheduled_forlt.isoformat()
    else:
        json_filterscheduled_forlt = filterscheduled_forlt
    params["filter[scheduledFor][lt]"] = json_filterscheduled_forlt

    json_filterscheduled_forlte: int | str | Unset
    if isinstance(filterscheduled_forlte, Unset):
        json_filterscheduled_forlte = UNSET
    elif isinstance(filterscheduled_forlte, datetime.datetime):
        json_filterscheduled_forlte = filterscheduled_forlte.isoformat()
    else:
        json_filterscheduled_forlte = filterscheduled_forlte
    params["filter[scheduledFor][lte]"] = json_filterscheduled_forlte

    json_filtercreated_ateq: int | str | Unset
    if isinstance(filtercreated_ateq, Unset):
        json_filtercreated_ateq = UNSET
    elif isinstance(filtercreated_ateq, datetime.datetime):
        json_filtercreated_ateq = filtercreated_ateq.isoformat()
    else:
        json_filtercreated_ateq = filtercreated_ateq
    params["filter[createdAt][eq]"] = json_filtercreated_ateq

    json_filtercreated_at: int | str | Unset
    if isinstance(filtercreated_at, Unset):
        json_filtercreated_at = UNSET
    elif isinstance(filtercreated_at, datetime.datetime):
        json_filtercreated_at = filtercreated_at.isoformat()
    else:
        json_filtercreated_at = filtercreated_at
    params["filter[createdAt]"] = json_filtercreated_at

    json_filtercreated_atne: int | str | Unset
    if isinstance(filtercreated_atne, Unset):
        json_filtercreated_atne = UNSET
    elif isinstance(filtercreated_atne, datetime.datetime):
        json_filtercreated_atne = filtercreated_atne.isoformat()
    else:
        json_filtercreated_atne = filtercreated_atne
    params["filter[createdAt][ne]"] = json_filtercreated_atne

    json_filtercreated_atgt: int | str | Unset
    if isinstance(filtercreated_atgt, Unset):
        json_filtercreated_atgt = UNSET
    elif isinstance(filtercreated_atgt, datetime.datetime):
        json_filtercreated_atgt = filtercreated_atgt.isoformat()
    else:
        json_filtercreated_atgt = filtercreated_atgt
    params["filter[createdAt][gt]"] = json_filtercreated_atgt

    json_filtercreated_atgte: int | str | Unset
    if isinstance(filtercreated_atgte, Unset):
        json_filtercreated_atgte = UNSET
    elif isinstance(filtercreated_atgte, datetime.datetime):
        json_filtercreated_atgte = filtercreated_atgte.isoformat()
    else:
        json_filtercreated_atgte = filtercreated_atgte
    params["filter[createdAt][gte]"] = json_filtercreated_atgte

    json_filtercreated_atlt: int | str | Unset
    if isinstance(filtercreated_atlt, Unset):
        json_filtercreated_atlt = UNSET
    elif isinstance(filtercreated_atlt, datetime.datetime):
        json_filtercreated_atlt = filtercreated_atlt.isoformat()
    else:
        json_filtercreated_atlt = filtercreated_atlt
    params["filter[createdAt][lt]"] = json_filtercreated_atlt

    json_filtercreated_atlte: int | str | Unset
    if isinstance(filtercreated_atlte, Unset):
        json_filtercreated_atlte = UNSET
    elif isinstance(filtercreated_atlte, datetime.datetime):
        json_filtercreated_atlte = filtercreated_atlte.isoformat()
    else:
        json_filtercreated_atlte = filtercreated_atlte
    params["filter[createdAt][lte]"] = json_filtercreated_atlte

    params["filter[content][contains]"] = filtercontentcontains

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/posts",
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | PostListResponse:
    if response.status_code == 200:
        response_200 = PostListResponse.from_dict(response.json())

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
) -> Response[ErrorResponse | PostListResponse]:
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
    sort: ListPostsSort | Unset = ListPostsSort.SCHEDULEDFOR,
    filteridin: list[str] | Unset = UNSET,
    filterstatuseq: PostStatus | Unset = UNSET,
    filterstatus: PostStatus | Unset = UNSET,
    filterstatusne: PostStatus | Unset = UNSET,
    filterstatusin: list[PostStatus] | Unset = UNSET,
    filterchannel_ideq: str | Unset = UNSET,
    filterchannel_id: str | Unset = UNSET,
    filterchannel_idne: str | Unset = UNSET,
    filterchannel_idin: list[str] | Unset = UNSET,
    filterscheduled_foreq: datetime.datetime | int | Unset = UNSET,
    filterscheduled_for: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forne: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forgt: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forgte: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forlt: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forlte: datetime.datetime | int | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
    filtercontentcontains: str | Unset = UNSET,
) -> Response[ErrorResponse | PostListResponse]:
    """List posts

     Sorted by `scheduledFor` by default. Filter by `status`, `channelId`, `scheduledFor`,
    `createdAt` and `content` with `filter[field][operator]=value`; totals are exact.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListPostsSort | Unset):  Default: ListPostsSort.SCHEDULEDFOR.
        filteridin (list[str] | Unset):
        filterstatuseq (PostStatus | Unset): Where a post stands: `draft` (held), `queued`
            (waiting for `scheduledFor` or `nextAttemptAt`), `publishing` (a worker is sending it),
            `done` (every target published), `failed` (the last attempt failed; retried at
            `nextAttemptAt` while that is set), `blocked` (stopped by a platform limit or policy, a
            dead connection or an unconfirmed send).
        filterstatus (PostStatus | Unset): Where a post stands: `draft` (held), `queued` (waiting
            for `scheduledFor` or `nextAttemptAt`), `publishing` (a worker is sending it), `done`
            (every target published), `failed` (the last attempt failed; retried at `nextAttemptAt`
            while that is set), `blocked` (stopped by a platform limit or policy, a dead connection or
            an unconfirmed send).
        filterstatusne (PostStatus | Unset): Where a post stands: `draft` (held), `queued`
            (waiting for `scheduledFor` or `nextAttemptAt`), `publishing` (a worker is sending it),
            `done` (every target published), `failed` (the last attempt failed; retried at
            `nextAttemptAt` while that is set), `blocked` (stopped by a platform limit or policy, a
            dead connection or an unconfirmed send).
        filterstatusin (list[PostStatus] | Unset):
        filterchannel_ideq (str | Unset):
        filterchannel_id (str | Unset):
        filterchannel_idne (str | Unset):
        filterchannel_idin (list[str] | Unset):
        filterscheduled_foreq (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_for (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forne (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forgt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forgte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forlt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forlte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_ateq (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_at (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atne (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercontentcontains (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PostListResponse]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
        cursor=cursor,
        sort=sort,
        filteridin=filteridin,
        filterstatuseq=filterstatuseq,
        filterstatus=filterstatus,
        filterstatusne=filterstatusne,
        filterstatusin=filterstatusin,
        filterchannel_ideq=filterchannel_ideq,
        filterchannel_id=filterchannel_id,
        filterchannel_idne=filterchannel_idne,
        filterchannel_idin=filterchannel_idin,
        filterscheduled_foreq=filterscheduled_foreq,
        filterscheduled_for=filterscheduled_for,
        filterscheduled_forne=filterscheduled_forne,
        filterscheduled_forgt=filterscheduled_forgt,
        filterscheduled_forgte=filterscheduled_forgte,
        filterscheduled_forlt=filterscheduled_forlt,
        filterscheduled_forlte=filterscheduled_forlte,
        filtercreated_ateq=filtercreated_ateq,
        filtercreated_at=filtercreated_at,
        filtercreated_atne=filtercreated_atne,
        filtercreated_atgt=filtercreated_atgt,
        filtercreated_atgte=filtercreated_atgte,
        filtercreated_atlt=filtercreated_atlt,
        filtercreated_atlte=filtercreated_atlte,
        filtercontentcontains=filtercontentcontains,
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
    sort: ListPostsSort | Unset = ListPostsSort.SCHEDULEDFOR,
    filteridin: list[str] | Unset = UNSET,
    filterstatuseq: PostStatus | Unset = UNSET,
    filterstatus: PostStatus | Unset = UNSET,
    filterstatusne: PostStatus | Unset = UNSET,
    filterstatusin: list[PostStatus] | Unset = UNSET,
    filterchannel_ideq: str | Unset = UNSET,
    filterchannel_id: str | Unset = UNSET,
    filterchannel_idne: str | Unset = UNSET,
    filterchannel_idin: list[str] | Unset = UNSET,
    filterscheduled_foreq: datetime.datetime | int | Unset = UNSET,
    filterscheduled_for: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forne: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forgt: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forgte: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forlt: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forlte: datetime.datetime | int | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
    filtercontentcontains: str | Unset = UNSET,
) -> ErrorResponse | PostListResponse | None:
    """List posts

     Sorted by `scheduledFor` by default. Filter by `status`, `channelId`, `scheduledFor`,
    `createdAt` and `content` with `filter[field][operator]=value`; totals are exact.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListPostsSort | Unset):  Default: ListPostsSort.SCHEDULEDFOR.
        filteridin (list[str] | Unset):
        filterstatuseq (PostStatus | Unset): Where a post stands: `draft` (held), `queued`
            (waiting for `scheduledFor` or `nextAttemptAt`), `publishing` (a worker is sending it),
            `done` (every target published), `failed` (the last attempt failed; retried at
            `nextAttemptAt` while that is set), `blocked` (stopped by a platform limit or policy, a
            dead connection or an unconfirmed send).
        filterstatus (PostStatus | Unset): Where a post stands: `draft` (held), `queued` (waiting
            for `scheduledFor` or `nextAttemptAt`), `publishing` (a worker is sending it), `done`
            (every target published), `failed` (the last attempt failed; retried at `nextAttemptAt`
            while that is set), `blocked` (stopped by a platform limit or policy, a dead connection or
            an unconfirmed send).
        filterstatusne (PostStatus | Unset): Where a post stands: `draft` (held), `queued`
            (waiting for `scheduledFor` or `nextAttemptAt`), `publishing` (a worker is sending it),
            `done` (every target published), `failed` (the last attempt failed; retried at
            `nextAttemptAt` while that is set), `blocked` (stopped by a platform limit or policy, a
            dead connection or an unconfirmed send).
        filterstatusin (list[PostStatus] | Unset):
        filterchannel_ideq (str | Unset):
        filterchannel_id (str | Unset):
        filterchannel_idne (str | Unset):
        filterchannel_idin (list[str] | Unset):
        filterscheduled_foreq (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_for (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forne (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forgt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forgte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forlt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forlte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_ateq (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_at (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atne (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercontentcontains (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PostListResponse
    """

    return sync_detailed(
        client=client,
        page=page,
        per_page=per_page,
        cursor=cursor,
        sort=sort,
        filteridin=filteridin,
        filterstatuseq=filterstatuseq,
        filterstatus=filterstatus,
        filterstatusne=filterstatusne,
        filterstatusin=filterstatusin,
        filterchannel_ideq=filterchannel_ideq,
        filterchannel_id=filterchannel_id,
        filterchannel_idne=filterchannel_idne,
        filterchannel_idin=filterchannel_idin,
        filterscheduled_foreq=filterscheduled_foreq,
        filterscheduled_for=filterscheduled_for,
        filterscheduled_forne=filterscheduled_forne,
        filterscheduled_forgt=filterscheduled_forgt,
        filterscheduled_forgte=filterscheduled_forgte,
        filterscheduled_forlt=filterscheduled_forlt,
        filterscheduled_forlte=filterscheduled_forlte,
        filtercreated_ateq=filtercreated_ateq,
        filtercreated_at=filtercreated_at,
        filtercreated_atne=filtercreated_atne,
        filtercreated_atgt=filtercreated_atgt,
        filtercreated_atgte=filtercreated_atgte,
        filtercreated_atlt=filtercreated_atlt,
        filtercreated_atlte=filtercreated_atlte,
        filtercontentcontains=filtercontentcontains,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListPostsSort | Unset = ListPostsSort.SCHEDULEDFOR,
    filteridin: list[str] | Unset = UNSET,
    filterstatuseq: PostStatus | Unset = UNSET,
    filterstatus: PostStatus | Unset = UNSET,
    filterstatusne: PostStatus | Unset = UNSET,
    filterstatusin: list[PostStatus] | Unset = UNSET,
    filterchannel_ideq: str | Unset = UNSET,
    filterchannel_id: str | Unset = UNSET,
    filterchannel_idne: str | Unset = UNSET,
    filterchannel_idin: list[str] | Unset = UNSET,
    filterscheduled_foreq: datetime.datetime | int | Unset = UNSET,
    filterscheduled_for: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forne: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forgt: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forgte: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forlt: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forlte: datetime.datetime | int | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
    filtercontentcontains: str | Unset = UNSET,
) -> Response[ErrorResponse | PostListResponse]:
    """List posts

     Sorted by `scheduledFor` by default. Filter by `status`, `channelId`, `scheduledFor`,
    `createdAt` and `content` with `filter[field][operator]=value`; totals are exact.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListPostsSort | Unset):  Default: ListPostsSort.SCHEDULEDFOR.
        filteridin (list[str] | Unset):
        filterstatuseq (PostStatus | Unset): Where a post stands: `draft` (held), `queued`
            (waiting for `scheduledFor` or `nextAttemptAt`), `publishing` (a worker is sending it),
            `done` (every target published), `failed` (the last attempt failed; retried at
            `nextAttemptAt` while that is set), `blocked` (stopped by a platform limit or policy, a
            dead connection or an unconfirmed send).
        filterstatus (PostStatus | Unset): Where a post stands: `draft` (held), `queued` (waiting
            for `scheduledFor` or `nextAttemptAt`), `publishing` (a worker is sending it), `done`
            (every target published), `failed` (the last attempt failed; retried at `nextAttemptAt`
            while that is set), `blocked` (stopped by a platform limit or policy, a dead connection or
            an unconfirmed send).
        filterstatusne (PostStatus | Unset): Where a post stands: `draft` (held), `queued`
            (waiting for `scheduledFor` or `nextAttemptAt`), `publishing` (a worker is sending it),
            `done` (every target published), `failed` (the last attempt failed; retried at
            `nextAttemptAt` while that is set), `blocked` (stopped by a platform limit or policy, a
            dead connection or an unconfirmed send).
        filterstatusin (list[PostStatus] | Unset):
        filterchannel_ideq (str | Unset):
        filterchannel_id (str | Unset):
        filterchannel_idne (str | Unset):
        filterchannel_idin (list[str] | Unset):
        filterscheduled_foreq (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_for (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forne (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forgt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forgte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forlt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forlte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_ateq (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_at (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atne (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercontentcontains (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | PostListResponse]
    """

    kwargs = _get_kwargs(
        page=page,
        per_page=per_page,
        cursor=cursor,
        sort=sort,
        filteridin=filteridin,
        filterstatuseq=filterstatuseq,
        filterstatus=filterstatus,
        filterstatusne=filterstatusne,
        filterstatusin=filterstatusin,
        filterchannel_ideq=filterchannel_ideq,
        filterchannel_id=filterchannel_id,
        filterchannel_idne=filterchannel_idne,
        filterchannel_idin=filterchannel_idin,
        filterscheduled_foreq=filterscheduled_foreq,
        filterscheduled_for=filterscheduled_for,
        filterscheduled_forne=filterscheduled_forne,
        filterscheduled_forgt=filterscheduled_forgt,
        filterscheduled_forgte=filterscheduled_forgte,
        filterscheduled_forlt=filterscheduled_forlt,
        filterscheduled_forlte=filterscheduled_forlte,
        filtercreated_ateq=filtercreated_ateq,
        filtercreated_at=filtercreated_at,
        filtercreated_atne=filtercreated_atne,
        filtercreated_atgt=filtercreated_atgt,
        filtercreated_atgte=filtercreated_atgte,
        filtercreated_atlt=filtercreated_atlt,
        filtercreated_atlte=filtercreated_atlte,
        filtercontentcontains=filtercontentcontains,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListPostsSort | Unset = ListPostsSort.SCHEDULEDFOR,
    filteridin: list[str] | Unset = UNSET,
    filterstatuseq: PostStatus | Unset = UNSET,
    filterstatus: PostStatus | Unset = UNSET,
    filterstatusne: PostStatus | Unset = UNSET,
    filterstatusin: list[PostStatus] | Unset = UNSET,
    filterchannel_ideq: str | Unset = UNSET,
    filterchannel_id: str | Unset = UNSET,
    filterchannel_idne: str | Unset = UNSET,
    filterchannel_idin: list[str] | Unset = UNSET,
    filterscheduled_foreq: datetime.datetime | int | Unset = UNSET,
    filterscheduled_for: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forne: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forgt: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forgte: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forlt: datetime.datetime | int | Unset = UNSET,
    filterscheduled_forlte: datetime.datetime | int | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
    filtercontentcontains: str | Unset = UNSET,
) -> ErrorResponse | PostListResponse | None:
    """List posts

     Sorted by `scheduledFor` by default. Filter by `status`, `channelId`, `scheduledFor`,
    `createdAt` and `content` with `filter[field][operator]=value`; totals are exact.

    Args:
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListPostsSort | Unset):  Default: ListPostsSort.SCHEDULEDFOR.
        filteridin (list[str] | Unset):
        filterstatuseq (PostStatus | Unset): Where a post stands: `draft` (held), `queued`
            (waiting for `scheduledFor` or `nextAttemptAt`), `publishing` (a worker is sending it),
            `done` (every target published), `failed` (the last attempt failed; retried at
            `nextAttemptAt` while that is set), `blocked` (stopped by a platform limit or policy, a
            dead connection or an unconfirmed send).
        filterstatus (PostStatus | Unset): Where a post stands: `draft` (held), `queued` (waiting
            for `scheduledFor` or `nextAttemptAt`), `publishing` (a worker is sending it), `done`
            (every target published), `failed` (the last attempt failed; retried at `nextAttemptAt`
            while that is set), `blocked` (stopped by a platform limit or policy, a dead connection or
            an unconfirmed send).
        filterstatusne (PostStatus | Unset): Where a post stands: `draft` (held), `queued`
            (waiting for `scheduledFor` or `nextAttemptAt`), `publishing` (a worker is sending it),
            `done` (every target published), `failed` (the last attempt failed; retried at
            `nextAttemptAt` while that is set), `blocked` (stopped by a platform limit or policy, a
            dead connection or an unconfirmed send).
        filterstatusin (list[PostStatus] | Unset):
        filterchannel_ideq (str | Unset):
        filterchannel_id (str | Unset):
        filterchannel_idne (str | Unset):
        filterchannel_idin (list[str] | Unset):
        filterscheduled_foreq (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_for (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forne (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forgt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forgte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forlt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filterscheduled_forlte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or
            ISO 8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_ateq (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_at (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atne (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atgte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlt (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercreated_atlte (datetime.datetime | int | Unset): A moment: Unix milliseconds, or ISO
            8601 with `Z` or an offset (`2027-01-15T09:30:00+01:00`)
        filtercontentcontains (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | PostListResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            per_page=per_page,
            cursor=cursor,
            sort=sort,
            filteridin=filteridin,
            filterstatuseq=filterstatuseq,
            filterstatus=filterstatus,
            filterstatusne=filterstatusne,
            filterstatusin=filterstatusin,
            filterchannel_ideq=filterchannel_ideq,
            filterchannel_id=filterchannel_id,
            filterchannel_idne=filterchannel_idne,
            filterchannel_idin=filterchannel_idin,
            filterscheduled_foreq=filterscheduled_foreq,
            filterscheduled_for=filterscheduled_for,
            filterscheduled_forne=filterscheduled_forne,
            filterscheduled_forgt=filterscheduled_forgt,
            filterscheduled_forgte=filterscheduled_forgte,
            filterscheduled_forlt=filterscheduled_forlt,
            filterscheduled_forlte=filterscheduled_forlte,
            filtercreated_ateq=filtercreated_ateq,
            filtercreated_at=filtercreated_at,
            filtercreated_atne=filtercreated_atne,
            filtercreated_atgt=filtercreated_atgt,
            filtercreated_atgte=filtercreated_atgte,
            filtercreated_atlt=filtercreated_atlt,
            filtercreated_atlte=filtercreated_atlte,
            filtercontentcontains=filtercontentcontains,
        )
    ).parsed
