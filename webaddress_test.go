// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// parseTests are typed addresses with their canonical form and facts, or
// the error code Parse gives (the validation error behind it in the
// comment).
var parseTests = []struct {
	in, want, facts string
}{
	{"Example.com", "https://example.com/", "scheme-assumed"},
	{"  Example.COM  ", "https://example.com/", "scheme-assumed"},
	{"\tHTTP://Example.com/Path\n", "http://example.com/Path", ""},
	{"\u00a0www.Example.com\u3000", "https://www.example.com/", "scheme-assumed"},
	{"WWW.EXAMPLE.COM/About/", "https://www.example.com/About/", "scheme-assumed"},
	{"example.com/A/B/../C/./d", "https://example.com/A/C/d", "scheme-assumed"},
	{"https://Example.com/%7Efoo/%41", "https://example.com/%7Efoo/%41", ""},
	{"example.com/path with space", "https://example.com/path%20with%20space", "scheme-assumed"},
	{"example.com/ü", "https://example.com/%C3%BC", "scheme-assumed"},
	{"example.com/?q=a b&r=\"x\"", "https://example.com/?q=a%20b&r=%22x%22", "scheme-assumed"},
	{"example.com\\path\\to", "https://example.com/path/to", "scheme-assumed"},
	{"http:\\\\example.com\\x", "http://example.com/x", ""},
	{"//example.com/x", "https://example.com/x", "scheme-assumed"},
	{"///example.com", "https://example.com/", "scheme-assumed"},
	{"example.com.", "https://example.com./", "scheme-assumed"},
	{"EXAMPLE.com.:8080/", "https://example.com.:8080/", "scheme-assumed"},
	{"example.com/search?q=1+2%203", "https://example.com/search?q=1+2%203", "scheme-assumed"},
	{"sub.domain.example.co.uk", "https://sub.domain.example.co.uk/", "scheme-assumed"},
	{"a.b.c.d.e.f.g.example", "https://a.b.c.d.e.f.g.example/", "scheme-assumed"},
	{"example.com/a//b", "https://example.com/a//b", "scheme-assumed"},
	{"example.com/%2e%2E/x", "https://example.com/x", "scheme-assumed"},
	{"example.com/.././x", "https://example.com/x", "scheme-assumed"},
	{"www.shop.co.uk/?utm_source=x#top", "https://www.shop.co.uk/", "scheme-assumed|tracking-parameters-removed|fragment-removed"},
	{"localhost:3000/x", "https://localhost:3000/x", "scheme-assumed"},
	{"mailto:jo@x.org", "mailto:jo@x.org", "non-web-scheme"},
	{"  HTTPS://Bücher.example/ ", "https://xn--bcher-kva.example/", "internationalized-domain"},
	{"example.com:8080", "https://example.com:8080/", "scheme-assumed"},
	{"HTTP:example.com", "http://example.com/", ""},
	{"bücher.de", "https://xn--bcher-kva.de/", "scheme-assumed|internationalized-domain"},
	{"BÜCHER.de", "https://xn--bcher-kva.de/", "scheme-assumed|internationalized-domain"},
	{"xn--bcher-kva.de", "https://xn--bcher-kva.de/", "scheme-assumed|internationalized-domain"},
	{"münchen.de/straße", "https://xn--mnchen-3ya.de/stra%C3%9Fe", "scheme-assumed|internationalized-domain"},
	{"例え.jp", "https://xn--r8jz45g.jp/", "scheme-assumed|internationalized-domain"},
	{"пример.рф/путь", "https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C", "scheme-assumed|internationalized-domain"},
	{"faß.de", "https://xn--fa-hia.de/", "scheme-assumed|internationalized-domain"},
	{"☕.example", "https://xn--53h.example/", "scheme-assumed|internationalized-domain"},
	{"Ｅｘａｍｐｌｅ．ｃｏｍ", "https://example.com/", "scheme-assumed"},
	{"xn--nxasmq6b.com", "https://xn--nxasmq6b.com/", "scheme-assumed|internationalized-domain"},
	{"https://ex%41mple.com/", "https://example.com/", ""},
	{"https://%E4%BE%8B.jp/", "https://xn--fsq.jp/", "internationalized-domain"},
	{"https://a.b\u200c.c/", "web.invalid-host", ""}, // domain-to-ASCII
	{"0x7f.0.0.1", "https://127.0.0.1/", "scheme-assumed|ip-host"},
	{"0177.0.0.1", "https://127.0.0.1/", "scheme-assumed|ip-host"},
	{"127.1", "https://127.0.0.1/", "scheme-assumed|ip-host"},
	{"2130706433", "https://127.0.0.1/", "scheme-assumed|ip-host"},
	{"http://192.168.0.1:8080/", "http://192.168.0.1:8080/", "ip-host"},
	{"0x7f000001", "https://127.0.0.1/", "scheme-assumed|ip-host"},
	{"http://1.2.3.4./", "http://1.2.3.4/", "ip-host"},
	{"10.0.0.1/admin", "https://10.0.0.1/admin", "scheme-assumed|ip-host"},
	{"http://0300.0250.1.1/", "http://192.168.1.1/", "ip-host"},
	{"https://0xC0.0xA8.0x1.0x1/", "https://192.168.1.1/", "ip-host"},
	{"[::1]", "https://[::1]/", "scheme-assumed|ip-host"},
	{"http://[2001:DB8::1]/", "http://[2001:db8::1]/", "ip-host"},
	{"[::ffff:1.2.3.4]:443", "https://[::ffff:102:304]/", "scheme-assumed|ip-host"},
	{"[0:0:0:0:0:0:0:1]", "https://[::1]/", "scheme-assumed|ip-host"},
	{"https://[2001:db8:0:0:1:0:0:1]:8443/x", "https://[2001:db8::1:0:0:1]:8443/x", "ip-host"},
	{"http://[::]/", "http://[::]/", "ip-host"},
	{"[fe80::1%25eth0]", "web.invalid-host", ""}, // IPv6-invalid-code-point
	{"example.com:80", "https://example.com:80/", "scheme-assumed"},
	{"http://example.com:80/", "http://example.com/", ""},
	{"https://example.com:443", "https://example.com/", ""},
	{"example.com:443", "https://example.com/", "scheme-assumed"},
	{"example.com:0", "https://example.com:0/", "scheme-assumed"},
	{"example.com:65535", "https://example.com:65535/", "scheme-assumed"},
	{"ftp://x.com:21/", "ftp://x.com/", "non-web-scheme"},
	{"ws://x.com:80/", "ws://x.com/", "non-web-scheme"},
	{"wss://x.com:443/chat", "wss://x.com/chat", "non-web-scheme"},
	{"example.com:008080/x", "https://example.com:8080/x", "scheme-assumed"},
	{"http://example.com:/", "http://example.com/", ""},
	{"localhost:8080", "https://localhost:8080/", "scheme-assumed"},
	{"user:pass@example.com", "https://user:pass@example.com/", "scheme-assumed|has-credentials"},
	{"https://user@example.com/", "https://user@example.com/", "has-credentials"},
	{"https://:pw@example.com", "https://:pw@example.com/", "has-credentials"},
	{"https://us er:p@ss@example.com/", "https://us%20er:p%40ss@example.com/", "has-credentials"},
	{"ftp://anonymous:guest@ftp.example.com/pub", "ftp://anonymous:guest@ftp.example.com/pub", "non-web-scheme|has-credentials"},
	{"example.com/?", "https://example.com/?", "scheme-assumed"},
	{"example.com?", "https://example.com/?", "scheme-assumed"},
	{"example.com/?&", "https://example.com/?&", "scheme-assumed"},
	{"example.com#", "https://example.com/", "scheme-assumed|fragment-removed"},
	{"example.com/#top", "https://example.com/", "scheme-assumed|fragment-removed"},
	{"example.com/?q#f", "https://example.com/?q", "scheme-assumed|fragment-removed"},
	{"example.com/?a=1&a=2", "https://example.com/?a=1&a=2", "scheme-assumed"},
	{"example.com/?b=2&a=1", "https://example.com/?b=2&a=1", "scheme-assumed"},
	{"example.com/?utm_source=x", "https://example.com/", "scheme-assumed|tracking-parameters-removed"},
	{"example.com/?utm_source=x&", "https://example.com/", "scheme-assumed|tracking-parameters-removed"},
	{"example.com/?a=1&&utm_medium=x&b=2", "https://example.com/?a=1&&b=2", "scheme-assumed|tracking-parameters-removed"},
	{"example.com/?=x&utm_term", "https://example.com/?=x", "scheme-assumed|tracking-parameters-removed"},
	{"example.com/?%75tm_source=x", "https://example.com/?%75tm_source=x", "scheme-assumed"},
	{"example.com/?utm_source", "https://example.com/", "scheme-assumed|tracking-parameters-removed"},
	{"example.com/?utm_sourcex=1", "https://example.com/?utm_sourcex=1", "scheme-assumed"},
	{"example.com/#?utm_source=x", "https://example.com/", "scheme-assumed|fragment-removed"},
	{"example.com/?x=utm_source", "https://example.com/?x=utm_source", "scheme-assumed"},
	{"mailto:Jo@Example.org?subject=Hi%20there", "mailto:Jo@Example.org?subject=Hi%20there", "non-web-scheme"},
	{"tel:+1-555-0100", "tel:+1-555-0100", "non-web-scheme"},
	{"sms:+15550100?body=hi", "sms:+15550100?body=hi", "non-web-scheme"},
	{"urn:isbn:9780307476463", "urn:isbn:9780307476463", "non-web-scheme"},
	{"geo:37.786971,-122.399677", "geo:37.786971,-122.399677", "non-web-scheme"},
	{"callto:someone", "callto:someone", "non-web-scheme"},
	{"skype:echo123?call", "skype:echo123?call", "non-web-scheme"},
	{"magnet:?xt=urn:btih:abc", "magnet:?xt=urn:btih:abc", "non-web-scheme"},
	{"news:comp.lang.go", "news:comp.lang.go", "non-web-scheme"},
	{"data:text/plain,Hello%20World", "data:text/plain,Hello%20World", "non-web-scheme"},
	{"javascript:alert(1)", "javascript:alert(1)", "non-web-scheme"},
	{"about:blank", "about:blank", "non-web-scheme"},
	{"blob:https://example.com/550e8400", "blob:https://example.com/550e8400", "non-web-scheme"},
	{"MAILTO:X@Y.Z", "mailto:X@Y.Z", "non-web-scheme"},
	{"Data:,A b", "data:,A b", "non-web-scheme"},
	{"git://github.com/whatwg/url.git", "git://github.com/whatwg/url.git", "non-web-scheme"},
	{"ssh://git@example.com:22/repo", "ssh://git@example.com:22/repo", "non-web-scheme|has-credentials"},
	{"file:///etc/hosts", "file:///etc/hosts", "non-web-scheme"},
	{"file://localhost/C:/x", "file:///C:/x", "non-web-scheme"},
	{"FILE:c:\\temp\\x", "file:///c:/temp/x", "non-web-scheme"},
	{"web+demo:/.//not-a-host/", "https://web+demo//not-a-host/", "scheme-assumed"},
	{"chrome-extension://abc/x", "chrome-extension://abc/x", "non-web-scheme"},
	{"ftp:example.com", "ftp://example.com/", "non-web-scheme"},
	{"", "web.host-missing", ""},                  // host-missing
	{"   ", "web.host-missing", ""},               // host-missing
	{"https://", "web.host-missing", ""},          // host-missing
	{"http://user@/", "web.host-missing", ""},     // host-missing
	{"https://:80/", "web.host-missing", ""},      // host-missing
	{"http://?q", "web.host-missing", ""},         // host-missing
	{"exa mple.com", "web.invalid-host", ""},      // domain-to-ASCII
	{"http://[::1", "web.invalid-host", ""},       // IPv6-unclosed
	{"a<b.com", "web.invalid-host", ""},           // domain-to-ASCII
	{"256.256.256.256", "web.invalid-host", ""},   // IPv4-out-of-range-part
	{"0x100000000", "web.invalid-host", ""},       // IPv4-out-of-range-part
	{"http://1.2.3.4.5/", "web.invalid-host", ""}, // IPv4-too-many-parts
	{"http://[1::2::3]/", "web.invalid-host", ""}, // IPv6-multiple-compression
	{"example.com:99999", "web.invalid-port", ""}, // port-out-of-range
	{"example.com:8a", "web.invalid-port", ""},    // port-invalid
	{"foo:bar", "web.invalid-port", ""},           // port-invalid
	{"http://%00.com/", "web.invalid-host", ""},   // domain-to-ASCII
	{"http://xn--a.com/", "http://xn--a.com/", "internationalized-domain"},
	{"http://a..b\u00ad/", "http://a..b/", ""},
	{"sc://a b/", "web.invalid-host", ""},            // host-invalid-code-point
	{"https://\x00x/", "web.invalid-host", ""},       // domain-to-ASCII
	{"https://x.com:-1/", "web.invalid-port", ""},    // port-invalid
	{"https://[::1]:65536/", "web.invalid-port", ""}, // port-out-of-range
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		a, err := Parse(tt.in)
		if strings.HasPrefix(tt.want, "web.") {
			var e *Error
			if !errors.As(err, &e) || string(e.Code()) != tt.want {
				t.Errorf("Parse(%q) = %q, %v; want error %s", tt.in, a.Canonical(), err, tt.want)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if a.Canonical() != tt.want || a.Facts().String() != tt.facts {
			t.Errorf("Parse(%q) = %q [%s], want %q [%s]", tt.in, a.Canonical(), a.Facts(), tt.want, tt.facts)
		}
		// Idempotence: the canonical form parses to itself.
		b, err := Parse(a.Canonical())
		if err != nil || b.Canonical() != a.Canonical() {
			t.Errorf("Parse(%q) = %q, %v; want the same canonical form", a.Canonical(), b.Canonical(), err)
		}
		if a.Input() != tt.in || !a.IsValid() {
			t.Errorf("Parse(%q).Input() = %q", tt.in, a.Input())
		}
		if got, want := a.IsWebsite(), !a.Facts().Has(FactNonWebScheme); got != want {
			t.Errorf("Parse(%q).IsWebsite() = %v, want %v", tt.in, got, want)
		}
	}
}

// TestTrackingParams removes every listed name, in several spellings and
// places, and keeps the parameters around it.
func TestTrackingParams(t *testing.T) {
	if len(trackingParams) != 19 {
		t.Errorf("%d tracking parameters, want the 19 of the documented list", len(trackingParams))
	}
	for _, p := range trackingParams {
		if p.platform == "" || p.page == "" || p.read == "" {
			t.Errorf("tracking parameter %q has no source", p.name)
		}
		upper := strings.ToUpper(p.name)
		mixed := strings.ToUpper(p.name[:1]) + p.name[1:]
		tests := []struct{ in, want, removed string }{
			{"example.com/?" + p.name + "=1", "https://example.com/", p.name + "=1"},
			{"example.com/p?a=1&" + upper + "=X&b=2#f", "https://example.com/p?a=1&b=2", upper + "=X"},
			{"https://example.com/?b&" + mixed, "https://example.com/?b", mixed},
			{"example.com/?" + p.name + "x=1", "https://example.com/?" + p.name + "x=1", ""},
			{"example.com/?a=1&&" + p.name + "=1#f", "https://example.com/?a=1&", p.name + "=1"},
			{"example.com/?&" + p.name + "=1&" + upper, "https://example.com/", p.name + "=1," + upper},
			{"example.com/?" + p.name + "&&", "https://example.com/?&", p.name},
		}
		for _, tt := range tests {
			a, err := Parse(tt.in)
			if err != nil {
				t.Errorf("Parse(%q): %v", tt.in, err)
				continue
			}
			removed := strings.Join(a.RemovedParams(), ",")
			if a.Canonical() != tt.want || removed != tt.removed || a.Facts().Has(FactTrackingParametersRemoved) != (tt.removed != "") {
				t.Errorf("Parse(%q) = %q removing %q [%s], want %q removing %q", tt.in, a.Canonical(), removed, a.Facts(), tt.want, tt.removed)
			}
		}
	}
}

// TestTrackingNamesOfLen checks the table of names by length against
// trackingParams: each name once, at its length, in the list's order.
func TestTrackingNamesOfLen(t *testing.T) {
	var want [maxTrackingName + 1][]string
	for _, p := range trackingParams {
		want[len(p.name)] = append(want[len(p.name)], p.name)
	}
	for n := range want {
		if !slices.Equal(trackingNamesOfLen[n], want[n]) {
			t.Errorf("trackingNamesOfLen[%d] = %q, want %q (trackingParams)", n, trackingNamesOfLen[n], want[n])
		}
	}
}

func TestSchemeWritten(t *testing.T) {
	tests := map[string]bool{
		"http://x":         true,
		"HTTP:x":           true,
		"ftp:x":            true,
		"file:x":           true,
		"wss:x":            true,
		"foo://x":          true,
		"fo o://x":         false,
		"mailto:x":         true,
		"Tel:1":            true,
		"javascript:x":     true,
		"localhost:3000/x": false,
		"example.com:8080": false,
		"foo:bar":          false,
		"foo:/bar":         false,
		"1http://x":        false,
		"ht\ttp://x":       true,
		"://x":             false,
		"x":                false,
		"":                 false,
	}
	for in, want := range tests {
		in = strings.ReplaceAll(in, "\\t", "\t")
		if got := schemeWritten(in); got != want {
			t.Errorf("schemeWritten(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestLeadingScheme checks leadingScheme on its common cases, which it
// reads first, and on their near misses, which go through its loop.
func TestLeadingScheme(t *testing.T) {
	type result struct {
		scheme         string
		colon          int
		slashes, found bool
	}
	tests := []struct {
		in   string
		want result
	}{
		{"https://x", result{"https", 5, true, true}},
		{"http://x", result{"http", 4, true, true}},
		{"file:///c:/x", result{"file", 4, true, true}},
		{"file://h/x", result{"file", 4, true, true}},
		{"HTTPS://x", result{"https", 5, true, true}},
		{"https:/x", result{"https", 5, false, true}},
		{"File://x", result{"file", 4, true, true}},
		{"file:/x", result{"file", 4, false, true}},
		{"file:\t//x", result{"file", 4, true, true}},
		{"fi\tle://x", result{"file", 5, true, true}},
		{"files://x", result{"files", 5, true, true}},
		{"file", result{"", -1, false, false}},
	}
	for _, tt := range tests {
		var got result
		got.scheme, got.colon, got.slashes, got.found = leadingScheme(tt.in)
		if got != tt.want {
			t.Errorf("leadingScheme(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

// TestFields checks the spans: for each component, the text the person
// typed for it, or "-" when it is absent.
func TestFields(t *testing.T) {
	tests := []struct {
		in                                        string
		scheme, host, port, path, query, fragment string
	}{
		{"example.com", "-", "example.com", "-", "-", "-", "-"},
		{"  Example.com/a?b#c  ", "-", "Example.com", "-", "/a", "b", "c"},
		{"https://a.example/?", "https", "a.example", "-", "/", "", "-"},
		{"https://a.example#", "https", "a.example", "-", "-", "-", ""},
		{"HTTP://user:pw@Host.example:8080/p/q?x=1#top", "HTTP", "Host.example", "8080", "/p/q", "x=1", "top"},
		{"localhost:3000/x", "-", "localhost", "3000", "/x", "-", "-"},
		{"http://example.com:/", "http", "example.com", "", "/", "-", "-"},
		{"mailto:jo@x.org?subject=hi", "mailto", "-", "-", "jo@x.org", "subject=hi", "-"},
		{"data:,x", "data", "-", "-", ",x", "-", "-"},
		{"\u00a0Bücher.example/ü\u3000", "-", "Bücher.example", "-", "/ü", "-", "-"},
		{"exa\tmple.com/p\na?q\rr#f\tg", "-", "exa\tmple.com", "-", "/p\na", "q\rr", "f\tg"},
		{"ex\tample.com\t/x", "-", "ex\tample.com", "-", "/x", "-", "-"},
		{"[::1]:8080", "-", "[::1]", "8080", "-", "-", "-"},
		{"https://[::1]/", "https", "[::1]", "-", "/", "-", "-"},
		{"file:///etc/hosts", "file", "", "-", "/etc/hosts", "-", "-"},
		{"file://localhost/x", "file", "localhost", "-", "/x", "-", "-"},
		{"file:C:/x", "file", "-", "-", "C:/x", "-", "-"},
		{"file://C:/x", "file", "-", "-", "C:/x", "-", "-"},
		{"git://github.com/a.git", "git", "github.com", "-", "/a.git", "-", "-"},
		{"sc://host", "sc", "host", "-", "-", "-", "-"},
		{"http:\\\\example.com\\x", "http", "example.com", "-", "\\x", "-", "-"},
		{"//example.com/x", "-", "example.com", "-", "/x", "-", "-"},
		{"https://u@x.com?q", "https", "x.com", "-", "-", "q", "-"},
		{"example.com/?utm_source=x", "-", "example.com", "-", "/", "utm_source=x", "-"},
		{"\x01x.com", "-", "\x01x.com", "-", "-", "-", "-"},
	}
	for _, tt := range tests {
		un := func(s string) string {
			r := strings.NewReplacer("\\t", "\t", "\\n", "\n", "\\r", "\r", "\\u00a0", "\u00a0", "\\u3000", "\u3000", "\\x01", "\x01", "\\\\", "\\")
			return r.Replace(s)
		}
		in := un(tt.in)
		a, err := Parse(in)
		if strings.HasPrefix(in, "\x01") {
			// A C0 control is not white space: it stays part of the host,
			// which then fails.
			if err == nil {
				t.Errorf("Parse(%q) succeeded", in)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		f := a.Fields()
		got := []string{}
		for _, s := range []Span{f.Scheme, f.Host, f.Port, f.Path, f.Query, f.Fragment} {
			if !s.IsPresent() {
				got = append(got, "-")
				continue
			}
			if s.Start > s.End || s.End > len(in) {
				t.Fatalf("Parse(%q): span %v out of bounds", in, s)
			}
			got = append(got, in[s.Start:s.End])
		}
		want := []string{un(tt.scheme), un(tt.host), un(tt.port), un(tt.path), un(tt.query), un(tt.fragment)}
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
			t.Errorf("Parse(%q).Fields() = %q, want %q", in, got, want)
		}
	}
}

func TestSpanUTF16(t *testing.T) {
	in := "  😀bücher.example/x"
	a := MustParse(t, in)
	host := a.Fields().Host
	if got := in[host.Start:host.End]; got != "😀bücher.example" {
		t.Fatalf("host %q", got)
	}
	// In UTF-16, 😀 is two code units and ü one.
	if got := host.UTF16(in); got != (Span{2, 18}) {
		t.Errorf("UTF16 = %v, want {2 18}", got)
	}
	if got := noSpan.UTF16(in); got != noSpan {
		t.Errorf("absent span UTF16 = %v", got)
	}
}

// MustParse parses in or fails the test.
func MustParse(t *testing.T, in string) Address {
	t.Helper()
	a, err := Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestErrors(t *testing.T) {
	tests := []struct {
		in     string
		target error
		name   string
		offset int
	}{
		{"  https://", CodeHostMissing, "host-missing", 10},
		{"exa mple.com", CodeInvalidHost, "domain-to-ASCII", 3},
		{"example.com:99999/x", CodeInvalidPort, "port-out-of-range", 12},
		{" example.com:8a", CodeInvalidPort, "port-invalid", 14},
		{"http://[::1", CodeInvalidHost, "IPv6-unclosed", 7},
		{"", CodeHostMissing, "host-missing", 0},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		var e *Error
		if !errors.Is(err, tt.target) || !errors.As(err, &e) {
			t.Errorf("Parse(%q) error %v, want %v", tt.in, err, tt.target)
			continue
		}
		if e.Input != tt.in || e.Err.Name != tt.name || e.Offset != tt.offset {
			t.Errorf("Parse(%q) = %+v (%s), want %s at %d", tt.in, e, e.Err.Name, tt.name, tt.offset)
		}
		for _, other := range []error{CodeHostMissing, CodeInvalidHost, CodeInvalidPort, CodeInvalidURL} {
			if other != tt.target && errors.Is(err, other) {
				t.Errorf("Parse(%q) error also matches %v", tt.in, other)
			}
		}
		var pe *ParseError
		if !errors.As(err, &pe) || pe != e.Err {
			t.Errorf("Parse(%q): errors.As *ParseError failed", tt.in)
		}
		msg := err.Error()
		if !strings.Contains(msg, string(e.Code())) || !strings.Contains(msg, fmt.Sprintf("%q", tt.in)) || !strings.Contains(msg, tt.name) {
			t.Errorf("message %q does not name the code, the input and %s", msg, tt.name)
		}
	}
	// web.invalid-url: an input over the length limit.
	long := strings.Repeat("a", maxInput+1)
	if _, err := Parse(long); !errors.Is(err, CodeInvalidURL) {
		t.Errorf("Parse of %d bytes: %v, want %v", len(long), err, CodeInvalidURL)
	}
}

// TestErrorCodesTotal maps the failure of every failure case of
// urltestdata.json to a code: the mapping knows every validation error the
// parser fails with.
func TestErrorCodesTotal(t *testing.T) {
	n := 0
	for _, raw := range readWPT(t, "urltestdata.json") {
		var c urlTest
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		if !c.Failure {
			continue
		}
		var base URL
		if c.Base != nil {
			base = MustParseURL(*c.Base)
		}
		_, err := base.Parse(c.Input)
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("%s: %v is not a *ParseError", c.name(), err)
		}
		if _, ok := codeOf(pe.Name); !ok {
			t.Errorf("%s: failure %q has no error code", c.name(), pe.Name)
		}
		n++
	}
	if n == 0 {
		t.Fatal("no failure cases")
	}
	// And the names the parser can fail with but urltestdata.json may not
	// show.
	for _, name := range []string{"domain-too-long", "input-too-long", "IPv4-in-IPv6-too-many-pieces"} {
		if _, ok := codeOf(name); !ok {
			t.Errorf("failure %q has no error code", name)
		}
	}
}

func TestRedaction(t *testing.T) {
	in := " https://jo:s3cret@example.com/a?utm_source=x#f "
	a := MustParse(t, in)
	if got := fmt.Sprintf("%v", a); got != "https://jo:****@example.com/a" {
		t.Errorf("%%v = %q", got)
	}
	if got := a.Canonical(); got != "https://jo:s3cret@example.com/a" {
		t.Errorf("Canonical() = %q, want the password as written", got)
	}
	var buf bytes.Buffer
	slog.New(slog.NewTextHandler(&buf, nil)).Info("saved", "addr", a)
	if strings.Contains(buf.String(), "s3cret") || !strings.Contains(buf.String(), "jo:****@example.com") {
		t.Errorf("slog output %q", buf.String())
	}
	if got := fmt.Sprint(MustParse(t, "https://jo@x.com")); got != "https://jo@x.com/" {
		t.Errorf("no password: %q", got)
	}
}

func TestAddressJSON(t *testing.T) {
	a := MustParse(t, "Example.com:8080/p?utm_source=x&q=1#top")
	out, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"input":"Example.com:8080/p?utm_source=x\u0026q=1#top","text":"Example.com:8080/p?utm_source=x\u0026q=1#top","href":"https://example.com:8080/p?utm_source=x\u0026q=1#top","canonical":"https://example.com:8080/p?q=1","key":"example.com:8080/p?q=1","site":"example.com:8080","owner":"example.com","owner_rule":"domain","domain":"example.com","suffix":"com","subdomain":"","facts":["scheme-assumed","tracking-parameters-removed","fragment-removed"],"network":null,"handle":null,"kind":null,"fields":{"host":[0,11],"port":[12,16],"path":[16,18],"query":[19,35],"fragment":[36,39]},"removed_params":["utm_source=x"],"error_code":null,"error":null}`
	if string(out) != want {
		t.Errorf("JSON = %s\nwant   %s", out, want)
	}
	var f Facts
	if err := json.Unmarshal([]byte(`["ip-host","non-web-scheme"]`), &f); err != nil || f != FactIPHost|FactNonWebScheme {
		t.Errorf("Facts.UnmarshalJSON = %v, %v", f, err)
	}
	if err := json.Unmarshal([]byte(`["nope"]`), &f); err == nil {
		t.Errorf("unknown fact accepted")
	}
}

func TestZeroAddress(t *testing.T) {
	var a Address
	if a.IsValid() || a.Canonical() != "" || a.Facts() != 0 || a.IsWebsite() || a.RemovedParams() != nil || a.String() != "" {
		t.Errorf("zero Address: %q %v", a.Canonical(), a.Facts())
	}
}

func TestFacts(t *testing.T) {
	f := FactSchemeAssumed | FactFragmentRemoved
	if !f.Has(FactSchemeAssumed) || f.Has(FactIPHost) || !f.Has(FactSchemeAssumed|FactFragmentRemoved) || f.Has(FactSchemeAssumed|FactIPHost) {
		t.Errorf("Has is wrong for %v", f)
	}
	if f.String() != "scheme-assumed|fragment-removed" || Facts(0).String() != "" {
		t.Errorf("String() = %q", f.String())
	}
	all := Facts(1<<numFacts - 1)
	if len(all.Names()) != numFacts-7 { // seven bits without a fact after FactProfile
		t.Errorf("Names() = %q", all.Names())
	}
	var g Facts
	if err := json.Unmarshal([]byte(`["profile",""]`), &g); err == nil {
		t.Errorf(`UnmarshalJSON of an empty name: %v, no error`, g)
	}
}

// TestInputLimit checks the 2 MiB limit at every entry point: an input of
// maxInput bytes is taken, one byte more fails with input-too-long, and a
// setter does not make an href longer than that.
func TestInputLimit(t *testing.T) {
	prefix := "https://example.com/"
	fits := prefix + strings.Repeat("a", maxInput-len(prefix))
	over := fits + "a"
	if _, err := ParseURL(fits); err != nil {
		t.Errorf("ParseURL of %d bytes: %v", len(fits), err)
	}
	var pe *ParseError
	if _, err := ParseURL(over); !errors.As(err, &pe) || pe.Name != "input-too-long" || pe.Offset != maxInput {
		t.Errorf("ParseURL of %d bytes: %v", len(over), err)
	}
	if _, err := MustParseURL("https://example.com/").Parse(over); !errors.As(err, &pe) || pe.Name != "input-too-long" {
		t.Errorf("URL.Parse of %d bytes: %v", len(over), err)
	}
	if _, err := Parse(over); !errors.As(err, &pe) || pe.Name != "input-too-long" {
		t.Errorf("Parse of %d bytes: %v", len(over), err)
	}
	for _, vs := range [][]Violation{LintURL(over), Lint(over), MustParseURL("https://example.com/").Lint(over)} {
		if len(vs) != 1 || vs[0].Name != "input-too-long" || !vs[0].Failure {
			t.Errorf("Lint of %d bytes: %v", len(over), vs)
		}
	}
	u := MustParseURL(fits)
	before := u
	if u.SetHash("x") || u.SetSearch("q") || u.SetPathname("/"+strings.Repeat("b", maxInput)) || u != before {
		t.Errorf("a setter made an href of more than %d bytes", maxInput)
	}
	if !u.SetPathname("/b") || u.Href() != "https://example.com/b" {
		t.Errorf("SetPathname(/b) = %q", u.Href())
	}
}

// TestParseInvalidUTF8: text that is not UTF-8 (Latin-1, Windows-1252) is
// an error naming its first invalid byte, never read with U+FFFD.
func TestParseInvalidUTF8(t *testing.T) {
	tests := []struct {
		in     string
		offset int
		msg    string
	}{
		{"www.caf\xe9.fr", 7, `web.invalid-utf8: "www.caf\xe9.fr": invalid UTF-8 at byte 7 ("\xe9")`},
		{"https://example.com/Jos\xe9", 23, `web.invalid-utf8: "https://example.com/Jos\xe9": invalid UTF-8 at byte 23 ("\xe9")`},
		{"\xff", 0, `web.invalid-utf8: "\xff": invalid UTF-8 at byte 0 ("\xff")`},
		{"caf\u00e9.fr/\xed\xa0\x80", 9, `web.invalid-utf8: "café.fr/\xed\xa0\x80": invalid UTF-8 at byte 9 ("\xed")`}, // a surrogate
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		var e *Error
		if !errors.Is(err, CodeInvalidUTF8) || !errors.As(err, &e) || e.Offset != tt.offset || e.Err != nil || err.Error() != tt.msg {
			t.Errorf("Parse(%q) error = %v (%+v), want %s at %d: %s", tt.in, err, e, CodeInvalidUTF8, tt.offset, tt.msg)
		}
	}
	// ParseURL follows the Standard, which reads a scalar value string.
	if u, err := ParseURL("https://example.com/Jos\xe9"); err != nil || u.Pathname() != "/Jos%EF%BF%BD" {
		t.Errorf("ParseURL of Latin-1 = %q, %v", u.Pathname(), err)
	}
}

// TestErrorQuotesLongInput: an error message quotes at most 100 bytes of
// the input, and gives its length.
func TestErrorQuotesLongInput(t *testing.T) {
	long := "https://" + strings.Repeat("a", 200) + ".com:99999/"
	_, err := Parse(long)
	want := `web.invalid-port: "https://` + strings.Repeat("a", 92) + `"… (219 bytes): port-out-of-range at byte 213`
	if err == nil || err.Error() != want {
		t.Errorf("Parse(long) error =\n%v\nwant\n%s", err, want)
	}
	_, err = ParseURL(long)
	if err == nil || !strings.HasPrefix(err.Error(), `ParseURL("https://aaaa`) || !strings.Contains(err.Error(), `"… (219 bytes)): port-out-of-range at byte 213`) {
		t.Errorf("ParseURL(long) error = %v", err)
	}
}

// TestEveryErrorHasCode: the errors that are not about an address (a
// value a method was given or read) have a Code too, and keep their
// messages.
func TestEveryErrorHasCode(t *testing.T) {
	var v KeyVersion
	var f Facts
	var a Address
	_, netErr := MustParseURL("https://example.com/%zz").NetURL()
	_, zeroErr := URL{}.NetURL()
	_, keyErr := KeyVersion(9).MarshalText()
	var l Level
	_, levelErr := Level(7).MarshalText()
	var o KeyOptions
	_, pathPlatformErr := NewKeyer(KeyOptions{Platforms: []string{"example.net/<name>/x"}})
	_, upperErr := NewKeyer(KeyOptions{Platforms: []string{"Example.net"}})
	_, suffixErr := NewKeyer(KeyOptions{Aliases: map[string]string{"co.uk": "example.com"}})
	tests := []struct {
		err  error
		code Code
		msg  string
	}{
		{keyErr, CodeInvalidArgument, "webaddress: KeyVersion(9) is not a key version (1, 2 or 3)"},
		{v.UnmarshalText([]byte("4")), CodeInvalidArgument, `webaddress: key version "4" is not 1, 2 or 3`},
		{f.UnmarshalJSON([]byte(`["no-such-fact"]`)), CodeInvalidArgument, `webaddress: unknown fact "no-such-fact"`},
		{f.UnmarshalJSON([]byte(`{`)), CodeInvalidArgument, "unexpected end of JSON input"},
		{zeroErr, CodeInvalidArgument, "webaddress: NetURL of the zero URL"},
		{levelErr, CodeInvalidArgument, "webaddress: Level(7) is not a level (page, site or owner)"},
		{l.UnmarshalText([]byte("domain")), CodeInvalidArgument, `webaddress: level "domain" is not page, site or owner`},
		{o.ReadPlatforms(strings.NewReader("# mine\nexample.net, example.org\n")), CodeInvalidArgument, `line 2: "example.net, example.org" is not one platform`},
		{o.ReadAliases(strings.NewReader("acme.de\n")), CodeInvalidArgument, `line 1: "acme.de" is not two domains`},
		{o.ReadAliases(strings.NewReader("acme.de acme.com\nACME.de = acme.org\n")), CodeInvalidArgument, "line 2: acme.de is acme.com already"},
		{pathPlatformErr, CodeInvalidArgument, `webaddress: platform "example.net/<name>/x": a path platform is host/prefix/<name>`},
		{upperErr, CodeInvalidArgument, `webaddress: platform "Example.net": "Example.net" is not a lowercase ASCII domain`},
		{suffixErr, CodeInvalidArgument, `webaddress: alias "co.uk": co.uk is a public suffix`},
		{netErr, CodeNetURL, `parse "https://example.com/%zz": invalid URL escape "%zz"`},
		{a.UnmarshalJSON([]byte(`[`)), CodeInvalidRecord, "webaddress: reading an address record: unexpected end of JSON input"},
		{a.UnmarshalJSON([]byte(`{"input":"x","text":null,"error_code":"web.email"}`)), CodeInvalidRecord, `webaddress: the record of "x" holds no address (web.email)`},
	}
	for _, tt := range tests {
		var c interface{ Code() Code }
		if !errors.Is(tt.err, tt.code) || !errors.As(tt.err, &c) || c.Code() != tt.code || tt.err.Error() != tt.msg {
			t.Errorf("error %v: want code %s and message %s", tt.err, tt.code, tt.msg)
		}
	}
	// The one exception the docs name: the error of the reader given to
	// ReadPlatforms or ReadAliases, returned as it is.
	diskErr := errors.New("disk gone")
	if err := o.ReadPlatforms(iotest.ErrReader(diskErr)); err != diskErr {
		t.Errorf("ReadPlatforms of a failing reader = %v, want its error", err)
	}
	if err := o.ReadAliases(iotest.ErrReader(diskErr)); err != diskErr {
		t.Errorf("ReadAliases of a failing reader = %v, want its error", err)
	}
	var ue *url.Error
	if !errors.As(netErr, &ue) {
		t.Errorf("NetURL's error %v does not unwrap to a *url.Error", netErr)
	}
	// ParseError's code is its validation error's, held as a value.
	_, err := ParseURL("http://[::1")
	var pe *ParseError
	if !errors.As(err, &pe) || pe.v != vIPv6Unclosed || pe.Code() != CodeInvalidHost {
		t.Errorf("ParseURL(http://[::1): %#v", err)
	}
	if c := (&ParseError{Name: "port-out-of-range"}).Code(); c != CodeInvalidPort {
		t.Errorf("a ParseError made by name: code %s", c)
	}
}

// TestParseSerialized checks Parse's fast path against its general path:
// on every input the fast path takes, both give the same Address, and on
// every other one it leaves the Address as it was.
func TestParseSerialized(t *testing.T) {
	var inputs []string
	for _, c := range wptCases(t) {
		inputs = append(inputs, c.Input)
	}
	for _, tt := range parseTests {
		inputs = append(inputs, tt.in)
	}
	inputs = append(inputs, fuzzSeeds...)
	inputs = append(inputs, "https://example.com/ ", "https://example.com/a b", "http", "https://",
		"https://xn--bcher-kva.example/?utm_source=x&a=1#top", "https://x.com/jack", "https://example.com/?utm_source=x")
	took := 0
	for _, in := range inputs {
		took += checkSerialized(t, in)
	}
	kasztp := readCorpus(t, "kasztp.txt")
	tookKasztp := 0
	for _, in := range kasztp {
		tookKasztp += checkSerialized(t, in)
	}
	for _, name := range corpusFiles {
		if name != "kasztp.txt" {
			for _, in := range readCorpus(t, name) {
				took += checkSerialized(t, in)
			}
		}
	}
	t.Logf("the fast path took %d of %d kasztp lines, and %d other inputs", tookKasztp, len(kasztp), took)
	if tookKasztp < len(kasztp)/2 {
		t.Errorf("the fast path took %d of %d kasztp lines, want most", tookKasztp, len(kasztp))
	}
}

// checkSerialized checks Parse's fast path on in against its general
// path, and returns 1 when it took in, else 0.
func checkSerialized(t *testing.T, in string) int {
	t.Helper()
	var fast Address
	if !fast.parseSerialized(in) {
		if fast != (Address{}) {
			t.Errorf("parseSerialized(%q) declined and wrote %+v", in, fast)
		}
		return 0
	}
	fast.addFacts()
	var general Address
	if _, err := general.parseTyped(in, false); err != nil {
		t.Errorf("parseSerialized(%q) took it; the general path fails: %v", in, err)
	} else if fast != general {
		t.Errorf("parseSerialized(%q) = %+v, the general path %+v", in, fast, general)
	}
	return 1
}
