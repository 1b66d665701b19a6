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
// safe_parse_url in the R package rurl, version 1.4, and the options
// version 2.7 added, https://github.com/bart-turczynski/rurl) on top of
// the URL Standard's parser, and its outputs. clean_options.go holds its
// options, clean_query.go the query options, and cleaner.go the memoizing
// Cleaner.

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
	// StatusOKFTP: ok, with scheme ftp or ftps (not under ProtocolStrip).
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
	Query    string `json:"query"`        // without "?", as the Standard serializes it
	Fragment string `json:"fragment"`     // without "#"
	User     string `json:"user"`         // percent-encoded, as the Standard serializes it
	Password string `json:"password"`     // percent-encoded, as the Standard serializes it
	Domain   string `json:"domain"`       // the registrable domain under TLDSource, lowercase, in HostEncoding; "" for an IP host
	TLD      string `json:"tld"`          // the public suffix under TLDSource, lowercase, in HostEncoding; "" for an IP host
	IsIPHost bool   `json:"is_ip_host"`   // the host is an IPv4 or IPv6 address ("[::1]", in brackets)
	CleanURL string `json:"clean_url"`    // scheme "://" host path (see Clean), or host path when there is no scheme
	Status   Status `json:"parse_status"`

	// Err is the error Clean returned with it: nil unless Status is
	// StatusError. [Cleaner.CleanAll] gives it here.
	Err error `json:"-"`
}

// Clean parses input as R's safe_parse_url does, with the URL Standard's
// parser, and applies opts as that function's help page (R package rurl,
// version 1.4, and 2.7 for the options it added) describes its arguments.
// White space around input is trimmed. A failure is returned both as a
// *[Error] and in a Cleaned with Status StatusError and only Original
// set.
//
// The scheme follows R's rule. An input that starts with http, https, ftp
// or ftps, in any case, then "://" has that scheme, and one that starts
// with "//" is scheme-relative. Any other input that starts with a scheme
// and ":" (RFC 3986: a letter, then letters, digits, "+", "-" and ".") is
// an error ([CodeUnsupportedScheme]) whatever opts.Protocol says:
// "mailto:a@example.com", "ws://example.com", "ftp:example.com" (no "//");
// unless its text up to the first "/" ends in ":" and digits, as
// "localhost:3000" and "example.com:8080/x" do, which are a host and a
// port. The rest, empty input aside, has no scheme and is read as
// "http://" + input.
//
// The steps run in this order: scheme, WWW, SubdomainLevelsToKeep, the TLD
// and domain (and so Status) of the host that results, HostEncoding, then
// PathNormalization, IndexPage, TrailingSlash, PathEncoding on the path,
// and Case on scheme, host and path last. CleanURL is the scheme and "://"
// (none when there is no scheme; for a "//host" input under
// SchemeRelativeKeep, whose Scheme is empty, the one opts.Protocol gives),
// the host, the port (see opts.Port), the path ("" for "/" under
// TrailingSlashStrip), and "?" and the query (see opts.Query).
//
// By default the host and path are as typed ([HostEncodingKeep],
// [PathEncodingKeep]), but for what the URL Standard, which Clean parses
// with, makes of their structure. Where it and curl, which R's rurl parses
// with, truly disagree, Clean follows the Standard:
//
//   - A "\" in the path is a "/": "http://example.com\a\b" has path
//     "/a/b".
//   - "%2e" is a dot in a dot segment, which is removed:
//     "http://example.com/a/%2e%2E/b" has path "/b".
//   - ASCII tabs and newlines are dropped anywhere:
//     "http://exa\tmple.com/" has host "example.com" (curl rejects it).
//   - The host is percent-decoded and mapped by UTS #46 before it is
//     split into labels and looked up in the Public Suffix List:
//     "ex%61mple.com" is "example.com" (curl rejects "%" in a host), and
//     "例え。テスト" has two labels (curl reads one).
func Clean(input string, opts CleanOptions) (Cleaned, error) {
	if err := opts.Validate(); err != nil {
		return Cleaned{Original: input, Status: StatusError, Err: err}, err
	}
	return opts.clean(input, opts.queryRules())
}

// The kinds of input the scheme rule tells apart.
const (
	inputNoScheme  = iota // "example.com", "localhost:3000"
	inputScheme           // "https://example.com": an allowed scheme and "://"
	inputRelative         // "//example.com"
	inputBadScheme        // "mailto:a@example.com", "ftp:example.com"
)

// schemeOf applies R's scheme rule to the trimmed text: its kind of input
// and, for inputScheme and inputBadScheme, the scheme lowercased and the
// offset of its colon.
func schemeOf(text string) (kind int, scheme string, colon int) {
	if strings.HasPrefix(text, "//") {
		return inputRelative, "", -1
	}
	if text == "" || !isAlpha(text[0]) {
		return inputNoScheme, "", -1
	}
	colon = 1
	for colon < len(text) && charClass[text[colon]]&schemeChar != 0 {
		colon++
	}
	if colon == len(text) || text[colon] != ':' {
		return inputNoScheme, "", -1
	}
	if strings.HasPrefix(text[colon+1:], "//") {
		switch {
		case colon == 4 && strings.EqualFold(text[:4], "http"):
			return inputScheme, "http", colon
		case colon == 5 && strings.EqualFold(text[:5], "https"):
			return inputScheme, "https", colon
		case colon == 3 && strings.EqualFold(text[:3], "ftp"):
			return inputScheme, "ftp", colon
		case colon == 4 && strings.EqualFold(text[:4], "ftps"):
			return inputScheme, "ftps", colon
		}
	}
	// A host and a port: the text up to the first "/" ends in ":" and
	// digits, with something before them.
	end := strings.IndexByte(text, '/')
	if end < 0 {
		end = len(text)
	}
	i := end
	for i > 0 && isDigit(text[i-1]) {
		i--
	}
	if i < end && i > 1 && text[i-1] == ':' {
		return inputNoScheme, "", -1
	}
	return inputBadScheme, strings.ToLower(text[:colon]), colon
}

// defaultPortOf returns the default port of the scheme an input was read
// with, as PortStripDefault judges it, or "" for ftps, which has none.
func defaultPortOf(scheme string) string {
	switch scheme {
	case "http":
		return "80"
	case "https":
		return "443"
	case "ftp":
		return "21"
	}
	return ""
}

// clean is Clean with options known to be valid, and q their query rules.
func (o *CleanOptions) clean(input string, q *queryRules) (Cleaned, error) {
	t, err := readTyped(input)
	if err != nil {
		err.Input = input
		return Cleaned{Original: input, Status: StatusError, Err: err}, err
	}
	text, lead := t.text, t.lead
	fail := func(code Code, reason string) (Cleaned, error) {
		err := &Error{Input: input, Offset: lead, Reason: reason, code: code}
		return Cleaned{Original: input, Status: StatusError, Err: err}, err
	}
	if text == "" {
		lead = 0
		return fail(CodeEmptyInput, "the input is empty or white space")
	}

	// The scheme: scheme is CleanURL's, read the one the input is read
	// with (for default ports), assume the one the parser reads text[from:]
	// with ("" when it reads the text as written).
	var scheme, read, assume string
	from, relative := 0, false
	kind, written, colon := schemeOf(text)
	switch kind {
	case inputScheme:
		scheme, read = written, written
		if written == "ftps" {
			// The Standard does not know ftps: read it as ftp.
			assume, from = "ftp", colon+1
		}
	case inputBadScheme:
		if written == "http" || written == "https" || written == "ftp" || written == "ftps" {
			return fail(CodeUnsupportedScheme, "scheme "+strconv.Quote(written)+` is not followed by "//"`)
		}
		return fail(CodeUnsupportedScheme, "scheme "+strconv.Quote(written)+" is not http, https, ftp or ftps")
	case inputRelative:
		switch o.SchemeRelative {
		case SchemeRelativeKeep:
			relative, read, assume = true, "http", "http"
			if o.Protocol != ProtocolNone {
				scheme = "http"
			}
		case SchemeRelativeHTTP:
			scheme, read, assume = "http", "http", "http"
		case SchemeRelativeHTTPS:
			scheme, read, assume = "https", "https", "https"
		default:
			return fail(CodeSchemeRelative, `the input is scheme-relative and scheme_relative_handling is "error"`)
		}
	default:
		if o.SchemePolicy == SchemeRequire {
			return fail(CodeSchemeMissing, `the input has no scheme and scheme_policy is "require"`)
		}
		read, assume = "http", "http"
		if o.Protocol == ProtocolKeep {
			scheme = "http"
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
	if _, perr := t.parse(&r, from, assume, false); perr != nil {
		return Cleaned{Original: input, Status: StatusError, Err: perr}, perr
	}
	u := r.url

	c := Cleaned{
		Original: input,
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

	// The host, in ASCII as the Standard serializes it, after the WWW and
	// subdomain steps.
	parsedHost := u.Hostname()
	host := parsedHost
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
		} else if relative {
			c.Status = StatusOKSchemeRelative
		}
	}

	// The host as HostEncoding writes it, then its case.
	if u.HostKind() == DomainHost {
		switch o.HostEncoding {
		case HostEncodingKeep:
			// Without the spans, the host as typed shows no difference.
			if f := r.fields.Host; f.Start >= 0 && input[f.Start:f.End] != parsedHost {
				typed := input[f.Start:f.End]
				host, c.Domain, c.TLD = o.typedHost(removeTabsAndNewlines(typed), parsedHost, host, c.Domain, c.TLD)
			}
		case HostEncodingUnicode:
			if strings.Contains(host, "xn--") {
				host, c.Domain, c.TLD = toUnicode(host), toUnicode(c.Domain), toUnicode(c.TLD)
			}
		}
	}
	switch o.Case {
	case CaseLowerHost, CaseLower:
		if host != parsedHost && host != "" { // the parser's host is lowercase
			host = strings.ToLower(host)
		}
	case CaseUpper:
		scheme, host = strings.ToUpper(scheme), strings.ToUpper(host)
	}

	// The path.
	path := u.Pathname()
	if o.PathEncoding == PathEncodingKeep && strings.IndexByte(path, '%') >= 0 && r.fields.Path.Start >= 0 {
		// The parser percent-encoded something, or something typed was
		// percent-encoded already.
		path = pathAsTyped(input[r.fields.Path.Start:r.fields.Path.End])
	}
	path = o.cleanPath(path)

	c.Host, c.Path = host, path
	if !relative {
		c.Scheme = scheme
	}

	// CleanURL.
	if host == "" {
		return c, nil // R's NA
	}
	port := ""
	switch o.Port {
	case PortKeep:
		port = c.Port
	case PortStripDefault:
		if c.Port != defaultPortOf(read) {
			port = c.Port
		}
	}
	query := ""
	if o.Query != QueryDrop {
		if raw, ok := u.Query(); ok && raw != "" {
			query = q.apply(raw, o)
		}
	}
	if o.TrailingSlash == TrailingSlashStrip && path == "/" {
		path = ""
	}
	if scheme == u.Scheme() && host == parsedHost && path == u.Pathname() && port == "" && query == "" &&
		!u.hasUserinfo() && u.Port() == "" {
		// The href has no credentials or port: its start is the result.
		c.CleanURL = u.throughPath()
		return c, nil
	}
	n := len(scheme) + len("://") + len(host) + len(":") + len(port) + len(path) + len("?") + len(query)
	b := make([]byte, 0, n)
	if scheme != "" {
		b = append(b, scheme...)
		b = append(b, "://"...)
	}
	b = append(b, host...)
	if port != "" {
		b = append(b, ':')
		b = append(b, port...)
	}
	b = append(b, path...)
	if query != "" {
		b = append(b, '?')
		b = append(b, query...)
	}
	c.CleanURL = string(b)
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

// typedHost returns the host, domain and TLD that HostEncodingKeep writes:
// result, domain and tld, the host after the WWW and subdomain steps and
// its registrable domain and public suffix, all in ASCII, in the labels
// of typed, the host as the input has it (without tabs and newlines),
// which the Standard parsed as parsed. A label of typed stands for the
// label of parsed in its place when the Standard gives that label from it
// alone; the others, and every label when typed does not have as many as
// parsed, are written as parsed has them.
//
// result is a run of parsed's last labels, with a "www." in front that
// R writes in lowercase when the WWW or subdomain step put it there.
func (o *CleanOptions) typedHost(typed, parsed, result, domain, tld string) (string, string, string) {
	if o.Case != CaseKeep && len(typed) == len(parsed) && isASCII(typed) && strings.EqualFold(typed, parsed) {
		// The same host but for ASCII case, which Case sets.
		return result, domain, tld
	}
	labels := strings.Split(parsed, ".")
	typedLabels := strings.FieldsFunc(typed, isLabelSeparator)
	root := strings.HasSuffix(parsed, ".")
	if root {
		typedLabels = append(typedLabels, "")
	}
	if len(typedLabels) != len(labels) {
		return result, domain, tld
	}
	for i, t := range typedLabels {
		if !sameLabel(t, labels[i]) {
			typedLabels[i] = labels[i]
		}
	}
	// rest is the run of result that is parsed's last labels.
	rest, www := result, false
	if strings.HasPrefix(result, "www.") && (o.WWW == WWWKeep || o.WWW == WWWIfNoSubdomain || o.SubdomainLevelsToKeep != nil) {
		rest, www = result[4:], true
	}
	k := 0
	if rest != "" {
		k = strings.Count(rest, ".") + 1
	}
	if k > len(labels) || rest != strings.Join(labels[len(labels)-k:], ".") {
		return result, domain, tld // not a run of parsed's labels: cannot happen
	}
	out := typedLabels[len(typedLabels)-k:]
	if www {
		out = append([]string{"www"}, out...)
	}
	names := out // without the root
	if root && len(names) > 0 {
		names = names[:len(names)-1]
	}
	tail := func(ascii string) string {
		m := strings.Count(ascii, ".") + 1
		if ascii == "" || m > len(names) {
			return ascii
		}
		return strings.ToLower(strings.Join(names[len(names)-m:], "."))
	}
	return strings.Join(out, "."), tail(domain), tail(tld)
}

// sameLabel reports whether the URL Standard's host parser gives the
// label parsed, lowercase ASCII, from the typed label: up to ASCII case
// when it is ASCII, through UTS #46 when it is not.
func sameLabel(typed, parsed string) bool {
	if isASCII(typed) {
		return strings.EqualFold(typed, parsed)
	}
	ascii, err := idnaProfile.ToASCII(typed)
	return err == nil && ascii == parsed
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

// pathAsTyped returns the path that PathEncodingKeep starts from, given
// the path as the input has it (for a URL with a special scheme): the
// URL Standard's path, with what its parser percent-encoded that is not
// ASCII as typed, and the hex digits of every escape in upper case. It is
// built as the Standard's path state builds the path: "\" is "/", tabs
// and newlines are dropped, "." and ".." segments (and their "%2e"
// spellings) are removed; but a segment is written with only the ASCII
// bytes of the path percent-encode set encoded.
func pathAsTyped(typed string) string {
	b := make([]byte, 0, len(typed)+len(typed)/4)
	var segs []int // where each segment's "/" is in b, for ".."
	i := 0         // where the next segment starts
	if typed != "" && (typed[0] == '/' || typed[0] == '\\') {
		i = 1
	}
	for {
		j := i
		for j < len(typed) && typed[j] != '/' && typed[j] != '\\' {
			j++
		}
		seg := typed[i:j]
		if strings.ContainsAny(seg, "\t\n\r") {
			seg = removeTabsAndNewlines(seg)
		}
		last := j == len(typed)
		switch {
		case isDoubleDot(seg):
			if len(segs) > 0 {
				b = b[:segs[len(segs)-1]]
				segs = segs[:len(segs)-1]
			}
			if last {
				segs = append(segs, len(b))
				b = append(b, '/')
			}
		case isSingleDot(seg):
			if last {
				segs = append(segs, len(b))
				b = append(b, '/')
			}
		default:
			segs = append(segs, len(b))
			b = append(b, '/')
			for k := 0; k < len(seg); k++ {
				c := seg[k]
				switch {
				case c == '%' && k+2 < len(seg) && isHex(seg[k+1]) && isHex(seg[k+2]):
					b = append(b, '%', upper(seg[k+1]), upper(seg[k+2]))
					k += 2
				case c < utf8.RuneSelf && charClass[c]&encPath != 0:
					b = append(b, '%', upperHex[c>>4], upperHex[c&15])
				default:
					b = append(b, c)
				}
			}
		}
		if last {
			break
		}
		i = j + 1
	}
	if len(b) == 0 {
		return "/"
	}
	return string(b)
}

// cleanPath runs the path options on a path: normalization, index page,
// trailing slash, encoding, and case.
func (o *CleanOptions) cleanPath(p string) string {
	if o.PathNormalization == PathCollapseSlashes || o.PathNormalization == PathNormalizeBoth {
		p = collapseSlashes(p)
	}
	if o.IndexPage == IndexPageStrip {
		p = stripIndexPage(p)
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
		p = lowerPath(p)
	case CaseUpper:
		p = strings.ToUpper(p)
	}
	return p
}

// stripIndexPage removes a default document at the end of p: a last
// segment "index." or "default.", in any case, and at least one more
// byte, with the "/" before it and at most one "/" after it. A path left
// empty is "/".
func stripIndexPage(p string) string {
	q := p
	if len(q) > 1 && q[len(q)-1] == '/' {
		q = q[:len(q)-1]
	}
	i := strings.LastIndexByte(q, '/')
	if i < 0 {
		return p
	}
	seg := q[i+1:]
	if !(len(seg) > len("index.") && hasPrefixFold(seg, "index.") ||
		len(seg) > len("default.") && hasPrefixFold(seg, "default.")) {
		return p
	}
	if i == 0 {
		return "/"
	}
	return q[:i]
}

// hasPrefixFold reports whether s starts with the lowercase ASCII prefix,
// ignoring ASCII case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// lowerPath returns p lowercased but for the hex digits of its
// percent-escapes, which stay as they are.
func lowerPath(p string) string {
	if indexEscape(p) < 0 {
		return strings.ToLower(p)
	}
	b := make([]byte, 0, len(p))
	start := 0 // of the run not yet written
	for i := 0; i < len(p); i++ {
		if isEscapeAt(p, i) {
			b = append(b, strings.ToLower(p[start:i])...)
			b = append(b, p[i:i+3]...)
			i += 2
			start = i + 1
		}
	}
	b = append(b, strings.ToLower(p[start:])...)
	return string(b)
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
