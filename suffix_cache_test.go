// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"fmt"
	"strings"
	"testing"

	"github.com/onecontact/webaddress/internal/suffixcache"
	"github.com/onecontact/webaddress/internal/testfiles"
)

// This file holds the tests and the benchmark of the cache of look-ups in
// the Public Suffix List (suffixes, in suffix.go).

// withSuffixCache runs f with c as publicSuffixOf's cache (nil: none).
func withSuffixCache(c *suffixcache.Cache, f func()) {
	old := suffixes
	suffixes = c
	defer func() { suffixes = old }()
	f()
}

// everyKey returns every key of in, KeyV1 to KeyV3 at each level, and
// its split and levels, on one line; "" when in does not parse.
func everyKey(in string) string {
	a, err := Parse(in)
	if err != nil {
		return ""
	}
	var b strings.Builder
	for _, v := range []KeyVersion{KeyV1, KeyV2} {
		b.WriteString(a.Key(v))
		b.WriteByte('\t')
	}
	for l := LevelPage; l <= LevelOwner; l++ {
		b.WriteString(a.KeyAt(KeyV3, l))
		b.WriteByte('\t')
	}
	d, s, sub, p := a.Split()
	fmt.Fprintf(&b, "%s\t%s\t%s\t%v\t%+v", d, s, sub, p, a.Levels())
	return b.String()
}

// TestSuffixCacheKeys checks on every line of every corpus file, and on
// the addresses of testdata/levels.txt, that the keys and the split are
// byte-identical without the cache, with it, and with a cache of a few
// slots that the domains keep taking from each other.
func TestSuffixCacheKeys(t *testing.T) {
	inputs := append([]string(nil), levelsCostInputs...)
	for _, r := range readLevelsTable(t) {
		inputs = append(inputs, r.in)
	}
	for _, name := range keyCorpusFiles {
		inputs = append(inputs, readCorpus(t, name)...)
	}
	want := make([]string, len(inputs))
	withSuffixCache(nil, func() {
		for i, in := range inputs {
			want[i] = everyKey(in)
		}
	})
	for _, slots := range []int{suffixcache.Slots, 4} {
		c := suffixcache.New(slots)
		withSuffixCache(c, func() {
			for i, in := range inputs {
				if got := everyKey(in); got != want[i] {
					t.Fatalf("%q with a cache of %d slots:\n%s\nwithout:\n%s", in, slots, got, want[i])
				}
			}
		})
		if n, hits := c.Stats(); n == 0 || hits == 0 || hits >= n {
			t.Errorf("cache of %d slots: %d look-ups, %d hits", slots, n, hits)
		}
	}
}

// TestSuffixCacheConcurrent checks, under -race, that goroutines sharing
// a cache of a few slots get the answers they would alone.
func TestSuffixCacheConcurrent(t *testing.T) {
	inputs := []string{"www.example.co.uk", "a.b.github.io", "shop.acme.com", "x.y.z.wordpress.com",
		"co.uk", "localhost", "", "a..b", "www.ci.lubbock.tx.us", "mail.yahoo.co.jp"}
	withSuffixCache(suffixcache.New(4), func() {
		testfiles.CheckConcurrent(t, inputs, func(d string) string {
			info := publicSuffixOf(d)
			want := lookUpSuffix(d)
			if info != want {
				return "cached " + info.suffix + " " + info.registrable
			}
			return info.suffix + " " + info.registrable
		})
	})
}

// TestSuffixCacheHits checks the cache's counts: a miss, then a hit, then
// a miss for a domain that took the slot of another.
func TestSuffixCacheHits(t *testing.T) {
	c := suffixcache.New(1)
	withSuffixCache(c, func() {
		for _, d := range []string{"www.example.com", "www.example.com", "www.example.org", "www.example.com"} {
			if got, want := publicSuffixOf(d), lookUpSuffix(d); got != want {
				t.Errorf("publicSuffixOf(%q) = %+v, want %+v", d, got, want)
			}
		}
	})
	if n, hits := c.Stats(); n != 4 || hits != 1 {
		t.Errorf("Stats() = %d look-ups, %d hits; want 4, 1", n, hits)
	}
}

// reportHitRate runs f with a new cache of look-ups in the Public Suffix
// List, and reports its hit rate as hit%.
func reportHitRate(b *testing.B, f func()) {
	c := suffixcache.New(suffixcache.Slots)
	withSuffixCache(c, f)
	n, hits := c.Stats()
	b.ReportMetric(100*float64(hits)/float64(max(n, 1)), "hit%")
}

// BenchmarkSuffixCache is Parse and the owner key on each corpus file,
// unique_hosts.txt included, with the cache (reporting its hit rate) and
// without it, in one run.
func BenchmarkSuffixCache(b *testing.B) {
	var key []byte
	for _, name := range keyCorpusFiles {
		lines := readCorpus(b, name)
		for _, cached := range []bool{true, false} {
			b.Run("file="+strings.TrimSuffix(name, ".txt")+"/cache="+map[bool]string{true: "on", false: "off"}[cached], func(b *testing.B) {
				f := func() {
					testfiles.BenchmarkLines(b, lines, func(s string) {
						if a, err := Parse(s); err == nil {
							key = a.AppendKeyAt(key[:0], KeyV3, LevelOwner)
						}
					})
				}
				if cached {
					reportHitRate(b, f)
				} else {
					withSuffixCache(nil, f)
				}
			})
		}
	}
}
