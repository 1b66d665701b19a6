// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package table

// This file decodes an input named to be in another encoding than UTF-8
// without replacing what it cannot decode: such bytes are kept as they
// are, which are not UTF-8, so that the value holding them fails with
// web.invalid-utf8 (and a JSON row says so) instead of changing silently.

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// replacementChar is U+FFFD in UTF-8, what a decoder writes for bytes it
// cannot decode.
const replacementChar = "\uFFFD"

// A keepingDecoder decodes with dec one character at a time, and where dec
// writes U+FFFD for bytes that do not encode it, writes those bytes
// instead (after a 0xFF byte, when they happen to be UTF-8, so that the
// text is never valid UTF-8 by accident).
type keepingDecoder struct {
	dec   transform.Transformer
	enc   encoding.Encoding   // the encoding named, unless a byte order mark says otherwise
	bom   bool                // the start was looked at for a byte order mark
	encs  []encoding.Encoding // the encodings dec may be decoding
	fffds [][]byte            // the encodings of U+FFFD itself, which decode to it rightly
}

// newKeepingDecoder returns the decoder of e that keeps what it cannot
// decode, and switches to UTF-16 or UTF-8 on a byte order mark.
func newKeepingDecoder(e encoding.Encoding) transform.Transformer {
	k := &keepingDecoder{
		enc:  e,
		encs: []encoding.Encoding{e, unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)},
	}
	for _, enc := range k.encs {
		if b, err := enc.NewEncoder().Bytes([]byte(replacementChar)); err == nil {
			k.fffds = append(k.fffds, b)
		}
	}
	k.fffds = append(k.fffds, []byte(replacementChar))
	return k
}

// Reset resets the decoder.
func (k *keepingDecoder) Reset() { k.dec, k.bom = nil, false }

// The byte order marks that switch the decoding, as unicode.BOMOverride
// reads them.
var boms = []struct {
	mark string
	enc  encoding.Encoding
}{
	{"\xEF\xBB\xBF", unicode.UTF8},
	{"\xFF\xFE", unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)},
	{"\xFE\xFF", unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)},
}

// start looks at the start of the input, src, for a byte order mark, and
// returns how many bytes it is (dropped, as unicode.BOMOverride drops
// them), or transform.ErrShortSrc when src may be the start of one. It is
// done apart from decoding (not with BOMOverride, which decodes the first
// three bytes at once) so that each character is still decoded alone.
func (k *keepingDecoder) start(src []byte, atEOF bool) (int, error) {
	for _, b := range boms {
		if strings.HasPrefix(string(src), b.mark) {
			k.dec, k.bom = b.enc.NewDecoder(), true
			return len(b.mark), nil
		}
		if !atEOF && len(src) < len(b.mark) && strings.HasPrefix(b.mark, string(src)) {
			return 0, transform.ErrShortSrc
		}
	}
	k.dec, k.bom = k.enc.NewDecoder(), true
	return 0, nil
}

// Transform decodes src to dst a character at a time: it gives dec the
// fewest bytes it can decode, so that it knows which bytes gave a U+FFFD.
func (k *keepingDecoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	if !k.bom {
		if nSrc, err = k.start(src, atEOF); err != nil {
			return 0, 0, err
		}
	}
	for nSrc < len(src) {
		if len(dst)-nDst < 2*utf8.UTFMax+1 {
			return nDst, nSrc, transform.ErrShortDst
		}
		var d, s int
		for n := 1; ; n++ {
			end := min(nSrc+n, len(src))
			d, s, err = k.dec.Transform(dst[nDst:], src[nSrc:end], atEOF && end == len(src))
			if err != transform.ErrShortSrc || end == len(src) {
				break
			}
		}
		if err == transform.ErrShortSrc {
			return nDst, nSrc, err // more input is needed
		}
		if err != nil && s == 0 {
			return nDst, nSrc, err
		}
		out := dst[nDst : nDst+d]
		if in := src[nSrc : nSrc+s]; bytes.Contains(out, []byte(replacementChar)) && !k.isFFFD(in) {
			d = k.keep(dst[nDst:], out, in)
		}
		nDst += d
		nSrc += s
		if s == 0 && d == 0 {
			break
		}
	}
	if nSrc < len(src) {
		return nDst, nSrc, transform.ErrShortSrc
	}
	return nDst, nSrc, nil
}

// keep writes to dst, which holds out, what dec made of in, the bytes in
// stands for instead: in itself where out is U+FFFD, and after it what
// follows U+FFFD in out when in ends with its encoding (a UTF-16 decoder
// reads a lone surrogate's next code unit with it). It returns the length
// written.
func (k *keepingDecoder) keep(dst, out, in []byte) int {
	var rest []byte
	if after, ok := bytes.CutPrefix(out, []byte(replacementChar)); ok && len(after) > 0 {
		for _, e := range k.encs {
			if b, err := e.NewEncoder().Bytes(after); err == nil && bytes.HasSuffix(in, b) && len(b) < len(in) {
				rest = append(rest, after...) // out is about to be written over
				in = in[:len(in)-len(b)]
				break
			}
		}
	}
	d := 0
	if utf8.Valid(in) {
		dst[0] = 0xFF
		d = 1
	}
	d += copy(dst[d:], in)
	return d + copy(dst[d:], rest)
}

// isFFFD reports whether in is an encoding of U+FFFD itself.
func (k *keepingDecoder) isFFFD(in []byte) bool {
	for _, f := range k.fffds {
		if bytes.Equal(in, f) {
			return true
		}
	}
	return false
}

// An EncodingError is an input that looks to be in another encoding than
// the one it is read in: UTF-16 without a byte order mark, read as UTF-8.
type EncodingError struct {
	Encoding string // the encoding it looks to be in, by its label: "utf-16le" or "utf-16be"
}

func (e *EncodingError) Error() string {
	return fmt.Sprintf("the input looks like %s without a byte order mark (a zero byte beside each ASCII character): name its encoding, %s, to read it", e.Encoding, e.Encoding)
}

// sniffUTF16 returns the label of the UTF-16 that b, the start of an input
// without a byte order mark, looks to be in: most of its first pairs of
// bytes (two at least) have a zero byte on the same side and none on the
// other, as ASCII text in UTF-16 has; "" when it does not look like UTF-16.
func sniffUTF16(b []byte) string {
	b = b[:len(b)&^1]
	if len(b) == 0 {
		return ""
	}
	var lo, hi int // pairs with a zero first byte, second byte
	for i := 0; i < len(b); i += 2 {
		if b[i] == 0 && b[i+1] != 0 {
			lo++
		}
		if b[i+1] == 0 && b[i] != 0 {
			hi++
		}
	}
	pairs := len(b) / 2
	switch {
	case hi >= 2 && hi*2 > pairs && lo == 0:
		return "utf-16le"
	case lo >= 2 && lo*2 > pairs && hi == 0:
		return "utf-16be"
	}
	return ""
}
