// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package surt_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/testfiles"
	"github.com/onecontact/webaddress/surt"
)

var sinkString string

// benchmarkLines runs key over every line of lines, reporting ns/URL and
// allocs/URL (ns/op and allocs/op are per pass over all the lines).
func benchmarkLines(b *testing.B, lines []string, key func(string)) {
	var bytes int64
	for _, l := range lines {
		bytes += int64(len(l))
	}
	b.SetBytes(bytes)
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		for _, l := range lines {
			key(l)
		}
	}
	runtime.ReadMemStats(&after)
	perURL := float64(b.N) * float64(len(lines))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/perURL, "ns/URL")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/perURL, "allocs/URL")
}

// BenchmarkKey computes the SURT key of every line of each corpus file
// (surt.Key), and for comparison in the same run the parent package's
// comparison key (webaddress.Parse, then Key(KeyV1)).
func BenchmarkKey(b *testing.B) {
	for _, name := range testfiles.CorpusFiles {
		lines, err := testfiles.CorpusLines(name)
		if err != nil {
			b.Fatal(err)
		}
		name = strings.TrimSuffix(name, ".txt")
		b.Run(name+"/surt.Key", func(b *testing.B) {
			benchmarkLines(b, lines, func(l string) {
				sinkString, _ = surt.Key(l)
			})
		})
		b.Run(name+"/Parse+KeyV1", func(b *testing.B) {
			benchmarkLines(b, lines, func(l string) {
				if a, err := webaddress.Parse(l); err == nil {
					sinkString = a.Key(webaddress.KeyV1)
				}
			})
		})
	}
}
