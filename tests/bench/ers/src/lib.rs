// SPDX-License-Identifier: GPL-2.0-only
//! encoding_rs behind a C ABI for the whatenc benchmark (tests/bench/peer_ers.c).
//!
//! Each call converts a whole buffer as one stream (last = true), with a
//! new decoder or encoder, as the other peers do. Decoding: without BOM
//! handling, replacement error mode. Encoding: encoding_rs takes &str, so
//! a caller holding bytes validates them first (core::str::from_utf8);
//! whatenc validates its UTF-8 input itself, so that work is included.

use encoding_rs::{CoderResult, Encoding};
use std::slice;

/// The encoding for a label, or NULL.
#[no_mangle]
pub unsafe extern "C" fn ers_for_label(label: *const u8, len: usize) -> *const Encoding {
    match Encoding::for_label(slice::from_raw_parts(label, len)) {
        Some(e) => e as *const Encoding,
        None => std::ptr::null(),
    }
}

/// Decode @len bytes to UTF-8; returns the bytes written or usize::MAX.
#[no_mangle]
pub unsafe extern "C" fn ers_decode(
    enc: *const Encoding,
    src: *const u8,
    len: usize,
    dst: *mut u8,
    cap: usize,
) -> usize {
    let mut d = (*enc).new_decoder_without_bom_handling();
    let s = slice::from_raw_parts(src, len);
    let o = slice::from_raw_parts_mut(dst, cap);
    let (r, read, written, _) = d.decode_to_utf8(s, o, true);
    if r != CoderResult::InputEmpty || read != len {
        return usize::MAX;
    }
    written
}

/// Encode @len bytes of UTF-8 (validated here) into the encoding
/// (html error mode); returns the bytes written or usize::MAX.
#[no_mangle]
pub unsafe extern "C" fn ers_encode(
    enc: *const Encoding,
    src: *const u8,
    len: usize,
    dst: *mut u8,
    cap: usize,
) -> usize {
    let s = match core::str::from_utf8(slice::from_raw_parts(src, len)) {
        Ok(s) => s,
        Err(_) => return usize::MAX,
    };
    let mut e = (*enc).new_encoder();
    let o = slice::from_raw_parts_mut(dst, cap);
    let (r, read, written, _) = e.encode_from_utf8(s, o, true);
    if r != CoderResult::InputEmpty || read != len {
        return usize::MAX;
    }
    written
}

/// The output encoding's name (e.g. UTF-8 for UTF-16LE), NUL-free, and its length.
#[no_mangle]
pub unsafe extern "C" fn ers_output_name(enc: *const Encoding, len: *mut usize) -> *const u8 {
    let n = (*enc).output_encoding().name();
    *len = n.len();
    n.as_ptr()
}
