// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
	"strings"
	"unicode/utf8"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/urlchars"
)

// This file repairs misspelled schemes and "www," (step 9 of [Tidy]).

// schemePrefix is what is written before the host of a text that starts
// with http, https or one of the scheme typos (cellData).
type schemePrefix struct {
	scheme string // "http" or "https"
	end    int    // where the host starts
	// good reports whether the prefix is one the URL Standard reads as
	// written: http or https, one ":", then any slashes.
	good    bool
	slashes int
	glued   bool // letters glued before http or https ("hohttp")
}

// parseSchemePrefix reads the scheme prefix of text: http, https or a
// misspelling of them; then ":", ";", "::", "." or "," (or nothing); then
// slashes or backslashes. A misspelling is one of the scheme typos, or 1 to 4
// letters glued before http or https followed by "://" ("hohttp://").
// ok is false when text does not start with one that Tidy reads as a
// scheme (step 9 of Tidy), or nothing but a letter or digit follows it.
func parseSchemePrefix(text string) (p schemePrefix, ok bool) {
	if text == "" || text[0]|0x20 != 'h' && text[0]|0x20 != 't' && !gluedHTTP(text) {
		return p, false // http, https and the scheme typos start with "h" or "t"
	}
	i := 0
	for i < len(text) && i < 9 && urlchars.IsAlpha(text[i]) {
		i++
	}
	if i < 2 || i == len(text) || asciiAlnum(text[i]) {
		return p, false
	}
	var name [9]byte
	for k := 0; k < i; k++ {
		name[k] = text[k] | 0x20
	}
	switch n := string(name[:i]); {
	case n == "http":
		p.scheme, p.good = "http", true
	case n == "https":
		p.scheme, p.good = "https", true
	case i <= maxSchemeTypo && cellData().schemeTypos[n] != "":
		p.scheme = cellData().schemeTypos[n]
	case i >= 5 && i <= 8 && strings.HasSuffix(n, "http"):
		p.scheme, p.glued = "http", true
	case i >= 6 && strings.HasSuffix(n, "https"):
		p.scheme, p.glued = "https", true
	default:
		return p, false
	}
	j := i
	for j < len(text) && (text[j] == ':' || text[j] == ';' || text[j] == '.' || text[j] == ',') {
		j++
	}
	k := j
	for k < len(text) && (text[k] == '/' || text[k] == '\\') {
		k++
	}
	p.end, p.slashes = k, k-j
	if k == len(text) || !(asciiAlnum(text[k]) || text[k] >= utf8.RuneSelf || text[k] == '[') {
		return p, false
	}
	if p.glued {
		// Only "hohttp://": glued letters and a scheme typo besides would
		// be a guess.
		return p, text[i:j] == ":" && p.slashes == 2 && text[j] == '/'
	}
	switch sep := text[i:j]; {
	case sep == ":":
		// "http:/x" and "http:\\x" are the Standard's; "htp:x" is not
		// read as a scheme.
		return p, p.good || p.slashes > 0
	case sep == "":
		p.good = false
		return p, p.slashes > 0
	case strings.Trim(sep, ":;") == "":
		// "http;//", "https:://", as Chromium reads a ";" after a
		// scheme; "http::b@host" is the Standard's (an empty user name).
		p.good = false
		return p, p.slashes > 0
	case sep == "." || sep == ",":
		p.good = false
		return p, p.slashes >= 2
	}
	return p, false
}

// gluedHTTP reports whether text starts with 1 to 4 ASCII letters then
// "http" (in any case): a scheme typo glued to more letters, perhaps.
func gluedHTTP(text string) bool {
	for n := 1; n <= 4 && n+4 <= len(text) && urlchars.IsAlpha(text[n-1]); n++ {
		if foldPrefix(text[n:], "http") {
			return true
		}
	}
	return false
}

// repairTypos applies step 9 of Tidy and reports whether it changed the
// text. Its time is linear in the length of the text.
func (s *tidyState) repairTypos() bool {
	text := s.text
	var p schemePrefix
	ok := false
	for {
		if strings.HasPrefix(text, ":/") {
			// "://acme.com": a scheme separator with no scheme.
			text = strings.TrimLeft(text[1:], "/\\")
			continue
		}
		if p, ok = parseSchemePrefix(text); !ok {
			break
		}
		q, ok := parseSchemePrefix(text[p.end:])
		if !ok || q.slashes == 0 || p.slashes == 0 {
			break
		}
		// A doubled scheme: "http://http://acme.com".
		text = text[p.end:]
	}
	host := 0
	if ok {
		host = p.end
	}
	if rest := text[host:]; foldPrefix(rest, "www,") && len(rest) > 4 && asciiAlnum(rest[4]) {
		text = text[:host+3] + "." + rest[4:] // as long as before
	} else if foldPrefix(rest, "www..") && len(rest) > 5 && asciiAlnum(rest[5]) {
		text = text[:host+4] + rest[5:] // "www..acme.com": an empty label
	}
	if ok && !p.good {
		text = p.scheme + "://" + text[p.end:]
	}
	if text == s.text {
		return false
	}
	s.rewrite(text)
	s.facts |= webaddress.FactTypoRepaired
	return true
}
