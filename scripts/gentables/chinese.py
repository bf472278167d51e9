# SPDX-License-Identifier: GPL-2.0-only
"""gb18030/GBK and Big5 -> module/codec/tables/tables_gb18030.h
and tables_big5.h.

Decoder tables are indexed directly by pointer (gb18030's by the two
bytes). Big5's encoder tables are "bitmap + rank" reverse tables (see rank_table()): for every block of 32
code points of a non-empty 1024-code-point page (the empty ones share
one page of zero bitmaps), a 32-bit presence bitmap and the rank of the
block's first entry; the entry for a code point is
code[base + popcount(bits below)].
Entries are the two output bytes (lead << 8 | trail), so the encoder does
no division. Big5's 291 encodable astral code points are a sorted array searched
by bisection (they are rare in text, and a bitmap over plane 2 would
cost 12 KB of block headers).

gb18030's (and GBK's) encoder table is a page table instead
(page_table(): an offset per 64 code points, pages alike stored once,
60,288 bytes against 27,636 for a rank table): one branch-free lookup of
two loads for every BMP code point, where Chinese text alternates
between CJK Unified Ideographs and punctuation."""

import common

# whatwg/encoding commit 2c3853e (2024-10-04, "Update gb18030 to
# GB18030-2022", PR #336): 18 index gb18030 entries changed from Private
# Use code points to the standard's new mappings. Debian's 2017 data still
# has the old (PUA) values.
GB18030_2022 = [
    (7182, 0xE78D, 0xFE10), (7183, 0xE78E, 0xFE12), (7184, 0xE78F, 0xFE11),
    (7185, 0xE790, 0xFE13), (7186, 0xE791, 0xFE14), (7187, 0xE792, 0xFE15),
    (7188, 0xE793, 0xFE16), (7201, 0xE794, 0xFE17), (7202, 0xE795, 0xFE18),
    (7208, 0xE796, 0xFE19), (23775, 0xE81E, 0x9FB4), (23783, 0xE826, 0x9FB5),
    (23788, 0xE82B, 0x9FB6), (23789, 0xE82C, 0x9FB7), (23795, 0xE832, 0x9FB8),
    (23812, 0xE843, 0x9FB9), (23829, 0xE854, 0x9FBA), (23845, 0xE864, 0x9FBB),
]

# The same commit's gb18030 encoder table ("If there is a row in the table
# below whose first column is codePoint"): the 18 old PUA code points
# encode to their old two-byte forms. Derived from GB18030_2022: the old
# code point of pointer p encodes as p's bytes.

BIG5_LAST = (0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345)
BIG5_EXCLUDED_BELOW = (0xA1 - 0x81) * 157
# a trail byte's column when it is none: any row's pointer past the table
BIG5_NO_TRAIL = 0x8000


def popcount(x):
    return bin(x).count("1")


def rank_table(ctx, prefix, entries, alt=None):
    """C arrays for a two-level bitmap + rank reverse table over the BMP
    (entries: {cp: u16 value}, all below 0x10000). <prefix>_enc_page[cp
    >> 10] is the slot of the 1024-code-point page, each slot 32 blocks of
    32 code points with a presence bitmap and the rank of the block's
    first entry. The pages without entries share one slot whose bitmaps
    are 0 (no test for "no page" on the lookup's path). alt: (name, cps)
    for a second page array <prefix>_<name>_enc_page without cps: their
    pages get slots of their own, the same but for their bits (each the
    last entry of its block, so the ranks of the others hold), sharing
    the code array. Returns (text, size)."""
    assert max(entries) < 0x10000
    page, bits, base, code = [], [], [], []
    def put_page(pg, drop):
        for blk in range(pg * 32, pg * 32 + 32):
            bm = 0
            base.append(rank[blk])
            for i in range(32):
                cp = (blk << 5) | i
                if cp in entries and cp not in drop:
                    bm |= 1 << i
            bits.append(bm)

    rank, n = [], 0
    for blk in range(0x10000 >> 5):
        rank.append(n)
        for i in range(32):
            if (blk << 5) | i in entries:
                code.append(entries[(blk << 5) | i])
                n += 1
    used = [any((pg << 10) <= c < ((pg + 1) << 10) for c in entries)
            for pg in range(64)]
    for pg in range(64):
        if used[pg]:
            page.append(len(bits) // 32)
            put_page(pg, ())
    if not all(used):
        empty = len(bits) // 32
        bits.extend([0] * 32)
        base.extend([0] * 32)
        page = [page.pop(0) if u else empty for u in used]
    alt_page = None
    if alt:
        name, drop = alt
        alt_page = list(page)
        for cp in sorted(drop):
            assert cp in entries
            assert not any(c in entries for c in range(cp + 1, (cp | 31) + 1))
            alt_page[cp >> 10] = len(bits) // 32
            put_page(cp >> 10, drop)
    assert len(code) == len(entries) and len(code) < 65536
    assert len(bits) // 32 < 0x100
    text = common.c_array("static const u8 %s_enc_page[64]" % prefix, page,
                          "0x%02x", 12)
    size = 64
    if alt:
        text += "\n/* the same without %s */\n" % ", ".join(
            "U+%04X" % c for c in sorted(alt[1]))
        text += common.c_array("static const u8 %s_%s_enc_page[64]"
                               % (prefix, alt[0]), alt_page, "0x%02x", 12)
        size += 64
    text += "\n" + common.c_array("static const u32 %s_enc_bits[%d]"
                                  % (prefix, len(bits)), bits, "0x%08x", 6)
    text += "\n" + common.c_array("static const u16 %s_enc_base[%d]"
                                  % (prefix, len(base)), base, "%5d", 10)
    text += "\n" + common.c_array("static const u16 %s_enc_code[%d]"
                                  % (prefix, len(code)), code)
    return text, size + 4 * len(bits) + 2 * len(base) + 2 * len(code)


def page_table(prefix, entries, alt):
    """C arrays for a one-level page table over the BMP (entries: {cp:
    u16 value}, all below 0x10000): <prefix>_enc_pidx[cp >> 6] is the
    offset in <prefix>_enc_code of the 64 entries of cp's page (0 where
    cp has none; pages alike are stored once, the empty ones among them).
    alt: (name, cps), a second offset array <prefix>_<name>_enc_pidx
    whose pages of cps are copies without them. Returns (text, size)."""
    assert max(entries) < 0x10000
    code, where = [], {}

    def put(pg):
        if pg not in where:
            where[pg] = len(code)
            code.extend(pg)
        return where[pg]

    def page(p, drop=()):
        return tuple(0 if (p << 6) | i in drop else entries.get((p << 6) | i, 0)
                     for i in range(64))

    pidx = [put(page(p)) for p in range(1024)]
    name, drop = alt
    alt_pidx = list(pidx)
    for cp in drop:
        assert cp in entries
        alt_pidx[cp >> 6] = put(page(cp >> 6, drop))
    assert len(code) <= 0x10000 - 64
    text = common.comment(
        "encoder: code point -> lead << 8 | trail, 0 for none: "
        "%s_enc_code[%s_enc_pidx[cp >> 6] + (cp & 63)]" % (prefix, prefix)) + "\n"
    text += common.c_array("static const u16 %s_enc_pidx[1024]" % prefix,
                           pidx, "%5d", 10)
    text += "\n/* the same without %s */\n" % ", ".join(
        "U+%04X" % c for c in sorted(drop))
    text += common.c_array("static const u16 %s_%s_enc_pidx[1024]"
                           % (prefix, name), alt_pidx, "%5d", 10)
    text += "\n" + common.c_array("static const u16 %s_enc_code[%d]"
                                   % (prefix, len(code)), code)
    return text, 2 * 2 * 1024 + 2 * len(code)


def gb_bytes(pointer):
    lead, trail = pointer // 190 + 0x81, pointer % 190
    return (lead << 8) | (trail + (0x40 if trail < 0x3F else 0x41))


def gb18030(ctx):
    index = list(ctx.indexes["gb18030"])
    for pointer, old, new in GB18030_2022:
        assert index[pointer] == old, "Debian gb18030 data not as expected"
        index[pointer] = new
    assert len(index) == 23940 and all(index)
    ranges = ctx.indexes["gb18030-ranges"]
    assert ranges[-1] == [189000, 0x10000]
    bmp = ranges[:-1]

    enc = {}
    for pointer, cp in enumerate(index):
        enc.setdefault(cp, gb_bytes(pointer))
    for pointer, old, new in GB18030_2022:
        assert old not in enc and old != 0xE5E5
        enc[old] = gb_bytes(pointer)
    assert 0xE5E5 not in enc

    sizes = {}
    deltas = ["index gb18030 pointer %d: U+%04X -> U+%04X (GB18030-2022)"
              % (p, old, new) for p, old, new in GB18030_2022]
    deltas.insert(0, "whatwg/encoding 2c3853e (2024-10-04, PR #336) changed "
                  "18 entries:")
    deltas.append("and added the gb18030 encoder's table of the 18 old code "
                  "points, folded")
    deltas.append("into the reverse table (none of them is in the index "
                  "any more)")
    out = [ctx.header("tables_gb18030.h - gb18030 and GBK: index gb18030, "
                      "its ranges, reverse table", deltas)]
    out.append("#ifndef WHATENC_TABLES_GB18030_H\n"
               "#define WHATENC_TABLES_GB18030_H\n\n")
    # index gb18030 in rows of 256 columns, one for every byte after the
    # lead: the decoder's index is the two bytes as a big-endian number
    # less 0x8000, with no test or arithmetic on the trail; 0 for every
    # trail outside 0x40..0x7E and 0x80..0xFE (no pointer of index
    # gb18030 is null) and rows of 0 for the leads 0x80 and 0xFF (no test
    # on the lead)
    dec = [0] * 256
    for row in range(126):
        for t in range(0x100):
            dec.append(index[row * 190 + t - (0x40 if t < 0x7F else 0x41)]
                       if 0x40 <= t <= 0xFE and t != 0x7F else 0)
    dec += [0] * 256
    assert len(dec) == 0x8000
    out.append(common.comment(
        "index gb18030 by (lead << 8 | trail) - 0x8000: code point, all BMP; "
        "0 for the trails outside 0x40..0x7E, 0x80..0xFE and the leads 0x80 "
        "and 0xFF") + "\n")
    out.append(common.c_array("static const u16 gb18030_dec[%d]" % len(dec),
                              dec))
    sizes["gb18030_dec"] = 2 * len(dec)

    # ranges, without the last (189000 -> U+10000), which the code handles
    out.append("\n" + common.comment(
        "index gb18030 ranges below pointer 39420 (pointer, code point)") + "\n")
    out.append("#define GB18030_NR_RANGES %d\n" % len(bmp))
    out.append(common.c_array("static const u16 gb18030_rng_ptr[%d]" % len(bmp),
                              [p for p, _ in bmp], "%5d", 10))
    out.append("\n" + common.c_array("static const u16 gb18030_rng_cp[%d]" % len(bmp),
                              [c for _, c in bmp]))
    sizes["gb18030_ranges"] = 4 * len(bmp)
    # hints: the last range starting at or before (k << 7)
    assert len(bmp) < 256
    ph = [max(i for i, (p, _) in enumerate(bmp) if p <= (k << 7))
          for k in range((39419 >> 7) + 1)]
    ch = [max((i for i, (_, c) in enumerate(bmp) if c <= (k << 7)), default=0)
          for k in range(0x10000 >> 7)]
    out.append("\n/* last range whose pointer is <= (k << 7) */\n")
    out.append(common.c_array("static const u8 gb18030_rng_ptr_hint[%d]" % len(ph),
                              ph, "%3d", 12))
    out.append("\n/* last range whose code point is <= (k << 7) */\n")
    out.append(common.c_array("static const u8 gb18030_rng_cp_hint[%d]" % len(ch),
                              ch, "%3d", 12))
    sizes["gb18030_hints"] = len(ph) + len(ch)

    # GBK writes U+20AC as 0x80: its page index is the same but for the
    # page of U+20AC, which is a copy without it
    text, size = page_table("gb18030", enc, ("gbk", (0x20AC,)))
    out.append("\n" + text)
    sizes["gb18030_enc"] = size
    out.append("\n#endif /* WHATENC_TABLES_GB18030_H */\n")
    ctx.write("tables_gb18030.h", "".join(out))
    return sizes


def big5_bytes(pointer):
    lead, trail = pointer // 157 + 0x81, pointer % 157
    return (lead << 8) | (trail + (0x40 if trail < 0x3F else 0x62))


def big5(ctx):
    index = list(ctx.indexes["big5"])
    first = min(i for i, c in enumerate(index) if c)
    dec = index[first:]
    # the decoder: per pointer, 3 bytes: the code point's UTF-8 (a 2-byte
    # one with a 0 after it), 0xF0 and the low 16 bits (little-endian) of
    # a U+2xxxx, or 0 0 0 (null); a 0 after the last for the fast path's
    # 4-byte load
    utf8 = []
    for c in dec:
        if not c:
            utf8 += [0, 0, 0]
        elif c > 0xFFFF:
            assert c >> 16 == 2
            utf8 += [0xF0, c & 0xFF, c >> 8 & 0xFF]
        else:
            b = chr(c).encode("utf-8")
            assert 2 <= len(b) <= 3
            utf8 += list(b) + [0] * (3 - len(b))
    utf8.append(0)
    # trail byte -> column 0..156, BIG5_NO_TRAIL (past every row) if none
    trail = [BIG5_NO_TRAIL] * 256
    for byte in list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)):
        trail[byte] = byte - (0x40 if byte < 0x7F else 0x62)

    enc = {}
    for pointer, cp in enumerate(index):
        if cp is None or pointer < BIG5_EXCLUDED_BELOW:
            continue
        if cp in BIG5_LAST or cp not in enc:
            enc[cp] = big5_bytes(pointer)   # last pointer / first pointer
    bmp = {c: v for c, v in enc.items() if c <= 0xFFFF}
    sip = sorted((c, v) for c, v in enc.items() if c > 0xFFFF)
    assert all(c >> 16 == 2 for c, _ in sip)

    sizes = {}
    out = [ctx.header("tables_big5.h - Big5: index Big5 and the "
                      "reverse tables of index Big5 pointer")]
    out.append("#ifndef WHATENC_TABLES_BIG5_H\n#define WHATENC_TABLES_BIG5_H\n\n")
    out.append("/*\n * index Big5 from pointer BIG5_DEC_FIRST on, 3 bytes a pointer: the"
               "\n * code point's UTF-8 (2 bytes and a 0, or 3), or 0xF0 and the low"
               "\n * 16 bits (little-endian) of a U+2xxxx, or 0 0 0 for null; a 0 at"
               "\n * the end (a 4-byte load at the last).\n */\n")
    out.append("#define BIG5_DEC_FIRST %d\n" % first)
    out.append("#define BIG5_DEC_LEN %d\n" % len(dec))
    out.append(common.c_array("static const u8 big5_dec_utf8[%d]" % len(utf8),
                              utf8, "0x%02x", 12))
    out.append("\n/* trail byte -> column 0..156, BIG5_NO_TRAIL: none */\n")
    out.append("#define BIG5_NO_TRAIL 0x%04x\n" % BIG5_NO_TRAIL)
    out.append(common.c_array("static const u16 big5_trail[256]", trail))
    sizes["big5_dec"] = len(utf8) + 2 * len(trail)
    out.append("\n/*\n * encoder (index Big5 pointer: pointers below %d excluded,"
               "\n * last pointer for U+2550 U+255E U+2561 U+256A U+5341 U+5345):"
               "\n * code point -> lead << 8 | trail\n */\n" % BIG5_EXCLUDED_BELOW)
    text, size = rank_table(ctx, "big5", bmp)
    out.append(text)
    sizes["big5_enc_bmp"] = size
    out.append("\n/* plane 2, sorted: code point - 0x20000, and its bytes */\n")
    out.append("#define BIG5_NR_SIP %d\n" % len(sip))
    out.append(common.c_array("static const u16 big5_sip_cp[%d]" % len(sip),
                              [c & 0xFFFF for c, _ in sip]))
    out.append("\n" + common.c_array("static const u16 big5_sip_code[%d]" % len(sip),
                              [v for _, v in sip]))
    sizes["big5_enc_sip"] = 4 * len(sip)
    out.append("\n#endif /* WHATENC_TABLES_BIG5_H */\n")
    ctx.write("tables_big5.h", "".join(out))
    return sizes


def generate(ctx):
    gb18030(ctx)
    big5(ctx)
