# SPDX-License-Identifier: GPL-2.0-only
"""EUC-KR (windows-949, Unified Hangul Code) -> module/tables_euc_kr.h.

The decoder table is index EUC-KR by pointer (up to the last non-null
pointer); the encoder's is a bitmap + rank reverse table of the first
pointer of each code point (see chinese.rank_table())."""

import common
from chinese import rank_table


def euc_kr_bytes(pointer):
    return ((pointer // 190 + 0x81) << 8) | (pointer % 190 + 0x41)


def generate(ctx):
    index = list(ctx.indexes["euc-kr"])
    last = max(i for i, c in enumerate(index) if c)
    dec = [c or 0 for c in index[:last + 1]]
    assert all(c <= 0xFFFF for c in dec)
    enc = {}
    for pointer, cp in enumerate(index):
        if cp is not None:
            enc.setdefault(cp, euc_kr_bytes(pointer))
    out = [ctx.header("tables_euc_kr.h - EUC-KR: index EUC-KR and "
                      "its reverse table")]
    out.append("#ifndef WHATENC_TABLES_EUC_KR_H\n#define WHATENC_TABLES_EUC_KR_H\n\n")
    out.append("/* index EUC-KR: pointer -> code point, 0 = null */\n")
    out.append(common.c_array("static const u16 euc_kr_dec[%d]" % len(dec), dec))
    out.append("\n/* encoder: code point -> lead << 8 | trail */\n")
    text, _ = rank_table(ctx, "euc_kr", enc, min(enc), max(enc))
    out.append(text)
    out.append("\n#endif /* WHATENC_TABLES_EUC_KR_H */\n")
    ctx.write("tables_euc_kr.h", "".join(out))
