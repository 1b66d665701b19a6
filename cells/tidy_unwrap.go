// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
	"bytes"
	"encoding/base64"
	"html"
	"strings"
	"unicode/utf8"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/urlchars"
	"golang.org/x/net/publicsuffix"
)

// This file undoes wrapped links (step 6 of Tidy): the link wrappers of
// link_wrappers.txt (cellData), offline and deterministically.

// unwrapLink returns the target of text when text is a wrapped link.
// found reports whether text is a link of a wrapper; ok, whether its
// target could be read, and is an http, https or mailto URL, or an
// address with no scheme ("acme.com/x", as LinkedIn writes some).
func unwrapLink(text string) (target string, found, ok bool) {
	host, rest := hostOf(text)
	return unwrapHostLink(linkHostOf(host, rest), rest)
}

// unwrapHostLink is unwrapLink for a link whose host is lh, with rest
// after the host.
func unwrapHostLink(lh linkHost, rest string) (target string, found, ok bool) {
	w := lh.wrapper
	if w == nil {
		return "", false, false
	}
	if rest != "" && rest[0] == ':' { // a port
		i := strings.IndexAny(rest, "/?#")
		if i < 0 {
			i = len(rest)
		}
		rest = rest[i:]
	}
	switch w.kind {
	case wrapProofpoint:
		target, found, ok = unwrapProofpoint(rest)
	default:
		target, found, ok = unwrapParam(w, rest)
	}
	if !found {
		return "", false, false // another page of the wrapper's site
	}
	target = strings.TrimSpace(target)
	if !ok || !(foldPrefix(target, "http://") || foldPrefix(target, "https://") || foldPrefix(target, "mailto:") ||
		strings.IndexAny(target, " \t\r\n") < 0 && looksLikeAddress(target, true)) {
		return "", true, false
	}
	return target, true, true
}

// linkHost is what Tidy knows of the host of a link: the wrapper whose
// links it serves, or that its links are opaque redirects.
type linkHost struct {
	wrapper *linkWrapper
	opaque  bool
}

// linkHostOf returns what Tidy knows of host; rest is the link after the
// host.
func linkHostOf(host, rest string) linkHost {
	if strings.IndexByte(host, '.') < 0 {
		return linkHost{}
	}
	var buf [128]byte
	h, ok := lowerHost(buf[:len(buf)-1], host)
	if !ok {
		return linkHost{}
	}
	c := cellData()
	if e, ok := c.linkHosts[string(h)]; ok {
		return e
	}
	// A subdomain of a domain whose subdomains are a wrapper's: its parent
	// with a "." after it, as linkHosts has it. Those parents have
	// three labels.
	if bytes.Count(h, []byte{'.'}) >= 3 {
		i := bytes.IndexByte(h, '.')
		if e := c.linkHosts[string(append(h[i+1:], '.'))]; e.wrapper != nil {
			return e
		}
	}
	// Mimecast URL Protect: protect-<region>.mimecast.com.
	const mimecast = ".mimecast.com"
	if len(h) > len(mimecast) && string(h[len(h)-len(mimecast):]) == mimecast && string(h[:7]) == "protect" {
		return linkHost{opaque: true}
	}
	// A name and any public suffix (google.<suffix>), with or without
	// "www.".
	if len(h) > 4 && string(h[:4]) == "www." {
		h = h[4:]
	}
	for _, sw := range c.suffixWrappers {
		if len(h) <= len(sw.prefix) || string(h[:len(sw.prefix)]) != sw.prefix || !hasPathPrefix(rest, sw.wrapper.paths) {
			continue
		}
		suffix := string(h[len(sw.prefix):]) // only for such a wrapper's links
		if ps, icann := publicsuffix.PublicSuffix(suffix); icann && ps == suffix {
			return linkHost{wrapper: sw.wrapper}
		}
	}
	return linkHost{}
}

// hasPathPrefix reports whether rest starts with one of paths, ignoring
// ASCII case, or paths is empty: a cheap test before a look-up.
func hasPathPrefix(rest string, paths []string) bool {
	for _, p := range paths {
		if foldPrefix(rest, p) {
			return true
		}
	}
	return len(paths) == 0
}

// unwrapParam returns the target of a wrapper that carries it in a query
// parameter; rest is the link from its path on. found reports whether the
// path is one of the wrapper's.
func unwrapParam(w *linkWrapper, rest string) (target string, found, ok bool) {
	path, query := rest, ""
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		path = rest[:i]
		if rest[i] == '?' {
			query = rest[i+1:]
			if j := strings.IndexByte(query, '#'); j >= 0 {
				query = query[:j]
			}
		}
	}
	if path == "" {
		path = "/"
	}
	if w.paths != nil {
		found := false
		for _, p := range w.paths {
			if strings.EqualFold(path, p) {
				found = true
				break
			}
		}
		if !found {
			return "", false, false
		}
	}
	params := webaddress.ParseSearchParams(query)
	for _, name := range w.params {
		v, ok := params.Get(name)
		if !ok || v == "" {
			continue
		}
		if w.kind == wrapBase64Param {
			v, ok = decodeBase64Target(v)
			return v, true, ok
		}
		return v, true, true
	}
	return "", true, false
}

// decodeBase64Target decodes a target written in base64, with or without
// padding, in the standard or the URL alphabet. A "+" that the query's
// form decoding turned into a space is put back.
func decodeBase64Target(v string) (string, bool) {
	v = strings.ReplaceAll(v, " ", "+")
	v = strings.NewReplacer("-", "+", "_", "/").Replace(strings.TrimRight(v, "="))
	b, err := base64.RawStdEncoding.DecodeString(v)
	if err != nil || !utf8.Valid(b) {
		return "", false
	}
	return string(b), true
}

// unwrapProofpoint returns the target of a Proofpoint URL Defense link;
// rest is the link from its path on. It follows the vendor's decoder,
// URLDefenseDecode.py 3.0.1:
//
//   - v1 (/v1/url?u=<URL>&k=…): the value of u up to "&k=", percent-decoded,
//     then with its HTML character references decoded.
//   - v2 (/v2/url?u=<URL>&d=…&c=…): the value of u up to the first "&d=" or
//     "&c=", with "-" read as "%" and "_" as "/", then percent-decoded and
//     HTML-decoded as in v1.
//   - v3 (/v3/__<URL>__;<bytes>!<signature>$): the URL up to the first
//     "__;" is percent-decoded; <bytes>, up to the first "!", is base64url
//     (padding optional) of UTF-8 text; then, from left to right, each "*"
//     in the URL takes the next character of that text, and each "**"
//     followed by a character X takes the next n characters, where X is
//     the n-2nd character of "A…Za…z0…9-_" (so "**A" is 2 characters,
//     "**_" 65).
//
// The separators may also be written "&amp;" (a link copied out of
// HTML). Where the vendor's decoder would fail (no "&k=" for v1, a "*"
// with no character left, an unknown run letter), v1 takes u to the end of
// the query and the others fail; the vendor's decoder cuts a run short at
// the end of the text, where this one fails rather than guess.
func unwrapProofpoint(rest string) (target string, found, ok bool) {
	switch {
	case foldPrefix(rest, "/v1/"), foldPrefix(rest, "/v2/"):
		v2 := rest[2] == '2'
		i := strings.IndexByte(rest, '?')
		if i < 0 {
			return "", true, false
		}
		query := rest[i+1:]
		u := -1
		switch {
		case strings.HasPrefix(query, "u="):
			u = len("u=")
		case strings.Contains(query, "&u="):
			u = strings.Index(query, "&u=") + len("&u=")
		case strings.Contains(query, "&amp;u="):
			u = strings.Index(query, "&amp;u=") + len("&amp;u=")
		default:
			return "", true, false
		}
		value := query[u:]
		end := -1
		ends := []string{"&k=", "&amp;k="}
		if v2 {
			ends = []string{"&d=", "&c=", "&amp;d=", "&amp;c="}
		}
		for _, e := range ends {
			if j := strings.Index(value, e); j >= 0 && (end < 0 || j < end) {
				end = j
			}
		}
		switch {
		case end >= 0:
			value = value[:end]
		case v2:
			return "", true, false
		}
		if v2 {
			value = strings.NewReplacer("-", "%", "_", "/").Replace(value)
		}
		return html.UnescapeString(percentDecodeUTF8(value)), true, true
	case foldPrefix(rest, "/v3/__"):
		target, ok = decodeProofpointV3(rest[len("/v3/__"):])
		return target, true, ok
	}
	return "", false, false
}

// proofpointRuns maps a run letter of a v3 link to its length.
const proofpointRuns = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// decodeProofpointV3 decodes the part of a v3 link after "/v3/__".
func decodeProofpointV3(s string) (string, bool) {
	i := strings.Index(s[min(1, len(s)):], "__;") // the URL has at least one character
	if i < 0 {
		return "", false
	}
	i++
	enc := s[i+3:]
	j := strings.IndexByte(enc, '!')
	if j < 0 {
		return "", false
	}
	url := percentDecodeUTF8(s[:i])
	// As Python's urlsafe_b64decode: "+" and "/" are read as "-" and "_",
	// and padding is optional.
	enc = strings.NewReplacer("+", "-", "/", "_").Replace(strings.TrimRight(enc[:j], "="))
	b, err := base64.RawURLEncoding.DecodeString(enc)
	if err != nil || !utf8.Valid(b) {
		return "", false
	}
	chars := string(b)
	var out strings.Builder
	out.Grow(len(url) + len(chars))
	for k := 0; k < len(url); k++ {
		if url[k] != '*' {
			out.WriteByte(url[k])
			continue
		}
		n := 1
		if k+2 < len(url) && url[k+1] == '*' {
			n = strings.IndexByte(proofpointRuns, url[k+2]) + 2
			if n < 2 {
				return "", false
			}
			k += 2
		}
		for ; n > 0; n-- {
			if chars == "" {
				return "", false
			}
			_, size := utf8.DecodeRuneInString(chars)
			out.WriteString(chars[:size])
			chars = chars[size:]
		}
	}
	return out.String(), true
}

// percentDecodeUTF8 percent-decodes s and replaces what is then not UTF-8
// with U+FFFD, as Python's urllib.parse.unquote does.
func percentDecodeUTF8(s string) string {
	return strings.ToValidUTF8(string(urlchars.AppendDecoded(nil, s)), "\uFFFD")
}
