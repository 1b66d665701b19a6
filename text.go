// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"unicode/utf16"
	"unicode/utf8"

	"github.com/onecontact/webaddress/internal/urlchars"
)

// This file holds the byte and string helpers that the other files share:
// ASCII classes and case, tabs and newlines, UTF-8 and UTF-16, and numbers
// in decimal.

func isAlpha(c byte) bool { return urlchars.IsAlpha(c) }

func isDigit(c byte) bool { return urlchars.IsDigit(c) }

// lower returns c, ASCII lowercased.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// upper returns c, ASCII uppercased.
func upper(c byte) byte { return urlchars.Upper(c) }

// appendLower appends s with its ASCII letters lowercased.
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		dst = append(dst, lower(s[i]))
	}
	return dst
}

func isTabOrNewline(c byte) bool { return urlchars.IsTabOrNewline(c) }

// removeTabsAndNewlines returns s without ASCII tabs and newlines, and s
// itself when it has none.
func removeTabsAndNewlines(s string) string { return urlchars.RemoveTabsAndNewlines(s) }

// toValidUTF8 returns s with each byte that is not part of a valid UTF-8
// sequence replaced by U+FFFD, the way utf8.DecodeRuneInString reads it,
// and s itself when it is valid.
func toValidUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	for _, r := range s {
		b = utf8.AppendRune(b, r)
	}
	return string(b)
}

// isASCII reports whether every byte of s is below 0x80.
func isASCII(s string) bool { return urlchars.IsASCII(s) }

// appendUint appends v in decimal.
func appendUint(dst []byte, v uint32) []byte {
	var b [10]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			break
		}
	}
	return append(dst, b[i:]...)
}

func itoa(v uint32) string { return string(appendUint(nil, v)) }

func isHex(c byte) bool { return urlchars.IsHex(c) }

func unhex(c byte) byte { return urlchars.Unhex(c) }

// utf16Len returns the length of s in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			n++
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		n += utf16.RuneLen(r)
		i += size
	}
	return n
}

// word8 returns the first eight bytes of s, which has at least eight, as
// a little-endian number: one load.
func word8(s string) uint64 { return urlchars.Word8(s) }

// set returns names as a set.
func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
