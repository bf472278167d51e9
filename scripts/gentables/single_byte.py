# SPDX-License-Identifier: GPL-2.0-only
"""The legacy single-byte encodings -> module/codec/tables/tables_single_byte.h.

Decode: one 128-entry u16 table per encoding (bytes 0x80-0xFF; 0 = no
code point). Encode: a two-level page table for code points below
WE_SB_PAGE_LIMIT (0x2600: all but 3 of the 3342 mappings), with pages
of 64 code points shared by all encodings (157 distinct non-empty pages
plus the empty page 0, so a u8 page number) and a u8 page number per
(encoding, code point >> 6): about 14 KB, one dependent load more than
a direct table and constant time, measured 3-5x faster than the binary
search it replaced (issue 8, docs/performance.md as of 83c2acf). The
rest (macintosh's U+F8FF, U+FB01, U+FB02), and only they, are in sorted
pairs per encoding, searched by binary search.

One row of tables per WHATENC_SB() line of whatenc_encodings.h: 27
for the 28 encodings, as ISO-8859-8-I (a WHATENC_SB_AS() line) uses the
ISO-8859-8 index (Encoding Standard, "Legacy single-byte encodings") and
so its row."""

import common
import labels

def single_byte_encodings():
    """(enum suffix, index name) of the WHATENC_SB() lines of
    whatenc_encodings.h, in their order (their rows WE_SB_<suffix>): the
    index is named after the encoding."""
    names = {labels.c_enum(n): n for n, _ in labels.load_encodings()}
    return [(suffix, names["WHATENC_" + suffix].lower())
            for kind, suffix in common.encoding_list() if kind == "SB"]


def generate(ctx):
    sb_encs = single_byte_encodings()
    # page table: code points below PAGE_LIMIT, pages of 64
    page_limit, shift = 0x2600, 6
    dec, cps, bytes_, first = [], [], [], []
    pages = 0
    seen = {}
    for _, name in sb_encs:
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
            if cp >= page_limit:
                cps.append(cp)
                bytes_.append(rev[cp])
        pages += len({cp >> 8 for cp in rev})
        seen[name] = len(rev)
    first.append(len(cps))
    n = len(sb_encs)
    npages = page_limit >> shift
    empty = (0,) * (1 << shift)
    page_ids = {empty: 0}
    page_list = [empty]
    page_index = []
    for _, name in sb_encs:
        rev = {}
        for ptr, cp in enumerate(ctx.indexes[name]):
            if cp is not None and cp not in rev:
                rev[cp] = ptr + 0x80
        row = []
        for pg in range(npages):
            t = tuple(rev.get((pg << shift) + i, 0) for i in range(1 << shift))
            if t not in page_ids:
                page_ids[t] = len(page_list)
                page_list.append(t)
            row.append(page_ids[t])
        page_index.append(row)
    if len(page_list) > 256:
        raise SystemExit("single_byte.py: %d pages" % len(page_list))
    dec_size = n * 128 * 2
    pair_size = len(cps) * 3 + (n + 1) * 2
    page_size = pages * 256 + n * 256

    out = [ctx.header(
        "tables_single_byte.h - the legacy single-byte encodings "
        "(Encoding Standard, \"Legacy single-byte encodings\")")]
    out.append("#define WE_SB_COUNT %d" % n)
    out.append("#define WE_SB_PAIRS %d" % len(cps))
    out.append("#define WE_SB_PAGE_LIMIT 0x%04x" % page_limit)
    out.append("#define WE_SB_PAGE_SHIFT %d" % shift)
    out.append("#define WE_SB_PAGES %d\n" % len(page_list))
    out.append("/*")
    out.append(" * Sizes: decode tables %d bytes; encode tables (sorted pairs)"
               % dec_size)
    out.append(" * %d bytes; encode page table %d bytes. A page table with"
               % (pair_size, npages * n + len(page_list) * (1 << shift)))
    out.append(" * pages of 256 per encoding, unshared, would take %d bytes."
               % page_size)
    out.append(" */\n")
    out.append("/* Decode: code point of byte 0x80 + i, 0 if none; "
               "by row WE_SB_<encoding>. */")
    out.append("static const u16 we_sb_decode[WE_SB_COUNT][128] = {")
    for (enum, name), table in zip(sb_encs, dec):
        out.append("\t[WE_SB_%s] = { /* %s */"
                   % (enum, name))
        for i in range(0, 128, 8):
            out.append("\t\t" + ", ".join("0x%04x" % v
                                          for v in table[i:i + 8]) + ",")
        out.append("\t},")
    out.append("};\n")
    out.append(common.comment(
        "Encode, code points from WE_SB_PAGE_LIMIT up: encoding k's, sorted, "
        "are we_sb_enc_cp[we_sb_enc_first[k] .. we_sb_enc_first[k + 1] - 1]; "
        "the byte of each is in we_sb_enc_byte."))
    out.append(common.c_array(
        "static const u16 we_sb_enc_first[WE_SB_COUNT + 1]", first, "%d", 10))
    out.append(common.c_array("static const u16 we_sb_enc_cp[WE_SB_PAIRS]",
                              cps, "0x%04x", 8))
    out.append(common.c_array("static const u8 we_sb_enc_byte[WE_SB_PAIRS]",
                              bytes_, "0x%02x", 12))
    out.append(common.comment(
        "Encode, code points below WE_SB_PAGE_LIMIT: the byte is "
        "we_sb_enc_page[we_sb_enc_pidx[k][cp >> WE_SB_PAGE_SHIFT]][cp & 63], "
        "0 if none."))
    out.append("static const u8 we_sb_enc_pidx[WE_SB_COUNT]"
               "[WE_SB_PAGE_LIMIT >> WE_SB_PAGE_SHIFT] = {")
    for (enum, name), row in zip(sb_encs, page_index):
        out.append("\t[WE_SB_%s] = { /* %s */"
                   % (enum, name))
        for i in range(0, len(row), 16):
            out.append("\t\t" + ", ".join("%d" % v for v in row[i:i + 16]) + ",")
        out.append("\t},")
    out.append("};\n")
    out.append("static const u8 we_sb_enc_page[WE_SB_PAGES][1 << WE_SB_PAGE_SHIFT] = {")
    for i, page in enumerate(page_list):
        out.append("\t{ /* %d */" % i)
        for j in range(0, len(page), 16):
            out.append("\t\t" + ", ".join("0x%02x" % v for v in page[j:j + 16]) + ",")
        out.append("\t},")
    out.append("};")
    ctx.write("tables_single_byte.h", "\n".join(out) + "\n")
