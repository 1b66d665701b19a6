// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"
	"testing"

	"github.com/onecontact/webaddress/internal/testfiles"
)

// fastPathFiles are the corpus files the fast paths of Parse are checked
// on: every one, the list of unique hosts included.
var fastPathFiles = []string{"kasztp.txt", "node_files.txt", "typed.txt", "unique_hosts.txt"}

// fastPathInputs returns every input the fast paths of Parse are checked
// on: the lines of every corpus file, the web-platform-tests' inputs, the
// fuzz seeds and Parse's own cases.
func fastPathInputs(t *testing.T) []string {
	var inputs []string
	for _, name := range fastPathFiles {
		inputs = append(inputs, testfiles.MustCorpusLines(t, name)...)
	}
	for _, c := range wptCases(t) {
		inputs = append(inputs, c.Input)
	}
	for _, tt := range parseTests {
		inputs = append(inputs, tt.in)
	}
	return append(inputs, fuzzSeeds...)
}

// TestParseFastPaths: Parse, with its fast paths, gives the Address (or
// the error) its general path gives, on every input of fastPathInputs.
func TestParseFastPaths(t *testing.T) {
	for _, in := range fastPathInputs(t) {
		got, err := Parse(in)
		var want Address
		_, wantErr := want.parseTyped(in, false)
		if wantErr != nil {
			want = Address{}
		}
		if (err == nil) != (wantErr == nil) || err != nil && err.Error() != wantErr.Error() || got != want {
			t.Errorf("Parse(%q) = %+v, %v; the general path gives %+v, %v", in, got, err, want, wantErr)
		}
	}
}

// TestQuickParseClasses: quickParse takes no byte that is not printable
// ASCII, nor a space, anywhere in its input: each class of bytes it reads
// through leaves them out, and its other bytes are ones it looks for.
// parseSerialized relies on it to check nothing of the kind itself.
func TestQuickParseClasses(t *testing.T) {
	for c := 0; c < 256; c++ {
		if 0x20 < c && c < 0x7F {
			continue
		}
		cl := charClass[c]
		if cl&domainPlain != 0 || cl&pathStop == 0 || cl&encSpecialQuery == 0 || cl&encFragment == 0 {
			t.Errorf("byte %#x: class %#x lets quickParse take it", c, cl)
		}
	}
	// And so inserting one anywhere makes quickParse decline.
	for _, in := range []string{"https://www.example.com:8080/a/b?c=d&e#f", "http://x.com/", "file:///a/b"} {
		if _, ok := quickParse(in, "", nil); !ok {
			t.Fatalf("quickParse(%q) declined", in)
		}
		for c := 0; c < 256; c++ {
			if 0x20 < c && c < 0x7F {
				continue
			}
			for i := 0; i <= len(in); i++ {
				s := in[:i] + string(byte(c)) + in[i:]
				if _, ok := quickParse(s, "", nil); ok {
					t.Errorf("quickParse(%q) took it", s)
				}
			}
		}
	}
}

// TestNetworkHosts: the filter of profileOf passes every host of a
// network, on every input of fastPathInputs and for every domain of
// networks and its subdomains, and few others.
func TestNetworkHosts(t *testing.T) {
	check := func(host string) bool {
		t.Helper()
		isNetwork := networkOf(lastTwoLabels(host)) != nil
		if isNetwork && !networkHosts.mayHave(host) {
			t.Errorf("networkHosts.mayHave(%q) = false; it is a network's host", host)
		}
		return networkHosts.mayHave(host)
	}
	for _, nw := range networks {
		for _, d := range nw.domains {
			for _, h := range []string{d, "www." + d, "m." + d, "a.b." + d, "." + d, ".." + d, "x" + d, d + "x", d[1:]} {
				check(h)
			}
		}
	}
	passed, hosts := 0, 0
	for _, in := range fastPathInputs(t) {
		u, err := ParseURL(in)
		if err != nil || u.HostKind() != DomainHost {
			continue
		}
		hosts++
		host := u.Hostname()
		if check(strings.TrimSuffix(host, ".")) {
			passed++
		}
		check(host)
	}
	t.Logf("networkHosts passed %d of %d hosts", passed, hosts)
	if passed > hosts/10 {
		t.Errorf("networkHosts passed %d of %d hosts, want few", passed, hosts)
	}
}

// TestPrintableASCIILong: printableASCII agrees with a byte-at-a-time
// reading of its definition on every length up to 40 (TestPrintableASCII
// reads the shorter ones with other neighbours), with each byte value at
// each place, and on every input of fastPathInputs.
func TestPrintableASCIILong(t *testing.T) {
	slow := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if s[i] < 0x20 || s[i] > 0x7F {
				return false
			}
		}
		return true
	}
	for n := 0; n <= 40; n++ {
		base := []byte(strings.Repeat("a", n))
		if !printableASCII(string(base)) {
			t.Fatalf("printableASCII(%q) = false", base)
		}
		for i := 0; i < n; i++ {
			for c := 0; c < 256; c++ {
				b := append([]byte(nil), base...)
				b[i] = byte(c)
				if got, want := printableASCII(string(b)), slow(string(b)); got != want {
					t.Fatalf("printableASCII(%q) = %v, want %v", b, got, want)
				}
			}
		}
	}
	for _, in := range fastPathInputs(t) {
		if got, want := printableASCII(in), slow(in); got != want {
			t.Errorf("printableASCII(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestSchemeWrittenColon: schemeWritten's test for a colon changes no
// answer: leadingScheme finds no scheme in a text without one, on every
// input of fastPathInputs.
func TestSchemeWrittenColon(t *testing.T) {
	for _, in := range fastPathInputs(t) {
		if _, _, _, ok := leadingScheme(in); ok && !strings.Contains(in, ":") {
			t.Errorf("leadingScheme(%q) found a scheme without a colon", in)
		}
	}
}

// TestIsTrackingParamFold: isTrackingParam's test of the first byte
// changes no answer: with foldCase, it reports what EqualFold with every
// name of the list of name's length in bytes does, on each name in upper,
// lower and mixed case, with each byte value in its first place, and with
// the Kelvin sign and the long s, which fold to ASCII letters.
func TestIsTrackingParamFold(t *testing.T) {
	slow := func(name string) bool {
		for _, p := range trackingParams {
			if len(p.name) == len(name) && strings.EqualFold(p.name, name) {
				return true
			}
		}
		return false
	}
	var names []string
	for _, p := range trackingParams {
		names = append(names, p.name, strings.ToUpper(p.name), strings.ToUpper(p.name[:1])+p.name[1:])
		for c := 0; c < 256; c++ {
			names = append(names, string(byte(c))+p.name[1:])
		}
		names = append(names, "\u212A"+p.name[1:], "\u017F"+p.name[1:], strings.ReplaceAll(p.name, "k", "\u212A"), strings.ReplaceAll(p.name, "s", "\u017F"))
	}
	for _, n := range names {
		if got, want := isTrackingParam(n, true), slow(n); got != want {
			t.Errorf("isTrackingParam(%q, true) = %v, want %v", n, got, want)
		}
	}
}
