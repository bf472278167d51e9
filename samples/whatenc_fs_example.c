// SPDX-License-Identifier: GPL-2.0-only
/*
 * whatenc_fs_example.c - how a filesystem would use whatenc for names
 *
 * A filesystem that stores names in a legacy encoding (a FAT volume
 * written by a Japanese DOS, a CD with Shift_JIS names, an old SMB
 * server) takes the encoding from a mount option, looks it up once with
 * whatenc_get_encoding(), and converts each name in one call:
 *
 *	enc = whatenc_get_encoding(opt, strlen(opt));	// at mount
 *	len = whatenc_name_decode(enc, disk, disk_len, buf, NAME_MAX + 1,
 *				  WHATENC_NAME_NO_SEP | WHATENC_NAME_NUL_TERM);
 *	if (len < 0)
 *		return len;	// -EILSEQ, -ENAMETOOLONG or -EINVAL
 *
 * The conversion is exact (the WHATWG Encoding Standard, as browsers do
 * it), covers all of Unicode (not just the BMP like fs/nls), fails on
 * malformed or unmappable input instead of guessing, never lets a name
 * grow a '/' or NUL, and never sleeps: it may be called under a
 * spinlock. Names stored as UTF-16 that may hold lone surrogates (NTFS,
 * Joliet) are kept losslessly as WTF-8 and shown as UTF-8.
 *
 * At load time this module converts a few names and prints them:
 *
 *	insmod whatenc_fs_example.ko [charset=LABEL]
 *
 * LABEL is any Encoding Standard label (default "shift_jis"); an unknown
 * label makes the load fail with -EINVAL, like a bad mount option.
 */
#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/string.h>
#include "whatenc.h"
#include "whatenc_names.h"

static char *charset = "shift_jis";
module_param(charset, charp, 0444);
MODULE_PARM_DESC(charset, "encoding label of the legacy name (default shift_jis)");

/* "テスト.txt" in Shift_JIS (index jis0208 pointers 413, 400, 415). */
static const u8 legacy_name[] = {
	0x83, 0x65, 0x83, 0x58, 0x83, 0x67, '.', 't', 'x', 't'
};

/* "café😀" in UTF-16LE, as NTFS or exFAT store it. */
static const u8 utf16_name[] = {
	'c', 0, 'a', 0, 'f', 0, 0xe9, 0, 0x3d, 0xd8, 0x00, 0xde
};

/* "x", a lone lead surrogate, "y": ill-formed UTF-16LE, legal on NTFS. */
static const u8 wobbly_name[] = { 'x', 0, 0x3d, 0xd8, 'y', 0 };

static int __init whatenc_fs_example_init(void)
{
	/* a real filesystem would not put NAME_MAX bytes on the stack */
	static u8 buf[NAME_MAX + 1], back[NAME_MAX + 1];
	int enc, len, blen, i;
	char hex[3 * 16 + 1] = "";

	enc = whatenc_get_encoding(charset, strlen(charset));
	if (enc < 0) {
		pr_err("whatenc_fs_example: unknown charset \"%s\"\n", charset);
		return -EINVAL;
	}

	/* 1. A legacy name, decoded to UTF-8 as the VFS wants it. */
	len = whatenc_name_decode(enc, legacy_name, sizeof(legacy_name), buf,
				  sizeof(buf), WHATENC_NAME_NO_SEP |
				  WHATENC_NAME_NUL_TERM);
	if (len < 0) {
		pr_info("whatenc_fs_example: %s name: error %d\n",
			whatenc_encoding_name(enc), len);
	} else {
		pr_info("whatenc_fs_example: %s name: %s (%d bytes)\n",
			whatenc_encoding_name(enc), buf, len);
		/* ...and back, as for a create() or rename() */
		blen = whatenc_name_encode(enc, buf, len, back, sizeof(back),
					   WHATENC_NAME_NO_SEP);
		pr_info("whatenc_fs_example: %s round trip: %s\n",
			whatenc_encoding_name(enc),
			blen == sizeof(legacy_name) &&
			!memcmp(back, legacy_name, blen) ? "same bytes" :
			"different bytes");
	}

	/* 2. A UTF-16LE name, outside the BMP too. */
	len = whatenc_name_decode(WHATENC_UTF_16LE, utf16_name,
				  sizeof(utf16_name), buf, sizeof(buf),
				  WHATENC_NAME_NO_SEP | WHATENC_NAME_NUL_TERM);
	if (len < 0)
		pr_info("whatenc_fs_example: UTF-16LE name: error %d\n", len);
	else
		pr_info("whatenc_fs_example: UTF-16LE name: %s (%d bytes)\n",
			buf, len);

	/* 3. Ill-formed UTF-16: fatal for the decoder, lossless as WTF-8. */
	len = whatenc_name_decode(WHATENC_UTF_16LE, wobbly_name,
				  sizeof(wobbly_name), buf, sizeof(buf), 0);
	pr_info("whatenc_fs_example: lone surrogate: decode gives %d\n", len);
	len = whatenc_wtf16le_to_wtf8(wobbly_name, sizeof(wobbly_name), buf,
				      sizeof(buf) - 1);
	if (len < 0)
		return len;
	for (i = 0; i < len && i < 16; i++)
		snprintf(hex + 3 * i, 4, " %02x", buf[i]);
	pr_info("whatenc_fs_example: WTF-8:%s\n", hex);
	/* shown to userspace: lossy UTF-8, in place */
	len = whatenc_wtf8_to_utf8_lossy(buf, len, buf, sizeof(buf) - 1);
	if (len < 0)
		return len;
	buf[len] = 0;
	pr_info("whatenc_fs_example: as UTF-8: %s\n", buf);
	return 0;
}

static void __exit whatenc_fs_example_exit(void)
{
}

module_init(whatenc_fs_example_init);
module_exit(whatenc_fs_example_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("whatenc example: decoding file names in a filesystem");
MODULE_IMPORT_NS(WHATENC);
