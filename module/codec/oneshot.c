// SPDX-License-Identifier: GPL-2.0-only
/*
 * oneshot.c - a whole buffer in one call, without the streaming engine
 *
 * whatenc_decode_once() and whatenc_encode_once() give the results of
 * whatenc_decoder_init() or whatenc_encoder_init() followed by one call
 * with last set, for callers that have all of the input at once (a file
 * name, a header field). They set up only the state the family reads,
 * dispatch once to the family, and leave the engine's bookkeeping (BOM
 * handling, held output, replayed bytes, stream offsets) to the rare
 * calls that need it: a buffer that breaks the preconditions, a BOM
 * policy other than WHATENC_BOM_KEEP, WTF-8 output, a decoder that
 * restores bytes it consumed (we_replay()), an error, output that does
 * not fit (engine.c: whatenc_decode_rest(), whatenc_encode_rest()). The
 * bodies are inline in oneshot.h, for names.c.
 */
#include "oneshot.h"

/*
 * The streaming path: init and one last call, for what the one-shot
 * path leaves to the engine (and for its refusals).
 */
noinline enum whatenc_ret whatenc_decode_streaming(struct whatenc_decoder *d,
						   enum whatenc_encoding enc,
						   unsigned int flags,
						   struct whatenc_buf *b)
{
	if (whatenc_decoder_init(d, enc, flags))
		return WHATENC_BUF_ERROR;
	return whatenc_decode(d, b, true);
}

noinline enum whatenc_ret whatenc_encode_streaming(struct whatenc_encoder *e,
						   enum whatenc_encoding enc,
						   unsigned int flags,
						   struct whatenc_buf *b)
{
	if (whatenc_encoder_init(e, enc, flags))
		return WHATENC_BUF_ERROR;
	return whatenc_encode(e, b, true);
}

/**
 * whatenc_decode_once() - decode a whole buffer in one call
 * @d:     caller-owned state, need not be initialized
 * @enc:   the encoding
 * @flags: as for whatenc_decoder_init()
 * @b:     input and output buffers; positions are advanced
 *
 * The same as whatenc_decoder_init() (@d, @enc, @flags) followed by
 * whatenc_decode() (@d, @b, last true), output, positions and result
 * alike, at the fixed cost of a call: for short inputs such as names,
 * fastest with WHATENC_BOM_KEEP. After the call @d gives @err (after
 * WHATENC_MALFORMED) and whatenc_decoder_replacements(); after
 * WHATENC_OUTPUT_FULL or WHATENC_MALFORMED the conversion may go on with
 * whatenc_decode() (@d, @b, last true). After WHATENC_INPUT_EMPTY, @d
 * must be set up again (whatenc_decoder_init()) before other use.
 *
 * Context: any; does not sleep or allocate.
 * Return: see enum whatenc_ret; WHATENC_BUF_ERROR also for an @enc or
 * @flags that whatenc_decoder_init() refuses.
 */
enum whatenc_ret whatenc_decode_once(struct whatenc_decoder *d,
				     enum whatenc_encoding enc,
				     unsigned int flags, struct whatenc_buf *b)
{
	return we_decode_once_in(d, enc, flags, b, false, false);
}

/**
 * whatenc_encode_once() - encode a whole buffer in one call
 * @e:     caller-owned state, need not be initialized
 * @enc:   the encoding
 * @flags: as for whatenc_encoder_init()
 * @b:     input (UTF-8) and output buffers; positions are advanced
 *
 * The same as whatenc_encoder_init() (@e, @enc, @flags) followed by
 * whatenc_encode() (@e, @b, last true), output, positions and result
 * alike, at the fixed cost of a call. After the call @e gives @err
 * (after WHATENC_MALFORMED or WHATENC_UNMAPPABLE) and
 * whatenc_encoder_unmappables(); after any result but
 * WHATENC_INPUT_EMPTY the conversion may go on with whatenc_encode()
 * (@e, @b, last true). After WHATENC_INPUT_EMPTY, @e must be set up
 * again (whatenc_encoder_init()) before other use.
 *
 * Context: any; does not sleep or allocate.
 * Return: see enum whatenc_ret; WHATENC_BUF_ERROR also for an @enc or
 * @flags that whatenc_encoder_init() refuses.
 */
enum whatenc_ret whatenc_encode_once(struct whatenc_encoder *e,
				     enum whatenc_encoding enc,
				     unsigned int flags, struct whatenc_buf *b)
{
	return we_encode_once_in(e, enc, flags, b, false, false);
}
