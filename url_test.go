// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestParseURLErrors(t *testing.T) {
	tests := []struct {
		in, base string
		name     string // the validation error
		offset   int    // its byte offset in in
	}{
		{"http://[::1", "", "IPv6-unclosed", 7},
		{"http://example.com:65536/", "", "port-out-of-range", 19},
		{"http://example.com:8a/", "", "port-invalid", 20},
		{"http://user@/", "", "host-missing", 12},
		{"http://:80/", "", "host-missing", 7},
		{"http:///", "", "host-missing", 8},
		{"foo", "", "missing-scheme-non-relative-URL", 0},
		{"x", "mailto:a@b", "missing-scheme-non-relative-URL", 0},
		{"http://a b/", "", "domain-to-ASCII", 8},
		{"http://1.2.3.4.5/", "", "IPv4-too-many-parts", 7},
		{"http://1.2.3.09/", "", "IPv4-non-numeric-part", 13},
		{"http://1.2.3.0%39/", "", "IPv4-non-numeric-part", 7}, // percent-decoded: the whole host
		{"http://256.1.1.1/", "", "IPv4-out-of-range-part", 7},
		{"http://[1::2::3]/", "", "IPv6-multiple-compression", 13},
		{"http://[1:2:3:4:5:6:7:8:9]/", "", "IPv6-too-many-pieces", 24},
		{"http://[:1]/", "", "IPv6-invalid-compression", 8},
		{"http://[1:2]/", "", "IPv6-too-few-pieces", 11},
		{"http://[::1.2.3]/", "", "IPv4-in-IPv6-too-few-parts", 15},
		{"http://[::1.2.3.256]/", "", "IPv4-in-IPv6-out-of-range-part", 18},
		{"http://[1:2:3:4:5:6:7:1.2.3.4]/", "", "IPv4-in-IPv6-too-many-pieces", 22},
		{"http://[::1x]/", "", "IPv6-invalid-code-point", 11},
		{"sc://a<b/", "", "host-invalid-code-point", 6},
		// Offsets count the input as given: leading spaces and removed
		// tabs included.
		{"  http://[::1", "", "IPv6-unclosed", 9},
		{"ht\ttp://exa\nmple.com:99999", "", "port-out-of-range", 21},
		{"http://\u00e9\u00e9:x", "", "port-invalid", 12},
		// Hardening beyond the Standard: a host that is not ASCII and is
		// longer than 4096 UTF-16 code units fails.
		{"http://" + strings.Repeat("é", 4097) + "/", "", "domain-too-long", 7},
	}
	for _, tt := range tests {
		var err error
		if tt.base == "" {
			_, err = ParseURL(tt.in)
		} else {
			_, err = MustParseURL(tt.base).Parse(tt.in)
		}
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Errorf("Parse(%q, %q) error = %v, want a *ParseError", tt.in, tt.base, err)
			continue
		}
		if pe.Name != tt.name || pe.Offset != tt.offset || pe.Input != tt.in {
			t.Errorf("Parse(%q, %q) = %s at %d, want %s at %d", tt.in, tt.base, pe.Name, pe.Offset, tt.name, tt.offset)
		}
		quoted := strconv.Quote(tt.in)
		if len(tt.in) > 100 {
			// A long input is quoted in part: its first 100 bytes (up
			// to a whole code point) and its length.
			quoted = strconv.Quote(tt.in[:99]) + "… (" + strconv.Itoa(len(tt.in)) + " bytes)"
		}
		if !strings.Contains(err.Error(), tt.name) || !strings.Contains(err.Error(), quoted) {
			t.Errorf("message %q does not name %s and the input %s", err, tt.name, quoted)
		}
	}
}

func TestParseErrorMessage(t *testing.T) {
	_, err := ParseURL("http://[::1")
	if got, want := err.Error(), `ParseURL("http://[::1"): IPv6-unclosed at byte 7 ("[::1")`; got != want {
		t.Errorf("Error() = %s, want %s", got, want)
	}
	_, err = MustParseURL("mailto:x").Parse("y")
	if got, want := err.Error(), `Parse("y") against "mailto:x": missing-scheme-non-relative-URL at byte 0 ("y")`; got != want {
		t.Errorf("Error() = %s, want %s", got, want)
	}
}

func TestHostLengthLimit(t *testing.T) {
	// 4096 UTF-16 code units is allowed: "é" is one unit, an astral
	// character two.
	ok := strings.Repeat("é", 4096)
	if _, err := ParseURL("http://" + ok + "/"); err != nil {
		t.Errorf("host of 4096 units: %v", err)
	}
	if _, err := ParseURL("http://" + strings.Repeat("😀", 2048) + "a/"); err == nil {
		t.Errorf("host of 4097 units parsed")
	}
	// ASCII hosts are not limited.
	if _, err := ParseURL("http://" + strings.Repeat("a", 10000) + "/"); err != nil {
		t.Errorf("long ASCII host: %v", err)
	}
}

func TestZeroURL(t *testing.T) {
	var u URL
	if u.IsValid() || u.Href() != "" || u.Protocol() != "" || u.Host() != "" || u.Pathname() != "" || u.Origin() != "null" {
		t.Errorf("zero URL: %q %q %q %q %q", u.Href(), u.Protocol(), u.Host(), u.Pathname(), u.Origin())
	}
	if u.SetHost("x") || u.SetPathname("/x") || u.SetProtocol("http") || u.SetSearch("q") || u.SetHash("h") || u.IsValid() {
		t.Errorf("setters changed the zero URL: %q", u.Href())
	}
	// Parse on the zero URL has no base.
	if v, err := u.Parse("https://a/b"); err != nil || v.Href() != "https://a/b" {
		t.Errorf("zero URL Parse = %q, %v", v.Href(), err)
	}
	if _, err := u.Parse("b"); err == nil {
		t.Errorf("zero URL Parse of a relative reference succeeded")
	}
}

func TestSettersReportIgnoredValues(t *testing.T) {
	tests := []struct {
		href, setter, value string
		ok                  bool
		want                string
	}{
		{"https://a/", "protocol", "sc", false, "https://a/"},
		{"https://a/", "protocol", "1x", false, "https://a/"},
		{"https://a/", "protocol", "WSS:rest", true, "wss://a/"},
		{"https://a:80/", "protocol", "http", true, "http://a/"},
		{"http://a:443/", "protocol", "https", true, "https://a/"},
		{"file:///x", "protocol", "http", false, "file:///x"},
		{"mailto:x", "username", "u", false, "mailto:x"},
		{"file://h/x", "username", "u", false, "file://h/x"},
		{"https://a/", "username", "ü@:", true, "https://%C3%BC%40%3A@a/"},
		{"https://u@a/", "password", "p w", true, "https://u:p%20w@a/"},
		{"https://a/", "host", "", false, "https://a/"},
		{"https://a/", "host", "b:8080/x", true, "https://b:8080/"},
		{"https://a:1/", "host", "b:x", true, "https://b:1/"},
		{"https://a/", "hostname", "b:8080", false, "https://a/"},
		{"https://a/", "hostname", "[::1", false, "https://a/"},
		{"mailto:x", "host", "b", false, "mailto:x"},
		{"https://a/", "port", "8080x", true, "https://a:8080/"},
		{"https://a:1/", "port", "x", false, "https://a:1/"},
		{"https://a:1/", "port", "65536", false, "https://a:1/"},
		{"https://a:1/", "port", "", true, "https://a/"},
		{"https://a/", "pathname", "b?c#d", true, "https://a/b%3Fc%23d"},
		{"mailto:x", "pathname", "y", false, "mailto:x"},
		{"sc:/x", "pathname", "//y", true, "sc:/.//y"},
		{"https://a/?q#h", "search", "", true, "https://a/#h"},
		{"https://a/", "search", "??x y'", true, "https://a/??x%20y%27"},
		{"https://a/#h", "hash", "", true, "https://a/"},
		{"https://a/", "hash", "#x y", true, "https://a/#x%20y"},
	}
	for _, tt := range tests {
		u := MustParseURL(tt.href)
		var ok bool
		switch tt.setter {
		case "protocol":
			ok = u.SetProtocol(tt.value)
		case "username":
			ok = u.SetUsername(tt.value)
		case "password":
			ok = u.SetPassword(tt.value)
		case "host":
			ok = u.SetHost(tt.value)
		case "hostname":
			ok = u.SetHostname(tt.value)
		case "port":
			ok = u.SetPort(tt.value)
		case "pathname":
			ok = u.SetPathname(tt.value)
		case "search":
			ok = u.SetSearch(tt.value)
		case "hash":
			ok = u.SetHash(tt.value)
		}
		if ok != tt.ok || u.Href() != tt.want {
			t.Errorf("%q.Set%s(%q) = %v, %q; want %v, %q", tt.href, tt.setter, tt.value, ok, u.Href(), tt.ok, tt.want)
		}
	}
}

func TestSetHref(t *testing.T) {
	u := MustParseURL("https://a/")
	if err := u.SetHref("http://[::1"); err == nil || u.Href() != "https://a/" {
		t.Errorf("SetHref of an invalid URL: %v, %q", err, u.Href())
	}
	if err := u.SetHref(" HTTP://B/c "); err != nil || u.Href() != "http://b/c" {
		t.Errorf("SetHref: %v, %q", err, u.Href())
	}
}

func TestGetters(t *testing.T) {
	u := MustParseURL("https://user:pa%20ss@Example.COM:8080/p/a?q=1#frag")
	got := []string{u.Scheme(), u.Protocol(), u.Username(), u.Password(), u.Host(), u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash(), u.Origin()}
	want := []string{"https", "https:", "user", "pa%20ss", "example.com:8080", "example.com", "8080", "/p/a", "?q=1", "#frag", "https://example.com:8080"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("getters = %q, want %q", got, want)
	}
	if q, ok := MustParseURL("https://x/?").RawQuery(); q != "" || !ok {
		t.Errorf("empty query = %q, %v", q, ok)
	}
	if q, ok := MustParseURL("https://x/").RawQuery(); q != "" || ok {
		t.Errorf("null query = %q, %v", q, ok)
	}
	if f, ok := MustParseURL("https://x/#").RawFragment(); f != "" || !ok {
		t.Errorf("empty fragment = %q, %v", f, ok)
	}
	kinds := map[string]HostKind{
		"mailto:x":         NoHost,
		"file:///x":        EmptyHost,
		"https://a.b/":     DomainHost,
		"https://0x7f.1/":  IPv4Host,
		"https://[::1]/":   IPv6Host,
		"git://github.com": OpaqueHost,
	}
	for in, want := range kinds {
		if got := MustParseURL(in).HostKind(); got != want {
			t.Errorf("HostKind(%q) = %v, want %v", in, got, want)
		}
	}
	origins := map[string]string{
		"blob:https://a.example:8443/uuid": "https://a.example:8443",
		"blob:ftp://a/":                    "null",
		"blob:bad":                         "null",
		"sc://a/":                          "null",
		"file:///x":                        "null",
		"wss://u:p@a:1/":                   "wss://a:1",
	}
	for in, want := range origins {
		if got := MustParseURL(in).Origin(); got != want {
			t.Errorf("Origin(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestText(t *testing.T) {
	type doc struct {
		Link URL  `json:"link"`
		Opt  *URL `json:"opt,omitempty"`
	}
	var d doc
	if err := json.Unmarshal([]byte(`{"link":"HTTPS://Example.com/a/../b"}`), &d); err != nil {
		t.Fatal(err)
	}
	if d.Link.Href() != "https://example.com/b" {
		t.Errorf("unmarshalled %q", d.Link.Href())
	}
	out, err := json.Marshal(d)
	if err != nil || string(out) != `{"link":"https://example.com/b"}` {
		t.Errorf("Marshal = %s, %v", out, err)
	}
	if err := json.Unmarshal([]byte(`{"link":"nope"}`), &d); err == nil {
		t.Errorf("unmarshalled an invalid URL")
	}
	var u URL
	if err := u.UnmarshalText(nil); err != nil || u != (URL{}) {
		t.Errorf("empty text: %v, %q", err, u.Href())
	}
	if b, _ := (URL{}).MarshalText(); len(b) != 0 {
		t.Errorf("zero URL marshals to %q", b)
	}
	if got, err := MustParseURL("https://a/").AppendText([]byte("x=")); string(got) != "x=https://a/" || err != nil {
		t.Errorf("AppendText = %q, %v", got, err)
	}
}

func TestMustParseURLPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("MustParseURL did not panic")
		}
	}()
	MustParseURL("no scheme")
}

func TestNoAllocs(t *testing.T) {
	// Parsing input that is already its serialization returns the input
	// itself; getters are substrings.
	for _, in := range []string{"https://example.com/a/b?c=d#e", "file:///C:/x", "mailto:a@b.example"} {
		var u URL
		if n := testing.AllocsPerRun(100, func() { u, _ = ParseURL(in) }); n != 0 {
			t.Errorf("ParseURL(%q): %v allocations, want 0", in, n)
		}
		if n := testing.AllocsPerRun(100, func() {
			_ = u.Host() + u.Pathname()
			_, _ = u.RawQuery()
			_ = u.Origin()
		}); n != 0 {
			t.Errorf("getters of %q: %v allocations, want 0", in, n)
		}
	}
	// Otherwise the href is the one allocation.
	if n := testing.AllocsPerRun(100, func() { ParseURL("HTTPS://Example.COM/a/../b") }); n != 1 {
		t.Errorf("ParseURL of a non-canonical input: %v allocations, want 1", n)
	}
}

func TestPercentEncodeDecode(t *testing.T) {
	tests := []struct {
		in   string
		set  uint16
		want string
	}{
		{"Say what‽", encUserinfo, "Say%20what%E2%80%BD"},
		{"≡", encUserinfo, "%E2%89%A1"},
		{"a b?c#d", encPath, "a%20b%3Fc%23d"},
		{"a b'`", encQuery, "a%20b'`"},
		{"a b'`", encSpecialQuery, "a%20b%27`"},
		{"a b'`", encFragment, "a%20b'%60"},
		{"\x7f~", encC0, "%7F~"},
		{"a+b,c&d$e%", encComponent, "a%2Bb%2Cc%26d%24e%25"},
		{"a%b", encPath, "a%b"},
		{"!'()~*", encForm, "%21%27%28%29%7E*"},
		{"\xff", encPath, "%EF%BF%BD"},
		{"plain", encPath, "plain"},
	}
	for _, tt := range tests {
		if got := percentEncode(tt.in, tt.set); got != tt.want {
			t.Errorf("percentEncode(%q, %v) = %q, want %q", tt.in, tt.set, got, tt.want)
		}
	}
	decodes := map[string]string{
		"%25%s%1G":    "%%s%1G",
		"‽%25%2E":     "\xe2\x80\xbd%.",
		"%":           "%",
		"%4":          "%4",
		"%41%4a%4A":   "AJJ",
		"no escapes":  "no escapes",
		"%e2%82%ac%2": "€%2",
	}
	for in, want := range decodes {
		if got := string(appendDecoded(nil, in)); got != want {
			t.Errorf("appendDecoded(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTables checks the generated table against the Standard's definitions,
// written out here a second way: as the lists of code points each set adds.
func TestTables(t *testing.T) {
	has := func(c byte, list string) bool { return strings.IndexByte(list, c) >= 0 }
	for i := 0; i < 256; i++ {
		c := byte(i)
		c0 := c < 0x20 || c > 0x7e
		fragment := c0 || has(c, " \"<>`")
		query := c0 || has(c, " \"#<>")
		specialQuery := query || c == '\''
		path := query || has(c, "?^`{}")
		userinfo := path || has(c, "/:;=@[\\]|")
		component := userinfo || has(c, "$%&+,")
		form := component || has(c, "!'()~")
		checks := []struct {
			bit  uint16
			want bool
		}{
			{encC0, c0}, {encFragment, fragment}, {encQuery, query}, {encSpecialQuery, specialQuery},
			{encPath, path}, {encUserinfo, userinfo}, {encComponent, component}, {encForm, form},
		}
		for j, ch := range checks {
			if got := charClass[c]&ch.bit != 0; got != ch.want {
				t.Errorf("byte %#x, set %d: %v, want %v", c, j, got, ch.want)
			}
		}
		// The form set is every code point but the ASCII alphanumerics and
		// *-._ (the Standard's note).
		alnum := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
		if form != !(alnum || has(c, "*-._")) {
			t.Errorf("byte %#x: form set disagrees with the Standard's note", c)
		}
	}
}

// TestTablesGenerated checks that tables.go is what gen.go writes.
func TestTablesGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping go run gen.go in short mode")
	}
	out, err := exec.Command("go", "run", "gen.go").Output()
	if err != nil {
		t.Fatalf("go run gen.go: %v", err)
	}
	want, err := os.ReadFile("tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != string(want) {
		t.Errorf("tables.go is stale: run go generate")
	}
}

// TestOpaquePathKept checks that a URL made from an opaque-path base, or by
// a setter, still has the opaque path, even an empty one.
func TestOpaquePathKept(t *testing.T) {
	base := MustParseURL("sc:")
	u, err := base.Parse("#x")
	if err != nil || u.Href() != "sc:#x" || !u.HasOpaquePath() || u != MustParseURL("sc:#x") {
		t.Errorf("sc: + #x = %q, %v, opaque %v", u.Href(), err, u.HasOpaquePath())
	}
	u = MustParseURL("sc:")
	u.SetSearch("q")
	u.SetHash("h")
	if u.Href() != "sc:?q#h" || !u.HasOpaquePath() || u != MustParseURL("sc:?q#h") {
		t.Errorf("setters on sc: gave %q, opaque %v", u.Href(), u.HasOpaquePath())
	}
	if u.SetPathname("/x") {
		t.Errorf("SetPathname changed an opaque path")
	}
}

// TestIDNAGaps checks UTS #46 checks that host.go adds to
// x/net/idna, found by comparing with the reference implementation.
func TestIDNAGaps(t *testing.T) {
	fail := []string{
		"http://é.xn--/",      // a label "xn--" decodes to the empty label
		"http://xn--.é/",      // the same, first
		"http://é.ｘｎ--/",      // the same, after width mapping
		"ftp:ｘｎ--%2E",         // the same, percent-encoded separator
		"http://aℶ/",          // ℶ maps to Hebrew bet: the Bidi rule fails
		"http://ℵb/",          // the same
		"http://xn--a-2hc.é/", // an A-label for "aב" in a Unicode domain
	}
	for _, in := range fail {
		if u, err := ParseURL(in); err == nil {
			t.Errorf("ParseURL(%q) = %q, want failure", in, u.Href())
		}
	}
	pass := map[string]string{
		"http://ℵℶ.com/":     "http://xn--4dbc.com/", // right to left after mapping, and valid
		"http://a.\u00ad.é/": "http://a..xn--9ca/",   // an ignored code point leaves an empty label
		"http://é..x/":       "http://xn--9ca..x/",
		"http://xn--/":       "http://xn--/", // ASCII: lowercased and checked only
	}
	for in, want := range pass {
		if u, err := ParseURL(in); err != nil || u.Href() != want {
			t.Errorf("ParseURL(%q) = %q, %v; want %q", in, u.Href(), err, want)
		}
	}
	u := MustParseURL("http://a/")
	if u.SetHost("xn--.é") || u.Href() != "http://a/" {
		t.Errorf("SetHost(%q) changed the URL to %q", "xn--.é", u.Href())
	}
}

func TestPrintableASCII(t *testing.T) {
	naive := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] < 0x20 || s[i] >= 0x80 {
				return false
			}
		}
		return true
	}
	// Every byte value at every position of inputs of 0 to 17 bytes, with
	// printable neighbours that are low (space) or high (DEL).
	for n := 0; n <= 17; n++ {
		for _, fill := range []byte{' ', '~', 0x7f} {
			b := bytes.Repeat([]byte{fill}, n)
			if !printableASCII(string(b)) {
				t.Errorf("printableASCII(%q) = false", b)
			}
			for i := 0; i < n; i++ {
				for c := 0; c < 256; c++ {
					b[i] = byte(c)
					if got, want := printableASCII(string(b)), naive(string(b)); got != want {
						t.Errorf("printableASCII(%q) = %v, want %v", b, got, want)
					}
				}
				b[i] = fill
			}
		}
	}
}

// TestLongHrefOwnsItsBuffer: the href of a long input takes over the
// parser's buffer; later parses must not write into it.
func TestLongHrefOwnsItsBuffer(t *testing.T) {
	path := strings.Repeat("a", largeHref+1)
	u := MustParseURL("HTTPS://example.com/" + path)
	want := "https://example.com/" + path
	for _, in := range []string{"HTTP://other.example/b", "HTTPS://example.com/" + strings.Repeat("b", largeHref+1)} {
		MustParseURL(in)
	}
	if u.Href() != want {
		t.Errorf("href of a long input changed after later parses")
	}
	var v URL
	for _, set := range []func(){
		func() { v.SetPathname(path) },
		func() { v.SetSearch(path) },
		func() { v.SetHash(path) },
	} {
		v = MustParseURL("https://example.com/")
		set()
		MustParseURL("HTTPS://EXAMPLE.com/" + path)
		if !strings.HasSuffix(v.Href(), path) {
			t.Errorf("setter on a long value: href %.40q…", v.Href())
		}
	}
}

// TestValidate: validate accepts what the parser makes and rejects a URL
// whose offsets do not fit its href.
func TestValidate(t *testing.T) {
	good := MustParseURL("https://user:pw@example.com:8080/a/b?q=1#top")
	if err := good.validate(); err != nil {
		t.Fatalf("validate(%q): %v", good.Href(), err)
	}
	if err := (URL{}).validate(); err != nil {
		t.Errorf("validate(URL{}): %v", err)
	}
	tests := []struct {
		name    string
		corrupt func(u *URL)
	}{
		{"schemeEnd off the colon", func(u *URL) { u.schemeEnd-- }},
		{"scheme type", func(u *URL) { u.scheme = schemeHTTP }},
		{"host after path", func(u *URL) { u.hostEnd = u.pathStart + 1 }},
		{"no @ before host", func(u *URL) { u.hostStart-- }},
		{"port without colon", func(u *URL) { u.hostEnd-- }},
		{"query off the ?", func(u *URL) { u.queryStart++ }},
		{"fragment off the #", func(u *URL) { u.fragmentStart-- }},
		{"fragment before query", func(u *URL) { u.queryStart, u.fragmentStart = u.fragmentStart, u.queryStart }},
		{"opaque flag on a host URL", func(u *URL) { u.flags |= flagOpaquePath }},
		{"null host with a host", func(u *URL) { u.hostKind = NoHost }},
		{"IPv4 kind on a domain", func(u *URL) { u.hostKind = IPv4Host }},
		{"empty href with offsets", func(u *URL) { u.href = "" }},
	}
	for _, tt := range tests {
		u := good
		tt.corrupt(&u)
		if err := u.validate(); err == nil {
			t.Errorf("validate after %s: nil, want an error", tt.name)
		}
	}
	// An Address whose canonical form does not extend the href through
	// its path.
	a, err := Parse("example.com/a?utm_source=x&b=1")
	if err != nil {
		t.Fatal(err)
	}
	if err := a.validate(); err != nil {
		t.Fatalf("validate(%q): %v", a.Input(), err)
	}
	a.canonical = "https://example.com/b?b=1"
	if err := a.validate(); err == nil {
		t.Errorf("validate of a wrong canonical form: nil, want an error")
	}
}

func TestURLIdioms(t *testing.T) {
	u := MustParseURL("https://ann:s3cret@example.com:8443/a%20b?q=1&r=2#top")
	if got, want := u.Redacted(), "https://ann:****@example.com:8443/a%20b?q=1&r=2#top"; got != want {
		t.Errorf("Redacted() = %q, want %q", got, want)
	}
	if v := MustParseURL("https://ann@example.com/"); v.Redacted() != v.Href() {
		t.Errorf("Redacted() of a URL without password = %q", v.Redacted())
	}
	// net/url, both ways.
	nu, err := u.NetURL()
	if err != nil || nu.String() != u.Href() || nu.Hostname() != "example.com" || nu.Port() != "8443" || nu.Path != "/a b" {
		t.Errorf("NetURL() = %v (path %q), %v", nu, nu.Path, err)
	}
	back, err := URLFromNetURL(nu)
	if err != nil || back != u {
		t.Errorf("URLFromNetURL(%v) = %q, %v", nu, back.Href(), err)
	}
	if _, err := MustParseURL("https://x.com/%zz").NetURL(); err == nil {
		t.Error(`NetURL of a path with "%zz": no error, net/url rejects it`)
	}
	if _, err := (URL{}).NetURL(); err == nil {
		t.Error("NetURL of the zero URL: no error")
	}
	if _, err := URLFromNetURL(&url.URL{Path: "relative"}); err == nil {
		t.Error("URLFromNetURL of a relative reference: no error")
	}
	// Compare.
	urls := []URL{MustParseURL("https://b.example/"), {}, MustParseURL("http://a.example/"), MustParseURL("https://a.example/")}
	slices.SortFunc(urls, URL.Compare)
	var hrefs []string
	for _, u := range urls {
		hrefs = append(hrefs, u.Href())
	}
	if want := []string{"", "http://a.example/", "https://a.example/", "https://b.example/"}; !slices.Equal(hrefs, want) {
		t.Errorf("sorted by Compare: %q, want %q", hrefs, want)
	}
	if u.Compare(u) != 0 || urls[1].Compare(urls[2]) != -1 || urls[2].Compare(urls[1]) != 1 {
		t.Error("Compare is not a three-way comparison")
	}
}

func TestHostAddr(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" when the host is not an IP address
	}{
		{"http://192.0.2.1/", "192.0.2.1"},
		{"http://0x7f.1/", "127.0.0.1"}, // the Standard's IPv4 parser reads short and hex forms
		{"http://[2001:db8::1]:8080/", "2001:db8::1"},
		{"http://[::ffff:1.2.3.4]/", "::ffff:1.2.3.4"}, // stays IPv6
		{"http://example.com/", ""},
		{"sc://192.0.2.1/", ""}, // an opaque host
		{"file:///x", ""},
		{"mailto:a@b", ""},
	}
	for _, tt := range tests {
		a, ok := MustParseURL(tt.in).HostAddr()
		if got := a.String(); ok != (tt.want != "") || ok && got != tt.want {
			t.Errorf("HostAddr(%q) = %v, %v; want %q", tt.in, a, ok, tt.want)
		}
	}
	if _, ok := (URL{}).HostAddr(); ok {
		t.Error("HostAddr of the zero URL: ok")
	}
}

func TestSearchParamsOfURL(t *testing.T) {
	u := MustParseURL("https://example.com/s?q=a+b&utm_source=x&q=%C3%A9#frag")
	sp := u.SearchParams()
	if got := sp.GetAll("q"); !slices.Equal(got, []string{"a b", "é"}) {
		t.Errorf("SearchParams().GetAll(q) = %q", got)
	}
	sp.Delete("utm_source")
	sp.Append("page", "2 of 3")
	if !u.SetSearchParams(sp) || u.Href() != "https://example.com/s?q=a+b&q=%C3%A9&page=2+of+3#frag" {
		t.Errorf("SetSearchParams: %q", u.Href())
	}
	// An empty list makes the query null; the fragment stays.
	if !u.SetSearchParams(SearchParams{}) || u.Href() != "https://example.com/s#frag" {
		t.Errorf("SetSearchParams(empty): %q", u.Href())
	}
	// The query is parsed as it is: a leading "?" in it is data.
	if got, _ := MustParseURL("https://x/??a=1").SearchParams().Get("?a"); got != "1" {
		t.Errorf(`SearchParams of "??a=1": Get("?a") = %q, want "1"`, got)
	}
	var zero URL
	if zero.SetSearchParams(sp) || zero.SearchParams().Len() != 0 {
		t.Error("SetSearchParams on the zero URL changed it")
	}
}
