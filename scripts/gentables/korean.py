# SPDX-License-Identifier: GPL-2.0-only
"""EUC-KR (windows-949, Unified Hangul Code) -> module/codec/tables/tables_euc_kr.h.

The decoder table is index EUC-KR for all 126 leads (the nulls after
the last non-null pointer included: one row layout, no branch on the
lead) and a row of zeros before and after them for the bytes 0x80 and 0xFF, each row 256
columns, one for every trail byte (128 rows of 256: the index is the two
bytes as one big-endian number, no test on the trail), each entry the
code point's UTF-8 in 3 bytes (98,305 bytes: no UTF-8 to build from a
code point on Korean text's hot path);
the encoder's is a bitmap + rank reverse table of the first pointer of
each code point (see chinese.rank_table()), except for the
11172 Hangul syllables U+AC00..U+D7A3, which are all in the index in
Unicode order in two runs: the 2350 of KS X 1001 (rows 0xB0..0xC8,
trails 0xA1..0xFE) and the 8822 others of the Unified Hangul Code
(leads 0x81..0xA0 with 178 trails 0x41..0x5A, 0x61..0x7A, 0x81..0xFE,
then leads 0xA1..0xC6 with the first 84 of them); generate() asserts
that the index has exactly this shape. The encoder reads their bytes
from a direct table in code point order (22 KB: one load per syllable,
no rank, popcount or division on Korean text's hot path)."""

import common
from chinese import rank_table


def euc_kr_bytes(pointer):
    return ((pointer // 190 + 0x81) << 8) | (pointer % 190 + 0x41)


def generate(ctx):
    index = list(ctx.indexes["euc-kr"])
    # index EUC-KR by pointer, (lead - 0x81) * 190 + trail - 0x41, for
    # every lead 0x81..0xFE: one row layout, no branch on the lead or the
    # trail's class (leads 0xC7..0xFE only have trails 0xA1..0xFE)
    assert all(index[(lead - 0x81) * 190 + t - 0x41] is None
               for lead in range(0xC7, 0xFF) for t in range(0x41, 0xA1))
    # in rows of 256 columns, one for every byte after the lead (0 outside
    # the trails 0x41..0xFE): the decoder's index is the two bytes as a
    # big-endian number less 0x8000, with no test or arithmetic on the
    # trail; and rows of zeros for the leads 0x80 and 0xFF, which are not
    # leads: a row for every byte with its high bit set, so the decoder's
    # fast path needs no test on the lead (0 is "not a code" there too)
    size = 126 * 190
    assert len(index) <= size
    index += [None] * (size - len(index))
    dec = [0] * 256
    for row in range(126):
        dec += [index[row * 190 + t - 0x41] or 0 if 0x41 <= t <= 0xFE else 0
                for t in range(0x100)]
    dec += [0] * 256
    assert len(dec) == 0x8000
    assert all(c <= 0xFFFF for c in dec)
    # each entry the code point's UTF-8, 3 bytes (a 2-byte form and a 0;
    # 0 0 0 for null), and a 0 at the end for a 4-byte load at the last
    utf8 = []
    for c in dec:
        b = chr(c).encode("utf-8") if c else b""
        assert c == 0 or 2 <= len(b) <= 3
        utf8 += list(b) + [0] * (3 - len(b))
    utf8.append(0)
    enc = {}
    for pointer, cp in enumerate(index):
        if cp is not None:
            enc.setdefault(cp, euc_kr_bytes(pointer))

    # Hangul syllables: check the two runs, keep only the KS X 1001 bitmap
    hangul = range(0xAC00, 0xD7A4)
    ksx = [c for c in hangul if enc[c] >> 8 >= 0xB0 and enc[c] & 0xFF >= 0xA1]
    uhc = [c for c in hangul if c not in set(ksx)]
    assert len(ksx) == 2350 and len(uhc) == 8822
    for r, c in enumerate(ksx):
        assert enc[c] == ((0xB0 + r // 94) << 8) | (0xA1 + r % 94)
    for k, c in enumerate(uhc):
        lead, t = ((0x81 + k // 178, k % 178) if k < 32 * 178 else
                   (0xA1 + (k - 32 * 178) // 84, (k - 32 * 178) % 84))
        trail = 0x41 + t if t < 26 else 0x61 + t - 26 if t < 52 else 0x81 + t - 52
        assert enc[c] == (lead << 8) | trail
    hangul_enc = [enc[c] for c in hangul]
    for c in hangul:
        del enc[c]
    out = [ctx.header("tables_euc_kr.h - EUC-KR: index EUC-KR and "
                      "its reverse table")]
    out.append("#ifndef WHATENC_TABLES_EUC_KR_H\n#define WHATENC_TABLES_EUC_KR_H\n\n")
    out.append("/*\n * index EUC-KR by (lead << 8 | trail) - 0x8000, 3 bytes an entry: the"
               "\n * code point's UTF-8 (2 bytes and a 0, or 3), or 0 0 0 for null; a 0"
               "\n * at the end (a 4-byte load at the last).\n */\n")
    out.append(common.c_array("static const u8 euc_kr_dec_utf8[%d]" % len(utf8),
                              utf8, "0x%02x", 12))
    out.append("\n/* encoder: code point -> lead << 8 | trail */\n")
    text, _ = rank_table(ctx, "euc_kr", enc)
    out.append(text)
    out.append("\n/* Hangul syllables U+AC00 + i -> lead << 8 | trail */\n")
    out.append(common.c_array("static const u16 euc_kr_hangul_enc[%d]"
                              % len(hangul_enc), hangul_enc))
    out.append("\n#endif /* WHATENC_TABLES_EUC_KR_H */\n")
    ctx.write("tables_euc_kr.h", "".join(out))
