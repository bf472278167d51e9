# SPDX-License-Identifier: GPL-2.0-only
"""Tables of the Japanese encodings (EUC-JP, ISO-2022-JP, Shift_JIS):
module/codec/tables/tables_jis.h, included only by module/codec/jis0208.c.

Decoders index jis0208/jis0212 directly by pointer (0 = no code point;
U+0000 is in neither index). jis0208 gives the code point's UTF-8
bytes, packed (text.h: the bytes, their count in bits 24..31): the
decoders' fast paths store them as they are. The jis0208 table runs to the end of
Shift_JIS's pointer space (60 leads x 188 trails = 11280 pointers) and
holds the Shift_JIS decoder's EUDC code points at pointers 8836..10715
(null in index jis0208): the Shift_JIS decoder reads it without a range
test; the EUC-JP and ISO-2022-JP decoders' pointers (row and column
below 94) stay below 8836. The Shift_JIS decoder turns a trail byte
into its column by a 256-byte table (the two ranges and the hole at
0x7F in one load). Encoders use a rank table over the BMP:
for every block of 32 code points a 32-bit map of the code points that
have an index pointer and the rank of the block's first one, plus the
pointers of all mapped code points in code point order. The pointer is
the index pointer, i.e. the FIRST pointer of the code point. Shift_JIS
excludes pointers 8272..8835 ("index Shift_JIS pointer"): the code
points whose first pointer lies there get their Shift_JIS pointer from
a small side table indexed by pointer - 8272.

Debian's 2017 jis0208 and jis0212 data equal the current index files
(compared entry by entry in a scratch script, 2026-11-21: identical).
Debian's data has no "index ISO-2022-JP katakana" (added to the standard
later); it is built here from the rule the standard states for it."""

import unicodedata

import common

SJIS_EXCL_LO = 8272
SJIS_EXCL_HI = 8835
# Shift_JIS decoder, step 3: pointers 8836..10715 are U+E000..U+E757
SJIS_EUDC_LO = 8836
SJIS_EUDC_HI = 10715
SJIS_DEC_LEN = 60 * 188
SJIS_NO_TRAIL = 0xFF
BLOCK = 32

# Encoding Standard, section "Indexes", index ISO-2022-JP katakana: "This
# maps halfwidth to fullwidth katakana as per Unicode Normalization Form
# KC, except that U+FF9E and U+FF9F map to U+309B and U+309C rather than
# U+3099 and U+309A." (index-iso-2022-jp-katakana.txt, pointers 0..62
# for U+FF61..U+FF9F). NFKC of halfwidth katakana is frozen by Unicode's
# normalization stability policy, so unicodedata gives the same result
# in every Python version.
KATAKANA_EXCEPTIONS = {0xFF9E: 0x309B, 0xFF9F: 0x309C}


def katakana_index():
    out = []
    for cp in range(0xFF61, 0xFFA0):
        if cp in KATAKANA_EXCEPTIONS:
            out.append(KATAKANA_EXCEPTIONS[cp])
            continue
        nfkc = unicodedata.normalize("NFKC", chr(cp))
        assert len(nfkc) == 1, hex(cp)
        out.append(ord(nfkc))
    return out


def first_pointers(index, skip=None):
    first = {}
    for p, cp in enumerate(index):
        if cp is None or (skip and skip[0] <= p <= skip[1]):
            continue
        first.setdefault(cp, p)
    return first


def trimmed(index):
    n = len(index)
    while n and index[n - 1] is None:
        n -= 1
    return [0 if cp is None else cp for cp in index[:n]]


def generate(ctx):
    jis0208 = ctx.indexes["jis0208"]
    jis0212 = ctx.indexes["jis0212"]
    assert all(cp is None or cp < 0x10000 for cp in jis0208 + jis0212)

    dec208 = trimmed(jis0208)
    dec212 = trimmed(jis0212)
    assert len(dec208) <= SJIS_DEC_LEN
    assert not any(dec208[SJIS_EUDC_LO:SJIS_EUDC_HI + 1])
    dec208 += [0] * (SJIS_DEC_LEN - len(dec208))
    for p in range(SJIS_EUDC_LO, SJIS_EUDC_HI + 1):
        dec208[p] = 0xE000 - SJIS_EUDC_LO + p
    # Shift_JIS decoder, step 3: offset is 0x40 below 0x7F, else 0x41
    sjis_trail = [SJIS_NO_TRAIL] * 256
    for byte in list(range(0x40, 0x7F)) + list(range(0x80, 0xFD)):
        sjis_trail[byte] = byte - (0x40 if byte < 0x7F else 0x41)
    assert max(c for c in sjis_trail if c != SJIS_NO_TRAIL) == 187

    first = first_pointers(jis0208)
    assert max(first.values()) < 8836	# the spec's note in the encoders
    nblocks = 0x10000 // BLOCK
    bits = [0] * nblocks
    base = [0] * nblocks
    ptrs = []
    for blk in range(nblocks):
        base[blk] = len(ptrs)
        for i in range(BLOCK):
            cp = blk * BLOCK + i
            if cp in first:
                bits[blk] |= 1 << i
                ptrs.append(first[cp])
    assert len(ptrs) < 0x10000

    # Shift_JIS encoder: its output for every code point from U+0080, in
    # pages of 64 code points (page 0 empty): steps 2-4 (U+0080, U+00A5,
    # U+203E, the half-width katakana: one byte), step 5 (U+2212 as
    # U+FF0D) and the two bytes of the index Shift_JIS pointer, lead << 8
    # | trail; a direct lookup instead of rank, popcount and a division
    # by 188 per character (48 KB).
    sjis_first = first_pointers(jis0208, (SJIS_EXCL_LO, SJIS_EXCL_HI))
    assert set(sjis_first) == set(first)
    assert 0x2212 not in sjis_first and 0xFF0D in sjis_first
    sjis_first[0x2212] = sjis_first[0xFF0D]
    sjis_byte = {0x80: 0x80, 0xA5: 0x5C, 0x203E: 0x7E}
    sjis_byte.update((cp, cp - 0xFF61 + 0xA1) for cp in range(0xFF61, 0xFFA0))
    assert not set(sjis_byte) & set(sjis_first)
    sjis_pages = [[0] * 64]
    sjis_pidx = [0] * (0x10000 // 64)
    for pg in range(0x10000 // 64):
        page = [0] * 64
        for i in range(64):
            p = sjis_first.get(pg * 64 + i)
            if p is not None:
                lead, trail = divmod(p, 188)
                page[i] = ((lead + (0x81 if lead < 0x1f else 0xc1)) << 8 |
                           (trail + (0x40 if trail < 0x3f else 0x41)))
            page[i] = sjis_byte.get(pg * 64 + i, page[i])
        if any(page):
            sjis_pidx[pg] = len(sjis_pages)
            sjis_pages.append(page)

    kata = katakana_index()

    deltas = [
        "index ISO-2022-JP katakana (not in the Debian data), built from\n"
        " *   the rule in the Encoding Standard, section \"Indexes\": NFKC\n"
        " *   of U+FF61..U+FF9F, except U+FF9E -> U+309B and U+FF9F ->\n"
        " *   U+309C (index-iso-2022-jp-katakana.txt).",
        "jis0208, jis0212: none. Debian's data equals the current index\n"
        " *   files (Identifier cbaa91f3... and 83bf90dd..., 2024-09-18).",
    ]
    out = [ctx.header("Japanese tables: jis0208, jis0212, ISO-2022-JP "
                      "katakana, reverse jis0208", deltas)]
    out.append("#define WE_JIS0208_DEC_LEN %d" % len(dec208))
    out.append("#define WE_SJIS_NO_TRAIL 0x%02x" % SJIS_NO_TRAIL)
    out.append("#define WE_JIS0212_DEC_LEN %d" % len(dec212))
    out.append("#define WE_JIS0208_ENC_PTRS %d" % len(ptrs))
    out.append("#define WE_SJIS_ENC_PAGES %d" % len(sjis_pages))
    out.append("")
    out.append(common.comment(
        "index jis0208: the code point's UTF-8, packed, by pointer, 0 = "
        "null; pointers %d..%d (null in the index) hold the Shift_JIS "
        "decoder's U+E000..U+E757"
        % (SJIS_EUDC_LO, SJIS_EUDC_HI)))
    out.append(common.c_array("const u32 whatenc_jis0208_utf8[WE_JIS0208_DEC_LEN]",
                              [common.utf8_packed(c) for c in dec208],
                              fmt="0x%08x", per_line=6))
    out.append("/* Shift_JIS decoder: trail byte -> column 0..187, "
               "WE_SJIS_NO_TRAIL: none */")
    out.append(common.c_array("const u8 whatenc_sjis_trail[256]", sjis_trail,
                              fmt="0x%02x", per_line=12))
    out.append("/* index jis0212: code point by pointer, 0 = null */")
    out.append(common.c_array("const u16 whatenc_jis0212_dec[WE_JIS0212_DEC_LEN]",
                              dec212))
    out.append("/* reverse jis0208: code points with an index pointer, per %d */"
               % BLOCK)
    out.append(common.c_array("const u32 whatenc_jis0208_enc_bits[%d]" % nblocks,
                              bits, fmt="0x%08x", per_line=4))
    out.append("/* reverse jis0208: rank of each block's first mapped code point */")
    out.append(common.c_array("const u16 whatenc_jis0208_enc_base[%d]" % nblocks,
                              base))
    out.append("/* reverse jis0208: index pointer (the first), code point order */")
    out.append(common.c_array("const u16 whatenc_jis0208_enc_ptr[WE_JIS0208_ENC_PTRS]",
                              ptrs, fmt="%5d"))
    out.append(common.comment(
        "Shift_JIS encoder: the first entry of the page of code point >> 6 "
        "(page * 64; 0: page 0, none)"))
    assert len(sjis_pages) * 64 <= 0x10000
    out.append(common.c_array("const u16 whatenc_sjis_enc_pidx[%d]" % len(sjis_pidx),
                              [pg * 64 for pg in sjis_pidx], fmt="%5d", per_line=10))
    out.append(common.comment(
        "Shift_JIS encoder: by code point & 63, one byte (below 0x100) "
        "or lead << 8 | trail (U+2212 as U+FF0D); 0: none"))
    out.append("const u16 whatenc_sjis_enc_page[WE_SJIS_ENC_PAGES * 64] = {")
    for pg, page in enumerate(sjis_pages):
        out.append("\t/* page %d */" % pg)
        for i in range(0, 64, 8):
            out.append("\t" + ", ".join("0x%04x" % v for v in page[i:i + 8]) + ",")
    out.append("};\n")
    out.append("/* index ISO-2022-JP katakana: U+FF61..U+FF9F -> code point */")
    out.append(common.c_array("const u16 whatenc_iso2022jp_katakana[%d]" % len(kata),
                              kata))
    ctx.write("tables_jis.h", "\n".join(out))
