// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_session.c - libFuzzer target "session": the /dev/whatenc session
 * state machine (module/session.c, the real file, compiled in userspace
 * against tests/fuzz/kshim/)
 *
 * The input is a configuration and a sequence of calls: write() (small,
 * or large and repetitive so that the buffers fill up), read(),
 * END_OF_STREAM, RESET, STATUS, FIONREAD, poll, CONVERT (with and without
 * LAST), CONFIGURE (valid or not), with injected user-copy faults, short
 * buffers, allocation failures, a per-user cap, pending signals and
 * interrupted mutex waits. Input the session did not consume is presented
 * again, unchanged, at the start of the next write() or CONVERT (the ABI's
 * rule). The invariants:
 *
 *   - the output of every stream (read() and CONVERT, concatenated) is
 *     exactly what one whatenc_decode()/whatenc_encode() call with
 *     last=true makes of the input that stream reported consumed; a fatal
 *     error ends the stream where that call stops, at the same offset;
 *   - at every moment the output so far is a prefix of that;
 *   - STATUS: bytes_in is the input reported consumed, out_ready equals
 *     FIONREAD, err_len <= 4, the state is one of the four; poll agrees;
 *   - a call that fails with EINVAL, EFAULT (write/CONVERT with nothing
 *     done), ENOBUFS, ENOMEM, EINTR or ERESTARTSYS changes nothing;
 *   - the per-user count equals the buffer bytes allocated, nothing leaks,
 *     and no WARN_ON_ONCE fires (kshim aborts).
 *
 * Not covered: detect mode (its decision is fuzzed by the "detect"
 * target), blocking waits (kshim's waits return at once), concurrency.
 */
#include "session.h"
#include "fuzz_util.h"

/* FUZZ_SESSION_TRACE=1: print each call and its result (reproducing) */
static int trace = -1;
#define TRACE(...) do {							\
	if (trace > 0)							\
		fprintf(stderr, __VA_ARGS__);				\
} while (0)

int kshim_alloc_fail;
int kshim_signal;
int kshim_lock_fail;
long kshim_allocated;

/* memcmp() for possibly empty (NULL) strings */
static bool same(const u8 *a, const u8 *b, size_t n)
{
	return !n || !memcmp(a, b, n);
}

struct in_stream {
	const u8 *p;
	size_t n;
};

static u32 take(struct in_stream *f)
{
	if (!f->n)
		return 0;
	f->n--;
	return *f->p++;
}

struct model {
	struct we_session *s;
	struct we_mem mem;
	unsigned long limit;
	int dir, enc;
	u32 flags;
	struct fuzz_str pend;	/* offered, not consumed: presented again */
	struct fuzz_str cur;	/* consumed input of the open stream */
	struct fuzz_str exp;	/* expected output of the closed streams */
	struct fuzz_str got;	/* output read or converted */
	u64 bytes_in;		/* consumed since CONFIGURE/RESET */
	int exp_err;		/* a closed stream ended with this error */
	struct whatenc_error err;
	bool flushing;		/* END_OF_STREAM closed the stream */
};

/*
 * The one-shot conversion of the open stream, appended to m->exp. The
 * input is what the stream consumed followed by what it was offered and
 * did not consume (a fatal error may have been decided by such a byte);
 * the call must stop exactly at the end of the consumed part.
 */
static void close_stream(struct model *m, bool last)
{
	size_t len = m->cur.len, cap = (len + m->pend.len) * 12 + 64;
	u8 *out = malloc(cap);
	struct whatenc_buf b = { NULL, 0, 0, out, 0, cap };
	struct whatenc_decoder d;
	struct whatenc_encoder e;
	enum whatenc_ret r;

	FUZZ_CHECK(out);
	fuzz_str_add(&m->cur, m->pend.p, m->pend.len);
	b.in = m->cur.p;
	b.in_size = m->cur.len;
	if (m->dir == WHATENC_DIR_DECODE) {
		FUZZ_CHECK(!whatenc_decoder_init(&d, m->enc, m->flags));
		r = whatenc_decode(&d, &b, last);
		m->err = d.err;
	} else {
		FUZZ_CHECK(!whatenc_encoder_init(&e, m->enc, m->flags));
		r = whatenc_encode(&e, &b, last);
		m->err = e.err;
	}
	FUZZ_CHECK(r != WHATENC_OUTPUT_FULL);
	if (r == WHATENC_MALFORMED || r == WHATENC_UNMAPPABLE) {
		/*
		 * The session stops right after the offending input too,
		 * except that an earlier call may already have consumed (and
		 * held) a few bytes after it: those the spec restores to the
		 * input when it finds the error (a UTF-16 code unit after a
		 * lead surrogate, the rest of a gb18030 four-byte sequence).
		 * STATUS's err_offset is exact (check_state()).
		 */
		m->exp_err = r;
		FUZZ_CHECK(b.in_pos <= len && len - b.in_pos <= 4);
	} else {
		/* ended by END_OF_STREAM or CONVERT_LAST: nothing pending */
		FUZZ_CHECK(last && !m->pend.len);
		FUZZ_CHECK(b.in_pos == len);
	}
	fuzz_str_add(&m->exp, out, b.out_pos);
	free(out);
	m->cur.len = 0;
}

/* got is a prefix of exp + (the open stream's output, unknown yet). */
static void check_prefix(struct model *m)
{
	size_t n = min(m->got.len, m->exp.len);

	FUZZ_CHECK(same(m->got.p, m->exp.p, n));
}

static void forget(struct model *m)
{
	m->pend.len = m->cur.len = m->exp.len = m->got.len = 0;
	m->bytes_in = 0;
	m->exp_err = 0;
	m->flushing = false;
}

/* STATUS, not taking an injected lock failure meant for the next call */
static void status(struct model *m, struct whatenc_status *st)
{
	int lf = kshim_lock_fail;

	kshim_lock_fail = 0;
	FUZZ_CHECK(!whatenc_session_status(m->s, st));
	kshim_lock_fail = lf;
}

/* Invariants that hold between any two calls. */
static void check_state(struct model *m)
{
	struct whatenc_status st;
	__poll_t pm;
	ssize_t ready;

	kshim_lock_fail = 0;
	status(m, &st);
	ready = whatenc_session_ready(m->s);
	pm = whatenc_session_poll_mask(m->s);
	FUZZ_CHECK(st.bytes_in == m->bytes_in);
	FUZZ_CHECK(st.state <= WHATENC_STATE_ERROR);
	FUZZ_CHECK(ready >= 0 && (size_t)ready == st.out_ready);
	FUZZ_CHECK(st.out_ready <= st.buf_size);
	FUZZ_CHECK(st.err_len <= 4);
	FUZZ_CHECK(!!(pm & EPOLLIN) ==
		   (ready > 0 || st.state != WHATENC_STATE_STREAM));
	if (st.state == WHATENC_STATE_ERROR) {
		if (!m->exp_err) {
			/* a write or CONVERT found it: the stream ends here */
			FUZZ_CHECK(!m->flushing);
			close_stream(m, false);
			FUZZ_CHECK(m->exp_err);
		}
		FUZZ_CHECK(st.err_kind == (u32)m->exp_err);
		FUZZ_CHECK(st.err_offset == m->err.offset);
		FUZZ_CHECK(st.err_len == m->err.len);
		FUZZ_CHECK(same(st.err_bytes, m->err.bytes, st.err_len));
		FUZZ_CHECK(st.err_cp == m->err.cp);
	} else {
		/* a fatal flush error shows as soon as the flush reaches it */
		FUZZ_CHECK(!m->exp_err || st.state == WHATENC_STATE_FLUSHING ||
			   m->s->cv_flush);
	}
	FUZZ_CHECK(atomic_long_read(&m->mem.used) ==
		   kshim_allocated - (long)sizeof(*m->s));
	check_prefix(m);
}

/* A user buffer of @n bytes that faults at @fault (>= n: never). */
static void iter(struct iov_iter *it, u8 *p, size_t n, size_t fault)
{
	it->base = p;
	it->size = n;
	it->pos = 0;
	it->fault = fault;
}

static size_t fault_at(struct in_stream *f, size_t n)
{
	u32 c = take(f);

	return c < 0xc0 ? (size_t)-1 : (c - 0xc0) * n / 0x3f;
}

/* Add @n input bytes from the fuzz input to what is pending. */
static void offer(struct model *m, struct in_stream *f, size_t n, u32 rep)
{
	size_t k = min(n, f->n), i;

	for (i = 0; i < rep; i++)
		fuzz_str_add(&m->pend, f->p, k);
	f->p += k;
	f->n -= k;
}

static void consumed(struct model *m, size_t n)
{
	FUZZ_CHECK(n <= m->pend.len);
	if (n && m->flushing)
		m->flushing = false;	/* the next stream began */
	fuzz_str_add(&m->cur, m->pend.p, n);
	if (n)
		memmove(m->pend.p, m->pend.p + n, m->pend.len - n);
	m->pend.len -= n;
	m->bytes_in += n;
}

static void op_write(struct model *m, struct in_stream *f, bool big)
{
	struct iov_iter it;
	size_t n = take(f);
	u32 rep = big ? take(f) * 8 + 1 : 1;
	bool nonblock = take(f) & 1;
	ssize_t r;

	offer(m, f, n, rep);
	iter(&it, m->pend.p, m->pend.len, fault_at(f, m->pend.len));
	r = whatenc_session_write(m->s, &it, nonblock);
	TRACE("  write %zu (fault %zu): %zd\n", it.size, it.fault, r);
	if (r > 0) {
		FUZZ_CHECK((size_t)r == it.pos);
		consumed(m, r);
		return;
	}
	FUZZ_CHECK(r == 0 ? !m->pend.len : r == -EAGAIN ||
		   r == -ERESTARTSYS || r == -EFAULT || r == -EILSEQ ||
		   r == -ENOBUFS || r == -ENOMEM);
	FUZZ_CHECK(it.pos == 0);
}

static void op_read(struct model *m, struct in_stream *f)
{
	size_t n = take(f) * 64 + take(f);
	u8 *buf = malloc(n + 1);
	struct iov_iter it;
	ssize_t r;

	iter(&it, buf, n, fault_at(f, n));
	r = whatenc_session_read(m->s, &it, true);
	TRACE("  read %zu (fault %zu): %zd\n", n, it.fault, r);
	if (r > 0) {
		fuzz_str_add(&m->got, buf, r);
	} else if (r == 0 && n) {
		/* the end of a stream: everything closed was read */
		FUZZ_CHECK(!m->cur.len && !m->exp_err);
		FUZZ_CHECK(m->got.len == m->exp.len);
		m->flushing = false;
	} else if (r == -EILSEQ) {
		FUZZ_CHECK(m->exp_err && m->got.len == m->exp.len);
	} else {
		FUZZ_CHECK(r == 0 || r == -EAGAIN || r == -ERESTARTSYS ||
			   r == -EFAULT);
	}
	free(buf);
}

/*
 * Before END_OF_STREAM, what was offered must be consumed (the ABI's
 * rule): write it, reading output to make room. False if it cannot be
 * (the error state, a failure injected).
 */
static bool write_pending(struct model *m)
{
	int tries = 0;

	while (m->pend.len && tries++ < 10000) {
		struct iov_iter it;
		u8 buf[4096];
		ssize_t r;

		iter(&it, m->pend.p, m->pend.len, (size_t)-1);
		r = whatenc_session_write(m->s, &it, true);
		if (r > 0) {
			consumed(m, r);
			continue;
		}
		if (r != -EAGAIN)
			return false;
		iter(&it, buf, sizeof(buf), (size_t)-1);
		r = whatenc_session_read(m->s, &it, true);
		if (r <= 0)
			return false;
		fuzz_str_add(&m->got, buf, r);
	}
	return !m->pend.len;
}

static void op_end(struct model *m)
{
	struct whatenc_status st;
	int r;

	bool written = write_pending(m);

	check_state(m);		/* the writes may have found an error */
	if (!written)
		return;
	status(m, &st);
	r = whatenc_session_end(m->s);
	TRACE("  end (state %u): %d\n", st.state, r);
	if (st.state == WHATENC_STATE_STREAM && r == -EILSEQ && m->exp_err) {
		/*
		 * the error of the flush of a stream an earlier LAST call
		 * ended, which the model has closed already: END ends no
		 * second stream (kunit: session_convert_last_then_end)
		 */
		FUZZ_CHECK(m->s->cv_flush && !m->cur.len);
	} else if (st.state == WHATENC_STATE_STREAM &&
		   (r == 0 || r == -EILSEQ)) {
		close_stream(m, true);
		m->flushing = true;
		FUZZ_CHECK(r == 0 || m->exp_err);
	} else if (st.state == WHATENC_STATE_ERROR) {
		FUZZ_CHECK(r == -EILSEQ);
	} else {
		FUZZ_CHECK(r == 0 || r == -ENOBUFS || r == -ENOMEM ||
			   r == -EINTR);
	}
}

static void op_convert(struct model *m, struct in_stream *f)
{
	struct whatenc_convert cv = { 0 };
	struct iov_iter ii, io;
	struct whatenc_status st;
	size_t on = take(f) * 16 + take(f) % 16;
	u8 *out = malloc(on + 1);
	int r;

	offer(m, f, take(f), take(f) % 4 ? 1 : take(f) * 8 + 1);
	cv.in_size = m->pend.len;
	cv.out_size = on;
	cv.flags = take(f) & WHATENC_CONVERT_LAST;
	status(m, &st);
	iter(&ii, m->pend.p, m->pend.len, fault_at(f, m->pend.len));
	iter(&io, out, on, fault_at(f, on));
	FUZZ_CHECK(!whatenc_session_convert_check(&cv));
	r = whatenc_session_convert(m->s, &cv, &ii, &io);
	TRACE("  convert in %llu out %llu flags %u: %d, in_pos %llu out_pos %llu result %u\n",
	      cv.in_size, cv.out_size, cv.flags, r, cv.in_pos, cv.out_pos,
	      cv.result);
	if (r) {
		FUZZ_CHECK(r == -EBUSY || r == -EILSEQ || r == -EFAULT ||
			   r == -ENOBUFS || r == -ENOMEM || r == -EINTR);
		FUZZ_CHECK(r != -EBUSY || st.out_ready ||
			   st.state == WHATENC_STATE_FLUSHING);
		free(out);
		return;
	}
	FUZZ_CHECK(cv.in_pos == ii.pos && cv.out_pos <= io.pos);
	consumed(m, cv.in_pos);
	fuzz_str_add(&m->got, out, cv.out_pos);
	free(out);
	if ((cv.result == WHATENC_RES_OK ||
	     cv.result == WHATENC_RES_OUTPUT_FULL) &&
	    (cv.flags & WHATENC_CONVERT_LAST) && !m->pend.len) {
		/*
		 * LAST and all input consumed: the stream has ended, even if
		 * its flush needs more output room (the next call, CONVERT or
		 * write(), finishes it first)
		 */
		close_stream(m, true);
		FUZZ_CHECK(!m->exp_err ||
			   cv.result == WHATENC_RES_OUTPUT_FULL);
		FUZZ_CHECK(cv.result != WHATENC_RES_OK ||
			   m->got.len == m->exp.len);
	} else if (cv.result == WHATENC_RES_MALFORMED ||
		   cv.result == WHATENC_RES_UNMAPPABLE) {
		/*
		 * an error of the flush (LAST, all consumed) or before it;
		 * or of the flush of a stream an earlier LAST call ended,
		 * which the model has closed already (nothing new consumed)
		 */
		if (!m->exp_err)
			close_stream(m, (cv.flags & WHATENC_CONVERT_LAST) &&
					!m->pend.len);
		else
			FUZZ_CHECK(cv.in_pos == 0);
		FUZZ_CHECK(m->exp_err == (int)cv.result);
	}
}

static const u32 cfg_flags[] = {
	0, WHATENC_CFG_DEC_FATAL, WHATENC_CFG_BOM_STRIP, WHATENC_CFG_BOM_KEEP,
	WHATENC_CFG_DEC_FATAL | WHATENC_CFG_BOM_STRIP, WHATENC_CFG_DEC_WTF8,
	WHATENC_CFG_ENC_HTML, WHATENC_CFG_ENC_UTF16,
};

static void op_configure(struct model *m, struct in_stream *f)
{
	struct whatenc_configure cfg = { 0 };
	int enc = take(f) % (WHATENC_NR_ENCODINGS + 1);
	int r;

	if (enc < WHATENC_NR_ENCODINGS)
		strscpy(cfg.label, whatenc_encoding_name(enc), sizeof(cfg.label));
	else
		strscpy(cfg.label, "no such label", sizeof(cfg.label));
	cfg.direction = take(f) % 3;	/* 2: invalid */
	cfg.flags = cfg_flags[take(f) % ARRAY_SIZE(cfg_flags)];
	r = whatenc_session_configure(m->s, &cfg);
	TRACE("  configure %s dir %u flags %#x: %d\n", cfg.label,
	      cfg.direction, cfg.flags, r);
	if (r) {
		FUZZ_CHECK(r == -EINVAL || r == -EINTR);
		return;
	}
	m->dir = cfg.direction;
	m->flags = cfg.flags;
	m->enc = enc;
	forget(m);
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	static const size_t bufs[] = { WE_BUF_MIN, 2 * WE_BUF_MIN, WE_BUF_DEFAULT };
	struct in_stream f = { data, size };
	struct model m = { 0 };
	int steps = 0;

	m.limit = 0;
	m.mem.limit = &m.limit;
	m.s = whatenc_session_alloc(bufs[take(&f) % 3], &m.mem);
	FUZZ_CHECK(m.s);
	m.dir = WHATENC_DIR_DECODE;
	m.enc = WHATENC_UTF_8;
	m.flags = WHATENC_CFG_BOM_SNIFF;
	if (trace < 0)
		trace = getenv("FUZZ_SESSION_TRACE") != NULL;
	while (f.n && steps++ < 200) {
		u32 op = take(&f);

		TRACE("op %u: got %zu exp %zu cur %zu pend %zu\n", op % 16,
		      m.got.len, m.exp.len, m.cur.len, m.pend.len);
		switch (op % 16) {
		case 0: case 1: case 2:
			op_write(&m, &f, false);
			break;
		case 3:
			op_write(&m, &f, true);
			break;
		case 4: case 5: case 6:
			op_read(&m, &f);
			break;
		case 7:
			op_end(&m);
			break;
		case 8:
			if (!whatenc_session_reset(m.s))
				forget(&m);
			break;
		case 9: case 10:
			op_convert(&m, &f);
			break;
		case 11:
			op_configure(&m, &f);
			break;
		case 12:
			kshim_signal = !kshim_signal;
			break;
		case 13:
			kshim_lock_fail = 1;
			break;
		case 14:
			kshim_alloc_fail = 1;
			break;
		case 15:
			/* the cap: none, below one buffer, or room for one */
			m.limit = (const unsigned long[]){ 0, 1, 90 << 10 }[take(&f) % 3];
			break;
		}
		check_state(&m);
	}
	/* finish: end the stream and read everything */
	kshim_signal = kshim_lock_fail = kshim_alloc_fail = 0;
	m.limit = 0;
	op_end(&m);
	for (steps = 0; steps < 100000; steps++) {
		u8 buf[4096];
		struct iov_iter it;
		ssize_t r;

		iter(&it, buf, sizeof(buf), (size_t)-1);
		r = whatenc_session_read(m.s, &it, true);
		if (r <= 0) {
			size_t i;

			for (i = 0; trace > 0 && i < m.got.len; i++)
				TRACE("%02x%s", m.got.p[i], i + 1 < m.got.len ? " " : "\n");
			for (i = 0; trace > 0 && i < m.exp.len; i++)
				TRACE("%02x%s", m.exp.p[i], i + 1 < m.exp.len ? " " : " (expected)\n");
			FUZZ_CHECK(r == 0 || r == -EILSEQ);
			FUZZ_CHECK(m.got.len == m.exp.len &&
				   same(m.got.p, m.exp.p, m.got.len));
			FUZZ_CHECK(!!m.exp_err == (r == -EILSEQ));
			break;
		}
		fuzz_str_add(&m.got, buf, r);
	}
	FUZZ_CHECK(steps < 100000);
	whatenc_session_free(m.s);
	FUZZ_CHECK(kshim_allocated == 0 && atomic_long_read(&m.mem.used) == 0);
	fuzz_str_free(&m.pend);
	fuzz_str_free(&m.cur);
	fuzz_str_free(&m.exp);
	fuzz_str_free(&m.got);
	return 0;
}
