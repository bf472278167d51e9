// SPDX-License-Identifier: GPL-2.0-only
/*
 * guess_names.c - guess the one encoding of a set of legacy names
 *
 * File names are short, so one alone says little; the names of a
 * directory (or a whole volume) usually share an encoding, and the
 * content detector judges them together: each name is fed followed by a
 * newline, so that no byte pair spans two names.
 */
#include "text.h"
#include "whatenc_guess.h"

/**
 * whatenc_guess_names() - guess the encoding shared by a set of names
 * @g:     detector state (caller-owned: about 1.2 KB, too big for some
 *	kernel stacks); initialized here
 * @names: the names (not NUL-terminated)
 * @lens:  their lengths in bytes
 * @count: number of names
 * @hint:  a language from whatenc_guess_hint(), or -1
 * @r:     the answer for all the names together
 *
 * Names that are valid UTF-8 or ASCII need not be given: they tell
 * nothing about a legacy encoding (but do no harm).
 *
 * Context: Any context. Does not sleep, allocate or take locks.
 * Return: 0, or -EINVAL (a NULL argument with @count > 0).
 */
int whatenc_guess_names(struct whatenc_guess *g, const u8 *const *names,
			const size_t *lens, size_t count, int hint,
			struct whatenc_guess_result *r)
{
	static const u8 nl = '\n';
	size_t i;

	if (!g || !r || (count && (!names || !lens)))
		return -EINVAL;
	whatenc_guess_init(g, hint);
	for (i = 0; i < count; i++) {
		if (!names[i] && lens[i])
			return -EINVAL;
		whatenc_guess_feed(g, names[i], lens[i]);
		whatenc_guess_feed(g, &nl, 1);
	}
	whatenc_guess_result(g, true, r);
	return 0;
}
