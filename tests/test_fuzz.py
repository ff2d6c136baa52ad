"""Property-based fuzzing of every operation in openapi.yaml with schemathesis, in-process against the
WSGI app: no server error, answers conform to the spec (status, content type, headers, body), and input
that breaks the spec is refused.

REFEREE_FUZZ_EXAMPLES sets the number of generated cases per operation (CI runs 1,000; the default keeps
the everyday suite quick).  Generation is derandomized, so a run is repeatable.

Two deliberate settings:
* positive_data_acceptance is off: a request body is described as the union of every game's shapes
  (the path's {game} selects one), so a body valid for one game is rightly refused by another;
* negative_data_rejection also accepts 413, the answer to a body over the size limit, which the spec's
  largest arrays can exceed;
* the log-replay operation is fuzzed with valid-shaped bodies only (see below).
"""
import os
import pathlib

import schemathesis
from hypothesis import HealthCheck, settings

from wsgi import create_app

ROOT = pathlib.Path(__file__).resolve().parent.parent
CONFIG = schemathesis.Config.from_dict({
    "checks": {"positive_data_acceptance": {"enabled": False},
               "negative_data_rejection": {"expected-statuses": [400, 404, 405, 413, 415, 422]}},
})
schema = schemathesis.openapi.from_path(str(ROOT / "openapi.yaml"), config=CONFIG)
# the log endpoint: positive generation only (see below)
LOG_CONFIG = schemathesis.Config.from_dict({
    "generation": {"mode": "positive"},
    "checks": {"positive_data_acceptance": {"enabled": False}},
})
log_schema = schemathesis.openapi.from_path(str(ROOT / "openapi.yaml"), config=LOG_CONFIG)
schema.app = create_app()
log_schema.app = schema.app
EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "60"))


SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


@schema.exclude(path_regex="validate").parametrize()
@SETTINGS
def test_api(case):
    case.call_and_validate()


# The log endpoint is fuzzed with valid-shaped bodies only: schemathesis 4.32's negative generator gives up
# on its event arrays ("Cannot generate an array with 1 demanded elements") on some machines.  Malformed
# and hostile log bodies are covered by tests/test_http.py and tests/test_regressions.py instead.
@log_schema.include(path_regex="validate").parametrize()
@SETTINGS
def test_log_replay_api(case):
    case.call_and_validate()
