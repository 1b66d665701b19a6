// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"net/url"
	"testing"

	"github.com/onecontact/webaddress/internal/testfiles"
)

// corpusFiles are the corpora of testdata/corpus (see its SOURCE).
var corpusFiles = testfiles.CorpusFiles

// readCorpus returns the non-empty lines of a corpus file, or fails tb.
var readCorpus = testfiles.MustCorpusLines

var sinkString string

// benchmarkLines runs its function over every line of each corpus file,
// reporting ns/URL and allocs/URL (ns/op and allocs/op are per pass over
// the whole file).
var benchmarkLines = testfiles.BenchmarkCorpora

// BenchmarkParseURL parses every line of each corpus file and reads its
// href.
func BenchmarkParseURL(b *testing.B) {
	benchmarkLines(b, func(l string) {
		if u, err := ParseURL(l); err == nil {
			sinkString = u.Href()
		}
	})
}

// BenchmarkParse is the typed-address parse: trimming, the scheme rule,
// ParseURL with spans, the canonical form and the facts.
func BenchmarkParse(b *testing.B) {
	benchmarkLines(b, func(l string) {
		if a, err := Parse(l); err == nil {
			sinkString = a.Canonical()
		}
	})
}

// BenchmarkKey is Parse and then Key(KeyV1) into a reused buffer.
func BenchmarkKey(b *testing.B) {
	var buf []byte
	benchmarkLines(b, func(l string) {
		if a, err := Parse(l); err == nil {
			buf = a.AppendKey(buf[:0], KeyV1, LevelPage)
		}
	})
}

// BenchmarkProfile is Profile on parsed addresses (parsing not counted).
// Addresses of no network must not allocate.
func BenchmarkProfile(b *testing.B) {
	for _, in := range []string{"https://www.example.com/about/team", "https://github.com/golang/go", "https://mastodon.social/@Gargron"} {
		b.Run(in, func(b *testing.B) {
			a, err := Parse(in)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				sinkProfile, _ = a.Profile()
			}
		})
	}
}

var sinkProfile Profile

// BenchmarkNetURL is the same work for net/url (Parse and String), the
// standard library's parser, which follows RFC 3986 rather than the URL
// Standard; it is here for the ratio in the same run.
func BenchmarkNetURL(b *testing.B) {
	benchmarkLines(b, func(l string) {
		if u, err := url.Parse(l); err == nil {
			sinkString = u.String()
		}
	})
}
