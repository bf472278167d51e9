# SPDX-License-Identifier: GPL-2.0-only
"""Labels and names of the 40 encodings -> module/codec/tables/tables_labels.h.

Source: the encodings table inside Debian's libjs-text-encoding
encoding.js (a copy of encodings.json as of 2017), plus the labels the
standard added since then (LABEL_DELTAS, each with its citation). The
encoding order must equal enum whatenc_encoding in module/include/whatenc.h;
this is checked."""

import json
import os
import re

import common

# Labels added to the Encoding Standard after the Debian snapshot.
LABEL_DELTAS = [
    ("replacement", ["replacement"],
     "whatwg/encoding PR #117 (2017-07-04, fixes #70): \"replacement\" is a "
     "label of the replacement encoding"),
    ("UTF-8", ["unicode11utf8", "unicode20utf8", "x-unicode20utf8"],
     "whatwg/encoding PR #211 (2020-05-06, fixes #168): more UTF-8 labels"),
    ("UTF-16BE", ["unicodefffe"],
     "whatwg/encoding PR #211 (2020-05-06, fixes #168): more UTF-16BE labels"),
    ("UTF-16LE", ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode",
                  "unicodefeff"],
     "whatwg/encoding PR #211 (2020-05-06, fixes #168): more UTF-16LE labels"),
]

LABEL_MAX = 19          # longest label: "cseucpkdfmtjapanese"
HERE = os.path.dirname(os.path.abspath(__file__))


def load_encodings():
    with open(common.ENCODING_JS, encoding="utf-8") as f:
        text = f.read()
    start = text.index("[", text.index("var encodings = ["))
    end = text.index("\n  ];", start)
    groups = json.loads(text[start:end + 4].strip().rstrip(";"))
    return [(e["name"], list(e["labels"]))
            for g in groups for e in g["encodings"]]


def enum_order():
    return [name for _, name in common.encoding_list()]


def c_enum(name):
    return "WHATENC_" + re.sub(r"[^A-Z0-9]", "_", name.upper())


def encodings_with_deltas():
    encs = load_encodings()
    byname = dict(encs)
    for enc, labels, _ in LABEL_DELTAS:
        for label in labels:
            if label in byname[enc]:
                raise SystemExit("labels.py: delta %s already in %s"
                                 % (label, enc))
            byname[enc].append(label)
        byname[enc].sort()
    return [(n, byname[n]) for n, _ in encs]


def generate(ctx):
    encs = encodings_with_deltas()
    order = enum_order()
    if ["WHATENC_" + o for o in order] != [c_enum(n) for n, _ in encs]:
        raise SystemExit("labels.py: encodings.js order differs from "
                         "module/include/whatenc_encodings.h")
    all_labels = sorted((label, i) for i, (_, ls) in enumerate(encs)
                        for label in ls)
    names = [label for label, _ in all_labels]
    if len(set(names)) != len(names):
        raise SystemExit("labels.py: duplicate label")
    if max(len(n) for n in names) > LABEL_MAX:
        raise SystemExit("labels.py: label longer than LABEL_MAX")
    for n in names:
        if n != n.lower() or not n.isascii() or n != n.strip(" \t\n\f\r"):
            raise SystemExit("labels.py: label not in canonical form: " + n)
    pos = {label: k for k, (label, _) in enumerate(all_labels)}

    out = [ctx.header(
        "tables_labels.h - the encodings' names and labels "
        "(Encoding Standard, \"Names and labels\")",
        ["labels.py: " + cite for _, _, cite in LABEL_DELTAS])]
    out.append("#define WE_NR_LABELS %d" % len(all_labels))
    out.append("#define WE_LABEL_MAX %d\n" % LABEL_MAX)
    out.append("/* Canonical names, by enum whatenc_encoding. */")
    out.append("static const char *const we_enc_names[WHATENC_NR_ENCODINGS] = {")
    for n, _ in encs:
        out.append("\t[%s] = \"%s\"," % (c_enum(n), n))
    out.append("};\n")
    out.append("/*")
    out.append(" * Every label, sorted by bytes (memcmp order), NUL-padded to")
    out.append(" * WE_LABEL_MAX + 1, with its length and encoding.")
    out.append(" */")
    out.append("static const struct we_label {")
    out.append("\tchar name[WE_LABEL_MAX + 1];")
    out.append("\tu8 len;")
    out.append("\tu8 enc;")
    out.append("} we_labels[WE_NR_LABELS] = {")
    for label, i in all_labels:
        out.append("\t{ \"%s\", %d, %s }," % (label, len(label),
                                             c_enum(encs[i][0])))
    out.append("};\n")
    out.append("/* Each encoding's labels (indexes into we_labels), in "
               "encodings.json order. */")
    flat, first = [], []
    for _, ls in encs:
        first.append(len(flat))
        flat.extend(pos[label] for label in ls)
    first.append(len(flat))
    out.append(common.c_array("static const u8 we_enc_labels[WE_NR_LABELS]",
                              flat, "%d", 12).rstrip("\n"))
    out.append("")
    out.append(common.c_array(
        "static const u8 we_enc_label_first[WHATENC_NR_ENCODINGS + 1]",
        first, "%d", 12).rstrip("\n"))
    ctx.write("tables_labels.h", "\n".join(out) + "\n")
