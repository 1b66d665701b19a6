// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"errors"
	"github.com/onecontact/webaddress/internal/urlchars"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// punycodeLabelTests are domains with a label that starts with "xn--"
// once UTS #46 has mapped it, which UTS #46 (version 17) rejects and
// x/net/idna accepts (issue 46). xnet is what x/net/idna's ToASCII, with
// the URL Standard's flags, gives without error, or "" where x/net/idna
// records the error too; rule is the step of UTS #46 that records it.
var punycodeLabelTests = []struct {
	domain string
	xnet   string
	rule   string
}{
	{"xn--.example.org", ".example.org", "Processing 4.1.3: the label decodes to the empty label (x/net/idna drops it)"},
	{"www.xn--.com", "www..com", "Processing 4.1.3: the same, inside"},
	{"example.xn--", "example.", "Processing 4.1.3: the same, last"},
	{"xn--xn---epa", "xn--xn---epa", "validity criterion 4: the label decodes to \"xn--é\", which begins with \"xn--\""},
	{"xn--xn--a--gua.pt", "xn--xn--a--gua.pt", "validity criterion 4: decodes to \"xn--a-ä\" (IdnaTestV2.txt line 312)"},
	{"xn--f\u034A-PTP", "xn--f-3fb520o", "Processing 4.1.1: the mapped label has a code point that is not ASCII"},
	{"ä.xn--xn---epa", "xn--4ca.xn--xn---epa", "validity criterion 4, in a domain that is not ASCII"},
	{"ｘｎ--.example", ".example", "Processing 4.1.3: full-width letters map to \"xn--\", which decodes to nothing"},
	{"x\u00ADn--xn---epa", "xn--xn---epa", "validity criterion 4: the soft hyphen is ignored, leaving \"xn--xn---epa\""},
	{"XN--XN---EPA.é", "xn--xn---epa.xn--9ca", "validity criterion 4: upper case maps to \"xn--\""},
	{"xn--é.com", "", "Processing 4.1.1: \"é\" in a label that starts with \"xn--\""},
}

// TestPunycodeLabels checks that each way into the host parser and UTS #46
// fails what UTS #46 fails for a label that starts with "xn--", where
// x/net/idna alone does not: DomainToASCII, DomainToUnicode, ParseURL,
// URL.Parse, the setters, Parse and the linter. A domain that is ASCII is
// kept by the host parser, lowercased: the Standard's domain parser, step
// 5, returns an ASCII domain lowercased whatever Unicode ToASCII says, and
// reports domain-to-ASCII for it (step 2).
func TestPunycodeLabels(t *testing.T) {
	for _, tt := range punycodeLabelTests {
		// x/net/idna's answer, which idnaChecks overrules.
		got, err := idnaProfile.ToASCII(tt.domain)
		if tt.xnet == "" && err == nil {
			t.Errorf("x/net/idna ToASCII(%q) = %q, nil; want an error (%s)", tt.domain, got, tt.rule)
		}
		if tt.xnet != "" && (err != nil || got != tt.xnet) {
			t.Errorf("x/net/idna ToASCII(%q) = %q, %v; want %q, nil (%s): if x/net/idna now records the error, idnaChecks can lose a check", tt.domain, got, err, tt.xnet, tt.rule)
		}
		if got, ok := DomainToASCII(tt.domain); ok || got != "" {
			t.Errorf("DomainToASCII(%q) = %q, %v; want \"\", false (%s)", tt.domain, got, ok, tt.rule)
		}
		if got, ok := DomainToUnicode(tt.domain); ok || got != tt.domain {
			t.Errorf("DomainToUnicode(%q) = %q, %v; want the domain itself, false (%s)", tt.domain, got, ok, tt.rule)
		}
		input := "https://" + tt.domain + "/"
		u, err := ParseURL(input)
		ascii := urlchars.IsASCII(tt.domain)
		switch {
		case ascii && (err != nil || u.Hostname() != strings.ToLower(tt.domain)):
			t.Errorf("ParseURL(%q) = %q, %v; want the host lowercased (an ASCII domain)", input, u.Href(), err)
		case !ascii && err == nil:
			t.Errorf("ParseURL(%q) = %q, want failure (%s)", input, u.Href(), tt.rule)
		}
		if u, err := MustParseURL("https://a.example/").Parse("//" + tt.domain + "/"); (err == nil) == !ascii {
			t.Errorf("URL.Parse(%q) = %q, %v", "//"+tt.domain+"/", u.Href(), err)
		}
		for _, setter := range []func(*URL, string) bool{(*URL).SetHost, (*URL).SetHostname} {
			u := MustParseURL("https://a.example/")
			if setter(&u, tt.domain) == !ascii {
				t.Errorf("setting the host %q gave %q", tt.domain, u.Href())
			}
		}
		a, err := Parse(tt.domain)
		if !ascii && !errors.Is(err, CodeInvalidHost) {
			t.Errorf("Parse(%q) = %q, %v; want %s", tt.domain, a.Canonical(), err, CodeInvalidHost)
		}
		if !ascii && a.Key(KeyV3, LevelPage) != "" {
			t.Errorf("Parse(%q).Key(KeyV3) = %q, want none", tt.domain, a.Key(KeyV3, LevelPage))
		}
		// The linter: domain-to-ASCII once, a failure when the host is not ASCII.
		var names []string
		failure := false
		for _, v := range LintURL(input) {
			if v.Name == "domain-to-ASCII" {
				names = append(names, v.Name)
				failure = v.Failure
			}
		}
		if len(names) != 1 || failure == ascii {
			t.Errorf("LintURL(%q): %d domain-to-ASCII, failure %v; want 1, failure %v", input, len(names), failure, !ascii)
		}
	}
}

// TestPunycodeLabelsValid checks labels that start with "xn--", or map to
// it, that UTS #46 accepts: the checks of idnaChecks leave them alone.
func TestPunycodeLabelsValid(t *testing.T) {
	tests := []struct{ domain, ascii, unicode string }{
		{"xn--zca.example", "xn--zca.example", "ß.example"},
		{"ｘｎ--zca.example", "xn--zca.example", "ß.example"}, // full-width letters map to "xn--"
		{"XN--ZCA.é", "xn--zca.xn--9ca", "ß.é"},
		{"xn--bcher-kva.example", "xn--bcher-kva.example", "bücher.example"},
		{"xn--4dbc.com", "xn--4dbc.com", "אב.com"},                   // right to left, valid
		{"a\u3002xn--zca\uFF0Eb", "a.xn--zca.b", "a.ß.b"},            // label separators other than "."
		{"0xn--zca.example", "0xn--zca.example", "0xn--zca.example"}, // not at the start: no Punycode label
	}
	for _, tt := range tests {
		if got, ok := DomainToASCII(tt.domain); !ok || got != tt.ascii {
			t.Errorf("DomainToASCII(%q) = %q, %v; want %q", tt.domain, got, ok, tt.ascii)
		}
		if got, ok := DomainToUnicode(tt.ascii); !ok || got != tt.unicode {
			t.Errorf("DomainToUnicode(%q) = %q, %v; want %q", tt.ascii, got, ok, tt.unicode)
		}
		if u, err := ParseURL("https://" + tt.domain + "/"); err != nil || u.Hostname() != tt.ascii {
			t.Errorf("ParseURL(https://%s/) = %q, %v; want host %q", tt.domain, u.Href(), err, tt.ascii)
		}
	}
}

// TestOnlySeparatorsMapToFullStop checks what mapLabels relies on: of
// the code points that are not ASCII, only the three label separators
// besides "." map, under UTS #46, to a string with a U+002E (.) in it.
func TestOnlySeparatorsMapToFullStop(t *testing.T) {
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		mapped, _ := mapOnly.ToUnicode("a" + string(r) + "b")
		if strings.Contains(mapped, ".") != isLabelSeparator(r) {
			t.Errorf("%U maps to %q", r, mapped)
		}
	}
}

// TestCheckHyphensCodePoints checks validity criteria 2 and 3
// (CheckHyphens), which the linter's strict run checks itself: UTS #46
// counts the positions in code points, and x/net/idna in bytes.
func TestCheckHyphensCodePoints(t *testing.T) {
	xnet := idna.New(idna.MapForLookup(), idna.Transitional(false), idna.StrictDomainName(false),
		idna.CheckHyphens(true), idna.CheckJoiners(true), idna.VerifyDNSLength(false))
	tests := []struct {
		label    string
		invalid  bool // by UTS #46
		xnetFail bool // x/net/idna's answer
	}{
		{"ẋn--zca", true, false}, // "-" third and fourth; bytes 4 and 5
		{"é--x", false, true},    // bytes 2 and 3, code points 2 and 3
		{"ab--c", true, true},
		{"é-", true, true},
		{"aé--", true, true}, // ends with "-"
		{"xn--zca", false, false},
	}
	for _, tt := range tests {
		if _, err := xnet.ToASCII(tt.label); (err != nil) != tt.xnetFail {
			t.Errorf("x/net/idna with CheckHyphens: ToASCII(%q) error %v, want failure %v: if it counts code points now, strictProfile can check hyphens again", tt.label, err, tt.xnetFail)
		}
		reported := false
		for _, v := range LintURL("https://" + tt.label + ".example/") {
			reported = reported || v.Name == "domain-to-ASCII"
		}
		if reported != tt.invalid {
			t.Errorf("LintURL(https://%s.example/): domain-to-ASCII %v, want %v", tt.label, reported, tt.invalid)
		}
	}
}
