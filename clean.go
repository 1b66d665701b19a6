// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/publicsuffix"
)

// This file holds the cleaner: R's safe_parse_url (the help page of
// safe_parse_url in the R package rurl, version 1.4,
// https://github.com/bart-turczynski/rurl) on top of the URL Standard's
// parser, and its outputs. clean_options.go holds its options, and
// cleaner.go the memoizing Cleaner.

// Status is the outcome of [Clean], R's parse_status.
type Status string

// The values of [Cleaned.Status]: the first that applies.
const (
	// StatusError: the input could not be cleaned; Clean returned an
	// error.
	StatusError Status = "error"
	// StatusOK: the host is an IP address, or a domain under a TLD of the
	// list and not itself a public suffix.
	StatusOK Status = "ok"
	// StatusNoTLD: the host has no dot ("localhost").
	StatusNoTLD Status = "warning-no-tld"
	// StatusInvalidTLD: no rule of the TLDSource matches the host
	// ("example.invalid", or "example.com" under TLDPrivate).
	StatusInvalidTLD Status = "warning-invalid-tld"
	// StatusPublicSuffix: the host is itself a public suffix ("co.uk").
	StatusPublicSuffix Status = "warning-public-suffix"
	// StatusOKFTP: ok, with scheme ftp or ftps.
	StatusOKFTP Status = "ok-ftp"
	// StatusOKSchemeRelative: ok, for a "//host" input under
	// SchemeRelativeKeep, which leaves Scheme empty.
	StatusOKSchemeRelative Status = "ok-scheme-relative"
)

// Cleaned is the result of [Clean]: the components of R's safe_parse_url
// value, with R's NA as "". Its JSON field names are R's.
type Cleaned struct {
	Original string `json:"original_url"` // the input as given
	Scheme   string `json:"scheme"`       // "http", "https", "ftp", "ftps", or "" when there is none
	Host     string `json:"host"`         // after the WWW and subdomain steps, HostEncoding and Case
	Port     string `json:"port"`         // as written, even the scheme's default port, which the Standard drops
	Path     string `json:"path"`         // after the path options and Case
	Query    string `json:"query"`        // without "?"
	Fragment string `json:"fragment"`     // without "#"
	User     string `json:"user"`         // percent-encoded, as the Standard serializes it
	Password string `json:"password"`     // percent-encoded, as the Standard serializes it
	Domain   string `json:"domain"`       // the registrable domain under TLDSource, lowercase; "" for an IP host
	TLD      string `json:"tld"`          // the public suffix under TLDSource, lowercase; "" for an IP host
	IsIPHost bool   `json:"is_ip_host"`   // the host is an IPv4 or IPv6 address ("[::1]", in brackets)
	CleanURL string `json:"clean_url"`    // scheme "://" host path, or host path when there is no scheme
	Status   Status `json:"parse_status"`

	// Err is the error Clean returned with it: nil unless Status is
	// StatusError. [Cleaner.CleanAll] gives it here.
	Err error `json:"-"`
}

// Clean parses input as R's safe_parse_url does, with the URL Standard's
// parser, and applies opts as that function's help page (R package rurl,
// version 1.4) describes its arguments. White space around
// input is trimmed. A failure is returned both as a *[Error] and in
// a Cleaned with Status StatusError and only Original set; an input of
// any other scheme than http, https, ftp and ftps, or empty, is one.
//
// A "host:port" input has no scheme; "//host" input is scheme-relative.
// The steps run in this order: scheme, WWW, SubdomainLevelsToKeep, the TLD
// and domain (and so Status) of the host that results, HostEncoding, then
// PathNormalization, IndexPage, TrailingSlash, PathEncoding on the path,
// and Case on scheme, host and path last.
//
// Where curl, which R's rurl parses with, and the URL Standard disagree,
// Clean follows the Standard: the host is lowercased, mapped through
// UTS #46 and written in ASCII (see [CaseKeep] and [HostEncodingKeep]);
// dot segments, "%2e" ones too, are removed (see [PathNormalization]);
// a backslash counts as "/"; tabs and newlines are dropped; IPv4 hosts
// written in short or hex forms ("0x7f.1") are written in dotted decimal
// and IPv6 hosts compressed; spaces and other code points of the path,
// query and credentials are percent-encoded; and ftps, which the Standard
// does not know as special, is read as ftp is.
func Clean(input string, opts CleanOptions) (Cleaned, error) {
	if err := opts.Validate(); err != nil {
		return Cleaned{Original: input, Status: StatusError, Err: err}, err
	}
	return opts.clean(input)
}

// clean is Clean with options known to be valid.
func (o *CleanOptions) clean(input string) (Cleaned, error) {
	fail := func(err *Error) (Cleaned, error) {
		err.Input = input
		return Cleaned{Original: input, Status: StatusError, Err: err}, err
	}
	t, err := readTyped(input)
	if err != nil {
		return fail(err)
	}
	text, lead := t.text, t.lead
	if text == "" {
		return fail(&Error{Reason: "the input is empty or white space", code: CodeEmptyInput})
	}

	// The scheme: scheme is the result's, assume the one the parser reads
	// text[from:] with ("" when it reads the text as written).
	var scheme, assume string
	from, relative := 0, false
	switch {
	case schemeWritten(text):
		written, colon, _, _ := leadingScheme(text)
		switch written {
		case "http", "https", "ftp":
			scheme = written
		case "ftps":
			scheme, assume, from = written, "ftp", colon+1
		default:
			if o.Protocol == ProtocolKeep || o.Protocol == ProtocolNone {
				reason := "scheme " + strconv.Quote(written) + " is not http, https, ftp or ftps"
				return fail(&Error{Offset: lead, Reason: reason, code: CodeUnsupportedScheme})
			}
			assume, from = "http", colon+1
		}
	case strings.HasPrefix(text, "//"):
		switch o.SchemeRelative {
		case SchemeRelativeKeep:
			assume, relative = "http", true
		case SchemeRelativeHTTP:
			scheme, assume = "http", "http"
		case SchemeRelativeHTTPS:
			scheme, assume = "https", "https"
		default:
			reason := `the input is scheme-relative and scheme_relative_handling is "error"`
			return fail(&Error{Offset: lead, Reason: reason, code: CodeSchemeRelative})
		}
	default:
		switch o.Protocol {
		case ProtocolKeep, ProtocolHTTP:
			scheme = "http"
		case ProtocolHTTPS:
			scheme = "https"
		}
		assume = scheme
		if assume == "" {
			assume = "http"
		}
	}
	switch o.Protocol {
	case ProtocolStrip:
		scheme = ""
	case ProtocolHTTP:
		scheme = "http"
	case ProtocolHTTPS:
		scheme = "https"
	}

	var r parsed
	if _, err := t.parse(&r, from, assume, false); err != nil {
		return fail(err)
	}
	u := r.url

	c := Cleaned{
		Original: input,
		Scheme:   scheme,
		Port:     u.Port(),
		User:     u.Username(),
		Password: u.Password(),
	}
	c.Query, _ = u.Query()
	c.Fragment, _ = u.Fragment()
	if c.Port == "" && r.fields.Port.Start < r.fields.Port.End {
		// A default port, which the Standard leaves out; R gives it.
		c.Port = strconv.Itoa(u.schemeType().defaultPort())
	}

	host := u.Hostname()
	switch u.HostKind() {
	case IPv4Host, IPv6Host:
		c.IsIPHost = true
	case DomainHost:
		host = o.applyWWW(host)
		if o.SubdomainLevelsToKeep != nil {
			host = o.keepSubdomains(host, *o.SubdomainLevelsToKeep)
		}
	}
	name := strings.TrimSuffix(host, ".") // without the root dot
	if u.HostKind() == DomainHost {
		c.TLD = suffixUnder(name, o.TLDSource)
		c.Domain = registrable(name, c.TLD)
	}
	switch {
	case c.IsIPHost:
		c.Status = StatusOK
	case !strings.Contains(name, "."):
		c.Status = StatusNoTLD
	case c.TLD == "":
		c.Status = StatusInvalidTLD
	case c.TLD == name:
		c.Status = StatusPublicSuffix
	default:
		c.Status = StatusOK
	}
	if c.Status == StatusOK {
		if scheme == "ftp" || scheme == "ftps" {
			c.Status = StatusOKFTP
		} else if relative && scheme == "" {
			c.Status = StatusOKSchemeRelative
		}
	}
	if o.HostEncoding == HostEncodingUnicode && strings.Contains(host, "xn--") {
		host, c.Domain, c.TLD = toUnicode(host), toUnicode(c.Domain), toUnicode(c.TLD)
	}

	path := o.cleanPath(u.Pathname())
	if o.Case == CaseUpper { // the scheme and host are lowercase already
		scheme, host = strings.ToUpper(scheme), strings.ToUpper(host)
	}
	c.Scheme, c.Host, c.Path = scheme, host, path

	if o.TrailingSlash == TrailingSlashStrip && path == "/" {
		path = ""
	}
	switch {
	case host == "":
		// R's NA.
	case scheme == u.Scheme() && host == u.Hostname() && path == u.Pathname() &&
		!u.hasUserinfo() && u.Port() == "":
		// The href has no credentials or port: its start is the result.
		c.CleanURL = u.throughPath()
	case scheme == "":
		c.CleanURL = host + path
	default:
		c.CleanURL = scheme + "://" + host + path
	}
	return c, nil
}

// wwwPrefixLen returns the length of host's prefix "www", digits, ".", or
// 0 when it has none. host is lowercase.
func wwwPrefixLen(host string) int {
	if !strings.HasPrefix(host, "www") {
		return 0
	}
	i := 3
	for i < len(host) && isDigit(host[i]) {
		i++
	}
	if i < len(host) && host[i] == '.' {
		return i + 1
	}
	return 0
}

// applyWWW runs the WWW step on a domain.
func (o *CleanOptions) applyWWW(host string) string {
	n := wwwPrefixLen(host)
	switch o.WWW {
	case WWWStrip:
		return host[n:]
	case WWWKeep, WWWIfNoSubdomain:
		if n == len("www.") {
			return host
		}
		if n > 0 {
			return "www." + host[n:]
		}
		name := strings.TrimSuffix(host, ".")
		if o.WWW == WWWKeep || registrable(name, suffixUnder(name, TLDAll)) == name {
			return "www." + host
		}
	}
	return host
}

// keepSubdomains keeps n labels of host before its registrable domain,
// besides a "www." prefix.
func (o *CleanOptions) keepSubdomains(host string, n int) string {
	www := ""
	if strings.HasPrefix(host, "www.") {
		www, host = host[:4], host[4:]
	}
	name := strings.TrimSuffix(host, ".")
	reg := registrable(name, suffixUnder(name, o.TLDSource))
	if reg == "" || reg == name {
		return www + host
	}
	sub := name[:len(name)-len(reg)-1] // the labels before reg
	start := len(sub) + 1              // where the kept labels start
	for range n {
		i := strings.LastIndexByte(sub[:start-1], '.')
		if i < 0 {
			start = 0
			break
		}
		start = i + 1
	}
	kept := reg
	if start < len(sub) {
		kept = sub[start:] + "." + reg
	}
	return www + kept + host[len(name):] // with the root dot, if any
}

// suffixUnder returns domain's public suffix under the rules src names, or
// "" when none of them matches: an unlisted TLD (the implicit "*" rule
// does not count), or, under TLDPrivate, a domain no private rule matches.
// domain is lowercase ASCII without a root dot.
//
// x/net/publicsuffix finds the prevailing rule of the whole list. The
// private rules all lie under an ICANN suffix and have more than one
// label, so a domain's ICANN-only suffix is found by looking its private
// suffix's parent up again.
func suffixUnder(domain string, src TLDSource) string {
	info := publicSuffixOf(domain)
	s, icann := info.suffix, info.icann
	switch {
	case src == TLDPrivate && (icann || !info.listed), src == TLDAll && !info.listed:
		return ""
	case src == TLDICANN:
		for !icann {
			i := strings.IndexByte(s, '.')
			if i < 0 {
				return ""
			}
			s, icann = publicsuffix.PublicSuffix(s[i+1:])
		}
	}
	return s
}

// toUnicode returns an ASCII domain with its Punycode labels in Unicode,
// or the domain itself when it cannot be converted (which does not happen
// to a host the parser wrote).
func toUnicode(domain string) string {
	if s, err := idnaProfile.ToUnicode(domain); err == nil {
		return s
	}
	return domain
}

// cleanPath runs the path options on a serialized path: normalization,
// index page, trailing slash, encoding, and case.
func (o *CleanOptions) cleanPath(p string) string {
	if o.PathNormalization == PathCollapseSlashes || o.PathNormalization == PathNormalizeBoth {
		p = collapseSlashes(p)
	}
	if o.IndexPage == IndexPageStrip {
		i := strings.LastIndexByte(p, '/')
		if seg := p[i+1:]; hasPrefixFold(seg, "index.") || hasPrefixFold(seg, "default.") {
			if p = p[:max(i, 0)]; p == "" {
				p = "/"
			}
		}
	}
	switch o.TrailingSlash {
	case TrailingSlashKeep:
		if !strings.HasSuffix(p, "/") {
			p += "/"
		}
	case TrailingSlashStrip:
		if t := strings.TrimRight(p, "/"); t != "" || p == "" {
			p = t
		} else {
			p = "/"
		}
	}
	switch o.PathEncoding {
	case PathEncodingEncode:
		p = encodeSegments(p)
	case PathEncodingDecode:
		p = decodePrintable(p)
	}
	switch o.Case {
	case CaseLower:
		p = strings.ToLower(p)
	case CaseUpper:
		p = strings.ToUpper(p)
	}
	return p
}

// hasPrefixFold reports whether s starts with the lowercase ASCII prefix,
// ignoring ASCII case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// collapseSlashes returns p with each run of "/" made one "/".
func collapseSlashes(p string) string {
	if !strings.Contains(p, "//") {
		return p
	}
	b := make([]byte, 0, len(p))
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && len(b) > 0 && b[len(b)-1] == '/' {
			continue
		}
		b = append(b, p[i])
	}
	return string(b)
}

// encodeSegments percent-decodes each segment of p and encodes it again,
// every byte but an unreserved character as %XX.
func encodeSegments(p string) string {
	size := len(p) + len(p)/2
	if len(p) > 4<<10 {
		// A long path: room for every byte encoded, rather than a buffer
		// grown a quarter at a time.
		size = 3 * len(p)
	}
	b := make([]byte, 0, size)
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '/':
			b = append(b, c)
			continue
		case c == '%' && i+2 < len(p) && isHex(p[i+1]) && isHex(p[i+2]):
			c = unhex(p[i+1])<<4 | unhex(p[i+2])
			i += 2
		}
		if isUnreserved(c) {
			b = append(b, c)
		} else {
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	if string(b) == p {
		return p
	}
	return string(b)
}

// decodePrintable percent-decodes the escapes of p, and runs of them, that
// spell a printable UTF-8 character; the others stay.
func decodePrintable(p string) string {
	if indexEscape(p) < 0 {
		return p
	}
	b := make([]byte, 0, len(p))
	for i := 0; i < len(p); {
		if !isEscapeAt(p, i) {
			b = append(b, p[i])
			i++
			continue
		}
		// Gather the escapes that may spell one character.
		var seq [utf8.UTFMax]byte
		n := 0
		for j := i; n < len(seq) && isEscapeAt(p, j); j += 3 {
			seq[n] = unhex(p[j+1])<<4 | unhex(p[j+2])
			n++
			if utf8.FullRune(seq[:n]) {
				break
			}
		}
		r, size := utf8.DecodeRune(seq[:n])
		if (r != utf8.RuneError || size > 1) && unicode.IsPrint(r) {
			b = append(b, seq[:size]...)
			i += 3 * size
			continue
		}
		b = append(b, p[i:i+3]...)
		i += 3
	}
	return string(b)
}

// isEscapeAt reports whether a "%XX" escape starts at s[i].
func isEscapeAt(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2])
}
