// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bytes"
	"math/bits"
	"slices"
	"strings"

	"github.com/onecontact/webaddress/internal/urlchars"
)

// This file holds the writers every key version shares: the path, the query, an opaque path, a profile's handle, a host's root dots.

// appendOpaqueKeyPath appends an opaque path with its ASCII letters
// lowercased, but the hex digits of its %XX escapes uppercased.
func appendOpaqueKeyPath(dst []byte, path string) []byte {
	for i := 0; i < len(path); i++ {
		c := path[i]
		if c == '%' && i+2 < len(path) && urlchars.IsHex(path[i+1]) && urlchars.IsHex(path[i+2]) {
			dst = append(dst, '%', urlchars.Upper(path[i+1]), urlchars.Upper(path[i+2]))
			i += 2
			continue
		}
		dst = append(dst, lower(c))
	}
	return dst
}

// profileHandleSpan returns where in path the handle of p is: path[start:end]
// (for Facebook's profile.php, whose id is in the query, the span of
// "profile.php"). The profile page itself is the path that ends there, or
// one "/" later.
func profileHandleSpan(p Profile, path string) (start, end int, ok bool) {
	seg, skip := 0, 0 // the handle is in segment seg, after skip bytes
	switch {
	case p.Kind == "profile":
		const page = "/profile.php"
		return 1, len(page), len(path) >= len(page) && strings.EqualFold(path[:len(page)], page)
	case p.Network == NetworkTikTok, p.Network == NetworkYouTube && p.Kind == "handle":
		skip = 1 // "@"
	case p.Network == NetworkLinkedIn, p.Network == NetworkYouTube, p.Kind == "org", p.Kind == "people", p.Kind == "group":
		seg = 1 // "/in/<handle>", "/channel/<id>", "/orgs/<handle>", ...
	}
	start = 1
	for range seg {
		start += strings.IndexByte(path[start:], '/') + 1
	}
	start += skip
	end = start + len(p.Handle)
	return start, end, end <= len(path) && path[start:end] == p.Handle
}

// appendKeyPath appends the key form of a serialized path. The ASCII
// letters of path[keepFrom:keepTo] keep their case (a case-sensitive
// handle); keepFrom == keepTo keeps none.
func appendKeyPath(dst []byte, path string, keepFrom, keepTo int) []byte {
	start := len(dst)
	for i := 0; i < len(path); i++ {
		// Copy the run of bytes that stay as they are at once: all but
		// "%", an upper-case letter and a "/" after a "/" (the last byte
		// written is a "/" only when path's byte before is one).
		run := i
		i = keyPathRunEnd(path, i)
		dst = append(dst, path[run:i]...)
		if i == len(path) {
			break
		}
		c := path[i]
		switch {
		case c == '%' && i+2 < len(path) && urlchars.IsHex(path[i+1]) && urlchars.IsHex(path[i+2]):
			b := urlchars.Unhex(path[i+1])<<4 | urlchars.Unhex(path[i+2])
			if isUnreserved(b) {
				if i < keepFrom || i >= keepTo {
					b = lower(b)
				}
				dst = append(dst, b)
			} else {
				dst = append(dst, '%', urlchars.Upper(path[i+1]), urlchars.Upper(path[i+2]))
			}
			i += 2
		case c == '/' && len(dst) > start && dst[len(dst)-1] == '/':
			// A run of "/" counts as one.
		case i >= keepFrom && i < keepTo:
			dst = append(dst, c)
		default:
			dst = append(dst, lower(c))
		}
	}
	// A default document is the last segment, of 9 to 12 bytes: its "/"
	// is among the last 13 bytes (a byte loop, bytes.LastIndexByte), and
	// the path does not end with "/", the most common end.
	if n := len(dst); n > start && dst[n-1] != '/' {
		if j := bytes.LastIndexByte(dst[max(start, n-len("/default.aspx")):], '/'); j >= 0 {
			if seg := dst[max(start, n-len("/default.aspx"))+j+1:]; isDefaultDocument(seg) {
				dst = dst[:n-len(seg)]
			}
		}
	}
	if len(dst) > start && dst[len(dst)-1] == '/' {
		dst = dst[:len(dst)-1]
	}
	return dst
}

// The classes of keyPathClass.
const (
	keyPathSlash = 1 // "/": it ends a run of bytes kept as they are only after a "/"
	keyPathStop  = 2 // "%" and the upper-case ASCII letters: they end a run
)

// keyPathClass is the class of each byte for appendKeyPath's runs, 0 for
// a byte it copies as it is.
var keyPathClass = func() (t [256]uint8) {
	t['/'] = keyPathSlash
	t['%'] = keyPathStop
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = keyPathStop
	}
	return t
}()

// keyPathRunEnd returns the end of the run of path from i that
// appendKeyPath copies as it is: the first "%", upper-case letter, or "/"
// after a "/" (the one at 0 excepted), or len(path). It reads eight bytes
// at a time while they are ASCII, as a serialized path is (a test of the
// bytes' ranges on the word, carries kept within each byte), then one
// load of keyPathClass a byte.
func keyPathRunEnd(path string, i int) int {
	const ones = 0x0101010101010101
	const highs = 0x80 * ones
	carry := uint64(0) // 0x80 when the byte before the word is a "/"
	if i > 0 && path[i-1] == '/' {
		carry = 0x80
	}
	for i+8 <= len(path) {
		x := urlchars.Word8(path[i:])
		if x&highs != 0 {
			break
		}
		// Each byte b < 0x80: b+0x3f sets its top bit when b >= 'A',
		// b+0x25 when b > 'Z'; (b^c)+0x7f when b != c.
		upper := (x + (0x80-'A')*ones) &^ (x + (0x80-'Z'-1)*ones)
		pct := ^((x ^ '%'*ones) + 0x7f*ones)
		slash := ^((x ^ '/'*ones) + 0x7f*ones) & highs
		if stop := (upper | pct | slash&(slash<<8|carry)) & highs; stop != 0 {
			return i + bits.TrailingZeros64(stop)>>3
		}
		carry = slash >> 56
		i += 8
	}
	for ; i < len(path); i++ {
		if k := keyPathClass[path[i]]; k != 0 && (k == keyPathStop || i > 0 && path[i-1] == '/') {
			break
		}
	}
	return i
}

// appendKeyQuery appends "?" and the query's non-empty parameters sorted
// in byte order, or nothing when there are none.
func appendKeyQuery(dst []byte, query string) []byte {
	var stack [16]string
	params := stack[:0]
	if len(query) >= 2*len(stack) { // room for more than len(stack) parameters
		if n := strings.Count(query, "&") + 1; n > len(stack) {
			params = make([]string, 0, n)
		}
	}
	for p := range strings.SplitSeq(query, "&") {
		if p != "" {
			params = append(params, p)
		}
	}
	if len(params) == 0 {
		return dst
	}
	slices.Sort(params)
	for i, p := range params {
		if i == 0 {
			dst = append(dst, '?')
		} else {
			dst = append(dst, '&')
		}
		dst = append(dst, p...)
	}
	return dst
}

// isDefaultDocument reports whether a path segment is, ignoring ASCII
// case, a default document that servers give for the directory. (KeyV1's
// segments are lowercase here; a handle that keeps its case need not be.)
func isDefaultDocument(seg []byte) bool {
	if len(seg) < len("index.htm") || len(seg) > len("default.aspx") {
		return false
	}
	var buf [len("default.aspx")]byte
	for i, c := range seg {
		buf[i] = lower(c)
	}
	switch string(buf[:len(seg)]) {
	case "index.html", "index.htm", "index.php", "index.asp", "index.aspx",
		"default.htm", "default.html", "default.asp", "default.aspx":
		return true
	}
	return false
}

// isUnreserved reports whether c is an unreserved character of RFC 3986.
func isUnreserved(c byte) bool { return urlchars.IsUnreserved(c) }

// trimRootDots returns host without its trailing dots, at the cost of one
// comparison for the host that has none.
func trimRootDots(host string) string {
	if host != "" && host[len(host)-1] == '.' {
		return strings.TrimRight(host, ".")
	}
	return host
}

// appendKeyQueryOf appends the key form of the canonical form's query
// (the tracking parameters are gone from it), or nothing.
func appendKeyQueryOf(dst []byte, a *Address) []byte {
	if q, ok := a.canonicalQuery(); ok {
		dst = appendKeyQuery(dst, q)
	}
	return dst
}
