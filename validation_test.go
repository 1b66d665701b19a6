// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import "testing"

// standardValidationErrors is the URL Standard's table of validation
// errors (https://url.spec.whatwg.org/#validation-error), name by name in
// its order, with its Failure column, as url.bs has it at whatwg/url
// 6ae84860 (2 July 2026), and IPv4-non-ASCII-input, which the Standard
// added after it (the host parser reports it when a domain that is not
// ASCII becomes one that ends in a number; whatwg-url 17.3, the reference
// implementation, reports it from its host parser's step 8). Where the
// new row sits in the table is not in that copy: it is put with the host
// parser's rows, before the IPv4 parser's, which it precedes.
var standardValidationErrors = []struct {
	name    string
	failure bool
}{
	{"domain-to-ASCII", true},
	{"domain-percent-encoded", false},
	{"host-invalid-code-point", true},
	{"IPv4-non-ASCII-input", false},
	{"IPv4-empty-part", false},
	{"IPv4-too-few-parts", false},
	{"IPv4-too-many-parts", true},
	{"IPv4-non-numeric-part", true},
	{"IPv4-non-decimal-part", false},
	{"IPv4-out-of-range-part", true},
	{"IPv6-unclosed", true},
	{"IPv6-invalid-compression", true},
	{"IPv6-too-many-pieces", true},
	{"IPv6-multiple-compression", true},
	{"IPv6-invalid-code-point", true},
	{"IPv6-too-few-pieces", true},
	{"IPv6-piece-leading-zero", false},
	{"IPv4-in-IPv6-too-many-pieces", true},
	{"IPv4-in-IPv6-invalid-code-point", true},
	{"IPv4-in-IPv6-out-of-range-part", true},
	{"IPv4-in-IPv6-too-few-parts", true},
	{"invalid-URL-unit", false},
	{"special-scheme-missing-following-solidus", false},
	{"missing-scheme-non-relative-URL", true},
	{"invalid-reverse-solidus", false},
	{"invalid-credentials", false},
	{"host-missing", true},
	{"port-out-of-range", true},
	{"port-invalid", true},
	{"file-invalid-Windows-drive-letter", false},
	{"file-invalid-Windows-drive-letter-host", false},
}

// hardeningLimits are the names this package adds after the Standard's,
// for its own limits, which fail like validation errors.
var hardeningLimits = []string{"domain-too-long", "input-too-long", "invalid-UTF-8"}

// TestValidationErrorNames compares the linter's validation errors with
// the Standard's table, name by name and in order: the same names, and a
// failure code exactly for those the table says can make the parser fail.
func TestValidationErrorNames(t *testing.T) {
	var names []verr
	for v := vNone + 1; v < numVerr; v++ {
		names = append(names, v)
	}
	want := len(standardValidationErrors) + len(hardeningLimits)
	if len(names) != want {
		t.Errorf("%d validation errors, want %d: the Standard's %d and %d hardening limits", len(names), want, len(standardValidationErrors), len(hardeningLimits))
	}
	for i, v := range names {
		switch {
		case i < len(standardValidationErrors):
			s := standardValidationErrors[i]
			if v.String() != s.name {
				t.Errorf("validation error %d is %q, the Standard's table has %q", i+1, v, s.name)
			}
			if (v.code() != "") != s.failure {
				t.Errorf("%s: failure code %q, the Standard's table says failure %v", v, v.code(), s.failure)
			}
		case i-len(standardValidationErrors) < len(hardeningLimits):
			if h := hardeningLimits[i-len(standardValidationErrors)]; v.String() != h {
				t.Errorf("validation error %d is %q, want the hardening limit %q", i+1, v, h)
			}
		}
		if verrNamed(v.String()) != v {
			t.Errorf("verrNamed(%q) = %v", v, verrNamed(v.String()))
		}
	}
}
