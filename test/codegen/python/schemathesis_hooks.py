"""Schemathesis hooks for test/codegen/schemathesis.test.ts (loaded through SCHEMATHESIS_HOOKS).

OneDev answers some operations with bare text labelled `application/json` (a Java String return,
written without JSON quotes). The description marks those responses `x-onedev-raw-text` and
tells readers to read such a body as text whatever its label. This deserializer does exactly that
for those responses, so that their schema (a string) is checked against the text; every other
`application/json` body is parsed as JSON, as schemathesis itself would.
"""

import schemathesis


def _resolve(raw_schema, node):
    """Follows a local `$ref` (`#/components/responses/X`) inside the description."""
    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/"):
        target = raw_schema
        for key in node["$ref"][2:].split("/"):
            target = target.get(key, {}) if isinstance(target, dict) else {}
        node = target
    return node


def _is_raw_text(ctx, status_code):
    responses = (ctx.operation.definition.raw or {}).get("responses", {})
    declared = responses.get(str(status_code)) or responses.get(f"{str(status_code)[0]}XX") or responses.get("default")
    response = _resolve(ctx.operation.schema.raw_schema, declared)
    return isinstance(response, dict) and response.get("x-onedev-raw-text") is True


@schemathesis.deserializer("application/json")
def json_or_documented_raw_text(ctx, response):
    if _is_raw_text(ctx, response.status_code):
        return response.content.decode(response.encoding or "utf-8")
    return response.json()
