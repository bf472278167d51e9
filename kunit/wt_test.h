/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * wt_test.h - one test source, two harnesses
 *
 * Test suites under kunit/ are written once against these macros and
 * build both as KUnit suites in whatenc_kunit.ko and as cmocka groups in
 * the host test binary (with the userspace build of the core).
 *
 *	WT_CASE(utf8_basic)
 *	{
 *		WT_EXPECT_EQ(whatenc_get_encoding("utf8", 4), WHATENC_UTF_8);
 *	}
 *	WT_SUITE(utf8, WT_RUN(utf8_basic), WT_RUN(...));
 *
 * Inside a case, `wt` (a struct wt_ctx *) is the context. WT_EXPECT_*
 * record a failure and go on; WT_ASSERT_* end the case. WT_SKIP() ends
 * the case as skipped (use it where data from $(SHARED) is missing: a
 * skipped case never counts as passed). WT_ALLOC() gives zeroed memory
 * freed after the case (KUnit runs cases on a small kernel stack: put big
 * buffers there). WT_YIELD() in the outer loop of a long case (every code
 * point, every byte pair) lets the kernel schedule: the test kernel is not
 * preemptible, and a case that runs 20 s without scheduling (KASAN under
 * TCG) is a soft lockup for the watchdog. Suite names are reported as
 * "whatenc_<name>" and must be unique.
 */
#ifndef WT_TEST_H
#define WT_TEST_H

#ifdef __KERNEL__

#include <kunit/test.h>
#include <linux/sched.h>
#include <linux/slab.h>

/* struct wt_ctx is the KUnit context */
#define wt_ctx kunit

#define WT_CASE(name)		static void name(struct kunit *wt)
#define WT_RUN(name)		KUNIT_CASE(name)
#define WT_SUITE(sname, ...)						\
	static struct kunit_case sname##_wt_cases[] = { __VA_ARGS__, {} }; \
	static struct kunit_suite sname##_wt_suite = {			\
		.name = "whatenc_" #sname,				\
		.test_cases = sname##_wt_cases,				\
	};								\
	kunit_test_suite(sname##_wt_suite)

#define WT_EXPECT_EQ(a, b)	KUNIT_EXPECT_EQ(wt, a, b)
#define WT_EXPECT_NE(a, b)	KUNIT_EXPECT_NE(wt, a, b)
#define WT_EXPECT_TRUE(c)	KUNIT_EXPECT_TRUE(wt, c)
#define WT_EXPECT_MEMEQ(a, b, n) KUNIT_EXPECT_EQ(wt, memcmp(a, b, n), 0)
#define WT_ASSERT_EQ(a, b)	KUNIT_ASSERT_EQ(wt, a, b)
#define WT_ASSERT_TRUE(c)	KUNIT_ASSERT_TRUE(wt, c)
#define WT_FAIL(fmt, ...)	KUNIT_FAIL(wt, fmt, ##__VA_ARGS__)
#define WT_SKIP(fmt, ...)	kunit_skip(wt, fmt, ##__VA_ARGS__)
#define WT_NOTE(fmt, ...)	kunit_info(wt, fmt, ##__VA_ARGS__)
#define WT_ALLOC(size)		kunit_kzalloc(wt, size, GFP_KERNEL)
#define WT_YIELD()		cond_resched()

#else /* host: cmocka */

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>
#include <cmocka.h>

#define WT_MAX_ALLOCS	64

struct wt_ctx {
	int failed;
	void *allocs[WT_MAX_ALLOCS];
	int nallocs;
};

struct wt_host_suite {
	const char *name;
	const struct CMUnitTest *cases;
	size_t ncases;
	struct wt_host_suite *next;
};

void wt_host_register(struct wt_host_suite *s);
/* formats are checked by the kernel build of the same sources */
void wt_host_fail(struct wt_ctx *wt, const char *file, int line,
		  const char *fmt, ...);
void *wt_host_alloc(struct wt_ctx *wt, size_t size);
void wt_host_finish(struct wt_ctx *wt);

#define WT_CASE(name)							\
	static void name##_wt_body(struct wt_ctx *wt);			\
	static void name(void **state)					\
	{								\
		struct wt_ctx ctx = { 0 };				\
		(void)state;						\
		name##_wt_body(&ctx);					\
		wt_host_finish(&ctx);					\
	}								\
	static void name##_wt_body(struct wt_ctx *wt)
#define WT_RUN(name)		cmocka_unit_test(name)
#define WT_SUITE(sname, ...)						\
	static const struct CMUnitTest sname##_wt_cases[] = { __VA_ARGS__ }; \
	static struct wt_host_suite sname##_wt_suite = {		\
		.name = "whatenc_" #sname,				\
		.cases = sname##_wt_cases,				\
		.ncases = sizeof(sname##_wt_cases) /			\
			  sizeof(sname##_wt_cases[0]),			\
	};								\
	__attribute__((constructor)) static void sname##_wt_reg(void)	\
	{								\
		wt_host_register(&sname##_wt_suite);			\
	}

#define WT_EXPECT_EQ(a, b) do {						\
	long long wt_a_ = (long long)(a), wt_b_ = (long long)(b);	\
	if (wt_a_ != wt_b_)						\
		wt_host_fail(wt, __FILE__, __LINE__,			\
			     "%s == %s: %lld != %lld", #a, #b, wt_a_, wt_b_); \
} while (0)
#define WT_EXPECT_NE(a, b) do {						\
	long long wt_a_ = (long long)(a), wt_b_ = (long long)(b);	\
	if (wt_a_ == wt_b_)						\
		wt_host_fail(wt, __FILE__, __LINE__,			\
			     "%s != %s: both %lld", #a, #b, wt_a_);	\
} while (0)
#define WT_EXPECT_TRUE(c) do {						\
	if (!(c))							\
		wt_host_fail(wt, __FILE__, __LINE__, "%s is false", #c); \
} while (0)
#define WT_EXPECT_MEMEQ(a, b, n) WT_EXPECT_EQ(memcmp(a, b, n), 0)
#define WT_ASSERT_EQ(a, b) do {						\
	int wt_f_ = wt->failed;						\
	WT_EXPECT_EQ(a, b);						\
	if (wt->failed != wt_f_) {					\
		wt_host_finish(wt);					\
	}								\
} while (0)
#define WT_ASSERT_TRUE(c)	WT_ASSERT_EQ(!!(c), 1)
#define WT_FAIL(fmt, ...)						\
	wt_host_fail(wt, __FILE__, __LINE__, fmt, ##__VA_ARGS__)
#define WT_SKIP(fmt, ...) do {						\
	print_message("# SKIP " fmt "\n", ##__VA_ARGS__);		\
	skip();								\
} while (0)
#define WT_NOTE(fmt, ...)	print_message("# " fmt "\n", ##__VA_ARGS__)
#define WT_ALLOC(size)		wt_host_alloc(wt, size)
#define WT_YIELD()		do { } while (0)

#endif /* __KERNEL__ */
#endif /* WT_TEST_H */
