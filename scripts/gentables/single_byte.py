# SPDX-License-Identifier: GPL-2.0-only
"""The 28 legacy single-byte encodings -> module/tables_single_byte.h.

Decode: one 128-entry u16 table per encoding (bytes 0x80-0xFF; 0 = no
code point). Encode: per encoding, the mapped code points sorted, with
the byte for each, searched by binary search (at most 7 steps for 128
entries). The two-level page-table alternative (page of 256 bytes per
(encoding, code point >> 8) plus a 256-entry page index per encoding)
is computed too and its size noted in the header: the sorted pairs are
about a third of its size, so they win.

ISO-8859-8-I uses the ISO-8859-8 index (Encoding Standard, "Legacy
single-byte encodings")."""

import common

# (enum suffix, index name), in enum whatenc_encoding order.
ENCODINGS = [
    ("IBM866", "ibm866"),
    ("ISO_8859_2", "iso-8859-2"),
    ("ISO_8859_3", "iso-8859-3"),
    ("ISO_8859_4", "iso-8859-4"),
    ("ISO_8859_5", "iso-8859-5"),
    ("ISO_8859_6", "iso-8859-6"),
    ("ISO_8859_7", "iso-8859-7"),
    ("ISO_8859_8", "iso-8859-8"),
    ("ISO_8859_8_I", "iso-8859-8"),
    ("ISO_8859_10", "iso-8859-10"),
    ("ISO_8859_13", "iso-8859-13"),
    ("ISO_8859_14", "iso-8859-14"),
    ("ISO_8859_15", "iso-8859-15"),
    ("ISO_8859_16", "iso-8859-16"),
    ("KOI8_R", "koi8-r"),
    ("KOI8_U", "koi8-u"),
    ("MACINTOSH", "macintosh"),
    ("WINDOWS_874", "windows-874"),
    ("WINDOWS_1250", "windows-1250"),
    ("WINDOWS_1251", "windows-1251"),
    ("WINDOWS_1252", "windows-1252"),
    ("WINDOWS_1253", "windows-1253"),
    ("WINDOWS_1254", "windows-1254"),
    ("WINDOWS_1255", "windows-1255"),
    ("WINDOWS_1256", "windows-1256"),
    ("WINDOWS_1257", "windows-1257"),
    ("WINDOWS_1258", "windows-1258"),
    ("X_MAC_CYRILLIC", "x-mac-cyrillic"),
]


def generate(ctx):
    dec, cps, bytes_, first = [], [], [], []
    pages = 0
    seen = {}
    for _, name in ENCODINGS:
        index = ctx.indexes[name]
        if len(index) != 128:
            raise SystemExit("single_byte.py: %s has %d entries"
                             % (name, len(index)))
        for cp in index:
            if cp is not None and not 0x80 <= cp <= 0xffff:
                raise SystemExit("single_byte.py: %s: U+%04X" % (name, cp))
        dec.append([cp or 0 for cp in index])
        # "index pointer": the first pointer for a code point
        rev = {}
        for ptr, cp in enumerate(index):
            if cp is not None and cp not in rev:
                rev[cp] = ptr + 0x80
        first.append(len(cps))
        for cp in sorted(rev):
            cps.append(cp)
            bytes_.append(rev[cp])
        pages += len({cp >> 8 for cp in rev})
        seen[name] = len(rev)
    first.append(len(cps))
    n = len(ENCODINGS)
    dec_size = n * 128 * 2
    pair_size = len(cps) * 3 + (n + 1) * 2
    page_size = pages * 256 + n * 256

    out = [ctx.header(
        "tables_single_byte.h - the legacy single-byte encodings "
        "(Encoding Standard, \"Legacy single-byte encodings\")")]
    out.append("#define WE_SB_COUNT %d" % n)
    out.append("#define WE_SB_PAIRS %d\n" % len(cps))
    out.append("/*")
    out.append(" * Sizes: decode tables %d bytes; encode tables (sorted pairs)"
               % dec_size)
    out.append(" * %d bytes. A two-level page table would take %d bytes."
               % (pair_size, page_size))
    out.append(" */\n")
    out.append("/* Decode: code point of byte 0x80 + i, 0 if none; "
               "by encoding - WHATENC_IBM866. */")
    out.append("static const u16 we_sb_decode[WE_SB_COUNT][128] = {")
    for (enum, name), table in zip(ENCODINGS, dec):
        out.append("\t[WHATENC_%s - WHATENC_FIRST_SINGLE_BYTE] = { /* %s */"
                   % (enum, name))
        for i in range(0, 128, 8):
            out.append("\t\t" + ", ".join("0x%04x" % v
                                          for v in table[i:i + 8]) + ",")
        out.append("\t},")
    out.append("};\n")
    out.append("/* Encode: encoding k's code points, sorted, are "
               "we_sb_enc_cp[we_sb_enc_first[k] ..")
    out.append(" * we_sb_enc_first[k + 1] - 1]; the byte of each is in "
               "we_sb_enc_byte. */")
    out.append(common.c_array(
        "static const u16 we_sb_enc_first[WE_SB_COUNT + 1]", first, "%d", 10))
    out.append(common.c_array("static const u16 we_sb_enc_cp[WE_SB_PAIRS]",
                              cps, "0x%04x", 8))
    out.append(common.c_array("static const u8 we_sb_enc_byte[WE_SB_PAIRS]",
                              bytes_, "0x%02x", 12).rstrip("\n"))
    ctx.write("tables_single_byte.h", "\n".join(out) + "\n")
