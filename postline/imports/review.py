"""What an import checks of its rows beyond their fields' own rules: the channel each
names (by id or by name, the caller's own only), the media (keys the caller owns, or
URLs to fetch), the time, and every platform's rules, as creating the posts would.

A dry run runs all of it without writing (`dry_run`); the worker resolves names and
fetches URLs here, then lets postline/posts/lifecycle.py check the rest as it creates.
Problems are `[{field, message}]`, fields named as the file's columns (`x.media[0]`).
"""

from urllib.parse import urlsplit

from models import Channel, ChannelSchedule, Media, Post
from postline import clock, timestamps
from postline.posts import checks, versions

URL_SCHEMES = ("http://", "https://")
VERSIONED = ("thread", "first_comment", "platforms")


def is_url(value):
    return value.lower().startswith(URL_SCHEMES)


def media_slots(fields, prefix=""):
    """(field as the file names it, list, index) of every media item the fields name: the
    post's, its thread's and each version's; a slot may be written (a URL's key)."""
    slots = [(f"{prefix}media[{i}]", fields["media"], i) for i in range(len(fields.get("media") or []))]
    for t, part in enumerate(fields.get("thread") or []):
        items = part.get("media") or []
        slots += [(f"{prefix}thread[{t}].media[{i}]", items, i) for i in range(len(items))]
    for platform, version in (fields.get("platforms") or {}).items():
        slots += media_slots(version or {}, f"{prefix}{platform}.")
    return slots


def resolve_channels(scope, items):
    """Give each item named by `channel` (a name) its `channel_id`; {index: problems} of
    those naming no channel of the scope, or a name two channels share."""
    names = {fields["channel"] for _, fields in items if "channel" in fields}
    found = {}
    if names:
        query = (
            Channel.visible_to(scope).where(Channel.name.in_(list(names))).select(Channel.id, Channel.name)
        )
        for channel_id, name in query.tuples():
            found.setdefault(name, []).append(channel_id)
    problems = {}
    for index, (_, fields) in enumerate(items):
        if "channel" not in fields:
            continue
        name = fields.pop("channel")
        ids = found.get(name, [])
        if len(ids) == 1:
            fields["channel_id"] = ids[0]
        else:
            message = (
                f"no channel is named {name!r}"
                if not ids
                else f"{len(ids)} channels are named {name!r}; use channelId"
            )
            problems[index] = [{"field": "channel", "message": message}]
    return problems


def dry_run(scope, items, settings):
    """[(line, problems)] of the items [(line, fields)] that creating would refuse;
    `settings` is the `[posts]` section. Reads only."""
    problems = resolve_channels(scope, items)
    for index, found in queue_problems(scope, items).items():
        problems.setdefault(index, []).extend(found)
    owned_channels = _owned_channels(scope, items)
    owned_media = _owned_media(scope, items)
    window = settings["max_past_seconds"]
    earliest = clock.now_ms() - window * 1000
    posts = []
    for index, (_, fields) in enumerate(items):
        found = problems.setdefault(index, [])
        if "channel_id" in fields and fields["channel_id"] not in owned_channels:
            found.append({"field": "channelId", "message": "no such channel"})
        for field, values, i in media_slots(fields):
            if is_url(values[i]):
                if not urlsplit(values[i]).hostname:
                    found.append({"field": field, "message": "is not a URL with a host"})
            elif values[i] not in owned_media:
                found.append({"field": field, "message": "no such media"})
        found += _time_problems(fields, earliest, window)
        if not found:
            posts.append((index, _unsaved_post(fields)))
    version_problems, _ = checks.versions_checked(posts, at_index)
    for problem in version_problems:
        index, field = from_index(problem["field"])
        problems[index].append({"field": field.removeprefix("platforms."), "message": problem["message"]})
    return [(items[index][0], found) for index, found in sorted(problems.items()) if found]


def queue_problems(scope, items):
    """{index: problems} of the rows asking for the queue (`queue: true`) of a channel
    whose posting schedule is missing, has no slots or is paused: creating them would
    be refused (postline/schedules/queue.py), so they are rejected beforehand, each."""
    channels = {fields.get("channel_id") for _, fields in items if fields.get("queue")} - {None}
    refused = {}
    for channel_id in channels:
        schedule = ChannelSchedule.of_channel(scope, channel_id)
        if schedule is None or not schedule.slot_list:
            refused[channel_id] = (
                "the channel has no posting schedule with slots (PUT /v1/channels/{id}/schedule)"
            )
        elif schedule.paused:
            refused[channel_id] = "the channel's posting schedule is paused"
    return {
        index: [{"field": "queue", "message": refused[fields["channel_id"]]}]
        for index, (_, fields) in enumerate(items)
        if fields.get("queue") and fields.get("channel_id") in refused
    }


def at_index(index, field):
    """A field as lifecycle and checks name it (`path(index, field)`), with the item's
    index in front, so that a problem of a whole chunk names its row: `3:content`."""
    return f"{index}:{field}"


def from_index(named):
    """(index, field) of an `at_index` name; None for a name without an index."""
    index, colon, field = named.partition(":")
    return (int(index), field) if colon and index.isdigit() else None


def scheduled_for(fields):
    """The row's `scheduled_for` as lifecycle takes it: Unix ms, or a naive datetime
    (a local time, read in the row's `timezone`)."""
    value = fields.get("scheduled_for")
    return timestamps.parse_local(value) if isinstance(value, str) else value


def _time_problems(fields, earliest, window):
    if fields.get("scheduled_for") is None:
        return []
    try:
        moment = timestamps.in_zone(scheduled_for(fields), fields.get("timezone"))
    except timestamps.TimestampError as error:
        return [{"field": "scheduledFor", "message": str(error)}]
    if moment < earliest:
        message = f"is in the past (more than {window} seconds ago); omit it to publish now"
        return [{"field": "scheduledFor", "message": message}]
    return []


def _owned_channels(scope, items):
    ids = {fields["channel_id"] for _, fields in items if "channel_id" in fields}
    if not ids:
        return set()
    return {row.id for row in Channel.visible_to(scope).where(Channel.id.in_(list(ids))).select(Channel.id)}


def _owned_media(scope, items):
    keys = {values[i] for _, fields in items for _, values, i in media_slots(fields) if not is_url(values[i])}
    if not keys:
        return set()
    return {row.id for row in Media.visible_to(scope).where(Media.id.in_(list(keys))).select(Media.id)}


def _unsaved_post(fields):
    """A Post with the row's fields, as checks.versions_checked reads one (never saved)."""
    media = [key for key in fields.get("media") or [] if not is_url(key)]
    return Post(
        channel=fields["channel_id"],
        content=fields.get("content"),
        media=media,
        **{name: versions.stored(fields.get(name)) for name in VERSIONED},
    )
