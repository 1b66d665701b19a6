// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"fmt"
	"github.com/onecontact/webaddress/internal/urlchars"
	"net/netip"
	"net/url"
	"strings"
)

// URL is a URL record of the URL Standard, held as its serialization (the
// href) and the offsets of its components: its getters return substrings
// and never allocate, and two URLs are == exactly when their hrefs are
// equal. The zero URL is not valid: its getters return "".
//
// Its getters and setters are the Standard's (href, protocol, username,
// ...); a setter reports false, leaving u unchanged, where the Standard
// ignores the value.
type URL struct {
	// The offsets, on the href https://user:pass@example.com:1234/foo/bar?baz#quux:
	//
	//	https://user:pass@example.com:1234/foo/bar?baz#quux
	//	     |      |     |          |    |       |   |
	//	     |      |     |          |    |       |   fragmentStart (the '#', 0: null fragment)
	//	     |      |     |          |    |       queryStart (the '?', 0: null query)
	//	     |      |     |          |    pathStart
	//	     |      |     |          hostEnd (a ':' and the port follow when the port is not null)
	//	     |      |     hostStart
	//	     |      usernameEnd (a ':' and the password follow when the password is not empty)
	//	     schemeEnd (the ':')
	//
	// Offset 0 can never start a query or a fragment, since a scheme comes
	// first, so 0 there means null. When the host is null, usernameEnd,
	// hostStart and hostEnd are schemeEnd+1, and pathStart is schemeEnd+1 too,
	// or schemeEnd+3 when the serializer put "/." before a path starting with
	// "//".
	href          string
	schemeEnd     uint32
	usernameEnd   uint32
	hostStart     uint32
	hostEnd       uint32
	pathStart     uint32
	queryStart    uint32
	fragmentStart uint32
	hostKind      HostKind
	scheme        schemeType
	flags         uint8
}

// flagOpaquePath is set in URL.flags when the URL has an opaque path.
const flagOpaquePath = 1

// ParseURL parses input as an absolute URL, as new URL(input) does in a
// browser; invalid UTF-8 reads as U+FFFD. A failure is a *[ParseError]
// naming the validation error and where it was found.
func ParseURL(input string) (URL, error) {
	// The fast path, as parse would take it, without the calls between.
	if u, ok := quickParse(input, "", nil); ok {
		return u, nil
	}
	return parse(input, nil)
}

// MustParseURL is ParseURL, panicking on error: for tests with literal
// URLs.
func MustParseURL(input string) URL {
	u, err := ParseURL(input)
	if err != nil {
		panic(err)
	}
	return u
}

// Parse parses ref, absolute or relative, against u, as new URL(ref, base)
// does; with the zero URL it is [ParseURL].
func (u URL) Parse(ref string) (URL, error) {
	if !u.IsValid() {
		return parse(ref, nil)
	}
	return parse(ref, &u)
}

// IsValid reports whether u is a parsed URL, not the zero URL.
func (u URL) IsValid() bool { return u.href != "" }

// Href returns the serialization of u.
func (u URL) Href() string { return u.href }

// String returns the serialization of u, as [URL.Href] does.
func (u URL) String() string { return u.href }

// AppendText implements [encoding.TextAppender] with the serialization of
// u.
func (u URL) AppendText(b []byte) ([]byte, error) { return append(b, u.href...), nil }

// MarshalText implements [encoding.TextMarshaler] with the serialization
// of u.
func (u URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseURL].
func (u *URL) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*u = URL{}
		return nil
	}
	v, err := ParseURL(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// Compare compares the hrefs of u and v bytewise, for slices.SortFunc.
func (u URL) Compare(v URL) int { return strings.Compare(u.href, v.href) }

// Redacted returns the href with the password, if any, as "****".
func (u URL) Redacted() string { return u.maskPassword(u.href) }

// NetURL returns u as net/url's *url.URL, for net/http. It fails where
// net/url is stricter than the Standard (a "%" without two hex digits
// after it), with an error of code [CodeNetURL], and on the zero URL.
func (u URL) NetURL() (*url.URL, error) {
	if !u.IsValid() {
		return nil, &valueError{code: CodeInvalidArgument, msg: "webaddress: NetURL of the zero URL"}
	}
	nu, err := url.Parse(u.href)
	if err != nil {
		return nil, &valueError{code: CodeNetURL, msg: err.Error(), err: err}
	}
	return nu, nil
}

// URLFromNetURL parses v's string form, an absolute URL, with [ParseURL].
func URLFromNetURL(v *url.URL) (URL, error) {
	return ParseURL(v.String())
}

// HostAddr returns the host as a netip.Addr when it is an IP address.
func (u URL) HostAddr() (netip.Addr, bool) {
	h := u.Hostname()
	switch u.hostKind {
	case IPv4Host:
	case IPv6Host:
		h = h[1 : len(h)-1]
	default:
		return netip.Addr{}, false
	}
	a, err := netip.ParseAddr(h)
	return a, err == nil
}

// SearchParams returns a copy of u's query parsed as
// application/x-www-form-urlencoded, as net/url's Query does;
// [URL.SetSearchParams] writes a changed one back.
func (u URL) SearchParams() SearchParams {
	q, _ := u.RawQuery()
	return SearchParams{list: parseURLEncoded(q)}
}

// SetSearchParams sets the query to s serialized (null when s is empty),
// as a browser does when url.searchParams changes.
func (u *URL) SetSearchParams(s SearchParams) bool {
	if !u.IsValid() {
		return false
	}
	q := s.String()
	p := parser{base: u}
	p.buf = make([]byte, 0, len(u.href)+len(q)+1)
	p.copyBase(throughPath)
	if q != "" {
		p.startQuery()
		p.buf = append(p.buf, q...)
	}
	p.appendQueryAndFragment(u, false)
	return u.set(p.finish())
}

// Protocol returns the scheme and ":", e.g. "https:".
func (u URL) Protocol() string {
	if !u.IsValid() {
		return ""
	}
	return u.href[:u.schemeEnd+1]
}

// Scheme returns the scheme without ":", e.g. "https".
func (u URL) Scheme() string { return u.href[:u.schemeEnd] }

// Username returns the username, percent-encoded as in the href.
func (u URL) Username() string {
	if u.hostKind == NoHost {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.usernameEnd]
}

// hasCredentials reports whether u has a username or a password, as
// u.Username() != "" || u.Password() != "" does: the href has them, and
// their "@", between the "://" and the host.
func (u *URL) hasCredentials() bool {
	return u.hostKind != NoHost && u.hostStart > u.schemeEnd+3
}

// Password returns the password, percent-encoded as in the href.
func (u URL) Password() string {
	if u.usernameEnd < u.hostStart && u.href[u.usernameEnd] == ':' {
		return u.href[u.usernameEnd+1 : u.hostStart-1]
	}
	return ""
}

// Host returns the host, with ":" and the port when there is one.
func (u URL) Host() string {
	if u.hostKind == NoHost {
		return ""
	}
	return u.href[u.hostStart:u.pathStart]
}

// Hostname returns the host serialized: a lowercase ASCII domain, an IPv4
// address, an IPv6 address in brackets ("[::1]", where net/url's Hostname
// drops them; see [URL.HostAddr]), an opaque host, or "".
func (u URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// HostKind returns what u's host is.
func (u URL) HostKind() HostKind { return u.hostKind }

// Port returns the port, or "" when it is null or the scheme's default.
func (u URL) Port() string {
	if u.hostKind == NoHost || u.hostEnd == u.pathStart {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// Pathname returns the path: each segment after a "/", or the opaque path.
func (u URL) Pathname() string { return u.href[u.pathStart:u.pathEnd()] }

// HasOpaquePath reports whether u has an opaque path
// ("mailto:x@y.example").
func (u URL) HasOpaquePath() bool { return u.flags&flagOpaquePath != 0 }

// Search returns "?" and the query, or "" when it is null or empty.
func (u URL) Search() string {
	if u.queryStart == 0 || u.queryEnd() == u.queryStart+1 {
		return ""
	}
	return u.href[u.queryStart:u.queryEnd()]
}

// RawQuery returns the query without "?", percent-encoded as in the href
// (net/url's RawQuery), and whether it is not null: "https://x/?" has an
// empty query, "https://x/" a null one.
func (u URL) RawQuery() (query string, ok bool) {
	if u.queryStart == 0 {
		return "", false
	}
	return u.href[u.queryStart+1 : u.queryEnd()], true
}

// Hash returns "#" and the fragment, or "" when it is null or empty.
func (u URL) Hash() string {
	if u.fragmentStart == 0 || int(u.fragmentStart)+1 == len(u.href) {
		return ""
	}
	return u.href[u.fragmentStart:]
}

// RawFragment returns the fragment without "#", percent-encoded as in the
// href (net/url's EscapedFragment), and whether it is not null.
func (u URL) RawFragment() (fragment string, ok bool) {
	if u.fragmentStart == 0 {
		return "", false
	}
	return u.href[u.fragmentStart+1:], true
}

// Origin returns u's origin serialized: scheme, host and port for http,
// https, ws, wss and ftp URLs, and for a blob URL whose path is one of
// those; else "null".
func (u URL) Origin() string {
	switch u.scheme {
	case schemeHTTP, schemeHTTPS, schemeWS, schemeWSS, schemeFTP:
		if u.usernameEnd == u.hostStart {
			return u.href[:u.pathStart]
		}
		return u.href[:u.schemeEnd+3] + u.href[u.hostStart:u.pathStart]
	case schemeOther:
		if u.Scheme() == "blob" {
			inner, err := ParseURL(u.Pathname())
			if err == nil && (inner.scheme == schemeHTTP || inner.scheme == schemeHTTPS) {
				return inner.Origin()
			}
		}
	}
	return "null"
}

// schemeType returns u's scheme's type.
func (u *URL) schemeType() schemeType { return u.scheme }

// isHTTP reports whether u's scheme is http or https.
func (u *URL) isHTTP() bool { return u.scheme == schemeHTTP || u.scheme == schemeHTTPS }

// hasFragment reports whether u's fragment is not null.
func (u *URL) hasFragment() bool { return u.fragmentStart != 0 }

// hasUserinfo reports whether u has a username or a password.
func (u *URL) hasUserinfo() bool { return u.hostStart > u.schemeEnd+3 }

// throughPath returns u's href up to the end of its path: without its
// query and fragment.
func (u *URL) throughPath() string { return u.href[:u.pathEnd()] }

// withoutFragment returns u's href without its fragment.
func (u *URL) withoutFragment() string { return u.href[:u.queryEnd()] }

// maskPassword returns s, which is u's href or a string that starts as
// u's href does through its host (Address.Canonical), with u's password,
// if any, shown as "****".
func (u *URL) maskPassword(s string) string {
	if u.Password() == "" {
		return s
	}
	return s[:u.usernameEnd+1] + "****" + s[u.hostStart-1:]
}

// pathEnd returns where u's path ends.
func (u *URL) pathEnd() uint32 {
	if u.queryStart != 0 {
		return u.queryStart
	}
	return u.queryEnd()
}

// queryEnd returns where u's query ends (where the path ends when the
// query is null).
func (u *URL) queryEnd() uint32 {
	if u.fragmentStart != 0 {
		return u.fragmentStart
	}
	return uint32(len(u.href))
}

// cannotHaveCredentialsOrPort reports whether u cannot have a
// username/password/port: its host is null or empty, or its scheme is
// "file".
func (u *URL) cannotHaveCredentialsOrPort() bool {
	return u.hostKind == NoHost || u.hostKind == EmptyHost || u.scheme == schemeFile
}

// The setters below are the Standard's URL class setters
// (https://url.spec.whatwg.org/#urlutils-members). Each runs the basic URL parser's states with the
// setter's state override. The Standard's setters ignore values they cannot
// use; ours then return false and leave the URL unchanged. Setters on the
// zero URL do nothing and return false, and so do setters whose result
// would be longer than the 2 MiB an input may have.

// set makes u w, the result of a setter, and reports true; or, when w's
// href is longer than the parser takes (so that it could not be parsed
// again), leaves u unchanged and reports false.
func (u *URL) set(w URL) bool {
	if len(w.href) > maxInput {
		return false
	}
	*u = w
	return true
}

// SetHref makes u [ParseURL]'s URL of v, or returns its error.
func (u *URL) SetHref(v string) error {
	w, err := ParseURL(v)
	if err != nil {
		return err
	}
	*u = w
	return nil
}

// SetProtocol sets the scheme to the one v starts with (from ":" on, v is
// ignored). The Standard ignores a value that is no scheme, a change
// between a special scheme (http, https, ws, wss, ftp, file) and another,
// to "file" with credentials or a port, and from "file" with an empty
// host.
func (u *URL) SetProtocol(v string) bool {
	if !u.IsValid() {
		return false
	}
	// Basic URL parse v + ":" with u and scheme start state as state
	// override.
	p := parser{base: u, override: stateSchemeStart}
	p.setInput(u, v)
	p.in += ":"
	if !p.run(stateSchemeStart, 0) {
		return false
	}
	return u.set(p.finish())
}

// SetUsername sets the username; not without a host or on a file URL.
func (u *URL) SetUsername(v string) bool { return u.setUserinfo(v, u.Password()) }

// SetPassword sets the password; not without a host or on a file URL.
func (u *URL) SetPassword(v string) bool { return u.setUserinfo(u.Username(), v) }

// setUserinfo sets u's username and password, as the Standard's "set the
// username" and "set the password" do.
func (u *URL) setUserinfo(username, password string) bool {
	if !u.IsValid() || u.cannotHaveCredentialsOrPort() {
		return false
	}
	p := parser{base: u}
	p.buf = make([]byte, 0, len(u.href)+hrefSizeHint(username)+hrefSizeHint(password))
	p.copyBase(throughScheme)
	p.appendAuthority(u, username, password, u.Port())
	p.appendPathOn(u)
	return u.set(p.finish())
}

// SetHost sets the host, and the port when v has one ("example.com:8080"),
// reading v up to its first "/", "?" or "#"; a missing or invalid port
// after a valid host leaves the port as it was. Not when u has an opaque
// path.
func (u *URL) SetHost(v string) bool { return u.setHost(v, stateHost) }

// SetHostname is [URL.SetHost] for a value without a port.
func (u *URL) SetHostname(v string) bool { return u.setHost(v, stateHostname) }

// setHost basic URL parses v with u and the host or hostname state as
// state override (which the host state turns into the file host state for
// file URLs). The Standard's parser changes url as it goes: when the port
// state fails after the host state set the host, the host stays set, with
// the port as it was.
func (u *URL) setHost(v string, override state) bool {
	if !u.IsValid() || u.HasOpaquePath() {
		return false
	}
	p := parser{base: u, override: override}
	p.setInput(u, v)
	p.copyBase(throughScheme)
	if u.scheme != schemeFile {
		// The credentials stay; the host state writes the host after them.
		p.buf = append(p.buf, '/', '/')
		p.writeUserinfo(u.Username(), u.Password())
	}
	p.run(stateHost, 0)
	if !p.hostSet {
		return false
	}
	if !p.portSet && u.Port() != "" {
		p.buf = append(p.buf[:p.u.hostEnd], ':')
		p.buf = append(p.buf, u.Port()...)
	}
	p.appendPathOn(u)
	return u.set(p.finish())
}

// SetPort sets the port from the digits v starts with; "" or the scheme's
// default makes it null. Not when the host is null or empty, the scheme is
// "file", v starts with no digit or the port is above 65535.
func (u *URL) SetPort(v string) bool {
	if !u.IsValid() || u.cannotHaveCredentialsOrPort() {
		return false
	}
	p := parser{base: u, override: statePort}
	p.setInput(u, v)
	p.copyBase(throughScheme)
	p.appendAuthority(u, u.Username(), u.Password(), "")
	// If the given value is the empty string, then set url's port to
	// null; otherwise basic URL parse it with port state as state
	// override.
	if v != "" && !p.run(statePort, 0) {
		return false
	}
	p.appendPathOn(u)
	return u.set(p.finish())
}

// SetPathname sets the path, parsed from the path start state ("?" and "#"
// percent-encoded); not when u has an opaque path.
func (u *URL) SetPathname(v string) bool {
	if !u.IsValid() || u.HasOpaquePath() {
		return false
	}
	p := parser{base: u, override: statePathStart}
	p.setInput(u, v)
	p.copyBase(throughAuthority)
	p.run(statePathStart, 0)
	p.appendQueryAndFragment(u, true)
	return u.set(p.finish())
}

// SetSearch sets the query to v without a leading "?"; "" makes it null.
func (u *URL) SetSearch(v string) bool {
	if !u.IsValid() {
		return false
	}
	p := parser{base: u, override: stateQuery}
	p.setInput(u, strings.TrimPrefix(v, "?"))
	p.copyBase(throughPath)
	if v != "" {
		p.startQuery()
		p.run(stateQuery, 0)
	}
	p.appendQueryAndFragment(u, false)
	return u.set(p.finish())
}

// SetHash sets the fragment to v without a leading "#"; "" makes it null.
func (u *URL) SetHash(v string) bool {
	if !u.IsValid() {
		return false
	}
	p := parser{base: u, override: stateFragment}
	p.setInput(u, strings.TrimPrefix(v, "#"))
	p.copyBase(throughQuery)
	if v != "" {
		p.startFragment()
		p.run(stateFragment, 0)
	}
	return u.set(p.finish())
}

// setInput makes v, without tabs and newlines and as valid UTF-8, the
// input of a setter's parse of u, and gives p.buf room at once for the
// href that will be made of u and v.
func (p *parser) setInput(u *URL, v string) {
	p.in = toValidUTF8(urlchars.RemoveTabsAndNewlines(v))
	p.buf = make([]byte, 0, len(u.href)+hrefSizeHint(p.in))
}

// appendQueryAndFragment appends u's fragment, and its query too when
// query is true, after a setter rewrote what comes before them.
func (p *parser) appendQueryAndFragment(u *URL, query bool) {
	if q, ok := u.RawQuery(); ok && query {
		p.startQuery()
		p.buf = append(p.buf, q...)
	}
	if f, ok := u.RawFragment(); ok {
		p.startFragment()
		p.buf = append(p.buf, f...)
	}
}

// validate checks the invariants of u's representation, as ada's
// url_aggregator::validate does: the offsets are in order and each
// component's delimiters are where the offsets say, so that the getters
// are substrings of the href. It returns nil for the zero URL. The tests
// and fuzz targets run it on every URL they make.
func (u URL) validate() error {
	if !u.IsValid() {
		if u != (URL{}) {
			return fmt.Errorf("URL with an empty href and offsets %+v", u)
		}
		return nil
	}
	h, n := u.href, uint32(len(u.href))
	bad := func(what string) error { return fmt.Errorf("URL %q (offsets %+v): %s", h, u, what) }
	if u.schemeEnd == 0 || u.schemeEnd >= n || h[u.schemeEnd] != ':' {
		return bad("schemeEnd is not at a colon after a scheme")
	}
	if !urlchars.IsAlpha(h[0]) || strings.ToLower(h[:u.schemeEnd]) != h[:u.schemeEnd] {
		return bad("the scheme does not start with a letter or is not lowercase")
	}
	if schemeTypeOf([]byte(h[:u.schemeEnd])) != u.scheme {
		return bad("the scheme type does not match the scheme")
	}
	if !(u.usernameEnd <= u.hostStart && u.hostStart <= u.hostEnd && u.hostEnd <= u.pathStart && u.pathStart <= n) {
		return bad("the offsets are out of order")
	}
	if u.hostKind == NoHost {
		if u.usernameEnd != u.schemeEnd+1 || u.hostStart != u.schemeEnd+1 || u.hostEnd != u.schemeEnd+1 {
			return bad("a null host with credentials or a host")
		}
		if u.pathStart != u.schemeEnd+1 && (u.pathStart != u.schemeEnd+3 || h[u.schemeEnd+1:u.pathStart] != "/." ||
			!strings.HasPrefix(h[u.pathStart:], "//")) {
			return bad(`the path starts elsewhere than after the scheme or its "/."`)
		}
	} else {
		if !strings.HasPrefix(h[u.schemeEnd+1:], "//") || u.usernameEnd < u.schemeEnd+3 {
			return bad(`a host without "//" before it`)
		}
		if u.usernameEnd < u.hostStart && h[u.hostStart-1] != '@' {
			return bad(`credentials without "@" after them`)
		}
		if u.usernameEnd+1 < u.hostStart && h[u.usernameEnd] != ':' {
			return bad(`a password without ":" before it`)
		}
		if u.hostEnd < u.pathStart {
			if h[u.hostEnd] != ':' || u.hostEnd+1 == u.pathStart {
				return bad(`a port without ":" before it`)
			}
			if _, ok := parsePort(h[u.hostEnd+1 : u.pathStart]); !ok || strings.Trim(h[u.hostEnd+1:u.pathStart], "0123456789") != "" {
				return bad("a port that is not a number up to 65535")
			}
		}
		switch host := h[u.hostStart:u.hostEnd]; u.hostKind {
		case EmptyHost:
			if host != "" {
				return bad("an empty host with text")
			}
		case IPv6Host:
			if len(host) < 4 || host[0] != '[' || host[len(host)-1] != ']' {
				return bad("an IPv6 host without brackets")
			}
		case IPv4Host:
			if _, err := netip.ParseAddr(host); err != nil || strings.Count(host, ".") != 3 {
				return bad("an IPv4 host that is not in dotted decimal")
			}
		case DomainHost, OpaqueHost:
			if host == "" {
				return bad("an empty domain or opaque host")
			}
		default:
			return bad("an unknown host kind")
		}
	}
	path := h[u.pathStart:u.pathEnd()]
	if u.HasOpaquePath() {
		if u.hostKind != NoHost || strings.HasPrefix(path, "/") {
			return bad("an opaque path with a host or a leading slash")
		}
	} else if path != "" && path[0] != '/' || u.scheme.special() && path == "" {
		return bad(`a path that does not start with "/"`)
	}
	if u.queryStart != 0 && (u.queryStart < u.pathStart || h[u.queryStart] != '?') {
		return bad(`queryStart is not at a "?" after the path`)
	}
	if u.fragmentStart != 0 && (u.fragmentStart < u.pathStart || u.fragmentStart < u.queryStart || h[u.fragmentStart] != '#') {
		return bad(`fragmentStart is not at a "#" after the query`)
	}
	return nil
}
