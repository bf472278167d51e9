/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * prescan.h - detect.c's HTML prescan, element by element, for the
 * declaration rules (rules.c)
 *
 * whatenc_detect() stops at the first <meta> that declares an encoding
 * and never looks past 1024 bytes. The rules need every <meta> of the
 * document and where it is, so detect.c lends its prescan: whatenc_det_next_meta()
 * runs the same tokenizer ("prescan a byte stream to determine its
 * encoding": comments, tags, "get an attribute") from a given offset and
 * returns the next <meta> element, with the first http-equiv, content and
 * charset attribute of it as slices of the buffer (the prescan ignores
 * repeated attributes too).
 */
#ifndef WHATENC_PRESCAN_H
#define WHATENC_PRESCAN_H

#include "whatenc.h"

/* Flags of struct wd_meta. */
#define WD_META_HE		0x01	/* has an http-equiv attribute */
#define WD_META_CONTENT		0x02	/* has a content attribute */
#define WD_META_CHARSET		0x04	/* has a charset attribute */
#define WD_META_NAME		0x08	/* has a name attribute */
#define WD_META_PRAGMA		0x10	/* http-equiv is "content-type" */
#define WD_META_CLABEL		0x20	/* content holds "charset=" (clabel) */
#define WD_META_DUP		0x40	/* one of those attributes repeated */

/**
 * struct wd_meta - one <meta> element seen by the prescan
 * @start:      offset of its '<'
 * @end:        offset just past its '>'
 * @flags:      WD_META_*
 * @he:         http-equiv value (offset; with @he_len)
 * @he_len:     its length
 * @content:    content value
 * @content_len: its length
 * @charset:    charset value
 * @charset_len: its length
 * @clabel:     the label in @content, by "the algorithm for extracting a
 *	character encoding from a meta element" (WD_META_CLABEL)
 * @clabel_len: its length
 */
struct wd_meta {
	size_t start, end;
	unsigned int flags;
	size_t he, he_len;
	size_t content, content_len;
	size_t charset, charset_len;
	size_t clabel, clabel_len;
};

bool whatenc_det_next_meta(const u8 *buf, size_t len, size_t pos, struct wd_meta *m);

#endif /* WHATENC_PRESCAN_H */
