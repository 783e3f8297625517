"""Property-based tests of the OpenAPI schema against the running server (schemathesis):
for generated requests to every operation, no 5xx, and every response — errors included
— conforms to the documented status codes, content types and schemas."""

from __future__ import annotations

import schemathesis
from api_helpers import serving
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from curation import MemoryStore

EXAMPLES = 12  # per operation: the whole schema in a few seconds


def test_no_server_errors_and_no_schema_violations(store: MemoryStore) -> None:
    store.remember("acme", "the build cache lives on the nas")
    checks = [
        not_a_server_error, status_code_conformance, content_type_conformance,
        response_schema_conformance,
    ]  # fmt: skip
    with serving(store) as served:
        headers = {"Authorization": f"Bearer {served.key('acme', 'curator')}"}
        schema = schemathesis.openapi.from_url(f"{served.url}/openapi.json")
        operations = [result.ok() for result in schema.get_all_operations()]
        assert len(operations) >= 16
        called: dict[str, int] = {}
        for operation in operations:

            @given(case=operation.as_strategy())
            @settings(
                max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=list(HealthCheck),
            )  # fmt: skip
            def check(case: schemathesis.Case) -> None:
                response = case.call(base_url=served.url, headers=headers)
                case.validate_response(response, checks=checks)
                called[case.operation.label] = called.get(case.operation.label, 0) + 1

            check()
    assert len(called) == len(operations)
    print(f"\nschemathesis: {sum(called.values())} requests over {len(called)} operations")
