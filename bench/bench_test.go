// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package bench

import (
	"net/url"
	"testing"

	"github.com/ada-url/goada"
	whatwg "github.com/nlnwa/whatwg-url/url"
	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/bench/adacore"
	"github.com/onecontact/webaddress/clean"
	"github.com/onecontact/webaddress/internal/domaincache"
	"github.com/onecontact/webaddress/internal/testfiles"
)

// sink keeps results alive so the compiler cannot drop the work.
var sink string

// urlPeers parse an absolute URL and read its serialization, each the
// way its own API does it. ada's C++ core is benchmarked apart (see
// benchmarkAdaCore): it takes a whole file per call.
var urlPeers = []struct {
	name  string
	parse func(string)
}{
	{"neturl", func(s string) {
		if u, err := url.Parse(s); err == nil {
			sink = u.String()
		}
	}},
	{"webaddress", parseURL},
	{"goada", func(s string) {
		if u, err := goada.New(s); err == nil {
			sink = u.Href()
			u.Free()
		}
	}},
	{"nlnwa", func(s string) {
		if u, err := whatwg.Parse(s); err == nil {
			sink = u.Href(false)
		}
	}},
}

// parseURL is webaddress's URL parser: ParseURL, then Href.
func parseURL(s string) {
	if u, err := webaddress.ParseURL(s); err == nil {
		sink = u.Href()
	}
}

// BenchmarkURL is the URL parsers on the corpus files of absolute URLs:
// parse each line and read its href.
func BenchmarkURL(b *testing.B) {
	for _, file := range []string{"kasztp", "node_files"} {
		for _, p := range urlPeers {
			b.Run("file="+file+"/impl="+p.name, func(b *testing.B) {
				testfiles.BenchmarkLines(b, readCorpus(b, file), p.parse)
			})
		}
		b.Run("file="+file+"/impl=ada-core", func(b *testing.B) {
			benchmarkAdaCore(b, readCorpus(b, file))
		})
	}
}

// BenchmarkLayers is webaddress's layers on every corpus file, typed
// addresses and unique hosts (bare domains that do not repeat) included:
// the URL parser, the typed address (canonical form
// and facts), its KeyV1 and KeyV2 keys, its KeyV3 keys at each level
// (Page, Site, Owner) and all of them with the host's split (Levels), and
// the cleaner with default options; with the hit rates of the caches of
// look-ups in the Public Suffix List (hit%) and of the ASCII forms of
// domains that are not ASCII (ascii-hit%) where a layer uses them.
func BenchmarkLayers(b *testing.B) {
	var key []byte
	var levels webaddress.Levels
	layers := []struct {
		name  string
		parse func(string)
	}{
		{"ParseURL", parseURL},
		{"Parse", func(s string) {
			if a, err := webaddress.Parse(s); err == nil {
				sink = a.Canonical()
			}
		}},
		{"Key", func(s string) {
			if a, err := webaddress.Parse(s); err == nil {
				key = a.AppendKey(key[:0], webaddress.KeyV1, webaddress.LevelPage)
			}
		}},
		{"KeyV2", func(s string) {
			if a, err := webaddress.Parse(s); err == nil {
				key = a.AppendKey(key[:0], webaddress.KeyV2, webaddress.LevelPage)
			}
		}},
		{"Page", keyAt(&key, webaddress.LevelPage)},
		{"Site", keyAt(&key, webaddress.LevelSite)},
		{"Owner", keyAt(&key, webaddress.LevelOwner)},
		{"Levels", func(s string) {
			if a, err := webaddress.Parse(s); err == nil {
				levels = a.Levels()
				sink = levels.Owner
			}
		}},
		{"Clean", func(s string) {
			if c, err := clean.Clean(s, clean.CleanOptions{}); err == nil {
				sink = c.CleanURL
			}
		}},
	}
	for _, file := range []string{"kasztp", "node_files", "typed", "unique_hosts"} {
		for _, l := range layers {
			b.Run("file="+file+"/impl="+l.name, func(b *testing.B) {
				n, hits := domaincache.Suffixes.Stats()
				an, ahits := domaincache.ASCII.Stats()
				testfiles.BenchmarkLines(b, readCorpus(b, file), l.parse)
				reportHitRate(b, domaincache.Suffixes, "hit%", n, hits)
				reportHitRate(b, domaincache.ASCII, "ascii-hit%", an, ahits)
			})
		}
	}
}

// reportHitRate reports as unit the hit rate of c since it had served n
// look-ups and answered hits of them, if it served any since.
func reportHitRate(b *testing.B, c interface{ Stats() (int64, int64) }, unit string, n, hits int64) {
	if n2, hits2 := c.Stats(); n2 > n {
		b.ReportMetric(100*float64(hits2-hits)/float64(n2-n), unit)
	}
}

// keyAt returns the layer of KeyV3's key at level l: Parse, then the key,
// appended to *key.
func keyAt(key *[]byte, l webaddress.Level) func(string) {
	return func(s string) {
		if a, err := webaddress.Parse(s); err == nil {
			*key = a.AppendKey((*key)[:0], webaddress.KeyV3, l)
		}
	}
}

// BenchmarkCleanerHit is a Cleaner answering from its cache.
func BenchmarkCleanerHit(b *testing.B) {
	const in = "https://www.example.com/products/shoes?color=red"
	c := clean.NewCleaner(clean.CleanOptions{}, 1024)
	c.Clean(in)
	b.ReportAllocs()
	for b.Loop() {
		v, _ := c.Clean(in)
		sink = v.CleanURL
	}
}

// benchmarkAdaCore parses all lines in one call into C++ per iteration;
// ns/URL is the time measured inside C++. Its allocations are C++'s own,
// which Go cannot count: allocs/URL and B/URL are not reported.
func benchmarkAdaCore(b *testing.B, lines []string) {
	batch, err := adacore.NewBatch(lines)
	if err != nil {
		b.Fatal(err)
	}
	var size int64
	for _, l := range lines {
		size += int64(len(l))
	}
	b.SetBytes(size)
	var ns int64
	for b.Loop() {
		ns += batch.Parse(1).Nanoseconds
	}
	b.ReportMetric(float64(ns)/(float64(b.N)*float64(len(lines))), "ns/URL")
}
