#!/usr/bin/env python3
"""The translation catalogues: extract the messages, update ``tutor.po``, compile ``tutor.mo``,
and check that every catalogue is complete.

    python tools/i18n.py update    # after changing a message: new ones untranslated, gone ones out
    python tools/i18n.py compile   # after translating: tutor.po -> tutor.mo
    python tools/i18n.py check     # make lint: complete, no fuzzy entry, tutor.mo up to date

The messages are the texts the code marks (``_``, ``N_``, ``NP_``, ``ngettext``, ``pgettext``,
read by Babel's extractor) and the help of every command
(:func:`tutor.cli.language.help_texts`, read from the command tree itself, so that a docstring
or an option's ``help=`` needs no marking).

The compiled ``tutor.mo`` ships in the package beside its ``tutor.po`` (the tutor reads it with
the standard library's gettext, and a checkout runs without a build step); ``check`` compiles
the ``.po`` in memory and compares, so a ``.mo`` left behind fails ``make lint``. Babel is a
tool of the lint and test extras only, never needed to run the tutor.
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from collections.abc import Iterable
from pathlib import Path

import typer
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tutor"
LOCALE = PACKAGE / "locale"
DOMAIN = "tutor"
TRANSLATED = ("it",)
"""The languages with a catalogue (English is the code's own)."""

KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "NP_": ((1, "c"), 2),
}
COMMENT_TAGS = ("TRANSLATORS:",)
WIDTH = 100


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def template() -> Catalog:
    """Every message of the tutor, from the code and from the command tree's help."""
    catalog = Catalog(domain=DOMAIN, project="scopone-tutor", charset="utf-8")
    for filename, lineno, message, comments, context in extract_from_dir(
        PACKAGE,
        keywords=KEYWORDS,
        comment_tags=COMMENT_TAGS,
        strip_comment_tags=True,
        directory_filter=lambda d: "__pycache__" not in d,
    ):
        where = f"tutor/{filename}"
        catalog.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    from tutor.cli import app
    from tutor.cli.language import help_texts

    for text in help_texts(typer.main.get_command(app)):
        if text not in catalog:
            catalog.add(text, None, [("tutor/cli (help)", 0)])
    return catalog


def read(lang: str) -> Catalog:
    with po_path(lang).open("rb") as fp:
        return read_po(fp, locale=lang, domain=DOMAIN)


def write(lang: str, catalog: Catalog) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True)
    po_path(lang).write_bytes(buf.getvalue())


def compiled(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def update(langs: Iterable[str]) -> None:
    """Bring each catalogue in line with the code: new messages untranslated, gone ones out."""
    tmpl = template()
    for lang in langs:
        path = po_path(lang)
        if path.exists():
            catalog = read(lang)
            created, revised = catalog.creation_date, catalog.revision_date
            catalog.update(tmpl, no_fuzzy_matching=True)
            catalog.creation_date, catalog.revision_date = created, revised
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = new_catalog(lang)
            catalog.update(tmpl, no_fuzzy_matching=True)
        write(lang, catalog)
        mo_path(lang).write_bytes(compiled(catalog))
        print(f"{path.relative_to(ROOT)}: {summary(catalog)}")


def new_catalog(lang: str) -> Catalog:
    """An empty catalogue for ``lang``, with two plural forms (one, other) as gettext counts
    them in English and Italian (CLDR adds a form for round millions, which the tutor never
    counts)."""
    catalog = Catalog(
        locale=lang,
        domain=DOMAIN,
        project="scopone-tutor",
        version="0.1.0",
        copyright_holder="the Scopone tutor authors",
        msgid_bugs_address="the project's issues",
        last_translator="the Scopone tutor authors",
        language_team=f"{lang} (the Scopone tutor authors)",
        header_comment=f"# The {lang} messages of the Scopone tutor (tools/i18n.py updates them).",
        fuzzy=False,
    )
    setattr(catalog, "_num_plurals", 2)  # noqa: B010 (Babel has no public setter for these)
    setattr(catalog, "_plural_expr", "(n != 1)")  # noqa: B010
    catalog.revision_date = catalog.creation_date
    return catalog


def compile_(langs: Iterable[str]) -> None:
    for lang in langs:
        mo_path(lang).write_bytes(compiled(read(lang)))


def summary(catalog: Catalog) -> str:
    messages = [m for m in catalog if m.id]
    untranslated = sum(1 for m in messages if not _translated(m))
    fuzzy = sum(1 for m in messages if m.fuzzy)
    return f"{len(messages)} messages, {untranslated} untranslated, {fuzzy} fuzzy"


def _translated(message: Message) -> bool:
    if isinstance(message.string, tuple | list):
        return all(message.string)
    return bool(message.string)


PLACEHOLDER = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}(?!\})")


def _placeholders(text: str) -> set[str]:
    return set(PLACEHOLDER.findall(text))


def placeholder_problems(message: Message) -> list[str]:
    """Placeholders of the translation that neither the English nor the translators' comment
    (``# TRANSLATORS: ...`` above the message in the code, for a value the code passes that the
    English does not show) names: such a translation would fail when shown. (A translation may
    leave one out: "1 carta" needs no count, and a sentence may say less than the English.)"""
    ids = message.id if isinstance(message.id, tuple | list) else (message.id,)
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    known = set().union(*(_placeholders(i) for i in (*ids, *message.auto_comments)))
    problems = []
    for s in strings:
        extra = _placeholders(s or "") - known
        if extra:
            problems.append(f"unknown placeholder {', '.join(sorted(extra))}")
    return problems


IN_FSTRING = re.compile(r"""\bf(["']).*\{[^}]*\b(?:_|N_|ngettext|pgettext)\(""")
"""A message marked inside an f-string's braces: the extractor does not see it there."""


def unextracted() -> list[str]:
    """Every line of the package that marks a message where the extractor cannot read it."""
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if IN_FSTRING.search(line):
                out.append(f"{path.relative_to(ROOT)}:{n}: a message inside an f-string's braces")
    return out


def check(langs: Iterable[str]) -> int:
    """Every catalogue: the code's messages and no others, all translated, none fuzzy, the
    placeholders kept, and the compiled file up to date. The problems on stderr; 1 if any."""
    tmpl = template()
    wanted = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in tmpl if m.id}
    problems: list[str] = unextracted()
    for lang in langs:
        where = po_path(lang).relative_to(ROOT)
        catalog = read(lang)
        have = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}
        for msgid, ctx in sorted(wanted - have, key=str):
            problems.append(f"{where}: missing: {msgid!r}" + (f" ({ctx})" if ctx else ""))
        for msgid, ctx in sorted(have - wanted, key=str):
            gone = f"{where}: no longer in the code: {msgid!r}"
            problems.append(gone + (f" ({ctx})" if ctx else ""))
        for m in catalog:
            if not m.id:
                continue
            first = m.id if isinstance(m.id, str) else m.id[0]
            if not _translated(m):
                problems.append(f"{where}: untranslated: {first!r}")
            if m.fuzzy:
                problems.append(f"{where}: fuzzy: {first!r}")
            for problem in placeholder_problems(m):
                problems.append(f"{where}: {problem}: {first!r}")
        mo = mo_path(lang)
        if not mo.exists() or mo.read_bytes() != compiled(catalog):
            problems.append(f"{mo.relative_to(ROOT)}: not compiled from {where}")
        print(f"{where}: {summary(catalog)}")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print("run: python tools/i18n.py update, translate, python tools/i18n.py compile",
              file=sys.stderr)  # fmt: skip
    return 1 if problems else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["update", "compile", "check"])
    parser.add_argument("--lang", action="append", choices=TRANSLATED)
    args = parser.parse_args(argv)
    langs = args.lang or list(TRANSLATED)
    if args.action == "update":
        update(langs)
    elif args.action == "compile":
        compile_(langs)
    else:
        return check(langs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
