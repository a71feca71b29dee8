"""SSRF protection for webhook URLs (docs/api.md, Webhooks): refused when a webhook is
created or changed, and again when a delivery is sent, on the address actually used.
"""

import pytest

from postline.net import ssrf

PUBLIC_V4 = "93.184.216.34"

REFUSED = [
    "http://example.com/hook",
    "ftp://example.com/hook",
    "javascript:alert(1)",
    "not a url",
    "https:///no-host",
    "https://localhost/hook",
    "https://LOCALHOST./hook",
    "https://api.localhost/hook",
    "https://127.0.0.1/hook",
    "https://127.0.0.1./hook",
    "https://127.8.9.10/hook",
    "https://0.0.0.0/hook",
    "https://10.0.0.1/hook",
    "https://172.16.5.4/hook",
    "https://172.31.255.255/hook",
    "https://192.168.1.1/hook",
    "https://169.254.169.254/latest/meta-data/",
    "https://169.254.0.1/hook",
    "https://100.64.0.1/hook",
    "https://100.127.255.254/hook",
    "https://224.0.0.1/hook",
    "https://239.255.255.250/hook",
    "https://240.0.0.1/hook",
    "https://255.255.255.255/hook",
    "https://192.0.2.10/hook",
    "https://198.18.0.1/hook",
    # Odd encodings of 127.0.0.1, and of public addresses (refused as ambiguous).
    "https://2130706433/hook",
    "https://0x7f000001/hook",
    "https://0x7f.0.0.1/hook",
    "https://0x7F.0x0.0x0.0x1/hook",
    "https://0177.0.0.1/hook",
    "https://017700000001/hook",
    "https://127.1/hook",
    "https://127.0.1/hook",
    "https://0/hook",
    "https://134744072/hook",
    "https://008.008.008.008/hook",
    "https://example.0x1/hook",
    # IPv6
    "https://[::1]/hook",
    "https://[0:0:0:0:0:0:0:1]/hook",
    "https://[::]/hook",
    "https://[fc00::1]/hook",
    "https://[fd12:3456:789a::1]/hook",
    "https://[fe80::1]/hook",
    "https://[fe80::1%25eth0]/hook",
    "https://[fec0::1]/hook",
    "https://[ff02::1]/hook",
    "https://[ff0e::1]/hook",
    "https://[::ffff:127.0.0.1]/hook",
    "https://[::ffff:7f00:1]/hook",
    "https://[::ffff:169.254.169.254]/hook",
    "https://[::ffff:8.8.8.8]/hook",
    "https://[::127.0.0.1]/hook",
    "https://[64:ff9b::7f00:1]/hook",
    "https://[64:ff9b::a9fe:a9fe]/hook",
    "https://[2002:7f00:1::1]/hook",
    "https://[2001:db8::1]/hook",
    "https://[::1/hook",
    # Credentials and parser tricks
    "https://user:pass@example.com/hook",
    "https://example.com@127.0.0.1/hook",
    "https://example.com\\@127.0.0.1/hook",
    "https://exa mple.com/hook",
    "https://example.com/hook\n",
    "https://example.com/\x00",
    "https://example.com:0/hook",
    "https://example.com:99999/hook",
    "https://example.com:port/hook",
    "https://-bad-.example.com/hook",
    "https://a..b.example.com/hook",
    "https://%31%32%37.0.0.1/hook",
    "https://example.com/päth",
    "https://" + "a" * 64 + ".example.com/hook",
    "https://example.com/" + "a" * 2048,
]

ACCEPTED = [
    "https://hooks.example.com/postline",
    "https://hooks.example.com:8443/postline?source=postline&x=1",
    "https://HOOKS.Example.COM./postline",
    f"https://{PUBLIC_V4}/hook",
    "https://8.8.8.8/hook",
    "https://[2606:4700:4700::1111]/hook",
    "https://[64:ff9b::808:808]/hook",
    "https://bücher.example/hook",
    "https://under_score.example.com/hook",
    "https://public.example.test/hook",
]


@pytest.fixture(autouse=True)
def names(dns):
    dns["public.example.test"] = [PUBLIC_V4, "2606:4700:4700::1111"]
    dns["internal.example.test"] = ["10.1.2.3"]
    dns["metadata.example.test"] = ["169.254.169.254"]
    dns["loopback6.example.test"] = ["::1"]
    dns["mixed.example.test"] = [PUBLIC_V4, "127.0.0.1"]
    dns["cgnat.example.test"] = ["100.100.100.100"]


RESOLVING_TO_PRIVATE = [
    "https://internal.example.test/hook",
    "https://metadata.example.test/hook",
    "https://loopback6.example.test/hook",
    "https://mixed.example.test/hook",
    "https://cgnat.example.test/hook",
]


@pytest.mark.parametrize("url", REFUSED + RESOLVING_TO_PRIVATE)
def test_refused_urls(url):
    with pytest.raises(ssrf.RefusedURL):
        ssrf.check_url(url)
    with pytest.raises(ssrf.RefusedURL):
        ssrf.pin(url)


@pytest.mark.parametrize("url", ACCEPTED)
def test_accepted_urls(url):
    ssrf.check_url(url)


@pytest.mark.parametrize(
    "url", REFUSED[:4] + ["https://127.0.0.1/hook", "https://internal.example.test/hook"]
)
def test_create_answers_400_naming_url(api, url):
    response = api.post("/v1/webhooks", json={"url": url, "events": ["post.created"]})
    assert response.status_code == 400, response.get_data(as_text=True)
    error = response.get_json()["error"]
    assert error["code"] == "VALIDATION_ERROR"
    assert [d["field"] for d in error["details"]] == ["url"]
    assert api.get("/v1/webhooks").get_json()["data"] == []


def test_every_refused_form_is_400_at_create_and_patch(api):
    created = api.post("/v1/webhooks", json={"url": ACCEPTED[0], "events": ["post.created"]})
    webhook_id = created.get_json()["data"]["id"]
    for url in REFUSED + RESOLVING_TO_PRIVATE:
        for response in (
            api.post("/v1/webhooks", json={"url": url, "events": ["post.created"]}),
            api.patch(f"/v1/webhooks/{webhook_id}", json={"url": url}),
        ):
            assert response.status_code == 400, (url, response.get_data(as_text=True))
            assert response.get_json()["error"]["details"][0]["field"] == "url", url
    assert api.get(f"/v1/webhooks/{webhook_id}").get_json()["data"]["url"] == ACCEPTED[0]


def test_the_refusal_says_why(api):
    cases = {
        "https://10.0.0.1/": "private",
        "https://internal.example.test/": "internal.example.test resolves to one",
        "https://2130706433/": "four decimal numbers",
        "https://localhost/": "localhost",
        "http://example.com/": "https",
        "https://u:p@example.com/": "user name or password",
    }
    for url, words in cases.items():
        message = api.post("/v1/webhooks", json={"url": url, "events": ["post.created"]}).get_json()
        assert words in message["error"]["details"][0]["message"], (url, message)


def test_http_needs_allow_http_and_private_targets_need_allow_private():
    ssrf.check_url("http://example.com/hook", allow_http=True)
    with pytest.raises(ssrf.RefusedURL):
        ssrf.check_url("http://127.0.0.1/hook", allow_http=True)
    ssrf.check_url("https://127.0.0.1/hook", allow_private=True)
    ssrf.check_url("https://localhost/hook", allow_private=True)
    ssrf.check_url("https://internal.example.test/hook", allow_private=True)
    ssrf.check_url("http://[::1]:8080/hook", allow_http=True, allow_private=True)
    with pytest.raises(ssrf.RefusedURL):
        ssrf.check_url("http://127.0.0.1/hook", allow_private=True)


@pytest.mark.parametrize(
    "url", ["https://2130706433/", "https://0x7f.1/", "https://127.1/", "https://u@127.0.0.1/"]
)
def test_odd_encodings_stay_refused_even_where_private_targets_are_allowed(url):
    with pytest.raises(ssrf.RefusedURL):
        ssrf.check_url(url, allow_http=True, allow_private=True)


def test_a_name_that_does_not_resolve_yet_is_accepted_at_create_but_not_sent():
    ssrf.check_url("https://not-live-yet.example.test/hook")
    with pytest.raises(ssrf.RefusedURL, match="could not resolve"):
        ssrf.pin("https://not-live-yet.example.test/hook")


def test_pin_resolves_once_and_returns_the_checked_address(dns):
    answers = iter([[PUBLIC_V4], ["127.0.0.1"]])
    dns["rebinding.example.test"] = lambda: next(answers)
    target = ssrf.pin("https://rebinding.example.test:8443/a/b?c=d")
    assert target == ssrf.Target("https", "rebinding.example.test", 8443, "/a/b?c=d", PUBLIC_V4)
    with pytest.raises(ssrf.RefusedURL, match="rebinding.example.test resolves to one"):
        ssrf.pin("https://rebinding.example.test/")


def test_pin_of_a_literal_address_does_not_resolve(dns):
    dns.clear()
    assert ssrf.pin(f"https://{PUBLIC_V4}/").address == PUBLIC_V4
    assert ssrf.pin("https://[2606:4700:4700::1111]/").address == "2606:4700:4700::1111"
