// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import "testing"

// TestPunycodeLabels checks that the cleaner reads a label that starts with
// "xn--" as the host parser does (issue 46): a domain that is not ASCII
// with a label UTS #46 rejects is an error, and an ASCII one is kept as
// written, also under HostEncodingUnicode, since UTS #46 ToUnicode records
// an error for it and the URL Standard's domain to Unicode then returns the
// domain itself.
func TestPunycodeLabels(t *testing.T) {
	for _, in := range []string{"https://ä.xn--xn---epa/", "https://xn--.é/", "https://x.xn--f\u034A-ptp/"} {
		if c, err := Clean(in, CleanOptions{}); err == nil || c.Status != StatusError {
			t.Errorf("Clean(%q) = %+v, %v; want an error", in, c, err)
		}
	}
	for _, in := range []string{"https://xn--xn---epa.example/", "https://xn--a.example/"} {
		c, err := Clean(in, CleanOptions{HostEncoding: HostEncodingUnicode})
		if err != nil || c.Host != in[len("https://"):len(in)-1] {
			t.Errorf("Clean(%q, HostEncodingUnicode) = host %q, %v; want it as written", in, c.Host, err)
		}
	}
}
