// SPDX-License-Identifier: GPL-2.0-only
/*
 * shadow.c - engines without snapshots (kernel): a user-core decoder
 * follows the engine's, to map errors back to input bytes and count the
 * replacements the engine made (where the device counts them, only to
 * find where the first one is)
 */
#include <string.h>

#include "convert.h"

/*
 * Whether the shadow decoder has anything left to say. Where the device
 * counts the replacements (f->dev_repl), only a place is asked of it:
 * the first replacement's, for the note (not with -s), and with
 * --unmappable=fail an encoder error's all along (a U+FFFD the decoder
 * wrote is named by the bytes it replaced).
 */
bool cv_shadow_needed(const struct wt_ctx *c, const struct wt_file *f)
{
	if (!f->dev_repl)
		return true;
	if (f->have_enc && c->o->unmappable == WT_UNMAP_FAIL)
		return true;
	return !c->o->silent && !f->nrepl;
}

/*
 * Advance the shadow decoder over what the engine's decoder consumed;
 * with f->dec_replaces, note the U+FFFD the engine wrote for each
 * malformed sequence (in c->mid, from @mid_at on).
 */
void cv_follow(struct wt_ctx *c, struct wt_file *f, const u8 *in,
	       size_t len, bool last)
{
	u8 scratch[4096];
	struct whatenc_buf b = {
		.in = in, .in_size = len,
		.out = scratch, .out_size = sizeof(scratch),
	};
	enum whatenc_ret r;
	size_t at = 0;

	do {
		b.out_pos = 0;
		r = whatenc_decode(&f->shadow, &b, last);
		at += b.out_pos;
		if (r == WHATENC_MALFORMED && f->dec_replaces) {
			cv_count_replacement(f, &f->shadow.err,
					  f->shadow.err.offset, c->mid, at);
			if (!f->repl_pending) {
				f->repl_pending = true;
				f->repl_at = f->mid_u8 + at;
			}
			at += 3;
		}
	} while (r == WHATENC_OUTPUT_FULL || r == WHATENC_MALFORMED);
	if (r != WHATENC_INPUT_EMPTY)
		f->have_shadow = false;	/* cannot happen: same core */
	else if (!cv_shadow_needed(c, f))
		f->have_shadow = false;	/* the device counts the rest */
}
