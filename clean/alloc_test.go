// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import "testing"

// TestAllocsCleanerHit: a Cleaner answering from its cache allocates
// nothing.
func TestAllocsCleanerHit(t *testing.T) {
	c := NewCleaner(CleanOptions{}, 16)
	for _, in := range []string{"https://www.example.com/products/shoes?color=red", "WWW.Example.com", "not a url"} {
		c.Clean(in)
		if n := testing.AllocsPerRun(100, func() { c.Clean(in) }); n != 0 {
			t.Errorf("Cleaner hit on %q: %v allocations, want 0", in, n)
		}
	}
}
