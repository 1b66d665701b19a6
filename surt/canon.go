// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package surt

import (
	"bytes"
	"slices"
)

// This file holds the canonicalization of host, path and query (steps 3 and
// 4 of the algorithm: Google's canonicalizer, then the Internet Archive's).
// Both lowercase what they write, and the Internet Archive's lowercases host,
// path and query anyway, so the escaping here writes lowercase hex digits and
// lowercases ASCII letters in one pass.

// unhex returns the value of the hex digit c, or -1.
func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c|0x20 && c|0x20 <= 'f':
		return int(c|0x20-'a') + 10
	}
	return -1
}

// appendUnescaped appends s to dst with its percent-escapes decoded again and
// again until none is left: "%2541" becomes "A". An escape that is not "%"
// and two hex digits stays as it is.
//
// Decoding in passes until nothing changes gives the same bytes as this one
// pass that decodes an escape as soon as its last byte is written, whether
// that byte is read or decoded: escapes never overlap, so the order in which
// they are decoded does not matter.
func appendUnescaped(dst []byte, s string) []byte {
	dst = slices.Grow(dst, len(s)) // at most as long: one allocation for a long s
	start := len(dst)
	for i := 0; i < len(s); i++ {
		dst = append(dst, s[i])
		for n := len(dst); n-start >= 3 && dst[n-3] == '%'; n = len(dst) {
			hi, lo := unhex(dst[n-2]), unhex(dst[n-1])
			if hi < 0 || lo < 0 {
				break
			}
			dst = append(dst[:n-3], byte(hi<<4|lo))
		}
	}
	return dst
}

// needsEscape reports whether the escaping of Google's canonicalizer
// percent-encodes c: a control or space, "#", "%", DEL or a byte from 0x80.
func needsEscape(c byte) bool {
	return c <= 0x20 || c == '#' || c == '%' || c >= 0x7F
}

const lowerHex = "0123456789abcdef"

// appendEscapedLower appends s to dst with the bytes of [needsEscape]
// percent-encoded and ASCII letters lowercased.
func appendEscapedLower(dst, s []byte) []byte {
	dst = slices.Grow(dst, len(s)) // at least as long: one allocation for a long s without escapes
	for _, c := range s {
		switch {
		case needsEscape(c):
			dst = append(dst, '%', lowerHex[c>>4], lowerHex[c&15])
		case 'A' <= c && c <= 'Z':
			dst = append(dst, c+'a'-'A')
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// hasNonASCII reports whether s has a byte from 0x80.
func hasNonASCII(s []byte) bool {
	for _, c := range s {
		if c >= 0x80 {
			return true
		}
	}
	return false
}

// canonicalHost appends the host as both canonicalizers leave it (the
// leading "www" label aside) to dst, using tmp as scratch space: percent-
// decoded, converted with IDNA2003 if it is not ASCII, ".." replaced by "."
// and dots trimmed, an IPv4 address written as a dotted quad, percent-encoded
// and lowercased otherwise.
func canonicalHost(dst, tmp []byte, host string) []byte {
	if host == "" {
		return dst
	}
	h := appendUnescaped(tmp, host)
	if hasNonASCII(h) {
		if a, ok := toASCII(h); ok {
			h = a
		}
	}
	// Replace ".." by "." in one pass from the left, in place.
	w := 0
	for r := 0; r < len(h); r++ {
		h[w] = h[r]
		w++
		if h[r] == '.' && r+1 < len(h) && h[r+1] == '.' {
			r++
		}
	}
	h = h[:w]
	h = bytes.Trim(h, ".")
	if len(h) == 0 {
		return dst
	}
	if v, ok := allDigits(h); ok {
		return appendQuad(dst, v)
	}
	if v, ok := inetAton(h); ok {
		return appendQuad(dst, v)
	}
	return appendEscapedLower(dst, h)
}

// allDigits returns the value modulo 2**32 of h when h is all ASCII digits.
func allDigits(h []byte) (uint32, bool) {
	var v uint32
	for _, c := range h {
		if c < '0' || c > '9' {
			return 0, false
		}
		v = v*10 + uint32(c-'0') // modulo 2**32, digit by digit
	}
	return v, true
}

// inetAton returns the IPv4 address that glibc's inet_aton reads from h, when
// h matches ^[1-9][0-9]*(\.[0-9]+){0,3}$ or ^0[0-7]*(\.[0-7]+){0,3}$ (the
// hosts surt looks up with gethostbyname, which answers them without DNS):
// one to four parts, a part with a leading 0 octal, the last part filling
// the bytes that are left.
func inetAton(h []byte) (uint32, bool) {
	if len(h) == 0 || h[0] < '0' || h[0] > '9' {
		return 0, false
	}
	octalFirst := h[0] == '0'
	var parts [4]uint64
	n := 0
	for i := 0; i < len(h); {
		if n == len(parts) {
			return 0, false
		}
		// One part: a run of digits.
		j := i
		for j < len(h) && '0' <= h[j] && h[j] <= '9' {
			j++
		}
		if j == i || j < len(h) && h[j] != '.' || j == len(h)-1 {
			return 0, false
		}
		part := h[i:j]
		base := uint64(10)
		if part[0] == '0' {
			base = 8
		}
		var v uint64
		for _, c := range part {
			d := uint64(c - '0')
			if d >= base || octalFirst && d >= 8 {
				return 0, false
			}
			if v = v*base + d; v > 0xFFFFFFFF {
				return 0, false
			}
		}
		parts[n] = v
		n++
		i = j + 1
	}
	max := [4]uint64{0xFFFFFFFF, 0xFFFFFF, 0xFFFF, 0xFF}[n-1]
	var a uint64
	for k := 0; k < n-1; k++ {
		if parts[k] > 0xFF {
			return 0, false
		}
		a |= parts[k] << (24 - 8*k)
	}
	if parts[n-1] > max {
		return 0, false
	}
	return uint32(a | parts[n-1]), true
}

// appendQuad appends v in dotted-quad form.
func appendQuad(dst []byte, v uint32) []byte {
	for i := 3; i >= 0; i-- {
		b := byte(v >> (8 * i))
		if b >= 100 {
			dst = append(dst, '0'+b/100)
		}
		if b >= 10 {
			dst = append(dst, '0'+b/10%10)
		}
		dst = append(dst, '0'+b%10)
		if i > 0 {
			dst = append(dst, '.')
		}
	}
	return dst
}

// stripWWW removes one leading label "www", "www1", "www2"... and its dot.
func stripWWW(h []byte) []byte {
	if len(h) < 4 || h[0] != 'w' || h[1] != 'w' || h[2] != 'w' {
		return h
	}
	i := 3
	for i < len(h) && '0' <= h[i] && h[i] <= '9' {
		i++
	}
	if i < len(h) && h[i] == '.' {
		return h[i+1:]
	}
	return h
}

// canonicalPath appends the path as both canonicalizers leave it to dst:
// percent-decoded, its dot segments and empty segments resolved when the
// URL has a host, percent-encoded, lowercased, without ASP.NET session
// segments and without a final "/" (unless it is the whole path). Each
// step but the first works in place, so that a long path costs one buffer
// of its size, dst.
func canonicalPath(dst []byte, path string, hasHost bool) []byte {
	start := len(dst)
	dst = appendUnescaped(dst, path)
	if hasHost {
		if p := dst[start:]; len(p) > 0 && p[0] == '/' {
			dst = normalizePath(dst[:start], p)
		} else {
			var buf [128]byte
			dst = append(dst[:start], normalizePath(buf[:0], p)...)
		}
	}
	dst = escapeLowerInPlace(dst, start)
	p := stripASPNET(dst[start:])
	if len(p) > 1 && p[len(p)-1] == '/' {
		p = p[:len(p)-1]
	}
	return dst[:start+len(p)]
}

// escapeLowerInPlace does what appendEscapedLower does to b[start:], in
// place: b grows by two bytes for each byte percent-encoded, which are
// written from the end.
func escapeLowerInPlace(b []byte, start int) []byte {
	k := 0
	for _, c := range b[start:] {
		if needsEscape(c) {
			k++
		}
	}
	n := len(b)
	b = slices.Grow(b, 2*k)[:n+2*k]
	w := len(b)
	for r := n - 1; r >= start; r-- {
		switch c := b[r]; {
		case needsEscape(c):
			w -= 3
			b[w], b[w+1], b[w+2] = '%', lowerHex[c>>4], lowerHex[c&15]
		case 'A' <= c && c <= 'Z':
			w--
			b[w] = c + 'a' - 'A'
		default:
			w--
			b[w] = c
		}
	}
	return b
}

// normalizePath appends p to dst with its segments (those after its first
// "/") resolved on a stack: "." is dropped, ".." pops the top segment or is
// pushed when there is none, and any other segment is pushed, empty ones
// too, so that ".." can pop them. The stack is written out with empty
// segments left out but for the last one (which gives a final "/"); an
// empty p, or an empty stack, becomes "/".
//
// The stack is dst itself, each segment written with the "/" before it
// (an empty one as "/" alone), so that the top segment starts at the last
// "/" and a long path of short segments takes no more room than itself;
// the empty segments are left out at the end. dst may be p[:0] when p
// starts with "/": a segment written takes no more room than it and the
// "/" before it, so no byte is written before it is read.
func normalizePath(dst, p []byte) []byte {
	if len(p) > 0 && p[0] == '/' {
		p = p[1:]
	}
	base := len(dst)
	for rest := p; ; {
		i := bytes.IndexByte(rest, '/')
		s := rest
		if i >= 0 {
			s = rest[:i]
		}
		switch {
		case len(s) == 1 && s[0] == '.':
		case len(s) == 2 && s[0] == '.' && s[1] == '.' && len(dst) > base:
			dst = dst[:base+bytes.LastIndexByte(dst[base:], '/')]
		default:
			dst = append(dst, '/')
			dst = append(dst, s...)
		}
		if i < 0 {
			break
		}
		rest = rest[i+1:]
	}
	if len(dst) == base {
		return append(dst, '/')
	}
	// Leave out the empty segments but the last: each "/" before another.
	w := base
	for r := base; r < len(dst); r++ {
		if dst[r] == '/' && r+1 < len(dst) && dst[r+1] == '/' {
			continue
		}
		dst[w] = dst[r]
		w++
	}
	return dst[:w]
}

// stripASPNET removes, from the lowercased path p, the ASP.NET session
// segment that the Internet Archive's canonicalizer removes: the last match
// of each of
//
//	^(.*/)(\((?:[a-z]\([0-9a-z]{24}\))+\)/)([^\?]+\.aspx.*)$
//	^(.*/)(\([0-9a-z]{24}\)/)([^\?]+\.aspx.*)$
//
// in turn, keeping groups 1 and 3. p is changed in place.
func stripASPNET(p []byte) []byte {
	if bytes.Index(p, []byte(".aspx")) < 0 {
		return p
	}
	p = stripSegment(p, false)
	p = stripSegment(p, true)
	return p
}

// stripSegment removes the segment after the last "/" where that segment
// is an ASP.NET session segment (cookieless session IDs, or one session ID
// when single is true) and the rest an ASP.NET page: at least one byte,
// then ".aspx" with no "?" before it. It runs in one pass from the end.
func stripSegment(p []byte, single bool) []byte {
	q := -1              // the first "?" after i
	aspx, next := -1, -1 // the first two ".aspx" after i
	for i := len(p) - 1; i >= 0; i-- {
		if j := i + 1; j < len(p) {
			if p[j] == '?' {
				q = j
			} else if p[j] == '.' && bytes.HasPrefix(p[j:], []byte(".aspx")) {
				aspx, next = j, aspx
			}
		}
		if p[i] != '/' {
			continue
		}
		var m int
		if single {
			m = sessionSegment(p[i+1:])
		} else {
			m = cookielessSessions(p[i+1:])
		}
		if m == 0 {
			continue
		}
		// The page starts at x. The session segment before it has neither
		// "?" nor ".", so q, aspx and next are the first after x too.
		x := i + 1 + m
		k := aspx
		if k == x {
			k = next
		}
		if k < 0 || q >= 0 && q < k {
			continue
		}
		n := copy(p[i+1:], p[x:])
		return p[:i+1+n]
	}
	return p
}

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c byte) bool { return '0' <= c && c <= '9' || isAlpha(c) }

// sessionID reports whether s starts with "(", 24 ASCII letters or digits
// and ")".
func sessionID(s []byte) bool {
	if len(s) < 26 || s[0] != '(' || s[25] != ')' {
		return false
	}
	for _, c := range s[1:25] {
		if !isAlnum(c) {
			return false
		}
	}
	return true
}

// cookielessSessions returns the length of the match of
// \((?:[a-z]\([0-9a-z]{24}\))+\)/ at the start of s, or 0.
func cookielessSessions(s []byte) int {
	if len(s) == 0 || s[0] != '(' {
		return 0
	}
	i := 1
	for i < len(s) && isAlpha(s[i]) && sessionID(s[i+1:]) {
		i += 27
	}
	if i == 1 || i+1 >= len(s) || s[i] != ')' || s[i+1] != '/' {
		return 0
	}
	return i + 2
}

// sessionSegment returns the length of the match of \([0-9a-z]{24}\)/ at
// the start of s, or 0.
func sessionSegment(s []byte) int {
	if !sessionID(s) || len(s) < 27 || s[26] != '/' {
		return 0
	}
	return 27
}

// canonicalQuery appends the non-empty query as both canonicalizers leave
// it, using tmp as scratch space, and returns it (in dst or in tmp):
// percent-decoded, percent-encoded, lowercased, without session IDs, and
// with its parameters sorted.
func canonicalQuery(dst, tmp []byte, query string) []byte {
	q := appendUnescaped(tmp, query)
	dst = appendEscapedLower(dst, q)
	dst = removeParam(dst, "jsessionid=", alnum32)
	dst = removeParam(dst, "phpsessid=", alnum32)
	dst = removeParam(dst, "sid=", alnum32)
	dst = removeParam(dst, "aspsessionid", aspSession)
	dst = removeCFID(dst)
	if len(dst) <= 1 {
		return dst
	}
	return sortParams(tmp[:0], dst)
}

// removeParam removes from the lowercased query q the last match of
// name+value that ends q or is followed by "&", with that "&", as the
// Internet Archive's canonicalizer does with the case-insensitive
// ^(.*)(?:name value)(?:&(.*))?$ (keeping groups 1 and 2). q is changed in
// place.
func removeParam(q []byte, name string, value valueKind) []byte {
	for end := len(q); ; {
		i := bytes.LastIndex(q[:end], []byte(name))
		if i < 0 {
			return q
		}
		end = i + len(name) - 1 // a later match starts before this one's end
		v := value.match(q[i+len(name):])
		if v < 0 {
			continue
		}
		j := i + len(name) + v
		if j == len(q) {
			return q[:i]
		}
		if q[j] == '&' {
			n := copy(q[i:], q[j+1:])
			return q[:i+n]
		}
	}
}

// A valueKind is the value part of a session-ID pattern.
type valueKind uint8

const (
	alnum32    valueKind = iota // [0-9a-z]{32}
	aspSession                  // [a-z]{8}=[a-z]{24}
)

// match returns the length of v's match at the start of s, or -1.
func (v valueKind) match(s []byte) int {
	if v == alnum32 {
		return alnumValue(s, 32)
	}
	return aspSessionValue(s)
}

// alnumValue matches exactly n ASCII letters or digits.
func alnumValue(s []byte, n int) int {
	if len(s) < n {
		return -1
	}
	for _, c := range s[:n] {
		if !isAlnum(c) {
			return -1
		}
	}
	return n
}

// aspSessionValue matches [a-z]{8}=[a-z]{24}, what follows "aspsessionid".
func aspSessionValue(s []byte) int {
	if len(s) < 33 || s[8] != '=' {
		return -1
	}
	for i, c := range s[:33] {
		if i != 8 && !isAlpha(c) {
			return -1
		}
	}
	return 33
}

// removeCFID removes from the lowercased query q the last match of
// cfid=[^&]+&cftoken=[^&]+ as [removeParam] does for a name and value. Each
// [^&]+ runs to the next "&" or the end (a shorter one could not be followed
// by "&"), so "&cftoken=" must end the "&"-separated part that has "cfid=",
// and the match is found one part at a time from the end, in one pass.
func removeCFID(q []byte) []byte {
	const token = "&cftoken="
	for end := len(q); end > 0; {
		start := bytes.LastIndexByte(q[:end], '&') + 1
		if t := end + len(token); end-start > len("cfid=") && t < len(q) && q[t] != '&' && bytes.HasPrefix(q[end:], []byte(token)) {
			// The last "cfid=" of the part with a byte after it.
			if i := bytes.LastIndex(q[start:end-1], []byte("cfid=")); i >= 0 {
				i += start
				j := bytes.IndexByte(q[t:], '&')
				if j < 0 {
					return q[:i]
				}
				n := copy(q[i:], q[t+j+1:])
				return q[:i+n]
			}
		}
		end = start - 1
	}
	return q
}

// A param is one "&"-separated part of a query, as offsets into it.
type param struct {
	start, eq, end int // eq is end when the part has no "="
}

// sortParams appends the parameters of q to dst sorted by name, then (a part
// without "=" first) by value, bytewise, and returns dst.
func sortParams(dst, q []byte) []byte {
	var buf [16]param
	ps := buf[:0]
	for start := 0; ; {
		end := bytes.IndexByte(q[start:], '&')
		if end < 0 {
			end = len(q)
		} else {
			end += start
		}
		eq := bytes.IndexByte(q[start:end], '=')
		if eq < 0 {
			eq = end
		} else {
			eq += start
		}
		ps = append(ps, param{start, eq, end})
		if end == len(q) {
			break
		}
		start = end + 1
	}
	slices.SortStableFunc(ps, func(a, b param) int {
		if c := bytes.Compare(q[a.start:a.eq], q[b.start:b.eq]); c != 0 {
			return c
		}
		switch ha, hb := a.eq < a.end, b.eq < b.end; {
		case ha == hb:
			if !ha {
				return 0
			}
			return bytes.Compare(q[a.eq+1:a.end], q[b.eq+1:b.end])
		case ha:
			return 1
		default:
			return -1
		}
	})
	for i, p := range ps {
		if i > 0 {
			dst = append(dst, '&')
		}
		dst = append(dst, q[p.start:p.end]...)
	}
	return dst
}
