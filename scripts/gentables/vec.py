# SPDX-License-Identifier: GPL-2.0-only
"""tables_vec.h: the packing shuffles of the UTF-8 <-> UTF-16 vector
kernels (module/codec/vec_x86.c). Computed, not read from the Debian
data: for whatenc_avx2_utf8_widen(), for each 8-bit mask of the 16-bit lanes
to keep, the pshufb pattern that moves those lanes, in order, to the
front (0x80: a zero byte), and the number of lanes kept; for
whatenc_avx2_utf16_narrow(), for each class mask of 4 code units, the pattern
that moves their 1-3 UTF-8 bytes (each unit's in a 32-bit lane)
together, and the number of bytes."""

import common


def packing(out, name, comment, sources, unit):
    """Append the table `name` of 256 pshufb patterns (the byte indexes
    sources(m) of pattern m, then 0x80) and `name`_n, their lengths in
    units of `unit` bytes."""
    out.append("/*")
    out.extend(" * " + line for line in comment)
    out.append(" */")
    out.append("static const u8 %s[256][16] "
               "__attribute__((aligned(16))) = {" % name)
    counts = []
    for m in range(256):
        src = sources(m)
        pat = src + [0x80] * (16 - len(src))
        counts.append(len(src) // unit)
        out.append("\t{ " + ", ".join("0x%02x" % b for b in pat[:8]) + ",")
        out.append("\t  " + ", ".join("0x%02x" % b for b in pat[8:]) +
                   " },\t/* 0x%02x */" % m)
    out.append("};\n")
    out.append(common.c_array("static const u8 %s_n[256]" % name,
                              counts, "%d", 16).rstrip("\n"))


def lanes16(m):
    """UTF-8 to UTF-16: the 16-bit lanes j of 0-7 with bit j of m set."""
    return [b for j in range(8) if m >> j & 1 for b in (2 * j, 2 * j + 1)]


def utf8_bytes(m):
    """UTF-16 to UTF-8: the 1-3 bytes of each of 4 units' 32-bit lanes."""
    return [4 * k + b for k in range(4)
            for b in range(1 + (m >> k & 1) + (m >> (4 + k) & 1))]


def generate(ctx):
    out = [ctx.header(
        "tables_vec.h - packing shuffles for the UTF-8 <-> UTF-16 "
        "vector kernels\n * (computed by scripts/gentables/vec.py; the "
        "Debian data is not used)")]
    packing(out, "we_vec_pack16", [
        "we_vec_pack16[m]: the pshufb pattern that moves the 16-bit lanes",
        "j of 0-7 with bit j of m set, in order, to the front; 0x80 (a zero",
        "byte) after them. we_vec_pack16_n[m]: how many lanes that is."],
        lanes16, 2)
    out.append("")
    packing(out, "we_vec_utf8_pack", [
        "we_vec_utf8_pack[m]: the pshufb pattern that moves the UTF-8",
        "bytes of 4 code units, each's in a 32-bit lane (1-3 bytes: bit k",
        "of m set if unit k is U+0080 or above, bit 4 + k if U+0800 or",
        "above), in order, to the front; we_vec_utf8_pack_n[m]: how many",
        "bytes that is."],
        utf8_bytes, 1)
    ctx.write("tables_vec.h", "\n".join(out) + "\n")
