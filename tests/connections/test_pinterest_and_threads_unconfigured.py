"""A server without a Threads or a Pinterest app (config.toml as it ships: no client id)
knows both providers and says they are not configured, rather than unknown (docs/api.md,
Connections)."""

import pytest

from tests.support.client import assert_error


@pytest.mark.parametrize("provider", ["threads", "pinterest"])
def test_starting_a_run_without_the_providers_settings_is_provider_not_configured(api, provider):
    error = assert_error(api.get(f"/v1/connections/{provider}/auth"), 400, "PROVIDER_NOT_CONFIGURED")
    assert error["details"] == [
        {"field": "provider", "message": f"[{provider}] client_id is not set on this server"}
    ]
    assert api.get("/v1/connections/nonesuch/auth").status_code == 404


@pytest.mark.parametrize("provider", ["threads", "pinterest"])
def test_the_console_says_they_are_not_set_up(console, provider):
    page = console.text("/console/connections")
    label = {"threads": "Threads", "pinterest": "Pinterest"}[provider]
    assert f"<strong>{label}</strong>: not set up on this server (<code>[{provider}] client_id</code>" in page
