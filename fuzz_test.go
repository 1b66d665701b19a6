// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/onecontact/webaddress/internal/testfiles"
)

// fuzzSeeds are hand-picked inputs that reach every parser state.
var fuzzSeeds = testfiles.FuzzSeeds

// FuzzParseURL checks that ParseURL never panics, that its fast path
// (quickParse) agrees with the parser, and that a URL it returns
// round-trips: ParseURL(u.Href()) gives the same URL, and the getters put
// back together give the href. Lint's spans lie in the input, and it
// reports a failure exactly when ParseURL fails.
func FuzzParseURL(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	for _, s := range wptInputs(f) {
		f.Add(s)
	}
	for _, s := range corpusSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		// The fast path agrees with the parser, with and without an
		// assumed scheme.
		for _, assume := range []string{"", "https", "http"} {
			checkQuick(t, input, assume)
		}
		u, err := ParseURL(input)
		checkLint(t, LintURL(input), input, err)
		if err != nil {
			pe, ok := err.(*ParseError)
			if !ok || pe.Name == "" || pe.Offset < 0 || pe.Offset > len(input) {
				t.Fatalf("ParseURL(%q): error %#v is not a *ParseError within the input", input, err)
			}
			return
		}
		checkURL(t, u)
	})
}

// FuzzResolve resolves a reference against a base: the result, when there
// is one, round-trips as FuzzParseURL checks, and Lint of the reference
// against the base reports a failure exactly when resolving fails.
func FuzzResolve(f *testing.F) {
	for _, b := range fuzzBases {
		for _, s := range fuzzSeeds {
			f.Add(b, s)
		}
	}
	for _, c := range wptCases(f) {
		if c.Base != nil {
			f.Add(*c.Base, c.Input)
		}
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		b, err := ParseURL(base)
		if err != nil {
			return
		}
		u, err := b.Parse(ref)
		checkLint(t, b.Lint(ref), ref, err)
		if err == nil {
			checkURL(t, u)
		}
	})
}

// fuzzSetters are the URL's setters, each as a function that reports
// whether it took the value.
var fuzzSetters = []func(u *URL, v string) bool{
	func(u *URL, v string) bool { return u.SetHref(v) == nil },
	(*URL).SetProtocol,
	(*URL).SetUsername,
	(*URL).SetPassword,
	(*URL).SetHost,
	(*URL).SetHostname,
	(*URL).SetPort,
	(*URL).SetPathname,
	(*URL).SetSearch,
	(*URL).SetHash,
}

// FuzzSetters calls a setter with a value on a parsed URL (or on a base of
// fuzzBases when the input does not parse): the URL stays valid and
// round-trips, and a setter that ignores the value leaves it unchanged.
func FuzzSetters(f *testing.F) {
	for i, s := range fuzzSeeds {
		f.Add(fuzzBases[i%len(fuzzBases)], uint8(i), s)
	}
	for _, c := range settersCases(f) {
		f.Add(c.href, c.setter, c.value)
	}
	f.Fuzz(func(t *testing.T, href string, which uint8, value string) {
		u, err := ParseURL(href)
		if err != nil {
			u = MustParseURL(fuzzBases[int(which)/len(fuzzSetters)%len(fuzzBases)])
		}
		before := u
		if !fuzzSetters[int(which)%len(fuzzSetters)](&u, value) && u != before {
			t.Fatalf("setter %d on %q ignored %q but changed the URL to %q", which%uint8(len(fuzzSetters)), before.Href(), value, u.Href())
		}
		checkURL(t, u)
	})
}

// fuzzBases are bases of every kind, for references to be resolved
// against.
var fuzzBases = []string{
	"https://user:pw@example.com:8080/a/b/c?q#f",
	"file:///C:/dir/file",
	"file://host/dir/",
	"sc://host/a/b",
	"sc:/a/b",
	"sc:opaque?q",
	"web+demo:/.//x/y",
}

// TestResolveRoundTrip resolves each fuzz seed and WPT input against every base
// and checks the results, so the relative states are covered by plain go
// test as well.
func TestResolveRoundTrip(t *testing.T) {
	for _, b := range fuzzBases {
		base := MustParseURL(b)
		for _, ref := range append(fuzzSeeds, wptInputs(t)...) {
			if u, err := base.Parse(ref); err == nil {
				checkURL(t, u)
			}
		}
	}
}

// checkLint checks the violations vs that linting input found, where
// parsing it gave err: every span lies in input, and there is one failure
// exactly when the parse failed.
func checkLint(t *testing.T, vs []Violation, input string, err error) {
	t.Helper()
	failures := 0
	for _, v := range vs {
		if v.Span.Start < 0 || v.Span.Start > v.Span.End || v.Span.End > len(input) {
			t.Fatalf("LintURL(%q): %v lies outside the input", input, v)
		}
		if v.Failure {
			failures++
		}
	}
	if failures != map[bool]int{false: 0, true: 1}[err != nil] {
		t.Fatalf("LintURL(%q): %d failures, parse error %v", input, failures, err)
	}
}

// checkURL checks that u round-trips through ParseURL and that its getters
// agree with its href.
func checkURL(t *testing.T, u URL) {
	t.Helper()
	if err := u.validate(); err != nil {
		t.Fatal(err)
	}
	again, err := ParseURL(u.Href())
	if err != nil || again != u {
		t.Fatalf("ParseURL(%q) = %q, %v; want the same URL", u.Href(), again.Href(), err)
	}
	if got := recompose(u); got != u.Href() {
		t.Fatalf("getters of %q give %q", u.Href(), got)
	}
	host := u.Hostname()
	if u.Port() != "" {
		host += ":" + u.Port()
	}
	if u.Host() != host {
		t.Fatalf("Host() = %q, want Hostname():Port() = %q", u.Host(), host)
	}
}

// recompose serializes u from its getters, as the URL serializer does.
func recompose(u URL) string {
	var b strings.Builder
	b.WriteString(u.Protocol())
	if u.HostKind() != NoHost {
		b.WriteString("//")
		if u.Username() != "" || u.Password() != "" {
			b.WriteString(u.Username())
			if u.Password() != "" {
				b.WriteString(":" + u.Password())
			}
			b.WriteString("@")
		}
		b.WriteString(u.Host())
	} else if !u.HasOpaquePath() && strings.HasPrefix(u.Pathname(), "//") {
		b.WriteString("/.")
	}
	b.WriteString(u.Pathname())
	if q, ok := u.RawQuery(); ok {
		b.WriteString("?" + q)
	}
	if f, ok := u.RawFragment(); ok {
		b.WriteString("#" + f)
	}
	return b.String()
}

// wptCases returns the cases of urltestdata.json.
func wptCases(tb testing.TB) []urlTest {
	var entries []json.RawMessage
	if err := json.Unmarshal(wptData(tb, "urltestdata.json"), &entries); err != nil {
		tb.Fatal(err)
	}
	var cases []urlTest
	for _, e := range entries {
		var c urlTest
		if json.Unmarshal(e, &c) == nil && c.Input != "" {
			cases = append(cases, c)
		}
	}
	return cases
}

// wptInputs returns the inputs and bases of urltestdata.json.
func wptInputs(tb testing.TB) []string {
	var inputs []string
	for _, c := range wptCases(tb) {
		inputs = append(inputs, c.Input)
		if c.Base != nil {
			inputs = append(inputs, *c.Base)
		}
	}
	return inputs
}

// settersCases returns the cases of setters_tests.json as an href, a
// setter's index in fuzzSetters, and a value.
func settersCases(tb testing.TB) []struct {
	href   string
	setter uint8
	value  string
} {
	var file map[string]json.RawMessage
	if err := json.Unmarshal(wptData(tb, "setters_tests.json"), &file); err != nil {
		tb.Fatal(err)
	}
	names := []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
	var out []struct {
		href   string
		setter uint8
		value  string
	}
	for i, name := range names {
		var cases []struct {
			Href     string `json:"href"`
			NewValue string `json:"new_value"`
		}
		json.Unmarshal(file[name], &cases)
		for _, c := range cases {
			out = append(out, struct {
				href   string
				setter uint8
				value  string
			}{c.Href, uint8(i), c.NewValue})
		}
	}
	return out
}

// corpusSeeds returns every 50th line of each file of testdata/corpus.
var corpusSeeds = testfiles.CorpusSeeds

// FuzzParse checks Parse: no panic; the canonical form parses to itself;
// the spans are in bounds, ordered and do not overlap; the facts agree
// with the value; a failure is an *Error with one of the four codes.
func FuzzParse(f *testing.F) {
	for _, tt := range parseTests {
		f.Add(tt.in)
	}
	for _, tt := range profileTests {
		f.Add(tt.in)
	}
	for _, s := range append(fuzzSeeds, corpusSeeds(f)...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		a, err := Parse(input)
		if valid := utf8.ValidString(input); !valid || errors.Is(err, CodeInvalidUTF8) {
			// Text that is not UTF-8 fails, at its first invalid byte.
			e, ok := err.(*Error)
			if valid || !ok || e.Code() != CodeInvalidUTF8 || e.Err != nil || !utf8.ValidString(input[:e.Offset]) {
				t.Fatalf("Parse(%q): error %#v, want %s at the first invalid byte", input, err, CodeInvalidUTF8)
			}
			if r, size := utf8.DecodeRuneInString(input[e.Offset:]); r != utf8.RuneError || size != 1 {
				t.Fatalf("Parse(%q): error %#v, want %s at the first invalid byte", input, err, CodeInvalidUTF8)
			}
			return
		}
		if err != nil {
			e, ok := err.(*Error)
			if !ok || e.Err == nil || e.Offset < 0 || e.Offset > len(input) {
				t.Fatalf("Parse(%q): error %#v", input, err)
			}
			if _, known := codeOf(e.Err.Name); !known {
				t.Fatalf("Parse(%q): failure %q has no code", input, e.Err.Name)
			}
			return
		}
		checkURL(t, a.URL())
		if err := a.validate(); err != nil {
			t.Fatalf("Parse(%q): %v", input, err)
		}
		b, err := Parse(a.Canonical())
		if err != nil || b.Canonical() != a.Canonical() {
			t.Fatalf("Parse(%q) = %q, %v; want the canonical form %q again", a.Canonical(), b.Canonical(), err, a.Canonical())
		}
		f := a.Fields()
		end := 0
		for _, s := range []Span{f.Scheme, f.Host, f.Port, f.Path, f.Query, f.Fragment} {
			if !s.IsPresent() {
				if s != noSpan {
					t.Fatalf("Parse(%q): absent span %v", input, s)
				}
				continue
			}
			if s.Start < end || s.End < s.Start || s.End > len(input) {
				t.Fatalf("Parse(%q): spans %+v out of order or bounds", input, f)
			}
			end = s.End
		}
		facts := a.Facts()
		if _, hasFragment := a.URL().RawFragment(); facts.Has(FactFragmentRemoved) != hasFragment || hasFragment != f.Fragment.IsPresent() {
			t.Fatalf("Parse(%q): fragment-removed %v, fragment span %v", input, facts.Has(FactFragmentRemoved), f.Fragment)
		}
		if facts.Has(FactTrackingParametersRemoved) != (len(a.RemovedParams()) > 0) {
			t.Fatalf("Parse(%q): tracking facts disagree", input)
		}
		if facts.Has(FactSchemeAssumed) == f.Scheme.IsPresent() {
			t.Fatalf("Parse(%q): scheme-assumed %v with scheme span %v", input, facts.Has(FactSchemeAssumed), f.Scheme)
		}
		if p, ok := a.Profile(); ok != facts.Has(FactProfile) || ok && (p.Network == NetworkMastodon) != onMastodon(&a.url) {
			t.Fatalf("Parse(%q): profile facts %v disagree with Profile", input, facts)
		}
		if facts.Has(FactNonWebScheme) == a.IsWebsite() {
			t.Fatalf("Parse(%q): non-web-scheme disagrees with IsWebsite", input)
		}
		// String shows the canonical form with the password (the first
		// ":password@", which is the userinfo's) masked.
		want := a.Canonical()
		if pw := a.URL().Password(); pw != "" {
			want = strings.Replace(want, ":"+pw+"@", ":****@", 1)
		}
		if a.String() != want {
			t.Fatalf("Parse(%q): String() = %q, want %q", input, a.String(), want)
		}
		// Lint agrees with Parse: no failure, spans inside the input.
		for _, v := range Lint(input) {
			if v.Failure || v.Span.Start < 0 || v.Span.Start > v.Span.End || v.Span.End > len(input) {
				t.Fatalf("Parse(%q): violation %v", input, v)
			}
		}
	})
}

// FuzzKey checks that Key never panics, that the canonical form has the
// key of the address, and that the key is the same through AppendKey.
func FuzzKey(f *testing.F) {
	for _, tt := range keyTests {
		f.Add(tt.in)
	}
	for _, s := range append(fuzzSeeds, corpusSeeds(f)...) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		a, err := Parse(input)
		if err != nil {
			if a.Key(KeyV1, LevelPage) != "" {
				t.Fatalf("Parse(%q) failed but has a key", input)
			}
			return
		}
		// The key may be empty: "." is the host "." with the root dot
		// dropped, and the path "/" without its trailing "/".
		key := a.Key(KeyV1, LevelPage)
		if string(a.AppendKey([]byte("x"), KeyV1, LevelPage)) != "x"+key {
			t.Fatalf("Parse(%q): key %q, AppendKey disagrees", input, key)
		}
		b, err := Parse(a.Canonical())
		if err != nil || b.Key(KeyV1, LevelPage) != key {
			t.Fatalf("key of %q = %q, key of its canonical form %q = %q (%v)", input, key, a.Canonical(), b.Key(KeyV1, LevelPage), err)
		}
	})
}

// FuzzIPv6 compares the IPv6 parser with net/netip.ParseAddr on inputs of
// hex digits, colons and dots that have a colon: they accept the same
// inputs, and the same address. On this alphabet the two are meant to
// agree everywhere, so no exception is listed: an embedded IPv4 address
// needs four decimal parts without leading zeros in both. The one form
// they define differently, a zone ("fe80::1%eth0"), which netip takes and
// the Standard does not, has a "%" and is left out.
func FuzzIPv6(f *testing.F) {
	for _, s := range []string{"::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::ffff:1.2.3.4",
		"1:2:3:4:5:6:1.2.3.4", "fe80::1:2", "::1.2.3", "1:::2", "1:2:3:4:5:6:7:8:9", "12345::", "::1.2.3.4.5",
		"::01.2.3.4", "::1.2.3.256", ":1::", "1::2::3", "0:0:0:0:0:0:0:0", "::0.0.0.0", "a:b:c:d:e:f::"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !strings.Contains(s, ":") || strings.Trim(s, "0123456789abcdefABCDEF:.") != "" {
			return
		}
		ours, herr := parseIPv6(s, nil)
		theirs, err := netip.ParseAddr(s)
		if (herr == nil) != (err == nil) {
			t.Fatalf("%q: parseIPv6 error %v, netip.ParseAddr error %v", s, herr, err)
		}
		if herr != nil {
			return
		}
		var b [16]byte
		for i, piece := range ours {
			b[2*i], b[2*i+1] = byte(piece>>8), byte(piece)
		}
		if b != theirs.As16() {
			t.Fatalf("%q: parseIPv6 %x, netip.ParseAddr %v", s, b, theirs)
		}
	})
}

// TestConcurrentUse runs every entry point from many goroutines at once on
// shared inputs and checks each result against the one found alone first.
// Under -race (as CI runs it) it also checks that the package's shared
// state (tables, the pooled parsers, the IDNA profiles) is safe to share.
// Package clean runs it with a Cleaner too.
func TestConcurrentUse(t *testing.T) {
	inputs := append([]string{"https://bücher.example/ä?utm_source=x#f", "xn--bcher-kva.example", "faß.de/x",
		"https://[::ffff:1.2.3.4]:80/", "http://0x7f.1/", "linkedin.com/in/jane", "https://mastodon.social/@Gargron",
		" HTTPS:\\\\Exa_mple.com:70000", "例子.中国"}, fuzzSeeds...)
	run := func(in string) string {
		var b strings.Builder
		if u, err := ParseURL(in); err == nil {
			b.WriteString(u.Href())
			u.SetHostname("bücher.example")
			b.WriteString(u.Href())
		}
		if a, err := Parse(in); err == nil {
			p, _ := a.Profile()
			fmt.Fprint(&b, a.Canonical(), a.Key(KeyV1, LevelPage), a.Facts(), p)
		}
		fmt.Fprint(&b, LintURL(in), Lint(in))
		return b.String()
	}
	testfiles.CheckConcurrent(t, inputs, run)
}
