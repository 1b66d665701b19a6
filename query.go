// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"iter"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/onecontact/webaddress/internal/urlchars"
)

// This file holds the URL Standard's application/x-www-form-urlencoded
// parser and serializer
// (https://url.spec.whatwg.org/#application/x-www-form-urlencoded) and a
// model of its URLSearchParams class
// (https://url.spec.whatwg.org/#interface-urlsearchparams): [SearchParams]
// is a plain list, which [URL.SearchParams] reads from a URL and
// [URL.SetSearchParams] writes back.

// param is one name-value pair of a [SearchParams] list.
type param struct {
	Name, Value string
}

// SearchParams is a list of name-value pairs in the
// application/x-www-form-urlencoded format, the URL Standard's
// URLSearchParams: pairs keep their order, and a name may repeat. The zero
// SearchParams is empty and ready to use. Like a slice, a copy shares its
// pairs: copy one that will change with [SearchParams.Clone].
type SearchParams struct {
	list []param
}

// ParseSearchParams parses query as the URLSearchParams constructor does:
// without one leading "?", split on "&" and each piece at its first "=",
// "+" as a space, percent-decoded. Bytes that are not UTF-8, decoded or
// written, become U+FFFD as the Encoding Standard's UTF-8 decoder makes
// them.
func ParseSearchParams(query string) SearchParams {
	// Constructor step 1: if init is a string and starts with U+003F (?),
	// then remove the first code point from init.
	query = strings.TrimPrefix(query, "?")
	// The string parser's input is a scalar value string, UTF-8 encoded.
	return SearchParams{list: parseURLEncoded(toValidUTF8(query))}
}

// parseURLEncoded is the application/x-www-form-urlencoded parser. input
// must be valid UTF-8.
func parseURLEncoded(input string) []param {
	if input == "" {
		return nil
	}
	// Let output be an initially empty list of name-value tuples. (Sized
	// for one tuple per piece, of which empty ones are skipped below.)
	output := make([]param, 0, strings.Count(input, "&")+1)
	var scratch []byte
	// Let sequences be the result of splitting input on 0x26 (&); for each
	// byte sequence bytes in sequences: if bytes is the empty byte
	// sequence, then continue; if bytes contains a 0x3D (=), then name is
	// the bytes before the first 0x3D (=) and value the bytes after it;
	// otherwise, name is bytes and value is the empty byte sequence
	// (urlchars.QueryPairs).
	for name, value := range urlchars.QueryPairs(input) {
		// Replace any 0x2B (+) in name and value with 0x20 (SP), then
		// UTF-8 decode without BOM the percent-decoding of each.
		var p param
		p.Name, scratch = formDecode(name, scratch)
		p.Value, scratch = formDecode(value, scratch)
		// Append (nameString, valueString) to output.
		output = append(output, p)
	}
	return output
}

// formDecode replaces each "+" in s by a space, percent-decodes the result
// and UTF-8 decodes it without BOM. s must be valid UTF-8. scratch is a
// buffer that formDecode may use and returns for reuse. When there is
// nothing to replace or decode, formDecode returns s itself.
func formDecode(s string, scratch []byte) (string, []byte) {
	if strings.IndexByte(s, '+') < 0 && indexEscape(s) < 0 {
		return s, scratch
	}
	scratch = scratch[:0]
	// An escape is "%" and two hex digits, so none spans a "+": decoding
	// the runs between "+" one by one is the same as decoding the whole.
	for {
		i := strings.IndexByte(s, '+')
		if i < 0 {
			break
		}
		scratch = appendDecoded(scratch, s[:i])
		scratch = append(scratch, ' ')
		s = s[i+1:]
	}
	scratch = appendDecoded(scratch, s)
	return decodeUTF8(scratch), scratch
}

// decodeUTF8 returns b as the Encoding Standard's "UTF-8 decode without
// BOM" reads it: a leading BOM is kept as U+FEFF, and each maximal subpart
// of an ill-formed sequence (a lead byte and those of the continuation
// bytes it allows that follow it, or a lone byte that cannot start a
// sequence) becomes one U+FFFD.
func decodeUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	out := make([]byte, 0, len(b)+len(b)/2)
	for len(b) > 0 {
		r, n := utf8.DecodeRune(b)
		if r == utf8.RuneError && n == 1 {
			n = maximalSubpart(b)
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, b[:n]...)
		}
		b = b[n:]
	}
	return string(out)
}

// maximalSubpart returns how many bytes at the start of b, which must not
// begin with a well-formed UTF-8 sequence, the Encoding Standard's UTF-8
// decoder reads before it reports an error: the lead byte, plus the
// continuation bytes that the lead byte and the bytes before them allow.
func maximalSubpart(b []byte) int {
	// UTF-8 bytes needed, and the bounds of the first continuation byte
	// (the later ones are 0x80 to 0xBF).
	var needed int
	switch c := b[0]; {
	case 0xC2 <= c && c <= 0xDF:
		needed = 1
	case 0xE0 <= c && c <= 0xEF:
		needed = 2
	case 0xF0 <= c && c <= 0xF4:
		needed = 3
	default:
		return 1
	}
	lo, hi := byte(0x80), byte(0xBF)
	switch b[0] {
	case 0xE0:
		lo = 0xA0
	case 0xED:
		hi = 0x9F
	case 0xF0:
		lo = 0x90
	case 0xF4:
		hi = 0x8F
	}
	n := 1
	for ; n <= needed && n < len(b); n++ {
		if b[n] < lo || b[n] > hi {
			break
		}
		lo, hi = 0x80, 0xBF
	}
	return n
}

// Len returns the number of pairs in s, URLSearchParams' size.
func (s SearchParams) Len() int { return len(s.list) }

// Get returns the value of the first pair named name, if any.
func (s SearchParams) Get(name string) (value string, ok bool) {
	for _, p := range s.list {
		if p.Name == name {
			return p.Value, true
		}
	}
	return "", false
}

// GetAll returns the values of the pairs named name, in order.
func (s SearchParams) GetAll(name string) []string {
	var values []string
	for _, p := range s.list {
		if p.Name == name {
			values = append(values, p.Value)
		}
	}
	return values
}

// Has reports whether s has a pair named name.
func (s SearchParams) Has(name string) bool {
	return slices.ContainsFunc(s.list, func(p param) bool { return p.Name == name })
}

// HasValue reports whether s has the pair (name, value): has(name, value).
func (s SearchParams) HasValue(name, value string) bool {
	return slices.Contains(s.list, param{name, value})
}

// Append adds the pair (name, value) at the end of s.
func (s *SearchParams) Append(name, value string) {
	s.list = append(s.list, param{name, value})
}

// Set sets the value of the first pair named name and removes the others
// of that name; without one, it appends (name, value).
func (s *SearchParams) Set(name, value string) {
	i := slices.IndexFunc(s.list, func(p param) bool { return p.Name == name })
	if i < 0 {
		s.Append(name, value)
		return
	}
	s.list[i].Value = value
	rest := slices.DeleteFunc(s.list[i+1:], func(p param) bool { return p.Name == name })
	s.list = s.list[:i+1+len(rest)]
}

// Delete removes all pairs named name from s.
func (s *SearchParams) Delete(name string) {
	s.list = slices.DeleteFunc(s.list, func(p param) bool { return p.Name == name })
}

// DeleteValue removes the pairs (name, value): delete(name, value).
func (s *SearchParams) DeleteValue(name, value string) {
	s.list = slices.DeleteFunc(s.list, func(p param) bool { return p == param{name, value} })
}

// Sort sorts the pairs by name, stably, comparing names by UTF-16 code
// units as the Standard says (not by bytes or code points).
func (s *SearchParams) Sort() {
	slices.SortStableFunc(s.list, func(a, b param) int {
		return compareCodeUnits(a.Name, b.Name)
	})
}

// compareCodeUnits compares a and b as sequences of UTF-16 code units, the
// URL Standard's "code unit less than", returning -1, 0 or +1. Invalid
// UTF-8 reads as U+FFFD, byte by byte.
func compareCodeUnits(a, b string) int {
	// UTF-8 byte order is code point order, and code point order is code
	// unit order except between U+E000–U+FFFF and the code points above
	// U+FFFF. So skip the common prefix, back up to a code point boundary
	// in both, and compare from there code point by code point.
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	for i > 0 && (i < len(a) && !utf8.RuneStart(a[i]) || i < len(b) && !utf8.RuneStart(b[i])) {
		i--
	}
	a, b = a[i:], b[i:]
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ka, kb := codeUnitKey(ra), codeUnitKey(rb); ka != kb {
			if ka < kb {
				return -1
			}
			return +1
		}
		a, b = a[na:], b[nb:]
	}
	switch {
	case a != "":
		return +1
	case b != "":
		return -1
	}
	return 0
}

// codeUnitKey maps r to a number that orders code points as their UTF-16
// encodings order: U+E000 to U+FFFF move above every supplementary code
// point, whose leading surrogate (D800 to DBFF) is less than E000.
func codeUnitKey(r rune) rune {
	if r >= 0xE000 && r <= 0xFFFF {
		return r + 0x110000
	}
	return r
}

// String returns s serialized as application/x-www-form-urlencoded:
// "name=value" pairs joined by "&", percent-encoded, space as "+".
func (s SearchParams) String() string {
	if len(s.list) == 0 {
		return ""
	}
	n := 2*len(s.list) - 1
	for _, p := range s.list {
		n += formEncodedLen(p.Name) + formEncodedLen(p.Value)
	}
	b := make([]byte, 0, n)
	for i, p := range s.list {
		// If output is not the empty string, then append U+0026 (&) to
		// output. (Every tuple appends at least "=", so output is empty
		// only before the first.)
		if i > 0 {
			b = append(b, '&')
		}
		// Append name, followed by U+003D (=), followed by value.
		b = appendFormEncoded(b, toValidUTF8(p.Name))
		b = append(b, '=')
		b = appendFormEncoded(b, toValidUTF8(p.Value))
	}
	return string(b)
}

// All returns an iterator over the names and values of s, in order.
func (s SearchParams) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, p := range s.list {
			if !yield(p.Name, p.Value) {
				return
			}
		}
	}
}

// Clone returns a copy of s, which changes to s do not change.
func (s SearchParams) Clone() SearchParams { return SearchParams{list: s.params()} }

// params returns a copy of the pairs of s, in order, or nil if s is
// empty.
func (s SearchParams) params() []param { return slices.Clone(s.list) }

// formEncode returns s percent-encoded after encoding (as UTF-8) with the
// application/x-www-form-urlencoded percent-encode set, space written as
// "+": every byte but the ASCII alphanumerics, "*", "-", "." and "_"
// becomes "%XX" with upper-case hex digits. Invalid UTF-8 in s is first
// replaced by U+FFFD, as the Standard works on scalar value strings. When
// nothing needs encoding, formEncode returns s itself.
func formEncode(s string) string {
	s = toValidUTF8(s)
	n := formEncodedLen(s)
	if n == len(s) && strings.IndexByte(s, ' ') < 0 {
		return s
	}
	return string(appendFormEncoded(make([]byte, 0, n), s))
}

// formEncodedLen returns the length of s after form encoding, when s is
// valid UTF-8.
func formEncodedLen(s string) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if c := s[i]; charClass[c]&encForm != 0 && c != ' ' {
			n += 2
		}
	}
	return n
}

// appendFormEncoded appends s, which must be valid UTF-8, to dst encoded
// with the application/x-www-form-urlencoded percent-encode set and space
// as "+" (the "percent-encode after encoding" steps with spaceAsPlus true).
func appendFormEncoded(dst []byte, s string) []byte {
	for {
		i := strings.IndexByte(s, ' ')
		if i < 0 {
			return appendEncoded(dst, s, encForm)
		}
		// If spaceAsPlus is true and byte is 0x20 (SP), then append
		// U+002B (+) to output and continue.
		dst = appendEncoded(dst, s[:i], encForm)
		dst = append(dst, '+')
		s = s[i+1:]
	}
}
