// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// hostileShapes build inputs of about n bytes from shapes that break naive
// parsers: quadratic rescans, recursion, unbounded growth.
var hostileShapes = []struct {
	name  string
	build func(n int) string
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
		host := strings.Repeat("ü", maxUnicodeHost-4) + ".com"
		return "https://" + host + "/" + strings.Repeat("é", max(n-len(host), 0)/2)
	}},
}

// hostileEntries are the entry points the shapes go through.
var hostileEntries = []struct {
	name string
	run  func(string)
}{
	{"ParseURL", func(s string) { ParseURL(s) }},
	{"Parse", func(s string) { Parse(s) }},
	{"Key", func(s string) {
		if a, err := Parse(s); err == nil {
			a.Key(KeyV1)
		}
	}},
	{"Clean", func(s string) {
		Clean(s, CleanOptions{WWW: WWWKeep, PathNormalization: PathNormalizeBoth, PathEncoding: PathEncodingEncode})
	}},
	{"Lint", func(s string) { Lint(s) }},
	{"SetSearch", func(s string) {
		u := MustParseURL("https://example.com/")
		u.SetSearch(s)
	}},
}

// hostileSizes are the input sizes of BenchmarkHostile.
var hostileSizes = []int{1 << 10, 10 << 10, 100 << 10, 1 << 20}

// BenchmarkHostile runs each shape through each entry point at 1 KiB to 1
// MiB and reports ns/byte, which must stay flat (at most 1.5 times from 1
// KiB to 1 MiB; compare the sizes in one run, with -benchtime 0.5s or more:
// in 0.2 s a 1 MiB input runs too few times for a steady figure).
func BenchmarkHostile(b *testing.B) {
	for _, shape := range hostileShapes {
		for _, e := range hostileEntries {
			for _, n := range hostileSizes {
				in := shape.build(n)
				b.Run(fmt.Sprintf("%s/%s/%dK", shape.name, e.name, n>>10), func(b *testing.B) {
					b.SetBytes(int64(len(in)))
					b.ReportAllocs()
					for b.Loop() {
						e.run(in)
					}
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(in)), "ns/byte")
				})
			}
		}
	}
}

// The most bytes an entry point may allocate per byte of a hostile input.
// A parse writes up to three bytes per input byte (percent-encoding), in a
// buffer that grows by a quarter at a time, then copies it into the href:
// about 20 in all. Lint may report a violation per byte, 40 bytes each,
// gathered in chunks and then copied into one slice.
const (
	maxAllocPerByte     = 32
	maxLintAllocPerByte = 96
)

// TestHostileMemory checks that every entry point allocates at most
// maxAllocPerByte bytes per input byte (Lint maxLintAllocPerByte) on each
// hostile shape, at 100 KiB and 1 MiB. Allocation is counted, not timed,
// so the test is deterministic.
func TestHostileMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("1 MiB inputs: not with -short")
	}
	var before, after runtime.MemStats
	for _, shape := range hostileShapes {
		for _, n := range []int{100 << 10, 1 << 20} {
			in := shape.build(n)
			for _, e := range hostileEntries {
				runtime.ReadMemStats(&before)
				e.run(in)
				runtime.ReadMemStats(&after)
				limit := maxAllocPerByte
				if e.name == "Lint" {
					limit = maxLintAllocPerByte
				}
				if perByte := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(in)); perByte > float64(limit) {
					t.Errorf("%s of %s (%d bytes): %.1f bytes allocated per input byte, want at most %d", e.name, shape.name, len(in), perByte, limit)
				}
			}
		}
	}
}
