"""PDFs through Typst: a Typst template in `templates/` lays out the data of a roster or a
scenario sheet, handed over as one JSON document in `sys.inputs.data`.

The data is never written into Typst source: the templates decode it with `json(...)` and
show its strings as text, so a name such as `#panic() *x* $y$` prints exactly as written and
no user text can run as Typst code or markup. Typst embeds the fonts it needs in the PDF;
the templates ask for DejaVu Sans (condensed) and fall back to the fonts Typst carries."""

from __future__ import annotations

import dataclasses
import json
import threading
from enum import Enum
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

if TYPE_CHECKING:
    import typst

TEMPLATES = Path(__file__).parent / "templates"


def plain(value: Any) -> Any:
    """`value` as JSON data: a dataclass becomes an object of its fields and its properties
    (a template reads `block.closing` as the HTML template does), a pydantic model its JSON
    dump, an enum its value, a tuple a list."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data = {field.name: plain(getattr(value, field.name)) for field in dataclasses.fields(value)}
        for name in _properties(type(value)):
            data[name] = plain(getattr(value, name))
        return data
    if isinstance(value, BaseModel):
        return value.model_dump(mode="json")
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, str):
        return str(value)  # a Markup or another str subclass: its text
    return value


@cache
def _properties(cls: type) -> tuple[str, ...]:
    return tuple(name for klass in cls.__mro__ for name, member in vars(klass).items() if isinstance(member, property))


@cache
def _compiler() -> typst.Compiler:
    """One compiler for the whole run: it finds the fonts once and memoises layouts."""
    import typst  # imported here: the command line starts without it

    return typst.Compiler(root=TEMPLATES, font_paths=typst.Fonts(include_system_fonts=True))


# A compiler lays out one document at a time; the app may print from a worker thread.
_LOCK = threading.Lock()


def typst_pdf(template: str, data: object) -> bytes:
    """The PDF that `templates/<template>` makes of `data` (any value `plain` accepts)."""
    source = (TEMPLATES / template).read_bytes()
    text = json.dumps(plain(data), ensure_ascii=False, separators=(",", ":"))
    with _LOCK:
        pdf = _compiler().compile(source, format="pdf", sys_inputs={"data": text})
    assert isinstance(pdf, bytes)
    return pdf
