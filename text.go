// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"unicode/utf16"
	"unicode/utf8"
)

// This file holds the byte and string helpers that the other files share:
// ASCII classes and case, tabs and newlines, UTF-8 and UTF-16, and numbers
// in decimal.

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// lower returns c, ASCII lowercased.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// upper returns c, ASCII uppercased.
func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// appendLower appends s with its ASCII letters lowercased.
func appendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		dst = append(dst, lower(s[i]))
	}
	return dst
}

func isTabOrNewline(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }

// removeTabsAndNewlines returns s without ASCII tabs and newlines, and s
// itself when it has none.
func removeTabsAndNewlines(s string) string {
	i := 0
	for i < len(s) && !isTabOrNewline(s[i]) {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, i, len(s))
	copy(b, s)
	for ; i < len(s); i++ {
		if c := s[i]; !isTabOrNewline(c) {
			b = append(b, c)
		}
	}
	return string(b)
}

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
func isASCII(s string) bool {
	// Eight bytes at a time, as printableASCII does.
	for ; len(s) >= 8; s = s[8:] {
		w := uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
			uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

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

func isHex(c byte) bool { return charClass[c]&hexDigit != 0 }

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

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
