#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""nls_index.py SHARED OUTDIR -> OUTDIR/nls_vectors.h

What every NLS table of whatenc_nls.ko (module/nls/) must do, computed
here from the Encoding Standard's index files (SHARED/whatwg/index-*.txt)
with the standard's decoder and encoder algorithms, written out in Python
apart from the C under test, for kunit/test_nls.c:

- single[256]: the code point of each byte that is a character by itself
  (ASCII, the single-byte indexes, Shift_JIS 0x80 and 0xA1-0xDF, gb18030
  0x80), NLSV_NONE for the others;
- dec[]: every valid multi-byte sequence {bytes, code point}, sorted by
  bytes; bytes packed big-endian into a u32 (no byte of a multi-byte
  sequence is 0x00, so the length is the count of significant bytes);
  NLSV_PAIR where the standard decodes two code points (Big5);
  gb18030's four-byte codes for the BMP and a few above it;
- enc[]: {code point, bytes} for every BMP scalar value from U+0080 the
  encoder writes, sorted by code point; the rest is an error.

Without SHARED the header says NLSV_PRESENT 0 (no tables) and the tests
skip.
"""

import bisect
import os
import sys

NONE = 0xFFFFFFFF
PAIR = 0xFFFFFFFE

SB = ["ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5",
      "iso-8859-6", "iso-8859-7", "iso-8859-8", "iso-8859-8-i",
      "iso-8859-10", "iso-8859-13", "iso-8859-14", "iso-8859-15",
      "iso-8859-16", "koi8-r", "koi8-u", "macintosh", "windows-874",
      "windows-1250", "windows-1251", "windows-1252", "windows-1253",
      "windows-1254", "windows-1255", "windows-1256", "windows-1257",
      "windows-1258", "x-mac-cyrillic"]


def read_index(wd, name):
    out = {}
    with open(os.path.join(wd, "index-%s.txt" % name), encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            out[int(fields[0])] = int(fields[1], 16)
    return out


def first_pointer(index, skip=lambda p: False, last=()):
    """code point -> pointer: the first (or, for @last, the last)."""
    rev = {}
    for p in sorted(index):
        if skip(p):
            continue
        cp = index[p]
        if cp not in rev or cp in last:
            rev[cp] = p
    return rev


def pack(bs):
    v = 0
    for b in bs:
        v = v << 8 | b
    return v


def single_byte(wd, name):
    idx = read_index(wd, "iso-8859-8" if name == "iso-8859-8-i" else name)
    single = [b if b < 0x80 else idx.get(b - 0x80, NONE) for b in range(256)]
    enc = {}
    for b in range(255, 0x7F, -1):
        if single[b] != NONE:
            enc[single[b]] = [b]
    return single, [], enc


def x_user_defined():
    single = [b if b < 0x80 else 0xF780 + b - 0x80 for b in range(256)]
    return single, [], {0xF780 + b - 0x80: [b] for b in range(0x80, 0x100)}


def shift_jis(jis):
    single = [b if b <= 0x80 else NONE for b in range(256)]
    for b in range(0xA1, 0xE0):
        single[b] = 0xFF61 - 0xA1 + b
    dec = []
    for lead in list(range(0x81, 0xA0)) + list(range(0xE0, 0xFD)):
        for b in list(range(0x40, 0x7F)) + list(range(0x80, 0xFD)):
            lo = 0x81 if lead < 0xA0 else 0xC1
            off = 0x40 if b < 0x7F else 0x41
            p = (lead - lo) * 188 + b - off
            if 8836 <= p <= 10715:
                cp = 0xE000 - 8836 + p
            else:
                cp = jis.get(p)
            if cp is not None:
                dec.append((pack([lead, b]), cp))
    enc = {0xA5: [0x5C], 0x203E: [0x7E], 0x80: [0x80]}
    for cp in range(0xFF61, 0xFFA0):
        enc[cp] = [cp - 0xFF61 + 0xA1]
    rev = first_pointer(jis, skip=lambda p: 8272 <= p <= 8835)
    for cp, p in rev.items():
        if cp in enc or cp < 0x80:
            continue
        lead, trail = p // 188, p % 188
        enc[cp] = [lead + (0x81 if lead < 0x1F else 0xC1),
                   trail + (0x40 if trail < 0x3F else 0x41)]
    enc[0x2212] = enc[0xFF0D]
    return single, dec, enc


def euc_jp(jis, jis212):
    single = [b if b < 0x80 else NONE for b in range(256)]
    dec = [(pack([0x8E, b]), 0xFF61 - 0xA1 + b) for b in range(0xA1, 0xE0)]
    for lead in range(0xA1, 0xFF):
        for b in range(0xA1, 0xFF):
            p = (lead - 0xA1) * 94 + b - 0xA1
            if p in jis:
                dec.append((pack([lead, b]), jis[p]))
            if p in jis212:
                dec.append((pack([0x8F, lead, b]), jis212[p]))
    enc = {0xA5: [0x5C], 0x203E: [0x7E]}
    for cp in range(0xFF61, 0xFFA0):
        enc[cp] = [0x8E, cp - 0xFF61 + 0xA1]
    for cp, p in first_pointer(jis).items():
        if cp not in enc and cp >= 0x80:
            enc[cp] = [p // 94 + 0xA1, p % 94 + 0xA1]
    enc[0x2212] = enc[0xFF0D]
    return single, dec, enc


def big5(idx):
    single = [b if b < 0x80 else NONE for b in range(256)]
    pairs = {1133, 1135, 1164, 1166}
    dec = []
    for lead in range(0x81, 0xFF):
        for b in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
            p = (lead - 0x81) * 157 + b - (0x40 if b < 0x7F else 0x62)
            if p in pairs:
                dec.append((pack([lead, b]), PAIR))
            elif p in idx:
                dec.append((pack([lead, b]), idx[p]))
    last = {0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345}
    rev = first_pointer(idx, skip=lambda p: p < (0xA1 - 0x81) * 157, last=last)
    enc = {}
    for cp, p in rev.items():
        if cp < 0x80 or cp > 0xFFFF:
            continue
        trail = p % 157
        enc[cp] = [p // 157 + 0x81, trail + (0x40 if trail < 0x3F else 0x62)]
    return single, dec, enc


def euc_kr(idx):
    single = [b if b < 0x80 else NONE for b in range(256)]
    dec = []
    for lead in range(0x81, 0xFF):
        for b in range(0x41, 0xFF):
            p = (lead - 0x81) * 190 + b - 0x41
            if p in idx:
                dec.append((pack([lead, b]), idx[p]))
    enc = {}
    for cp, p in first_pointer(idx).items():
        if cp >= 0x80:
            enc[cp] = [p // 190 + 0x81, p % 190 + 0x41]
    return single, dec, enc


GB_SIDE = {0xE78D: (0xA6, 0xD9), 0xE78E: (0xA6, 0xDA), 0xE78F: (0xA6, 0xDB),
           0xE790: (0xA6, 0xDC), 0xE791: (0xA6, 0xDD), 0xE792: (0xA6, 0xDE),
           0xE793: (0xA6, 0xDF), 0xE794: (0xA6, 0xEC), 0xE795: (0xA6, 0xED),
           0xE796: (0xA6, 0xF3), 0xE81E: (0xFE, 0x59), 0xE826: (0xFE, 0x61),
           0xE82B: (0xFE, 0x66), 0xE82C: (0xFE, 0x67), 0xE832: (0xFE, 0x6D),
           0xE843: (0xFE, 0x7E), 0xE854: (0xFE, 0x90), 0xE864: (0xFE, 0xA0)}


def gb_bytes4(p):
    b1, p = divmod(p, 10 * 126 * 10)
    b2, p = divmod(p, 10 * 126)
    b3, b4 = divmod(p, 10)
    return [b1 + 0x81, b2 + 0x30, b3 + 0x81, b4 + 0x30]


def gb18030(idx, ranges, gbk):
    single = [b if b < 0x80 else NONE for b in range(256)]
    single[0x80] = 0x20AC
    rng = sorted(ranges.items())	# (pointer, code point)
    rptr = [r[0] for r in rng]

    def ranges_cp(p):
        if 39419 < p < 189000 or p > 1237575:
            return None
        if p == 7457:
            return 0xE7C7
        if p >= 189000:
            return 0x10000 + p - 189000
        i = bisect.bisect_right(rptr, p) - 1
        return rng[i][1] + p - rng[i][0]

    dec = []
    for lead in range(0x81, 0xFF):
        for b in list(range(0x40, 0x7F)) + list(range(0x80, 0xFF)):
            p = (lead - 0x81) * 190 + b - (0x40 if b < 0x7F else 0x41)
            if p in idx:
                dec.append((pack([lead, b]), idx[p]))
    for p in list(range(0, 39420)) + [189000, 189001, 1237575]:
        dec.append((pack(gb_bytes4(p)), ranges_cp(p)))
    dec.sort()
    enc = {}
    if gbk:
        enc[0x20AC] = [0x80]
    rev = first_pointer(idx)
    rcp = sorted((cp, p) for p, cp in rng)
    rcps = [r[0] for r in rcp]
    for cp in range(0x80, 0x10000):
        if 0xD800 <= cp <= 0xDFFF or cp == 0xE5E5 or cp in enc:
            continue
        if cp in GB_SIDE:
            enc[cp] = list(GB_SIDE[cp])
        elif cp in rev:
            p = rev[cp]
            trail = p % 190
            enc[cp] = [p // 190 + 0x81, trail + (0x40 if trail < 0x3F else 0x41)]
        elif not gbk:
            if cp == 0xE7C7:
                p = 7457
            else:
                i = bisect.bisect_right(rcps, cp) - 1
                p = rcp[i][1] + cp - rcp[i][0]
            enc[cp] = gb_bytes4(p)
    return single, dec, enc


def cname(name):
    return name.replace("-", "_")


def arr(decl, rows):
    out = [decl + " = {"]
    for i in range(0, len(rows), 4):
        out.append("\t" + " ".join("{ 0x%x, 0x%x }," % r for r in rows[i:i + 4]))
    out.append("};")
    return out


def main():
    shared, outdir = sys.argv[1], sys.argv[2]
    wd = os.path.join(shared, "whatwg")
    need = ["index-jis0208.txt", "index-jis0212.txt", "index-big5.txt",
            "index-euc-kr.txt", "index-gb18030.txt", "index-gb18030-ranges.txt"]
    need += ["index-%s.txt" % n for n in SB if n != "iso-8859-8-i"]
    present = all(os.path.exists(os.path.join(wd, n)) for n in need)
    out = ["/* SPDX-License-Identifier: GPL-2.0-only */",
           "/* Generated by scripts/vectors/nls_index.py - do not edit */",
           "#ifndef NLS_VECTORS_H", "#define NLS_VECTORS_H", "",
           "#define NLSV_NONE 0x%xu" % NONE, "#define NLSV_PAIR 0x%xu" % PAIR]
    struct = ["struct nlsv_table {", "\tconst char *label;", "\tconst u32 *single;",
              "\tconst u32 (*dec)[2];", "\tunsigned int n_dec;",
              "\tconst u32 (*enc)[2];", "\tunsigned int n_enc;", "};"]
    if not present:
        # a variable, not 0: no "always false" warning on the loops
        out += ["#define NLSV_PRESENT 0", "#define NLSV_N_TABLES nlsv_n_tables",
                "static const unsigned int nlsv_n_tables;"] + struct
        out += ["static const struct nlsv_table nlsv_tables[1];", "#endif", ""]
    else:
        out.append("#define NLSV_PRESENT 1")
        jis = read_index(wd, "jis0208")
        tables = [(n, single_byte(wd, n)) for n in SB]
        tables.append(("x-user-defined", x_user_defined()))
        gbi = read_index(wd, "gb18030")
        gbr = read_index(wd, "gb18030-ranges")
        tables.append(("gb18030", gb18030(gbi, gbr, False)))
        tables.append(("gbk", gb18030(gbi, gbr, True)))
        tables.append(("big5", big5(read_index(wd, "big5"))))
        tables.append(("euc-jp", euc_jp(jis, read_index(wd, "jis0212"))))
        tables.append(("shift_jis", shift_jis(jis)))
        tables.append(("euc-kr", euc_kr(read_index(wd, "euc-kr"))))
        rows = []
        emitted = {}
        for name, (single, dec, enc) in tables:
            c = cname(name)
            out.append("static const u32 nlsv_single_%s[256] = {" % c)
            for i in range(0, 256, 8):
                out.append("\t" + ", ".join("0x%x" % v for v in single[i:i + 8]) + ",")
            out.append("};")
            erows = sorted((cp, pack(bs)) for cp, bs in enc.items())
            out += arr("static const u32 nlsv_enc_%s[%d][2]" % (c, max(1, len(erows))),
                       erows or [(0, 0)])
            # GBK's decoder is gb18030's: one array for both
            key = tuple(dec)
            if dec and key in emitted:
                dec_name = emitted[key]
            elif dec:
                emitted[key] = "nlsv_dec_%s" % c
                dec_name = "nlsv_dec_%s" % c
                out += arr("static const u32 nlsv_dec_%s[%d][2]" % (c, len(dec)),
                           sorted(dec))
            rows.append("\t{ \"%s\", nlsv_single_%s, %s, %d, nlsv_enc_%s, %d },"
                        % (name, c, dec_name if dec else "NULL",
                           len(dec), c, len(erows)))
        out += struct
        out.append("#define NLSV_N_TABLES %d" % len(rows))
        out.append("static const struct nlsv_table nlsv_tables[] = {")
        out += rows
        out.append("};")
        out += ["#endif", ""]
    with open(os.path.join(outdir, "nls_vectors.h"), "w") as f:
        f.write("\n".join(out))


if __name__ == "__main__":
    main()
