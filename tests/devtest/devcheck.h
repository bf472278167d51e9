/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * devcheck.h - the pass/fail bookkeeping of the /dev/whatenc test
 * programs (devtest.c, limits.c): CHECK(cond, fmt, ...) counts a pass or
 * prints the failed expression with its line, message and errno;
 * devcheck_finish() prints the tally and gives the exit status.
 */
#ifndef WHATENC_DEVCHECK_H
#define WHATENC_DEVCHECK_H

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int npass, nfail;

#define CHECK(cond, ...) check(!!(cond), __LINE__, #cond, __VA_ARGS__)

static void __attribute__((format(printf, 4, 5)))
check(int ok, int line, const char *expr, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		npass++;
		return;
	}
	nfail++;
	printf("FAIL line %d: %s: ", line, expr);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf(" (errno %d %s)\n", errno, strerror(errno));
	fflush(stdout);
}

static int devcheck_finish(void)
{
	printf("%d passed, %d failed\n", npass, nfail);
	return nfail ? 1 : 0;
}

#endif /* WHATENC_DEVCHECK_H */
