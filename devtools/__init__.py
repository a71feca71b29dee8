"""What the tests, the benchmarks and local development share, outside the service:
the fake platforms (devtools/fakes/), real server processes and their environment
(servers.py), scratch PostgreSQL databases (databases.py), small real media files
(media.py), the test client with an API key (client.py), a whole OAuth run through
the API against the fakes (connecting.py), and the platform playground of
`python3 tasks.py serve --playground` (playground.py).

Import rules (tests/test_layout.py checks them):
- `devtools.fakes` is the outside world: it imports nothing of the service (`app`,
  `worker`, `models`, `schemas`, `routes`, `postline`), nor the rest of `devtools`.
- The rest of `devtools` may import the service's public modules and `devtools.fakes`.
- Nothing in `devtools` imports `tests` or `bench`; nothing outside `tests/` imports
  `tests`: what a benchmark needs from the tests' helpers lives here.
"""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
