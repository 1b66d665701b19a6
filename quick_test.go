// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"
	"testing"
)

// checkQuick checks that the fast path, when it takes input, gives the
// URL and spans the parser gives.
func checkQuick(t *testing.T, input, assume string) (took bool) {
	t.Helper()
	var qs spans
	q, ok := quickParse(input, assume, &qs)
	if !ok {
		return false
	}
	if !printableASCII(input) {
		t.Fatalf("quickParse(%q, %q) takes an input that is not printable ASCII", input, assume)
	}
	var ss spans
	s, err := parseWith(input, parseOpts{assume: assume, slow: true}, &ss)
	if err != nil || q != s || qs != ss {
		t.Fatalf("quickParse(%q, %q) = %+v %v; the parser gives %+v %v, %v", input, assume, q, qs, s, ss, err)
	}
	if err := q.validate(); err != nil {
		t.Fatal(err)
	}
	return true
}

// TestQuickParse: the fast path agrees with the parser on every input of
// the web-platform-tests, the fuzz seeds and the corpus, and takes the
// URLs it is meant for.
func TestQuickParse(t *testing.T) {
	var inputs []string
	for _, c := range wptCases(t) {
		inputs = append(inputs, c.Input)
	}
	inputs = append(inputs, fuzzSeeds...)
	for _, name := range corpusFiles {
		inputs = append(inputs, readCorpus(t, name)...)
	}
	took, tookAssumed := 0, 0
	for _, in := range inputs {
		if checkQuick(t, in, "") {
			took++
		}
		// The same, as typed text after an assumed scheme.
		for _, assume := range []string{"https", "http"} {
			rest := in
			if i := strings.Index(in, "://"); i >= 0 {
				rest = in[i+3:]
			}
			if checkQuick(t, rest, assume) {
				tookAssumed++
			}
		}
	}
	t.Logf("the fast path took %d of %d inputs, and %d of %d after an assumed scheme", took, len(inputs), tookAssumed, 2*len(inputs))
	tests := []struct {
		in   string
		took bool
	}{
		{"https://example.com/", true},
		{"http://a.b/c/d?e=f&g#h", true},
		{"https://example.com:8443/x", true},
		{"https://example.com", false},      // the path "/" is added
		{"HTTPS://example.com/", false},     // the scheme is lowercased
		{"https://Example.com/", false},     // the host is lowercased
		{"https://example.com:443/", false}, // the default port goes
		{"https://example.com:0443/", false},
		{"https://example.com:/", false},
		{"https://example.com:65536/", false},
		{"https://u@example.com/", false},
		{"https://1.2.3.4/", false},     // an IPv4 host, maybe written otherwise
		{"https://example.0x1/", false}, // ends in a number
		{"https://[::1]/", false},
		{"https://example.com/a/./b", false},
		{"https://example.com/a/%2E%2e/b", false},
		{"https://example.com/a b", false},
		{`https://example.com\a`, false},
		{"https://example.com/?a b", false},
		{"https://example.com/?'", false}, // the special-query set
		{"https://example.com/#`", false},
		{"https://example.com/ ", false},
		{"https://ex%61mple.com/", false},
		{"ftp://example.com/", false},
		{"https:example.com/", false},
		{"file://host/a/b.js", true},
		{"file:///C:/a?b#c", true}, // an empty host; a drive letter as it is
		{"file:///", true},
		{"file://host", false},        // the path "/" is added
		{"file://localhost/a", false}, // the host becomes empty
		{"file://host:1/a", false},    // no port: the host fails
		{"file://1.2.3.4/", false},
		{"file:///C|/a", false}, // the drive letter's "|" becomes ":"
		{"file://host/C|/a", false},
		{"file:///a/C|", true}, // a drive letter only first
		{"file:/a", false},
		{`file://host\a`, false},
		{"https://example.com/a\tb", false}, // not printable ASCII
		{"https://example.com/\x7f", false},
		{"https://example.com/?\x00", false},
		{"https://example.com/#\u00e9", false},
		{"https://ex\u00e4mple.com/", false},
	}
	for _, tt := range tests {
		if got := checkQuick(t, tt.in, ""); got != tt.took {
			t.Errorf("quickParse(%q) took it: %v, want %v", tt.in, got, tt.took)
		}
	}
	assumed := []struct {
		in, assume string
		took       bool
	}{
		{"example.com", "https", true},         // the path "/" is added
		{"example.com:8080", "http", true},     // and after a port
		{"example.com/a?b#c", "https", true},   //
		{"example.com?b", "https", false},      // "/" before the query
		{"//example.com/", "https", false},     // slashes the parser skips
		{"example.com:80/", "http", false},     // the default port
		{"Example.com/", "https", false},       // lowercased
		{"example.com/", "ftp", false},         // not http or https
		{"example.com/", "wss", false},         //
		{"user@example.com/", "https", false},  //
		{"example.com:99999/", "https", false}, // fails
		{"localhost:3000/x", "https", true},    //
		{"192.168.0.1:8080/", "https", false},  // an IPv4 host
	}
	for _, tt := range assumed {
		if got := checkQuick(t, tt.in, tt.assume); got != tt.took {
			t.Errorf("quickParse(%q, %q) took it: %v, want %v", tt.in, tt.assume, got, tt.took)
		}
	}
}
