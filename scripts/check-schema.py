#!/usr/bin/python3
"""Checks JSON documents against a JSON Schema (draft-07) with Debian's python3-jsonschema.

    scripts/check-schema.py SCHEMA.json DOCUMENT.json...

Checks the schema itself first. Prints `DOCUMENT: at PATH: MESSAGE` for each problem
(with the deepest cause of an anyOf) and exits 1 if there is any. The scene tests run it on scenes/schema.json and every
scene (converted to JSON by the loader's reader, SceneSchema.instance).
"""
import json
import sys

import jsonschema


def main(schema_path, document_paths):
    with open(schema_path, encoding="utf-8") as file:
        schema = json.load(file)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    failed = False
    for path in document_paths:
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
        for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path))):
            line = f"{path}: at {location(error)}: {error.message}"
            cause = deepest(error)
            if len(cause.absolute_path) > len(error.absolute_path):
                line += f" (at {location(cause)}: {cause.message})"
            print(line)
            failed = True
    return 1 if failed else 0


def location(error):
    return "/".join(str(part) for part in error.absolute_path) or "(top)"


def deepest(error):
    """The deepest problem under an anyOf, a wrong type last: for a list of transform
    operations, the misspelt operation rather than "not valid under any of the given
    schemas" or "not of type 'number'" (the matrix form)."""
    while error.context:
        error = max(error.context, key=lambda e: (len(e.absolute_path), e.validator != "type"))
    return error


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2:]))
