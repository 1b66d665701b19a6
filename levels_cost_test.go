// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"
	"testing"

	"github.com/onecontact/webaddress/internal/domaincache"
	"github.com/onecontact/webaddress/internal/record"
)

// This file holds the tests and benchmarks of what KeyV3's levels cost:
// the look-ups in the Public Suffix List, and the parse record's columns
// of the levels.

// levelColumns are the parse record's columns that rowLevels serves.
var levelColumns = []string{"site", "owner", "owner_rule", "domain", "suffix", "subdomain"}

// countLookups returns how many times f looked a domain up in the Public
// Suffix List.
func countLookups(f func()) int64 {
	builtin() // the lists' first use looks up their own domains
	c := domaincache.New[domaincache.Answer](domaincache.Slots)
	withSuffixCache(c, f)
	n, _ := c.Stats()
	return n
}

// levelsCostInputs are addresses of each kind of owner rule and host.
var levelsCostInputs = []string{
	"https://Shop.Acme.co.uk/about?utm_source=x",
	"www.ci.lubbock.tx.us/departments",
	"shop.acme.wordpress.com/blog/post",
	"sites.google.com/site/acme/home",
	"linkedin.com/company/acme/about",
	"www.linkedin.com/feed",
	"mastodon.social/@acme",
	"mail.yahoo.com",
	"bit.ly/abc",
	"10.0.0.1:8080/x",
	"[::1]/x",
	"file:///etc/hosts",
	"file://server.example.co.uk/share/a.txt",
	"mailto:info@acme.com",
	"co.uk",
	"localhost:3000",
	"http://com/x",
	"file://uk/a",
	"http://www.com/",
}

// TestParseRecordOneLookup checks that the parse record's columns of the
// levels make one look-up in the Public Suffix List for a row (none for
// an address without a domain of two labels or more), whichever of them are written and
// however, and that the whole record makes no more than its key and
// that one.
func TestParseRecordOneLookup(t *testing.T) {
	cols := record.OfBy[parseOutcome](KeyV3)
	levels := record.NewLayout(pickColumns(cols, levelColumns...)...)
	all := record.NewLayout(cols...)
	for _, in := range levelsCostInputs {
		a, err := Parse(in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		want := int64(0) // an IP address, a host of one label, no host: none
		if a.url.HostKind() == DomainHost && strings.Contains(a.url.Hostname(), ".") {
			want = 1
		}
		o := parseOutcome{Input: in, Value: a}
		if n := countLookups(func() { levels.AppendJSON(nil, nil, &o) }); n != want {
			t.Errorf("%q: the columns %s as JSON made %d look-ups, want %d", in, strings.Join(levelColumns, ","), n, want)
		}
		// Again on the same row: none; as a CSV row of a new one: one.
		if n := countLookups(func() { levels.AppendDelimited(nil, ',', nil, &o) }); n != 0 {
			t.Errorf("%q: the columns again made %d look-ups, want 0", in, n)
		}
		o = parseOutcome{Input: in, Value: a}
		if n := countLookups(func() { levels.AppendDelimited(nil, ',', nil, &o) }); n != want {
			t.Errorf("%q: the columns as CSV made %d look-ups, want %d", in, n, want)
		}
		key := countLookups(func() { a.Key(KeyV3, LevelPage) })
		o = parseOutcome{Input: in, Value: a}
		if n := countLookups(func() { all.AppendJSON(nil, nil, &o) }); n > key+want {
			t.Errorf("%q: the parse/KeyV3 record made %d look-ups, its key %d", in, n, key)
		}
	}
}

// TestParseRecordLevelsShared checks that the record's columns of the
// levels, which share one Levels, write what each would alone, with the
// built-in rules and with a Keyer in the outcome's Memo.
func TestParseRecordLevelsShared(t *testing.T) {
	k, err := NewKeyer(KeyOptions{Platforms: []string{"<name>.acme.co.uk"}, Aliases: map[string]string{"acme.com": "acme.co.uk"}})
	if err != nil {
		t.Fatal(err)
	}
	cols := pickColumns(record.OfBy[parseOutcome](KeyV3), levelColumns...)
	shared := record.NewLayout(cols...)
	for _, in := range append(levelsCostInputs, "acme.com/x") {
		a := MustParse(t, in)
		for _, memo := range []any{nil, k} {
			o := parseOutcome{Input: in, Value: a, Memo: memo}
			got, _ := shared.AppendJSON(nil, nil, &o)
			var want []byte
			for i, c := range cols {
				alone := parseOutcome{Input: in, Value: a, Memo: memo}
				if i > 0 {
					want = append(want, ',')
				}
				want = append(want, '"')
				want = append(want, c.Name...)
				want = append(want, `":`...)
				want, _ = c.AppendJSON(want, &alone)
			}
			if string(got) != "{"+string(want)+"}" {
				t.Errorf("%q (Memo %v): shared %s, alone {%s}", in, memo, got, want)
			}
			lv := k.Levels(a)
			if memo == nil {
				lv = a.Levels()
			}
			if got := rowLevels(&o); *got != lv {
				t.Errorf("%q (Memo %v): the row's levels %+v, want %+v", in, memo, *got, lv)
			}
		}
	}
	// The Keyer's rules, not the built-in ones.
	a := MustParse(t, "https://www.shop.acme.co.uk/x")
	o := parseOutcome{Value: a, Memo: k}
	if got := rowLevels(&o).Owner; got != "shop.acme.co.uk" {
		t.Errorf("owner with the Keyer's platform = %q, want shop.acme.co.uk", got)
	}
}

// TestLevelsCorpus checks on every address of the corpus files that
// Key at each level is Levels' key and Split is Levels' split, which
// the parse record's columns take from one Levels.
func TestLevelsCorpus(t *testing.T) {
	for _, name := range keyCorpusFiles {
		n := 0
		for _, in := range readCorpus(t, name) {
			a, err := Parse(in)
			if err != nil {
				continue
			}
			n++
			lv := a.Levels()
			for l := LevelPage; l <= LevelOwner; l++ {
				if got := a.Key(KeyV3, l); got != levelKey(lv, l) {
					t.Fatalf("%s: Parse(%q).Key(KeyV3, %v) = %q, Levels says %q", name, in, l, got, levelKey(lv, l))
				}
			}
			checkSplit(t, a)
		}
		if n == 0 {
			t.Fatalf("%s: no address", name)
		}
	}
}

// BenchmarkParseRecord writes the parse/KeyV3 record of each address of
// each corpus file, parsed beforehand, as JSON: all its columns, and the
// columns of the levels alone.
func BenchmarkParseRecord(b *testing.B) {
	for _, name := range corpusFiles {
		var addrs []Address
		for _, l := range readCorpus(b, name) {
			if a, err := Parse(l); err == nil {
				addrs = append(addrs, a)
			}
		}
		cols := record.OfBy[parseOutcome](KeyV3)
		for _, what := range []string{"all", "levels"} {
			l := record.NewLayout(cols...)
			if what == "levels" {
				l = record.NewLayout(pickColumns(cols, levelColumns...)...)
			}
			b.Run(strings.TrimSuffix(name, ".txt")+"/"+what, func(b *testing.B) {
				var buf []byte
				b.ReportAllocs()
				for b.Loop() {
					for _, a := range addrs {
						o := parseOutcome{Input: a.Input(), Value: a}
						buf, _ = l.AppendJSON(buf[:0], nil, &o)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/(float64(b.N)*float64(len(addrs))), "ns/URL")
			})
		}
	}
}

// TestKeyerKeyLevels checks that a Keyer's Key at each level, which
// skips what the level does not need, agrees with its Levels, and Split
// with the split of Levels (which skips the look-up for a host of one
// label), on the addresses of testdata/levels.txt and on its own
// platforms and aliases.
func TestKeyerKeyLevels(t *testing.T) {
	k, err := NewKeyer(KeyOptions{
		Platforms: []string{"example.net/members/<name>", "<name>.shops.example.net"},
		Aliases:   map[string]string{"acme.de": "acme.com"},
	})
	if err != nil {
		t.Fatal(err)
	}
	inputs := append([]string{
		"www.example.net/members/Acme/about", "example.net/members/acme", "m.example.net/members/", "shop.example.net/members/acme",
		"a.b.shops.example.net/x", "ftp://example.net/members/acme",
		"www.acme.de/impressum", "https://www.sites.google.com/view/acme/home",
	}, levelsCostInputs...)
	for _, r := range readLevelsTable(t) {
		if r.comment == "" {
			inputs = append(inputs, r.in)
		}
	}
	for _, in := range inputs {
		a, err := Parse(in)
		if err != nil {
			continue
		}
		checkSplit(t, a)
		for _, kr := range []*Keyer{nil, k} {
			lv := kr.Levels(a)
			for l := LevelPage; l <= LevelOwner; l++ {
				if got := kr.Key(a, l); got != levelKey(lv, l) {
					t.Errorf("%q: Key(%v) = %q, Levels says %q (Keyer %v)", in, l, got, levelKey(lv, l), kr != nil)
				}
			}
		}
	}
}
