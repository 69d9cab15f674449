"""Writing models as YAML: the schema modeline first, format and version next, then the
fields in model order with only the values that differ from their defaults."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from builder.io.paths import SCHEMAS_DIR


def model_data(model: BaseModel) -> dict[str, Any]:
    data: dict[str, Any] = model.model_dump(mode="json", exclude_defaults=True)
    head = {key: getattr(model, key) for key in ("format", "version") if hasattr(model, key)}
    return {**head, **{k: v for k, v in data.items() if k not in head}}


def schema_reference(schema_name: str, target: Path) -> str:
    """The schema's path as seen from the folder `target` is written in."""
    schema = (SCHEMAS_DIR / schema_name).resolve()
    try:
        return Path(os.path.relpath(schema, target.resolve().parent)).as_posix()
    except ValueError:  # another drive on Windows
        return schema.as_uri()


def to_yaml(model: BaseModel, schema_name: str, target: Path) -> str:
    import yaml  # on the first save, not at start-up (see builder/io/yaml_loader.py)

    dumper: type[yaml.SafeDumper] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
    body = yaml.dump(model_data(model), Dumper=dumper, sort_keys=False, allow_unicode=True, width=100)
    return f"# yaml-language-server: $schema={schema_reference(schema_name, target)}\n{body}"
