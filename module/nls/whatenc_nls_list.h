/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * whatenc_nls_list.h - the NLS tables of whatenc_nls.ko, one line each
 *
 * A list to expand, not a header: whoever includes it defines
 * WHATENC_NLS(id, name, case) first (and undefines it after).
 *
 * WHATENC_NLS(id, name, case):
 *   - id: the encoding (enum whatenc_encoding without WHATENC_);
 *   - name: the table's charset name, a contract: "whatwg-" and the
 *     encoding's name in lowercase, never a name fs/nls uses. Mount
 *     options name it (iocharset=whatwg-big5, hfs codepage=...), and
 *     whatenc_nls.ko carries the module alias "nls_" + name for each,
 *     so that load_nls() loads it on demand;
 *   - case: where charset2lower/charset2upper come from: the stem of the
 *     generated single-byte tables (nls_case_tables.h), ascii (fold
 *     A-Z/a-z only: EUC-JP, whose multi-byte codes are all >= 0x8E, and
 *     x-user-defined), or
 *     none (fold nothing: in Shift_JIS, GBK, gb18030, Big5 and EUC-KR a
 *     second byte can be an ASCII letter, so folding bytes would make two
 *     different names equal).
 *
 * Left out: UTF-8 (fs/nls's utf8, and filesystems' own UTF-8 paths,
 * which are not limited to the BMP), ISO-2022-JP (stateful: a character's
 * bytes depend on the escape sequences before it, which per-character
 * callbacks cannot carry), UTF-16BE/LE (not byte-oriented: a name's
 * bytes contain NUL), replacement (decodes anything to one U+FFFD, encodes
 * nothing of its own).
 *
 * The CJK tables are there when their family is (module/Kconfig).
 */
#include "whatenc_config.h"
WHATENC_NLS(IBM866, "whatwg-ibm866", ibm866)
WHATENC_NLS(ISO_8859_2, "whatwg-iso-8859-2", iso_8859_2)
WHATENC_NLS(ISO_8859_3, "whatwg-iso-8859-3", iso_8859_3)
WHATENC_NLS(ISO_8859_4, "whatwg-iso-8859-4", iso_8859_4)
WHATENC_NLS(ISO_8859_5, "whatwg-iso-8859-5", iso_8859_5)
WHATENC_NLS(ISO_8859_6, "whatwg-iso-8859-6", iso_8859_6)
WHATENC_NLS(ISO_8859_7, "whatwg-iso-8859-7", iso_8859_7)
WHATENC_NLS(ISO_8859_8, "whatwg-iso-8859-8", iso_8859_8)
WHATENC_NLS(ISO_8859_8_I, "whatwg-iso-8859-8-i", iso_8859_8)
WHATENC_NLS(ISO_8859_10, "whatwg-iso-8859-10", iso_8859_10)
WHATENC_NLS(ISO_8859_13, "whatwg-iso-8859-13", iso_8859_13)
WHATENC_NLS(ISO_8859_14, "whatwg-iso-8859-14", iso_8859_14)
WHATENC_NLS(ISO_8859_15, "whatwg-iso-8859-15", iso_8859_15)
WHATENC_NLS(ISO_8859_16, "whatwg-iso-8859-16", iso_8859_16)
WHATENC_NLS(KOI8_R, "whatwg-koi8-r", koi8_r)
WHATENC_NLS(KOI8_U, "whatwg-koi8-u", koi8_u)
WHATENC_NLS(MACINTOSH, "whatwg-macintosh", macintosh)
WHATENC_NLS(WINDOWS_874, "whatwg-windows-874", windows_874)
WHATENC_NLS(WINDOWS_1250, "whatwg-windows-1250", windows_1250)
WHATENC_NLS(WINDOWS_1251, "whatwg-windows-1251", windows_1251)
WHATENC_NLS(WINDOWS_1252, "whatwg-windows-1252", windows_1252)
WHATENC_NLS(WINDOWS_1253, "whatwg-windows-1253", windows_1253)
WHATENC_NLS(WINDOWS_1254, "whatwg-windows-1254", windows_1254)
WHATENC_NLS(WINDOWS_1255, "whatwg-windows-1255", windows_1255)
WHATENC_NLS(WINDOWS_1256, "whatwg-windows-1256", windows_1256)
WHATENC_NLS(WINDOWS_1257, "whatwg-windows-1257", windows_1257)
WHATENC_NLS(WINDOWS_1258, "whatwg-windows-1258", windows_1258)
WHATENC_NLS(X_MAC_CYRILLIC, "whatwg-x-mac-cyrillic", x_mac_cyrillic)
#ifdef CONFIG_WHATENC_CHINESE
WHATENC_NLS(GBK, "whatwg-gbk", none)
WHATENC_NLS(GB18030, "whatwg-gb18030", none)
#endif
#ifdef CONFIG_WHATENC_BIG5
WHATENC_NLS(BIG5, "whatwg-big5", none)
#endif
#ifdef CONFIG_WHATENC_JAPANESE
WHATENC_NLS(EUC_JP, "whatwg-euc-jp", ascii)
WHATENC_NLS(SHIFT_JIS, "whatwg-shift_jis", none)
#endif
#ifdef CONFIG_WHATENC_KOREAN
WHATENC_NLS(EUC_KR, "whatwg-euc-kr", none)
#endif
WHATENC_NLS(X_USER_DEFINED, "whatwg-x-user-defined", ascii)
