// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/onecontact/webaddress/internal/testfiles"
)

// hostileShapes build inputs of about n bytes from shapes that break naive
// parsers: quadratic rescans, recursion, unbounded growth.
var hostileShapes = testfiles.HostileShapes

// TestHostileShapesLimit: the unicode-host shape is at the parser's limit.
func TestHostileShapesLimit(t *testing.T) {
	if testfiles.MaxUnicodeHost != maxUnicodeHost {
		t.Errorf("testfiles.MaxUnicodeHost = %d, the parser's limit is %d", testfiles.MaxUnicodeHost, maxUnicodeHost)
	}
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
			a.Key(KeyV1, LevelPage)
		}
	}},
	{"LintURL", func(s string) { LintURL(s) }},
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
				in := shape.Build(n)
				b.Run(fmt.Sprintf("%s/%s/%dK", shape.Name, e.name, n>>10), func(b *testing.B) {
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
			in := shape.Build(n)
			for _, e := range hostileEntries {
				runtime.ReadMemStats(&before)
				e.run(in)
				runtime.ReadMemStats(&after)
				limit := maxAllocPerByte
				if e.name == "LintURL" {
					limit = maxLintAllocPerByte
				}
				if perByte := float64(after.TotalAlloc-before.TotalAlloc) / float64(len(in)); perByte > float64(limit) {
					t.Errorf("%s of %s (%d bytes): %.1f bytes allocated per input byte, want at most %d", e.name, shape.Name, len(in), perByte, limit)
				}
			}
		}
	}
}
