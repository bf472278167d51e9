// SPDX-License-Identifier: GPL-2.0-only
/*
 * Every symbol whatenc.ko exports, in one list, each with the kernel code
 * that calls it.
 *
 * The API (namespace WHATENC: a user says MODULE_IMPORT_NS(WHATENC)) is
 * only what a module outside whatenc.ko calls: the NLS bridge
 * (module/nls/), the sample filesystem code (samples/) and the API's own
 * KUnit suite (kunit/api/). The device (kernel/) is inside whatenc.ko and
 * needs no export. The functions are documented where they are defined.
 *
 * The rest of the functions the KUnit suites test from their own modules
 * are exported only in a kernel with KUnit, to the namespace
 * EXPORTED_FOR_KUNIT_TESTING, as EXPORT_SYMBOL_IF_KUNIT() does from
 * Linux 6.2 on (include/kunit/visibility.h), which 6.1 lacks. Without
 * CONFIG_KUNIT they are not exported at all: no module can call them, and
 * so none can change whatenc_vec_set_level()'s global setting.
 */
#include <linux/export.h>
#include "whatenc.h"
#include "whatenc_detect.h"
#include "whatenc_guess.h"
#include "whatenc_names.h"
#include "whatenc_rules.h"

#ifndef EXPORT_SYMBOL_IF_KUNIT
#if IS_ENABLED(CONFIG_KUNIT)
#define EXPORT_SYMBOL_IF_KUNIT(sym) \
	EXPORT_SYMBOL_NS_GPL(sym, EXPORTED_FOR_KUNIT_TESTING)
#else
#define EXPORT_SYMBOL_IF_KUNIT(sym)
#endif
#endif

/*
 * In a kernel tree the device is a module of its own
 * (drivers/misc/whatenc/, CONFIG_WHATENC_DEV), and what it calls beyond
 * the API is exported to it in namespace WHATENC; else only for KUnit.
 * Out of the tree the device is part of whatenc.ko and Kbuild does not
 * define CONFIG_WHATENC_DEV.
 */
#if IS_ENABLED(CONFIG_WHATENC_DEV)
#define EXPORT_SYMBOL_FOR_DEV(sym)	EXPORT_SYMBOL_NS_GPL(sym, WHATENC)
#else
#define EXPORT_SYMBOL_FOR_DEV(sym)	EXPORT_SYMBOL_IF_KUNIT(sym)
#endif

/* ---- the API: namespace WHATENC ------------------------------------------ */

/* samples (a mount option's label), kunit/api */
EXPORT_SYMBOL_NS_GPL(whatenc_get_encoding, WHATENC);
/* samples (the encoding's name in messages), kunit/api */
EXPORT_SYMBOL_NS_GPL(whatenc_encoding_name, WHATENC);
/* the NLS bridge (char2uni), kunit/api */
EXPORT_SYMBOL_NS_GPL(whatenc_decoder_init, WHATENC);
/* the NLS bridge (char2uni), kunit/api */
EXPORT_SYMBOL_NS_GPL(whatenc_decode, WHATENC);
/* the NLS bridge (uni2char): a code point in one call, kunit/api */
EXPORT_SYMBOL_NS_GPL(whatenc_encode_once, WHATENC);
/* samples (an on-disk name to UTF-8), kunit/api */
EXPORT_SYMBOL_NS_GPL(whatenc_name_decode, WHATENC);
/* samples (a UTF-8 name to on-disk bytes), kunit/api */
EXPORT_SYMBOL_NS_GPL(whatenc_name_encode, WHATENC);
/* samples (a UTF-16LE on-disk name, lone surrogates kept), kunit/api */
EXPORT_SYMBOL_NS_GPL(whatenc_wtf16le_to_wtf8, WHATENC);
/* samples (that name made UTF-8 for userspace), kunit/api */
EXPORT_SYMBOL_NS_GPL(whatenc_wtf8_to_utf8_lossy, WHATENC);

/* ---- the KUnit suites (and FOR_DEV: the device in a kernel tree) ---------- */

/* whatenc.h: kunit/test_engine.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_bom_sniff);
/* the device (the encoding a BOM chose), kunit/test_engine.c, kunit/api */
EXPORT_SYMBOL_FOR_DEV(whatenc_decoder_encoding);
/* kunit/test_engine.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_decoder_max_utf8);
/*
 * the device (WHATENC_IOC_RESET), kunit/test_engine.c, kunit/test_wpt.c,
 * kunit/api
 */
EXPORT_SYMBOL_FOR_DEV(whatenc_decoder_reset);
/* kunit/test_engine.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_encoder_max_out);
/* the device (WHATENC_IOC_RESET), kunit/test_wpt.c, kunit/api */
EXPORT_SYMBOL_FOR_DEV(whatenc_encoder_reset);
/* the device (its encoder), kunit/api */
EXPORT_SYMBOL_FOR_DEV(whatenc_encoder_init);
/* the device (its encoder), kunit/api */
EXPORT_SYMBOL_FOR_DEV(whatenc_encode);
/* a whole buffer in one call: kunit/test_oneshot.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_decode_once);
/* the device (WHATENC_IOC_STATUS), kunit/test_engine.c, kunit/api */
EXPORT_SYMBOL_FOR_DEV(whatenc_decoder_replacements);
/* the device (WHATENC_IOC_STATUS), kunit/test_engine.c, kunit/api */
EXPORT_SYMBOL_FOR_DEV(whatenc_encoder_unmappables);
/*
 * the device (a session's output encoding), kunit/test_labels.c,
 * kunit/api
 */
EXPORT_SYMBOL_FOR_DEV(whatenc_output_encoding);
/* kunit/test_labels.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_label);
/* kunit/test_labels.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_label_count);
/* the vector level, forced by kunit/test_vec.c and the codec suites */
EXPORT_SYMBOL_IF_KUNIT(whatenc_vec_set_level);
/*
 * whatenc_detect.h: the device (detect mode), kunit/test_detect.c,
 * kunit/test_session.c
 */
EXPORT_SYMBOL_FOR_DEV(whatenc_detect);
/* kunit/test_detect.c */
EXPORT_SYMBOL_IF_KUNIT(whatenc_detect_source_name);
#if IS_ENABLED(CONFIG_WHATENC_GUESS)
/*
 * whatenc_guess.h: the device (content detection), kunit/test_guess.c,
 * kunit/test_session.c
 */
EXPORT_SYMBOL_FOR_DEV(whatenc_guess_init);
/* kunit/test_guess.c */
EXPORT_SYMBOL_IF_KUNIT(whatenc_guess_hint);
/* the device (content detection), kunit/test_guess.c, test_session.c */
EXPORT_SYMBOL_FOR_DEV(whatenc_guess_feed);
/* the device (content detection), kunit/test_guess.c, test_session.c */
EXPORT_SYMBOL_FOR_DEV(whatenc_guess_result);
/* kunit/test_guess.c */
EXPORT_SYMBOL_IF_KUNIT(whatenc_guess_kind_name);
/* kunit/test_guess.c */
EXPORT_SYMBOL_IF_KUNIT(whatenc_guess_names);
#endif
#if IS_ENABLED(CONFIG_WHATENC_CHECK)
/* whatenc_rules.h: kunit/test_rules.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_check);
/* kunit/test_rules.c */
EXPORT_SYMBOL_IF_KUNIT(whatenc_rule_info);
#endif
/* whatenc_names.h, WTF-8: kunit/test_wtf8.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_wtf8_check);
/* kunit/test_wtf8.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_wtf8_next);
/* kunit/test_wtf8.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_wtf16_to_wtf8);
/* kunit/test_wtf8.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_wtf16be_to_wtf8);
/* kunit/test_wtf8.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_wtf8_to_wtf16);
/* kunit/test_wtf8.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_wtf8_to_wtf16le);
/* kunit/test_wtf8.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_wtf8_to_wtf16be);
/* kunit/test_wtf8.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_wtf8_to_utf8_strict);
/* kunit/test_wtf8.c, kunit/api */
EXPORT_SYMBOL_IF_KUNIT(whatenc_wtf8_concat);
