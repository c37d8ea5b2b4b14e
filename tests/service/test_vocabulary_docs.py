"""The vocabulary documented by the service itself: every event type's ``data`` schema in
``openapi.yaml`` agrees with the marshmallow schemas and its example is valid, the
``/docs/events`` page lists them with an example game that scores, and every problem type
has a page explaining it with an example of the fix."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from events.vocabulary.catalog import validate
from events.vocabulary.schemas import SCHEMAS
from events.vocabulary.upcasting import CURRENT
from projections.offline import score_lines
from service.api.problems import PROBLEMS

SPEC = yaml.safe_load((Path(__file__).resolve().parents[2] / "openapi.yaml").read_text())
SCHEMAS_DOC = SPEC["components"]["schemas"]


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = SCHEMAS_DOC[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def test_event_in_is_a_discriminated_one_of_every_type() -> None:
    event_in = SCHEMAS_DOC["EventIn"]
    assert event_in["discriminator"]["propertyName"] == "type"
    mapping = event_in["discriminator"]["mapping"]
    assert set(mapping) == set(CURRENT)
    assert [o["$ref"] for o in event_in["oneOf"]] == [mapping[t] for t in mapping]


@pytest.mark.parametrize("event_type", sorted(CURRENT))
def test_each_type_documents_its_current_schema_with_a_valid_example(event_type: str) -> None:
    event = _resolve({"$ref": SCHEMAS_DOC["EventIn"]["discriminator"]["mapping"][event_type]})
    assert event["properties"]["type"]["const"] == event_type
    data = _resolve(event["properties"]["data"])
    schema = SCHEMAS[(event_type, CURRENT[event_type])]
    assert set(data["properties"]) == set(schema.fields), event_type
    required = {name for name, f in schema.fields.items() if f.required}
    assert set(data.get("required", ())) == required, event_type
    assert data["additionalProperties"] is False
    example = event["example"]
    assert example["type"] == event_type
    assert validate(event_type, example["data"])[0] == CURRENT[event_type]


def test_the_events_page_lists_every_type_and_an_example_game_that_scores(client: Any) -> None:
    page = client.get("/docs/events")
    assert page.status_code == 200 and page.mimetype == "text/html"
    assert "script-src 'none'" in page.headers["Content-Security-Policy"]
    text = page.get_data(as_text=True)
    for event_type in CURRENT:
        assert f'id="{event_type}"' in text
    game = html.unescape(re.search(r'id="example-game".*?<pre><code>(.*?)</code>', text,
                                   re.S).group(1))  # fmt: skip
    lines = game.strip().splitlines()
    assert json.loads(lines[0])["type"] == "GameCreated" and len(lines) > 36
    sheet, errors = score_lines(lines)
    assert errors == [] and sheet is not None and len(sheet["deals"]) == 1
    assert sheet["deals"][0]["recorded_marks"] == sheet["deals"][0]["marks"]


@pytest.mark.parametrize("slug", sorted(PROBLEMS))
def test_every_problem_type_explains_itself_with_a_fix(client: Any, slug: str) -> None:
    doc = client.get(f"/problems/{slug}").get_json()
    assert (doc["type"], doc["status"]) == (f"/problems/{slug}", PROBLEMS[slug][0])
    assert len(doc["explanation"]) > 40
    assert all(doc["example"][k].strip() for k in ("request", "answer", "fix"))
    page = client.get(f"/problems/{slug}", headers={"Accept": "text/html"})
    assert page.mimetype == "text/html" and doc["title"] in html.unescape(page.get_data(True))


def test_the_problem_index_and_unknown_slugs(client: Any) -> None:
    index = client.get("/problems").get_json()["problems"]
    assert [p["slug"] for p in index] == list(PROBLEMS)
    assert client.get("/problems", headers={"Accept": "text/html"}).mimetype == "text/html"
    missing = client.get("/problems/no-such-thing")
    assert missing.status_code == 404 and missing.mimetype == "application/problem+json"
    assert client.get("/problems/%3Cscript%3E").status_code == 404
