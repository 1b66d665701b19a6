// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package surt

import (
	"errors"
	"runtime"
	"strings"
	"testing"
)

// keyTest is one input and its key.
type keyTest struct{ in, want string }

// runKeyTests checks each test's key.
func runKeyTests(t *testing.T, tests []keyTest) {
	t.Helper()
	for _, tt := range tests {
		got, err := Key(tt.in)
		if err != nil {
			t.Errorf("Key(%q) error %v, want %q", tt.in, err, tt.want)
			continue
		}
		if got != tt.want {
			t.Errorf("Key(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// The tests below follow the steps of the algorithm in issue 23 (entry,
// parse, Google's canonicalizer, the Internet Archive's, output), one case
// per rule or quirk. Cases marked "(vectors)" are lines of
// testdata/surt/vectors.jsonl too.

// TestKeyEntry covers step 1: the empty input and "filedesc".
func TestKeyEntry(t *testing.T) {
	runKeyTests(t, []keyTest{
		{"", "-"}, // (vectors)
		// An ARC file's header line passes through, whitespace and all.
		{"filedesc://IA-001.arc 0.0.0.0 20080101000000 text/plain 76", "filedesc://IA-001.arc 0.0.0.0 20080101000000 text/plain 76"},
		{"filedescription", "filedescription"},
		// Only at the very start, and case-sensitive.
		{" filedesc://x", "x)/"},
		{"FILEDESC://x", "x)/"},
	})
}

// TestKeyParse covers step 2: trimming, the scheme rule, the split, the
// authority, and the host of an http URL without one.
func TestKeyParse(t *testing.T) {
	runKeyTests(t, []keyTest{
		// ASCII white space is trimmed at both ends (bytes.strip's six bytes),
		// tabs and newlines are deleted inside.
		{"  Example.COM  ", "com,example)/"},         // (vectors)
		{"\v\f\r\n example.com \t", "com,example)/"}, // \v and \f too
		{"exam\tple.com/p\na\rth", "com,example)/path"},
		{"\u00a0example.com", "com,%20example)/"}, // not U+00A0, which is not ASCII (nameprep makes it a space)
		// Without a scheme, "http://" goes in front; but a scheme is any
		// [A-Za-z][A-Za-z0-9+.-]*: at the start.
		{"example.com/a", "com,example)/a"},
		{"example.com:8080/foo", "example.com:8080/foo"}, // (vectors) the scheme "example.com"
		{"localhost:3000", "localhost:3000"},
		{"a_b/c:d", "a_b)/c:d"},                     // "_" is no scheme character
		{"1a/b:c", "1a)/b:c"},                       // nor is a leading digit
		{"//example.com/path", "com,example)/path"}, // (vectors)
		// A leading run of lowercase http:// and https:// keeps its last.
		{"https://https://example.com/", "com,example)/"},        // (vectors)
		{"http://http://http://example.com/x", "com,example)/x"}, // (vectors)
		{"http://https://example.com:443/", "com,example)/"},     // https's default port
		{"https://http://example.com:443/", "com,example:443)/"}, // http's is 80
		{"HTTP://http://x.com/", "http)/x.com"},                  // not in upper case: the host "http:"
		// The RFC 3986 split: the fragment goes, "?" starts the query.
		{"http://example.com/a?b?c#d?e", "com,example)/a?b?c"},
		{"http://example.com#a?b", "com,example)/"},
		// The authority: trailing colons go, user info up to the last "@".
		{"http://example.com::/", "com,example)/"},
		{"http://a:b@c@example.com/", "com,example)/"},
		{"sc://example.com@/x", "sc:/x"}, // an empty host after the user info
		// A "[" starts an IPv6 literal, which ends at "]"; the port follows the
		// first ":" after it. Text before "[" is dropped.
		{"http://[2001:DB8::1]:8080/x", "2001:db8::1:8080)/x"}, // (vectors)
		{"http://a[b]:80/", "b)/"},
		{"http://[::1]x:81/", "::1:81)/"},
		{"http://[::1]81/", "::1)/"}, // no ":" after "]": no port
		{"http://[::1/", "::1)/"},    // no "]"
		{"http://a]b/", "a]b)/"},     // (vectors) "]" alone is nothing special
		// Otherwise the port follows the first ":".
		{"http://example.com:8080/", "com,example:8080)/"},
		{"http://example.com:08080/", "com,example:8080)/"}, // a number: leading zeros go
		{"http://example.com:65535/", "com,example:65535)/"},
		{"http://example.com:0/", "com,example)/"},    // (vectors) port 0 is no port
		{"http://example.com:0000/", "com,example)/"}, //
		// An http URL (a scheme starting with lowercase "http") without a host
		// takes the first segment of its path, after its slashes.
		{"http:example.com/path", "com,example)/path"}, // (vectors)
		{"http:///a/b", "a)/b"},
		{"/relative/path", "relative)/path"}, // (vectors) via "http://"
		{"httpx:foo/bar", "foo)/bar"},
		{"http:foo", "foo)/"},
		{"http:foo:80/x", "foo:80)/x"}, // no port split there
		{"http://user@/a@b/c", "a@b)/c"},
		{"http:///", "http:/"}, // an empty first segment: no host
		{"http:////x", "x)/"},
		{"HTTP:example.com", "HTTP:example.com"}, // (vectors) not in upper case
		{"ftp:example.com/", "ftp:example.com"},  // (vectors) nor for other schemes
		{"http:?q", "http:/?q"},                  // no path: nothing to take
	})
}

// TestKeyErrors covers the inputs surt raises on.
func TestKeyErrors(t *testing.T) {
	tests := []struct {
		in      string
		wantErr error
		at      string
	}{
		{"  \t", ErrBlank, ""}, // (vectors) AttributeError
		{" ", ErrBlank, ""},
		{"\r\n", ErrBlank, ""},
		{"http://example.com:99999/", ErrInvalidPort, "99999"}, // (vectors) ValueError
		{"http://example.com:65536/", ErrInvalidPort, "65536"},
		{"http://example.com:abc/", ErrInvalidPort, "abc"}, // (vectors)
		{"http://example.com:-1/", ErrInvalidPort, "-1"},
		{"http://example.com:+80/", ErrInvalidPort, "+80"},
		{"http://example.com: 80/", ErrInvalidPort, " 80"},
		{"http://example.com:\u0661/", ErrInvalidPort, "\u0661"}, // ASCII digits only
		{"http://[::1]:1:2/", ErrInvalidPort, "1:2"},
		{"http://2001::1/", ErrInvalidPort, ":1"},                       // (vectors, similar) no brackets
		{"http://@:www.example.com", ErrInvalidPort, "www.example.com"}, // (vectors) even without a host
		{"data://:x", ErrInvalidPort, "x"},
		{"http://f:340282366920938463463374607431768211537/c", ErrInvalidPort, "340282366920938463463374607431768211537"}, // (vectors)
		{"a b:c", ErrInvalidPort, "c"},                                                                                    // no scheme ("http://" in front), so "c" is a port
	}
	for _, tt := range tests {
		got, err := Key(tt.in)
		if !errors.Is(err, tt.wantErr) {
			t.Errorf("Key(%q) = %q, %v, want error %v", tt.in, got, err, tt.wantErr)
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Input != tt.in || e.At != tt.at {
			t.Errorf("Key(%q) error %#v, want an *Error with Input %q and At %q", tt.in, err, tt.in, tt.at)
			continue
		}
		wantCode := map[error]Code{ErrBlank: CodeBlank, ErrInvalidPort: CodeInvalidPort}[tt.wantErr]
		if e.Code() != wantCode {
			t.Errorf("Key(%q) error code %q, want %q", tt.in, e.Code(), wantCode)
		}
		if got != "" {
			t.Errorf("Key(%q) = %q with an error, want \"\"", tt.in, got)
		}
	}
}

// TestErrorString checks the error messages.
func TestErrorString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://x:99999/", `surt.Key("http://x:99999/"): port is not a number from 0 to 65535 (at "99999")`},
		{" \t", `surt.Key(" \t"): input is only white space`},
	}
	for _, tt := range tests {
		_, err := Key(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Key(%q) error %v, want %s", tt.in, err, tt.want)
		}
	}
}

// TestKeyGoogleHost covers the host in Google's canonicalizer.
func TestKeyGoogleHost(t *testing.T) {
	runKeyTests(t, []keyTest{
		// Unescaped repeatedly.
		{"http://%65xample.com/", "com,example)/"},
		{"http://%2565xample.com/", "com,example)/"},
		{"http://exa%zzmple.com/", "com,exa%25zzmple)/"},
		// Non-ASCII: UTF-8 (invalid bytes dropped) through IDNA2003.
		{"http://bücher.de/", "de,xn--bcher-kva)/"},
		{"http://b%C3%BCcher.de/", "de,xn--bcher-kva)/"},
		{"http://faß.de/", "de,fass)/"},
		{"http://Ｅｘａｍｐｌｅ．ｃｏｍ/", "com,example)/"},    // (vectors, similar)
		{"http://www.foo。bar.com", "com,bar,foo)/"}, // (vectors)
		{"http://a%FFb.com/", "com,ab)/"},           // what is left is ASCII
		{"http://%FF/x", "http:/x"},                 // nothing is left: no host
		{"http://％４１.com/", "com,%2541)/"},          // (vectors) no unescaping after IDNA
		// Where IDNA2003 fails the bytes stay, escaped.
		{"http://a\uFDD0.com/", "com,a%ef%b7%90)/"},                                               // a noncharacter
		{"http://a..b\u00ad/", "b%c2%ad,a)/"},                                                     // (vectors) an empty label
		{"http://" + strings.Repeat("a", 64) + ".ü/", "%c3%bc," + strings.Repeat("a", 64) + ")/"}, // a label too long
		{"http://%C3%BC%FF..de/", "de,%c3%bc%ff)/"},                                               // the bytes as they were
		// ".." becomes "." in one pass; leading and trailing dots go.
		{"http://a..b/", "b,a)/"},
		{"http://a...b/", "b,,a)/"},
		{"http://..a.b../", "b,a)/"},
		{"http://.../", "http:/"},
		// An all-digit host is an IPv4 address, modulo 2**32.
		{"http://3279880203/", "11,0,127,195)/"}, // (vectors)
		{"http://4294967297/", "1,0,0,0)/"},
		{"http://017/", "17,0,0,0)/"}, // decimal, not octal
		{"http://" + strings.Repeat("9", 100) + "/", "255,255,255,255)/"},
		// inet_aton's forms of ^[1-9][0-9]*(\.[0-9]+){0,3}$ and
		// ^0[0-7]*(\.[0-7]+){0,3}$: a leading 0 makes a part octal, the last
		// part fills the bytes left.
		{"http://10.0.258/", "2,1,0,10)/"}, // (vectors)
		{"http://1.16777215/", "255,255,255,1)/"},
		{"http://1.010/", "8,0,0,1)/"},
		{"http://017.0.0.1/", "1,0,0,15)/"}, // (vectors)
		{"http://0.0.17/", "17,0,0,0)/"},
		{"http://00.8/", "8,00)/"},             // neither form
		{"http://1.08/", "08,1)/"},             // inet_aton rejects it
		{"http://1.16777216/", "16777216,1)/"}, // too big a last part
		{"http://256.1.1.1/", "1,1,1,256)/"},   // too big a part
		{"http://1.2.3.4.5/", "5,4,3,2,1)/"},   // (vectors) five parts
		{"http://0x7f.0.0.1/", "1,0,0,0x7f)/"}, // (vectors) no hex
		// Otherwise escaped and lowercased: bytes up to space, "#", "%",
		// DEL and from 0x80; nothing else.
		{"http://A%20B%23C%25D%7FE/", "a%20b%23c%25d%7fe)/"},
		{"http://a!$&'()*+,;=b/", "a!$&'()*+,;=b)/"},
	})
}

// TestKeyGooglePath covers the path in Google's canonicalizer.
func TestKeyGooglePath(t *testing.T) {
	runKeyTests(t, []keyTest{
		// Unescaped repeatedly, malformed escapes kept, escaped once.
		{"http://example.com/%7Efoo/%41", "com,example)/~foo/a"}, // (vectors)
		{"http://example.com/%2541", "com,example)/a"},
		{"http://example.com/%%41", "com,example)/%25a"},
		{"http://example.com/%25%34%31", "com,example)/a"},
		{"http://example.com/a%", "com,example)/a%25"}, // (vectors)
		{"http://example.com/%zz", "com,example)/%25zz"},
		{"http://example.com/a%23b%3Fc", "com,example)/a%23b?c"},
		{"http://example.com/ü", "com,example)/%c3%bc"},
		{"http://example.com/\"<>^`{|}", "com,example)/\"<>^`{|}"},
		// With a host: dot segments and empty segments.
		{"http://example.com", "com,example)/"},
		{"http://example.com/a/./b/../c", "com,example)/a/c"},
		{"http://example.com/a/%2E%2E/b", "com,example)/b"},
		{"http://example.com//a///b//", "com,example)/a/b"},
		{"http://example.com/..", "com,example)/.."},               // (vectors) nothing to pop: kept
		{"http://example.com/../../a", "com,example)/a"},           // ... and popped by the next ".."
		{"http://example.com/foo/bar//..", "com,example)/foo/bar"}, // (vectors) ".." pops an empty segment
		{"http://example.com/a/b/..", "com,example)/a"},
		// Without a host: no normalization.
		{"foo:/a/./b/../c//d", "foo:/a/./b/../c//d"},
		{"/..//localhost//pig", "http://localhost//pig"}, // (vectors) the host ".." is empty once canonical
	})
}

// TestKeyGoogleQuery covers the query in Google's canonicalizer.
func TestKeyGoogleQuery(t *testing.T) {
	runKeyTests(t, []keyTest{
		{"http://example.com/?q=%2541%20b", "com,example)/?q=a%20b"},
		{"http://example.com/?q=a+b#x", "com,example)/?q=a+b"},
		// The quirk: "%26" and "%3D" decode and split parameters.
		{"http://example.com/?b=x%26a%3D1", "com,example)/?a=1&b=x"},
		{"http://example.com/script?type=a+b+%26+c&grape=wine", "com,example)/script?+c&grape=wine&type=a+b+"}, // (vectors)
	})
}

// TestKeyIAHost covers the host and port in the Internet Archive's
// canonicalizer.
func TestKeyIAHost(t *testing.T) {
	runKeyTests(t, []keyTest{
		// One leading www\d*\. label goes.
		{"http://www.example.com/", "com,example)/"},
		{"http://WWW2.Example.com/", "com,example)/"},
		{"http://www1234.com/", "com)/"},                     // the quirk: www1234 is no "www"
		{"http://www.www.example.com/", "com,example,www)/"}, // (vectors) one only
		{"http://wwwexample.com/", "com,wwwexample)/"},       // (vectors)
		{"http://www/", "www)/"},                             // (vectors)
		{"http://www./", "www)/"},
		{"http://www.192.168.1.1/", "1,1,168,192)/"}, // (vectors) not read as an address again
		// The default port of http and https, spelt in lowercase, goes.
		{"http://example.com:80/", "com,example)/"},
		{"https://example.com:443/", "com,example)/"},
		{"https://example.com:80/", "com,example:80)/"}, // (vectors)
		{"ws://example.com:80/", "com,example:80)/"},
		{"ftp://example.com:21/", "com,example:21)/"},
		{"httpa://foo:80/", "foo:80)/"},                // (vectors)
		{"HTTP://example.com:80/", "com,example:80)/"}, // the scheme as written is not "http"
	})
}

// TestKeyIAPath covers the path in the Internet Archive's canonicalizer.
func TestKeyIAPath(t *testing.T) {
	const id = "4hqa0555fwsecu455xqckv45" // 24 letters and digits
	runKeyTests(t, []keyTest{
		{"http://example.com/A/B.HTML", "com,example)/a/b.html"},
		{"mailto:Foo@Example.com", "mailto:foo@example.com"}, // (vectors) even without a host
		// A final "/" goes, unless it is the whole path.
		{"http://example.com/a/", "com,example)/a"},
		{"http://example.com/", "com,example)/"},
		{"foo:/x/", "foo:/x"},
		{"foo://////", "foo:///"}, // the path "////"
		// ASP.NET cookieless session segments go.
		{"http://example.com/(S(" + id + "))/mileg.aspx", "com,example)/mileg.aspx"}, // (vectors)
		{"http://example.com/a/(S(" + id + ")F(" + id + "))/b/c.ASPX?x", "com,example)/a/b/c.aspx?x"},
		{"http://example.com/(" + id + ")/c.aspx", "com,example)/c.aspx"},
		{"http://example.com/(" + id + ")/(" + id + ")/c.aspx", "com,example)/(" + id + ")/c.aspx"}, // the last one only
		{"foo:/(" + id + ")/c.aspx", "foo:/c.aspx"},                                                 // without a host too
		{"http://example.com/(" + id + ")/c.asp", "com,example)/(" + id + ")/c.asp"},                // not .aspx
		{"http://example.com/(" + id + ")/.aspx", "com,example)/(" + id + ")/.aspx"},                // nothing before .aspx
		{"http://example.com/(" + id + ")/a%3Fb.aspx", "com,example)/(" + id + ")/a?b.aspx"},        // a "?" before it
		{"http://example.com/(" + id[1:] + ")/c.aspx", "com,example)/(" + id[1:] + ")/c.aspx"},      // 23 characters
		{"http://example.com/(S(" + id + "))(c.aspx", "com,example)/(s(" + id + "))(c.aspx"},        // no "/" after
	})
}

// TestKeyIAQuery covers the query in the Internet Archive's canonicalizer.
func TestKeyIAQuery(t *testing.T) {
	const id = "0123456789abcdef0123456789ABCDEF" // 32 letters and digits
	runKeyTests(t, []keyTest{
		// Session IDs go, with their "&" after them, or the "&" before them
		// stays.
		{"http://example.com/x?jsessionid=" + id + "&a=1", "com,example)/x?a=1"}, // (vectors)
		{"http://example.com/x?a=1&JSESSIONID=" + id, "com,example)/x?&a=1"},
		{"http://example.com/x?a=1&phpsessid=" + id + "&b=2", "com,example)/x?a=1&b=2"},
		{"http://example.com/x?a=1&sid=" + id, "com,example)/x?&a=1"},                                             // (vectors)
		{"http://example.com/x?a=1&foosid=" + id, "com,example)/x?a=1&foo"},                                       // inside a longer name
		{"http://example.com/x?jsessionid=" + id + "x", "com,example)/x?jsessionid=" + strings.ToLower(id) + "x"}, // 33 characters
		{"http://example.com/x?ASPSESSIONIDQQGQQGQQ=ABCDEFGHIJKLMNOPQRSTUVWX&a=1", "com,example)/x?a=1"},
		{"http://example.com/x?cfid=123&cftoken=abc&a=1", "com,example)/x?a=1"},
		{"http://example.com/x?a=1&CFID=123&CFTOKEN=abc", "com,example)/x?&a=1"},
		{"http://example.com/x?cfid=123&a=1&cftoken=abc", "com,example)/x?a=1&cfid=123&cftoken=abc"}, // not next to each other
		// The last match of each pattern only.
		{"http://example.com/x?sid=" + id + "&sid=" + id, "com,example)/x?&sid=" + strings.ToLower(id)},
		// Lowercased, then parameters sorted by name, a part without "=" first,
		// then by value.
		{"http://example.com/a?c=3&b=2&a=1&A=0", "com,example)/a?a=0&a=1&b=2&c=3"}, // (vectors)
		{"http://example.com/a?b=&a", "com,example)/a?a&b="},                       // (vectors)
		{"http://example.com/a?a=1&a", "com,example)/a?a&a=1"},
		{"http://example.com/a?a-=1&a=2", "com,example)/a?a=2&a-=1"}, // by name, not by the whole part
		{"http://example.com/a?b=1=2&b=1", "com,example)/a?b=1&b=1=2"},
		{"http://example.com/?&&a&&", "com,example)/?&&&&a"}, // (vectors, similar)
		// A query of one byte is left as it is; an empty one goes, and so does
		// a "?" alone.
		{"http://example.com/?B", "com,example)/?b"},
		{"http://example.com/?&", "com,example)/?&"}, // (vectors)
		{"http://example.com/?", "com,example)/"},    // (vectors)
		{"http://example.com/??", "com,example)/"},
		{"http://example.com/??a", "com,example)/??a"},
	})
}

// TestKeyOutput covers step 5.
func TestKeyOutput(t *testing.T) {
	runKeyTests(t, []keyTest{
		// Labels reversed and joined by commas, port, ")", path, query; no
		// scheme.
		{"https://a.b.example.co.uk:8443/p?q", "uk,co,example,b,a:8443)/p?q"},
		{"ftp://ftp.example.com/pub/", "com,example,ftp)/pub"}, // (vectors)
		{"http://1.2.3.4/", "4,3,2,1)/"},                       // (vectors) addresses too
		{"http://[::ffff:1.2.3.4]/", "4,3,2,::ffff:1)/"},       // an IPv6 literal without brackets
		// Without a host: the scheme as written, ":" and the path.
		{"MAILTO:X@Y.Z", "MAILTO:x@y.z"}, // (vectors)
		{"urn:ISBN:123?A=1", "urn:isbn:123?a=1"},
		{"sc:", "sc:"},                             // (vectors)
		{"file:///etc/passwd", "file:/etc/passwd"}, // (vectors) an empty host
		{"sc://:12/", "sc:/"},                      // (vectors) no port without a host
		// An empty path before a query becomes "/".
		{"file:?x", "file:/?x"},                                 // (vectors)
		{"magnet:?xt=urn:btih:abc", "magnet:/?xt=urn:btih:abc"}, // (vectors)
		{"file:?", "file:"},
	})
}

// TestKeyAllocs checks that Key allocates only its result for addresses of
// usual shapes (longer ones need more scratch space), and nothing for the
// empty input and "filedesc" lines.
func TestKeyAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("skipping allocation counts under the race detector")
	}
	tests := []struct {
		in   string
		want float64
	}{
		{"", 0},
		{"filedesc://IA-001.arc", 0},
		{"https://www.Example.com/About/index.html?b=2&a=1&utm_source=x#team", 1},
		{"example.com:8080/foo", 1},
		{"http://[2001:db8::1]:8080/%7Ex/../y/", 1},
		{"http://10.0.258/x?jsessionid=0123456789abcdef0123456789abcdef&a=1", 1},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(100, func() { sinkKey, _ = Key(tt.in) }); got != tt.want {
			t.Errorf("Key(%q) allocates %v times, want %v", tt.in, got, tt.want)
		}
	}
}

var sinkKey string

// TestKeyLongInputs runs inputs of a few hundred kilobytes built to make a
// naive matcher quadratic (repeated candidates of the ASP.NET and session-ID
// patterns, long runs of combining marks for NFKC, deep escapes and dot
// segments). Key must take them in linear time, so a regression shows as a
// test that does not finish.
func TestKeyLongInputs(t *testing.T) {
	const id = "(0123456789abcdefghijklmn)/"
	tests := []struct{ in, want string }{
		{"http://x/" + strings.Repeat(id, 10000) + "a%3F.aspx", "x)/" + strings.Repeat(id, 10000) + "a?.aspx"},
		{"http://x/" + strings.Repeat(id, 10000) + "a.aspx", "x)/" + strings.Repeat(id, 9999) + "a.aspx"},
		{"http://x/?" + strings.Repeat("cfid=", 50000), "x)/?" + strings.Repeat("cfid=", 50000)},
		{"http://x/?" + strings.Repeat("cfid=1&", 50000) + "cftoken=2", "x)/?" + strings.Repeat("&cfid=1", 49999)},
		{"http://x/?" + strings.Repeat("sid=", 50000), "x)/?" + strings.Repeat("sid=", 50000)},
		{"http://x/%" + strings.Repeat("25", 100000) + "41", "x)/a"},
		{"http://x/" + strings.Repeat("a/../", 100000), "x)/"},
		{"http://a" + strings.Repeat("\u0301\u0323", 50000) + ".com/", "com,a" + strings.Repeat("%cc%81%cc%a3", 50000) + ")/"}, // too long a label for IDNA: kept
	}
	for _, tt := range tests {
		got, err := Key(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Key(%.40q...) = %.40q..., %v, want %.40q...", tt.in, got, err, tt.want)
		}
	}
}

// TestKeyLongPathBytes checks that a long path costs Key about twice its
// size in allocations (the key made in place, then the string returned),
// not a copy for each step of the canonicalization (it was five), so that
// the command-line tool's surt takes a 200 MB line in a few times its size
// (issue 27), however many segments it has (a stack of their places took
// 8 bytes each). The bound is generous: 3 times.
func TestKeyLongPathBytes(t *testing.T) {
	if raceEnabled {
		t.Skip("skipping allocation counts under the race detector")
	}
	for _, in := range []string{
		"https://www.example.com/" + strings.Repeat("Abc", 1<<20) + "/x/",
		"https://www.example.com/" + strings.Repeat("Abc/", 1<<20),     // short segments: no stack of them
		"https://www.example.com/" + strings.Repeat("a//./", 1<<20),    // empty and dot segments
		"http://x/a/./b/../" + strings.Repeat("%41 b", 1<<19) + "?q=1", // escapes: the path grows
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		sinkKey, _ = Key(in)
		runtime.ReadMemStats(&after)
		if got, limit := after.TotalAlloc-before.TotalAlloc, 3*uint64(max(len(in), len(sinkKey))); got > limit {
			t.Errorf("Key of %d bytes (key %d bytes) allocates %d bytes, want at most %d", len(in), len(sinkKey), got, limit)
		}
	}
}
