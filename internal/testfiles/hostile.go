// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package testfiles

import "strings"

// MaxUnicodeHost is the parser's limit on a host's length in UTF-16 code
// units (webaddress's maxUnicodeHost, which its tests compare with this).
const MaxUnicodeHost = 4096

// HostileShapes build inputs of about n bytes from shapes that break naive
// parsers: quadratic rescans, recursion, unbounded growth.
var HostileShapes = []struct {
	Name  string
	Build func(n int) string
}{
	{"percent", func(n int) string { return "https://example.com/" + strings.Repeat("%", n) }},
	{"percent-percent-41", func(n int) string { return "https://example.com/?" + strings.Repeat("%%41", n/4) }},
	{"host-escapes", func(n int) string { return "https://" + strings.Repeat("%41", n/3) + ".com/" }},
	{"dots", func(n int) string { return "https://" + strings.Repeat("a.", n/2) + "com/" + strings.Repeat(".", n/2) }},
	{"dot-segments", func(n int) string { return "https://example.com" + strings.Repeat("/./../a", n/7) }},
	{"backslashes", func(n int) string {
		return `https:` + strings.Repeat(`\`, n/2) + "example.com" + strings.Repeat(`\`, n/2)
	}},
	{"tabs-percent", func(n int) string { return "https://example.com/" + strings.Repeat("%\t", n/2) }},
	{"tabs-newlines", func(n int) string {
		var b strings.Builder
		for i := 0; b.Len() < n; i++ {
			b.WriteByte("https://user:pw@example.com:8080/a/b?q=1#f"[i%41])
			b.WriteString("\t\n")
		}
		return b.String()
	}},
	{"brackets", func(n int) string { return "https://" + strings.Repeat("[", n) }},
	{"colons", func(n int) string { return "https://[" + strings.Repeat(":", n) + "]/" }},
	{"ipv4-huge", func(n int) string { return "https://0x" + strings.Repeat("f", n) + "/" }},
	{"ipv4-parts", func(n int) string { return "https://" + strings.Repeat("9.", n/2) + "9/" }},
	{"punycode-label", func(n int) string { return "https://xn--" + strings.Repeat("a", n) + "-b.com/" }},
	{"query-params", func(n int) string { return "https://example.com/?" + strings.Repeat("utm_source=x&a=1&", n/17) }},
	{"at-signs", func(n int) string { return "https://" + strings.Repeat("u@", n/2) + "example.com/" }},
	{"unicode-host", func(n int) string {
		// A host at the 4096 UTF-16 code unit limit, then a long path.
		host := strings.Repeat("ü", MaxUnicodeHost-4) + ".com"
		return "https://" + host + "/" + strings.Repeat("é", max(n-len(host), 0)/2)
	}},
}
