// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_session.c - KUnit tests of the /dev/whatenc session layer
 *
 * Kernel only (kunit/sources.mk: WHATENC_KUNIT_KERNEL_SRCS): the session
 * layer is kernel code. It is driven here directly, without the device,
 * through iov_iters over kernel buffers and kernel copies of the ioctl
 * structures. Expected bytes come from the Encoding Standard (UTF-8
 * decoder and encoder, windows-1252 and ISO-2022-JP encoders, BOM
 * sniffing), never from our own output.
 */
#include <linux/module.h>
#include <linux/uio.h>
#include <linux/poll.h>
#include <linux/string.h>
#include "wt_test.h"
#include "session.h"

/* poll masks compared as plain integers (__poll_t is a sparse bitwise type) */
#define PM(x)	((__force unsigned int)(x))

#define FFFD "\xef\xbf\xbd"

static ssize_t sw(struct we_session *s, const void *buf, size_t len)
{
	struct kvec kv = { .iov_base = (void *)buf, .iov_len = len };
	struct iov_iter it;

	iov_iter_kvec(&it, WRITE, &kv, 1, len);
	return whatenc_session_write(s, &it, true);
}

static ssize_t sr(struct we_session *s, void *buf, size_t len)
{
	struct kvec kv = { .iov_base = buf, .iov_len = len };
	struct iov_iter it;

	iov_iter_kvec(&it, READ, &kv, 1, len);
	return whatenc_session_read(s, &it, true);
}

static int scfg(struct we_session *s, const char *label, u32 dir, u32 flags,
		struct whatenc_configure *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	strscpy(cfg->label, label, sizeof(cfg->label));
	cfg->direction = dir;
	cfg->flags = flags;
	return whatenc_session_configure(s, cfg);
}

static int sconv(struct we_session *s, struct whatenc_convert *cv,
		 const void *in, size_t in_size, void *out, size_t out_size,
		 u32 flags)
{
	struct kvec ki = { .iov_base = (void *)in + cv->in_pos,
			   .iov_len = in_size - cv->in_pos };
	struct kvec ko = { .iov_base = out + cv->out_pos,
			   .iov_len = out_size - cv->out_pos };
	struct iov_iter ii, io;
	int ret;

	cv->in = (uintptr_t)in;
	cv->in_size = in_size;
	cv->out = (uintptr_t)out;
	cv->out_size = out_size;
	cv->flags = flags;
	ret = whatenc_session_convert_check(cv);
	if (ret)
		return ret;
	iov_iter_kvec(&ii, WRITE, &ki, 1, ki.iov_len);
	iov_iter_kvec(&io, READ, &ko, 1, ko.iov_len);
	return whatenc_session_convert(s, cv, &ii, &io);
}

WT_CASE(session_alloc_limits)
{
	struct we_session *s;

	WT_EXPECT_TRUE(!whatenc_session_alloc(WE_BUF_MIN - 1, NULL));
	WT_EXPECT_TRUE(!whatenc_session_alloc(WE_BUF_MAX + 1, NULL));
	s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	WT_ASSERT_TRUE(s);
	whatenc_session_free(s);
	s = whatenc_session_alloc(WE_BUF_MAX, NULL);
	WT_ASSERT_TRUE(s);
	whatenc_session_free(s);
}

/* Unconfigured: decode UTF-8, replacement, BOM sniff. */
WT_CASE(session_default)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_status st;
	char out[32];

	WT_ASSERT_TRUE(s);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), -EAGAIN);
	WT_EXPECT_EQ(sw(s, "\xef\xbb\277a\377b", 6), 6);
	WT_EXPECT_EQ(whatenc_session_ready(s), 5);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 5);
	WT_EXPECT_MEMEQ(out, "a" FFFD "b", 5);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), -EAGAIN);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.bytes_in, 6);
	WT_EXPECT_EQ(st.bytes_out, 5);
	WT_EXPECT_EQ(st.direction, WHATENC_DIR_DECODE);
	WT_EXPECT_EQ(st.encoding, WHATENC_UTF_8);
	WT_EXPECT_EQ(strcmp(st.name, "UTF-8"), 0);
	WT_EXPECT_EQ(st.buf_size, WE_BUF_MIN);
	whatenc_session_free(s);
}

WT_CASE(session_configure_invalid)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_configure cfg;
	struct whatenc_status *a = WT_ALLOC(sizeof(*a)), *b = WT_ALLOC(sizeof(*b));
	static const struct {
		const char *label;
		u32 dir, flags;
	} bad[] = {
		{ "nope", WHATENC_DIR_DECODE, 0 },
		{ "", WHATENC_DIR_DECODE, 0 },
		{ "utf-8", 2, 0 },
		{ "utf-8", WHATENC_DIR_DECODE, 0x40 },
		{ "utf-8", WHATENC_DIR_DECODE, WHATENC_CFG_BOM_MASK },
		{ "latin1", WHATENC_DIR_DECODE, WHATENC_CFG_DEC_WTF8 },
		{ "latin1", WHATENC_DIR_ENCODE, WHATENC_CFG_ENC_UTF16 },
		{ "utf-8", WHATENC_DIR_ENCODE, 0x04 },
	};
	char out[8];
	size_t i;

	WT_ASSERT_TRUE(s && a && b);
	/* some state worth keeping: a partial character and output */
	WT_EXPECT_EQ(scfg(s, "latin1", WHATENC_DIR_ENCODE, 0, &cfg), 0);
	WT_EXPECT_EQ(sw(s, "x\xe2\x82", 3), 3);
	whatenc_session_status(s, a);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		WT_EXPECT_EQ(scfg(s, bad[i].label, bad[i].dir, bad[i].flags,
				  &cfg), -EINVAL);
		whatenc_session_status(s, b);
		WT_EXPECT_MEMEQ(a, b, sizeof(*a));
	}
	/* unterminated label */
	memset(&cfg, 0, sizeof(cfg));
	memset(cfg.label, 'a', sizeof(cfg.label));
	WT_EXPECT_EQ(whatenc_session_configure(s, &cfg), -EINVAL);
	/* reserved fields */
	memset(&cfg, 0, sizeof(cfg));
	strscpy(cfg.label, "utf-8", sizeof(cfg.label));
	cfg.format = 1;		/* without WHATENC_CFG_DETECT */
	WT_EXPECT_EQ(whatenc_session_configure(s, &cfg), -EINVAL);
	cfg.format = 0;
	cfg.reserved[3] = 1;
	WT_EXPECT_EQ(whatenc_session_configure(s, &cfg), -EINVAL);
	whatenc_session_status(s, b);
	WT_EXPECT_MEMEQ(a, b, sizeof(*a));
	/* the partial euro sign is still there */
	WT_EXPECT_EQ(sw(s, "\xac", 1), 1);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 2);
	WT_EXPECT_MEMEQ(out, "x\x80", 2);
	whatenc_session_free(s);
}

WT_CASE(session_configure_names)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_configure cfg;

	WT_ASSERT_TRUE(s);
	WT_EXPECT_EQ(scfg(s, "latin1", WHATENC_DIR_DECODE, 0, &cfg), 0);
	WT_EXPECT_EQ(cfg.encoding, WHATENC_WINDOWS_1252);
	WT_EXPECT_EQ(strcmp(cfg.name, "windows-1252"), 0);
	WT_EXPECT_EQ(scfg(s, " \tUTF-16\n", WHATENC_DIR_DECODE,
			  WHATENC_CFG_DEC_WTF8, &cfg), 0);
	WT_EXPECT_EQ(cfg.encoding, WHATENC_UTF_16LE);
	WT_EXPECT_EQ(strcmp(cfg.name, "UTF-16LE"), 0);
	/* get an output encoding */
	WT_EXPECT_EQ(scfg(s, "utf-16be", WHATENC_DIR_ENCODE, 0, &cfg), 0);
	WT_EXPECT_EQ(cfg.encoding, WHATENC_UTF_8);
	WT_EXPECT_EQ(strcmp(cfg.name, "UTF-8"), 0);
	WT_EXPECT_EQ(scfg(s, "replacement", WHATENC_DIR_ENCODE, 0, &cfg), 0);
	WT_EXPECT_EQ(strcmp(cfg.name, "UTF-8"), 0);
	WT_EXPECT_EQ(scfg(s, "utf-16be", WHATENC_DIR_ENCODE,
			  WHATENC_CFG_ENC_UTF16, &cfg), 0);
	WT_EXPECT_EQ(strcmp(cfg.name, "UTF-16BE"), 0);
	WT_EXPECT_EQ(scfg(s, "sjis", WHATENC_DIR_ENCODE, WHATENC_CFG_ENC_HTML,
			  &cfg), 0);
	WT_EXPECT_EQ(strcmp(cfg.name, "Shift_JIS"), 0);
	WT_EXPECT_EQ(scfg(s, "csiso2022kr", WHATENC_DIR_DECODE, 0, &cfg), 0);
	WT_EXPECT_EQ(strcmp(cfg.name, "replacement"), 0);
	whatenc_session_free(s);
}

WT_CASE(session_buffer_limits)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	u8 *big = WT_ALLOC(3 * WE_BUF_MIN), *out = WT_ALLOC(WE_BUF_MIN);
	struct whatenc_status st;

	WT_ASSERT_TRUE(s && big && out);
	memset(big, 'a', 3 * WE_BUF_MIN);
	WT_EXPECT_EQ(sw(s, big, 0), 0);
	WT_EXPECT_EQ(whatenc_session_ready(s), 0);
	WT_EXPECT_EQ(PM(whatenc_session_poll_mask(s)), PM(EPOLLOUT | EPOLLWRNORM));
	/* short write: what fits */
	WT_EXPECT_EQ(sw(s, big, 3 * WE_BUF_MIN), WE_BUF_MIN);
	WT_EXPECT_EQ(sw(s, big, 10), -EAGAIN);
	WT_EXPECT_EQ(PM(whatenc_session_poll_mask(s)), PM(EPOLLIN | EPOLLRDNORM));
	WT_EXPECT_EQ(sr(s, out, 10), 10);
	/* less than WE_WRITE_ROOM free: not writable yet */
	WT_EXPECT_EQ(PM(whatenc_session_poll_mask(s)), PM(EPOLLIN | EPOLLRDNORM));
	WT_EXPECT_EQ(sw(s, big, 100), 10);
	WT_EXPECT_EQ(sr(s, out, 100), 100);
	WT_EXPECT_EQ(PM(whatenc_session_poll_mask(s)),
		     PM(EPOLLIN | EPOLLRDNORM | EPOLLOUT | EPOLLWRNORM));
	WT_EXPECT_EQ(sw(s, big, 3 * WE_BUF_MIN), 100);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.bytes_in, WE_BUF_MIN + 110);
	WT_EXPECT_EQ(st.out_ready, WE_BUF_MIN);
	/* a 3-byte character never splits: 2 bytes free are not enough */
	WT_EXPECT_EQ(sr(s, out, WE_BUF_MIN), WE_BUF_MIN);
	WT_EXPECT_EQ(sw(s, big, WE_BUF_MIN - 2), WE_BUF_MIN - 2);
	WT_EXPECT_EQ(sw(s, "\xe2\x82\xac", 3), 3);	/* held in the core */
	WT_EXPECT_EQ(sw(s, "z", 1), -EAGAIN);
	WT_EXPECT_EQ(sr(s, out, WE_BUF_MIN), WE_BUF_MIN - 2);
	WT_EXPECT_EQ(sw(s, "z", 1), 1);
	WT_EXPECT_EQ(sr(s, out, WE_BUF_MIN), 4);
	WT_EXPECT_MEMEQ(out, "\xe2\x82\xacz", 4);
	whatenc_session_free(s);
}

WT_CASE(session_end_of_stream)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	u8 *big = WT_ALLOC(WE_BUF_MIN), *out = WT_ALLOC(WE_BUF_MIN);
	struct whatenc_status st;

	WT_ASSERT_TRUE(s && big && out);
	WT_EXPECT_EQ(sw(s, "a\xe2\x82", 3), 3);
	WT_EXPECT_EQ(whatenc_session_end(s), 0);
	WT_EXPECT_EQ(sr(s, out, 16), 4);
	WT_EXPECT_MEMEQ(out, "a" FFFD, 4);
	WT_EXPECT_EQ(sr(s, out, 16), 0);
	WT_EXPECT_EQ(sr(s, out, 16), -EAGAIN);
	/* new stream: the BOM is sniffed (and stripped) again */
	WT_EXPECT_EQ(sw(s, "\xef\xbb\277b", 4), 4);
	WT_EXPECT_EQ(whatenc_session_end(s), 0);
	WT_EXPECT_EQ(whatenc_session_end(s), 0);
	WT_EXPECT_EQ(sr(s, out, 16), 1);
	WT_EXPECT_EQ(out[0], 'b');
	WT_EXPECT_EQ(sr(s, out, 16), 0);
	/* a write after END_OF_STREAM starts a new stream at once */
	WT_EXPECT_EQ(sw(s, "c", 1), 1);
	WT_EXPECT_EQ(whatenc_session_end(s), 0);
	WT_EXPECT_EQ(sw(s, "\xef\xbb\277d", 4), 4);
	WT_EXPECT_EQ(sr(s, out, 16), 2);
	WT_EXPECT_MEMEQ(out, "cd", 2);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.stream_start, 8);
	WT_EXPECT_EQ(st.bytes_in, 12);

	/* the flush waits for room in the buffer */
	WT_EXPECT_EQ(whatenc_session_reset(s), 0);
	memset(big, 'x', WE_BUF_MIN);
	WT_EXPECT_EQ(sw(s, big, WE_BUF_MIN - 1), WE_BUF_MIN - 1);
	WT_EXPECT_EQ(sw(s, "\xe2", 1), 1);
	WT_EXPECT_EQ(whatenc_session_end(s), 0);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.state, WHATENC_STATE_FLUSHING);
	WT_EXPECT_EQ(sr(s, out, WE_BUF_MIN), WE_BUF_MIN - 1);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.state, WHATENC_STATE_EOS);
	WT_EXPECT_EQ(st.stream_start, WE_BUF_MIN);
	WT_EXPECT_EQ(sr(s, out, WE_BUF_MIN), 3);
	WT_EXPECT_MEMEQ(out, FFFD, 3);
	WT_EXPECT_EQ(sr(s, out, WE_BUF_MIN), 0);
	whatenc_session_free(s);
}

WT_CASE(session_bom_switch)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_configure cfg;
	struct whatenc_status st;
	char out[8];

	WT_ASSERT_TRUE(s);
	WT_EXPECT_EQ(scfg(s, "latin1", WHATENC_DIR_DECODE, 0, &cfg), 0);
	WT_EXPECT_EQ(sw(s, "\xff\376A\0", 4), 4);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.encoding, WHATENC_UTF_16LE);
	WT_EXPECT_EQ(strcmp(st.name, "UTF-16LE"), 0);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 1);
	WT_EXPECT_EQ(out[0], 'A');
	/* strip: a UTF-16LE BOM is not windows-1252's own */
	WT_EXPECT_EQ(scfg(s, "latin1", WHATENC_DIR_DECODE,
			  WHATENC_CFG_BOM_STRIP, &cfg), 0);
	WT_EXPECT_EQ(sw(s, "\xff\xfe", 2), 2);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 4);
	WT_EXPECT_MEMEQ(out, "\xc3\xbf\xc3\xbe", 4);
	whatenc_session_free(s);
}

WT_CASE(session_fatal_decode)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_configure cfg;
	struct whatenc_status st;
	char out[16];

	WT_ASSERT_TRUE(s);
	WT_EXPECT_EQ(scfg(s, "utf-8", WHATENC_DIR_DECODE,
			  WHATENC_CFG_DEC_FATAL, &cfg), 0);
	WT_EXPECT_EQ(sw(s, "ab\377cd", 5), 3);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.state, WHATENC_STATE_ERROR);
	WT_EXPECT_EQ(st.err_kind, WHATENC_RES_MALFORMED);
	WT_EXPECT_EQ(st.err_offset, 2);
	WT_EXPECT_EQ(st.err_len, 1);
	WT_EXPECT_EQ(st.err_bytes[0], 0xff);
	WT_EXPECT_EQ(PM(whatenc_session_poll_mask(s)),
		     PM(EPOLLIN | EPOLLRDNORM | EPOLLOUT | EPOLLWRNORM));
	WT_EXPECT_EQ(sw(s, "cd", 2), -EILSEQ);
	WT_EXPECT_EQ(whatenc_session_end(s), -EILSEQ);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 2);
	WT_EXPECT_MEMEQ(out, "ab", 2);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), -EILSEQ);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), -EILSEQ);
	WT_EXPECT_EQ(sw(s, "", 0), 0);
	WT_EXPECT_EQ(whatenc_session_reset(s), 0);

	/* error spanning writes: E2 then '(' (not a continuation) */
	WT_EXPECT_EQ(sw(s, "xyz", 3), 3);
	WT_EXPECT_EQ(sw(s, "\xe2", 1), 1);
	WT_EXPECT_EQ(sw(s, "(", 1), -EILSEQ);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.err_offset, 3);
	WT_EXPECT_EQ(st.err_len, 1);
	WT_EXPECT_EQ(st.err_bytes[0], 0xe2);
	WT_EXPECT_EQ(st.bytes_in, 4);

	/* truncated at the end of the stream */
	WT_EXPECT_EQ(whatenc_session_reset(s), 0);
	WT_EXPECT_EQ(sw(s, "q\xf0\x9f", 3), 3);
	WT_EXPECT_EQ(whatenc_session_end(s), -EILSEQ);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.err_offset, 1);
	WT_EXPECT_EQ(st.err_len, 2);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 1);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), -EILSEQ);
	whatenc_session_free(s);
}

WT_CASE(session_fatal_encode)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_configure cfg;
	struct whatenc_status st;
	char out[32];

	WT_ASSERT_TRUE(s);
	WT_EXPECT_EQ(scfg(s, "windows-1252", WHATENC_DIR_ENCODE, 0, &cfg), 0);
	/* a, euro sign, snowman (not in windows-1252), b */
	WT_EXPECT_EQ(sw(s, "a\xe2\x82\xac\xe2\x98\203b", 8), 7);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.err_kind, WHATENC_RES_UNMAPPABLE);
	WT_EXPECT_EQ(st.err_cp, 0x2603);
	WT_EXPECT_EQ(st.err_offset, 4);
	WT_EXPECT_EQ(st.err_len, 3);
	WT_EXPECT_MEMEQ(st.err_bytes, "\xe2\x98\x83", 3);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 2);
	WT_EXPECT_MEMEQ(out, "a\x80", 2);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), -EILSEQ);

	WT_EXPECT_EQ(scfg(s, "windows-1252", WHATENC_DIR_ENCODE,
			  WHATENC_CFG_ENC_HTML, &cfg), 0);
	WT_EXPECT_EQ(sw(s, "\xe2\x98\203b", 4), 4);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 8);
	WT_EXPECT_MEMEQ(out, "&#9731;b", 8);

	/* ISO-2022-JP returns to ASCII at the end of the stream */
	WT_EXPECT_EQ(scfg(s, "iso-2022-jp", WHATENC_DIR_ENCODE, 0, &cfg), 0);
	WT_EXPECT_EQ(sw(s, "\xe3\x81\x82", 3), 3);
	WT_EXPECT_EQ(whatenc_session_end(s), 0);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 8);
	WT_EXPECT_MEMEQ(out, "\x1b$B$\"\x1b(B", 8);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 0);
	whatenc_session_free(s);
}

WT_CASE(session_convert)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_convert cv;
	u8 *big = WT_ALLOC(3 * WE_BUF_MIN), *out = WT_ALLOC(9 * WE_BUF_MIN);
	char o[16];
	size_t i;

	WT_ASSERT_TRUE(s && big && out);
	memset(&cv, 0, sizeof(cv));
	WT_EXPECT_EQ(sconv(s, &cv, "a\xe2\x82", 3, o, sizeof(o), 0), 0);
	WT_EXPECT_EQ(cv.in_pos, 3);
	WT_EXPECT_EQ(cv.out_pos, 1);
	WT_EXPECT_EQ(cv.result, WHATENC_RES_OK);
	memset(&cv, 0, sizeof(cv));
	cv.out_pos = 1;
	WT_EXPECT_EQ(sconv(s, &cv, "\xac", 1, o, 3, 0), 0);
	/* the euro sign does not fit in 2 bytes: held, input consumed */
	WT_EXPECT_EQ(cv.in_pos, 1);
	WT_EXPECT_EQ(cv.out_pos, 1);
	WT_EXPECT_EQ(cv.result, WHATENC_RES_OUTPUT_FULL);
	cv.in_pos = 0;
	WT_EXPECT_EQ(sconv(s, &cv, "", 0, o, sizeof(o),
			   WHATENC_CONVERT_LAST), 0);
	WT_EXPECT_EQ(cv.out_pos, 4);
	WT_EXPECT_EQ(cv.result, WHATENC_RES_OK);
	WT_EXPECT_MEMEQ(o, "a\xe2\x82\xac", 4);

	/* larger than the bounce and the output buffer */
	for (i = 0; i < 3 * WE_BUF_MIN; i++)
		big[i] = 0x80 + i % 64;
	WT_EXPECT_EQ(scfg(s, "latin1", WHATENC_DIR_DECODE, 0,
			  &(struct whatenc_configure){}), 0);
	memset(&cv, 0, sizeof(cv));
	WT_EXPECT_EQ(sconv(s, &cv, big, 3 * WE_BUF_MIN, out, 9 * WE_BUF_MIN,
			   WHATENC_CONVERT_LAST), 0);
	WT_EXPECT_EQ(cv.in_pos, 3 * WE_BUF_MIN);
	WT_EXPECT_EQ(cv.result, WHATENC_RES_OK);
	/* windows-1252 0x80 is U+20AC, 0x81 is U+0081 */
	WT_EXPECT_MEMEQ(out, "\xe2\x82\xac\xc2\x81", 5);

	/* busy with buffered output; invalid arguments */
	WT_EXPECT_EQ(sw(s, "x", 1), 1);
	memset(&cv, 0, sizeof(cv));
	WT_EXPECT_EQ(sconv(s, &cv, "y", 1, o, sizeof(o), 0), -EBUSY);
	WT_EXPECT_EQ(sr(s, o, sizeof(o)), 1);
	cv.in_pos = 2;
	WT_EXPECT_EQ(sconv(s, &cv, "y", 1, o, sizeof(o), 0), -EINVAL);
	cv.in_pos = 0;
	WT_EXPECT_EQ(sconv(s, &cv, "y", 1, o, sizeof(o), 2), -EINVAL);
	cv.reserved[1] = 1;
	WT_EXPECT_EQ(sconv(s, &cv, "y", 1, o, sizeof(o), 0), -EINVAL);
	cv.reserved[1] = 0;
	cv.out_pos = 17;
	WT_EXPECT_EQ(sconv(s, &cv, "y", 1, o, sizeof(o), 0), -EINVAL);

	/* fatal error through CONVERT */
	WT_EXPECT_EQ(scfg(s, "utf-8", WHATENC_DIR_DECODE,
			  WHATENC_CFG_DEC_FATAL, &(struct whatenc_configure){}),
		     0);
	memset(&cv, 0, sizeof(cv));
	WT_EXPECT_EQ(sconv(s, &cv, "ok\xc0!", 4, o, sizeof(o), 0), 0);
	WT_EXPECT_EQ(cv.result, WHATENC_RES_MALFORMED);
	WT_EXPECT_EQ(cv.in_pos, 3);
	WT_EXPECT_EQ(cv.out_pos, 2);
	WT_EXPECT_EQ(sconv(s, &cv, "ok\xc0!", 4, o, sizeof(o), 0), -EILSEQ);
	whatenc_session_free(s);
}

/* ---- detect mode (WHATENC_CFG_DETECT) ---- */

static int sdet(struct we_session *s, const char *label, u32 fmt, u32 flags)
{
	struct whatenc_configure cfg;

	memset(&cfg, 0, sizeof(cfg));
	strscpy(cfg.label, label, sizeof(cfg.label));
	cfg.direction = WHATENC_DIR_DECODE;
	cfg.flags = WHATENC_CFG_DETECT | flags;
	cfg.format = fmt;
	return whatenc_session_configure(s, &cfg);
}

/* Write @len bytes in pieces of @step; true when every piece is taken. */
static bool swsteps(struct we_session *s, const char *buf, size_t len,
		    size_t step)
{
	size_t i, n;

	for (i = 0; i < len; i += n) {
		n = min(step, len - i);
		if (sw(s, buf + i, n) != n)
			return false;
	}
	return true;
}

/* Read what is ready; returns the byte count (-EAGAIN stops it). */
static ssize_t srall(struct we_session *s, u8 *out, size_t size)
{
	size_t got = 0;
	ssize_t n;

	while (got < size) {
		n = sr(s, out + got, size - got);
		if (n <= 0)
			return got ? got : n;
		got += n;
	}
	return got;
}

/* END_OF_STREAM, then the rest of the output and the 0 that ends it. */
static ssize_t send_all(struct kunit *wt, struct we_session *s, u8 *out,
			size_t size)
{
	size_t got = 0;
	ssize_t n;

	WT_EXPECT_EQ(whatenc_session_end(s), 0);
	for (;;) {
		n = sr(s, out + got, size - got);
		if (n <= 0)
			break;
		got += n;
	}
	WT_EXPECT_EQ(n, 0);	/* the end of the stream */
	return got;
}

WT_CASE(session_detect_html_meta)
{
	/* HTML prescan: <meta charset>; Shift_JIS 82 A0 is U+3042 */
	static const char doc[] = "<meta charset=\"shift_jis\">\x82\xa0";
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_status *st = WT_ALLOC(sizeof(*st));
	u8 *out = WT_ALLOC(256);

	WT_EXPECT_EQ(sdet(s, "windows-1252", WHATENC_DETECT_FMT_HTML, 0), 0);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_PENDING);
	WT_EXPECT_EQ(st->encoding, WHATENC_WINDOWS_1252);
	/* the attribute is not complete yet: nothing decided, no output */
	WT_EXPECT_TRUE(swsteps(s, doc, 20, 3));
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_PENDING);
	WT_EXPECT_EQ(st->detect_buffered, 20);
	WT_EXPECT_EQ(st->bytes_in, 20);
	WT_EXPECT_EQ(sr(s, out, 256), -EAGAIN);
	/* the rest in small pieces: decided without END_OF_STREAM */
	WT_EXPECT_TRUE(swsteps(s, doc + 20, sizeof(doc) - 1 - 20, 3));
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_DONE);
	WT_EXPECT_EQ(st->detect_encoding, WHATENC_SHIFT_JIS);
	WT_EXPECT_EQ(st->encoding, WHATENC_SHIFT_JIS);
	WT_EXPECT_EQ(strcmp(st->name, "Shift_JIS"), 0);
	WT_EXPECT_EQ(st->detect_source, WHATENC_DETSRC_META);
	WT_EXPECT_EQ(st->detect_certain, 0);	/* HTML: tentative */
	WT_EXPECT_EQ(st->detect_bom_len, 0);
	WT_EXPECT_EQ(send_all(wt, s, out, 256), sizeof(doc) - 3 + 3);
	WT_EXPECT_MEMEQ(out, "<meta charset=\"shift_jis\">\xe3\x81\x82",
			sizeof(doc) - 3 + 3);

	/* a new stream detects again: no <meta>, the label decides at END */
	WT_EXPECT_EQ(sw(s, "<p>\xe9", 4), 4);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_PENDING);
	WT_EXPECT_EQ(st->encoding, WHATENC_WINDOWS_1252);
	WT_EXPECT_EQ(send_all(wt, s, out, 256), 5);
	WT_EXPECT_MEMEQ(out, "<p>\xc3\xa9", 5);	/* windows-1252 E9 */
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_DONE);
	WT_EXPECT_EQ(st->detect_source, WHATENC_DETSRC_FALLBACK);
	WT_EXPECT_EQ(st->detect_encoding, WHATENC_WINDOWS_1252);

	/* DETECT_TRANSPORT: the label wins over <meta>; KOI8-R C1 = U+0430 */
	WT_EXPECT_EQ(sdet(s, "koi8-r", WHATENC_DETECT_FMT_HTML,
			  WHATENC_CFG_DETECT_TRANSPORT), 0);
	WT_EXPECT_EQ(sw(s, doc, sizeof(doc) - 3), sizeof(doc) - 3);
	WT_EXPECT_EQ(sw(s, "\xc1", 1), 1);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_source, WHATENC_DETSRC_TRANSPORT);
	WT_EXPECT_EQ(st->detect_certain, 1);
	WT_EXPECT_EQ(send_all(wt, s, out, 256), sizeof(doc) - 3 + 2);
	WT_EXPECT_MEMEQ(out + sizeof(doc) - 3, "\xd0\xb0", 2);
	whatenc_session_free(s);
}

WT_CASE(session_detect_bom)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_status *st = WT_ALLOC(sizeof(*st));
	u8 *out = WT_ALLOC(256);

	/* UTF-16LE BOM, then "A", then a second BOM: U+FEFF stays */
	WT_EXPECT_EQ(sdet(s, "windows-1252", WHATENC_DETECT_FMT_TEXT, 0), 0);
	WT_EXPECT_TRUE(swsteps(s, "\xff\xfe\x41\0\xff\xfe", 6, 1));
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_DONE);
	WT_EXPECT_EQ(st->detect_encoding, WHATENC_UTF_16LE);
	WT_EXPECT_EQ(st->detect_source, WHATENC_DETSRC_BOM);
	WT_EXPECT_EQ(st->detect_certain, 1);
	WT_EXPECT_EQ(st->detect_bom_len, 2);
	WT_EXPECT_EQ(send_all(wt, s, out, 256), 4);
	WT_EXPECT_MEMEQ(out, "A\xef\xbb\xbf", 4);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->bytes_in, 6);
	WT_EXPECT_EQ(st->bytes_out, 4);

	/* UTF-8 BOM before an HTML <meta>: the BOM wins, removed once */
	WT_EXPECT_EQ(sdet(s, "windows-1252", WHATENC_DETECT_FMT_HTML, 0), 0);
	WT_EXPECT_TRUE(swsteps(s, "\xef\xbb\xbf<meta charset=gbk>\xc3\xa9",
			       23, 2));
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_encoding, WHATENC_UTF_8);
	WT_EXPECT_EQ(st->detect_source, WHATENC_DETSRC_BOM);
	WT_EXPECT_EQ(st->detect_bom_len, 3);
	WT_EXPECT_EQ(send_all(wt, s, out, 256), 20);
	WT_EXPECT_MEMEQ(out, "<meta charset=gbk>\xc3\xa9", 20);

	/* UTF-16BE BOM as the whole stream: empty output */
	WT_EXPECT_EQ(sdet(s, "utf-8", WHATENC_DETECT_FMT_CSS, 0), 0);
	WT_EXPECT_EQ(sw(s, "\xfe\xff", 2), 2);
	WT_EXPECT_EQ(send_all(wt, s, out, 256), 0);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_encoding, WHATENC_UTF_16BE);
	WT_EXPECT_EQ(st->detect_source, WHATENC_DETSRC_BOM);
	whatenc_session_free(s);
}

WT_CASE(session_detect_xml_css)
{
	/* XML declaration: ISO-8859-2 B1 = U+0105 */
	static const char xml[] =
		"<?xml version=\"1.0\" encoding=\"ISO-8859-2\"?><a>\xb1</a>";
	/* CSS @charset: windows-1251 C0 = U+0410 */
	static const char css[] = "@charset \"windows-1251\";\xc0";
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_status *st = WT_ALLOC(sizeof(*st));
	u8 *out = WT_ALLOC(256);

	WT_EXPECT_EQ(sdet(s, "utf-8", WHATENC_DETECT_FMT_XML, 0), 0);
	WT_EXPECT_TRUE(swsteps(s, xml, sizeof(xml) - 1, 5));
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_DONE);
	WT_EXPECT_EQ(st->detect_encoding, WHATENC_ISO_8859_2);
	WT_EXPECT_EQ(st->detect_source, WHATENC_DETSRC_XML_DECL);
	WT_EXPECT_EQ(send_all(wt, s, out, 256), sizeof(xml) - 1 + 1);
	WT_EXPECT_MEMEQ(out, xml, sizeof(xml) - 1 - 5);
	WT_EXPECT_MEMEQ(out + sizeof(xml) - 1 - 5, "\xc4\x85</a>", 6);

	WT_EXPECT_EQ(sdet(s, "utf-8", WHATENC_DETECT_FMT_CSS, 0), 0);
	WT_EXPECT_TRUE(swsteps(s, css, sizeof(css) - 1, 4));
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_DONE);
	WT_EXPECT_EQ(st->detect_encoding, WHATENC_WINDOWS_1251);
	WT_EXPECT_EQ(st->detect_source, WHATENC_DETSRC_CSS_CHARSET);
	WT_EXPECT_EQ(send_all(wt, s, out, 256), sizeof(css) - 1 + 1);
	WT_EXPECT_MEMEQ(out, "@charset \"windows-1251\";\xd0\x90",
			sizeof(css) - 1 + 1);

	/* CSS without @charset: the label is the environment encoding */
	WT_EXPECT_EQ(sdet(s, "iso-8859-7", WHATENC_DETECT_FMT_CSS, 0), 0);
	WT_EXPECT_EQ(sw(s, "a{}\xe1", 4), 4);
	WT_EXPECT_EQ(send_all(wt, s, out, 256), 5);
	WT_EXPECT_MEMEQ(out, "a{}\xce\xb1", 5);	/* U+03B1 */
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_source, WHATENC_DETSRC_REFERRER);
	whatenc_session_free(s);
}

WT_CASE(session_detect_text)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_status *st = WT_ALLOC(sizeof(*st));
	u8 *out = WT_ALLOC(WHATENC_DETECT_LOOK_TEXT + 16);
	u8 *big = WT_ALLOC(WHATENC_DETECT_LOOK_TEXT);
	size_t got;
	ssize_t n;

	/* valid UTF-8: UTF-8, decided at END_OF_STREAM (short input) */
	WT_EXPECT_EQ(sdet(s, "windows-1252", WHATENC_DETECT_FMT_TEXT, 0), 0);
	WT_EXPECT_EQ(sw(s, "caf\xc3\xa9", 5), 5);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_PENDING);
	WT_EXPECT_EQ(st->detect_buffered, 5);
	WT_EXPECT_EQ(send_all(wt, s, out, 64), 5);
	WT_EXPECT_MEMEQ(out, "caf\xc3\xa9", 5);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_source, WHATENC_DETSRC_VALIDITY);
	WT_EXPECT_EQ(st->detect_encoding, WHATENC_UTF_8);
	WT_EXPECT_EQ(st->detect_buffered, 0);

	/* not UTF-8: the label (windows-1252 E9 = U+00E9) */
	WT_EXPECT_EQ(sw(s, "caf\xe9", 4), 4);
	WT_EXPECT_EQ(send_all(wt, s, out, 64), 5);
	WT_EXPECT_MEMEQ(out, "caf\xc3\xa9", 5);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_source, WHATENC_DETSRC_FALLBACK);
	WT_EXPECT_EQ(st->detect_encoding, WHATENC_WINDOWS_1252);

	/* an empty stream decides too */
	WT_EXPECT_EQ(send_all(wt, s, out, 64), 0);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_DONE);
	WT_EXPECT_EQ(st->detect_encoding, WHATENC_UTF_8);

	/* a full look-ahead decides without END_OF_STREAM */
	memset(big, 'a', WHATENC_DETECT_LOOK_TEXT);
	WT_EXPECT_EQ(sw(s, big, WHATENC_DETECT_LOOK_TEXT - 1),
		     WHATENC_DETECT_LOOK_TEXT - 1);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_PENDING);
	WT_EXPECT_EQ(sw(s, "a", 1), 1);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_DONE);
	WT_EXPECT_EQ(st->detect_source, WHATENC_DETSRC_VALIDITY);
	WT_EXPECT_EQ(st->detect_flags, WHATENC_DETFLAG_ASCII);
	/* everything held is decoded (and readable) without END */
	n = srall(s, out, WHATENC_DETECT_LOOK_TEXT + 16);
	WT_EXPECT_EQ(n, WHATENC_DETECT_LOOK_TEXT);
	WT_EXPECT_MEMEQ(out, big, WHATENC_DETECT_LOOK_TEXT);
	/* decided for UTF-8: a later E9 is an error, U+FFFD */
	WT_EXPECT_EQ(sw(s, "\xe9", 1), 1);
	got = send_all(wt, s, out, 64);
	WT_EXPECT_EQ(got, 3);
	WT_EXPECT_MEMEQ(out, FFFD, 3);
	whatenc_session_free(s);
}

WT_CASE(session_detect_unsupported)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_status *st = WT_ALLOC(sizeof(*st));
	struct whatenc_convert cv = { 0 };
	u8 *out = WT_ALLOC(64);

	/* UTF-32LE BOM: not an Encoding Standard encoding */
	WT_EXPECT_EQ(sdet(s, "utf-8", WHATENC_DETECT_FMT_TEXT, 0), 0);
	WT_EXPECT_EQ(sw(s, "\xff\xfe", 2), 2);
	WT_EXPECT_EQ(sw(s, "\0\0A\0\0\0", 6), 6);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->state, WHATENC_STATE_ERROR);
	WT_EXPECT_EQ(st->err_kind, WHATENC_RES_UNSUPPORTED);
	WT_EXPECT_EQ(st->err_offset, 0);
	WT_EXPECT_EQ(st->err_len, 4);
	WT_EXPECT_MEMEQ(st->err_bytes, "\xff\xfe\0\0", 4);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_UNSUPPORTED);
	WT_EXPECT_EQ(st->detect_unsupported, WHATENC_DETUNSUP_UTF32LE);
	WT_EXPECT_EQ(st->detect_encoding, 0xffffffffu);
	WT_EXPECT_EQ(st->detect_bom_len, 4);
	WT_EXPECT_EQ(sw(s, "x", 1), -EOPNOTSUPP);
	WT_EXPECT_EQ(sr(s, out, 64), -EOPNOTSUPP);
	WT_EXPECT_EQ(whatenc_session_end(s), -EOPNOTSUPP);
	/* RESET: detection starts again */
	WT_EXPECT_EQ(whatenc_session_reset(s), 0);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->state, WHATENC_STATE_STREAM);
	WT_EXPECT_EQ(st->detect_state, WHATENC_DETSTATE_PENDING);
	WT_EXPECT_EQ(sw(s, "ok", 2), 2);
	WT_EXPECT_EQ(send_all(wt, s, out, 64), 2);
	WT_EXPECT_MEMEQ(out, "ok", 2);

	/* UTF-32BE BOM, decided at END_OF_STREAM */
	WT_EXPECT_EQ(sdet(s, "utf-8", WHATENC_DETECT_FMT_HTML, 0), 0);
	WT_EXPECT_EQ(sw(s, "\0\0\xfe\xff", 4), 4);
	whatenc_session_status(s, st);
	WT_EXPECT_EQ(st->detect_unsupported, WHATENC_DETUNSUP_UTF32BE);
	WT_EXPECT_EQ(st->err_kind, WHATENC_RES_UNSUPPORTED);

	/* CONVERT is not available in detect mode */
	WT_EXPECT_EQ(sdet(s, "utf-8", WHATENC_DETECT_FMT_TEXT, 0), 0);
	WT_EXPECT_EQ(sconv(s, &cv, "a", 1, out, 64, 0), -EOPNOTSUPP);
	whatenc_session_free(s);
}

WT_CASE(session_detect_invalid)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_status *a = WT_ALLOC(sizeof(*a));
	struct whatenc_status *b = WT_ALLOC(sizeof(*b));
	struct whatenc_configure cfg;

	WT_EXPECT_EQ(sdet(s, "utf-8", WHATENC_DETECT_FMT_HTML, 0), 0);
	WT_EXPECT_EQ(sw(s, "<p", 2), 2);
	whatenc_session_status(s, a);
	WT_EXPECT_EQ(sdet(s, "utf-8", WHATENC_DETECT_FMT_CSS + 1, 0), -EINVAL);
	WT_EXPECT_EQ(sdet(s, "utf-8", 0xffffffffu, 0), -EINVAL);
	WT_EXPECT_EQ(sdet(s, "utf-8", 0, WHATENC_CFG_BOM_STRIP), -EINVAL);
	WT_EXPECT_EQ(sdet(s, "utf-8", 0, WHATENC_CFG_BOM_KEEP), -EINVAL);
	WT_EXPECT_EQ(sdet(s, "utf-16le", 0, WHATENC_CFG_DEC_WTF8), -EINVAL);
	WT_EXPECT_EQ(sdet(s, "utf-8", 0, 0x80), -EINVAL);
	WT_EXPECT_EQ(sdet(s, "no-such-label", 0, 0), -EINVAL);
	WT_EXPECT_EQ(scfg(s, "utf-8", WHATENC_DIR_ENCODE, WHATENC_CFG_DETECT,
			  &cfg), -EINVAL);
	WT_EXPECT_EQ(scfg(s, "utf-8", WHATENC_DIR_DECODE,
			  WHATENC_CFG_DETECT_TRANSPORT, &cfg), -EINVAL);
	memset(&cfg, 0, sizeof(cfg));
	strscpy(cfg.label, "utf-8", sizeof(cfg.label));
	cfg.format = WHATENC_DETECT_FMT_HTML;	/* without DETECT */
	WT_EXPECT_EQ(whatenc_session_configure(s, &cfg), -EINVAL);
	whatenc_session_status(s, b);
	WT_EXPECT_MEMEQ(a, b, sizeof(*a));
	/* CONFIGURE returns the label's encoding */
	WT_EXPECT_EQ(sdet(s, "sjis", WHATENC_DETECT_FMT_HTML,
			  WHATENC_CFG_DEC_FATAL), 0);
	whatenc_session_status(s, a);
	WT_EXPECT_EQ(a->encoding, WHATENC_SHIFT_JIS);
	WT_EXPECT_EQ(a->flags, WHATENC_CFG_DETECT | WHATENC_CFG_DEC_FATAL);
	whatenc_session_free(s);
}

/*
 * whatenc_status.replacements: the Encoding Standard's counts (one
 * U+FFFD per maximal subpart; Python's b"a\xffb\xc3(\xe3\x81".decode(
 * "utf-8", "replace") has 3 as well; "日本".encode("iso-8859-2",
 * "xmlcharrefreplace") writes 2 references), kept across streams and
 * detect mode's new decoders until RESET or CONFIGURE.
 */
WT_CASE(session_replacements)
{
	static const char nihon[] = "\xe6\x97\xa5\xe6\x9c\xac";
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_configure cfg;
	struct whatenc_convert cv = { 0 };
	struct whatenc_status st;
	char out[64];

	WT_ASSERT_TRUE(s);
	WT_ASSERT_EQ(scfg(s, "utf-8", WHATENC_DIR_DECODE, 0, &cfg), 0);
	WT_EXPECT_EQ(sw(s, "a\377b\xc3(\xe3\x81", 7), 7);
	WT_EXPECT_EQ(whatenc_session_end(s), 0);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.mask, WHATENC_STATUS_REPLACEMENTS);
	WT_EXPECT_EQ(st.replacements, 3);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 12);
	WT_EXPECT_MEMEQ(out, "a" FFFD "b" FFFD "(" FFFD, 12);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 0);
	/* a new stream (C0: no BOM's first byte, which sniffing would hold) */
	WT_EXPECT_EQ(sw(s, "x\xc0", 2), 2);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.replacements, 4);
	WT_EXPECT_EQ(whatenc_session_reset(s), 0);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.replacements, 0);

	/* fatal mode: the error state instead */
	WT_ASSERT_EQ(scfg(s, "utf-8", WHATENC_DIR_DECODE,
			  WHATENC_CFG_DEC_FATAL, &cfg), 0);
	WT_EXPECT_EQ(sw(s, "\xc0", 1), 1);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.state, WHATENC_STATE_ERROR);
	WT_EXPECT_EQ(st.replacements, 0);

	/* CONVERT, html mode: the encoder's character references */
	WT_ASSERT_EQ(scfg(s, "latin2", WHATENC_DIR_ENCODE,
			  WHATENC_CFG_ENC_HTML, &cfg), 0);
	WT_EXPECT_EQ(sconv(s, &cv, nihon, 6, out, sizeof(out),
			   WHATENC_CONVERT_LAST), 0);
	WT_EXPECT_EQ(cv.result, WHATENC_RES_OK);
	WT_EXPECT_EQ(cv.out_pos, 16);
	WT_EXPECT_MEMEQ(out, "&#26085;&#26412;", 16);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.replacements, 2);

	/* detect mode: a new decoder per stream, one count */
	WT_ASSERT_EQ(sdet(s, "utf-8", WHATENC_DETECT_FMT_TEXT, 0), 0);
	WT_EXPECT_EQ(sw(s, "\xef\xbb\xbf\xff", 4), 4);
	WT_EXPECT_EQ(whatenc_session_end(s), 0);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 3);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 0);
	WT_EXPECT_EQ(sw(s, "\xef\xbb\xbfx\xff\xff", 6), 6);
	WT_EXPECT_EQ(whatenc_session_end(s), 0);
	whatenc_session_status(s, &st);
	WT_EXPECT_EQ(st.detect_state, WHATENC_DETSTATE_DONE);
	WT_EXPECT_EQ(st.replacements, 3);
	whatenc_session_free(s);
}

/*
 * CONVERT with LAST that runs out of output room after all its input has
 * ended the stream: the next call finishes that flush first, and its new
 * input is a new stream (a BOM is sniffed again, stream_start moves on),
 * even without LAST. Found by the session fuzz target: before, the new
 * input continued the old stream (U+FEFF kept, stream_start 0).
 */
WT_CASE(session_convert_last_then_more)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_convert cv = { 0 };
	struct whatenc_status st;
	char out[16];

	WT_ASSERT_TRUE(s);
	WT_EXPECT_EQ(sconv(s, &cv, "\xdd", 1, out, 1, WHATENC_CONVERT_LAST), 0);
	WT_EXPECT_EQ(cv.in_pos, 1);
	WT_EXPECT_EQ(cv.out_pos, 0);
	WT_EXPECT_EQ(cv.result, WHATENC_RES_OUTPUT_FULL);
	memset(&cv, 0, sizeof(cv));
	WT_EXPECT_EQ(sconv(s, &cv, "\xef\xbb\277a", 4, out, sizeof(out), 0),
		     0);
	WT_EXPECT_EQ(cv.result, WHATENC_RES_OK);
	WT_EXPECT_EQ(cv.in_pos, 4);
	WT_EXPECT_EQ(cv.out_pos, 4);
	WT_EXPECT_MEMEQ(out, FFFD "a", 4);
	WT_EXPECT_EQ(whatenc_session_status(s, &st), 0);
	WT_EXPECT_EQ(st.stream_start, 1);
	/* the same through write(): the flush goes to the read buffer */
	memset(&cv, 0, sizeof(cv));
	WT_EXPECT_EQ(sconv(s, &cv, "", 0, out, 1, WHATENC_CONVERT_LAST), 0);
	WT_EXPECT_EQ(whatenc_session_reset(s), 0);
	WT_EXPECT_EQ(sconv(s, &cv, "\xdd", 1, out, 1, WHATENC_CONVERT_LAST), 0);
	WT_EXPECT_EQ(cv.result, WHATENC_RES_OUTPUT_FULL);
	WT_EXPECT_EQ(sw(s, "\xef\xbb\277b", 4), 4);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 4);
	WT_EXPECT_MEMEQ(out, FFFD "b", 4);
	whatenc_session_free(s);
}

/*
 * END_OF_STREAM after a LAST CONVERT of one odd UTF-16BE byte into no
 * output room. Fatal mode: the error needs no output room, so CONVERT
 * reports it at once (MALFORMED, as encoding_rs's Malformed) and END
 * reports that stream's error again. Replacement mode: the U+FFFD does
 * not fit (OUTPUT_FULL); END finishes that stream's flush. No second
 * stream either way. (The session fuzz target, 2026-11-24: its model
 * had ended a second, empty stream and lost the error's bytes.)
 */
WT_CASE(session_convert_last_then_end)
{
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, NULL);
	struct whatenc_convert cv = { 0 };
	struct whatenc_configure cfg;
	struct whatenc_status st;
	char out[16];

	WT_ASSERT_TRUE(s);
	WT_EXPECT_EQ(scfg(s, "utf-16be", WHATENC_DIR_DECODE,
			  WHATENC_CFG_DEC_FATAL, &cfg), 0);
	WT_EXPECT_EQ(sconv(s, &cv, "\xfb", 1, out, 0, WHATENC_CONVERT_LAST),
		     0);
	WT_EXPECT_EQ(cv.in_pos, 1);
	WT_EXPECT_EQ(cv.out_pos, 0);
	WT_EXPECT_EQ(cv.result, WHATENC_RES_MALFORMED);
	WT_EXPECT_EQ(whatenc_session_end(s), -EILSEQ);
	WT_EXPECT_EQ(whatenc_session_status(s, &st), 0);
	WT_EXPECT_EQ(st.state, WHATENC_STATE_ERROR);
	WT_EXPECT_EQ(st.err_kind, WHATENC_RES_MALFORMED);
	WT_EXPECT_EQ(st.err_offset, 0);
	WT_EXPECT_EQ(st.err_len, 1);
	WT_EXPECT_EQ(st.err_bytes[0], 0xfb);
	WT_EXPECT_EQ(st.bytes_in, 1);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), -EILSEQ);

	WT_EXPECT_EQ(scfg(s, "utf-16be", WHATENC_DIR_DECODE, 0, &cfg), 0);
	memset(&cv, 0, sizeof(cv));
	WT_EXPECT_EQ(sconv(s, &cv, "\xfb", 1, out, 0, WHATENC_CONVERT_LAST),
		     0);
	WT_EXPECT_EQ(cv.in_pos, 1);
	WT_EXPECT_EQ(cv.result, WHATENC_RES_OUTPUT_FULL);
	WT_EXPECT_EQ(whatenc_session_end(s), 0);
	WT_EXPECT_EQ(whatenc_session_status(s, &st), 0);
	WT_EXPECT_EQ(st.state, WHATENC_STATE_EOS);
	WT_EXPECT_EQ(st.out_ready, 3);
	WT_EXPECT_EQ(st.bytes_in, 1);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 3);
	WT_EXPECT_MEMEQ(out, FFFD, 3);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 0);
	/* read() returned the end once: idle, ready for a new stream */
	WT_EXPECT_EQ(whatenc_session_status(s, &st), 0);
	WT_EXPECT_EQ(st.state, WHATENC_STATE_STREAM);
	whatenc_session_free(s);
}

/* Buffers: none while idle, allocated on first use, freed when idle. */
WT_CASE(session_buffers_on_use)
{
	unsigned long limit = 0;
	struct we_mem mem = { .limit = &limit };
	struct we_session *s = whatenc_session_alloc(WE_BUF_MIN, &mem);
	size_t both = WE_BUF_MIN + min_t(size_t, WE_BUF_MIN, WE_BOUNCE_MAX);
	struct whatenc_configure cfg;
	struct whatenc_convert cv = { 0 };
	char out[32];

	WT_ASSERT_TRUE(s);
	WT_EXPECT_TRUE(!s->out && !s->bounce && !s->look);
	WT_EXPECT_EQ(atomic_long_read(&mem.used), 0);
	WT_EXPECT_EQ(sw(s, "ab\xc3", 3), 3);
	WT_EXPECT_TRUE(s->out && s->bounce && !s->look);
	WT_EXPECT_EQ(atomic_long_read(&mem.used), both);
	/* held output and a partial character survive */
	WT_EXPECT_EQ(sr(s, out, 1), 1);
	WT_EXPECT_EQ(whatenc_session_end(s), 0);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 1 + 3);
	WT_EXPECT_MEMEQ(out, "b" FFFD, 4);
	WT_EXPECT_EQ(atomic_long_read(&mem.used), both);
	/* the stream read to its end: nothing held */
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 0);
	WT_EXPECT_TRUE(!s->out && !s->bounce);
	WT_EXPECT_EQ(atomic_long_read(&mem.used), 0);
	/* RESET frees buffered output too */
	WT_EXPECT_EQ(sw(s, "x", 1), 1);
	WT_EXPECT_EQ(whatenc_session_reset(s), 0);
	WT_EXPECT_EQ(atomic_long_read(&mem.used), 0);
	/* CONVERT: kept while a stream goes on, freed at its end */
	WT_EXPECT_EQ(sconv(s, &cv, "ab", 2, out, sizeof(out), 0), 0);
	WT_EXPECT_EQ(atomic_long_read(&mem.used), both);
	WT_EXPECT_EQ(sconv(s, &cv, "ab", 2, out, sizeof(out),
			   WHATENC_CONVERT_LAST), 0);
	WT_EXPECT_EQ(cv.result, WHATENC_RES_OK);
	WT_EXPECT_EQ(atomic_long_read(&mem.used), 0);
	/* detect mode: the look-ahead holds input until decided */
	WT_ASSERT_EQ(scfg(s, "windows-1252", WHATENC_DIR_DECODE,
			  WHATENC_CFG_DETECT, &cfg), 0);
	WT_EXPECT_EQ(sw(s, "caf\xe9", 4), 4);
	WT_EXPECT_TRUE(s->look);
	WT_EXPECT_EQ(atomic_long_read(&mem.used),
		     both + WHATENC_DETECT_LOOK_TEXT);
	WT_EXPECT_EQ(whatenc_session_end(s), 0);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 5);
	WT_EXPECT_MEMEQ(out, "caf\xc3\xa9", 5);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 0);
	WT_EXPECT_EQ(atomic_long_read(&mem.used), 0);
	whatenc_session_free(s);
}

/* we_mem's may_exceed for session_mem_cap: its answer, how often asked */
static bool cap_allow;
static unsigned int cap_asked;

static bool cap_may_exceed(void)
{
	cap_asked++;
	return cap_allow;
}

/*
 * The per-user cap: ENOBUFS, nothing changed; may_exceed (the device's
 * capability check) is asked only over the cap, and when it says yes the
 * allocation passes, counted.
 */
WT_CASE(session_mem_cap)
{
	size_t both = WE_BUF_MIN + min_t(size_t, WE_BUF_MIN, WE_BOUNCE_MAX);
	unsigned long limit = both;
	struct we_mem mem = { .limit = &limit, .may_exceed = cap_may_exceed };
	struct we_session *a = whatenc_session_alloc(WE_BUF_MIN, &mem);
	struct we_session *b = whatenc_session_alloc(WE_BUF_MIN, &mem);
	struct we_session *c = whatenc_session_alloc(WE_BUF_MIN, &mem);
	struct whatenc_convert cv = { 0 };
	struct whatenc_status st;
	char out[8];

	cap_allow = false;
	cap_asked = 0;
	WT_ASSERT_TRUE(a && b && c);
	WT_EXPECT_EQ(sw(a, "a", 1), 1);
	WT_EXPECT_EQ(cap_asked, 0);	/* under the cap: not asked */
	WT_EXPECT_EQ(sw(b, "b", 1), -ENOBUFS);
	WT_EXPECT_EQ(cap_asked, 1);
	WT_EXPECT_EQ(whatenc_session_end(b), -ENOBUFS);
	WT_EXPECT_EQ(sconv(b, &cv, "b", 1, out, sizeof(out), 0), -ENOBUFS);
	WT_EXPECT_EQ(cv.in_pos, 0);
	WT_EXPECT_EQ(whatenc_session_status(b, &st), 0);
	WT_EXPECT_EQ(st.bytes_in, 0);
	WT_EXPECT_EQ(st.state, WHATENC_STATE_STREAM);
	WT_EXPECT_EQ(atomic_long_read(&mem.used), both);
	/* allowed over the cap: counted, not refused */
	cap_allow = true;
	WT_EXPECT_EQ(sw(c, "c", 1), 1);
	cap_allow = false;
	WT_EXPECT_EQ(atomic_long_read(&mem.used), 2 * both);
	whatenc_session_free(c);
	/* a raised cap applies at once; freeing makes room */
	limit = 0;
	WT_EXPECT_EQ(sw(b, "b", 1), 1);
	limit = both;
	whatenc_session_free(b);
	WT_EXPECT_EQ(sr(a, out, sizeof(out)), 1);
	WT_EXPECT_EQ(out[0], 'a');
	whatenc_session_free(a);
	WT_EXPECT_EQ(atomic_long_read(&mem.used), 0);
}

WT_SUITE(session,
	 WT_RUN(session_alloc_limits),
	 WT_RUN(session_default),
	 WT_RUN(session_configure_invalid),
	 WT_RUN(session_configure_names),
	 WT_RUN(session_buffer_limits),
	 WT_RUN(session_end_of_stream),
	 WT_RUN(session_bom_switch),
	 WT_RUN(session_fatal_decode),
	 WT_RUN(session_fatal_encode),
	 WT_RUN(session_convert),
	 WT_RUN(session_detect_html_meta),
	 WT_RUN(session_detect_bom),
	 WT_RUN(session_detect_xml_css),
	 WT_RUN(session_detect_text),
	 WT_RUN(session_detect_unsupported),
	 WT_RUN(session_detect_invalid),
	 WT_RUN(session_replacements),
	 WT_RUN(session_convert_last_then_more),
	 WT_RUN(session_convert_last_then_end),
	 WT_RUN(session_buffers_on_use),
	 WT_RUN(session_mem_cap));
