"""What a locale's site says where it shows the source's words: a note on each page whose
entry is not translated, or only in part, in the locale's own language, and each language's
name as its own speakers write it (for the language switch).

The notes are known for the languages rules communities translate into most (those The
Ninth Age publishes in, and a few more); another locale gets them in English.
"""

from __future__ import annotations

from rulesref.model import Entry
from rulesref.translations.model import Translation

# each language's name in itself: the language switch lists them so
NATIVE = {
    "en": "English", "fr": "Français", "de": "Deutsch", "es": "Español", "it": "Italiano", "pl": "Polski",
    "ru": "Русский", "zh": "中文", "pt": "Português", "nl": "Nederlands", "ja": "日本語", "cs": "Čeština",
}
# in each language: a page not translated, a page translated in part; {language}: the source's, as that language names it
NOTES = {
    "en": ("This page is not translated yet: it is shown in {language}.", "Part of this page is not translated yet: it is shown in {language}."),
    "fr": ("Cette page n'est pas encore traduite : elle est affichée en {language}.", "Une partie de cette page n'est pas encore traduite : elle est affichée en {language}."),
    "de": ("Diese Seite ist noch nicht übersetzt: Sie wird auf {language} angezeigt.", "Ein Teil dieser Seite ist noch nicht übersetzt: Er wird auf {language} angezeigt."),
    "es": ("Esta página aún no está traducida: se muestra en {language}.", "Parte de esta página aún no está traducida: se muestra en {language}."),
    "it": ("Questa pagina non è ancora tradotta: è mostrata in {language}.", "Parte di questa pagina non è ancora tradotta: è mostrata in {language}."),
    "pl": ("Ta strona nie jest jeszcze przetłumaczona: jest wyświetlana w języku {language}.", "Część tej strony nie jest jeszcze przetłumaczona: jest wyświetlana w języku {language}."),
}
# the source language as each language names it in the notes' sentences
NAMED = {
    "en": {"en": "English", "fr": "French", "de": "German"},
    "fr": {"en": "anglais", "de": "allemand", "fr": "français"},
    "de": {"en": "Englisch", "fr": "Französisch", "de": "Deutsch"},
    "es": {"en": "inglés", "fr": "francés", "de": "alemán"},
    "it": {"en": "inglese", "fr": "francese", "de": "tedesco"},
    "pl": {"en": "angielskim", "fr": "francuskim", "de": "niemieckim"},
}


def native_name(locale: str) -> str:
    """A language's name in itself (its code where it is not known)."""
    return NATIVE.get(locale, NATIVE.get(locale.split("-")[0], locale))


def untranslated(entry: Entry, translation: Translation | None) -> tuple[str, ...]:
    """What of `entry` a reader of the locale sees in the source's language: `("entry",)`
    when nothing is translated, else the fields left out (name, summary, text, table)."""
    if translation is None:
        return ("entry",)
    return tuple(
        field
        for field, has, translated in (
            ("name", True, translation.name),
            ("summary", True, translation.summary),
            ("text", entry.text is not None, translation.text),
            ("table", entry.table is not None, translation.rows),
        )
        if has and translated is None
    )


def note(locale: str, source: str, left: tuple[str, ...]) -> str | None:
    """The note a page of the locale's site shows over what `untranslated` says is left in
    the source's language (plain text), or None when nothing is."""
    if not left:
        return None
    language = locale.split("-")[0]
    whole, part = NOTES.get(language, NOTES["en"])
    named = NAMED.get(language, NAMED["en"]).get(source.split("-")[0], source)
    return (whole if left == ("entry",) else part).format(language=named)
