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

MODULE_IMPORT_NS(WHATENC_INTERNAL);

#define FFFD "\xef\xbf\xbd"

static ssize_t sw(struct we_session *s, const void *buf, size_t len)
{
	struct kvec kv = { .iov_base = (void *)buf, .iov_len = len };
	struct iov_iter it;

	iov_iter_kvec(&it, WRITE, &kv, 1, len);
	return we_session_write(s, &it, true);
}

static ssize_t sr(struct we_session *s, void *buf, size_t len)
{
	struct kvec kv = { .iov_base = buf, .iov_len = len };
	struct iov_iter it;

	iov_iter_kvec(&it, READ, &kv, 1, len);
	return we_session_read(s, &it, true);
}

static int scfg(struct we_session *s, const char *label, u32 dir, u32 flags,
		struct whatenc_configure *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	strscpy(cfg->label, label, sizeof(cfg->label));
	cfg->direction = dir;
	cfg->flags = flags;
	return we_session_configure(s, cfg);
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
	ret = we_session_convert_check(cv);
	if (ret)
		return ret;
	iov_iter_kvec(&ii, WRITE, &ki, 1, ki.iov_len);
	iov_iter_kvec(&io, READ, &ko, 1, ko.iov_len);
	return we_session_convert(s, cv, &ii, &io);
}

WT_CASE(session_alloc_limits)
{
	struct we_session *s;

	WT_EXPECT_TRUE(!we_session_alloc(WE_BUF_MIN - 1));
	WT_EXPECT_TRUE(!we_session_alloc(WE_BUF_MAX + 1));
	s = we_session_alloc(WE_BUF_MIN);
	WT_ASSERT_TRUE(s);
	we_session_free(s);
	s = we_session_alloc(WE_BUF_MAX);
	WT_ASSERT_TRUE(s);
	we_session_free(s);
}

/* Unconfigured: decode UTF-8, replacement, BOM sniff. */
WT_CASE(session_default)
{
	struct we_session *s = we_session_alloc(WE_BUF_MIN);
	struct whatenc_status st;
	char out[32];

	WT_ASSERT_TRUE(s);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), -EAGAIN);
	WT_EXPECT_EQ(sw(s, "\xef\xbb\277a\377b", 6), 6);
	WT_EXPECT_EQ(we_session_ready(s), 5);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 5);
	WT_EXPECT_MEMEQ(out, "a" FFFD "b", 5);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), -EAGAIN);
	we_session_status(s, &st);
	WT_EXPECT_EQ(st.bytes_in, 6);
	WT_EXPECT_EQ(st.bytes_out, 5);
	WT_EXPECT_EQ(st.direction, WHATENC_DIR_DECODE);
	WT_EXPECT_EQ(st.encoding, WHATENC_UTF_8);
	WT_EXPECT_EQ(strcmp(st.name, "UTF-8"), 0);
	WT_EXPECT_EQ(st.buf_size, WE_BUF_MIN);
	we_session_free(s);
}

WT_CASE(session_configure_invalid)
{
	struct we_session *s = we_session_alloc(WE_BUF_MIN);
	struct whatenc_configure cfg;
	struct whatenc_status *a = WT_ALLOC(sizeof(*a)), *b = WT_ALLOC(sizeof(*b));
	static const struct {
		const char *label;
		u32 dir, flags;
	} bad[] = {
		{ "nope", WHATENC_DIR_DECODE, 0 },
		{ "", WHATENC_DIR_DECODE, 0 },
		{ "utf-8", 2, 0 },
		{ "utf-8", WHATENC_DIR_DECODE, 0x10 },
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
	we_session_status(s, a);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		WT_EXPECT_EQ(scfg(s, bad[i].label, bad[i].dir, bad[i].flags,
				  &cfg), -EINVAL);
		we_session_status(s, b);
		WT_EXPECT_MEMEQ(a, b, sizeof(*a));
	}
	/* unterminated label */
	memset(&cfg, 0, sizeof(cfg));
	memset(cfg.label, 'a', sizeof(cfg.label));
	WT_EXPECT_EQ(we_session_configure(s, &cfg), -EINVAL);
	/* reserved fields */
	memset(&cfg, 0, sizeof(cfg));
	strscpy(cfg.label, "utf-8", sizeof(cfg.label));
	cfg.reserved0 = 1;
	WT_EXPECT_EQ(we_session_configure(s, &cfg), -EINVAL);
	cfg.reserved0 = 0;
	cfg.reserved[3] = 1;
	WT_EXPECT_EQ(we_session_configure(s, &cfg), -EINVAL);
	we_session_status(s, b);
	WT_EXPECT_MEMEQ(a, b, sizeof(*a));
	/* the partial euro sign is still there */
	WT_EXPECT_EQ(sw(s, "\xac", 1), 1);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 2);
	WT_EXPECT_MEMEQ(out, "x\x80", 2);
	we_session_free(s);
}

WT_CASE(session_configure_names)
{
	struct we_session *s = we_session_alloc(WE_BUF_MIN);
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
	we_session_free(s);
}

WT_CASE(session_buffer_limits)
{
	struct we_session *s = we_session_alloc(WE_BUF_MIN);
	u8 *big = WT_ALLOC(3 * WE_BUF_MIN), *out = WT_ALLOC(WE_BUF_MIN);
	struct whatenc_status st;

	WT_ASSERT_TRUE(s && big && out);
	memset(big, 'a', 3 * WE_BUF_MIN);
	WT_EXPECT_EQ(sw(s, big, 0), 0);
	WT_EXPECT_EQ(we_session_ready(s), 0);
	WT_EXPECT_EQ(PM(we_session_poll_mask(s)), PM(EPOLLOUT | EPOLLWRNORM));
	/* short write: what fits */
	WT_EXPECT_EQ(sw(s, big, 3 * WE_BUF_MIN), WE_BUF_MIN);
	WT_EXPECT_EQ(sw(s, big, 10), -EAGAIN);
	WT_EXPECT_EQ(PM(we_session_poll_mask(s)), PM(EPOLLIN | EPOLLRDNORM));
	WT_EXPECT_EQ(sr(s, out, 10), 10);
	/* less than WE_WRITE_ROOM free: not writable yet */
	WT_EXPECT_EQ(PM(we_session_poll_mask(s)), PM(EPOLLIN | EPOLLRDNORM));
	WT_EXPECT_EQ(sw(s, big, 100), 10);
	WT_EXPECT_EQ(sr(s, out, 100), 100);
	WT_EXPECT_EQ(PM(we_session_poll_mask(s)),
		     PM(EPOLLIN | EPOLLRDNORM | EPOLLOUT | EPOLLWRNORM));
	WT_EXPECT_EQ(sw(s, big, 3 * WE_BUF_MIN), 100);
	we_session_status(s, &st);
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
	we_session_free(s);
}

WT_CASE(session_end_of_stream)
{
	struct we_session *s = we_session_alloc(WE_BUF_MIN);
	u8 *big = WT_ALLOC(WE_BUF_MIN), *out = WT_ALLOC(WE_BUF_MIN);
	struct whatenc_status st;

	WT_ASSERT_TRUE(s && big && out);
	WT_EXPECT_EQ(sw(s, "a\xe2\x82", 3), 3);
	WT_EXPECT_EQ(we_session_end(s), 0);
	WT_EXPECT_EQ(sr(s, out, 16), 4);
	WT_EXPECT_MEMEQ(out, "a" FFFD, 4);
	WT_EXPECT_EQ(sr(s, out, 16), 0);
	WT_EXPECT_EQ(sr(s, out, 16), -EAGAIN);
	/* new stream: the BOM is sniffed (and stripped) again */
	WT_EXPECT_EQ(sw(s, "\xef\xbb\277b", 4), 4);
	WT_EXPECT_EQ(we_session_end(s), 0);
	WT_EXPECT_EQ(we_session_end(s), 0);
	WT_EXPECT_EQ(sr(s, out, 16), 1);
	WT_EXPECT_EQ(out[0], 'b');
	WT_EXPECT_EQ(sr(s, out, 16), 0);
	/* a write after END_OF_STREAM starts a new stream at once */
	WT_EXPECT_EQ(sw(s, "c", 1), 1);
	WT_EXPECT_EQ(we_session_end(s), 0);
	WT_EXPECT_EQ(sw(s, "\xef\xbb\277d", 4), 4);
	WT_EXPECT_EQ(sr(s, out, 16), 2);
	WT_EXPECT_MEMEQ(out, "cd", 2);
	we_session_status(s, &st);
	WT_EXPECT_EQ(st.stream_start, 8);
	WT_EXPECT_EQ(st.bytes_in, 12);

	/* the flush waits for room in the buffer */
	WT_EXPECT_EQ(we_session_reset(s), 0);
	memset(big, 'x', WE_BUF_MIN);
	WT_EXPECT_EQ(sw(s, big, WE_BUF_MIN - 1), WE_BUF_MIN - 1);
	WT_EXPECT_EQ(sw(s, "\xe2", 1), 1);
	WT_EXPECT_EQ(we_session_end(s), 0);
	we_session_status(s, &st);
	WT_EXPECT_EQ(st.state, WHATENC_STATE_FLUSHING);
	WT_EXPECT_EQ(sr(s, out, WE_BUF_MIN), WE_BUF_MIN - 1);
	we_session_status(s, &st);
	WT_EXPECT_EQ(st.state, WHATENC_STATE_EOS);
	WT_EXPECT_EQ(st.stream_start, WE_BUF_MIN);
	WT_EXPECT_EQ(sr(s, out, WE_BUF_MIN), 3);
	WT_EXPECT_MEMEQ(out, FFFD, 3);
	WT_EXPECT_EQ(sr(s, out, WE_BUF_MIN), 0);
	we_session_free(s);
}

WT_CASE(session_bom_switch)
{
	struct we_session *s = we_session_alloc(WE_BUF_MIN);
	struct whatenc_configure cfg;
	struct whatenc_status st;
	char out[8];

	WT_ASSERT_TRUE(s);
	WT_EXPECT_EQ(scfg(s, "latin1", WHATENC_DIR_DECODE, 0, &cfg), 0);
	WT_EXPECT_EQ(sw(s, "\xff\376A\0", 4), 4);
	we_session_status(s, &st);
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
	we_session_free(s);
}

WT_CASE(session_fatal_decode)
{
	struct we_session *s = we_session_alloc(WE_BUF_MIN);
	struct whatenc_configure cfg;
	struct whatenc_status st;
	char out[16];

	WT_ASSERT_TRUE(s);
	WT_EXPECT_EQ(scfg(s, "utf-8", WHATENC_DIR_DECODE,
			  WHATENC_CFG_DEC_FATAL, &cfg), 0);
	WT_EXPECT_EQ(sw(s, "ab\377cd", 5), 3);
	we_session_status(s, &st);
	WT_EXPECT_EQ(st.state, WHATENC_STATE_ERROR);
	WT_EXPECT_EQ(st.err_kind, WHATENC_RES_MALFORMED);
	WT_EXPECT_EQ(st.err_offset, 2);
	WT_EXPECT_EQ(st.err_len, 1);
	WT_EXPECT_EQ(st.err_bytes[0], 0xff);
	WT_EXPECT_EQ(PM(we_session_poll_mask(s)),
		     PM(EPOLLIN | EPOLLRDNORM | EPOLLOUT | EPOLLWRNORM));
	WT_EXPECT_EQ(sw(s, "cd", 2), -EILSEQ);
	WT_EXPECT_EQ(we_session_end(s), -EILSEQ);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 2);
	WT_EXPECT_MEMEQ(out, "ab", 2);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), -EILSEQ);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), -EILSEQ);
	WT_EXPECT_EQ(sw(s, "", 0), 0);
	WT_EXPECT_EQ(we_session_reset(s), 0);

	/* error spanning writes: E2 then '(' (not a continuation) */
	WT_EXPECT_EQ(sw(s, "xyz", 3), 3);
	WT_EXPECT_EQ(sw(s, "\xe2", 1), 1);
	WT_EXPECT_EQ(sw(s, "(", 1), -EILSEQ);
	we_session_status(s, &st);
	WT_EXPECT_EQ(st.err_offset, 3);
	WT_EXPECT_EQ(st.err_len, 1);
	WT_EXPECT_EQ(st.err_bytes[0], 0xe2);
	WT_EXPECT_EQ(st.bytes_in, 4);

	/* truncated at the end of the stream */
	WT_EXPECT_EQ(we_session_reset(s), 0);
	WT_EXPECT_EQ(sw(s, "q\xf0\x9f", 3), 3);
	WT_EXPECT_EQ(we_session_end(s), -EILSEQ);
	we_session_status(s, &st);
	WT_EXPECT_EQ(st.err_offset, 1);
	WT_EXPECT_EQ(st.err_len, 2);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 1);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), -EILSEQ);
	we_session_free(s);
}

WT_CASE(session_fatal_encode)
{
	struct we_session *s = we_session_alloc(WE_BUF_MIN);
	struct whatenc_configure cfg;
	struct whatenc_status st;
	char out[32];

	WT_ASSERT_TRUE(s);
	WT_EXPECT_EQ(scfg(s, "windows-1252", WHATENC_DIR_ENCODE, 0, &cfg), 0);
	/* a, euro sign, snowman (not in windows-1252), b */
	WT_EXPECT_EQ(sw(s, "a\xe2\x82\xac\xe2\x98\203b", 8), 7);
	we_session_status(s, &st);
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
	WT_EXPECT_EQ(we_session_end(s), 0);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 8);
	WT_EXPECT_MEMEQ(out, "\x1b$B$\"\x1b(B", 8);
	WT_EXPECT_EQ(sr(s, out, sizeof(out)), 0);
	we_session_free(s);
}

WT_CASE(session_convert)
{
	struct we_session *s = we_session_alloc(WE_BUF_MIN);
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
	we_session_free(s);
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
	 WT_RUN(session_convert));
