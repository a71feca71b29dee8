import datetime
from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.delivery_status import DeliveryStatus
from ...models.delivery_trigger import DeliveryTrigger
from ...models.error_response import ErrorResponse
from ...models.list_webhook_deliveries_sort import ListWebhookDeliveriesSort
from ...models.webhook_delivery_list_response import WebhookDeliveryListResponse
from ...types import UNSET, Response, Unset


def _get_kwargs(
    webhook_id: str,
    *,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListWebhookDeliveriesSort | Unset = ListWebhookDeliveriesSort.VALUE_1,
    filterstatuseq: DeliveryStatus | Unset = UNSET,
    filterstatus: DeliveryStatus | Unset = UNSET,
    filterstatusne: DeliveryStatus | Unset = UNSET,
    filterstatusin: list[DeliveryStatus] | Unset = UNSET,
    filtereventeq: str | Unset = UNSET,
    filterevent: str | Unset = UNSET,
    filtereventne: str | Unset = UNSET,
    filtereventin: list[str] | Unset = UNSET,
    filtertriggereq: DeliveryTrigger | Unset = UNSET,
    filtertrigger: DeliveryTrigger | Unset = UNSET,
    filtertriggerne: DeliveryTrigger | Unset = UNSET,
    filtertriggerin: list[DeliveryTrigger] | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["per_page"] = per_page

    params["cursor"] = cursor

    json_sort: str | Unset = UNSET
    if not isinstance(sort, Unset):
        json_sort = sort.value

    params["sort"] = json_sort

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

    params["filter[event][eq]"] = filtereventeq

    params["filter[event]"] = filterevent

    params["filter[event][ne]"] = filtereventne

    json_filtereventin: list[str] | Unset = UNSET
    if not isinstance(filtereventin, Unset):
        json_filtereventin = filtereventin

    params["filter[event][in]"] = json_filtereventin

    json_filtertriggereq: str | Unset = UNSET
    if not isinstance(filtertriggereq, Unset):
        json_filtertriggereq = filtertriggereq.value

    params["filter[trigger][eq]"] = json_filtertriggereq

    json_filtertrigger: str | Unset = UNSET
    if not isinstance(filtertrigger, Unset):
        json_filtertrigger = filtertrigger.value

    params["filter[trigger]"] = json_filtertrigger

    json_filtertriggerne: str | Unset = UNSET
    if not isinstance(filtertriggerne, Unset):
        json_filtertriggerne = filtertriggerne.value

    params["filter[trigger][ne]"] = json_filtertriggerne

    json_filtertriggerin: list[str] | Unset = UNSET
    if not isinstance(filtertriggerin, Unset):
        json_filtertriggerin = []
        for filtertriggerin_item_data in filtertriggerin:
            filtertriggerin_item = filtertriggerin_item_data.value
            json_filtertriggerin.append(filtertriggerin_item)

    params["filter[trigger][in]"] = json_filtertriggerin

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

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/webhooks/{webhook_id}/deliveries".format(
            webhook_id=quote(str(webhook_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ErrorResponse | WebhookDeliveryListResponse:
    if response.status_code == 200:
        response_200 = WebhookDeliveryListResponse.from_dict(response.json())

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

    if response.status_code == 429:
        response_429 = ErrorResponse.from_dict(response.json())

        return response_429

    response_default = ErrorResponse.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[ErrorResponse | WebhookDeliveryListResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListWebhookDeliveriesSort | Unset = ListWebhookDeliveriesSort.VALUE_1,
    filterstatuseq: DeliveryStatus | Unset = UNSET,
    filterstatus: DeliveryStatus | Unset = UNSET,
    filterstatusne: DeliveryStatus | Unset = UNSET,
    filterstatusin: list[DeliveryStatus] | Unset = UNSET,
    filtereventeq: str | Unset = UNSET,
    filterevent: str | Unset = UNSET,
    filtereventne: str | Unset = UNSET,
    filtereventin: list[str] | Unset = UNSET,
    filtertriggereq: DeliveryTrigger | Unset = UNSET,
    filtertrigger: DeliveryTrigger | Unset = UNSET,
    filtertriggerne: DeliveryTrigger | Unset = UNSET,
    filtertriggerin: list[DeliveryTrigger] | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
) -> Response[ErrorResponse | WebhookDeliveryListResponse]:
    """List a webhook's deliveries, newest first

     Each delivery shows its attempts so far, the receiver's last answer (status and
    first 1 KB) and when the next attempt is due. Kept for 30 days.

    Args:
        webhook_id (str):
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListWebhookDeliveriesSort | Unset):  Default: ListWebhookDeliveriesSort.VALUE_1.
        filterstatuseq (DeliveryStatus | Unset): `pending` (an attempt is due), `succeeded` (the
            receiver answered 2xx) or `failed` (every attempt failed).
        filterstatus (DeliveryStatus | Unset): `pending` (an attempt is due), `succeeded` (the
            receiver answered 2xx) or `failed` (every attempt failed).
        filterstatusne (DeliveryStatus | Unset): `pending` (an attempt is due), `succeeded` (the
            receiver answered 2xx) or `failed` (every attempt failed).
        filterstatusin (list[DeliveryStatus] | Unset):
        filtereventeq (str | Unset):
        filterevent (str | Unset):
        filtereventne (str | Unset):
        filtereventin (list[str] | Unset):
        filtertriggereq (DeliveryTrigger | Unset): What made the delivery: `event` (the event
            happened), `test` (POST /v1/webhooks/{webhook_id}/test) or `manual` (a retry asked for
            through the API).
        filtertrigger (DeliveryTrigger | Unset): What made the delivery: `event` (the event
            happened), `test` (POST /v1/webhooks/{webhook_id}/test) or `manual` (a retry asked for
            through the API).
        filtertriggerne (DeliveryTrigger | Unset): What made the delivery: `event` (the event
            happened), `test` (POST /v1/webhooks/{webhook_id}/test) or `manual` (a retry asked for
            through the API).
        filtertriggerin (list[DeliveryTrigger] | Unset):
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

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | WebhookDeliveryListResponse]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        page=page,
        per_page=per_page,
        cursor=cursor,
        sort=sort,
        filterstatuseq=filterstatuseq,
        filterstatus=filterstatus,
        filterstatusne=filterstatusne,
        filterstatusin=filterstatusin,
        filtereventeq=filtereventeq,
        filterevent=filterevent,
        filtereventne=filtereventne,
        filtereventin=filtereventin,
        filtertriggereq=filtertriggereq,
        filtertrigger=filtertrigger,
        filtertriggerne=filtertriggerne,
        filtertriggerin=filtertriggerin,
        filtercreated_ateq=filtercreated_ateq,
        filtercreated_at=filtercreated_at,
        filtercreated_atne=filtercreated_atne,
        filtercreated_atgt=filtercreated_atgt,
        filtercreated_atgte=filtercreated_atgte,
        filtercreated_atlt=filtercreated_atlt,
        filtercreated_atlte=filtercreated_atlte,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListWebhookDeliveriesSort | Unset = ListWebhookDeliveriesSort.VALUE_1,
    filterstatuseq: DeliveryStatus | Unset = UNSET,
    filterstatus: DeliveryStatus | Unset = UNSET,
    filterstatusne: DeliveryStatus | Unset = UNSET,
    filterstatusin: list[DeliveryStatus] | Unset = UNSET,
    filtereventeq: str | Unset = UNSET,
    filterevent: str | Unset = UNSET,
    filtereventne: str | Unset = UNSET,
    filtereventin: list[str] | Unset = UNSET,
    filtertriggereq: DeliveryTrigger | Unset = UNSET,
    filtertrigger: DeliveryTrigger | Unset = UNSET,
    filtertriggerne: DeliveryTrigger | Unset = UNSET,
    filtertriggerin: list[DeliveryTrigger] | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
) -> ErrorResponse | WebhookDeliveryListResponse | None:
    """List a webhook's deliveries, newest first

     Each delivery shows its attempts so far, the receiver's last answer (status and
    first 1 KB) and when the next attempt is due. Kept for 30 days.

    Args:
        webhook_id (str):
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListWebhookDeliveriesSort | Unset):  Default: ListWebhookDeliveriesSort.VALUE_1.
        filterstatuseq (DeliveryStatus | Unset): `pending` (an attempt is due), `succeeded` (the
            receiver answered 2xx) or `failed` (every attempt failed).
        filterstatus (DeliveryStatus | Unset): `pending` (an attempt is due), `succeeded` (the
            receiver answered 2xx) or `failed` (every attempt failed).
        filterstatusne (DeliveryStatus | Unset): `pending` (an attempt is due), `succeeded` (the
            receiver answered 2xx) or `failed` (every attempt failed).
        filterstatusin (list[DeliveryStatus] | Unset):
        filtereventeq (str | Unset):
        filterevent (str | Unset):
        filtereventne (str | Unset):
        filtereventin (list[str] | Unset):
        filtertriggereq (DeliveryTrigger | Unset): What made the delivery: `event` (the event
            happened), `test` (POST /v1/webhooks/{webhook_id}/test) or `manual` (a retry asked for
            through the API).
        filtertrigger (DeliveryTrigger | Unset): What made the delivery: `event` (the event
            happened), `test` (POST /v1/webhooks/{webhook_id}/test) or `manual` (a retry asked for
            through the API).
        filtertriggerne (DeliveryTrigger | Unset): What made the delivery: `event` (the event
            happened), `test` (POST /v1/webhooks/{webhook_id}/test) or `manual` (a retry asked for
            through the API).
        filtertriggerin (list[DeliveryTrigger] | Unset):
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

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | WebhookDeliveryListResponse
    """

    return sync_detailed(
        webhook_id=webhook_id,
        client=client,
        page=page,
        per_page=per_page,
        cursor=cursor,
        sort=sort,
        filterstatuseq=filterstatuseq,
        filterstatus=filterstatus,
        filterstatusne=filterstatusne,
        filterstatusin=filterstatusin,
        filtereventeq=filtereventeq,
        filterevent=filterevent,
        filtereventne=filtereventne,
        filtereventin=filtereventin,
        filtertriggereq=filtertriggereq,
        filtertrigger=filtertrigger,
        filtertriggerne=filtertriggerne,
        filtertriggerin=filtertriggerin,
        filtercreated_ateq=filtercreated_ateq,
        filtercreated_at=filtercreated_at,
        filtercreated_atne=filtercreated_atne,
        filtercreated_atgt=filtercreated_atgt,
        filtercreated_atgte=filtercreated_atgte,
        filtercreated_atlt=filtercreated_atlt,
        filtercreated_atlte=filtercreated_atlte,
    ).parsed


async def asyncio_detailed(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListWebhookDeliveriesSort | Unset = ListWebhookDeliveriesSort.VALUE_1,
    filterstatuseq: DeliveryStatus | Unset = UNSET,
    filterstatus: DeliveryStatus | Unset = UNSET,
    filterstatusne: DeliveryStatus | Unset = UNSET,
    filterstatusin: list[DeliveryStatus] | Unset = UNSET,
    filtereventeq: str | Unset = UNSET,
    filterevent: str | Unset = UNSET,
    filtereventne: str | Unset = UNSET,
    filtereventin: list[str] | Unset = UNSET,
    filtertriggereq: DeliveryTrigger | Unset = UNSET,
    filtertrigger: DeliveryTrigger | Unset = UNSET,
    filtertriggerne: DeliveryTrigger | Unset = UNSET,
    filtertriggerin: list[DeliveryTrigger] | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
) -> Response[ErrorResponse | WebhookDeliveryListResponse]:
    """List a webhook's deliveries, newest first

     Each delivery shows its attempts so far, the receiver's last answer (status and
    first 1 KB) and when the next attempt is due. Kept for 30 days.

    Args:
        webhook_id (str):
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListWebhookDeliveriesSort | Unset):  Default: ListWebhookDeliveriesSort.VALUE_1.
        filterstatuseq (DeliveryStatus | Unset): `pending` (an attempt is due), `succeeded` (the
            receiver answered 2xx) or `failed` (every attempt failed).
        filterstatus (DeliveryStatus | Unset): `pending` (an attempt is due), `succeeded` (the
            receiver answered 2xx) or `failed` (every attempt failed).
        filterstatusne (DeliveryStatus | Unset): `pending` (an attempt is due), `succeeded` (the
            receiver answered 2xx) or `failed` (every attempt failed).
        filterstatusin (list[DeliveryStatus] | Unset):
        filtereventeq (str | Unset):
        filterevent (str | Unset):
        filtereventne (str | Unset):
        filtereventin (list[str] | Unset):
        filtertriggereq (DeliveryTrigger | Unset): What made the delivery: `event` (the event
            happened), `test` (POST /v1/webhooks/{webhook_id}/test) or `manual` (a retry asked for
            through the API).
        filtertrigger (DeliveryTrigger | Unset): What made the delivery: `event` (the event
            happened), `test` (POST /v1/webhooks/{webhook_id}/test) or `manual` (a retry asked for
            through the API).
        filtertriggerne (DeliveryTrigger | Unset): What made the delivery: `event` (the event
            happened), `test` (POST /v1/webhooks/{webhook_id}/test) or `manual` (a retry asked for
            through the API).
        filtertriggerin (list[DeliveryTrigger] | Unset):
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

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ErrorResponse | WebhookDeliveryListResponse]
    """

    kwargs = _get_kwargs(
        webhook_id=webhook_id,
        page=page,
        per_page=per_page,
        cursor=cursor,
        sort=sort,
        filterstatuseq=filterstatuseq,
        filterstatus=filterstatus,
        filterstatusne=filterstatusne,
        filterstatusin=filterstatusin,
        filtereventeq=filtereventeq,
        filterevent=filterevent,
        filtereventne=filtereventne,
        filtereventin=filtereventin,
        filtertriggereq=filtertriggereq,
        filtertrigger=filtertrigger,
        filtertriggerne=filtertriggerne,
        filtertriggerin=filtertriggerin,
        filtercreated_ateq=filtercreated_ateq,
        filtercreated_at=filtercreated_at,
        filtercreated_atne=filtercreated_atne,
        filtercreated_atgt=filtercreated_atgt,
        filtercreated_atgte=filtercreated_atgte,
        filtercreated_atlt=filtercreated_atlt,
        filtercreated_atlte=filtercreated_atlte,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    webhook_id: str,
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = UNSET,
    per_page: int | Unset = 20,
    cursor: str | Unset = UNSET,
    sort: ListWebhookDeliveriesSort | Unset = ListWebhookDeliveriesSort.VALUE_1,
    filterstatuseq: DeliveryStatus | Unset = UNSET,
    filterstatus: DeliveryStatus | Unset = UNSET,
    filterstatusne: DeliveryStatus | Unset = UNSET,
    filterstatusin: list[DeliveryStatus] | Unset = UNSET,
    filtereventeq: str | Unset = UNSET,
    filterevent: str | Unset = UNSET,
    filtereventne: str | Unset = UNSET,
    filtereventin: list[str] | Unset = UNSET,
    filtertriggereq: DeliveryTrigger | Unset = UNSET,
    filtertrigger: DeliveryTrigger | Unset = UNSET,
    filtertriggerne: DeliveryTrigger | Unset = UNSET,
    filtertriggerin: list[DeliveryTrigger] | Unset = UNSET,
    filtercreated_ateq: datetime.datetime | int | Unset = UNSET,
    filtercreated_at: datetime.datetime | int | Unset = UNSET,
    filtercreated_atne: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atgte: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlt: datetime.datetime | int | Unset = UNSET,
    filtercreated_atlte: datetime.datetime | int | Unset = UNSET,
) -> ErrorResponse | WebhookDeliveryListResponse | None:
    """List a webhook's deliveries, newest first

     Each delivery shows its attempts so far, the receiver's last answer (status and
    first 1 KB) and when the next attempt is due. Kept for 30 days.

    Args:
        webhook_id (str):
        page (int | Unset):
        per_page (int | Unset):  Default: 20.
        cursor (str | Unset):
        sort (ListWebhookDeliveriesSort | Unset):  Default: ListWebhookDeliveriesSort.VALUE_1.
        filterstatuseq (DeliveryStatus | Unset): `pending` (an attempt is due), `succeeded` (the
            receiver answered 2xx) or `failed` (every attempt failed).
        filterstatus (DeliveryStatus | Unset): `pending` (an attempt is due), `succeeded` (the
            receiver answered 2xx) or `failed` (every attempt failed).
        filterstatusne (DeliveryStatus | Unset): `pending` (an attempt is due), `succeeded` (the
            receiver answered 2xx) or `failed` (every attempt failed).
        filterstatusin (list[DeliveryStatus] | Unset):
        filtereventeq (str | Unset):
        filterevent (str | Unset):
        filtereventne (str | Unset):
        filtereventin (list[str] | Unset):
        filtertriggereq (DeliveryTrigger | Unset): What made the delivery: `event` (the event
            happened), `test` (POST /v1/webhooks/{webhook_id}/test) or `manual` (a retry asked for
            through the API).
        filtertrigger (DeliveryTrigger | Unset): What made the delivery: `event` (the event
            happened), `test` (POST /v1/webhooks/{webhook_id}/test) or `manual` (a retry asked for
            through the API).
        filtertriggerne (DeliveryTrigger | Unset): What made the delivery: `event` (the event
            happened), `test` (POST /v1/webhooks/{webhook_id}/test) or `manual` (a retry asked for
            through the API).
        filtertriggerin (list[DeliveryTrigger] | Unset):
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

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ErrorResponse | WebhookDeliveryListResponse
    """

    return (
        await asyncio_detailed(
            webhook_id=webhook_id,
            client=client,
            page=page,
            per_page=per_page,
            cursor=cursor,
            sort=sort,
            filterstatuseq=filterstatuseq,
            filterstatus=filterstatus,
            filterstatusne=filterstatusne,
            filterstatusin=filterstatusin,
            filtereventeq=filtereventeq,
            filterevent=filterevent,
            filtereventne=filtereventne,
            filtereventin=filtereventin,
            filtertriggereq=filtertriggereq,
            filtertrigger=filtertrigger,
            filtertriggerne=filtertriggerne,
            filtertriggerin=filtertriggerin,
            filtercreated_ateq=filtercreated_ateq,
            filtercreated_at=filtercreated_at,
            filtercreated_atne=filtercreated_atne,
            filtercreated_atgt=filtercreated_atgt,
            filtercreated_atgte=filtercreated_atgte,
            filtercreated_atlt=filtercreated_atlt,
            filtercreated_atlte=filtercreated_atlte,
        )
    ).parsed
