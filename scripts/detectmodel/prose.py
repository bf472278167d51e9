# SPDX-License-Identifier: GPL-2.0-only
"""Prose for the content detector's model (scripts/gen-detect-model) and
its evaluation (tests/bench/detect), in three genres, split by package
(no package gives text to both):

genre       training packages                 evaluation packages
messages    the .mo catalogs of TRAIN_PKGS    every other package's
                                              catalogs, and the translated
                                              man pages (manpages-xx...)
docs/help   debian-reference-xx (HTML)        gnome-user-docs (GNOME Help,
                                              Mallard pages)
literature  fortunes-de/es/it/ru              fortunes-bg/cs/pl
latin9      -                                 the lines of messages and
                                              help with € Š š Ž ž Œ œ Ÿ

training_lines(lang) is all the training text of a language;
evaluation_lines(lang, genre) the evaluation text of one genre."""

import functools
import glob
import hashlib
import html
import importlib.machinery
import importlib.util
import os
import re
import subprocess
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))

# The .mo reader and troff stripper of the performance corpus.
_spec = importlib.util.spec_from_loader(
    "bench_corpus", importlib.machinery.SourceFileLoader(
        "bench_corpus", os.path.join(HERE, "..", "bench-corpus")))
_bc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_bc)
mo_strings = _bc.mo_strings
man_lines = _bc.man_lines

TRAIN_PKGS = [
    "apt", "at-spi2-common", "bash", "binutils-common", "bison",
    "coreutils", "diffutils", "dpkg", "findutils", "gettext",
    "gettext-base", "grep", "iso-codes", "libc-l10n", "libgdk-pixbuf2.0-common",
    "libglib2.0-data", "libgtk2.0-common", "libpam-runtime", "man-db",
    "sed", "shared-mime-info", "tar", "wget", "xkb-data",
]

# Documentation and literature for training: (package, file suffix or
# directory that selects the language's files, language).
DOC_TRAIN = [("debian-reference-%s" % d, ".%s.html" % d, lang)
             for d, lang in (("de", "de"), ("es", "es"), ("fr", "fr"),
                             ("it", "it"), ("ja", "ja"), ("pt", "pt"),
                             ("zh-cn", "zh_CN"), ("zh-tw", "zh_TW"))]
LIT_TRAIN = [("fortunes-%s" % x, "/fortunes/%s/" % x, x)
             for x in ("de", "es", "it", "ru")]
LIT_EVAL = [("fortunes-%s" % x, "/fortunes/%s/" % x, x)
            for x in ("bg", "cs", "pl")]
HELP_EVAL = "gnome-user-docs"
GENRES = ["messages", "help", "literature", "latin9"]
# latin9: the lines of messages and help that have a letter ISO-8859-15
# has where windows-1252 has a symbol (A4 A6 A8 B4 B8 BC BD BE), to
# measure how these two are told apart.
LATIN9 = "\u20ac\u0160\u0161\u017d\u017e\u0152\u0153\u0178"

_owned = None
_files = {}


def _train_files():
    global _owned
    if _owned is None:
        _owned = set()
        for p in TRAIN_PKGS:
            r = subprocess.run(["dpkg-query", "-L", p], capture_output=True,
                               text=True)
            _owned.update(x for x in r.stdout.split("\n") if x.endswith(".mo"))
    return _owned


def all_train_pkgs():
    return sorted(TRAIN_PKGS + [p for p, _s, _l in DOC_TRAIN + LIT_TRAIN])


def _pkg_files(pkg):
    """Regular files of installed package @pkg, sorted."""
    if pkg not in _files:
        r = subprocess.run(["dpkg-query", "-L", pkg], capture_output=True,
                           text=True)
        _files[pkg] = sorted(x for x in r.stdout.split("\n")
                             if os.path.isfile(x) and not os.path.islink(x))
    return _files[pkg]


def _html_lines(path):
    """The text of an HTML or XML page, a line per block."""
    with open(path, encoding="utf-8", errors="replace") as f:
        t = f.read()
    t = re.sub(r"(?is)<(script|style|screen|code|pre)\b.*?</\1>", "\n", t)
    t = t.replace("\n", " ")
    t = re.sub(r"(?i)</?(p|title|item|li|td|th|div|h[1-6]|desc|dt|dd|br|tr"
               r"|note|section|page|info|table|ul|ol)\b[^>]*>", "\n", t)
    t = re.sub(r"(?s)<[^>]*>", "", t)
    return [html.unescape(x) for x in t.split("\n")]


def _fortune_lines(path):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read().split("\n")
    except (UnicodeDecodeError, OSError):
        return []


def _genre_raw(table, lang, reader):
    raw = []
    for pkg, sel, lg in table:
        if lg == lang:
            for f in _pkg_files(pkg):
                if sel in f and not f.endswith((".dat", ".gz")):
                    raw += reader(f)
    return raw


def missing_packages():
    """Training packages not installed, or installed without their
    catalogs (an image that excludes /usr/share/locale)."""
    out = []
    for p in all_train_pkgs():
        r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", p],
                           capture_output=True, text=True)
        if "install ok installed" not in r.stdout:
            out.append(p)
    out += sorted("%s (files missing)" % f for f in _train_files()
                  if not os.path.exists(f))[:5]
    return out


def package_versions():
    r = subprocess.run(["dpkg-query", "-W", "-f=${Package} ${Version}\n"] +
                       all_train_pkgs(), capture_output=True, text=True)
    return sorted(x for x in r.stdout.split("\n") if x)


def _clean(lines):
    seen = set()
    out = []
    for s in lines:
        for line in s.splitlines():
            line = " ".join(line.replace("_", "").split())
            if len(line) < 4 or line in seen:
                continue
            if any(ord(c) < 0x20 for c in line):
                continue
            seen.add(line)
            out.append(line)
    return out


def training_lines(lang):
    """De-duplicated lines of the training packages of @lang: catalogs,
    then documentation, then literature."""
    own = _train_files()
    raw = []
    for mo in sorted(glob.glob("/usr/share/locale/%s/LC_MESSAGES/*.mo" % lang)):
        if mo in own:
            raw += mo_strings(mo)
    raw += _genre_raw(DOC_TRAIN, lang, _html_lines)
    raw += _genre_raw(LIT_TRAIN, lang, _fortune_lines)
    return _clean(raw)


@functools.lru_cache(maxsize=None)
def english_quoting_lines():
    """The English of the training packages' en@quot and en_GB catalogs
    that has typographic punctuation (quotes, apostrophe, dashes,
    ellipsis) and no other non-ASCII character: text in every language
    quotes English (untranslated strings, names), so every single-byte
    language's model learns these marks between ASCII letters."""
    own = _train_files()
    raw = []
    for loc in ("en@quot", "en_GB"):
        for mo in sorted(glob.glob("/usr/share/locale/%s/LC_MESSAGES/*.mo"
                                   % loc)):
            if mo in own:
                raw += mo_strings(mo)
    marks = set("\u2018\u2019\u201c\u201d\u2013\u2014\u2026")
    return tuple(s for s in _clean(raw)
                 if any(c in marks for c in s) and
                 all(ord(c) < 0x80 or c in marks for c in s))


def evaluation_lines(lang, genre="messages", man_max=300):
    """Lines of @lang of @genre from packages that give no training
    text, in a stable shuffled order (md5 of the line), minus any line
    that is also in the training text."""
    own = _train_files()
    raw = []
    if genre == "latin9":
        return [s for g in ("messages", "help")
                for s in evaluation_lines(lang, g, man_max)
                if any(c in LATIN9 for c in s)]
    if genre == "messages":
        for mo in sorted(glob.glob("/usr/share/locale/%s/LC_MESSAGES/*.mo"
                                   % lang)):
            if mo not in own:
                raw += mo_strings(mo)
        for man in sorted(glob.glob("/usr/share/man/%s/man*/*.gz"
                                    % lang))[:man_max]:
            raw += man_lines(man)
    elif genre == "help":
        for f in _pkg_files(HELP_EVAL):
            if f.startswith("/usr/share/help/%s/" % lang) and \
                    f.endswith(".page"):
                raw += _html_lines(f)
    else:
        raw += _genre_raw(LIT_EVAL, lang, _fortune_lines)
    train = set(training_lines(lang))
    lines = [s for s in _clean(raw) if s not in train]
    lines.sort(key=lambda s: hashlib.md5(s.encode()).digest())
    return lines


def nfc(s):
    return unicodedata.normalize("NFC", s)


TONES = "\u0300\u0301\u0303\u0309\u0323"


def written_form(s, chars):
    """@s as windows-1258 text is written: decomposed (NFD), each base
    letter recomposed with the marks that are not tones (circumflex,
    breve, horn) where @chars has the letter (â ê ô ă ơ ư), and the tone
    marks (grave, acute, tilde, hook above, dot below) kept as combining
    characters after it: "Việt" is "Vi", U+00EA, U+0323, "t". Anything
    else as legacy_form(). KeyError if that fails."""
    d = unicodedata.normalize("NFD", s)
    out = []
    i = 0
    while i < len(d):
        j = i + 1
        while j < len(d) and unicodedata.combining(d[j]):
            j += 1
        tones = "".join(m for m in d[i + 1:j] if m in TONES)
        c = unicodedata.normalize("NFC", d[i] + "".join(
            m for m in d[i + 1:j] if m not in TONES))
        if len(c) == 1 and (c in chars or ord(c) < 0x80) and \
                all(t in chars for t in tones):
            out.append(c + tones)
        else:
            out.append(legacy_form(unicodedata.normalize("NFC", d[i:j]),
                                   chars))
        i = j
    return "".join(out)


def legacy_form(s, chars):
    """@s as an encoding whose characters are @chars represents it: a
    character it lacks is decomposed (NFD) and recomposed as far as
    @chars allow (windows-1258: base letter with circumflex, breve or
    horn plus a combining tone mark). KeyError if that fails."""
    out = []
    for ch in s:
        if ch in chars or ord(ch) < 0x80:
            out.append(ch)
            continue
        d = unicodedata.normalize("NFD", ch)
        base, marks = d[0], d[1:]
        for k in range(len(marks), -1, -1):
            c = unicodedata.normalize("NFC", base + marks[:k])
            if len(c) == 1 and c in chars and all(x in chars for x in marks[k:]):
                out.append(c + marks[k:])
                break
        else:
            raise KeyError(ch)
    return "".join(out)
