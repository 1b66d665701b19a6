// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lists

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/internal/testfiles"
)

func newIndex(t *testing.T, o Options) *Index {
	t.Helper()
	ix, err := NewIndex(o)
	if err != nil {
		t.Fatal(err)
	}
	return ix
}

var byOwner = Options{By: webaddress.LevelOwner}

// levelKeys returns keys from to to of k, each followed by its levels
// when it is not at both of byOwner's: " (site)", " (owner)".
func levelKeys(k *Keys, from, to int) []string {
	var out []string
	for i := from; i < to; i++ {
		s := string(k.At(i))
		switch site, owner := k.IsAt(i, webaddress.LevelSite), k.IsAt(i, webaddress.LevelOwner); {
		case site && !owner:
			s += " (site)"
		case owner && !site:
			s += " (owner)"
		}
		out = append(out, s)
	}
	return out
}

func TestCellKeys(t *testing.T) {
	ix := newIndex(t, byOwner)
	for _, tc := range []struct {
		cell string
		keys []string
		miss Reason
	}{
		// An e-mail address: its domain's owner, and its host's site.
		{"ann@sales.acme.com", []string{"acme.com (owner)", "sales.acme.com (site)"}, ""},
		{"Ann <ann@Sales.Acme.com.>", []string{"acme.com (owner)", "sales.acme.com (site)"}, ""},
		{"ann@acme.com", []string{"acme.com"}, ""},
		{"ann@www.acme.com", []string{"acme.com"}, ""}, // the site drops www.
		{"a@x.acme.com; b@y.acme.com", []string{"acme.com (owner)", "x.acme.com (site)", "y.acme.com (site)"}, ""},
		{"a@x.acme.com; b@initech.com", []string{"acme.com (owner)", "x.acme.com (site)", "initech.com"}, ""},
		{"https://WWW.Acme.com/about", []string{"acme.com"}, ""},
		{"initech.com; initrode.com", []string{"initech.com", "initrode.com"}, ""},
		{"acme.com, shop.acme.com", []string{"acme.com", "shop.acme.com (site)"}, ""}, // acme.com once
		{"shop.acme.com, acme.com", []string{"acme.com", "shop.acme.com (site)"}, ""},
		{"", nil, "web.empty"},
		{"N/A", nil, "web.placeholder"},
		{"bob@gmail.com", nil, "web.email-free-mail"},
		{"gmail.com", nil, "no-owner-free-mail"},
		{"linkedin.com/feed", nil, "no-owner-network"},
		{"localhost", nil, NotPublicWebsite},
		{"tel:+15551234", nil, NonWebScheme},
		{"acmebakery.wordpress.com", []string{"acmebakery.wordpress.com"}, ""},
		{"shop.acmebakery.wordpress.com", []string{"acmebakery.wordpress.com (owner)", "shop.acmebakery.wordpress.com (site)"}, ""},
	} {
		var k Keys
		via, miss := ix.RowKeys(&k, []string{tc.cell})
		keys := levelKeys(&k, 0, k.Len())
		if !slices.Equal(keys, tc.keys) || miss != tc.miss || (via == 0) != (tc.keys != nil) {
			t.Errorf("RowKeys(%q) = %q, %d, %q; want %q, %q", tc.cell, keys, via, miss, tc.keys, tc.miss)
		}
	}
	// By site and by page, one level: Options.By's.
	for _, o := range []Options{{By: webaddress.LevelSite}, {}, {KeyVersion: webaddress.KeyV2}} {
		var k Keys
		newIndex(t, o).RowKeys(&k, []string{"ann@sales.acme.com; shop.acme.com/cart"})
		if k.Len() != 2 || !k.IsAt(0, o.By) || !k.IsAt(1, o.By) || k.IsAt(0, webaddress.LevelOwner) {
			t.Errorf("%+v: RowKeys gives %q, not two keys at %v alone", o, k.AppendStrings(nil, 0, k.Len()), o.By)
		}
	}
}

func TestRowKeys(t *testing.T) {
	ix := newIndex(t, byOwner)
	for _, tc := range []struct {
		row  []string
		keys []string
		via  int
		miss Reason
	}{
		{[]string{"ann@acme.com", "globex.com"}, []string{"acme.com"}, 0, ""},
		{[]string{"bob@gmail.com", "globex.com"}, []string{"globex.com"}, 1, ""},
		{[]string{"", "globex.com"}, []string{"globex.com"}, 1, ""},
		{[]string{"N/A", "n/a"}, nil, -1, "web.placeholder"},
		{nil, nil, -1, ""},
	} {
		var k Keys
		via, miss := ix.RowKeys(&k, tc.row)
		keys := k.AppendStrings(nil, 0, k.Len())
		if !slices.Equal(keys, tc.keys) || via != tc.via || miss != tc.miss {
			t.Errorf("RowKeys(%q) = %q, %d, %q; want %q, %d, %q", tc.row, keys, via, miss, tc.keys, tc.via, tc.miss)
		}
	}
}

func TestIndexMatch(t *testing.T) {
	strs := func(k *Keys, m Match) []string { return k.AppendStrings(nil, m.From, m.To) }
	for _, all := range []bool{false, true} {
		ix := newIndex(t, byOwner)
		ix.KeepAll = all
		for _, cell := range []string{"acme.com", "initech.com; acme.com", "globex.com"} {
			ix.Add([]string{cell}, []string{cell})
		}
		if n, miss := ix.Add([]string{"N/A"}, nil); n != -1 || miss != "web.placeholder" {
			t.Errorf("Add(N/A) = %d, %q; want -1, web.placeholder", n, miss)
		}
		if ix.Len() != 3 {
			t.Errorf("Len() = %d, want 3", ix.Len())
		}
		var keys Keys
		// Both cells' keys match: the first cell is the one.
		m := ix.Match(&keys, []string{"x@acme.com", "initech.com"})
		if m.Via != 0 || m.Count != 2 || !slices.Equal(strs(&keys, m), []string{"acme.com"}) {
			t.Errorf("all=%v: Match = %+v, want acme.com by cell 0, 2 rows", all, m)
		}
		// A cell of two keys shared by one row counts the row once.
		if m := ix.Match(&keys, []string{"initech.com, acme.com"}); m.Count != 2 {
			t.Errorf("all=%v: Match(initech.com acme.com) = %+v, want 2 rows", all, m)
		}
		// A key that matches nothing falls to the next cell.
		m = ix.Match(&keys, []string{"x@umbrella.com", "globex.com"})
		if m.Via != 1 || m.Count != 1 || !slices.Equal(strs(&keys, m), []string{"globex.com"}) {
			t.Errorf("all=%v: Match = %+v, want globex.com by cell 1", all, m)
		}
		// Nothing matches: the first cell's keys, count 0.
		m = ix.Match(&keys, []string{"x@umbrella.com", "hooli.com"})
		if m.Via != 0 || m.Count != 0 || m.First != -1 || !slices.Equal(strs(&keys, m), []string{"umbrella.com"}) {
			t.Errorf("all=%v: Match = %+v, want umbrella.com by cell 0, no row", all, m)
		}
		m = ix.Match(&keys, []string{"acme.com"})
		if rows := ix.Rows(nil, &keys, m); !slices.Equal(rows, []int32{0, 1}) {
			t.Fatalf("all=%v: Rows(acme.com) = %v", all, rows)
		}
		// Row 1 is the first of initech.com: kept either way; row 3,
		// the first of no key, only with all.
		if kept, ok := ix.Kept(nil, 1); !ok || !slices.Equal(kept, []string{"initech.com; acme.com"}) {
			t.Errorf("all=%v: Kept(1) = %q, %v", all, kept, ok)
		}
		if row, _ := ix.Add([]string{"WWW.ACME.COM"}, []string{"WWW.ACME.COM"}); row != 3 {
			t.Fatalf("Add = %d, want 3", row)
		}
		if kept, ok := ix.Kept(nil, 3); ok != all || all && !slices.Equal(kept, []string{"WWW.ACME.COM"}) {
			t.Errorf("all=%v: Kept(3) = %q, %v", all, kept, ok)
		}
		if _, ok := ix.Kept(nil, 99); ok {
			t.Errorf("Kept(99), no row, says kept")
		}
		if m := ix.Match(&keys, []string{"acme.com"}); m.Count != 3 || m.First != 0 {
			t.Errorf("all=%v: Match(acme.com) = %+v, want 3 rows from 0", all, m)
		}
	}
}

// TestMatchLevels checks that a row matches at the finest level at which
// an account shares its keys: its site, else its owner; that Count,
// First, Rows and the keys are those of that level; and that a tie says
// so.
func TestMatchLevels(t *testing.T) {
	ix := newIndex(t, byOwner)
	for _, cell := range []string{"acme.com", "shop.acme.com", "https://shop.acme.com/b", "initech.com", "globex.com; blog.initech.com"} {
		ix.Add([]string{cell}, []string{cell})
	}
	site, owner := webaddress.LevelSite, webaddress.LevelOwner
	for _, tc := range []struct {
		row       []string
		via       int
		level     webaddress.Level
		rows      []int32
		keys      string
		ambiguous bool
	}{
		{[]string{"jo@acme.com"}, 0, site, []int32{0}, "acme.com", false}, // not the shop's accounts
		{[]string{"www.acme.com/about"}, 0, site, []int32{0}, "acme.com", false},
		{[]string{"jo@shop.acme.com"}, 0, site, []int32{1, 2}, "shop.acme.com", true}, // two accounts at the shop: a tie
		{[]string{"jo@sales.acme.com"}, 0, owner, []int32{0, 1, 2}, "acme.com", true}, // no account at sales.: the owner's
		{[]string{"blog.initech.com"}, 0, site, []int32{4}, "blog.initech.com", false},
		{[]string{"jo@initech.com"}, 0, site, []int32{3}, "initech.com", false},
		{[]string{"www.initech.com/jobs"}, 0, site, []int32{3}, "initech.com", false},
		{[]string{"x.initech.com"}, 0, owner, []int32{3, 4}, "initech.com", true},
		// A cell of two addresses: a site of either matches there.
		{[]string{"sales.acme.com, blog.initech.com"}, 0, site, []int32{4}, "sales.acme.com blog.initech.com", false},
		{[]string{"sales.acme.com, x.initech.com"}, 0, owner, []int32{0, 1, 2, 3, 4}, "acme.com initech.com", true},
		// The columns' order comes before the level: the first column
		// that matches at any level is the one.
		{[]string{"jo@sales.acme.com", "shop.acme.com"}, 0, owner, []int32{0, 1, 2}, "acme.com", true},
		{[]string{"jo@umbrella.com", "shop.acme.com"}, 1, site, []int32{1, 2}, "shop.acme.com", true},
		// Nothing matches: the owner keys looked for, of the first cell.
		{[]string{"jo@sales.umbrella.com", "hooli.com"}, 0, owner, nil, "umbrella.com", false},
	} {
		var keys Keys
		m := ix.Match(&keys, tc.row)
		rows := ix.Rows(nil, &keys, m)
		got := strings.Join(keys.AppendStrings(nil, m.From, m.To), " ")
		if m.Via != tc.via || m.Level != tc.level || m.Count != len(tc.rows) || !slices.Equal(rows, tc.rows) || got != tc.keys || m.Ambiguous() != tc.ambiguous {
			t.Errorf("Match(%q) = %+v, rows %v, keys %q, ambiguous %v; want via %d at %v, rows %v, keys %q, ambiguous %v",
				tc.row, m, rows, got, m.Ambiguous(), tc.via, tc.level, tc.rows, tc.keys, tc.ambiguous)
		}
		if len(tc.rows) > 0 && m.First != tc.rows[0] {
			t.Errorf("Match(%q).First = %d, want %d", tc.row, m.First, tc.rows[0])
		}
	}
	// Row 2 is the first of no key at either level: its cells are not
	// kept; row 1, the first at site shop.acme.com, and row 4, the first
	// of globex.com, are.
	for row, want := range []bool{true, true, false, true, true} {
		if _, ok := ix.Kept(nil, int32(row)); ok != want {
			t.Errorf("Kept(%d) = %v, want %v", row, ok, want)
		}
	}
	// Len counts the keys at owner level: acme.com, initech.com and
	// globex.com.
	if ix.Len() != 3 {
		t.Errorf("Len() = %d, want 3", ix.Len())
	}
	// By site, the site alone: no owner to fall back to.
	bySite := newIndex(t, Options{By: site})
	bySite.Add([]string{"acme.com"}, nil)
	var keys Keys
	if m := bySite.Match(&keys, []string{"jo@sales.acme.com"}); m.Count != 0 || m.Level != site {
		t.Errorf("by site: Match(jo@sales.acme.com) = %+v, want no match at site", m)
	}
	if m := bySite.Match(&keys, []string{"jo@acme.com"}); m.Count != 1 || m.Level != site {
		t.Errorf("by site: Match(jo@acme.com) = %+v, want 1 at site", m)
	}
}

// TestIndexLevelsLater checks a key first added at one level and then at
// the other (its record replaced by one of two heads), the rows of a key
// at each level in the order they were added, and their counts.
func TestIndexLevelsLater(t *testing.T) {
	ix := newIndex(t, byOwner)
	cells := []string{"shop.acme.com", "blog.acme.com", "acme.com", "https://acme.com/x", "shop.acme.com/y", "www.acme.com", "shop.acme.com"}
	for _, cell := range cells {
		ix.Add([]string{cell}, []string{cell})
	}
	for _, tc := range []struct {
		cell  string
		level webaddress.Level
		rows  []int32
	}{
		{"jo@acme.com", webaddress.LevelSite, []int32{2, 3, 5}},
		{"jo@shop.acme.com", webaddress.LevelSite, []int32{0, 4, 6}},
		{"jo@blog.acme.com", webaddress.LevelSite, []int32{1}},
		{"jo@sales.acme.com", webaddress.LevelOwner, []int32{0, 1, 2, 3, 4, 5, 6}},
	} {
		var keys Keys
		m := ix.Match(&keys, []string{tc.cell})
		rows := ix.Rows(nil, &keys, m)
		if m.Level != tc.level || m.Count != len(tc.rows) || m.First != tc.rows[0] || !slices.Equal(rows, tc.rows) {
			t.Errorf("Match(%s) = %+v, rows %v; want at %v rows %v", tc.cell, m, rows, tc.level, tc.rows)
		}
	}
	for row, want := range []bool{true, true, true, false, false, false, false} {
		if kept, ok := ix.Kept(nil, int32(row)); ok != want || ok && !slices.Equal(kept, cells[row:row+1]) {
			t.Errorf("Kept(%d) = %q, %v; want kept %v", row, kept, ok, want)
		}
	}
	if ix.Len() != 1 {
		t.Errorf("Len() = %d, want 1", ix.Len())
	}
}

// TestIndexMany checks the hash table past its growths, the arena past
// a chunk, and kept cells of every size, empty ones included, against a
// map.
func TestIndexMany(t *testing.T) {
	t.Run("tags", testIndexMany)
	// A table of more slots than its tags place: the keys hashed again.
	defer func(n int) { tagSlots = n }(tagSlots)
	tagSlots = 2048
	t.Run("rehash", testIndexMany)
}

func testIndexMany(t *testing.T) {
	const n = 20000
	ix := newIndex(t, Options{})
	want := map[string]int32{}
	big := strings.Repeat("x", arenaChunk/2)
	var k Keys
	for i := range n {
		k.Reset()
		key := fmt.Sprintf("k%d.example", i%(n/2)) // each key twice
		if i%(n/2)%7 == 3 {
			key = strings.Repeat("x", 150+i%(n/2)%200) + key // a size of two bytes in its record
		}
		k.buf = append(k.buf, key...)
		k.push(0, 0, bitOf(webaddress.LevelPage))
		cells := []string{strconv.Itoa(i), "", key}
		if i%5000 == 1 {
			cells[1] = big // a row of half a chunk: the arena's next chunk
		}
		row := ix.AddKeys(&k, 0, 1, cells)
		if _, ok := want[key]; !ok {
			want[key] = row
		}
	}
	if ix.Len() != n/2 {
		t.Fatalf("Len() = %d, want %d", ix.Len(), n/2)
	}
	for key, first := range want {
		k.Reset()
		k.buf = append(k.buf, key...)
		k.push(0, 0, bitOf(webaddress.LevelPage))
		_, count, got := ix.lookup(&k, 0, 1)
		if count != 2 || got != first {
			t.Fatalf("lookup(%s) = %d, %d; want 2, %d", key, count, got, first)
		}
		kept, ok := ix.Kept(nil, got)
		wantMid := ""
		if got%5000 == 1 {
			wantMid = big
		}
		if !ok || len(kept) != 3 || kept[0] != strconv.Itoa(int(got)) || kept[1] != wantMid || kept[2] != key {
			t.Fatalf("Kept(%d) = %.40q, %v", got, kept, ok)
		}
		if _, ok := ix.Kept(nil, got+n/2); ok {
			t.Fatalf("Kept(%d), a key's second row, is kept", got+n/2)
		}
	}
	k.Reset()
	k.buf = append(k.buf, "k1.example."...)
	k.push(0, 0, bitOf(webaddress.LevelPage))
	if _, count, first := ix.lookup(&k, 0, 1); count != 0 || first != -1 {
		t.Errorf("lookup of a key not added = %d, %d", count, first)
	}
}

// TestMatchRows checks that matching rows together finds what matching
// each alone does: keys, cell, count, first row and miss.
func TestMatchRows(t *testing.T) {
	ix := newIndex(t, byOwner)
	for _, cell := range []string{"acme.com", "initech.com; acme.com", "globex.com", "hooli.com"} {
		ix.Add([]string{cell}, []string{cell})
	}
	rows := [][]string{
		{"x@acme.com", "initech.com"},
		{"x@umbrella.com", "globex.com"}, // falls to the website
		{"x@umbrella.com", "hooli.xyz"},  // matches nothing: the e-mail's key
		{"bob@gmail.com", "hooli.com"},   // free mail: the website
		{"N/A", ""},                      // no key
		{"", "initrode.com, globex.com"}, // several keys
		{"x@initech.com", "x@umbrella.com"},
	}
	var keys Keys
	got := ix.MatchRows(&keys, rows, nil)
	if len(got) != len(rows) {
		t.Fatalf("MatchRows gave %d results for %d rows", len(got), len(rows))
	}
	for i, row := range rows {
		var one Keys
		want := ix.Match(&one, row)
		g := got[i]
		if g.Via != want.Via || g.Count != want.Count || g.First != want.First || g.Miss != want.Miss ||
			!slices.Equal(keys.AppendStrings(nil, g.From, g.To), one.AppendStrings(nil, want.From, want.To)) {
			t.Errorf("row %q: MatchRows %+v (keys %q), Match %+v (keys %q)", row, g, keys.AppendStrings(nil, g.From, g.To), want, one.AppendStrings(nil, want.From, want.To))
		}
	}
	for i, want := range []struct {
		via, count int
		keys       string
	}{{0, 2, "acme.com"}, {1, 1, "globex.com"}, {0, 0, "umbrella.com"}, {1, 1, "hooli.com"}, {-1, 0, ""}, {1, 1, "initrode.com globex.com"}, {0, 1, "initech.com"}} {
		g := got[i]
		if g.Via != want.via || g.Count != want.count || strings.Join(keys.AppendStrings(nil, g.From, g.To), " ") != want.keys {
			t.Errorf("row %q: %+v, keys %q; want via %d, count %d, keys %q", rows[i], g, keys.AppendStrings(nil, g.From, g.To), want.via, want.count, want.keys)
		}
	}
}

// TestMatchRowsConcurrent checks that goroutines may match rows against
// one index at once, each with Keys of its own, as the tool's workers do
// (the race detector finds a write to the shared index).
func TestMatchRowsConcurrent(t *testing.T) {
	ix := newIndex(t, byOwner)
	for _, cell := range []string{"acme.com", "globex.com", "hooli.com"} {
		ix.Add([]string{cell}, nil)
	}
	rows := [][]string{{"x@acme.com", ""}, {"x@umbrella.com", "globex.com"}, {"bob@gmail.com", "hooli.com"}, {"N/A", ""}}
	var wg sync.WaitGroup
	counts := make([][]int, 4)
	for g := range counts {
		wg.Go(func() {
			var keys Keys
			for range 50 {
				counts[g] = counts[g][:0]
				for _, m := range ix.MatchRows(&keys, rows, nil) {
					counts[g] = append(counts[g], m.Count)
				}
			}
		})
	}
	wg.Wait()
	for g, c := range counts {
		if want := []int{1, 1, 1, 0}; !slices.Equal(c, want) {
			t.Errorf("goroutine %d: counts %v, want %v", g, c, want)
		}
	}
}

// TestOptionsErrors checks that Options the rules refuse fail, naming
// what is wrong.
func TestOptionsErrors(t *testing.T) {
	for _, o := range []Options{
		{By: webaddress.LevelOwner, KeyVersion: webaddress.KeyV1},
		{Keys: webaddress.KeyOptions{Platforms: []string{"*.example.com"}}, KeyVersion: webaddress.KeyV2},
		{By: webaddress.Level(7)},
		{KeyVersion: 9},
		{Keys: webaddress.KeyOptions{Aliases: map[string]string{"not a domain": "acme.com"}}},
	} {
		if _, err := NewIndex(o); err == nil {
			t.Errorf("NewIndex(%+v) = nil error", o)
		}
		if _, err := NewDeduper(o); err == nil {
			t.Errorf("NewDeduper(%+v) = nil error", o)
		}
	}
}

// TestSiteIsOwner checks siteIsOwner's shortcut against the site key on
// every address of the corpus and of typed.txt: where it says the site
// key is the owner key, it is.
func TestSiteIsOwner(t *testing.T) {
	n, short := 0, 0
	for _, name := range []string{"kasztp.txt", "typed.txt"} {
		for _, line := range testfiles.MustCorpusLines(t, name) {
			a, err := cells.Parse(line)
			if err != nil {
				continue
			}
			owner := a.Key(webaddress.KeyV3, webaddress.LevelOwner)
			if owner == "" {
				continue
			}
			n++
			if siteIsOwner(&a, []byte(owner)) {
				short++
				if site := a.Key(webaddress.KeyV3, webaddress.LevelSite); site != owner {
					t.Errorf("%q: siteIsOwner, but the site key is %q, the owner's %q", line, site, owner)
				}
			}
		}
	}
	if short < n/2 {
		t.Errorf("siteIsOwner holds for %d of %d addresses: the shortcut is seldom taken", short, n)
	}
	t.Logf("siteIsOwner holds for %d of %d addresses with an owner", short, n)
}

// TestIndexAll checks the pairs All gives: the rows at the level that
// matched, then, after a match at site, the owner's others with the owner
// level's Match; none for a row that matched nothing; one level by site
// or by page.
func TestIndexAll(t *testing.T) {
	ix := newIndex(t, byOwner)
	for _, cell := range []string{"acme.com", "shop.acme.com", "https://shop.acme.com/b", "initech.com", "globex.com; blog.initech.com", "www.acme.com/about"} {
		ix.Add([]string{cell}, nil)
	}
	// pair is a row with its Match's level, count and keys.
	type pair struct {
		row   int32
		level webaddress.Level
		count int
		keys  string
	}
	site, owner := webaddress.LevelSite, webaddress.LevelOwner
	for _, tc := range []struct {
		row   []string
		pairs []pair
	}{
		// At the shop's site its two accounts; then Acme's two others.
		{[]string{"jo@shop.acme.com"}, []pair{{1, site, 2, "shop.acme.com"}, {2, site, 2, "shop.acme.com"}, {0, owner, 4, "acme.com"}, {5, owner, 4, "acme.com"}}},
		{[]string{"https://shop.acme.com/x"}, []pair{{1, site, 2, "shop.acme.com"}, {2, site, 2, "shop.acme.com"}, {0, owner, 4, "acme.com"}, {5, owner, 4, "acme.com"}}},
		// At acme.com, the site and owner key alike: the shop's after.
		{[]string{"jo@acme.com"}, []pair{{0, site, 2, "acme.com"}, {5, site, 2, "acme.com"}, {1, owner, 4, "acme.com"}, {2, owner, 4, "acme.com"}}},
		// No account at sales.: the owner's, once each.
		{[]string{"jo@sales.acme.com"}, []pair{{0, owner, 4, "acme.com"}, {1, owner, 4, "acme.com"}, {2, owner, 4, "acme.com"}, {5, owner, 4, "acme.com"}}},
		// A row of two owners, at the site of one: the other owner's rows
		// too, the row of both owners once.
		{[]string{"blog.initech.com, sales.acme.com"}, []pair{
			{4, site, 1, "blog.initech.com sales.acme.com"},
			{0, owner, 6, "initech.com acme.com"}, {1, owner, 6, "initech.com acme.com"}, {2, owner, 6, "initech.com acme.com"},
			{3, owner, 6, "initech.com acme.com"}, {5, owner, 6, "initech.com acme.com"},
		}},
		// All of the owner at site: no other.
		{[]string{"globex.com"}, []pair{{4, site, 1, "globex.com"}}},
		{[]string{"jo@umbrella.com"}, nil},
		{[]string{"N/A"}, nil},
	} {
		var keys Keys
		m := ix.Match(&keys, tc.row)
		var got []pair
		for at, row := range ix.All(&keys, m) {
			got = append(got, pair{row, at.Level, at.Count, strings.Join(keys.AppendStrings(nil, at.From, at.To), " ")})
			if at.Via != m.Via || at.Level == m.Level && at != m {
				t.Errorf("All(%q): row %d with %+v, want via %d (and %+v at %v)", tc.row, row, at, m.Via, m, m.Level)
			}
		}
		if !slices.Equal(got, tc.pairs) {
			t.Errorf("All(%q) = %v, want %v", tc.row, got, tc.pairs)
		}
		// The level that matched is Rows'; a loop that stops stops.
		if rows := ix.Rows(nil, &keys, m); len(got) > 0 && len(rows) != m.Count {
			t.Errorf("All(%q): Rows %v, Count %d", tc.row, rows, m.Count)
		}
		n := 0
		for range ix.All(&keys, m) {
			n++
			break
		}
		if n != min(1, len(tc.pairs)) {
			t.Errorf("All(%q): a loop that breaks at once ran %d times", tc.row, n)
		}
	}
	// A row that matched nothing costs no allocation, nor does one with
	// the owner's others once its Keys have grown.
	var keys Keys
	for _, lead := range []string{"jo@umbrella.com", "jo@shop.acme.com"} {
		m := ix.Match(&keys, []string{lead})
		if n := testing.AllocsPerRun(100, func() {
			for range ix.All(&keys, m) {
			}
		}); n != 0 {
			t.Errorf("All(%s): %v allocations", lead, n)
		}
	}
	// By site and by page, the one level: Rows'.
	for _, o := range []Options{{By: site}, {}} {
		ix := newIndex(t, o)
		for _, cell := range []string{"acme.com", "shop.acme.com", "acme.com", "www.acme.com"} {
			ix.Add([]string{cell}, nil)
		}
		var keys Keys
		m := ix.Match(&keys, []string{"https://acme.com/"})
		var got []int32
		for at, row := range ix.All(&keys, m) {
			if at != m {
				t.Errorf("by %v: All gives %+v, want %+v", o.By, at, m)
			}
			got = append(got, row)
		}
		if want := ix.Rows(nil, &keys, m); len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("by %v: All gives rows %v, Rows %v", o.By, got, want)
		}
	}
}

// TestAllIsOwnerLevel checks, on the corpus and typed.txt as accounts (a
// line in three, at most 10 an owner key) and leads (every line, half of
// them after an e-mail address at its host),
// that the rows All gives are those a match at owner level alone finds,
// each once, the site's first: a row that matches at its site loses none
// of its owner's. The owner level alone is a map of owner keys to rows,
// and a row's first cell whose owner keys any account has is the one.
func TestAllIsOwnerLevel(t *testing.T) {
	var lines []string
	for _, name := range []string{"kasztp.txt", "typed.txt"} {
		lines = append(lines, testfiles.MustCorpusLines(t, name)...)
	}
	ix := newIndex(t, byOwner)
	byKey := map[string][]int32{} // the rows of each owner key
	// crowded reports whether an owner key of k has 10 rows already: the
	// corpus's largest owners (ietf.org's 1,443 lines) would make millions
	// of pairs that test nothing more.
	crowded := func(k *Keys) bool {
		for i := range k.Len() {
			if k.IsAt(i, webaddress.LevelOwner) && len(byKey[string(k.At(i))]) >= 10 {
				return true
			}
		}
		return false
	}
	var k Keys
	for i, line := range lines {
		if i%3 != 0 {
			continue
		}
		k.Reset()
		if ix.RowKeys(&k, []string{line}); k.Len() == 0 || crowded(&k) {
			continue
		}
		row := ix.AddKeys(&k, 0, k.Len(), nil)
		for i := range k.Len() {
			if k.IsAt(i, webaddress.LevelOwner) {
				byKey[string(k.At(i))] = append(byKey[string(k.At(i))], row)
			}
		}
	}
	// ownerRows returns the rows of the first cell of row whose owner
	// keys any account has, in the order added, each once.
	ownerRows := func(row []string) []int32 {
		for _, cell := range row {
			var ck Keys
			ix.CellKeys(&ck, cell)
			var rows []int32
			for i := range ck.Len() {
				if ck.IsAt(i, webaddress.LevelOwner) {
					rows = append(rows, byKey[string(ck.At(i))]...)
				}
			}
			if len(rows) > 0 {
				slices.Sort(rows)
				return slices.Compact(rows)
			}
		}
		return nil
	}
	var leads, pairs, gained, sites int
	var keys Keys
	for i, line := range lines {
		row := []string{line}
		if u, err := cells.Parse(line); err == nil && u.URL().Hostname() != "" && i%2 == 0 {
			row = []string{"info@" + u.URL().Hostname(), line}
		}
		keys.Reset()
		m := ix.Match(&keys, row)
		want := ownerRows(row)
		var got []int32
		level, last := m.Level, int32(-1)
		for at, r := range ix.All(&keys, m) {
			switch {
			case at.Level < level:
				t.Errorf("%q: row %d at %v after a row at %v", row, r, at.Level, level)
			case at.Level == level && r <= last:
				t.Errorf("%q: row %d after row %d at %v", row, r, last, level)
			case at.Level == webaddress.LevelOwner && at.Count != len(want):
				t.Errorf("%q: row %d at owner with count %d, want %d", row, r, at.Count, len(want))
			}
			got = append(got, r)
			level, last = at.Level, r
		}
		// Sorted, a row given twice would make got longer than want.
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%q: All gives rows %v (matched %+v), the owner level %v", row, got, m, want)
			continue
		}
		leads++
		pairs += len(got)
		if m.Level == webaddress.LevelSite && m.Count > 0 {
			sites++
			if len(got) > m.Count {
				gained++
			}
		}
	}
	t.Logf("%d leads: %d pairs; %d matched at site, %d of them with their owner's other accounts", leads, pairs, sites, gained)
	if gained < 100 {
		t.Errorf("%d leads gained their owner's other accounts: the data tests too little", gained)
	}
}
