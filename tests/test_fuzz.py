"""Property-based fuzzing of every operation in openapi.yaml with schemathesis, in-process against the
WSGI app: no server error, answers conform to the spec (status, content type, headers, body), and input
that breaks the spec is refused.

REFEREE_FUZZ_EXAMPLES sets the number of generated cases per operation (CI runs 1,000; the default keeps
the everyday suite quick).  Generation is derandomized, so a run is repeatable.

Two deliberate settings:
* positive_data_acceptance is off: a request body is described as the union of every game's shapes
  (the path's {game} selects one), so a body valid for one game is rightly refused by another;
* negative_data_rejection also accepts 413, the answer to a body over the size limit, which the spec's
  largest arrays can exceed.
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
schema.app = create_app()
EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "60"))


SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


@schema.exclude(path_regex="validate").parametrize()
@SETTINGS
def test_api(case):
    case.call_and_validate()


# The log endpoint is fuzzed on its own: its seed (derived from the test's name) then avoids a corner of
# schemathesis 4.32's generator that gives up on an array ("Cannot generate an array with 1 demanded
# elements") under the shared seed.
@schema.include(path_regex="validate").parametrize()
@SETTINGS
def test_log_replay_api(case):
    case.call_and_validate()
