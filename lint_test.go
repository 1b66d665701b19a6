// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"encoding/json"
	"fmt"
	"sort"
	"testing"
)

// lintTests has one row per example input of the Standard's table of
// validation errors (https://url.spec.whatwg.org/#validation-error), in the table's order, and
// the span where the error is found, as the text there and its start.
var lintTests = []struct {
	in, base string
	name     string
	text     string // in[span]
	start    int
	failure  bool
}{
	{"https://exa%23mple.org", "", "domain-to-ASCII", "exa%23mple.org", 8, true},
	{"https://exam%70le.org", "", "domain-percent-encoded", "exam%70le.org", 8, false},
	{"foo://exa[mple.org", "", "host-invalid-code-point", "[", 9, true},
	{"https://１２７.０.０.１", "", "IPv4-non-ASCII-input", "１２７.０.０.１", 8, false},
	{"https://127.0.0.1./", "", "IPv4-empty-part", ".", 17, false},
	{"https://1.2.3/", "", "IPv4-too-few-parts", "1.2.3", 8, false},
	{"https://1.2.3.4.5/", "", "IPv4-too-many-parts", "1.2.3.4.5", 8, true},
	{"https://test.42", "", "IPv4-non-numeric-part", "test", 8, true},
	{"https://127.0.0x0.1", "", "IPv4-non-decimal-part", "0x0", 14, false},
	{"https://255.255.4000.1", "", "IPv4-out-of-range-part", "4000", 16, true},
	{"https://[::1", "", "IPv6-unclosed", "[::1", 8, true},
	{"https://[:1]", "", "IPv6-invalid-compression", ":", 9, true},
	{"https://[1:2:3:4:5:6:7:8:9]", "", "IPv6-too-many-pieces", "9", 25, true},
	{"https://[1::1::1]", "", "IPv6-multiple-compression", ":", 14, true},
	{"https://[1:2:3!:4]", "", "IPv6-invalid-code-point", "!", 14, true},
	{"https://[1:2:3:]", "", "IPv6-invalid-code-point", "", 15, true},
	{"https://[1:2:3]", "", "IPv6-too-few-pieces", "", 14, true},
	{"https://[::01]", "", "IPv6-piece-leading-zero", "01", 11, false},
	{"https://[1:1:1:1:1:1:1:127.0.0.1]", "", "IPv4-in-IPv6-too-many-pieces", "1", 23, true},
	{"https://[ffff::.0.0.1]", "", "IPv4-in-IPv6-invalid-code-point", ".", 15, true},
	{"https://[ffff::127.0.xyz.1]", "", "IPv4-in-IPv6-invalid-code-point", "x", 21, true},
	{"https://[ffff::127.0xyz]", "", "IPv4-in-IPv6-invalid-code-point", "x", 20, true},
	{"https://[ffff::127.00.0.1]", "", "IPv4-in-IPv6-invalid-code-point", "0", 20, true},
	{"https://[ffff::127.0.0.1.2]", "", "IPv4-in-IPv6-invalid-code-point", ".", 24, true},
	{"https://[ffff::127.0.0.4000]", "", "IPv4-in-IPv6-out-of-range-part", "0", 25, true},
	{"https://[ffff::127.0.0]", "", "IPv4-in-IPv6-too-few-parts", "", 22, true},
	{"https://example.org/>", "", "invalid-URL-unit", ">", 20, false},
	{" https://example.org ", "", "invalid-URL-unit", " ", 0, false},
	{"ht\ntps://example.org", "", "invalid-URL-unit", "\n", 2, false},
	{"https://example.org/%s", "", "invalid-URL-unit", "%", 20, false},
	{"file:c:/my-secret-folder", "", "special-scheme-missing-following-solidus", "", 5, false},
	{"https:example.org", "", "special-scheme-missing-following-solidus", "", 6, false},
	{"https:foo.html", "https://example.org/", "special-scheme-missing-following-solidus", "", 6, false},
	{"💩", "", "missing-scheme-non-relative-URL", "💩", 0, true},
	{"💩", "mailto:user@example.org", "missing-scheme-non-relative-URL", "💩", 0, true},
	{`https://example.org\path\to\file`, "", "invalid-reverse-solidus", `\`, 19, false},
	{"https://user@example.org", "", "invalid-credentials", "user@", 8, false},
	{"ssh://user@example.org", "", "invalid-credentials", "user@", 6, false},
	{"https://#fragment", "", "host-missing", "", 8, true},
	{"https://:443", "", "host-missing", "", 8, true},
	{"https://user:pass@", "", "host-missing", "", 18, true},
	{"https://example.org:70000", "", "port-out-of-range", "70000", 20, true},
	{"https://example.org:7z", "", "port-invalid", "z", 21, true},
	{"/c:/path/to/file", "file:///c:/", "file-invalid-Windows-drive-letter", "c:", 1, false},
	{"file://c:", "", "file-invalid-Windows-drive-letter-host", "c:", 7, false},
}

// lintKnownGaps are rows of the Standard's table whose example input does
// not yield the error by the parser's steps, with the reason.
var lintKnownGaps = map[string]string{
	"file-invalid-Windows-drive-letter": `"/c:/path/to/file" against "file:///c:/" goes from the file state to the file slash state, ` +
		`which has no validation error; only the file state reports one, for an input such as "c|/path/to/file" (tested below)`,
}

func TestLintTable(t *testing.T) {
	if len(lintTests) < 40 {
		t.Errorf("%d rows, want one per example of the Standard's table (over 40)", len(lintTests))
	}
	for _, tt := range lintTests {
		var vs []Violation
		if tt.base == "" {
			vs = LintURL(tt.in)
		} else {
			vs = MustParseURL(tt.base).Lint(tt.in)
		}
		found := false
		for _, v := range vs {
			if v.Name == tt.name && v.Span.Start == tt.start && tt.in[v.Span.Start:v.Span.End] == tt.text && v.Failure == tt.failure {
				found = true
			}
		}
		reason, gap := lintKnownGaps[tt.name]
		switch {
		case found && gap:
			t.Errorf("%q against %q now yields %s; remove it from lintKnownGaps (%s)", tt.in, tt.base, tt.name, reason)
		case !found && !gap:
			t.Errorf("LintURL(%q) against %q = %v, want %s at %d (%q, failure %v)", tt.in, tt.base, vs, tt.name, tt.start, tt.text, tt.failure)
		}
	}
	// Where the parser's steps do report file-invalid-Windows-drive-letter.
	// ("|" is not a URL code point either.)
	vs := MustParseURL("file:///c:/").Lint("c|/path/to/file")
	if fmt.Sprint(vs) != fmt.Sprint([]Violation{{"file-invalid-Windows-drive-letter", Span{0, 2}, false}, {"invalid-URL-unit", Span{1, 2}, false}}) {
		t.Errorf(`LintURL("c|/path/to/file") against "file:///c:/" = %v`, vs)
	}
}

// TestLintMore checks violations the table has no example for, spans in
// inputs with tabs, and the order of several.
func TestLintMore(t *testing.T) {
	tests := []struct {
		in   string
		want string // the violations as name[start:end], "!" after failures
	}{
		{"https://example.org/", ""},
		{"mailto:a@b", ""},
		{"HTTPS:\\\\ex\tample.org\\a b?c d#e f", `special-scheme-missing-following-solidus[6:6] ` +
			`special-scheme-missing-following-solidus[6:7] special-scheme-missing-following-solidus[7:8] ` +
			`invalid-URL-unit[10:11] invalid-reverse-solidus[20:21] invalid-URL-unit[22:23] invalid-URL-unit[26:27] invalid-URL-unit[30:31]`},
		{"sc:a b", "invalid-URL-unit[4:5]"},
		{"sc://a%zz/", "invalid-URL-unit[6:7]"},
		{"https://a/\u0080\ufdd0\u00a0", "invalid-URL-unit[10:12] invalid-URL-unit[12:15]"},
		{"https://ex_ample.org/", "domain-to-ASCII[8:20]"},
		{"https://u@v@host/", "invalid-credentials[8:10] invalid-credentials[8:12]"},
		{"https://0x7f.1/", "IPv4-too-few-parts[8:14] IPv4-non-decimal-part[8:12]"},
		{"https://1.2.300/", "IPv4-too-few-parts[8:15] IPv4-out-of-range-part[12:15]"},
		{"https://1.2.3.300/", "IPv4-out-of-range-part[14:17]!"},
		{"https://1.2.999/", "IPv4-too-few-parts[8:15] IPv4-out-of-range-part[12:15]"}, // the last of three parts may be up to 65535
		{"https://1.2.65536/", "IPv4-too-few-parts[8:17] IPv4-out-of-range-part[12:17]!"},
		// Each validation error once (issue 46): the domain parser's strict
		// run reports domain-to-ASCII, and the relaxed run's failure is that
		// report; full-width digits or dots that make an IPv4 address are
		// IPv4-non-ASCII-input, then the IPv4 parser's own.
		{"https://ex ample.org/", "domain-to-ASCII[10:11]!"},
		{"https://ä.xn--xn---epa/", "domain-to-ASCII[8:23]!"},
		{"https://xn--xn---epa/", "domain-to-ASCII[8:20]"},
		{"https://１２７.０.０.１", "IPv4-non-ASCII-input[8:29]"},
		{"https://1。2。3。4", "IPv4-non-ASCII-input[8:21]"},
		{"https://%EF%BC%91.2.3.4/", "domain-percent-encoded[8:23] IPv4-non-ASCII-input[8:23]"},
		{"https://１２７.１/", "IPv4-non-ASCII-input[8:21] IPv4-too-few-parts[8:21]"},
		{"https://é.0x/", "IPv4-non-ASCII-input[8:13] IPv4-too-few-parts[8:13] IPv4-non-numeric-part[8:13]!"},
		{"https://１.２.３.４.５/", "IPv4-non-ASCII-input[8:27] IPv4-too-many-parts[8:27]!"},
		{"https://1.2.3.4.5/", "IPv4-too-many-parts[8:17]!"},
		{"https://%31.2.0xffff/", "domain-percent-encoded[8:20] IPv4-too-few-parts[8:20] IPv4-non-decimal-part[8:20] IPv4-out-of-range-part[8:20]"},
		{"file:///C|/x", "invalid-URL-unit[9:10]"},
		// Decoded once, the host is "é%30x1.1", not a domain that ends in a
		// number: no IPv4 errors (decoding twice gave "é0x1.1").
		{"https://é%2530x1.1/", "domain-percent-encoded[8:19] domain-to-ASCII[8:19]!"},
		// The basic URL parser reports leading and trailing C0 controls and
		// spaces once, and ASCII tabs and newlines once (issue 46).
		{"  \thttps://a/ \n", "invalid-URL-unit[0:3]"},
		{"https://a/ \n", "invalid-URL-unit[10:12]"},
		{"ht\ttps://a/\n\tb", "invalid-URL-unit[2:3]"},
		{" https://a/\tb", "invalid-URL-unit[0:1] invalid-URL-unit[11:12]"},
		// The opaque-host parser reports code points that are not URL code
		// points once, and "%" without two hex digits once.
		{"sc://a\x01b\x02%zz%/", "invalid-URL-unit[6:7] invalid-URL-unit[9:10]"},
		// The file host state passes "C|" to the path state in its buffer:
		// the path state reads no "|" (but reads the second one).
		{"file://C|/", "file-invalid-Windows-drive-letter-host[7:9]"},
		{"file://C|/|", "file-invalid-Windows-drive-letter-host[7:9] invalid-URL-unit[10:11]"},
		// Each @ is invalid-credentials, also when the host is missing.
		{"http://user:pass@/", "invalid-credentials[7:17] host-missing[17:17]!"},
		{"sc://a@b@/", "invalid-credentials[5:7] invalid-credentials[5:9] host-missing[9:9]!"},
	}
	for _, tt := range tests {
		got := ""
		for i, v := range LintURL(tt.in) {
			if i > 0 {
				got += " "
			}
			got += fmt.Sprintf("%s[%d:%d]", v.Name, v.Span.Start, v.Span.End)
			if v.Failure {
				got += "!"
			}
		}
		if got != tt.want {
			t.Errorf("LintURL(%q) =\n%s\nwant\n%s", tt.in, got, tt.want)
		}
	}
}

// TestLintURLTestData checks every case of urltestdata.json: a failing one
// yields exactly one failure violation, a succeeding one none; spans lie
// in the input. It counts the distinct names produced.
func TestLintURLTestData(t *testing.T) {
	names := map[string]bool{}
	for _, raw := range readWPT(t, "urltestdata.json") {
		var c urlTest
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		var base URL
		if c.Base != nil {
			base = MustParseURL(*c.Base)
		}
		vs := base.Lint(c.Input)
		failures := 0
		for _, v := range vs {
			names[v.Name] = true
			if v.Failure {
				failures++
			}
			if v.Span.Start < 0 || v.Span.Start > v.Span.End || v.Span.End > len(c.Input) {
				t.Errorf("%s: %v lies outside the input", c.name(), v)
			}
		}
		if c.Failure && failures != 1 || !c.Failure && failures != 0 {
			t.Errorf("%s: %d failure violations (%v), want %d", c.name(), failures, vs, map[bool]int{true: 1, false: 0}[c.Failure])
		}
	}
	var list []string
	for n := range names {
		list = append(list, n)
	}
	sort.Strings(list)
	t.Logf("urltestdata.json yields %d distinct validation errors: %v", len(list), list)
}

func TestAddressViolations(t *testing.T) {
	in := "  Exa_mple.com:80/a b "
	a := MustParse(t, in)
	vs := Lint(a.Input())
	want := []Violation{{"domain-to-ASCII", Span{2, 14}, false}, {"invalid-URL-unit", Span{19, 20}, false}}
	if fmt.Sprint(vs) != fmt.Sprint(want) {
		t.Errorf("Lint(%q) = %v, want %v", in, vs, want)
	}
	// Input that is not UTF-8 fails at its first invalid byte, as Parse
	// does, and nothing else is reported.
	if vs := Lint(" caf\xe9.fr/a b"); fmt.Sprint(vs) != fmt.Sprint([]Violation{{"invalid-UTF-8", Span{4, 5}, true}}) {
		t.Errorf("Lint of Latin-1 = %v", vs)
	}
}

func TestLint(t *testing.T) {
	tests := []struct {
		in   string
		want []Violation
	}{
		{" example.com:99999", []Violation{{"port-out-of-range", Span{13, 18}, true}}},
		{"", []Violation{{"host-missing", Span{0, 0}, true}}},
		{"http://[::1", []Violation{{"IPv6-unclosed", Span{7, 11}, true}}},
		{"mailto:a b", []Violation{{"invalid-URL-unit", Span{8, 9}, false}}},
	}
	for _, tt := range tests {
		if got := Lint(tt.in); fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("Lint(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestLintNoAllocsWhenNotAsked(t *testing.T) {
	// Parsing keeps its allocation budget: the linter costs nothing when
	// nobody asks.
	if n := testing.AllocsPerRun(100, func() { ParseURL("https://example.com/a b?c d#e") }); n != 1 {
		t.Errorf("ParseURL: %v allocations, want 1", n)
	}
}
