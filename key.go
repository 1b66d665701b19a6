// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bytes"
	"slices"
	"strings"
)

// KeyVersion names a comparison-key algorithm. A published version never
// changes its output: systems store keys for years, so a new rule comes as
// a new KeyVersion. testdata/key_v1.golden freezes KeyV1.
type KeyVersion uint8

// KeyV1 is the first comparison key: two addresses of the same page of the same organization get one
// key. Its shape is [scheme ":" ["//"]] host [":" port] path ["?" query]:
//
//   - The scheme is left out for http and https; any other scheme is kept,
//     with "//" when the address has a host.
//   - A domain becomes its registrable domain (the public suffix, private
//     section included, and one label) after its root dot is dropped;
//     a host with no registrable domain (an IP address, an opaque host, a
//     single label, a public suffix itself) is kept whole.
//   - A port other than the scheme's default is kept.
//   - In the path, %XX escapes of unreserved characters (letters, digits,
//     "-._~") are decoded, the hex digits of the others uppercased, and
//     every other ASCII letter lowercased; runs of "/" are collapsed; a
//     last segment that is a default document (index.html, index.htm,
//     index.php, index.asp, index.aspx, default.htm, default.html,
//     default.asp, default.aspx) is dropped, and then a trailing "/".
//   - The query's parameters, without tracking parameters and empty ones,
//     are sorted in byte order and joined by "&".
//   - Credentials and the fragment are not part of the key.
//   - An address with an opaque path (mailto:, tel:) has the key scheme
//     ":" and the opaque path, lowercased.
const KeyV1 KeyVersion = 1

// IsValid reports whether v is a key version this package knows.
func (v KeyVersion) IsValid() bool { return v == KeyV1 }

// String returns "KeyV1" for KeyV1.
func (v KeyVersion) String() string {
	if v == KeyV1 {
		return "KeyV1"
	}
	return "KeyVersion(" + itoa(uint32(v)) + ")"
}

// Key returns a's comparison key of version v, or "" for the zero Address
// or a version this package does not know.
func (a Address) Key(v KeyVersion) string {
	// Room for the key at once: it is rarely longer than the href.
	return string(a.AppendKey(make([]byte, 0, len(a.url.Href())+8), v))
}

// AppendKey appends a's comparison key of version v to dst and returns the
// result; it appends nothing for the zero Address or an unknown version.
// Callers who key millions of addresses can reuse dst.
func (a Address) AppendKey(dst []byte, v KeyVersion) []byte {
	if v != KeyV1 || !a.IsValid() {
		return dst
	}
	u := a.url
	scheme := u.Scheme()
	if u.HasOpaquePath() {
		dst = append(dst, scheme...)
		dst = append(dst, ':')
		return appendLower(dst, u.Pathname())
	}
	if !u.isHTTP() {
		dst = append(dst, scheme...)
		dst = append(dst, ':')
		if u.HostKind() != NoHost {
			dst = append(dst, '/', '/')
		}
	}
	host := u.Hostname()
	if u.HostKind() == DomainHost {
		host = strings.TrimSuffix(host, ".")
		if reg := publicSuffixOf(host).registrable; reg != "" {
			host = reg
		}
	}
	dst = append(dst, host...)
	if port := u.Port(); port != "" {
		dst = append(dst, ':')
		dst = append(dst, port...)
	}
	dst = appendKeyPath(dst, u.Pathname())
	// The canonical form's query: the tracking parameters are gone.
	if q, ok := a.canonicalQuery(); ok {
		dst = appendKeyQuery(dst, q)
	}
	return dst
}

// appendKeyPath appends the key form of a serialized path.
func appendKeyPath(dst []byte, path string) []byte {
	start := len(dst)
	for i := 0; i < len(path); i++ {
		// Copy the run of bytes that stay as they are at once.
		run := i
		for i < len(path) && path[i] != '%' && path[i] != '/' && path[i]-'A' > 'Z'-'A' {
			i++
		}
		dst = append(dst, path[run:i]...)
		if i == len(path) {
			break
		}
		c := path[i]
		switch {
		case c == '%' && i+2 < len(path) && isHex(path[i+1]) && isHex(path[i+2]):
			b := unhex(path[i+1])<<4 | unhex(path[i+2])
			if isUnreserved(b) {
				dst = append(dst, lower(b))
			} else {
				dst = append(dst, '%', upper(path[i+1]), upper(path[i+2]))
			}
			i += 2
		case c == '/' && len(dst) > start && dst[len(dst)-1] == '/':
			// A run of "/" counts as one.
		default:
			dst = append(dst, lower(c))
		}
	}
	if j := bytes.LastIndexByte(dst[start:], '/'); j >= 0 && isDefaultDocument(dst[start+j+1:]) {
		dst = dst[:start+j+1]
	}
	if len(dst) > start && dst[len(dst)-1] == '/' {
		dst = dst[:len(dst)-1]
	}
	return dst
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

// isDefaultDocument reports whether a lowercase path segment is a default
// document that servers give for the directory.
func isDefaultDocument(seg []byte) bool {
	switch string(seg) {
	case "index.html", "index.htm", "index.php", "index.asp", "index.aspx",
		"default.htm", "default.html", "default.asp", "default.aspx":
		return true
	}
	return false
}

// isUnreserved reports whether c is an unreserved character of RFC 3986:
// an ASCII letter or digit, "-", ".", "_" or "~".
func isUnreserved(c byte) bool {
	return isAlpha(c) || isDigit(c) || c == '-' || c == '.' || c == '_' || c == '~'
}
