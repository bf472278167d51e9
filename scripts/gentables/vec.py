# SPDX-License-Identifier: GPL-2.0-only
"""tables_vec.h: the packing shuffles of the UTF-8 <-> UTF-16 vector
kernels (module/codec/vec_x86.c). Computed, not read from the Debian
data: for we_avx2_utf8_widen(), for each 8-bit mask of the 16-bit lanes
to keep, the pshufb pattern that moves those lanes, in order, to the
front (0x80: a zero byte), and the number of lanes kept; for
we_avx2_utf16_narrow(), for each class mask of 4 code units, the pattern
that moves their 1-3 UTF-8 bytes (each unit's in a 32-bit lane)
together, and the number of bytes."""

import common


def generate(ctx):
    pats, counts = [], []
    for m in range(256):
        lanes = [j for j in range(8) if m >> j & 1]
        pat = [b for j in lanes for b in (2 * j, 2 * j + 1)]
        pats.append(pat + [0x80] * (16 - len(pat)))
        counts.append(len(lanes))
    out = [ctx.header(
        "tables_vec.h - packing shuffles for the UTF-8 <-> UTF-16 "
        "vector kernels\n * (computed by scripts/gentables/vec.py; the "
        "Debian data is not used)")]
    out.append("/*")
    out.append(" * we_vec_pack16[m]: the pshufb pattern that moves the "
               "16-bit lanes")
    out.append(" * j of 0-7 with bit j of m set, in order, to the front; "
               "0x80 (a zero")
    out.append(" * byte) after them. we_vec_pack16_n[m]: how many lanes "
               "that is.")
    out.append(" */")
    out.append("static const u8 we_vec_pack16[256][16] "
               "__attribute__((aligned(16))) = {")
    for m, pat in enumerate(pats):
        out.append("\t{ " + ", ".join("0x%02x" % b for b in pat[:8]) + ",")
        out.append("\t  " + ", ".join("0x%02x" % b for b in pat[8:]) +
                   " },\t/* 0x%02x */" % m)
    out.append("};\n")
    out.append(common.c_array("static const u8 we_vec_pack16_n[256]",
                              counts, "%d", 16).rstrip("\n"))
    out.append("")
    # UTF-16 to UTF-8: 4 code units, each's UTF-8 bytes in a 32-bit lane
    pats, counts = [], []
    for m in range(256):
        pat = []
        for k in range(4):
            n = 1 + (m >> k & 1) + (m >> (4 + k) & 1)
            pat += [4 * k + b for b in range(n)]
        pats.append(pat + [0x80] * (16 - len(pat)))
        counts.append(len(pat))
    out.append("/*")
    out.append(" * we_vec_utf8_pack[m]: the pshufb pattern that moves the "
               "UTF-8 bytes of")
    out.append(" * 4 code units, each's in a 32-bit lane (1-3 bytes: bit k "
               "of m set if")
    out.append(" * unit k is U+0080 or above, bit 4 + k if U+0800 or above), "
               "in order,")
    out.append(" * to the front; we_vec_utf8_pack_n[m]: how many bytes "
               "that is.")
    out.append(" */")
    out.append("static const u8 we_vec_utf8_pack[256][16] "
               "__attribute__((aligned(16))) = {")
    for m, pat in enumerate(pats):
        out.append("\t{ " + ", ".join("0x%02x" % b for b in pat[:8]) + ",")
        out.append("\t  " + ", ".join("0x%02x" % b for b in pat[8:]) +
                   " },\t/* 0x%02x */" % m)
    out.append("};\n")
    out.append(common.c_array("static const u8 we_vec_utf8_pack_n[256]",
                              counts, "%d", 16).rstrip("\n"))
    ctx.write("tables_vec.h", "\n".join(out) + "\n")
