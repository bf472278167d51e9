// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_nls_tables.c - whatenc_nls.ko's tables as a filesystem gets them
 *
 * Kernel-only (fs/nls): every name of whatenc_nls_list.h through
 * load_nls(), as mount -o iocharset= does, with whatenc_nls.ko loaded
 * first (tests/vm/nls_kunit.sh): the table is found by its name, belongs
 * to whatenc_nls.ko, holds a reference on it until unload_nls() (what
 * makes rmmod fail while a filesystem is mounted) and converts through
 * the callbacks kunit/test_nls.c checks over the whole index. Names of
 * the encodings left out are not registered.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/nls.h>
#include "whatenc.h"

#define WHATENC_NLS(id, name, stem)	{ name, #stem },
static const struct {
	const char *name;
	const char *fold;	/* "none": folds no byte, not even ASCII */
} nls_names[] = {
#include "whatenc_nls_list.h"
};

#undef WHATENC_NLS

static void nls_tables_load(struct kunit *test)
{
	unsigned char out[NLS_MAX_CHARSET_SIZE];
	struct nls_table *t;
	unsigned int i;
	int refs;
	wchar_t u;

	for (i = 0; i < ARRAY_SIZE(nls_names); i++) {
		t = load_nls(nls_names[i].name);
		KUNIT_ASSERT_NOT_NULL_MSG(test, t, "load_nls(\"%s\")", nls_names[i].name);
		KUNIT_EXPECT_STREQ(test, t->charset, nls_names[i].name);
		KUNIT_ASSERT_NOT_NULL(test, t->owner);
		KUNIT_EXPECT_STREQ(test, t->owner->name, "whatenc_nls");
		refs = module_refcount(t->owner);
		KUNIT_EXPECT_GE(test, refs, 1);
		KUNIT_EXPECT_NOT_NULL(test, t->charset2lower);
		KUNIT_EXPECT_NOT_NULL(test, t->charset2upper);
		/* ASCII both ways; a surrogate is no character; NUL is 1 byte */
		KUNIT_EXPECT_EQ(test, t->char2uni((const unsigned char *)"A", 1, &u), 1);
		KUNIT_EXPECT_EQ(test, u, 'A');
		KUNIT_EXPECT_EQ(test, t->uni2char('a', out, sizeof(out)), 1);
		KUNIT_EXPECT_EQ(test, out[0], 'a');
		KUNIT_EXPECT_EQ(test, t->uni2char(0xd800, out, sizeof(out)), -EINVAL);
		KUNIT_EXPECT_EQ(test, nls_nullsize(t), 1);
		KUNIT_EXPECT_EQ(test, nls_tolower(t, 'Q'),
				strcmp(nls_names[i].fold, "none") ? 'q' : 'Q');
		KUNIT_EXPECT_EQ(test, nls_toupper(t, 'q'),
				strcmp(nls_names[i].fold, "none") ? 'Q' : 'q');
		unload_nls(t);
		KUNIT_EXPECT_EQ(test, module_refcount(t->owner), refs - 1);
	}
}

/* The encodings left out have no table (load_nls() gives NULL). */
static void nls_tables_left_out(struct kunit *test)
{
	static const char *const none[] = {
		"whatwg-utf-8", "whatwg-iso-2022-jp", "whatwg-utf-16le",
		"whatwg-utf-16be", "whatwg-replacement",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(none); i++)
		KUNIT_EXPECT_NULL_MSG(test, load_nls(none[i]), "%s", none[i]);
}

static struct kunit_case nls_tables_cases[] = {
	KUNIT_CASE(nls_tables_load),
	KUNIT_CASE(nls_tables_left_out),
	{}
};

static struct kunit_suite nls_tables_suite = {
	.name = "whatenc_nls_tables",
	.test_cases = nls_tables_cases,
};

kunit_test_suite(nls_tables_suite);
