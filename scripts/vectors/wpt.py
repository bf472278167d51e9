#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""gen-vectors: the WPT encoding/ vectors ($SHARED/wpt-encoding/*.tsv)
-> OUTDIR/wpt_vectors.h (struct shapes in kunit/wt_vectors.h).

Mechanical conversions only: hex fields to numbers; a decoder's expected
code points (scalar values) to UTF-8, the form our decoders write;
labels unescaped (\\t \\n \\f \\r \\v \\0 \\\\ \\uXXXX) to their UTF-8 bytes.
Encoder inputs stay code points (they may hold lone surrogates; the
runner does the USVString conversion)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "lib"))
from wtvec import Header, c_string, utf8  # noqa: E402

FLAGS = {
    "ignorebom": 0x0001, "bomsniff": 0x0002, "default-label": 0x0004,
    "label-unsupported": 0x0008, "fallback=utf-8": 0,
    "check=first-code-unit": 0x0010, "document": 0x0020,
    "src=resource": 0x0040, "src=name": 0x0080, "name-mismatch": 0x0100,
    "textencoder": 0x0200, "url-query": 0x0400,
    "escaped-or-literal": 0x0800, "form": 0x1000,
    "textdecoderstream": 0x2000, "textencoderstream": 0x4000,
}
OPS = ["decode-stream", "decode-flush", "encode-stream", "encode-flush",
       "check-concat", "check-chunks", "check-count", "check-first-chunk",
       "check-error"]
REJECT = {"TextDecoder-RangeError": 1, "TextDecoderStream-RangeError": 2,
          "document-charset-windows-1252": 3, "xhr-fallback-utf-8": 4}


def rows(shared, name):
    path = os.path.join(shared, "wpt-encoding", name)
    with open(path, encoding="ascii") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            yield n, line.split("\t")


def flags(field):
    v = 0
    if field != "-":
        for f in field.split(","):
            v |= FLAGS[f]
    return v


def hexlist(field):
    return [] if field == "-" else [int(x, 16) for x in field.split()]


def unescape(label):
    if label == "-":
        return b""
    out, i = [], 0
    simple = {"t": "\t", "n": "\n", "f": "\f", "r": "\r", "v": "\v",
              "0": "\0", "\\": "\\"}
    while i < len(label):
        c = label[i]
        if c == "\\":
            e = label[i + 1]
            if e == "u":
                out.append(chr(int(label[i + 2:i + 6], 16)))
                i += 6
                continue
            out.append(simple[e])
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out).encode("utf-8")


def expected(h, field, decoder):
    """(kind, off, len) of an expected field."""
    if field == "ERROR":
        return 1, 0, 0
    if field == "NOERROR":
        return 2, 0, 0
    if field == "*":
        return 3, 0, 0
    kind = 0
    if field.startswith("!"):
        kind, field = 4, field[1:]
    vals = hexlist(field)
    off, n = h.bytes(utf8(vals) if decoder else vals)
    return kind, off, n


def label_fields(label):
    raw = unescape(label) if "\\" in label else label.encode("utf-8")
    return "%s, %d" % (c_string(raw), len(raw))


def main():
    shared, outdir = sys.argv[1], sys.argv[2]
    present = os.path.exists(os.path.join(shared, "wpt-encoding",
                                          "decode.tsv"))
    h = Header(outdir, "wpt_vectors.h", "WPT", present)
    dec, enc, stream, labels, into, rt = [], [], [], [], [], []
    if present:
        for line, f in rows(shared, "decode.tsv"):
            _, _, label, mode, fl, inp, exp = f
            ioff, ilen = h.bytes(hexlist(inp))
            k, eoff, elen = expected(h, exp, True)
            dec.append("\t{ %s, %d, 0x%x, %d, %d, %d, %d, %d, %d },"
                       % (label_fields(label), line, flags(fl),
                          mode == "fatal", k, ioff, ilen, eoff, elen))
        for line, f in rows(shared, "encode.tsv"):
            _, _, label, mode, fl, inp, exp = f
            ioff, ilen = h.cps(hexlist(inp))
            k, eoff, elen = expected(h, exp, False)
            enc.append("\t{ %s, %d, 0x%x, %d, %d, %d, %d, %d, %d },"
                       % (label_fields(label), line, flags(fl),
                          mode != "fatal", k, ioff, ilen, eoff, elen))
        scen = {}
        for line, f in rows(shared, "streaming.tsv"):
            src, case, step, label, mode, fl, op, inp, exp = f
            sid = scen.setdefault((src, case), len(scen))
            encoder = "textencoderstream" in fl
            if op.startswith("encode"):
                ioff, ilen = h.cps(hexlist(inp))
            else:
                ioff, ilen = h.bytes(hexlist(inp))
            coff, nch = 0, 0
            if op == "check-count":
                k, eoff, elen = 0, 0, int(exp)
            elif op == "check-chunks":
                chunks = [] if exp == "-" else exp.split(" | ")
                data, lens = [], []
                for c in chunks:
                    v = hexlist(c)
                    v = v if encoder else utf8(v)
                    data += v
                    lens.append(len(v))
                eoff, elen = h.bytes(data)
                coff, nch = h.lens(lens)
                k = 0
            else:
                k, eoff, elen = expected(h, exp, not encoder)
            stream.append("\t{ %s, %d, %d, %d, %d, %d, %d, 0x%x, %d, %d, "
                          "%d, %d, %d, %d },"
                          % (label_fields(label), line, sid, int(step),
                             OPS.index(op), mode == "fatal", k, flags(fl),
                             ioff, ilen, eoff, elen, coff, nch))
        for line, f in rows(shared, "labels.tsv"):
            _, label, encl, name, _ = f
            labels.append("\t{ %s, %d, 0, %s, %s },"
                          % (label_fields(label), line, c_string(encl),
                             "NULL" if name == "-" else c_string(name)))
        for line, f in rows(shared, "labels_rejected.tsv"):
            _, label, what, _ = f
            labels.append("\t{ %s, %d, %d, NULL, NULL },"
                          % (label_fields(label), 10000 + line,
                             REJECT[what]))
        for line, f in rows(shared, "encode_into.tsv"):
            _, _, inp, dlen, read, exp = f
            ioff, ilen = h.cps(hexlist(inp))
            eoff, elen = h.bytes(hexlist(exp))
            into.append("\t{ %d, %d, %d, %d, %d, %d, %d },"
                        % (line, ioff, ilen, int(dlen), int(read), eoff,
                           elen))
        for line, f in rows(shared, "roundtrip_utf8.tsv"):
            _, _, inp, exp = f
            ioff, ilen = h.cps(hexlist(inp))
            eoff, elen = h.bytes(utf8(hexlist(exp)))
            rt.append("\t{ %d, %d, %d, %d, %d },"
                      % (line, ioff, ilen, eoff, elen))
    h.raw("/* labels_rejected.tsv rows have line = 10000 + line */")
    for name, typ, data in (("decode", "wtv_decode", dec),
                            ("encode", "wtv_encode", enc),
                            ("stream", "wtv_stream", stream),
                            ("labels", "wtv_label", labels),
                            ("encode_into", "wtv_encode_into", into),
                            ("roundtrip", "wtv_roundtrip", rt)):
        h.raw("#define WPT_N_%s %d" % (name.upper(), len(data)))
        h.raw("static const struct %s wpt_%s[] __maybe_unused = {\n%s\n};"
              % (typ, name, "\n".join(data) if data else "\t{ 0 }"))
    h.write()


if __name__ == "__main__":
    main()
