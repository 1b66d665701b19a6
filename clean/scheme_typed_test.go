// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/layer"
	"github.com/onecontact/webaddress/internal/testfiles"
	"github.com/onecontact/webaddress/internal/urlchars"
)

// This file tests R's scheme rule and scheme-relative inputs, the index
// page, and the host, path and case as typed. Rows are written as in
// cleanTests.

// cleanResult returns the row of cleanTests for Clean(in) with the options
// R names in opts ("name=value", space-separated), or fails t.
func cleanResult(t *testing.T, in, opts string) string {
	t.Helper()
	var o CleanOptions
	for kv := range strings.FieldsSeq(opts) {
		name, value, _ := strings.Cut(kv, "=")
		if err := o.Set(name, value); err != nil {
			t.Fatalf("%q: %v", opts, err)
		}
	}
	c, err := Clean(in, o)
	if err != nil {
		var ce *webaddress.Error
		if !errors.As(err, &ce) || c != (Cleaned{Original: in, Status: StatusError, Err: err}) {
			t.Fatalf("Clean(%q, %s) = %+v, %v: want a *Error and only Original and Status", in, opts, c, err)
		}
		return "error " + string(ce.Code())
	}
	return cleanRow(c)
}

// TestCleanSchemeRule: every kind of scheme under every protocol_handling
// (keep, none, strip, http, https). A scheme counts when it is http, https,
// ftp or ftps followed by "://"; any other scheme is an error, whatever
// protocol_handling says, unless the input is a host and a port.
func TestCleanSchemeRule(t *testing.T) {
	protocols := [5]string{"keep", "none", "strip", "http", "https"}
	tests := []struct {
		in   string
		want [5]string // under each of protocols
	}{
		// http
		{"http://Example.com/a", [5]string{
			"http|example.com||/a|||||example.com|com||http://example.com/a|ok",
			"http|example.com||/a|||||example.com|com||http://example.com/a|ok",
			"|example.com||/a|||||example.com|com||example.com/a|ok",
			"http|example.com||/a|||||example.com|com||http://example.com/a|ok",
			"https|example.com||/a|||||example.com|com||https://example.com/a|ok",
		}},
		// https in upper case
		{"HTTPS://example.com/a", [5]string{
			"https|example.com||/a|||||example.com|com||https://example.com/a|ok",
			"https|example.com||/a|||||example.com|com||https://example.com/a|ok",
			"|example.com||/a|||||example.com|com||example.com/a|ok",
			"http|example.com||/a|||||example.com|com||http://example.com/a|ok",
			"https|example.com||/a|||||example.com|com||https://example.com/a|ok",
		}},
		// ftp: ok-ftp unless the scheme goes or changes
		{"ftp://example.com/a", [5]string{
			"ftp|example.com||/a|||||example.com|com||ftp://example.com/a|ok-ftp",
			"ftp|example.com||/a|||||example.com|com||ftp://example.com/a|ok-ftp",
			"|example.com||/a|||||example.com|com||example.com/a|ok",
			"http|example.com||/a|||||example.com|com||http://example.com/a|ok",
			"https|example.com||/a|||||example.com|com||https://example.com/a|ok",
		}},
		// ftps, read as ftp
		{"ftps://example.com/a", [5]string{
			"ftps|example.com||/a|||||example.com|com||ftps://example.com/a|ok-ftp",
			"ftps|example.com||/a|||||example.com|com||ftps://example.com/a|ok-ftp",
			"|example.com||/a|||||example.com|com||example.com/a|ok",
			"http|example.com||/a|||||example.com|com||http://example.com/a|ok",
			"https|example.com||/a|||||example.com|com||https://example.com/a|ok",
		}},
		// no scheme
		{"example.com/a", [5]string{
			"http|example.com||/a|||||example.com|com||http://example.com/a|ok",
			"|example.com||/a|||||example.com|com||example.com/a|ok",
			"|example.com||/a|||||example.com|com||example.com/a|ok",
			"http|example.com||/a|||||example.com|com||http://example.com/a|ok",
			"https|example.com||/a|||||example.com|com||https://example.com/a|ok",
		}},
		// a host and a port, not the scheme "localhost"
		{"localhost:3000/a", [5]string{
			"http|localhost|3000|/a||||||||http://localhost/a|warning-no-tld",
			"|localhost|3000|/a||||||||localhost/a|warning-no-tld",
			"|localhost|3000|/a||||||||localhost/a|warning-no-tld",
			"http|localhost|3000|/a||||||||http://localhost/a|warning-no-tld",
			"https|localhost|3000|/a||||||||https://localhost/a|warning-no-tld",
		}},
		// credentials, a host and a port
		{"user:pw@example.com:8080", [5]string{
			"http|example.com|8080|/|||user|pw|example.com|com||http://example.com/|ok",
			"|example.com|8080|/|||user|pw|example.com|com||example.com/|ok",
			"|example.com|8080|/|||user|pw|example.com|com||example.com/|ok",
			"http|example.com|8080|/|||user|pw|example.com|com||http://example.com/|ok",
			"https|example.com|8080|/|||user|pw|example.com|com||https://example.com/|ok",
		}},
		// as R's rurl 1.4 answers: mailto under strip, http and https too
		{"mailto:user@example.com", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
		// tel
		{"tel:+15551234", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
		// ws, a special scheme of the Standard
		{"ws://example.com/", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
		// wss
		{"wss://example.com/", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
		// file
		{"file:///etc/passwd", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
		// javascript
		{"javascript:alert(1)", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
		// data
		{"data:text/plain,hi", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
		// as R's rurl 1.4 answers: ftp without "//"
		{"ftp:example.com", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
		// one "/" (the Standard would read it)
		{"http:/example.com", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
		// no "/" (the Standard would read it)
		{"http:example.com", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
		// another scheme with "//"
		{"git+ssh://example.com/r", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
		// a host "urn" and a port "isbn:123" to R: not a port
		{"urn:isbn:123", [5]string{
			"error web.invalid-port",
			"error web.invalid-port",
			"error web.invalid-port",
			"error web.invalid-port",
			"error web.invalid-port",
		}},
		// the scheme "user" to R
		{"user:pw@example.com", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
		// the scheme "example.com" to R: not a port
		{"example.com:abc", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
		// R reads a port only before "/" or the end
		{"localhost:3000?q=1", [5]string{
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
			"error clean.unsupported-scheme",
		}},
	}
	for _, tt := range tests {
		for i, p := range protocols {
			if got := cleanResult(t, tt.in, "protocol_handling="+p); got != tt.want[i] {
				t.Errorf("Clean(%q, protocol_handling=%s) =\n\t%s\nwant\n\t%s", tt.in, p, got, tt.want[i])
			}
		}
	}
}

// TestCleanSchemeRelative: a "//host" input under each
// scheme_relative_handling and protocol_handling. Under "keep" the scheme
// is NA and an ok status ok-scheme-relative, and clean_url has the scheme
// protocol_handling gives ("http://" under keep, none under none and
// strip).
func TestCleanSchemeRelative(t *testing.T) {
	tests := []struct{ in, opts, want string }{
		// as R's rurl 1.4 answers: R's clean_url keeps http://
		{"//cdn.example.com/lib.js", "", "|cdn.example.com||/lib.js|||||example.com|com||http://cdn.example.com/lib.js|ok-scheme-relative"},
		// no scheme under none: the input has none
		{"//cdn.example.com/lib.js", "protocol_handling=none", "|cdn.example.com||/lib.js|||||example.com|com||cdn.example.com/lib.js|ok-scheme-relative"},
		// strip: clean_url has no scheme either
		{"//cdn.example.com/lib.js", "protocol_handling=strip", "|cdn.example.com||/lib.js|||||example.com|com||cdn.example.com/lib.js|ok-scheme-relative"},
		// a forced scheme goes into clean_url; the scheme column stays NA
		{"//cdn.example.com/lib.js", "protocol_handling=http", "|cdn.example.com||/lib.js|||||example.com|com||http://cdn.example.com/lib.js|ok-scheme-relative"},
		{"//cdn.example.com/lib.js", "protocol_handling=https", "|cdn.example.com||/lib.js|||||example.com|com||https://cdn.example.com/lib.js|ok-scheme-relative"},
		// http and https: the scheme is written, and the status plain ok
		{"//cdn.example.com/lib.js", "scheme_relative_handling=http", "http|cdn.example.com||/lib.js|||||example.com|com||http://cdn.example.com/lib.js|ok"},
		{"//cdn.example.com/lib.js", "scheme_relative_handling=http protocol_handling=none", "http|cdn.example.com||/lib.js|||||example.com|com||http://cdn.example.com/lib.js|ok"},
		{"//cdn.example.com/lib.js", "scheme_relative_handling=http protocol_handling=https", "https|cdn.example.com||/lib.js|||||example.com|com||https://cdn.example.com/lib.js|ok"},
		{"//cdn.example.com/lib.js", "scheme_relative_handling=https", "https|cdn.example.com||/lib.js|||||example.com|com||https://cdn.example.com/lib.js|ok"},
		{"//cdn.example.com/lib.js", "scheme_relative_handling=https protocol_handling=http", "http|cdn.example.com||/lib.js|||||example.com|com||http://cdn.example.com/lib.js|ok"},
		{"//cdn.example.com/lib.js", "scheme_relative_handling=https protocol_handling=strip", "|cdn.example.com||/lib.js|||||example.com|com||cdn.example.com/lib.js|ok"},
		// error, whatever protocol_handling says
		{"//cdn.example.com/lib.js", "scheme_relative_handling=error", "error clean.scheme-relative"},
		{"//cdn.example.com/lib.js", "scheme_relative_handling=error protocol_handling=https", "error clean.scheme-relative"},
		// case_handling upper applies to the http:// of clean_url
		{"//cdn.example.com/lib.js", "case_handling=upper trailing_slash_handling=keep", "|CDN.EXAMPLE.COM||/LIB.JS/|||||example.com|com||HTTP://CDN.EXAMPLE.COM/LIB.JS/|ok-scheme-relative"},
		// the host's case as typed under keep
		{"//CDN.Example.COM/a", "case_handling=keep", "|CDN.Example.COM||/a|||||example.com|com||http://CDN.Example.COM/a|ok-scheme-relative"},
		// a default port is read as http's, and kept as written
		{"//CDN.Example.com:443/a", "", "|cdn.example.com|443|/a|||||example.com|com||http://cdn.example.com/a|ok-scheme-relative"},
		{"//CDN.Example.com:80/a", "port_handling=strip_default", "|cdn.example.com|80|/a|||||example.com|com||http://cdn.example.com/a|ok-scheme-relative"},
		// a warning status stays
		{"//localhost/", "", "|localhost||/||||||||http://localhost/|warning-no-tld"},
		// white space before "//"
		{"  //example.com", "", "|example.com||/|||||example.com|com||http://example.com/|ok-scheme-relative"},
	}
	for _, tt := range tests {
		if got := cleanResult(t, tt.in, tt.opts); got != tt.want {
			t.Errorf("Clean(%q, %s) =\n\t%s\nwant\n\t%s", tt.in, tt.opts, got, tt.want)
		}
	}
}

// TestCleanIndexPage: index_page_handling strip removes a default document
// followed by at most one "/" (as R's rurl 1.4 does), "index." or "default." and at
// least one more character, as R does.
func TestCleanIndexPage(t *testing.T) {
	tests := []struct{ in, opts, want string }{
		// as R's rurl 1.4 answers: the default document and one trailing slash
		{"http://example.com/index.html/", "index_page_handling=strip", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
		// then trailing_slash_handling
		{"http://example.com/index.html/", "index_page_handling=strip trailing_slash_handling=keep", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
		{"http://example.com/index.html/", "index_page_handling=strip trailing_slash_handling=strip", "http|example.com||/|||||example.com|com||http://example.com|ok"},
		{"http://example.com/a/index.html", "index_page_handling=strip trailing_slash_handling=keep", "http|example.com||/a/|||||example.com|com||http://example.com/a/|ok"},
		// default.*, in any case
		{"http://example.com/a/b/Default.aspx/", "index_page_handling=strip", "http|example.com||/a/b|||||example.com|com||http://example.com/a/b|ok"},
		// two slashes after it: not a default document
		{"http://example.com/a/index.html//", "index_page_handling=strip", "http|example.com||/a/index.html//|||||example.com|com||http://example.com/a/index.html//|ok"},
		// not the last segment
		{"http://example.com/a/index.html/x", "index_page_handling=strip", "http|example.com||/a/index.html/x|||||example.com|com||http://example.com/a/index.html/x|ok"},
		// nothing after the dot
		{"http://example.com/a/index.", "index_page_handling=strip", "http|example.com||/a/index.|||||example.com|com||http://example.com/a/index.|ok"},
		{"http://example.com/a/default./", "index_page_handling=strip", "http|example.com||/a/default./|||||example.com|com||http://example.com/a/default./|ok"},
		// no dot
		{"http://example.com/a/indexhtml/", "index_page_handling=strip", "http|example.com||/a/indexhtml/|||||example.com|com||http://example.com/a/indexhtml/|ok"},
		// the query and fragment stay
		{"http://example.com/a/index.php?x=1#f", "index_page_handling=strip", "http|example.com||/a|x=1|f|||example.com|com||http://example.com/a|ok"},
		// keep leaves it
		{"http://example.com/a/index.html/", "index_page_handling=keep", "http|example.com||/a/index.html/|||||example.com|com||http://example.com/a/index.html/|ok"},
		// before case_handling
		{"http://example.com/INDEX.HTML", "index_page_handling=strip case_handling=upper", "HTTP|EXAMPLE.COM||/|||||example.com|com||HTTP://EXAMPLE.COM/|ok"},
		// an escape is not the letter it spells
		{"http://example.com/a/%69ndex.html", "index_page_handling=strip", "http|example.com||/a/%69ndex.html|||||example.com|com||http://example.com/a/%69ndex.html|ok"},
		// after collapse_slashes
		{"http://example.com//index.html/", "index_page_handling=strip path_normalization=collapse_slashes", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	}
	for _, tt := range tests {
		if got := cleanResult(t, tt.in, tt.opts); got != tt.want {
			t.Errorf("Clean(%q, %s) =\n\t%s\nwant\n\t%s", tt.in, tt.opts, got, tt.want)
		}
	}
}

// TestCleanHostAsTyped: IDN hosts under each host_encoding and each
// case_handling (lower_host, keep, lower, upper).
func TestCleanHostAsTyped(t *testing.T) {
	cases := [4]string{"lower_host", "keep", "lower", "upper"}
	tests := []struct {
		in, opts string
		want     [4]string // under each of cases
	}{
		// the host, typed in upper case; host_encoding=keep
		{"https://BÜCHER.Example/", "host_encoding=keep", [4]string{
			"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
			"https|BÜCHER.Example||/||||||||https://BÜCHER.Example/|warning-invalid-tld",
			"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
			"HTTPS|BÜCHER.EXAMPLE||/||||||||HTTPS://BÜCHER.EXAMPLE/|warning-invalid-tld",
		}},
		// the host, typed in upper case; host_encoding=idna
		{"https://BÜCHER.Example/", "host_encoding=idna", [4]string{
			"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
			"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
			"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
			"HTTPS|XN--BCHER-KVA.EXAMPLE||/||||||||HTTPS://XN--BCHER-KVA.EXAMPLE/|warning-invalid-tld",
		}},
		// the host, typed in upper case; host_encoding=unicode
		{"https://BÜCHER.Example/", "host_encoding=unicode", [4]string{
			"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
			"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
			"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
			"HTTPS|BÜCHER.EXAMPLE||/||||||||HTTPS://BÜCHER.EXAMPLE/|warning-invalid-tld",
		}},
		// Punycode stays Punycode under keep; host_encoding=keep
		{"https://xn--bcher-kva.EXAMPLE/", "host_encoding=keep", [4]string{
			"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
			"https|xn--bcher-kva.EXAMPLE||/||||||||https://xn--bcher-kva.EXAMPLE/|warning-invalid-tld",
			"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
			"HTTPS|XN--BCHER-KVA.EXAMPLE||/||||||||HTTPS://XN--BCHER-KVA.EXAMPLE/|warning-invalid-tld",
		}},
		// Punycode stays Punycode under keep; host_encoding=idna
		{"https://xn--bcher-kva.EXAMPLE/", "host_encoding=idna", [4]string{
			"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
			"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
			"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
			"HTTPS|XN--BCHER-KVA.EXAMPLE||/||||||||HTTPS://XN--BCHER-KVA.EXAMPLE/|warning-invalid-tld",
		}},
		// Punycode stays Punycode under keep; host_encoding=unicode
		{"https://xn--bcher-kva.EXAMPLE/", "host_encoding=unicode", [4]string{
			"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
			"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
			"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
			"HTTPS|BÜCHER.EXAMPLE||/||||||||HTTPS://BÜCHER.EXAMPLE/|warning-invalid-tld",
		}},
		// the example: Unicode, no case; host_encoding=keep
		{"https://例え.テスト/パス", "host_encoding=keep", [4]string{
			"https|例え.テスト||/パス||||||||https://例え.テスト/パス|warning-invalid-tld",
			"https|例え.テスト||/パス||||||||https://例え.テスト/パス|warning-invalid-tld",
			"https|例え.テスト||/パス||||||||https://例え.テスト/パス|warning-invalid-tld",
			"HTTPS|例え.テスト||/パス||||||||HTTPS://例え.テスト/パス|warning-invalid-tld",
		}},
		// the example: Unicode, no case; host_encoding=idna
		{"https://例え.テスト/パス", "host_encoding=idna", [4]string{
			"https|xn--r8jz45g.xn--zckzah||/パス||||||||https://xn--r8jz45g.xn--zckzah/パス|warning-invalid-tld",
			"https|xn--r8jz45g.xn--zckzah||/パス||||||||https://xn--r8jz45g.xn--zckzah/パス|warning-invalid-tld",
			"https|xn--r8jz45g.xn--zckzah||/パス||||||||https://xn--r8jz45g.xn--zckzah/パス|warning-invalid-tld",
			"HTTPS|XN--R8JZ45G.XN--ZCKZAH||/パス||||||||HTTPS://XN--R8JZ45G.XN--ZCKZAH/パス|warning-invalid-tld",
		}},
		// the example: Unicode, no case; host_encoding=unicode
		{"https://例え.テスト/パス", "host_encoding=unicode", [4]string{
			"https|例え.テスト||/パス||||||||https://例え.テスト/パス|warning-invalid-tld",
			"https|例え.テスト||/パス||||||||https://例え.テスト/パス|warning-invalid-tld",
			"https|例え.テスト||/パス||||||||https://例え.テスト/パス|warning-invalid-tld",
			"HTTPS|例え.テスト||/パス||||||||HTTPS://例え.テスト/パス|warning-invalid-tld",
		}},
		// the domain of café.münchen.de is münchen.de; host_encoding=keep
		{"https://Café.München.de/", "host_encoding=keep", [4]string{
			"https|café.münchen.de||/|||||münchen.de|de||https://café.münchen.de/|ok",
			"https|Café.München.de||/|||||münchen.de|de||https://Café.München.de/|ok",
			"https|café.münchen.de||/|||||münchen.de|de||https://café.münchen.de/|ok",
			"HTTPS|CAFÉ.MÜNCHEN.DE||/|||||münchen.de|de||HTTPS://CAFÉ.MÜNCHEN.DE/|ok",
		}},
		// the domain of café.münchen.de is münchen.de; host_encoding=idna
		{"https://Café.München.de/", "host_encoding=idna", [4]string{
			"https|xn--caf-dma.xn--mnchen-3ya.de||/|||||xn--mnchen-3ya.de|de||https://xn--caf-dma.xn--mnchen-3ya.de/|ok",
			"https|xn--caf-dma.xn--mnchen-3ya.de||/|||||xn--mnchen-3ya.de|de||https://xn--caf-dma.xn--mnchen-3ya.de/|ok",
			"https|xn--caf-dma.xn--mnchen-3ya.de||/|||||xn--mnchen-3ya.de|de||https://xn--caf-dma.xn--mnchen-3ya.de/|ok",
			"HTTPS|XN--CAF-DMA.XN--MNCHEN-3YA.DE||/|||||xn--mnchen-3ya.de|de||HTTPS://XN--CAF-DMA.XN--MNCHEN-3YA.DE/|ok",
		}},
		// the domain of café.münchen.de is münchen.de; host_encoding=unicode
		{"https://Café.München.de/", "host_encoding=unicode", [4]string{
			"https|café.münchen.de||/|||||münchen.de|de||https://café.münchen.de/|ok",
			"https|café.münchen.de||/|||||münchen.de|de||https://café.münchen.de/|ok",
			"https|café.münchen.de||/|||||münchen.de|de||https://café.münchen.de/|ok",
			"HTTPS|CAFÉ.MÜNCHEN.DE||/|||||münchen.de|de||HTTPS://CAFÉ.MÜNCHEN.DE/|ok",
		}},
		// fullwidth letters, which UTS #46 maps, stay as typed; host_encoding=keep
		{"http://ＢÜＣＨＥＲ.de/", "host_encoding=keep", [4]string{
			"http|ｂüｃｈｅｒ.de||/|||||ｂüｃｈｅｒ.de|de||http://ｂüｃｈｅｒ.de/|ok",
			"http|ＢÜＣＨＥＲ.de||/|||||ｂüｃｈｅｒ.de|de||http://ＢÜＣＨＥＲ.de/|ok",
			"http|ｂüｃｈｅｒ.de||/|||||ｂüｃｈｅｒ.de|de||http://ｂüｃｈｅｒ.de/|ok",
			"HTTP|ＢÜＣＨＥＲ.DE||/|||||ｂüｃｈｅｒ.de|de||HTTP://ＢÜＣＨＥＲ.DE/|ok",
		}},
		// fullwidth letters, which UTS #46 maps, stay as typed; host_encoding=idna
		{"http://ＢÜＣＨＥＲ.de/", "host_encoding=idna", [4]string{
			"http|xn--bcher-kva.de||/|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/|ok",
			"http|xn--bcher-kva.de||/|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/|ok",
			"http|xn--bcher-kva.de||/|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/|ok",
			"HTTP|XN--BCHER-KVA.DE||/|||||xn--bcher-kva.de|de||HTTP://XN--BCHER-KVA.DE/|ok",
		}},
		// fullwidth letters, which UTS #46 maps, stay as typed; host_encoding=unicode
		{"http://ＢÜＣＨＥＲ.de/", "host_encoding=unicode", [4]string{
			"http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok",
			"http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok",
			"http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok",
			"HTTP|BÜCHER.DE||/|||||bücher.de|de||HTTP://BÜCHER.DE/|ok",
		}},
		// ß, which UTS #46 keeps (Go's upper case keeps it too); host_encoding=keep
		{"http://www.Straße.de/", "host_encoding=keep", [4]string{
			"http|www.straße.de||/|||||straße.de|de||http://www.straße.de/|ok",
			"http|www.Straße.de||/|||||straße.de|de||http://www.Straße.de/|ok",
			"http|www.straße.de||/|||||straße.de|de||http://www.straße.de/|ok",
			"HTTP|WWW.STRAßE.DE||/|||||straße.de|de||HTTP://WWW.STRAßE.DE/|ok",
		}},
		// ß, which UTS #46 keeps (Go's upper case keeps it too); host_encoding=idna
		{"http://www.Straße.de/", "host_encoding=idna", [4]string{
			"http|www.xn--strae-oqa.de||/|||||xn--strae-oqa.de|de||http://www.xn--strae-oqa.de/|ok",
			"http|www.xn--strae-oqa.de||/|||||xn--strae-oqa.de|de||http://www.xn--strae-oqa.de/|ok",
			"http|www.xn--strae-oqa.de||/|||||xn--strae-oqa.de|de||http://www.xn--strae-oqa.de/|ok",
			"HTTP|WWW.XN--STRAE-OQA.DE||/|||||xn--strae-oqa.de|de||HTTP://WWW.XN--STRAE-OQA.DE/|ok",
		}},
		// ß, which UTS #46 keeps (Go's upper case keeps it too); host_encoding=unicode
		{"http://www.Straße.de/", "host_encoding=unicode", [4]string{
			"http|www.straße.de||/|||||straße.de|de||http://www.straße.de/|ok",
			"http|www.straße.de||/|||||straße.de|de||http://www.straße.de/|ok",
			"http|www.straße.de||/|||||straße.de|de||http://www.straße.de/|ok",
			"HTTP|WWW.STRAßE.DE||/|||||straße.de|de||HTTP://WWW.STRAßE.DE/|ok",
		}},
		// the TLD of 石川.jp is 石川.jp; host_encoding=keep
		{"http://石川.JP/", "host_encoding=keep", [4]string{
			"http|石川.jp||/||||||石川.jp||http://石川.jp/|warning-public-suffix",
			"http|石川.JP||/||||||石川.jp||http://石川.JP/|warning-public-suffix",
			"http|石川.jp||/||||||石川.jp||http://石川.jp/|warning-public-suffix",
			"HTTP|石川.JP||/||||||石川.jp||HTTP://石川.JP/|warning-public-suffix",
		}},
		// the TLD of 石川.jp is 石川.jp; host_encoding=idna
		{"http://石川.JP/", "host_encoding=idna", [4]string{
			"http|xn--5rtp49c.jp||/||||||xn--5rtp49c.jp||http://xn--5rtp49c.jp/|warning-public-suffix",
			"http|xn--5rtp49c.jp||/||||||xn--5rtp49c.jp||http://xn--5rtp49c.jp/|warning-public-suffix",
			"http|xn--5rtp49c.jp||/||||||xn--5rtp49c.jp||http://xn--5rtp49c.jp/|warning-public-suffix",
			"HTTP|XN--5RTP49C.JP||/||||||xn--5rtp49c.jp||HTTP://XN--5RTP49C.JP/|warning-public-suffix",
		}},
		// the TLD of 石川.jp is 石川.jp; host_encoding=unicode
		{"http://石川.JP/", "host_encoding=unicode", [4]string{
			"http|石川.jp||/||||||石川.jp||http://石川.jp/|warning-public-suffix",
			"http|石川.jp||/||||||石川.jp||http://石川.jp/|warning-public-suffix",
			"http|石川.jp||/||||||石川.jp||http://石川.jp/|warning-public-suffix",
			"HTTP|石川.JP||/||||||石川.jp||HTTP://石川.JP/|warning-public-suffix",
		}},
		// a label with an escape is written as the Standard serializes it; host_encoding=keep
		{"http://bü%63her.de/", "host_encoding=keep", [4]string{
			"http|xn--bcher-kva.de||/|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/|ok",
			"http|xn--bcher-kva.de||/|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/|ok",
			"http|xn--bcher-kva.de||/|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/|ok",
			"HTTP|XN--BCHER-KVA.DE||/|||||xn--bcher-kva.de|de||HTTP://XN--BCHER-KVA.DE/|ok",
		}},
		// a label with an escape is written as the Standard serializes it; host_encoding=idna
		{"http://bü%63her.de/", "host_encoding=idna", [4]string{
			"http|xn--bcher-kva.de||/|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/|ok",
			"http|xn--bcher-kva.de||/|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/|ok",
			"http|xn--bcher-kva.de||/|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/|ok",
			"HTTP|XN--BCHER-KVA.DE||/|||||xn--bcher-kva.de|de||HTTP://XN--BCHER-KVA.DE/|ok",
		}},
		// a label with an escape is written as the Standard serializes it; host_encoding=unicode
		{"http://bü%63her.de/", "host_encoding=unicode", [4]string{
			"http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok",
			"http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok",
			"http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok",
			"HTTP|BÜCHER.DE||/|||||bücher.de|de||HTTP://BÜCHER.DE/|ok",
		}},
	}
	for _, tt := range tests {
		for i, c := range cases {
			opts := tt.opts + " case_handling=" + c
			if got := cleanResult(t, tt.in, opts); got != tt.want[i] {
				t.Errorf("Clean(%q, %s) =\n\t%s\nwant\n\t%s", tt.in, opts, got, tt.want[i])
			}
		}
	}
}

// TestCleanHostAsTypedSteps: the host as typed through the www and
// subdomain steps, and what "as typed" means where the URL Standard
// changed the host.
func TestCleanHostAsTypedSteps(t *testing.T) {
	tests := []struct{ in, opts, want string }{
		// as R's rurl 1.4 answers: the case as typed, the scheme lowercased
		{"Http://Example.Com/MyPath/", "case_handling=keep", "http|Example.Com||/MyPath/|||||example.com|com||http://Example.Com/MyPath/|ok"},
		{"HTTPS://WWW.Example.COM:8443/Path?Q=1", "case_handling=keep", "https|WWW.Example.COM|8443|/Path|Q=1||||example.com|com||https://WWW.Example.COM/Path|ok"},
		{"WWW.Example.COM/Path", "case_handling=keep protocol_handling=none", "|WWW.Example.COM||/Path|||||example.com|com||WWW.Example.COM/Path|ok"},
		// www keep and if_no_subdomain write "www." in lowercase, as R does
		{"WWW3.Example.COM/Path", "case_handling=keep www_handling=keep", "http|www.Example.COM||/Path|||||example.com|com||http://www.Example.COM/Path|ok"},
		{"Example.COM/Path", "case_handling=keep www_handling=if_no_subdomain", "http|www.Example.COM||/Path|||||example.com|com||http://www.Example.COM/Path|ok"},
		{"Shop.Example.COM/Path", "case_handling=keep www_handling=if_no_subdomain", "http|Shop.Example.COM||/Path|||||example.com|com||http://Shop.Example.COM/Path|ok"},
		// strip takes the typed prefix off
		{"WWW3.Example.COM/Path", "case_handling=keep www_handling=strip", "http|Example.COM||/Path|||||example.com|com||http://Example.COM/Path|ok"},
		// the labels kept by the subdomain step are the typed ones
		{"A.B.Shop.Example.CO.UK/", "case_handling=keep subdomain_levels_to_keep=1", "http|Shop.Example.CO.UK||/|||||example.co.uk|co.uk||http://Shop.Example.CO.UK/|ok"},
		{"WWW.A.B.Example.COM/", "case_handling=keep subdomain_levels_to_keep=0", "http|www.Example.COM||/|||||example.com|com||http://www.Example.COM/|ok"},
		{"www.a.Bücher.de", "www_handling=strip subdomain_levels_to_keep=0", "http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok"},
		{"Bücher.de", "www_handling=keep case_handling=keep", "http|www.Bücher.de||/|||||bücher.de|de||http://www.Bücher.de/|ok"},
		// an IP address is written as the Standard serializes it
		{"http://[2001:DB8::1]/A", "case_handling=keep", "http|[2001:db8::1]||/A|||||||ip|http://[2001:db8::1]/A|ok"},
		{"http://127.1/A", "case_handling=keep", "http|127.0.0.1||/A|||||||ip|http://127.0.0.1/A|ok"},
		// a label with an escape as the Standard serializes it, the others
		// as typed
		{"http://Ex%41mple.COM/", "case_handling=keep", "http|example.COM||/|||||example.com|com||http://example.COM/|ok"},
		// the root dot stays
		{"http://EXAMPLE.COM./", "case_handling=keep", "http|EXAMPLE.COM.||/|||||example.com|com||http://EXAMPLE.COM./|ok"},
		{"http://Bücher.de./", "www_handling=keep", "http|www.bücher.de.||/|||||bücher.de|de||http://www.bücher.de./|ok"},
		// the ideographic full stop is a dot: two labels, joined with "."
		{"https://例え。テスト/パス", "", "https|例え.テスト||/パス||||||||https://例え.テスト/パス|warning-invalid-tld"},
		{"http://bücher．de/", "case_handling=keep", "http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok"},
		// tabs and newlines in the host are dropped
		{"http://Bü\tcher.de/", "case_handling=keep", "http|Bücher.de||/|||||bücher.de|de||http://Bücher.de/|ok"},
		// idna and unicode are not as typed
		{"http://Example.COM/", "case_handling=keep host_encoding=idna", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
		{"http://Example.COM/", "case_handling=keep host_encoding=unicode", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	}
	for _, tt := range tests {
		if got := cleanResult(t, tt.in, tt.opts); got != tt.want {
			t.Errorf("Clean(%q, %s) =\n\t%s\nwant\n\t%s", tt.in, tt.opts, got, tt.want)
		}
	}
}

// TestCleanPathAsTyped: paths with code points that are not ASCII and
// with escapes, under each path_encoding and case_handling, and what "as
// typed" means where the URL Standard changed the path.
func TestCleanPathAsTyped(t *testing.T) {
	tests := []struct{ in, opts, want string }{
		// as R's rurl 1.4 answers: as typed, not /%E3%83%91%E3%82%B9
		{"https://例え.テスト/パス", "", "/パス"},
		{"http://example.com/パス/Ä", "case_handling=lower", "/パス/ä"},
		{"http://example.com/パス/Ä", "path_encoding=encode", "/%E3%83%91%E3%82%B9/%C3%84"},
		{"http://example.com/パス/Ä", "path_encoding=decode case_handling=upper", "/パス/Ä"},
		// typed escapes stay escapes, their hex digits in upper case
		{"http://example.com/caf%c3%A9/Caf%C3%A9", "", "/caf%C3%A9/Caf%C3%A9"},
		// as R's rurl 1.4 answers: lower does not lowercase the hex digits of escapes
		{"http://example.com/caf%c3%A9/Caf%C3%A9", "case_handling=lower", "/caf%C3%A9/caf%C3%A9"},
		{"http://example.com/caf%c3%A9/Caf%C3%A9", "case_handling=upper", "/CAF%C3%A9/CAF%C3%A9"},
		{"http://example.com/caf%c3%A9/Caf%C3%A9", "path_encoding=decode", "/café/Café"},
		{"http://example.com/caf%c3%A9/Caf%C3%A9", "path_encoding=decode case_handling=lower", "/café/café"},
		{"http://example.com/%E3%83%91/パ", "", "/%E3%83%91/パ"},
		{"http://example.com/%E3%83%91/パ", "path_encoding=encode", "/%E3%83%91/%E3%83%91"},
		{"http://example.com/%E3%83%91/パ", "path_encoding=decode", "/パ/パ"},
		// ASCII that cannot stand in a URL is percent-encoded, as the
		// Standard does
		{`http://example.com/a b/<x>/"q"/{y}/^`, "", "/a%20b/%3Cx%3E/%22q%22/%7By%7D/%5E"},
		{`http://example.com/a b/<x>/"q"/{y}`, "path_encoding=decode", `/a b/<x>/"q"/{y}`},
		// a "%" without two hex digits stays
		{"http://example.com/100%/%zz", "", "/100%/%zz"},
		{"http://example.com/100%/%zz", "path_encoding=encode", "/100%25/%25zz"},
		// dot segments, "%2e" ones too, are removed; "%2F" is no "/"
		{"http://example.com/a%2Fb/%2e%2E/c", "", "/c"},
		{"https://example.com/a/./b/../c//d", "", "/a/c//d"},
		{"http://example.com/é/..", "", "/"},
		{"http://example.com/é/.", "", "/é/"},
		// a "\" is a "/"
		{`http://example.com\A\.\B\..\C`, "", "/A/C"},
		{`http://example.com\é\`, "", "/é/"},
		// tabs and newlines are dropped
		{"http://example.com/a\t/b\n/é", "", "/a/b/é"},
		// the trailing slash options on a typed path
		{"http://example.com/パス", "trailing_slash_handling=keep", "/パス/"},
		{"http://example.com/パス//", "trailing_slash_handling=strip", "/パス"},
		{"http://example.com/パス//x", "path_normalization=collapse_slashes", "/パス/x"},
	}
	for _, tt := range tests {
		var o CleanOptions
		for kv := range strings.FieldsSeq(tt.opts) {
			name, value, _ := strings.Cut(kv, "=")
			if err := o.Set(name, value); err != nil {
				t.Fatal(err)
			}
		}
		c, err := Clean(tt.in, o)
		if err != nil || c.Path != tt.want || !strings.HasSuffix(c.CleanURL, c.Path) {
			t.Errorf("Clean(%q, %s).Path = %q, %v (clean_url %q), want %q", tt.in, tt.opts, c.Path, err, c.CleanURL, tt.want)
		}
	}
}

// typedPathDiffers checks pathAsTyped on input, read as a URL without a
// base: when it is valid UTF-8 and has a special scheme other than file, the path as typed
// with its bytes that are not ASCII percent-encoded must be the URL
// Standard's path, up to the case of hex digits. It reports whether it
// checked input, and what differs, or "".
func typedPathDiffers(input string) (checked bool, diff string) {
	if !utf8.ValidString(input) {
		return false, "" // Clean rejects it; the parser reads U+FFFD
	}
	t, err := layer.ReadTyped(input)
	if err != nil {
		return false, ""
	}
	u, fields, err := layer.ParseTyped[webaddress.URL, webaddress.Fields](t, 0, "")
	if err != nil || u.Scheme() == "file" || webaddress.DefaultPort(u.Scheme()) == "" || !fields.Path.IsPresent() {
		return false, "" // not a special scheme other than file, or no path
	}
	typed := pathAsTyped(input[fields.Path.Start:fields.Path.End])
	upperHexDigits := func(s string) string {
		b := []byte(s)
		for i := 0; i+2 < len(b); i++ {
			if b[i] == '%' && urlchars.IsHex(b[i+1]) && urlchars.IsHex(b[i+2]) {
				b[i+1], b[i+2] = urlchars.Upper(b[i+1]), urlchars.Upper(b[i+2])
			}
		}
		return string(b)
	}
	var encoded []byte
	for i := 0; i < len(typed); i++ {
		if c := typed[i]; c >= utf8.RuneSelf {
			encoded = append(encoded, '%', urlchars.UpperHex[c>>4], urlchars.UpperHex[c&15])
		} else {
			encoded = append(encoded, c)
		}
	}
	if string(encoded) != upperHexDigits(u.Pathname()) {
		return true, "path as typed " + strconv.Quote(typed) + ", encoded " + strconv.Quote(string(encoded)) + "; the Standard's " + strconv.Quote(u.Pathname())
	}
	return true, ""
}

// TestPathAsTypedWPT: on every input of the web-platform-tests URL data and
// of the fuzz seeds, the path as typed is the Standard's path but for the
// encoding of what is not ASCII.
func TestPathAsTypedWPT(t *testing.T) {
	inputs := append(testfiles.WPTInputs(t), testfiles.FuzzSeeds...)
	inputs = append(inputs,
		"http://h/a/%2e/b/.%2E/%2E%2e/c",
		"http://h\\é\\\\x\\..",
		"https://h/\t/./\n/é/%zz/%c3%a9?q",
		"ftp://h/パス/../ス",
	)
	checked := 0
	for _, in := range inputs {
		ok, msg := typedPathDiffers(in)
		if msg != "" {
			t.Errorf("%q: %s", in, msg)
		}
		if ok {
			checked++
		}
	}
	if checked < 300 {
		t.Errorf("only %d inputs with a special scheme", checked)
	}
}

// TestLabelSplitters: splitLabels and labelFields, which typedHost uses
// to split without allocating, give what strings.Split and
// strings.FieldsFunc give, past the room of their arrays too; and
// endsWithLabels is true exactly for a run of a domain's last labels.
func TestLabelSplitters(t *testing.T) {
	hosts := []string{"", ".", "..", "a", "a.b", ".a.b.", "a..b", "example.com.", "例え。テスト", "ｅｘａｍｐｌｅ．ｃｏｍ",
		"a｡b.c。d．e", "。。a。", "a.b.c.d.e.f.g.h.i.j.k", "bad\xffutf8.com", "\xe3\x80"}
	for _, h := range hosts {
		if got, want := splitLabels(nil, h), strings.Split(h, "."); !slices.Equal(got, want) {
			t.Errorf("splitLabels(%q) = %q, want %q", h, got, want)
		}
		var buf [2]string
		if got, want := labelFields(buf[:0], h), strings.FieldsFunc(h, urlchars.IsLabelSeparator); !slices.Equal(got, want) {
			t.Errorf("labelFields(%q) = %q, want %q", h, got, want)
		}
	}
	for _, d := range []string{"a", "a.b", "www.example.co.uk", "a..b", "example.com."} {
		labels := strings.Split(d, ".")
		runs := map[string]bool{"": true}
		for k := range labels {
			runs[strings.Join(labels[k:], ".")] = true
		}
		for _, rest := range []string{"", "a", "b", ".b", "b.", "co.uk", "example.co.uk", "xample.co.uk", "com.", ".com.", d, "x." + d} {
			if got := endsWithLabels(d, rest); got != runs[rest] {
				t.Errorf("endsWithLabels(%q, %q) = %v, want %v", d, rest, got, runs[rest])
			}
		}
	}
}
