"""A name made to fit a few cells, as the boxes of the Tactical Card Game's board show a
card's name: whole when it fits; else its longest words shortened one at a time as a player
would write them by hand ("Maschinengewehr Abteilung" → "Masch. Abt."); else every word but
the last reduced to its initial ("Battalion Command Post" → "B.C. Post"); and only then cut
with an ellipsis, as a name of one word is at once ("Truppenverbandpl…"). Text only: it
knows no word of any language, so it shortens German names as it does English ones."""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size

VOWELS = frozenset("aeiouyäöüéèêàâîôûAEIOUYÄÖÜÉÈÊÀÂÎÔÛ")
MIN_STEM = 3  # "Inf.", "Abt.": fewer letters than this no longer say the word


def shortened(name: str, width: int) -> str:
    """`name` in at most `width` cells (see the module's docstring)."""
    if cell_len(name) <= width:
        return name
    words = name.split()
    if len(words) < 2:
        return fitted(name, width)  # a word's first letters say more than its stem
    stems = " ".join(_stem(word) for word in words)
    return _stemmed(words, width) or _initials(words, width) or fitted(stems, width)


def _stemmed(words: list[str], width: int) -> str | None:
    """The words shortened to their stems, the longest first, until they fit."""
    shown = list(words)
    for index in sorted(range(len(words)), key=lambda i: -cell_len(words[i])):
        shown[index] = _stem(words[index])
        if cell_len(" ".join(shown)) <= width:
            return " ".join(shown)
    return None


def _initials(words: list[str], width: int) -> str | None:
    """Every word but the last as its initial, the last whole or as its stem."""
    initials = "".join(f"{word[0]}." for word in words[:-1])
    for last in (words[-1], _stem(words[-1])):
        if cell_len(f"{initials} {last}") <= width:
            return f"{initials} {last}"
    return None


def _stem(word: str) -> str:
    """The word cut after the consonants that follow its first vowels ("Headquarters" →
    "Headq.", "Infantry" → "Inf."), with at least MIN_STEM letters; a word with other
    characters than letters (M10, Half-track, J.L.) or that would not get shorter is kept."""
    if not word.isalpha():
        return word
    end = 1
    while end < MIN_STEM and end < len(word):
        end = _past_syllable(word, end)
    return f"{word[:end]}." if end + 1 < len(word) else word


def _past_syllable(word: str, start: int) -> int:
    """Where the run of vowels from `start`, then the run of consonants after it, ends."""
    end = start
    while end < len(word) and word[end] in VOWELS:
        end += 1
    while end < len(word) and word[end] not in VOWELS:
        end += 1
    return end


def fitted(text: str, width: int) -> str:
    """The text whole when it fits in `width` cells, else cut with an ellipsis in its last."""
    if cell_len(text) <= width:
        return text
    return set_cell_size(text, width - 1) + "…" if width > 0 else ""
