// SPDX-License-Identifier: GPL-2.0-only
/*
 * lookahead.c - a session's detect mode (WHATENC_CFG_DETECT)
 *
 * State machine (WHATENC_DETSTATE_* of the uapi header), per stream:
 *
 *   PENDING --whatenc_detect() decides--> DONE (decoder set up)
 *   PENDING --an unsupported declaration--> UNSUPPORTED (ERROR state)
 *   DONE --the stream ended (det_rearm) and new input--> PENDING
 *
 * While PENDING, write() copies input into the look-ahead look[0,
 * look_len) and asks whatenc_detect() again; once DONE, the held bytes
 * look[look_pos, look_len) are decoded before any new input, as the
 * output buffer makes room (whatenc_det_drain()).
 */
#include <linux/slab.h>
#include <linux/string.h>
#include "session_impl.h"
#include "whatenc_guess.h"

/* what the look-ahead needs of the detectors' limits */
static_assert(WHATENC_DETECT_LOOK_MARKUP >= WHATENC_DETECT_HTML_MAX);
static_assert(WHATENC_DETECT_LOOK_MARKUP >= WHATENC_DETECT_XML_MAX);
static_assert(WHATENC_DETECT_LOOK_MARKUP >= WHATENC_DETECT_CSS_MAX);
static_assert(WHATENC_DETECT_LOOK_TEXT >= WHATENC_DETECT_LOOK_MARKUP);

/* Decoder flags once the encoding is known: the BOM is removed once. */
static u32 we_det_dec_flags(const struct we_session *s)
{
	return (s->flags & WHATENC_CFG_DEC_FATAL) | WHATENC_BOM_SNIFF;
}

/*
 * Set the decoder up again for @enc; the replacements of the one it
 * replaces go on counting in repl_done.
 */
static void we_det_decoder(struct we_session *s, int enc)
{
	s->repl_done += whatenc_decoder_replacements(&s->c.dec);
	whatenc_decoder_init(&s->c.dec, enc, we_det_dec_flags(s));
}

/* Start detecting again (a new stream): nothing held, label's decoder. */
void whatenc_det_clear(struct we_session *s)
{
	s->det_rearm = false;
	s->look_len = 0;
	s->look_pos = 0;
	memset(&s->det, 0, sizeof(s->det));
	s->det_content = false;
	s->det_confidence = 0;
	if (!we_detecting(s)) {
		s->det_state = WHATENC_DETSTATE_OFF;
		return;
	}
	s->det_state = WHATENC_DETSTATE_PENDING;
	/* the label was checked by CONFIGURE */
	we_det_decoder(s, s->encoding);
}

static size_t we_look_cap(const struct we_session *s)
{
	return s->det_format == WHATENC_DETECT_FMT_TEXT ?
		WHATENC_DETECT_LOOK_TEXT : WHATENC_DETECT_LOOK_MARKUP;
}

/* Does the look-ahead hold input of the current stream? */
bool whatenc_look_held(const struct we_session *s)
{
	if (s->det_rearm)
		return false;	/* the stream ended: stale bytes */
	if (s->det_state == WHATENC_DETSTATE_PENDING)
		return s->look_len;
	return s->det_state == WHATENC_DETSTATE_DONE &&
	       s->look_pos != s->look_len;
}

/*
 * WHATENC_CFG_DETECT_CONTENT: where the rules ended at the label (or
 * found only ASCII, which may be ISO-2022-JP or UTF-16), the content
 * detector guesses from the look-ahead. Its state (about 1.2 KB) is
 * allocated for the moment; without memory the rules' answer stands.
 */
static void we_detect_content(struct we_session *s, bool at_eof)
{
	struct whatenc_detection *d = &s->det;
	struct whatenc_guess_result r;
	struct whatenc_guess *g;

	s->det_content = false;
	s->det_confidence = 0;
	if (!IS_ENABLED(CONFIG_WHATENC_GUESS) ||
	    !(s->flags & WHATENC_CFG_DETECT_CONTENT) ||
	    (d->source != WHATENC_SRC_FALLBACK &&
	     !(d->source == WHATENC_SRC_VALIDITY &&
	       (d->flags & WHATENC_DETECTED_ASCII))))
		return;
	g = kmalloc(sizeof(*g), GFP_KERNEL_ACCOUNT);
	if (!g)
		return;
	whatenc_guess_init(g, -1);
	whatenc_guess_feed(g, s->look, s->look_len);
	whatenc_guess_result(g, at_eof, &r);
	kfree(g);
	if (r.kind != WHATENC_GUESS_TEXT)
		return;
	d->enc = r.enc;
	s->det_content = true;
	s->det_confidence = r.confidence;
}

/*
 * Run whatenc_detect() on the look-ahead. Decides when the answer can
 * no longer change, when the look-ahead is full, or at @at_eof. Returns
 * 0 (decided or still pending) or -EOPNOTSUPP (unsupported: error state).
 */
int whatenc_detect_run(struct we_session *s, bool at_eof)
{
	struct whatenc_detect_opts o = { 0 };
	struct whatenc_detection *d = &s->det;
	int r;

	if (s->flags & WHATENC_CFG_DETECT_TRANSPORT) {
		o.flags = WHATENC_DETECT_TRANSPORT;
		o.transport = s->encoding;
	} else if (s->det_format == WHATENC_DETECT_FMT_CSS) {
		o.flags = WHATENC_DETECT_REFERRER;
		o.referrer = s->encoding;
	} else {
		o.flags = WHATENC_DETECT_FALLBACK;
		o.fallback = s->encoding;
	}
	r = whatenc_detect(s->det_format, s->look, s->look_len, at_eof, &o, d);
	if (r == -EAGAIN && s->look_len >= we_look_cap(s))
		r = whatenc_detect(s->det_format, s->look, s->look_len, true,
				   &o, d);
	/*
	 * Text: whatenc_detect() judges the bytes it is given, but more
	 * bytes could still turn out not to be UTF-8, so only a certain
	 * answer (BOM, transport) is taken before the look-ahead is full.
	 */
	if (!r && s->det_format == WHATENC_DETECT_FMT_TEXT && !at_eof &&
	    !d->certain && s->look_len < we_look_cap(s))
		r = -EAGAIN;
	if (r == -EAGAIN)
		return 0;
	if (WARN_ON_ONCE(r)) {
		/* cannot happen: the arguments were checked; use the label */
		memset(d, 0, sizeof(*d));
		d->enc = s->encoding;
		d->source = WHATENC_SRC_FALLBACK;
	}
	if (d->unsupported) {
		size_t off = d->unsupported == WHATENC_UNSUP_LABEL ?
			     d->label_off : 0;
		size_t len = d->unsupported == WHATENC_UNSUP_LABEL ?
			     d->label_len : 4;

		len = min3(len, sizeof(s->err.bytes), s->look_len - off);
		s->det_state = WHATENC_DETSTATE_UNSUPPORTED;
		s->state = WHATENC_STATE_ERROR;
		s->err_kind = WHATENC_RES_UNSUPPORTED;
		memset(&s->err, 0, sizeof(s->err));
		s->err.offset = off;
		s->err.len = len;
		memcpy(s->err.bytes, s->look + off, len);
		return -EOPNOTSUPP;
	}
	we_detect_content(s, at_eof);
	we_det_decoder(s, d->enc);
	s->det_state = WHATENC_DETSTATE_DONE;
	return 0;
}

/*
 * Decode what detection held. Returns the core's result; WHATENC_OUTPUT_FULL
 * while some is left.
 */
enum whatenc_ret whatenc_det_drain(struct we_session *s)
{
	enum whatenc_ret r = WHATENC_INPUT_EMPTY;
	size_t used;

	if (s->det_state != WHATENC_DETSTATE_DONE || s->look_pos == s->look_len)
		return WHATENC_INPUT_EMPTY;
	r = whatenc_feed_from(s, s->look + s->look_pos, s->look_len - s->look_pos,
			      false, &used);
	s->look_pos += used;
	if (r == WHATENC_INPUT_EMPTY && s->look_pos != s->look_len)
		r = WHATENC_OUTPUT_FULL;
	return r;
}

/*
 * write() in detect mode: while detection is pending (or the stream
 * ended and new input re-arms it), copy input from @from into the
 * look-ahead and ask whatenc_detect() again; once decided, decode what
 * the look-ahead holds. Adds the bytes taken to *@total. Returns 0 when
 * write() may go on with new input, 1 when it stops here (output full,
 * the error state, or a fault after some input), -EFAULT when nothing
 * could be copied.
 */
int whatenc_look_write(struct we_session *s, struct iov_iter *from, size_t *total)
{
	while ((s->det_rearm || s->det_state == WHATENC_DETSTATE_PENDING) &&
	       iov_iter_count(from)) {
		size_t off = s->det_rearm ? 0 : s->look_len;
		size_t n = copy_from_iter(s->look + off,
					  min(iov_iter_count(from),
					      we_look_cap(s) - off), from);

		if (!n)
			return *total ? 1 : -EFAULT;
		if (s->det_rearm)
			whatenc_det_clear(s);
		if (s->state == WHATENC_STATE_EOS)
			s->state = WHATENC_STATE_STREAM;	/* a new stream */
		s->look_len += n;
		s->bytes_in += n;
		*total += n;
		if (whatenc_detect_run(s, false))
			return 1;
	}
	if (s->det_state == WHATENC_DETSTATE_DONE &&
	    whatenc_det_drain(s) != WHATENC_INPUT_EMPTY)
		return 1;	/* output full, or error state */
	return 0;
}
