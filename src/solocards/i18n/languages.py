"""The languages solocards speaks, and choosing one from what a person asked for.

English is the source language; the others are the languages the four games came to us in
(Ukrainian UNO, Russian Frog, Belarusian AMIGO's SOLO) and German for German Solo.

>>> negotiate("uk-UA,uk;q=0.9,en;q=0.8")
'uk'
>>> negotiate("fr-FR, de;q=0.5")
'de'
>>> negotiate("")
'en'
>>> LANGUAGE_NAMES["be"]
'Беларуская'
"""

from __future__ import annotations

DEFAULT_LANGUAGE = "en"

#: Each supported language code with its name in that language (for switchers).
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "uk": "Українська",
    "ru": "Русский",
    "be": "Беларуская",
}
SUPPORTED_LANGUAGES: tuple[str, ...] = tuple(LANGUAGE_NAMES)


def normalise(tag: str | None) -> str | None:
    """The supported language of a tag such as ``"uk_UA.UTF-8"`` or ``"ru-RU"``, else None.

    >>> normalise("uk_UA.UTF-8"), normalise("RU"), normalise("C"), normalise(None)
    ('uk', 'ru', None, None)
    """
    if not tag:
        return None
    base = tag.strip().split(".")[0].replace("_", "-").split("-")[0].lower()
    return base if base in LANGUAGE_NAMES else None


def negotiate(accept_language: str | None, default: str = DEFAULT_LANGUAGE) -> str:
    """The best supported language for an HTTP ``Accept-Language`` header."""
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _, rest = part.strip().partition(";")
        quality = 1.0
        if rest.strip().startswith("q="):
            try:
                quality = float(rest.strip()[2:])
            except ValueError:
                quality = 0.0
        lang = normalise(tag)
        if lang and quality > 0:
            choices.append((-quality, index, lang))
    return min(choices)[2] if choices else default
