"""Fake platforms on 127.0.0.1 that speak X's, LinkedIn's, Meta's and TikTok's APIs as
Postline uses them, as strictly as the platforms do: one package per provider (x/,
linkedin/, meta/, tiktok/), the server they share (base.py), and the list of platforms
with their fakes (registry.py).

Tests start one in their own process (`FakeX()`) and drive its controls; benchmarks
and local development run one as a process of its own (`python -m devtools.fakes.x
--port N --delay S`), which prints its URL and answers its settings at
`/_fake/settings` (base.py SETTINGS_PATH). For a person (the playground,
devtools/playground.py), a fake shows what it received at `/_fake/` and, with
`--approval-page`, asks a browser to approve at its authorize URL (pages.py).

Import rule: a fake is the outside world, so nothing here imports the service (`app`,
`worker`, `models`, `schemas`, `routes`, `postline`) or the rest of `devtools`; only
the standard library, werkzeug and requests.
"""
