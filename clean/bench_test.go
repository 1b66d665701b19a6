// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"strings"
	"testing"

	"github.com/onecontact/webaddress/internal/testfiles"
)

var sinkString string

// BenchmarkClean is Clean with the default options (R's safe_parse_url
// defaults) on every line.
func BenchmarkClean(b *testing.B) {
	testfiles.BenchmarkCorpora(b, func(l string) {
		if c, err := Clean(l, CleanOptions{}); err == nil {
			sinkString = c.CleanURL
		}
	})
}

// BenchmarkCleanerHit is a Cleaner answering from its cache.
func BenchmarkCleanerHit(b *testing.B) {
	const in = "https://www.example.com/products/shoes?color=red"
	c := NewCleaner(CleanOptions{}, 1024)
	c.Clean(in)
	b.ReportAllocs()
	for b.Loop() {
		v, _ := c.Clean(in)
		sinkString = v.CleanURL
	}
}

// BenchmarkCleanAll compares CleanAll over each corpus file with a loop
// calling Clean into a slice of results, both without a cache, for
// CleanAll's speed-up.
func BenchmarkCleanAll(b *testing.B) {
	c := NewCleaner(CleanOptions{}, 0)
	for _, name := range testfiles.CorpusFiles {
		run := func(b *testing.B, all func([]string)) {
			lines := testfiles.MustCorpusLines(b, name)
			b.ReportAllocs()
			for b.Loop() {
				all(lines)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/(float64(b.N)*float64(len(lines))), "ns/URL")
		}
		base := strings.TrimSuffix(name, ".txt")
		b.Run(base+"/loop", func(b *testing.B) {
			run(b, func(lines []string) {
				out := make([]Cleaned, len(lines))
				for i, l := range lines {
					out[i], _ = c.Clean(l)
				}
			})
		})
		b.Run(base+"/CleanAll", func(b *testing.B) {
			run(b, func(lines []string) { c.CleanAll(lines) })
		})
	}
}
