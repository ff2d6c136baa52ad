"""openapi.yaml is generated (scripts/openapi): its request schemas from the marshmallow schemas in schemas/, its
answer examples from the service's answers.  The committed file is what the generator makes, and the generated
request schemas say what the marshmallow schemas say."""
from __future__ import annotations

import importlib.machinery
import importlib.util
import pathlib

import pytest
from marshmallow import fields

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _generator():
    loader = importlib.machinery.SourceFileLoader("referee_openapi_generator", str(ROOT / "scripts" / "openapi"))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


GEN = _generator()


@pytest.fixture(scope="module")
def built():
    return GEN.build()


def test_the_committed_contract_is_what_the_generator_makes(built):
    committed = (ROOT / "openapi.yaml").read_text(encoding="utf-8")
    assert committed == GEN.render(built), "openapi.yaml is stale: run scripts/openapi"


def test_the_check_command_says_so(capsys):
    assert GEN.main(["--check"]) == 0


def test_each_request_field_is_a_property_with_its_description(built):
    import schemas
    components = built["components"]["schemas"]
    for game, requests in schemas.REQUESTS.items():
        for endpoint, cls in requests.items():
            shown = components[f"{game.capitalize()}{endpoint.capitalize()}Request"]
            assert list(shown["properties"]) == list(cls().fields), (game, endpoint)
            assert sorted(shown["required"]) == sorted(n for n, f in cls().fields.items() if f.required)
            assert shown["additionalProperties"] is False
    deal = components["ThousandDeal"]["properties"]
    assert deal["contract"]["description"] == schemas.thousand.Deal().fields["contract"].metadata["description"]
    assert deal["contract"]["type"] == ["integer", "null"] and deal["contract"]["maximum"] == 1000


def test_a_dict_counts_entries_and_describes_its_keys(built):
    scores = built["components"]["schemas"]["ThousandGameState"]["properties"]["scores"]
    assert scores["maxProperties"] == 8 and "maxLength" not in scores
    assert scores["propertyNames"] == {"minLength": 1, "maxLength": 64, "pattern": GEN.NAME_PATTERN}


def test_a_hand_is_its_cards_or_what_is_known_of_it(built):
    hand = built["components"]["schemas"]["PinochlePosition"]["properties"]["hand"]
    assert hand["oneOf"][0]["maxItems"] == 24
    assert hand["oneOf"][1] == {"$ref": "#/components/schemas/PartialHand"}


def test_a_raw_field_without_a_known_shape_stops_the_build():
    with pytest.raises(SystemExit, match="RAW_SHAPES"):
        GEN._raw_shape(fields.Raw(validate=lambda value: None))


def test_the_variant_example_lists_every_option(built, client):
    # the example is the service's own answer: no option of the variant is left out
    shown = built["components"]["examples"]["ThousandVariantPolish"]["value"]
    answer = client.get("/v1/games/thousand/variants/polish").get_json()
    assert shown == answer and len(shown["options"]) == len(answer["options"]) > 0
