// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import "github.com/onecontact/webaddress/internal/urlchars"

// This file holds the parser's fast path: most web addresses in the wild
// are already their own serialization ("https://example.com/a?b#c"), and
// for those the basic URL parser would copy every byte to make the string
// it was given. quickParse checks that the input is such a URL, in one
// pass over it that writes nothing, and finds the offsets; anything it is
// not sure of, it leaves to the parser. TestQuickParse and the fuzz
// targets check that both give the same URL and spans.

// quickParse returns the URL of input, without a base, when input is an
// http, https or file URL in the form the URL Standard serializes it to,
// and the spans of its components when sp is not nil: a lowercase scheme
// and "//"; no credentials; a host of lowercase ASCII domain code points
// that does not end in a number (for file, an empty host, or any host but
// "localhost"); a port, if any, of digits without a leading zero that is
// not the scheme's default (for file, none); a path that starts with "/",
// has no dot segment and no code point to percent-encode (for file, and
// no Windows drive letter with "|" first); a query and a fragment with
// none either. With assume ("http" or "https", as in
// parseOpts), input is what follows the assumed scheme's "//", and may
// end after the host or port: the href is then assume, "://", input and
// the path "/". It reports false for every other input, which the parser
// handles, among them one longer than maxInput and any that is not
// printable ASCII (printableASCII): each byte it takes is one it looks for
// or of a class without the C0 controls, U+007F and the bytes from 0x80.
func quickParse(input, assume string, sp *spans) (URL, bool) {
	if len(input) > maxInput {
		return URL{}, false
	}
	var u URL
	i := 0 // where the host starts in input
	switch {
	case assume == "https":
		u.scheme = schemeHTTPS
	case assume == "http":
		u.scheme = schemeHTTP
	case assume != "":
		return URL{}, false
	case len(input) > 8 && input[:8] == "https://":
		u.scheme, i = schemeHTTPS, 8
	case len(input) > 7 && input[:7] == "http://":
		u.scheme, i = schemeHTTP, 7
	case len(input) > 7 && input[:7] == "file://":
		u.scheme, i = schemeFile, 7
	default:
		return URL{}, false
	}
	// The host: domain code points kept as they are, up to the port, the
	// path, the query or the fragment. (The loops compare i as a uint,
	// which tells the compiler that input[i] needs no bounds check.)
	hostStart := i
	for uint(i) < uint(len(input)) && charClass[input[i]]&domainPlain != 0 {
		i++
	}
	u.hostKind = DomainHost
	if host := input[hostStart:i]; u.scheme == schemeFile {
		// The host may be empty; "localhost" becomes empty; no port.
		if host == "localhost" || endsInNumber(host) || i < len(input) && input[i] == ':' {
			return URL{}, false
		}
		if host == "" {
			u.hostKind = EmptyHost
		}
	} else if host == "" || endsInNumber(host) {
		return URL{}, false
	}
	hostEnd, portStart := i, -1
	if i < len(input) && input[i] == ':' {
		// A port: digits without a leading zero, not the default one.
		i++
		portStart = i
		port := 0
		for i < len(input) && urlchars.IsDigit(input[i]) && port <= 0xFFFF {
			port = port*10 + int(input[i]-'0')
			i++
		}
		if i == portStart || input[portStart] == '0' || port > 0xFFFF || port == u.scheme.defaultPort() {
			return URL{}, false
		}
	}
	// The path: code points the path state copies as they are, in
	// segments none of which is a dot segment. Without a path, the
	// serializer writes "/": an href to make, when the scheme was assumed.
	pathStart, pathEnd := i, i
	switch {
	case i < len(input) && input[i] == '/':
		for {
			segStart := i + 1
			i = segStart
			for uint(i) < uint(len(input)) && charClass[input[i]]&pathStop == 0 {
				i++
			}
			if seg := input[segStart:i]; isSingleDot(seg) || isDoubleDot(seg) {
				return URL{}, false
			}
			if i == len(input) || input[i] != '/' {
				break
			}
		}
		pathEnd = i
		if u.scheme == schemeFile && drivePipe(input[pathStart+1:pathEnd]) {
			return URL{}, false // the drive letter's "|" becomes ":"
		}
	case i < len(input) || assume == "":
		return URL{}, false
	}
	queryStart, fragmentStart := -1, -1
	if i < len(input) && input[i] == '?' {
		queryStart = i
		for i++; i < len(input) && input[i] != '#'; i++ {
			if charClass[input[i]]&encSpecialQuery != 0 {
				return URL{}, false
			}
		}
	}
	if i < len(input) && input[i] == '#' {
		fragmentStart = i
		for i++; i < len(input); i++ {
			if charClass[input[i]]&encFragment != 0 {
				return URL{}, false
			}
		}
	}
	if i != len(input) {
		return URL{}, false // a code point of the path to encode, or a "\"
	}
	// The offsets, in the href: input, or the assumed scheme before it.
	shift := 0
	if assume == "" {
		u.href = input
		u.schemeEnd = uint32(hostStart - 3)
	} else {
		shift = len(assume) + 3
		u.href = assumedHref(assume, input, pathStart == pathEnd)
		u.schemeEnd = uint32(len(assume))
	}
	u.usernameEnd = uint32(shift + hostStart)
	u.hostStart, u.hostEnd = u.usernameEnd, uint32(shift+hostEnd)
	u.pathStart = uint32(shift + pathStart)
	if queryStart >= 0 {
		u.queryStart = uint32(shift + queryStart)
	}
	if fragmentStart >= 0 {
		u.fragmentStart = uint32(shift + fragmentStart)
	}
	if sp != nil {
		// Where each component is in input; the assumed scheme is not.
		*sp = spans{{-1, -1}, {hostStart, hostEnd}, {-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}}
		if assume == "" {
			sp[spanScheme] = [2]int{0, hostStart - 3}
		}
		if portStart >= 0 {
			sp[spanPort] = [2]int{portStart, pathStart}
		}
		if pathEnd > pathStart {
			sp[spanPath] = [2]int{pathStart, pathEnd}
		}
		if queryStart >= 0 {
			end := len(input)
			if fragmentStart >= 0 {
				end = fragmentStart
			}
			sp[spanQuery] = [2]int{queryStart + 1, end}
		}
		if fragmentStart >= 0 {
			sp[spanFragment] = [2]int{fragmentStart + 1, len(input)}
		}
	}
	return u, true
}

// drivePipe reports whether path, a path after its first "/", starts with
// a segment that is a Windows drive letter with "|", which a file URL's
// path state makes ":".
func drivePipe(path string) bool {
	return len(path) >= 2 && path[1] == '|' && urlchars.IsAlpha(path[0]) && (len(path) == 2 || path[2] == '/')
}

// assumedHref returns the href of input read after assume + "://", with
// the "/" of an empty path: one concatenation, one allocation. It is a
// function of its own so that quickParse's common case, an input with its
// scheme, does not pay for the concatenations' code.
//
//go:noinline
func assumedHref(assume, input string, emptyPath bool) string {
	if emptyPath {
		return assume + "://" + input + "/"
	}
	return assume + "://" + input
}
