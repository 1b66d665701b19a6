// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import "github.com/onecontact/webaddress/internal/urlchars"

//go:generate go run gen.go -o tables.go

// This file holds the URL Standard's percent-encoding and percent-decoding
// (https://url.spec.whatwg.org/#percent-encoded-bytes). The percent-encode
// sets are bits of the generated table charClass (encC0, encFragment,
// encQuery, encSpecialQuery, encPath, encUserinfo, encComponent, encForm).

const upperHex = urlchars.UpperHex

// percentEncode returns s UTF-8 percent-encoded using set, bits of
// charClass such as encUserinfo: every byte of s that is in set is written
// as "%XX" with upper-case hex digits. Invalid UTF-8 in s is first replaced
// by U+FFFD, as the Standard works on scalar value strings. When nothing
// needs encoding, percentEncode returns s itself.
func percentEncode(s string, set uint16) string {
	s = toValidUTF8(s)
	n := 0
	for i := 0; i < len(s); i++ {
		if charClass[s[i]]&set != 0 {
			n++
		}
	}
	if n == 0 {
		return s
	}
	return string(appendEncoded(make([]byte, 0, len(s)+2*n), s, set))
}

// appendEncoded appends s to dst, percent-encoding every byte in set.
func appendEncoded(dst []byte, s string, set uint16) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if charClass[c]&set == 0 {
			continue
		}
		dst = append(dst, s[start:i]...)
		dst = append(dst, '%', upperHex[c>>4], upperHex[c&15])
		start = i + 1
	}
	return append(dst, s[start:]...)
}

// appendEncodedByte appends c to dst, percent-encoded when it is in set.
func appendEncodedByte(dst []byte, c byte, set uint16) []byte {
	if charClass[c]&set == 0 {
		return append(dst, c)
	}
	return append(dst, '%', upperHex[c>>4], upperHex[c&15])
}

// indexEscape returns the index of the first percent-encoded byte in s, or
// -1.
func indexEscape(s string) int { return urlchars.IndexEscape(s) }

// appendDecoded appends the percent-decoding of s to dst.
func appendDecoded(dst []byte, s string) []byte { return urlchars.AppendDecoded(dst, s) }
