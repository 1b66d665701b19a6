// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package surt

import (
	"slices"
	"unicode/utf8"
)

//go:generate python3 gen_idna2003.py -o idna2003_tables.go

// This file converts a non-ASCII host with IDNA2003 the way surt 0.3.1 does:
// host.decode("utf-8", "ignore").encode("idna") under CPython 3.11, whose
// "idna" codec is RFC 3490's ToASCII with AllowUnassigned and without
// UseSTD3ASCIIRules, over RFC 3491's nameprep. The tables it reads are in
// idna2003_tables.go, written by gen_idna2003.py from CPython's stringprep
// and unicodedata modules (see there for why not from the Unicode data
// files). golang.org/x/net/idna is IDNA2008 and UTS #46 of a newer Unicode,
// and golang.org/x/text/unicode/norm a newer Unicode too: neither gives
// these answers.

// A shift maps every stride-th code point from lo to hi to itself plus
// delta.
type shift struct {
	lo, hi        rune
	stride, delta int32
}

// An expansion maps the code point r to the string s.
type expansion struct {
	r rune
	s string
}

// A combiningRun gives the code points from lo to hi the canonical
// combining class ccc.
type combiningRun struct {
	lo, hi rune
	ccc    uint8
}

// A composition is a primary composite c and the two code points a, b it
// is composed of.
type composition struct{ a, b, c rune }

// A span is the code points from lo to hi.
type span struct{ lo, hi rune }

// inSpans reports whether r is in one of the sorted spans.
func inSpans(spans []span, r rune) bool {
	_, found := slices.BinarySearchFunc(spans, r, func(s span, r rune) int { return cmpRange(s.lo, s.hi, r) })
	return found
}

// cmpRange compares the range from lo to hi with r, for a binary search:
// -1 when the range is below r, +1 when it is above, 0 when it holds r.
func cmpRange(lo, hi, r rune) int {
	switch {
	case hi < r:
		return -1
	case lo > r:
		return 1
	}
	return 0
}

// lookup returns what the mapping of shifts and strings does with r: a
// string and true when r maps to a string, r's image and false otherwise.
func lookup(shifts []shift, strings []expansion, r rune) (string, rune, bool) {
	if i, ok := slices.BinarySearchFunc(strings, r, func(e expansion, r rune) int { return int(e.r - r) }); ok {
		return strings[i].s, 0, true
	}
	i, found := slices.BinarySearchFunc(shifts, r, func(s shift, r rune) int { return cmpRange(s.lo, s.hi, r) })
	if found && (r-shifts[i].lo)%shifts[i].stride == 0 {
		return "", r + shifts[i].delta, false
	}
	return "", r, false
}

// combiningClass returns the canonical combining class of r.
func combiningClass(r rune) uint8 {
	if r < 0x300 {
		return 0
	}
	i, found := slices.BinarySearchFunc(combiningClasses[:], r, func(c combiningRun, r rune) int {
		switch {
		case c.hi < r:
			return -1
		case c.lo > r:
			return 1
		}
		return 0
	})
	if !found {
		return 0
	}
	return combiningClasses[i].ccc
}

// compose returns the primary composite of a and b.
func compose(a, b rune) (rune, bool) {
	i, found := slices.BinarySearchFunc(compositions[:], composition{a, b, 0}, func(c, k composition) int {
		if c.a != k.a {
			return int(c.a - k.a)
		}
		return int(c.b - k.b)
	})
	if !found {
		return 0, false
	}
	return compositions[i].c, true
}

// composesFirst reports whether r is the first code point of a primary
// composite (CPython's nfc_first).
func composesFirst(r rune) bool {
	_, found := slices.BinarySearchFunc(compositions[:], r, func(c composition, r rune) int { return int(c.a - r) })
	return found
}

// The Hangul syllable arithmetic of Unicode's chapter 3.12.
const (
	hangulS = 0xAC00
	hangulL = 0x1100
	hangulV = 0x1161
	hangulT = 0x11A7
	countL  = 19
	countV  = 21
	countT  = 28
	countN  = countV * countT
	countS  = countL * countN
)

// nfkc returns s in the normalization form KC that CPython 3.11's
// unicodedata.ucd_3_2_0.normalize("NFKC", s) gives: decomposed with the
// Unicode 3.2 data, then ordered and composed as CPython does it, with the
// combining classes and composition pairs of its own Unicode (14.0.0).
func nfkc(s []rune) []rune {
	d := make([]rune, 0, len(s)+len(s)/2)
	for _, r := range s {
		if hangulS <= r && r < hangulS+countS {
			i := r - hangulS
			d = append(d, hangulL+i/countN, hangulV+i%countN/countT)
			if t := i % countT; t != 0 {
				d = append(d, hangulT+t)
			}
			continue
		}
		str, m, ok := lookup(decomposeShifts[:], decomposeStrings[:], r)
		if !ok {
			d = append(d, m)
			continue
		}
		for _, c := range str {
			d = append(d, c)
		}
	}

	// Canonical order: a stable sort by combining class of each run of
	// code points whose class is not 0.
	for i := 0; i < len(d); {
		if combiningClass(d[i]) == 0 {
			i++
			continue
		}
		j := i + 1
		for j < len(d) && combiningClass(d[j]) != 0 {
			j++
		}
		if j-i > 1 {
			slices.SortStableFunc(d[i:j], func(a, b rune) int {
				return int(combiningClass(a)) - int(combiningClass(b))
			})
		}
		i = j
	}

	// Composition, as CPython's nfc_nfkc does it: each code point that can
	// start a composite takes in the unblocked code points after it that it
	// composes with, up to the next starter it does not compose with. (Only
	// such code points look ahead: a mark does not, which keeps this linear.)
	out := make([]rune, 0, len(d))
	skipped := make([]bool, len(d))
	for i := 0; i < len(d); {
		if skipped[i] {
			i++
			continue
		}
		c := d[i]
		if hangulL <= c && c < hangulL+countL && i+1 < len(d) && hangulV <= d[i+1] && d[i+1] < hangulV+countV {
			code := hangulS + ((c-hangulL)*countV+d[i+1]-hangulV)*countT
			i += 2
			if i < len(d) && hangulT < d[i] && d[i] < hangulT+countT {
				code += d[i] - hangulT
				i++
			}
			out = append(out, code)
			continue
		}
		if !composesFirst(c) {
			out = append(out, c)
			i++
			continue
		}
		var last uint8 // the class of the last code point not taken in, if not a starter
		for j := i + 1; j < len(d); j++ {
			cc := combiningClass(d[j])
			if last != 0 {
				if cc == 0 {
					break
				}
				if last >= cc {
					continue // blocked
				}
			}
			if comp, ok := compose(c, d[j]); ok {
				c = comp
				skipped[j] = true
				if !composesFirst(c) {
					break
				}
				continue
			}
			if cc == 0 {
				break
			}
			last = cc
		}
		out = append(out, c)
		i++
	}
	return out
}

// nameprep returns the label prepared as CPython's encodings.idna.nameprep
// prepares it (RFC 3491 with unassigned code points allowed), and false
// where that raises.
func nameprep(label []rune) ([]rune, bool) {
	m := make([]rune, 0, len(label))
	for _, r := range label {
		str, c, ok := lookup(nameprepShifts[:], nameprepStrings[:], r)
		if !ok {
			m = append(m, c)
			continue
		}
		for _, c := range str {
			m = append(m, c)
		}
	}
	m = nfkc(m)
	randAL, l := false, false
	for _, r := range m {
		if r >= 0x80 && inSpans(prohibited[:], r) {
			return nil, false
		}
		if inSpans(bidiRandAL[:], r) {
			randAL = true
		} else if inSpans(bidiL[:], r) {
			l = true
		}
	}
	if randAL && (l || !inSpans(bidiRandAL[:], m[0]) || !inSpans(bidiRandAL[:], m[len(m)-1])) {
		return nil, false
	}
	return m, true
}

// isIDNADot reports whether r separates labels for IDNA2003: a full stop,
// an ideographic full stop, a fullwidth full stop or a halfwidth
// ideographic full stop.
func isIDNADot(r rune) bool {
	return r == '.' || r == 0x3002 || r == 0xFF0E || r == 0xFF61
}

// toASCII returns host converted as host.decode("utf-8", "ignore") is
// converted by CPython's "idna" codec, and false where the codec raises.
func toASCII(host []byte) ([]byte, bool) {
	runes := make([]rune, 0, len(host))
	ascii := true
	for i := 0; i < len(host); {
		r, n := utf8.DecodeRune(host[i:])
		i += n
		if r == utf8.RuneError && n == 1 {
			continue // "ignore": invalid UTF-8 is dropped
		}
		if r >= 0x80 {
			ascii = false
		}
		runes = append(runes, r)
	}
	out := make([]byte, 0, len(host)+8)
	if ascii {
		// The codec's fast path: every label but the last must have 1 to 63
		// bytes, the last fewer than 64.
		start := 0
		for i, r := range runes {
			if r == '.' {
				if n := i - start; n == 0 || n >= 64 {
					return nil, false
				}
				start = i + 1
			}
			out = append(out, byte(r))
		}
		if len(runes)-start >= 64 {
			return nil, false
		}
		return out, true
	}
	// Labels end at any of the four dots; an empty last label is a final
	// dot, written as ".".
	end := len(runes)
	trailingDot := isIDNADot(runes[end-1])
	if trailingDot {
		end--
	}
	for start := 0; ; {
		i := start
		for i < end && !isIDNADot(runes[i]) {
			i++
		}
		if start > 0 {
			out = append(out, '.')
		}
		var ok bool
		if out, ok = appendLabel(out, runes[start:i]); !ok {
			return nil, false
		}
		if i >= end {
			break
		}
		start = i + 1
	}
	if trailingDot {
		out = append(out, '.')
	}
	return out, true
}

// appendLabel appends the label converted by RFC 3490's ToASCII as CPython's
// encodings.idna.ToASCII converts it, and false where that raises.
func appendLabel(dst []byte, label []rune) ([]byte, bool) {
	if isASCII(label) {
		return appendASCII(dst, label)
	}
	label, ok := nameprep(label)
	if !ok {
		return nil, false
	}
	if isASCII(label) {
		return appendASCII(dst, label)
	}
	// The ACE label is at least as long as "xn--" and one byte per code
	// point: from 60 code points on it is too long.
	if len(label) >= 60 || len(label) >= 4 && string(label[:4]) == "xn--" {
		return nil, false
	}
	start := len(dst)
	dst = append(dst, "xn--"...)
	dst = appendPunycode(dst, label)
	if len(dst)-start >= 64 {
		return nil, false
	}
	return dst, true
}

func isASCII(s []rune) bool {
	for _, r := range s {
		if r >= 0x80 {
			return false
		}
	}
	return true
}

// appendASCII appends the ASCII label if it has 1 to 63 bytes.
func appendASCII(dst []byte, label []rune) ([]byte, bool) {
	if len(label) == 0 || len(label) >= 64 {
		return nil, false
	}
	for _, r := range label {
		dst = append(dst, byte(r))
	}
	return dst, true
}

// appendPunycode appends the Punycode encoding of s (RFC 3492) to dst.
func appendPunycode(dst []byte, s []rune) []byte {
	const (
		base        = 36
		tmin        = 1
		tmax        = 26
		skew        = 38
		damp        = 700
		initialBias = 72
		initialN    = 0x80
	)
	digit := func(d int) byte {
		if d < 26 {
			return byte('a' + d)
		}
		return byte('0' + d - 26)
	}
	adapt := func(delta, points int, first bool) int {
		if first {
			delta /= damp
		} else {
			delta /= 2
		}
		delta += delta / points
		k := 0
		for delta > (base-tmin)*tmax/2 {
			delta /= base - tmin
			k += base
		}
		return k + (base-tmin+1)*delta/(delta+skew)
	}
	b := 0
	for _, r := range s {
		if r < 0x80 {
			dst = append(dst, byte(r))
			b++
		}
	}
	if b > 0 {
		dst = append(dst, '-')
	}
	n, delta, bias := initialN, 0, initialBias
	for h := b; h < len(s); {
		m := rune(utf8.MaxRune + 1)
		for _, r := range s {
			if int(r) >= n && r < m {
				m = r
			}
		}
		delta += (int(m) - n) * (h + 1)
		n = int(m)
		for _, r := range s {
			if int(r) < n {
				delta++
			}
			if int(r) != n {
				continue
			}
			q := delta
			for k := base; ; k += base {
				t := k - bias
				if t < tmin {
					t = tmin
				} else if t > tmax {
					t = tmax
				}
				if q < t {
					break
				}
				dst = append(dst, digit(t+(q-t)%(base-t)))
				q = (q - t) / (base - t)
			}
			dst = append(dst, digit(q))
			bias = adapt(delta, h+1, h == b)
			delta = 0
			h++
		}
		delta++
		n++
	}
	return dst
}
