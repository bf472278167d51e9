#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""gen-vectors: the WPT encoding/ vectors ($SHARED/wpt-encoding/*.tsv)
-> OUTDIR/wpt_vectors.h (struct shapes in kunit/wt_vectors.h).

Mechanical conversions only: hex fields to numbers; a decoder's expected
code points (scalar values) to UTF-8, the form our decoders write;
labels unescaped (\\t \\n \\f \\r \\v \\0 \\\\ \\uXXXX) to their UTF-8 bytes.
Encoder inputs stay code points (they may hold lone surrogates; the
runner does the USVString conversion).

One exception, the SUPERSEDED rows (see superseded() and
docs/wpt-deviations.md): the gb18030/GBK rows "GB18030-2022 19".."36"
of gb18030-decoder.any.js and gb18030-encoder.html were transcribed
from a WPT version matching the closed whatwg/encoding PR #335 draft.
The current Encoding Standard (PR #336, 2c3853e) gives other values.
For those rows the expectation is computed here from the current
standard ($SHARED/whatwg: index-gb18030-ranges.txt, index-gb18030.txt
and the gb18030 encoder's table in encoding.bs); WPT's own value is
kept next to it (wpt_exp/wpt_off/wpt_len) and the row is flagged
WTV_F_SUPERSEDED."""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "lib"))
from wtvec import Header, c_string, read_index, utf8  # noqa: E402

FLAGS = {
    "ignorebom": 0x0001, "bomsniff": 0x0002, "default-label": 0x0004,
    "label-unsupported": 0x0008, "fallback=utf-8": 0,
    "check=first-code-unit": 0x0010, "document": 0x0020,
    "src=resource": 0x0040, "src=name": 0x0080, "name-mismatch": 0x0100,
    "textencoder": 0x0200, "url-query": 0x0400,
    "escaped-or-literal": 0x0800, "form": 0x1000,
    "textdecoderstream": 0x2000, "textencoderstream": 0x4000,
}
F_SUPERSEDED = 0x8000   # WTV_F_SUPERSEDED: not a TSV flag, set here
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


# --- superseded rows: the current Encoding Standard's values -------------
#
# The rule is deliberately narrow: these two WPT files, case names
# "... GB18030-2022 N" (decode rows with the " [gb18030]" / " [gbk]"
# suffix) with 19 <= N <= 36, and a gb18030 or gbk label. Nothing else
# is ever replaced. test_wpt.c counts the rows (36 decode, 18 encode)
# and checks that the spec value differs from WPT's, so a re-transcribed
# data set makes the rule fail loudly instead of silently lingering.

SUPERSEDED_SRC = {
    "decode": ("encoding/legacy-mb-schinese/gb18030/gb18030-decoder.any.js",
               re.compile(r"^gb18030 decoder: GB18030-2022 (\d+)"
                          r" \[(gb18030|gbk)\]$")),
    "encode": ("encoding/legacy-mb-schinese/gb18030/gb18030-encoder.html",
               re.compile(r"^gb18030 encoder: GB18030-2022 (\d+)$")),
}


def superseded(kind, src, case, label):
    want_src, pat = SUPERSEDED_SRC[kind]
    m = pat.match(case)
    return (src == want_src and m is not None
            and 19 <= int(m.group(1)) <= 36
            and label.lower() in ("gb18030", "gbk"))


class Spec:
    """The current standard's gb18030 pieces, read from $SHARED/whatwg
    (lazily: only when a superseded row needs them)."""

    def __init__(self, shared):
        self.shared = shared
        self._ranges = None
        self._index = None
        self._pointer = None
        self._table = None

    def ranges(self):
        if self._ranges is None:
            r = read_index(self.shared, "gb18030-ranges")
            if not r:
                sys.exit("wpt.py: index-gb18030-ranges.txt missing")
            self._ranges = sorted(r.items())
        return self._ranges

    def index(self):
        if self._index is None:
            self._index = read_index(self.shared, "gb18030")
            if not self._index:
                sys.exit("wpt.py: index-gb18030.txt missing")
        return self._index

    def table(self):
        """The gb18030 encoder's table (code point -> two bytes), parsed
        from the "gb18030 encoder" section of encoding.bs."""
        if self._table is not None:
            return self._table
        path = os.path.join(self.shared, "whatwg", "encoding.bs")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        start = text.find("<h4 id=gb18030-encoder")
        end = text.find("<h4", start + 1)
        if start < 0 or end < 0:
            sys.exit("wpt.py: no gb18030 encoder section in encoding.bs")
        sec = text[start:end]
        if sec.count("<table>") != 1:
            sys.exit("wpt.py: expected one table in the gb18030 encoder")
        if "If there is a row in the table below whose first column is" \
           not in sec:
            sys.exit("wpt.py: gb18030 encoder table step not found")
        tab = sec[sec.find("<table>"):sec.find("</table>")]
        rows = re.findall(r"<td>U\+([0-9A-F]{4,6})\s*<td>0x([0-9A-F]{2})"
                          r" 0x([0-9A-F]{2})", tab)
        self._table = {int(c, 16): [int(a, 16), int(b, 16)]
                       for c, a, b in rows}
        if len(rows) != 18 or len(self._table) != 18 or \
           tab.count("<td>U+") != 18:
            sys.exit("wpt.py: gb18030 encoder table: %d rows parsed, "
                     "expected exactly 18" % len(rows))
        return self._table

    def ranges_code_point(self, pointer):
        """index gb18030 ranges code point (encoding.bs, step by step)."""
        if 39419 < pointer < 189000 or pointer > 1237575:
            return None
        if pointer == 7457:
            return 0xE7C7
        offset, cp_offset = None, None
        for p, cp in self.ranges():
            if p <= pointer:
                offset, cp_offset = p, cp
            else:
                break
        return cp_offset + pointer - offset

    def ranges_pointer(self, cp):
        """index gb18030 ranges pointer (encoding.bs)."""
        if cp == 0xE7C7:
            return 7457
        offset, p_offset = None, None
        for p, c in sorted(self.ranges(), key=lambda e: e[1]):
            if c <= cp:
                offset, p_offset = c, p
            else:
                break
        return p_offset + cp - offset

    def decode4(self, data):
        """One four-byte gb18030 sequence -> its code points (UTF-8 is
        done by the caller), None if the decoder returns error; only
        that shape of input is handled."""
        if len(data) != 4 or not (0x81 <= data[0] <= 0xFE and
                                  0x30 <= data[1] <= 0x39 and
                                  0x81 <= data[2] <= 0xFE and
                                  0x30 <= data[3] <= 0x39):
            sys.exit("wpt.py: superseded decode row is not one four-byte "
                     "gb18030 sequence: %s; revisit the rule" % data)
        pointer = ((data[0] - 0x81) * (10 * 126 * 10) +
                   (data[1] - 0x30) * (10 * 126) +
                   (data[2] - 0x81) * 10 + data[3] - 0x30)
        cp = self.ranges_code_point(pointer)
        return None if cp is None else [cp]

    def encode(self, cps, gbk, html):
        """gb18030 encoder (is GBK = @gbk) over code points; None when a
        fatal-mode encode fails. Lone surrogates are U+FFFD (USVString)."""
        out = []
        for cp in cps:
            if 0xD800 <= cp <= 0xDFFF:
                cp = 0xFFFD
            b = self.encode_one(cp, gbk)
            if b is None:
                if not html:
                    return None
                b = list(b"&#%d;" % cp)
            out += b
        return out

    def encode_one(self, cp, gbk):
        if cp < 0x80:
            return [cp]
        if cp == 0xE5E5:
            return None
        if gbk and cp == 0x20AC:
            return [0x80]
        if cp in self.table():
            return list(self.table()[cp])
        if self._pointer is None:   # index pointer: the first pointer
            self._pointer = {}
            for p, c in sorted(self.index().items()):
                self._pointer.setdefault(c, p)
        pointer = self._pointer.get(cp)
        if pointer is not None:
            lead, trail = pointer // 190 + 0x81, pointer % 190
            return [lead, trail + (0x40 if trail < 0x3F else 0x41)]
        if gbk:
            return None
        pointer = self.ranges_pointer(cp)
        b1, pointer = pointer // (10 * 126 * 10), pointer % (10 * 126 * 10)
        b2, pointer = pointer // (10 * 126), pointer % (10 * 126)
        b3, b4 = pointer // 10, pointer % 10
        return [b1 + 0x81, b2 + 0x30, b3 + 0x81, b4 + 0x30]


def label_fields(label):
    raw = unescape(label) if "\\" in label else label.encode("utf-8")
    return "%s, %d" % (c_string(raw), len(raw))


def main():
    shared, outdir = sys.argv[1], sys.argv[2]
    present = os.path.exists(os.path.join(shared, "wpt-encoding",
                                          "decode.tsv"))
    h = Header(outdir, "wpt_vectors.h", "WPT", present)
    dec, enc, stream, labels, into, rt = [], [], [], [], [], []
    spec = Spec(shared)
    if present:
        for line, f in rows(shared, "decode.tsv"):
            src, case, label, mode, fl, inp, exp = f
            ioff, ilen = h.bytes(hexlist(inp))
            k, eoff, elen = expected(h, exp, True)
            fv, old = flags(fl), "0, 0, 0"
            if superseded("decode", src, case, label):
                old = "%d, %d, %d" % (k, eoff, elen)
                fv |= F_SUPERSEDED
                cps = spec.decode4(hexlist(inp))
                if cps is None and mode == "fatal":
                    k, eoff, elen = 1, 0, 0
                else:
                    k = 0
                    eoff, elen = h.bytes(utf8(cps or [0xFFFD]))
            dec.append("\t{ %s, %d, 0x%x, %d, %d, %d, %d, %d, %d, %s },"
                       % (label_fields(label), line, fv,
                          mode == "fatal", k, ioff, ilen, eoff, elen, old))
        for line, f in rows(shared, "encode.tsv"):
            src, case, label, mode, fl, inp, exp = f
            ioff, ilen = h.cps(hexlist(inp))
            k, eoff, elen = expected(h, exp, False)
            fv, old = flags(fl), "0, 0, 0"
            if superseded("encode", src, case, label):
                old = "%d, %d, %d" % (k, eoff, elen)
                fv |= F_SUPERSEDED
                b = spec.encode(hexlist(inp), label.lower() == "gbk",
                                mode != "fatal")
                if b is None:
                    k, eoff, elen = 1, 0, 0
                else:
                    k = 0
                    eoff, elen = h.bytes(b)
            enc.append("\t{ %s, %d, 0x%x, %d, %d, %d, %d, %d, %d, %s },"
                       % (label_fields(label), line, fv,
                          mode != "fatal", k, ioff, ilen, eoff, elen, old))
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
