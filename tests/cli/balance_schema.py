"""The JSON Schema of `hon balance --json`: one document for every game system, so a script
(or the HTML report) reads a TCG or hex-game run as it reads a Heroes System one. Strict
(no key it does not name) so that a key added for one system only is caught."""

from __future__ import annotations

from typing import Any

from builder.tcg.rules.variants import Variant

COUNTS = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}
RATE = {"type": "number", "minimum": 0, "maximum": 1}
INTERVAL = {"type": "array", "items": RATE, "minItems": 2, "maxItems": 2}


def _strict(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False}


SIDE = _strict(
    {
        "name": {"type": "string"},
        "wins": {"type": "integer", "minimum": 0},
        "rate": RATE,
        "interval": INTERVAL,
        "victory_points": COUNTS,
        "decisive": {
            "type": "array",
            "items": _strict(
                {"unit": {"type": "string"}, "name": {"type": "string"}, "games": {"type": "integer", "minimum": 1}}
            ),
        },
        "with_initiative": COUNTS,
    }
)

BALANCE_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    **_strict(
        {
            "system": {"enum": ["heroes", "tcg", "memoir"]},
            "scenario": {"type": "string"},
            "title": {"type": "string"},
            "policy": {"enum": ["greedy", "random", "search", None]},
            "players": {
                "type": "object",
                "minProperties": 2,
                "additionalProperties": _strict(
                    {
                        "name": {"type": "string"},
                        "player": {"enum": ["greedy", "random", "search"]},
                        "budget": {"type": ["integer", "null"], "minimum": 1},
                    }
                ),
            },
            "temperature": {"type": ["number", "null"], "minimum": 0},
            "swap_initiative": {"type": "boolean"},
            "variants": {
                "type": "array",
                "items": {"enum": [variant.value for variant in Variant]},
                "uniqueItems": True,
            },
            "score": {"enum": ["victory-points", "medals"]},
            "games": {"type": "integer", "minimum": 0},
            "played": {"type": "integer", "minimum": 0},
            "first_seed": {"type": ["integer", "null"]},
            "precision": {"type": ["number", "null"]},
            "converged": {"type": "boolean"},
            "favoured": {"type": ["string", "null"]},
            "interrupted": {"type": "boolean"},
            "sides": {"type": "object", "additionalProperties": SIDE, "minProperties": 2},
            "draws": {"type": "integer", "minimum": 0},
            "unfinished": {"type": "integer", "minimum": 0},
            "failed": {
                "type": "array",
                "items": _strict({"seed": {"type": "integer"}, "error": {"type": "string"}}),
            },
            "turns": COUNTS,
            "objectives": {
                "type": "object",
                "additionalProperties": _strict(
                    {
                        "name": {"type": "string"},
                        "held_at_end": COUNTS,
                        "held_by_turn": {"type": "array", "items": COUNTS},
                    }
                ),
            },
            "report": _strict(
                {
                    "decisive": _strict({"games": {"type": "integer", "minimum": 0}, "share": RATE}),
                    "draws": _strict({"games": {"type": "integer", "minimum": 0}, "share": RATE}),
                    "first_player": _strict(
                        {
                            "wins": {"type": "integer", "minimum": 0},
                            "games": {"type": "integer", "minimum": 0},
                            "rate": RATE,
                            "interval": INTERVAL,
                        }
                    ),
                    "length": _strict(
                        {
                            "mean": {"type": "number", "minimum": 0},
                            "spread": {"type": "number", "minimum": 0},
                            "shortest": {"type": "integer", "minimum": 0},
                            "longest": {"type": "integer", "minimum": 0},
                        }
                    ),
                    "control": {
                        "type": ["array", "null"],
                        "items": {
                            "type": "object",
                            "additionalProperties": {"type": "object", "additionalProperties": RATE},
                        },
                    },
                }
            ),
            "history": {
                "type": "array",
                "items": _strict(
                    {
                        "games": {"type": "integer", "minimum": 0},
                        "rates": {
                            "type": "object",
                            "additionalProperties": {"type": "array", "items": RATE, "minItems": 3, "maxItems": 3},
                        },
                    }
                ),
            },
        }
    ),
}
