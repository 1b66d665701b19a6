// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"
	"testing"
)

// TestFastHelpers checks the hand-made scans against the plain
// expressions they replace, on every short string of a small alphabet.
func TestFastHelpers(t *testing.T) {
	slowALabel := func(h string) bool { return strings.HasPrefix(h, "xn--") || strings.Contains(h, ".xn--") }
	slowLastTwo := func(host string) string {
		if i := strings.LastIndexByte(host, '.'); i > 0 {
			if j := strings.LastIndexByte(host[:i], '.'); j >= 0 {
				return host[j+1:]
			}
		}
		return host
	}
	const alphabet = "xn-.a"
	var walk func(s string)
	walk = func(s string) {
		if got, want := hasALabel(s), slowALabel(s); got != want {
			t.Errorf("hasALabel(%q) = %v, want %v", s, got, want)
		}
		if got, want := lastTwoLabels(s), slowLastTwo(s); got != want {
			t.Errorf("lastTwoLabels(%q) = %q, want %q", s, got, want)
		}
		if len(s) == 7 {
			return
		}
		for i := range len(alphabet) {
			walk(s + alphabet[i:i+1])
		}
	}
	walk("")
}
