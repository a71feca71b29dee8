"""How the Graph API reads a request and shapes its answer, as the fake does it.

- Parameters come from the query string and the body: a form (urlencoded or
  multipart) or a JSON object. A body of any other type is not read, so its
  parameters are missing.
- A node answers only the fields asked for (`fields=a,b`), with its `id`; without
  `fields`, its default ones. A field the node type does not have is an error
  (#100); one it has but without a value for this node is left out.
- A call needs permissions the user granted in the dialog (PERMISSIONS); a Page
  token carries its user's.
"""

from devtools.fakes.base import FORM, JSON, MULTIPART, answer, json_object, scopes_of
from devtools.fakes.meta.errors import error

# What the dialog grants, and what each kind of call needs of it.
KNOWN_PERMISSIONS = (
    "public_profile",
    "email",
    "pages_show_list",
    "pages_manage_posts",
    "pages_read_engagement",
    "pages_manage_engagement",
    "pages_manage_metadata",
    "business_management",
    "instagram_basic",
    "instagram_content_publish",
    "instagram_manage_comments",
    "publish_video",
)
PERMISSIONS = {
    "accounts": ("pages_show_list",),
    "page post": ("pages_manage_posts", "pages_read_engagement"),
    "instagram read": ("instagram_basic",),
    "instagram publish": ("instagram_basic", "instagram_content_publish"),
    "page comment": ("pages_manage_engagement",),
    "instagram comment": ("instagram_basic", "instagram_manage_comments", "pages_read_engagement"),
}


def params(request):
    """The call's parameters: the query string, then the body's (form or JSON)."""
    found = dict(request.args.items())
    if request.mimetype in (FORM, MULTIPART):
        found.update(request.form.items())
    elif request.mimetype == JSON:
        found.update({name: str(value) for name, value in (json_object(request) or {}).items()})
    return found


def fields(request, node_type, node, default):
    """(the field names asked for, or `default` when none are; None) or (None, Meta's
    refusal when the node type has no such field). `node`: every field its type has."""
    asked = request.args.get("fields")
    names = scopes_of(asked, ",") if asked else list(default)
    unknown = [name for name in names if name not in node]
    if unknown:
        message = f"(#100) Tried accessing nonexisting field ({unknown[0]}) on node type ({node_type})"
        return None, error(400, 100, message)
    return names, None


def shaped(node, names):
    """`node` as the Graph answers it: `id` and `names`, leaving out those without a value."""
    return {name: node[name] for name in dict.fromkeys(["id", *names]) if node.get(name) is not None}


def node_answer(request, node_type, node, default):
    """GET of a node: its fields as asked (see `fields`), or the refusal."""
    names, refused = fields(request, node_type, node, default)
    return refused or answer(shaped(node, names))


def lacking(token, call):
    """Meta's refusal when the token's user did not grant what `call` needs, or None."""
    missing = [name for name in PERMISSIONS[call] if name not in token["scopes"]]
    if missing:
        return error(400, 200, f"(#200) This call requires the {', '.join(missing)} permission(s)")
    return None
