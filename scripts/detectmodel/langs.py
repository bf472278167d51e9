# SPDX-License-Identifier: GPL-2.0-only
"""The languages the content detector knows, the legacy encodings each is
met in undeclared, and the top-level domains that hint at it. Shared by
scripts/gen-detect-model and the evaluation (tests/bench/detect)."""

WEST = ["windows-1252", "iso-8859-15"]
CENTRAL = ["windows-1250", "iso-8859-2"]
BALTIC = ["windows-1257", "iso-8859-13", "iso-8859-4"]

# (locale directory, script, single-byte encodings, CJK encodings, TLDs)
LANGS = [
    ("de", "latin", WEST, [], ["de", "at", "ch"]),
    ("fr", "latin", WEST, [], ["fr", "be"]),
    ("es", "latin", WEST, [], ["es", "mx", "ar", "cl", "co"]),
    ("it", "latin", WEST, [], ["it"]),
    ("pt", "latin", WEST, [], ["pt", "br"]),
    ("nl", "latin", WEST, [], ["nl"]),
    ("sv", "latin", WEST, [], ["se"]),
    ("da", "latin", WEST, [], ["dk"]),
    ("fi", "latin", WEST, [], ["fi"]),
    ("pl", "latin", CENTRAL, [], ["pl"]),
    ("cs", "latin", CENTRAL, [], ["cz"]),
    ("sk", "latin", CENTRAL, [], ["sk"]),
    ("hu", "latin", CENTRAL, [], ["hu"]),
    ("hr", "latin", CENTRAL, [], ["hr"]),
    ("sl", "latin", CENTRAL, [], ["si"]),
    ("ro", "latin", CENTRAL + ["iso-8859-16"], [], ["ro"]),
    ("tr", "latin", ["windows-1254"], [], ["tr"]),
    ("lt", "latin", BALTIC, [], ["lt"]),
    ("lv", "latin", BALTIC, [], ["lv"]),
    ("et", "latin", BALTIC, [], ["ee"]),
    ("vi", "latin", ["windows-1258"], [], ["vn"]),
    ("ru", "other", ["windows-1251", "koi8-r", "ibm866", "iso-8859-5",
                     "x-mac-cyrillic"], [], ["ru", "su", "by", "kz"]),
    ("uk", "other", ["windows-1251", "koi8-u", "x-mac-cyrillic"], [], ["ua"]),
    ("bg", "other", ["windows-1251", "iso-8859-5"], [], ["bg"]),
    ("sr", "other", ["windows-1251"], [], ["rs"]),
    ("el", "other", ["windows-1253", "iso-8859-7"], [], ["gr", "cy"]),
    ("he", "other", ["windows-1255", "iso-8859-8"], [], ["il"]),
    ("ar", "other", ["windows-1256", "iso-8859-6"], [], ["sa", "eg", "ae"]),
    ("th", "other", ["windows-874"], [], ["th"]),
    ("zh_CN", "cjk", [], ["gbk"], ["cn"]),
    ("zh_TW", "cjk", [], ["big5"], ["tw", "hk"]),
    ("ja", "cjk", [], ["shift_jis", "euc-jp", "iso-2022-jp"], ["jp"]),
    ("ko", "cjk", [], ["euc-kr"], ["kr"]),
]

CJK_ENCODINGS = ["gbk", "big5", "euc-jp", "iso-2022-jp", "shift_jis", "euc-kr"]
