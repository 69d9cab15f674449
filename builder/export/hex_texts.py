"""A hex-game scenario's texts in each of its languages, under the headings the scenario
sheet (builder.export.hex_sheet) and the hex designer's details panel show them: the
historical background, the briefing, the special rules, the victory conditions and the
bibliography of the scenario's own language, then of each other language its .m44 file had."""

from __future__ import annotations

from dataclasses import dataclass

from builder.memoir.scenario import Scenario, ScenarioText

# The texts a scenario may have in each language, under the headings the sheet gives them.
TEXT_HEADINGS = (
    ("historical", "Historical background"),
    ("description", "Briefing"),
    ("rules", "Special rules"),
    ("victory", "Victory"),
    ("bibliography", "Bibliography"),
)


@dataclass(frozen=True)
class LanguageTexts:
    """A scenario's texts in one language, as the sheet and the designer show them."""

    language: str
    name: str
    subtitle: str
    parts: tuple[tuple[str, str], ...]  # (heading, text), the texts it has, in TEXT_HEADINGS order


def texts_of(scenario: Scenario) -> tuple[LanguageTexts, ...]:
    """The scenario's texts, its own language first, then each language of its .m44 file."""
    main = ScenarioText(
        name=scenario.title,
        subtitle=scenario.subtitle,
        historical=scenario.historical,
        description=scenario.briefing,
        rules=scenario.special_rules,
        victory=scenario.victory,
        bibliography=scenario.bibliography,
    )
    found = []
    for language, text in {scenario.language: main, **scenario.translations}.items():
        parts = tuple((heading, said) for key, heading in TEXT_HEADINGS if (said := getattr(text, key)))
        found.append(LanguageTexts(language, text.name or scenario.title, text.subtitle or "", parts))
    return tuple(found)
