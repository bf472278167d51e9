// SPDX-License-Identifier: GPL-2.0-only
/*
 * host_main.c - the host side of wt_test.h: runs every registered suite
 * as a cmocka group and prints a closing "N passed, N failed, N skipped".
 */
#include "wt_test.h"

static struct wt_host_suite *suites;

void wt_host_register(struct wt_host_suite *s)
{
	struct wt_host_suite **p = &suites;

	/* keep a stable order: by name */
	while (*p && strcmp((*p)->name, s->name) < 0)
		p = &(*p)->next;
	s->next = *p;
	*p = s;
}

void wt_host_fail(struct wt_ctx *wt, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	char msg[512];

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	wt->failed++;
	if (wt->failed <= 20)
		print_error("%s:%d: %s\n", file, line, msg);
}

void *wt_host_alloc(struct wt_ctx *wt, size_t size)
{
	void *p = calloc(1, size ? size : 1);

	if (!p)
		abort();
	if (wt->nallocs < WT_MAX_ALLOCS)
		wt->allocs[wt->nallocs++] = p;
	return p;
}

void wt_host_finish(struct wt_ctx *wt)
{
	int failed = wt->failed;

	while (wt->nallocs)
		free(wt->allocs[--wt->nallocs]);
	if (failed)
		fail_msg("%d expectation(s) failed", failed);
}

int main(int argc, char **argv)
{
	struct wt_host_suite *s;
	int failed_groups = 0;

	cmocka_set_message_output(CM_OUTPUT_TAP);
	for (s = suites; s; s = s->next) {
		if (argc > 1 && !strstr(s->name, argv[1]))
			continue;
		failed_groups += _cmocka_run_group_tests(s->name, s->cases,
							 s->ncases, NULL, NULL);
	}
	return failed_groups ? 1 : 0;
}
