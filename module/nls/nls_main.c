// SPDX-License-Identifier: GPL-2.0-only
/*
 * nls_main.c - whatenc_nls.ko: whatenc's encodings as fs/nls tables
 *
 * Every Linux filesystem that converts names (vfat, exfat, isofs/Joliet,
 * udf, hfs, hfsplus, ntfs3, jfs, cifs) asks fs/nls for a table by name
 * with load_nls(). This module registers one struct nls_table per
 * encoding of whatenc_nls_list.h, named "whatwg-" and the encoding's name
 * in lowercase, and carries the module alias "nls_<name>" of each, so
 *
 *	mount -o iocharset=whatwg-shift_jis /dev/sdb1 /mnt
 *
 * loads it on demand (load_nls() runs request_module("nls_%s")). A
 * mounted filesystem holds a reference on this module (load_nls() takes
 * one on the table's owner): rmmod is refused until it is unmounted.
 * The conversions are nls_conv.c's, on whatenc.ko's exported coders.
 */
#include <linux/module.h>
#include <linux/nls.h>
#include "whatenc_nls.h"

/* each table: its module alias and its two callbacks */
#define WHATENC_NLS(id, name, stem)					\
MODULE_ALIAS("nls_" name);						\
static int we_nls_c2u_##id(const unsigned char *raw, int boundlen,	\
			   wchar_t *uni)				\
{									\
	return whatenc_nls_char2uni(WHATENC_##id, raw, boundlen, uni);	\
}									\
static int we_nls_u2c_##id(wchar_t uni, unsigned char *out, int boundlen) \
{									\
	return whatenc_nls_uni2char(WHATENC_##id, uni, out, boundlen);	\
}

#include "whatenc_nls_list.h"
#undef WHATENC_NLS

#define WHATENC_NLS(id, name, stem)					\
	{ .charset = name, .char2uni = we_nls_c2u_##id,			\
	  .uni2char = we_nls_u2c_##id },
static struct nls_table we_nls_tables[] = {
#include "whatenc_nls_list.h"
};

#undef WHATENC_NLS

#define WHATENC_NLS(id, name, stem)	WHATENC_##id,
static const u8 we_nls_encs[] = {
#include "whatenc_nls_list.h"
};

#undef WHATENC_NLS

static void we_nls_unregister(size_t n)
{
	while (n--)
		unregister_nls(&we_nls_tables[n]);
}

static int __init whatenc_nls_init(void)
{
	size_t i;
	int ret;

	BUILD_BUG_ON(ARRAY_SIZE(we_nls_encs) != ARRAY_SIZE(we_nls_tables));
	for (i = 0; i < ARRAY_SIZE(we_nls_tables); i++) {
		we_nls_tables[i].charset2lower = whatenc_nls_lower(we_nls_encs[i]);
		we_nls_tables[i].charset2upper = whatenc_nls_upper(we_nls_encs[i]);
		ret = register_nls(&we_nls_tables[i]);
		if (ret) {
			pr_err("whatenc_nls: cannot register %s: %d\n",
			       we_nls_tables[i].charset, ret);
			we_nls_unregister(i);
			return ret;
		}
	}
	return 0;
}

static void __exit whatenc_nls_exit(void)
{
	we_nls_unregister(ARRAY_SIZE(we_nls_tables));
}

module_init(whatenc_nls_init);
module_exit(whatenc_nls_exit);

MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(WHATENC);
MODULE_DESCRIPTION("whatenc: the WHATWG Encoding Standard's legacy encodings as NLS tables (whatwg-*)");
#ifdef WHATENC_VERSION	/* out of a kernel tree (Kbuild) */
MODULE_VERSION(WHATENC_VERSION);
#endif
