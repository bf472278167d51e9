# SPDX-License-Identifier: GPL-2.0-only
"""tables_vec.h: the left-packing shuffles of the UTF-8 to UTF-16 vector
kernel (module/codec/vec_x86.c, we_avx2_utf8_widen()). Computed, not read
from the Debian data: for each 8-bit mask of the 16-bit lanes to keep,
the pshufb pattern that moves those lanes, in order, to the front (0x80:
a zero byte), and the number of lanes kept."""

import common


def generate(ctx):
    pats, counts = [], []
    for m in range(256):
        lanes = [j for j in range(8) if m >> j & 1]
        pat = [b for j in lanes for b in (2 * j, 2 * j + 1)]
        pats.append(pat + [0x80] * (16 - len(pat)))
        counts.append(len(lanes))
    out = [ctx.header(
        "tables_vec.h - left-packing shuffles for the UTF-8 to UTF-16 "
        "vector kernel\n * (computed by scripts/gentables/vec.py; the "
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
    ctx.write("tables_vec.h", "\n".join(out) + "\n")
