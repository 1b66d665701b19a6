// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"fmt"
	"strings"
	"testing"

	"github.com/onecontact/webaddress/internal/domaincache"
	"github.com/onecontact/webaddress/internal/testfiles"
	"golang.org/x/net/publicsuffix"
)

// This file holds the tests and the benchmark of the caches of look-ups
// of a domain: in the Public Suffix List (suffixes, in suffix.go) and of
// the ASCII form of a domain that is not ASCII (asciiDomains, in host.go).

// withSuffixCache runs f with c as publicSuffixOf's cache (nil: none).
func withSuffixCache(c *domaincache.Cache[domaincache.Answer], f func()) {
	old := suffixes
	suffixes = c
	defer func() { suffixes = old }()
	f()
}

// withASCIICache runs f with c as toASCII's cache (nil: none).
func withASCIICache(c *domaincache.Cache[domaincache.ASCIIAnswer], f func()) {
	old := asciiDomains
	asciiDomains = c
	defer func() { asciiDomains = old }()
	f()
}

// everyKey returns the href of in, as ParseURL and Parse give it, every
// key of in, KeyV1 to KeyV3 at each level, and its split and levels, on
// one line; only ParseURL's href (or none) when Parse fails.
func everyKey(in string) string {
	var b strings.Builder
	if u, err := ParseURL(in); err == nil {
		b.WriteString(u.Href())
	}
	b.WriteByte('\t')
	a, err := Parse(in)
	if err != nil {
		return b.String()
	}
	b.WriteString(a.URL().Href())
	b.WriteByte('\t')
	for _, v := range []KeyVersion{KeyV1, KeyV2} {
		b.WriteString(a.Key(v, LevelPage))
		b.WriteByte('\t')
	}
	for l := LevelPage; l <= LevelOwner; l++ {
		b.WriteString(a.Key(KeyV3, l))
		b.WriteByte('\t')
	}
	d, s, sub, p := a.Split()
	fmt.Fprintf(&b, "%s\t%s\t%s\t%v\t%+v", d, s, sub, p, a.Levels())
	return b.String()
}

// TestDomainCachesKeys checks on every line of every corpus file, and on
// the addresses of testdata/levels.txt, that the hrefs, the keys and the
// split are byte-identical without the caches, with them, and with caches
// of a few slots that the domains keep taking from each other.
func TestDomainCachesKeys(t *testing.T) {
	inputs := append([]string(nil), levelsCostInputs...)
	for _, r := range readLevelsTable(t) {
		inputs = append(inputs, r.in)
	}
	for _, name := range keyCorpusFiles {
		inputs = append(inputs, readCorpus(t, name)...)
	}
	want := make([]string, len(inputs))
	withSuffixCache(nil, func() {
		withASCIICache(nil, func() {
			for i, in := range inputs {
				want[i] = everyKey(in)
			}
		})
	})
	for _, slots := range [][2]int{{domaincache.Slots, domaincache.ASCIISlots}, {4, 4}} {
		suffixes := domaincache.New[domaincache.Answer](slots[0])
		ascii := domaincache.New[domaincache.ASCIIAnswer](slots[1])
		withSuffixCache(suffixes, func() {
			withASCIICache(ascii, func() {
				for i, in := range inputs {
					if got := everyKey(in); got != want[i] {
						t.Fatalf("%q with caches of %v slots:\n%s\nwithout:\n%s", in, slots, got, want[i])
					}
				}
			})
		})
		for name, c := range map[string]interface{ Stats() (int64, int64) }{"suffixes": suffixes, "ascii": ascii} {
			if n, hits := c.Stats(); n == 0 || hits == 0 || hits >= n {
				t.Errorf("%s, slots %v: %d look-ups, %d hits", name, slots, n, hits)
			}
		}
	}
}

// TestHasListedTLD checks that hasListedTLD, which asks the cache of
// look-ups, answers as x/net's PublicSuffix does, on the host of every
// address of the corpus files (typed.txt among them) and of the levels
// table, and on hosts with empty labels, which the cache does not look up.
func TestHasListedTLD(t *testing.T) {
	hosts := []string{"a..com", ".a.com", "a.com.", "x..ck", "..ck", "co..uk", "localhost", "a.b.c.d.e"}
	inputs := []string(nil)
	for _, r := range readLevelsTable(t) {
		inputs = append(inputs, r.in)
	}
	for _, name := range keyCorpusFiles {
		inputs = append(inputs, readCorpus(t, name)...)
	}
	for _, in := range inputs {
		if a, err := Parse(in); err == nil && a.url.HostKind() == DomainHost {
			hosts = append(hosts, strings.TrimSuffix(a.url.Hostname(), "."))
		}
	}
	for _, h := range hosts {
		suffix, icann := publicsuffix.PublicSuffix(h)
		if got, want := hasListedTLD(h), icann || strings.IndexByte(suffix, '.') >= 0; got != want {
			t.Errorf("hasListedTLD(%q) = %v, x/net's PublicSuffix says %v (%q, icann %v)", h, got, want, suffix, icann)
		}
	}
}

// TestSuffixCacheConcurrent checks, under -race, that goroutines sharing
// a cache of a few slots get the answers they would alone.
func TestSuffixCacheConcurrent(t *testing.T) {
	inputs := []string{"www.example.co.uk", "a.b.github.io", "shop.acme.com", "x.y.z.wordpress.com",
		"co.uk", "localhost", "", "a..b", "www.ci.lubbock.tx.us", "mail.yahoo.co.jp"}
	withSuffixCache(domaincache.New[domaincache.Answer](4), func() {
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
	c := domaincache.New[domaincache.Answer](1)
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

// TestASCIICacheConcurrent checks, under -race, that goroutines sharing a
// cache of a few slots get the ASCII forms they would alone.
func TestASCIICacheConcurrent(t *testing.T) {
	inputs := []string{"münchen.de", "пример.рф", "日本語.jp", "xn--mnchen-3ya.de", "ａｂｃ.com", "a\u200db.com",
		"مثال.إختبار", "aℶ.com", "faß.de", "x.xn--.com"}
	withASCIICache(domaincache.New[domaincache.ASCIIAnswer](4), func() {
		testfiles.CheckConcurrent(t, inputs, func(d string) string {
			ascii, ok := toASCII(d)
			if want := lookUpASCII(d); ascii != want.ASCII || ok != want.OK {
				return "cached " + ascii
			}
			return fmt.Sprint(ascii, ok)
		})
	})
}

// reportHitRates runs f with new caches of look-ups of a domain, and
// reports their hit rates: hit% for the Public Suffix List's, and
// ascii-hit% for the ASCII forms' where f made any.
func reportHitRates(b *testing.B, f func()) {
	suffixes := domaincache.New[domaincache.Answer](domaincache.Slots)
	ascii := domaincache.New[domaincache.ASCIIAnswer](domaincache.ASCIISlots)
	withSuffixCache(suffixes, func() { withASCIICache(ascii, f) })
	n, hits := suffixes.Stats()
	b.ReportMetric(100*float64(hits)/float64(max(n, 1)), "hit%")
	if n, hits := ascii.Stats(); n > 0 {
		b.ReportMetric(100*float64(hits)/float64(n), "ascii-hit%")
	}
}

// BenchmarkDomainCaches is Parse and the owner key on each corpus file,
// unique_hosts.txt included, with the caches (reporting their hit rates)
// and without them, in one run.
func BenchmarkDomainCaches(b *testing.B) {
	var key []byte
	for _, name := range keyCorpusFiles {
		lines := readCorpus(b, name)
		for _, cached := range []bool{true, false} {
			b.Run("file="+strings.TrimSuffix(name, ".txt")+"/cache="+map[bool]string{true: "on", false: "off"}[cached], func(b *testing.B) {
				f := func() {
					testfiles.BenchmarkLines(b, lines, func(s string) {
						if a, err := Parse(s); err == nil {
							key = a.AppendKey(key[:0], KeyV3, LevelOwner)
						}
					})
				}
				if cached {
					reportHitRates(b, f)
				} else {
					withSuffixCache(nil, func() { withASCIICache(nil, f) })
				}
			})
		}
	}
}
