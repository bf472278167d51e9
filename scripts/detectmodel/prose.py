# SPDX-License-Identifier: GPL-2.0-only
"""Prose for the content detector's model (scripts/gen-detect-model) and
its evaluation (tests/bench/detect): translated gettext catalogs and man
pages from Debian packages, split by package.

Training text: the .mo catalogs of the packages in TRAIN_PKGS (small
translation-rich packages that scripts/install-deps installs).
Evaluation text: every other installed package's catalogs of the same
language, plus the translated man pages (manpages-xx, and the man pages
other packages ship in /usr/share/man/<lang>/). No file is in both."""

import glob
import hashlib
import importlib.machinery
import importlib.util
import os
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

_owned = None


def _train_files():
    global _owned
    if _owned is None:
        _owned = set()
        for p in TRAIN_PKGS:
            r = subprocess.run(["dpkg-query", "-L", p], capture_output=True,
                               text=True)
            _owned.update(x for x in r.stdout.split("\n") if x.endswith(".mo"))
    return _owned


def missing_packages():
    """Training packages not installed, or installed without their
    catalogs (an image that excludes /usr/share/locale)."""
    out = []
    for p in TRAIN_PKGS:
        r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", p],
                           capture_output=True, text=True)
        if "install ok installed" not in r.stdout:
            out.append(p)
    out += sorted("%s (files missing)" % f for f in _train_files()
                  if not os.path.exists(f))[:5]
    return out


def package_versions():
    r = subprocess.run(["dpkg-query", "-W", "-f=${Package} ${Version}\n"] +
                       TRAIN_PKGS, capture_output=True, text=True)
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
    """De-duplicated lines of the training packages' catalogs of @lang."""
    own = _train_files()
    raw = []
    for mo in sorted(glob.glob("/usr/share/locale/%s/LC_MESSAGES/*.mo" % lang)):
        if mo in own:
            raw += mo_strings(mo)
    return _clean(raw)


def evaluation_lines(lang, man_max=300):
    """Lines of @lang from everything but the training packages, in a
    stable shuffled order (md5 of the line)."""
    own = _train_files()
    raw = []
    for mo in sorted(glob.glob("/usr/share/locale/%s/LC_MESSAGES/*.mo" % lang)):
        if mo not in own:
            raw += mo_strings(mo)
    for man in sorted(glob.glob("/usr/share/man/%s/man*/*.gz" % lang))[:man_max]:
        raw += man_lines(man)
    train = set(training_lines(lang))
    lines = [s for s in _clean(raw) if s not in train]
    lines.sort(key=lambda s: hashlib.md5(s.encode()).digest())
    return lines


def nfc(s):
    return unicodedata.normalize("NFC", s)


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
