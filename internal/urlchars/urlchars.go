// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package urlchars holds the byte and text rules of the URL Standard that
// the URL parser (package webaddress) and the cleaner (package clean)
// share: ASCII classes, percent-escapes, tabs and newlines, dot segments,
// label separators and a query's pieces. Each is written once, here.
package urlchars

import (
	"iter"
	"strings"
	"unicode/utf8"
)

// UpperHex are the hex digits, upper case, as percent-encoding writes them.
const UpperHex = "0123456789ABCDEF"

// IsAlpha reports whether c is an ASCII letter.
func IsAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// IsDigit reports whether c is an ASCII digit.
func IsDigit(c byte) bool { return '0' <= c && c <= '9' }

// IsHex reports whether c is an ASCII hex digit.
func IsHex(c byte) bool { return hexDigits[c] }

// hexDigits says which bytes are ASCII hex digits: a table, as the URL
// parser's charClass is, for its hot loops.
var hexDigits = [256]bool{
	'0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true, '7': true, '8': true, '9': true,
	'A': true, 'B': true, 'C': true, 'D': true, 'E': true, 'F': true,
	'a': true, 'b': true, 'c': true, 'd': true, 'e': true, 'f': true,
}

// Unhex returns the value of the hex digit c.
func Unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// Upper returns c, ASCII uppercased.
func Upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// IsUnreserved reports whether c is an unreserved character of RFC 3986:
// ALPHA / DIGIT / "-" / "." / "_" / "~".
func IsUnreserved(c byte) bool {
	return IsAlpha(c) || IsDigit(c) || c == '-' || c == '.' || c == '_' || c == '~'
}

// IsSchemeChar reports whether c may follow the first letter of a scheme:
// an ASCII alphanumeric, "+", "-" or ".", the scheme state's code points.
func IsSchemeChar(c byte) bool { return IsAlpha(c) || IsDigit(c) || c == '+' || c == '-' || c == '.' }

// InPathSet reports whether the ASCII byte c is in the URL Standard's path
// percent-encode set: a C0 control, space, `"`, "#", "<", ">", "?", "^",
// "`", "{", "}", or DEL. (Every byte from 0x80 is in it too.)
func InPathSet(c byte) bool {
	switch c {
	case ' ', '"', '#', '<', '>', '?', '^', '`', '{', '}':
		return true
	}
	return c <= 0x1F || c > 0x7E
}

// IsTabOrNewline reports whether c is an ASCII tab or newline.
func IsTabOrNewline(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }

// RemoveTabsAndNewlines returns s without ASCII tabs and newlines, and s
// itself when it has none.
func RemoveTabsAndNewlines(s string) string {
	i := 0
	for i < len(s) && !IsTabOrNewline(s[i]) {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, i, len(s))
	copy(b, s)
	for ; i < len(s); i++ {
		if c := s[i]; !IsTabOrNewline(c) {
			b = append(b, c)
		}
	}
	return string(b)
}

// IsASCII reports whether every byte of s is below 0x80.
func IsASCII(s string) bool {
	// Eight bytes at a time.
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

// IndexEscape returns the index of the first percent-encoded byte in s, or
// -1.
func IndexEscape(s string) int {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && IsHex(s[i+1]) && IsHex(s[i+2]) {
			return i
		}
	}
	return -1
}

// AppendDecoded appends the percent-decoding of s to dst.
func AppendDecoded(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]) {
			c = Unhex(s[i+1])<<4 | Unhex(s[i+2])
			i += 2
		}
		dst = append(dst, c)
	}
	return dst
}

// QueryPairs yields the name and the value of each piece of query between
// "&"s that is not empty, split at its first "=" (the value is "" when
// there is none), as written: the split of the
// application/x-www-form-urlencoded parser, before any decoding.
func QueryPairs(query string) iter.Seq2[string, string] {
	return func(yield func(name, value string) bool) {
		for piece := range strings.SplitSeq(query, "&") {
			if piece == "" {
				continue
			}
			name, value, _ := strings.Cut(piece, "=")
			if !yield(name, value) {
				return
			}
		}
	}
}

// IsSingleDot reports whether seg is a single-dot URL path segment: "." or
// "%2e", ignoring ASCII case.
func IsSingleDot[S string | []byte](seg S) bool {
	switch len(seg) {
	case 1:
		return seg[0] == '.'
	case 3:
		return isDot2e(seg)
	}
	return false
}

// IsDoubleDot reports whether seg is a double-dot URL path segment: "..",
// ".%2e", "%2e." or "%2e%2e", ignoring ASCII case.
func IsDoubleDot[S string | []byte](seg S) bool {
	switch len(seg) {
	case 2:
		return seg[0] == '.' && seg[1] == '.'
	case 4:
		return seg[0] == '.' && isDot2e(seg[1:]) || isDot2e(seg[:3]) && seg[3] == '.'
	case 6:
		return isDot2e(seg[:3]) && isDot2e(seg[3:])
	}
	return false
}

func isDot2e[S string | []byte](s S) bool { return s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e' }

// IsLabelSeparator reports whether r separates the labels of a domain
// before UTS #46 maps it: ".", or the ideographic, fullwidth or halfwidth
// full stop.
func IsLabelSeparator(r rune) bool {
	return r == '.' || r == '\u3002' || r == '\uFF0E' || r == '\uFF61'
}

// Word8 returns the first eight bytes of s, which has at least eight, as a
// little-endian number: one load, for the parser's and the caches' tests
// of eight bytes at a time.
func Word8(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}
