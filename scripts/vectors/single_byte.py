#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""gen-vectors: the 28 legacy single-byte encodings' indexes from
$SHARED/whatwg/index-<name>.txt -> OUTDIR/sb_vectors.h: one struct
wtv_index per encoding (enum order), 128 pointers each.

This reads the WHATWG files directly, independently of the tables that
scripts/gen-tables generates from Debian's data. ISO-8859-8-I uses the
ISO-8859-8 index (Encoding Standard, "Legacy single-byte encodings")."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "lib"))
from wtvec import Header, c_string, read_index  # noqa: E402

ENCODINGS = [
    ("IBM866", "ibm866"), ("ISO_8859_2", "iso-8859-2"),
    ("ISO_8859_3", "iso-8859-3"), ("ISO_8859_4", "iso-8859-4"),
    ("ISO_8859_5", "iso-8859-5"), ("ISO_8859_6", "iso-8859-6"),
    ("ISO_8859_7", "iso-8859-7"), ("ISO_8859_8", "iso-8859-8"),
    ("ISO_8859_8_I", "iso-8859-8"), ("ISO_8859_10", "iso-8859-10"),
    ("ISO_8859_13", "iso-8859-13"), ("ISO_8859_14", "iso-8859-14"),
    ("ISO_8859_15", "iso-8859-15"), ("ISO_8859_16", "iso-8859-16"),
    ("KOI8_R", "koi8-r"), ("KOI8_U", "koi8-u"),
    ("MACINTOSH", "macintosh"), ("WINDOWS_874", "windows-874"),
    ("WINDOWS_1250", "windows-1250"), ("WINDOWS_1251", "windows-1251"),
    ("WINDOWS_1252", "windows-1252"), ("WINDOWS_1253", "windows-1253"),
    ("WINDOWS_1254", "windows-1254"), ("WINDOWS_1255", "windows-1255"),
    ("WINDOWS_1256", "windows-1256"), ("WINDOWS_1257", "windows-1257"),
    ("WINDOWS_1258", "windows-1258"), ("X_MAC_CYRILLIC", "x-mac-cyrillic"),
]


def main():
    shared, outdir = sys.argv[1], sys.argv[2]
    indexes = [read_index(shared, name) for _, name in ENCODINGS]
    present = all(ix is not None for ix in indexes)
    h = Header(outdir, "sb_vectors.h", "SB", present)
    rows = []
    if present:
        for (enum, name), ix in zip(ENCODINGS, indexes):
            cps = [ix.get(p, 0xffffffff) for p in range(128)]
            off = len(h._cps)
            h._cps.extend(cps)      # not deduplicated: one block each
            rows.append("\t{ %s, WHATENC_%s, 128, %d },"
                        % (c_string(name), enum, off))
    h.raw("#define SB_N_INDEXES %d" % len(rows))
    h.raw("static const struct wtv_index sb_indexes[] __maybe_unused = {\n"
          "%s\n};" % ("\n".join(rows) if rows else "\t{ 0 }"))
    h.write()


if __name__ == "__main__":
    main()
