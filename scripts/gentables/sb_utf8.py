# SPDX-License-Identifier: GPL-2.0-only
"""The single-byte decoders' UTF-8 entries -> module/codec/tables/tables_sb_utf8.h.

For the long-input path (module/codec/sb_long.c): per encoding, the UTF-8
of the code points of bytes 0x80-0xFF as one u32 each (the bytes in the
low 3 bytes, first byte lowest; their count in the top byte; 0 = no code
point), and the same bytes as three planes of 128 (first, second, third
bytes) for the AVX2 kernel (vec_sb_x86.c). They were built on the stack
at every call (896 bytes of frame, over the kernel's 512); as tables they
cost 896 bytes of .rodata per encoding instead.

Rows: those of tables_single_byte.h (WE_SB_<encoding>, ISO-8859-8-I
sharing ISO-8859-8's), then one for x-user-defined (U+F780 + byte - 0x80),
WE_SB_ROW_XUD (module/codec/family.h)."""

import common
import single_byte


def utf8_entry(cp):
    """The u32 of sb_long.c: UTF-8 bytes of cp (< 0x10000), lowest first,
    and their count in bits 24-31; 0 for no code point."""
    if not cp:
        return 0
    if cp < 0x80:
        return cp | 1 << 24
    if cp < 0x800:
        return (0xc0 | cp >> 6) | (0x80 | (cp & 0x3f)) << 8 | 2 << 24
    return ((0xe0 | cp >> 12) | (0x80 | ((cp >> 6) & 0x3f)) << 8 |
            (0x80 | (cp & 0x3f)) << 16 | 3 << 24)


def rows_of(values, fmt, per_line, indent):
    """@values as lines of at most @per_line, each @indent tabs deep."""
    return ["\t" * indent + ", ".join(fmt % v for v in values[i:i + per_line])
            + "," for i in range(0, len(values), per_line)]


def generate(ctx):
    rows = []
    for enum, name in single_byte.single_byte_encodings():
        rows.append(("WE_SB_" + enum, name,
                     [cp or 0 for cp in ctx.indexes[name]]))
    rows.append(("WE_SB_ROW_XUD", "x-user-defined",
                 [0xf780 + k for k in range(128)]))
    out = [ctx.header(
        "tables_sb_utf8.h - the UTF-8 of the single-byte encodings' bytes "
        "0x80-0xFF, for the long-input path (sb_long.c)")]
    out.append("/* Sizes: entries %d bytes, planes %d bytes. */\n"
               % (len(rows) * 128 * 4, len(rows) * 3 * 128))
    out.append("/*")
    out.append(" * The UTF-8 of byte 0x80 + i: its bytes in bits 0-23, "
               "first byte lowest,")
    out.append(" * their count in bits 24-31; 0 if the byte has no "
               "code point.")
    out.append(" */")
    out.append("static const u32 we_sb_utf8[WE_SB_ROWS + 1][128] = {")
    for enum, name, cps in rows:
        out.append("\t[%s] = { /* %s */" % (enum, name))
        out += rows_of([utf8_entry(cp) for cp in cps], "0x%08x", 5, 2)
        out.append("\t},")
    out.append("};\n")
    out.append("/* The same bytes as planes: first, second, third byte "
               "of each entry. */")
    out.append("static const u8 we_sb_utf8_planes[WE_SB_ROWS + 1][3][128]"
               " = {")
    for enum, name, cps in rows:
        ent = [utf8_entry(cp) for cp in cps]
        out.append("\t[%s] = { /* %s */" % (enum, name))
        for p in range(3):
            out.append("\t\t{")
            out += rows_of([(e >> (8 * p)) & 0xff for e in ent], "0x%02x",
                           8, 3)
            out.append("\t\t},")
        out.append("\t},")
    out.append("};")
    ctx.write("tables_sb_utf8.h", "\n".join(out) + "\n")
