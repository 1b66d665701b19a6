// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
	"math/bits"
	"net/netip"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/onecontact/webaddress/internal/urlchars"
)

// This file splits a cell that holds several addresses (step 8 of [Tidy])
// and tells whether a part looks like an address.

// splitAddresses returns the parts of a text that holds several addresses
// (step 8 of Tidy) and the offset of the first separator, or nil. It
// allocates only for a text that holds several.
func splitAddresses(text string) (parts []string, at int) {
	if !hasAddressSeparator(text) {
		return nil, 0
	}
	// The parts are looked at in two passes: the first, which allocates
	// nothing, finds most texts of one address (a space in a fragment);
	// the second looks the top-level domains up.
	n := 0
	for start, end := nextPart(text, 0); start < len(text); start, end = nextPart(text, end) {
		if !looksLikeAddress(text[start:end], false) {
			return nil, 0
		}
		if n++; n == 2 {
			at = strings.IndexFunc(text[:start], isAddressSeparator)
		}
	}
	if n < 2 {
		return nil, 0
	}
	for start, end := nextPart(text, 0); start < len(text); start, end = nextPart(text, end) {
		if !looksLikeAddress(text[start:end], true) {
			return nil, 0
		}
	}
	parts = make([]string, 0, n)
	for start, end := nextPart(text, 0); start < len(text); start, end = nextPart(text, end) {
		parts = append(parts, text[start:end])
	}
	return parts, at
}

// nextPart returns the bounds of the next part of text from byte i on;
// start is len(text) when there is none. Separators are runs of
// isAddressSeparator and parts with no letter or digit ("/", "-", "&").
func nextPart(text string, i int) (start, end int) {
	for i < len(text) {
		j := strings.IndexFunc(text[i:], func(r rune) bool { return !isAddressSeparator(r) })
		if j < 0 {
			break
		}
		start = i + j
		end = strings.IndexFunc(text[start:], isAddressSeparator)
		if end < 0 {
			end = len(text)
		} else {
			end += start
		}
		if hasLetterOrDigit(text[start:end]) {
			return start, end
		}
		i = end
	}
	return len(text), len(text)
}

// partsReason says what the parts of a cell with several addresses are:
// `2 addresses: "acme.com", "globex.com"`, with the first five at most.
func partsReason(parts []string) string {
	b := strconv.AppendInt(nil, int64(len(parts)), 10)
	b = append(b, " addresses: "...)
	for i, p := range parts {
		if i == 5 {
			b = append(b, ", …"...)
			break
		}
		if i > 0 {
			b = append(b, ", "...)
		}
		if len(p) > 100 {
			n := 100
			for !utf8.RuneStart(p[n]) {
				n--
			}
			p = p[:n] + "…"
		}
		b = strconv.AppendQuote(b, p)
	}
	return string(b)
}

// hasAddressSeparator reports whether text has a code point that
// isAddressSeparator accepts.
func hasAddressSeparator(text string) bool {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if !separatorBytes[c] {
			continue
		}
		if c < utf8.RuneSelf {
			return true
		}
		r, n := utf8.DecodeRuneInString(text[i:])
		if unicode.IsSpace(r) {
			return true
		}
		i += n - 1
	}
	return false
}

// separatorBytes are the ASCII bytes of isAddressSeparator, and the bytes
// that start a code point that is not ASCII (which may be white space).
var separatorBytes = func() (t [256]bool) {
	for _, c := range []byte(" \t\n\v\f\r,;|") {
		t[c] = true
	}
	for c := utf8.RuneSelf; c < 256; c++ {
		t[c] = true
	}
	return t
}()

// isAddressSeparator reports whether r separates the addresses of a cell
// that holds several.
func isAddressSeparator(r rune) bool {
	return r == ',' || r == ';' || r == '|' || unicode.IsSpace(r)
}

// looksLikeAddress reports whether a part of a cell is an address: an
// e-mail address, or a host that is an IPv4 address or a domain name
// under a top-level domain of the Public Suffix List, with or without a
// scheme (misspelled ones too) before it and a path after it. Unless
// lookup is true, the top-level domain is not looked up.
func looksLikeAddress(part string, lookup bool) bool {
	part = strings.Trim(part, "\"'`‘’“”«»‹›<>()[]{}.,!?")
	if _, _, _, ok := emailOf(part); ok {
		return true
	}
	host := part
	if p, ok := parseSchemePrefix(part); ok {
		host = part[p.end:]
	} else if i := strings.Index(part, "://"); i >= 0 {
		host = part[i+3:]
	}
	if i := strings.IndexAny(host, "/?#:\\"); i >= 0 {
		host = host[:i]
	}
	if !isDomainName(host) {
		return false
	}
	if !lookup {
		return true
	}
	if strings.Trim(host, "0123456789.") == "" {
		_, err := netip.ParseAddr(host)
		return err == nil
	}
	host = strings.ToLower(host)
	if !urlchars.IsASCII(host[strings.LastIndexByte(host, '.')+1:]) {
		return true
	}
	return hasListedTLD(host)
}

// hostOf returns the host of text as written: after "http://" or
// "https://" (or nothing), up to the port, path, query or fragment, and
// after the user info; "" when text has another scheme. The rest of text,
// from the port or path on, is returned too.
func hostOf(text string) (host, rest string) {
	s := text
	switch {
	case foldPrefix(s, "https://"):
		s = s[8:]
	case foldPrefix(s, "http://"):
		s = s[7:]
	case strings.HasPrefix(s, "//"):
		s = s[2:]
	default:
		if i := strings.Index(s, "://"); i >= 0 && strings.IndexByte(s[:i], '/') < 0 {
			return "", ""
		}
	}
	end, at := hostEnd(s)
	host, rest = s[at+1:end], s[end:]
	return strings.TrimSuffix(host, "."), rest
}

// hostEnd returns the end of the host that s starts with (the first byte
// of hostEnds, or len(s)) and the last "@" before it (-1 when none). It
// reads eight bytes at a time (each of the bytes sought found in the word
// at once, exactly: no carry crosses a byte), then a byte at a time.
// TestHostEnd checks it against the byte loop.
func hostEnd(s string) (end, at int) {
	at = -1
	for ; end+8 <= len(s); end += 8 {
		x := urlchars.Word8(s[end:])
		stop := wordBytes(x, '/') | wordBytes(x, '?') | wordBytes(x, '#') | wordBytes(x, ':') |
			wordBytes(x, '\\') | wordBytes(x, ' ')
		ats := wordBytes(x, '@')
		if stop != 0 {
			n := bits.TrailingZeros64(stop) >> 3
			if ats &= 1<<(8*n) - 1; ats != 0 {
				at = end + (63-bits.LeadingZeros64(ats))>>3
			}
			return end + n, at
		}
		if ats != 0 {
			at = end + (63-bits.LeadingZeros64(ats))>>3
		}
	}
	for ; end < len(s) && !hostEnds[s[end]]; end++ {
		if s[end] == '@' {
			at = end
		}
	}
	return end, at
}

// wordBytes returns the high bit of each byte of x that is c.
func wordBytes(x uint64, c byte) uint64 {
	const lows = 0x7f * 0x0101010101010101
	v := x ^ uint64(c)*0x0101010101010101
	return ^((v&lows + lows) | v | lows)
}

// hostEnds are the bytes that end a host for hostOf.
var hostEnds = [256]bool{'/': true, '?': true, '#': true, ':': true, '\\': true, ' ': true}

// lowerHost writes host in lowercase into buf and returns it, or returns
// host itself when it has no uppercase letter; false when it does not
// fit.
func lowerHost(buf []byte, host string) ([]byte, bool) {
	if len(host) > cap(buf) {
		return nil, false
	}
	b := buf[:len(host)]
	for i := 0; i < len(host); i++ {
		c := host[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b[i] = c
	}
	return b, true
}
