#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""
tests/cli/gendata.py SHARED OUTDIR

Test data for the whatenc CLI tests (tests/cli/*.sh, tests/vm/cli.sh),
generated at build time from independent sources only, never from the
tool's own output:

  SHARED/wpt-encoding/{decode,encode}.tsv  WPT vectors -> wpt/
  SHARED/whatwg/index-*.txt, encodings.json
                                           -> charsets/ (expectations
                                              computed here from the
                                              index files and the spec's
                                              pointer/byte formulas)

When SHARED (or a part of it) is missing, OUTDIR/STATUS says so and the
tests report SKIPPED.

OUTDIR/wpt.tar            all of OUTDIR/wpt/ in one file (for the VM)
OUTDIR/wpt/decode.list    one line per group of WPT decode rows that share
                          label, mode and flags:
                          GROUP<TAB>KIND<TAB>OPTIONS<TAB>FILES...
                          KIND: ok (output must equal GROUP.exp, the
                          concatenated expected outputs; every file is its
                          own stream) or error (one row: exit status 1)
OUTDIR/wpt/encode.list    ID<TAB>OPTIONS (ID.in -> ID.exp)
OUTDIR/charsets/list      NAME<TAB>LABEL<TAB>HAVE_ENC<TAB>HAVE_DEC<TAB>RT_LABEL
  allcp.utf8              every BMP scalar value, the astral ones in any
                          index, and a sample of the others
  NAME.dec.in/.dec.exp    every byte sequence of the index -> its UTF-8
  NAME.enc.exp            whatenc -t LABEL --html allcp.utf8 (if HAVE_ENC)
  NAME.rt.exp             ... | whatenc -f LABEL   (the round trip)
  NAME.back.exp           whatenc -f LABEL NAME.dec.in | whatenc -t LABEL
                          --html (if HAVE_ENC)
OUTDIR/tree/src/...      a tree like a user's (issue 30): text in Shift_JIS,
                          EUC-JP, EUC-KR, GBK, Big5, windows-1251, KOI8-R,
                          ISO-8859-2, windows-1252, UTF-16LE with BOM,
                          UTF-8, ASCII, HTML with <meta charset=shift_jis>,
                          truncated Shift_JIS, an executable, a gzip, a PNG,
                          an empty file; encoded here with Python's codecs
OUTDIR/tree/want/...      each file as UTF-8 (the text), or as it is (UTF-8,
                          ASCII, binary, empty, truncated)
OUTDIR/tree/list          PATH<TAB>ACTION (convert, same, binary, empty,
                          replace) that `whatenc -r -f auto` should plan
OUTDIR/wtf8/NAME.16le, NAME.16be, NAME.wtf8
                          sequences of 16-bit code units (potentially
                          ill-formed UTF-16: every unit 0000..FFFF in
                          order, surrogate combinations at stream edges,
                          a pseudo-random mix) and their WTF-8, computed
                          with Python's 'surrogatepass' codecs (a pair
                          becomes one supplementary code point, a lone
                          surrogate its 3-byte generalized UTF-8)
"""
import bisect
import hashlib
import json
import re
import os
import shutil
import sys
import tarfile

SHARED, OUT = sys.argv[1], sys.argv[2]
WPT = os.path.join(SHARED, 'wpt-encoding')
IDX = os.path.join(SHARED, 'whatwg')


def u8(cps):
    return ''.join(chr(c) for c in cps).encode('utf-8', 'surrogatepass')


def write(path, data):
    with open(path, 'wb') as f:
        f.write(data)


def hexbytes(s):
    return b'' if s == '-' else bytes(int(x, 16) for x in s.split())


def cplist(s):
    if s == '-':
        return []
    out = []
    for x in s.split():
        c = int(x, 16)
        out.append(0xFFFD if 0xD800 <= c <= 0xDFFF else c)
    return out


SAFE = set('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:')


def rows(name):
    with open(os.path.join(WPT, name), encoding='ascii') as f:
        for line in f:
            line = line.rstrip('\n')
            if line and not line.startswith('#'):
                yield line.split('\t')


def gb18030_compat_table():
    """encoding.bs's gb18030 encoder table (code points kept on the
    GB18030-2005 two-byte sequences). WPT rows that expect the
    GB18030-2022 four-byte sequences for these code points predate it:
    where they differ, the current standard wins."""
    path = os.path.join(IDX, 'encoding.bs')
    if not os.path.isfile(path):
        return set()
    text = open(path, encoding='utf-8').read()
    i = text.find('<h4 id=gb18030-encoder')
    j = text.find('</table>', i)
    if i < 0 or j < 0:
        return set()
    pairs = re.findall(r'<td>U\+([0-9A-F]{4,6})\s*<td>0x([0-9A-F]{2}) 0x([0-9A-F]{2})',
                       text[i:j])
    return {int(c, 16): bytes([int(a, 16), int(b, 16)]) for c, a, b in pairs}


def superseded(label, cps_in, cps_out, compat):
    """A WPT row that the current encoding.bs overrides (see above)."""
    if label.lower() not in ('gb18030', 'gbk'):
        return False
    return bool(set(compat) & (set(cps_in) | set(cps_out)))


def gen_wpt():
    d = os.path.join(OUT, 'wpt')
    os.makedirs(d, exist_ok=True)
    groups = {}
    singles = []
    compat = gb18030_compat_table()
    sup = open(os.path.join(d, 'superseded'), 'w')
    n = 0
    with open(os.path.join(d, 'rows'), 'w') as names:
        for r in rows('decode.tsv'):
            _, case, label, mode, flags, inp, exp = r
            fl = set(flags.split(','))
            if fl & {'check=first-code-unit', 'label-unsupported'}:
                continue
            if not set(label) <= SAFE:
                continue
            data = hexbytes(inp)
            if 'document' in fl and (b'\r' in data or b'\0' in data):
                continue
            if 'ignorebom' in fl:
                bom = 'keep'
            elif fl & {'bomsniff', 'document'}:
                bom = 'sniff'
            else:
                bom = 'strip'
            opts = '-f %s --bom=%s%s' % (label, bom,
                                          ' --fatal' if mode == 'fatal' else '')
            rid = 'd%05d' % n
            n += 1
            if exp not in ('ERROR', 'NOERROR', '*') and \
                    not exp.startswith('!') and len(data) == 4 and \
                    superseded(label, [], cplist(exp), compat):
                sup.write('%s\tdecode %s\n' % (rid, case))
                continue
            names.write('%s\t%s\n' % (rid, case))
            write(os.path.join(d, rid + '.in'), data)
            if exp == 'ERROR':
                singles.append((rid, 'error', opts, [rid]))
            elif exp == 'NOERROR' or exp == '*' or exp.startswith('!'):
                groups.setdefault(('noerror', opts), []).append((rid, None))
            else:
                out = u8(cplist(exp))
                write(os.path.join(d, rid + '.exp'), out)
                groups.setdefault(('ok', opts), []).append((rid, out))
    with open(os.path.join(d, 'decode.list'), 'w') as f:
        for i, ((kind, opts), members) in enumerate(sorted(groups.items())):
            gid = 'g%04d' % i
            if kind == 'ok':
                write(os.path.join(d, gid + '.exp'),
                      b''.join(m[1] for m in members))
            f.write('%s\t%s\t%s\t%s\n' % (gid, kind, opts,
                                          ' '.join(m[0] for m in members)))
        for gid, kind, opts, ids in singles:
            f.write('%s\t%s\t%s\t%s\n' % (gid, kind, opts, ' '.join(ids)))
    n = 0
    with open(os.path.join(d, 'encode.list'), 'w') as f:
        for r in rows('encode.tsv'):
            _, case, label, mode, flags, inp, exp = r
            if not set(label) <= SAFE or exp in ('ERROR', 'NOERROR', '*'):
                continue
            eid = 'e%04d' % n
            n += 1
            if superseded(label, cplist(inp), [], compat):
                sup.write('%s\tencode %s\n' % (eid, case))
                continue
            write(os.path.join(d, eid + '.in'), u8(cplist(inp)))
            write(os.path.join(d, eid + '.exp'), hexbytes(exp))
            f.write('%s\t-t %s --bom=keep%s\n' %
                    (eid, label, ' --html' if mode == 'html' else ''))


def index(name):
    m = {}
    with open(os.path.join(IDX, 'index-%s.txt' % name), encoding='utf-8') as f:
        for line in f:
            if not line.strip() or line.startswith('#'):
                continue
            p, c = line.split()[:2]
            m[int(p)] = int(c, 16)
    return m


def first_ptr(idx, exclude=lambda p: False):
    rev = {}
    for p in sorted(idx):
        if not exclude(p):
            rev.setdefault(idx[p], p)
    return rev


def ncr(c):
    return b'&#%d;' % c


class Enc:
    """Expected results of one encoding: decode table and encoder."""

    def __init__(self, name, label):
        self.name, self.label = name, label
        self.dec = []          # (bytes, [code points]) pairs
        self.encode = None     # cp -> bytes or None (unmappable)
        self.rt = None         # cp -> list of cps after encode+decode
        self.html_ffd = False  # iso-2022-jp: 0E 0F 1B are errors (U+FFFD)

    def enc_html(self, cps):
        out = []
        for c in cps:
            b = self.encode(c)
            out.append(ncr(c) if b is None else b)
        return b''.join(out)


def single_byte(name, label, idxname):
    e = Enc(name, label)
    idx = index(idxname)
    e.dec = [(bytes([b]), [b] if b < 0x80 else [idx.get(b - 0x80, 0xFFFD)])
             for b in range(256)]
    rev = {c: p for p, c in idx.items()}
    e.encode = lambda c: bytes([c]) if c < 0x80 else (
        bytes([rev[c] + 0x80]) if c in rev else None)
    return e


def xud():
    e = Enc('x-user-defined', 'x-user-defined')
    e.dec = [(bytes([b]), [b if b < 0x80 else 0xF780 + b - 0x80])
             for b in range(256)]
    e.encode = lambda c: bytes([c]) if c < 0x80 else (
        bytes([c - 0xF780 + 0x80]) if 0xF780 <= c <= 0xF7FF else None)
    return e


def utf8_like(name, label):
    e = Enc(name, label)
    e.dec = [(u8([c]), [c]) for c in (0x41, 0xE9, 0x20AC, 0x1F600)]
    e.encode = lambda c: u8([c])
    return e


def gb(name, label, gbk):
    e = Enc(name, label)
    idx = index('gb18030')
    ranges = sorted(index('gb18030-ranges').items())
    compat = gb18030_compat_table()
    for p, c in sorted(idx.items()):
        lead, trail = p // 190 + 0x81, p % 190
        e.dec.append((bytes([lead, trail + (0x40 if trail < 0x3F else 0x41)]),
                      [c]))
    rev = first_ptr(idx)
    rcp = sorted((c, p) for p, c in ranges)
    keys = [c for c, _ in rcp]

    def ranges_ptr(c):
        if c == 0xE7C7:
            return 7457
        i = bisect.bisect_right(keys, c) - 1
        return rcp[i][1] + c - rcp[i][0]

    def enc(c):
        if c < 0x80:
            return bytes([c])
        if c == 0xE5E5:
            return None
        if gbk and c == 0x20AC:
            return b'\x80'
        if c in compat:
            return compat[c]
        if c in rev:
            p = rev[c]
            lead, trail = p // 190 + 0x81, p % 190
            return bytes([lead, trail + (0x40 if trail < 0x3F else 0x41)])
        if gbk:
            return None
        p = ranges_ptr(c)
        b1, p = divmod(p, 12600)
        b2, p = divmod(p, 1260)
        b3, b4 = divmod(p, 10)
        return bytes([b1 + 0x81, b2 + 0x30, b3 + 0x81, b4 + 0x30])
    e.encode = enc
    if not gbk:
        # a few four-byte sequences: the first code point of each range
        for rp, rc in ranges:
            e.dec.append((enc(rc), [rc]))
    return e


def big5():
    e = Enc('Big5', 'big5')
    idx = index('big5')
    special = {1133: [0xCA, 0x304], 1135: [0xCA, 0x30C],
               1164: [0xEA, 0x304], 1166: [0xEA, 0x30C]}

    def pbytes(p):
        lead, trail = p // 157 + 0x81, p % 157
        return bytes([lead, trail + (0x40 if trail < 0x3F else 0x62)])
    for p, c in sorted(idx.items()):
        e.dec.append((pbytes(p), special.get(p, [c])))
    lim = (0xA1 - 0x81) * 157
    rev = first_ptr(idx, lambda p: p < lim)
    for c in (0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345):
        rev[c] = max(p for p, x in idx.items() if x == c)
    e.encode = lambda c: bytes([c]) if c < 0x80 else (
        pbytes(rev[c]) if c in rev else None)
    return e


def euc_kr():
    e = Enc('EUC-KR', 'euc-kr')
    idx = index('euc-kr')

    def pbytes(p):
        return bytes([p // 190 + 0x81, p % 190 + 0x41])
    e.dec = [(pbytes(p), [c]) for p, c in sorted(idx.items())]
    rev = first_ptr(idx)
    e.encode = lambda c: bytes([c]) if c < 0x80 else (
        pbytes(rev[c]) if c in rev else None)
    return e


def jis_common():
    return index('jis0208'), index('iso-2022-jp-katakana')


def euc_jp():
    e = Enc('EUC-JP', 'euc-jp')
    j208, _ = jis_common()
    j212 = index('jis0212')
    for p, c in sorted(j208.items()):
        if p < 94 * 94:
            e.dec.append((bytes([p // 94 + 0xA1, p % 94 + 0xA1]), [c]))
    for p, c in sorted(j212.items()):
        e.dec.append((bytes([0x8F, p // 94 + 0xA1, p % 94 + 0xA1]), [c]))
    for b in range(0xA1, 0xE0):
        e.dec.append((bytes([0x8E, b]), [0xFF61 + b - 0xA1]))
    rev = first_ptr(j208)

    def enc(c):
        if c < 0x80:
            return bytes([c])
        if c == 0xA5:
            return b'\x5c'
        if c == 0x203E:
            return b'\x7e'
        if 0xFF61 <= c <= 0xFF9F:
            return bytes([0x8E, c - 0xFF61 + 0xA1])
        if c == 0x2212:
            c = 0xFF0D
        if c not in rev:
            return None
        p = rev[c]
        return bytes([p // 94 + 0xA1, p % 94 + 0xA1])
    e.encode = enc
    return e


def shift_jis():
    e = Enc('Shift_JIS', 'shift_jis')
    j208, _ = jis_common()

    def pbytes(p):
        lead, trail = p // 188, p % 188
        return bytes([lead + (0x81 if lead < 0x1F else 0xC1),
                      trail + (0x40 if trail < 0x3F else 0x41)])
    for p, c in sorted(j208.items()):
        e.dec.append((pbytes(p), [c]))
    for b in range(0xA1, 0xE0):
        e.dec.append((bytes([b]), [0xFF61 + b - 0xA1]))
    rev = first_ptr(j208, lambda p: 8272 <= p <= 8835)

    def enc(c):
        if c <= 0x80:
            return bytes([c])
        if c == 0xA5:
            return b'\x5c'
        if c == 0x203E:
            return b'\x7e'
        if 0xFF61 <= c <= 0xFF9F:
            return bytes([c - 0xFF61 + 0xA1])
        if c == 0x2212:
            c = 0xFF0D
        return pbytes(rev[c]) if c in rev else None
    e.encode = enc
    return e


def iso_2022_jp():
    """Decode table exact; encoder only as a round trip (stateful)."""
    e = Enc('ISO-2022-JP', 'iso-2022-jp')
    j208, kata = jis_common()
    # One escape sequence around all of them: an escape sequence right
    # after another one is an error.
    e.dec = [(b'\x1b$B', [])]
    for p, c in sorted(j208.items()):
        if p < 94 * 94:
            e.dec.append((bytes([p // 94 + 0x21, p % 94 + 0x21]), [c]))
    e.dec.append((b'\x1b(B', []))
    rev = first_ptr(j208)

    def rt(c):
        if c in (0x0E, 0x0F, 0x1B):
            return list(b'&#65533;')
        if c < 0x80 or c in (0xA5, 0x203E):
            return [c]
        if 0xFF61 <= c <= 0xFF9F:
            c = kata[c - 0xFF61]
        if c == 0x2212:
            c = 0xFF0D
        if c in rev:
            return [j208[rev[c]]]
        return list(ncr(c))
    e.rt = rt
    return e


def decode_expect(e, data_cps):
    return u8(data_cps)


def gen_charsets():
    d = os.path.join(OUT, 'charsets')
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(IDX, 'encodings.json')) as f:
        groups = json.load(f)
    encs = []
    for g in groups:
        for enc in g['encodings']:
            name, label = enc['name'], enc['labels'][0]
            if g['heading'] == 'Legacy single-byte encodings':
                encs.append(single_byte(name, label,
                                           name.lower().replace('-i', '')
                                           if name == 'ISO-8859-8-I'
                                           else name.lower()))
            elif name == 'x-user-defined':
                encs.append(xud())
            elif name in ('UTF-8', 'UTF-16BE', 'UTF-16LE', 'replacement'):
                e = utf8_like(name, label)
                if name != 'UTF-8':
                    e.dec = []      # decoding: WPT vectors cover these
                if name.startswith('UTF-16'):
                    # whatenc -t utf-16le/be writes UTF-16 (an extension;
                    # the standard's output encoding would be UTF-8)
                    py = name.lower()
                    e.encode = lambda c, py=py: chr(c).encode(py)
                encs.append(e)
            elif name in ('GBK', 'gb18030'):
                encs.append(gb(name, label, name == 'GBK'))
            elif name == 'Big5':
                encs.append(big5())
            elif name == 'EUC-KR':
                encs.append(euc_kr())
            elif name == 'EUC-JP':
                encs.append(euc_jp())
            elif name == 'Shift_JIS':
                encs.append(shift_jis())
            elif name == 'ISO-2022-JP':
                encs.append(iso_2022_jp())
            else:
                raise SystemExit('gendata: unknown encoding ' + name)
    # allcp: all BMP scalar values, astral ones in any index, a sample
    astral = set(range(0x10000, 0x110000, 4099)) | {0x10FFFF}
    for e in encs:
        for _, cps in e.dec:
            astral.update(c for c in cps if c >= 0x10000)
    allcp = [c for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF]
    allcp += sorted(astral)
    write(os.path.join(d, 'allcp.utf8'), u8(allcp))
    with open(os.path.join(d, 'list'), 'w') as lst:
        for e in encs:
            base = os.path.join(d, e.name)
            if e.dec:
                write(base + '.dec.in', b''.join(b for b, _ in e.dec))
                write(base + '.dec.exp', b''.join(u8(c) for _, c in e.dec))
            have_enc = e.encode is not None
            if have_enc:
                encoded = e.enc_html(allcp)
                write(base + '.enc.exp', encoded)
                if e.dec:
                    write(base + '.back.exp', e.enc_html(
                        [c for _, cps in e.dec for c in cps]))
                rt = []
                dec = {}
                for b, cps in e.dec:
                    dec.setdefault(b, cps)
                for c in allcp:
                    b = e.encode(c)
                    if b is None:
                        rt.append(ncr(c))
                    elif e.name in ('UTF-8', 'UTF-16BE', 'UTF-16LE',
                                    'replacement') or c < 0x80:
                        rt.append(u8([c]))
                    elif b in dec:
                        rt.append(u8(dec[b]))
                    elif e.name == 'GBK' and b == b'\x80':
                        rt.append(u8([0x20AC]))
                    elif len(b) == 1 and e.name == 'Shift_JIS' and c == 0x80:
                        rt.append(u8([0x80]))
                    elif len(b) == 1 and e.name in ('Shift_JIS', 'EUC-JP'):
                        rt.append(b)      # 5C / 7E decode as ASCII
                    elif e.name == 'gb18030':
                        rt.append(u8([c]))  # four-byte: inverse formulas
                    else:
                        raise SystemExit('gendata: %s: no decode for %r'
                                         % (e.name, b))
                write(base + '.rt.exp', b''.join(rt))
            else:
                write(base + '.rt.exp',
                      b''.join(u8(e.rt(c)) for c in allcp))
            # the round trip decodes what the encoder wrote
            rt_label = 'utf-8' if e.name == 'replacement' else e.label
            lst.write('%s\t%s\t%d\t%d\t%s\n' % (e.name, e.label,
                                                 int(have_enc),
                                                 int(bool(e.dec)), rt_label))


def gen_wtf8():
    """Potentially ill-formed UTF-16 and its WTF-8 (seed 001)."""
    import random
    d = os.path.join(OUT, 'wtf8')
    os.makedirs(d)
    rng = random.Random(17)
    pool = [0x0000, 0x0041, 0x00E9, 0x07FF, 0x0800, 0xD7FF, 0xD800, 0xDBFF,
            0xDC00, 0xDFFF, 0xE000, 0xFFFD, 0xFFFF]
    seqs = {
        'all': list(range(0x10000)),
        'lead-end': [0x41, 0xD800],
        'trail-start': [0xDC00, 0x41],
        'lone-lead': [0xDBFF],
        'lone-trail': [0xDFFF],
        'pair': [0xD83D, 0xDE00],
        'trail-lead': [0x41, 0xDC00, 0xD800, 0x41],
        'lead-lead-trail': [0x41, 0xD800, 0xD800, 0xDC00],
        'mix': [0x41] + [rng.choice(pool) if rng.random() < 0.7 else
                         rng.randrange(0xD800, 0xE000)
                         for _ in range(20000)],
    }
    for name, units in seqs.items():
        le = b''.join(u.to_bytes(2, 'little') for u in units)
        be = b''.join(u.to_bytes(2, 'big') for u in units)
        w = le.decode('utf-16-le', 'surrogatepass').encode('utf-8',
                                                           'surrogatepass')
        write(os.path.join(d, name + '.16le'), le)
        write(os.path.join(d, name + '.16be'), be)
        write(os.path.join(d, name + '.wtf8'), w)
    with open(os.path.join(d, 'list'), 'w') as f:
        f.write('\n'.join(seqs) + '\n')


TREE_TEXT = {
    'ja': '今日はとても良い天気ですね。公園に散歩に行きましょう。'
          '駅の近くに新しい喫茶店ができたので、帰りに寄ってみませんか。\n',
    'ko': '오늘은 날씨가 정말 좋네요. 같이 공원에 산책하러 갑시다. '
          '역 근처에 새 카페가 생겼으니 돌아오는 길에 들러 봐요.\n',
    'zh': '今天天气很好，我们一起去公园散步吧。车站附近开了一家新的咖啡馆，'
          '回来的时候顺便去看看。\n',
    'tw': '今天天氣很好，我們一起去公園散步吧。車站附近開了一家新的咖啡館，'
          '回來的時候順便去看看。\n',
    'ru': 'Привет! Это короткое письмо о погоде: завтра будет дождь. '
          'Возьми с собой зонтик и тёплую куртку, вечером похолодает.\n',
    'cs': 'Příliš žluťoučký kůň úpěl ďábelské ódy na louce. '
          'Vítr šuměl v korunách stromů a děti běžely domů.\n',
    'de': 'Die Bäume im Garten müssen geschnitten werden, sagte die '
          'Großmutter. Übermorgen kommt der Gärtner früh am Morgen.\n',
}


def gen_tree():
    import gzip
    import struct
    import zlib
    base = os.path.join(OUT, 'tree')
    plan = []

    def put(rel, data, action, want=None, mode=0o644):
        for top, body in (('src', data), ('want', data if want is None
                                          else want)):
            path = os.path.join(base, top, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            write(path, body)
            os.chmod(path, mode)
        plan.append('%s\t%s' % (rel, action))

    def text(rel, lang, codec, bom=b''):
        t = TREE_TEXT[lang]
        put(rel, bom + t.encode(codec), 'convert', t.encode('utf-8'))

    text('ja/sjis.txt', 'ja', 'shift_jis')
    text('ja/eucjp.txt', 'ja', 'euc_jp')
    text('ko/euckr.txt', 'ko', 'euc_kr')
    text('zh/gbk.txt', 'zh', 'gbk')
    text('zh/big5.txt', 'tw', 'big5')
    text('ru/cp1251.txt', 'ru', 'cp1251')
    text('ru/koi8r.txt', 'ru', 'koi8_r')
    text('cs/latin2.txt', 'cs', 'iso8859_2')
    text('de/cp1252.txt', 'de', 'cp1252')
    text('de/utf16.txt', 'de', 'utf-16-le', b'\xff\xfe')
    put('utf8.txt', TREE_TEXT['ru'].encode('utf-8'), 'same')
    put('ascii.txt', b'Plain ASCII text, nothing to convert.\n', 'same')
    page = ('<!DOCTYPE html>\n<html><head><meta charset="%s">'
            '<title>t</title></head>\n<body><p>' + TREE_TEXT['ja'] +
            '</p></body></html>\n')
    put('web/page.html', (page % 'shift_jis').encode('shift_jis'),
        'convert', (page % 'UTF-8').encode('utf-8'))
    cut = TREE_TEXT['ja'].encode('shift_jis')[:-2]     # cut after a lead byte
    assert cut[-1] == 0x81
    put('ja/truncated.txt', cut, 'replace')
    elf = (b'\x7fELF\x02\x01\x01' + bytes(9) + struct.pack('<HHI', 2, 62, 1) +
           bytes(range(256)) * 4)
    put('bin/prog', elf, 'binary', mode=0o755)
    put('bin/notes.gz', gzip.compress(TREE_TEXT['de'].encode('utf-8') * 20,
                                      mtime=0), 'binary')

    def chunk(kind, data):
        return (struct.pack('>I', len(data)) + kind + data +
                struct.pack('>I', zlib.crc32(kind + data)))
    png = (b'\x89PNG\r\n\x1a\n' +
           chunk(b'IHDR', struct.pack('>IIBBBBB', 16, 16, 8, 2, 0, 0, 0)) +
           chunk(b'IDAT', zlib.compress(bytes(range(256)) * 3)) +
           chunk(b'IEND', b''))
    put('img/pixel.png', png, 'binary')
    put('empty.txt', b'', 'empty')
    with open(os.path.join(base, 'list'), 'w') as f:
        f.write('\n'.join(sorted(plan)) + '\n')


def stamp():
    """What the data depends on: this script and SHARED's files."""
    h = hashlib.sha256(open(__file__, 'rb').read())
    for d in (WPT, IDX):
        if os.path.isdir(d):
            for name in sorted(os.listdir(d)):
                st = os.stat(os.path.join(d, name))
                h.update(('%s %d %d\n' % (name, st.st_size,
                                          st.st_mtime_ns)).encode())
    return h.hexdigest()


def main():
    global OUT
    final = OUT
    want = stamp()
    try:
        if open(os.path.join(final, 'STAMP')).read().strip() == want:
            return      # up to date: do not rewrite files tests may read
    except OSError:
        pass
    # Write a new directory and swap it in, so that a reader never sees
    # a half-written file.
    OUT = '%s.tmp%d' % (final, os.getpid())
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    status = []
    if os.path.isfile(os.path.join(WPT, 'decode.tsv')):
        gen_wpt()
        # One archive of the ~8000 small files: opening each one over the
        # test VM's 9p share costs more than the test itself.
        with tarfile.open(os.path.join(OUT, 'wpt.tar'), 'w',
                          format=tarfile.USTAR_FORMAT) as tar:
            tar.add(os.path.join(OUT, 'wpt'), arcname='wpt')
        status.append('wpt=present')
    else:
        status.append('wpt=absent')
    if os.path.isfile(os.path.join(IDX, 'encodings.json')):
        gen_charsets()
        status.append('index=present')
    else:
        status.append('index=absent')
    gen_wtf8()
    status.append('wtf8=present')
    gen_tree()
    status.append('tree=present')
    with open(os.path.join(OUT, 'STATUS'), 'w') as f:
        f.write('\n'.join(status) + '\n')
    with open(os.path.join(OUT, 'STAMP'), 'w') as f:
        f.write(want + '\n')
    old = '%s.old%d' % (final, os.getpid())
    if os.path.exists(final):
        os.rename(final, old)
    os.rename(OUT, final)
    shutil.rmtree(old, ignore_errors=True)


main()
