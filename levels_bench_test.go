// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"
	"testing"
)

// keyCorpusFiles are the corpus files the keys are tested and measured
// on: those of every test, and unique_hosts.txt, whose hosts do not repeat
// (a contact list's, where a crawl list repeats its hosts: the worst case
// of the cache of look-ups in the Public Suffix List).
var keyCorpusFiles = append(corpusFiles[:len(corpusFiles):len(corpusFiles)], "unique_hosts.txt")

// BenchmarkKeyLevels is the key alone, on the addresses of each corpus
// file parsed beforehand: KeyV2 against KeyV3 at each level, and Levels
// (all three keys and the split), each with a cache of look-ups in the
// Public Suffix List of its own, whose hit rate it reports (hit%). Run in
// one go test run to compare: go test -bench KeyLevels -run '^$' -benchmem.
func BenchmarkKeyLevels(b *testing.B) {
	for _, name := range keyCorpusFiles {
		var addrs []Address
		for _, l := range readCorpus(b, name) {
			if a, err := Parse(l); err == nil {
				addrs = append(addrs, a)
			}
		}
		run := func(what string, f func(buf []byte, a Address) []byte) {
			b.Run(strings.TrimSuffix(name, ".txt")+"/"+what, func(b *testing.B) {
				var buf []byte
				b.ReportAllocs()
				reportHitRates(b, func() {
					for b.Loop() {
						for _, a := range addrs {
							buf = f(buf[:0], a)
						}
					}
				})
				perURL := float64(b.N) * float64(len(addrs))
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/perURL, "ns/URL")
			})
		}
		run("KeyV2", func(buf []byte, a Address) []byte { return a.AppendKey(buf, KeyV2, LevelPage) })
		for l := LevelPage; l <= LevelOwner; l++ {
			run("KeyV3-"+l.String(), func(buf []byte, a Address) []byte { return a.AppendKey(buf, KeyV3, l) })
		}
		run("Levels", func(buf []byte, a Address) []byte { sinkLevels = a.Levels(); return buf })
	}
}

var sinkLevels Levels
