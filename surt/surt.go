// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package surt

import (
	"errors"
	"slices"
	"strconv"
	"strings"
)

// ErrInvalidPort is the error of an input whose port is not a run of ASCII
// digits with a value of at most 65535 (surt raises ValueError there).
var ErrInvalidPort = errors.New("port is not a number from 0 to 65535")

// ErrBlank is the error of an input made only of ASCII white space (surt
// raises AttributeError there; an empty input is not an error but the key
// "-").
var ErrBlank = errors.New("input is only white space")

// Code is the stable code of an [Error], which [Error.Code] returns: a
// name for a column or a metric, in the form of package webaddress's
// codes.
type Code string

// The codes of errors.
const (
	CodeInvalidPort Code = "surt.invalid-port" // Err is ErrInvalidPort
	CodeBlank       Code = "surt.blank"        // Err is ErrBlank
	CodeOther       Code = "surt.error"        // Err is of another kind (Key returns none)
)

// An Error reports an input that surt 0.3.1 rejects with an exception, and
// so has no key. Err is [ErrInvalidPort] or [ErrBlank]; use [errors.Is], or
// [Error.Code] for a stable name.
type Error struct {
	Input string // the argument of Key
	At    string // the part of Input that is wrong (the port), or ""
	Err   error  // what is wrong
}

// Error returns the error as `surt.Key("in"): what (at "part")`.
func (e *Error) Error() string {
	s := "surt.Key(" + strconv.Quote(e.Input) + "): " + e.Err.Error()
	if e.At != "" {
		s += " (at " + strconv.Quote(e.At) + ")"
	}
	return s
}

// Code returns the error's code: [CodeInvalidPort] or [CodeBlank], or
// [CodeOther] for an Err of another kind.
func (e *Error) Code() Code {
	switch {
	case errors.Is(e.Err, ErrInvalidPort):
		return CodeInvalidPort
	case errors.Is(e.Err, ErrBlank):
		return CodeBlank
	}
	return CodeOther
}

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }

// Key returns the SURT key of url as surt 0.3.1's surt.surt(url) returns it
// with default options, byte for byte: for example "com,example)/a?b=1&c=2"
// for "http://www.Example.com/A/?c=2&b=1#x". The empty input has the key
// "-", and an input that starts with "filedesc" is its own key (surt passes
// the header records of ARC files through). Where surt raises an exception
// (a port that is not a number up to 65535, an input of white space alone),
// Key returns an [*Error].
//
// url is bytes: it need not be UTF-8, and a host that is not is kept as its
// bytes, percent-encoded. Key never panics.
func Key(url string) (string, error) {
	if url == "" {
		return "-", nil
	}
	if strings.HasPrefix(url, "filedesc") {
		return url, nil
	}
	var stack [256]byte
	b, err := appendKey(stack[:0], url)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// A uri is an input split as surt splits it.
type uri struct {
	scheme string // as written, never empty
	host   string // lowercased only later; "" when there is none
	port   int    // -1 when there is none
	path   string
	query  string
	hasQry bool // the input has a "?", perhaps with an empty query
}

// isSpace reports whether b is ASCII white space as Python's bytes.strip
// sees it.
func isSpace(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\v' || b == '\f'
}

// schemeEnd returns the index of the ":" that ends s's scheme when s starts
// with [A-Za-z][A-Za-z0-9+.-]*: and -1 otherwise.
func schemeEnd(s string) int {
	if s == "" || !isAlpha(s[0]) {
		return -1
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ':':
			return i
		case isAlpha(c) || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.':
		default:
			return -1
		}
	}
	return -1
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// removeTabs returns s without its tabs, line feeds and carriage returns.
func removeTabs(s string) string {
	i := 0
	for i < len(s) && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
		}
	}
	return string(b)
}

// parse splits input into a uri (step 2 of the algorithm in the package
// documentation): trimming, the scheme rule, the RFC 3986 appendix B split,
// the authority's user info, host and port, and the host that an "http"
// URL without one takes from its path.
func parse(input string) (uri, error) {
	s := input
	for s != "" && isSpace(s[0]) {
		s = s[1:]
	}
	for s != "" && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	if s == "" {
		return uri{}, &Error{Input: input, Err: ErrBlank}
	}
	s = removeTabs(s)

	u := uri{port: -1}
	var rest string
	hasAuthority := false
	if i := schemeEnd(s); i < 0 {
		// No scheme: surt puts "http://" in front.
		u.scheme, rest, hasAuthority = "http", s, true
	} else {
		// A leading run of "http://" and "https://" collapses to its last.
		for {
			var n int
			switch {
			case strings.HasPrefix(s, "http://"):
				n = len("http://")
			case strings.HasPrefix(s, "https://"):
				n = len("https://")
			}
			if n == 0 || !strings.HasPrefix(s[n:], "http://") && !strings.HasPrefix(s[n:], "https://") {
				break
			}
			s = s[n:]
		}
		i = strings.IndexByte(s, ':')
		u.scheme, rest = s[:i], s[i+1:]
		if strings.HasPrefix(rest, "//") {
			rest, hasAuthority = rest[2:], true
		}
	}

	var authority string
	if hasAuthority {
		end := 0
		for end < len(rest) && rest[end] != '/' && rest[end] != '?' && rest[end] != '#' {
			end++
		}
		authority, rest = rest[:end], rest[end:]
	}
	end := 0
	for end < len(rest) && rest[end] != '?' && rest[end] != '#' {
		end++
	}
	u.path, rest = rest[:end], rest[end:]
	if rest != "" && rest[0] == '?' {
		rest = rest[1:]
		if end := strings.IndexByte(rest, '#'); end >= 0 {
			rest = rest[:end]
		}
		u.query, u.hasQry = rest, true
	}

	// The authority: trailing colons go, then the user info up to the last
	// "@"; a "[" starts an IPv6 literal that ends at "]", with the port after
	// the first ":" that follows; otherwise the port follows the first ":".
	authority = strings.TrimRight(authority, ":")
	if i := strings.LastIndexByte(authority, '@'); i >= 0 {
		authority = authority[i+1:]
	}
	var port string
	if i := strings.IndexByte(authority, '['); i >= 0 {
		var after string
		u.host, after, _ = strings.Cut(authority[i+1:], "]")
		_, port, _ = strings.Cut(after, ":")
	} else {
		u.host, port, _ = strings.Cut(authority, ":")
	}
	if port != "" {
		n, ok := parsePort(port)
		if !ok {
			return uri{}, &Error{Input: input, At: port, Err: ErrInvalidPort}
		}
		if n != 0 {
			u.port = n
		}
	}

	// An "http..." URL without a host takes the first segment of its path.
	if u.host == "" && u.path != "" && strings.HasPrefix(u.scheme, "http") {
		p := strings.TrimLeft(u.path, "/")
		if i := strings.IndexByte(p, '/'); i >= 0 {
			u.host, u.path = p[:i], p[i:]
		} else {
			u.host, u.path = p, "/"
		}
	}
	return u, nil
}

// parsePort returns the value of the port p: ASCII digits (any number of
// leading zeros) with a value of at most 65535.
func parsePort(p string) (int, bool) {
	n := 0
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
		if n > 65535 {
			return 0, false
		}
	}
	return n, true
}

// appendKey appends the key of url, which is neither empty nor a
// "filedesc" line, to dst.
func appendKey(dst []byte, url string) ([]byte, error) {
	u, err := parse(url)
	if err != nil {
		return dst, err
	}
	var hostBuf, queryBuf, queryTmp, tmpBuf [128]byte

	// Google's canonicalization, then the Internet Archive's, of the host.
	host := canonicalHost(hostBuf[:0], tmpBuf[:0], u.host)
	host = stripWWW(host)
	hasHost := len(host) > 0

	// The query.
	var query []byte
	if u.hasQry && u.query != "" {
		query = canonicalQuery(queryBuf[:0], queryTmp[:0], u.query)
	}
	hasQuery := len(query) > 0 && !(len(query) == 1 && query[0] == '?')

	if hasHost {
		dst = appendReversed(dst, host)
		if u.port >= 0 && !(u.scheme == "http" && u.port == 80) && !(u.scheme == "https" && u.port == 443) {
			dst = append(dst, ':')
			dst = strconv.AppendInt(dst, int64(u.port), 10)
		}
		dst = append(dst, ')')
	} else {
		dst = append(dst, u.scheme...)
		dst = append(dst, ':')
	}

	// The path, made where it goes: a long one is not copied.
	dst = slices.Grow(dst, len(u.path)+1+len(query))
	n := len(dst)
	dst = canonicalPath(dst, u.path, hasHost)
	if !hasHost && len(dst) == n && hasQuery {
		dst = append(dst, '/') // an empty path before a query
	}
	if hasQuery {
		dst = append(dst, '?')
		dst = append(dst, query...)
	}
	return dst, nil
}

// appendReversed appends the dot-separated labels of host in reverse order,
// joined by commas.
func appendReversed(dst, host []byte) []byte {
	end := len(host)
	for i := len(host) - 1; i >= 0; i-- {
		if host[i] == '.' {
			dst = append(dst, host[i+1:end]...)
			dst = append(dst, ',')
			end = i
		}
	}
	return append(dst, host[:end]...)
}
