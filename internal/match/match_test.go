// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package match

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/cells"
)

func rules(t *testing.T, l webaddress.Level) *Rules {
	t.Helper()
	r, err := NewRules(cells.Options{}, webaddress.KeyOptions{}, l)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestCellKeys(t *testing.T) {
	r := rules(t, webaddress.LevelOwner)
	for _, tc := range []struct {
		cell string
		keys []string
		miss Miss
	}{
		{"ann@sales.acme.com", []string{"acme.com"}, ""},
		{"https://WWW.Acme.com/about", []string{"acme.com"}, ""},
		{"initech.com; initrode.com", []string{"initech.com", "initrode.com"}, ""},
		{"acme.com, shop.acme.com", []string{"acme.com"}, ""}, // one key once
		{"", nil, "web.empty"},
		{"N/A", nil, "web.placeholder"},
		{"bob@gmail.com", nil, "web.email-free-mail"},
		{"gmail.com", nil, "no-owner-free-mail"},
		{"linkedin.com/feed", nil, "no-owner-network"},
		{"localhost", nil, "not-public-website"},
		{"acmebakery.wordpress.com", []string{"acmebakery.wordpress.com"}, ""},
	} {
		keys, miss := r.CellKeys(nil, tc.cell)
		if !slices.Equal(keys, tc.keys) || miss != tc.miss {
			t.Errorf("CellKeys(%q) = %q, %q; want %q, %q", tc.cell, keys, miss, tc.keys, tc.miss)
		}
	}
}

func TestRowKeys(t *testing.T) {
	r := rules(t, webaddress.LevelOwner)
	cols := []int{0, 1}
	for _, tc := range []struct {
		row  []string
		keys []string
		via  int
		miss Miss
	}{
		{[]string{"ann@acme.com", "globex.com"}, []string{"acme.com"}, 0, ""},
		{[]string{"bob@gmail.com", "globex.com"}, []string{"globex.com"}, 1, ""},
		{[]string{"", "globex.com"}, []string{"globex.com"}, 1, ""},
		{[]string{"N/A", "n/a"}, nil, -1, "web.placeholder"},
	} {
		keys, via, miss := r.RowKeys(nil, tc.row, cols)
		if !slices.Equal(keys, tc.keys) || via != tc.via || miss != tc.miss {
			t.Errorf("RowKeys(%q) = %q, %d, %q; want %q, %d, %q", tc.row, keys, via, miss, tc.keys, tc.via, tc.miss)
		}
	}
}

func TestIndexMatch(t *testing.T) {
	r := rules(t, webaddress.LevelOwner)
	// keysOf returns the keys of a row of one cell.
	keysOf := func(cell string) *Keys {
		var k Keys
		if via, _ := r.AppendRowKeys(&k, []string{cell}, []int{0}); via < 0 {
			t.Fatalf("no key for %q", cell)
		}
		return &k
	}
	strs := func(k *Keys, from, to int) []string { return k.AppendStrings(nil, from, to) }
	for _, all := range []bool{false, true} {
		ix := NewIndex(1, all)
		for _, cell := range []string{"acme.com", "initech.com; acme.com", "globex.com"} {
			k := keysOf(cell)
			ix.Add(k, 0, k.Len(), []string{cell})
		}
		if ix.Keys() != 3 {
			t.Errorf("Keys() = %d, want 3", ix.Keys())
		}
		var keys Keys
		// Both columns' keys match: the first column is the one.
		res := ix.Match(r, &keys, []string{"x@acme.com", "initech.com"}, []int{0, 1})
		if res.Via != 0 || res.Count != 2 || !slices.Equal(strs(&keys, res.From, res.To), []string{"acme.com"}) {
			t.Errorf("all=%v: Match = %+v, want acme.com by column 0, 2 rows", all, res)
		}
		// A cell of two keys shared by one row counts the row once.
		two := keysOf("initech.com, acme.com")
		if n, _ := ix.Lookup(two, 0, two.Len()); n != 2 {
			t.Errorf("all=%v: Lookup(initech.com acme.com) = %d, want 2", all, n)
		}
		// A key that matches nothing falls to the next column.
		res = ix.Match(r, &keys, []string{"x@umbrella.com", "globex.com"}, []int{0, 1})
		if res.Via != 1 || res.Count != 1 || !slices.Equal(strs(&keys, res.From, res.To), []string{"globex.com"}) {
			t.Errorf("all=%v: Match = %+v, want globex.com by column 1", all, res)
		}
		// Nothing matches: the first column's keys, count 0.
		res = ix.Match(r, &keys, []string{"x@umbrella.com", "hooli.com"}, []int{0, 1})
		if res.Via != 0 || res.Count != 0 || !slices.Equal(strs(&keys, res.From, res.To), []string{"umbrella.com"}) {
			t.Errorf("all=%v: Match = %+v, want umbrella.com by column 0, no row", all, res)
		}
		acme := keysOf("acme.com")
		rows := ix.Rows(nil, acme, 0, 1)
		if !slices.Equal(rows, []int32{0, 1}) {
			t.Fatalf("all=%v: Rows(acme.com) = %v", all, rows)
		}
		// Row 1 is the first of initech.com: kept either way; row 3,
		// the first of no key, only with all.
		if kept, ok := ix.Kept(nil, 1); !ok || !slices.Equal(kept, []string{"initech.com; acme.com"}) {
			t.Errorf("all=%v: Kept(1) = %q, %v", all, kept, ok)
		}
		k := keysOf("WWW.ACME.COM")
		if row := ix.Add(k, 0, k.Len(), []string{"WWW.ACME.COM"}); row != 3 {
			t.Fatalf("Add = %d, want 3", row)
		}
		if kept, ok := ix.Kept(nil, 3); ok != all || all && !slices.Equal(kept, []string{"WWW.ACME.COM"}) {
			t.Errorf("all=%v: Kept(3) = %q, %v", all, kept, ok)
		}
		if n, _ := ix.Lookup(acme, 0, 1); n != 3 {
			t.Errorf("all=%v: Lookup(acme.com) = %d, want 3", all, n)
		}
	}
}

// TestIndexMany checks the hash table past its growths, the arena past
// a chunk, and kept columns of every size, empty ones included, against
// a map.
func TestIndexMany(t *testing.T) {
	t.Run("tags", testIndexMany)
	// A table of more slots than its tags place: the keys hashed again.
	defer func(n int) { tagSlots = n }(tagSlots)
	tagSlots = 2048
	t.Run("rehash", testIndexMany)
}

func testIndexMany(t *testing.T) {
	const n = 20000
	ix := NewIndex(3, false)
	want := map[string]int32{}
	big := strings.Repeat("x", arenaChunk/2)
	var k Keys
	for i := range n {
		k.Reset()
		key := fmt.Sprintf("k%d.example", i%(n/2)) // each key twice
		k.buf = append(k.buf, key...)
		k.ends = append(k.ends, len(k.buf))
		cells := []string{strconv.Itoa(i), "", key}
		if i%5000 == 1 {
			cells[1] = big // a row of half a chunk: the arena's next chunk
		}
		row := ix.Add(&k, 0, 1, cells)
		if _, ok := want[key]; !ok {
			want[key] = row
		}
	}
	if ix.Keys() != n/2 {
		t.Fatalf("Keys() = %d, want %d", ix.Keys(), n/2)
	}
	for key, first := range want {
		k.Reset()
		k.buf = append(k.buf, key...)
		k.ends = append(k.ends, len(k.buf))
		count, got := ix.Lookup(&k, 0, 1)
		if count != 2 || got != first {
			t.Fatalf("Lookup(%s) = %d, %d; want 2, %d", key, count, got, first)
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
	k.ends = append(k.ends, len(k.buf))
	if count, first := ix.Lookup(&k, 0, 1); count != 0 || first != -1 {
		t.Errorf("Lookup of a key not added = %d, %d", count, first)
	}
}

// TestMatchRows checks that matching rows together finds what matching
// each alone does: keys, column, count, first row and miss.
func TestMatchRows(t *testing.T) {
	r := rules(t, webaddress.LevelOwner)
	ix := NewIndex(1, false)
	for _, cell := range []string{"acme.com", "initech.com; acme.com", "globex.com", "hooli.com"} {
		var k Keys
		r.AppendRowKeys(&k, []string{cell}, []int{0})
		ix.Add(&k, 0, k.Len(), []string{cell})
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
	cols := []int{0, 1}
	var keys Keys
	got := ix.MatchRows(r, &keys, rows, cols, nil)
	if len(got) != len(rows) {
		t.Fatalf("MatchRows gave %d results for %d rows", len(got), len(rows))
	}
	for i, row := range rows {
		var one Keys
		want := ix.Match(r, &one, row, cols)
		g := got[i]
		if g.Via != want.Via || g.Count != want.Count || g.First != want.First || g.Miss != want.Miss ||
			!slices.Equal(keys.AppendStrings(nil, g.From, g.To), one.AppendStrings(nil, want.From, want.To)) {
			t.Errorf("row %q: MatchRows %+v (keys %q), Match %+v (keys %q)", row, g, keys.AppendStrings(nil, g.From, g.To), want, one.AppendStrings(nil, want.From, want.To))
		}
	}
	// The rows' results, as matching each alone gives them.
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
	r := rules(t, webaddress.LevelOwner)
	ix := NewIndex(1, false)
	for _, cell := range []string{"acme.com", "globex.com", "hooli.com"} {
		var k Keys
		r.AppendRowKeys(&k, []string{cell}, []int{0})
		ix.Add(&k, 0, k.Len(), []string{cell})
	}
	rows := [][]string{{"x@acme.com", ""}, {"x@umbrella.com", "globex.com"}, {"bob@gmail.com", "hooli.com"}, {"N/A", ""}}
	var wg sync.WaitGroup
	counts := make([][]int, 4)
	for g := range counts {
		wg.Go(func() {
			var keys Keys
			for range 50 {
				counts[g] = counts[g][:0]
				for _, m := range ix.MatchRows(r, &keys, rows, []int{0, 1}, nil) {
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

// TestCellKeysAllocs checks that the keys given as strings cost a string
// each more than keying the cell does, nothing else.
func TestCellKeysAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts mean nothing under the race detector")
	}
	r := rules(t, webaddress.LevelOwner)
	dst := make([]string, 0, 4)
	var k Keys
	for _, cell := range []string{"https://www.acme.com/about", "ann@sales.acme.com"} {
		r.CellKeys(dst, cell)
		r.AppendCellKeys(&k, cell)
		keying := testing.AllocsPerRun(100, func() { k.Reset(); r.AppendCellKeys(&k, cell) })
		if n := testing.AllocsPerRun(100, func() { r.CellKeys(dst[:0], cell) }); n > keying+1 {
			t.Errorf("CellKeys(%q): %v allocations, keying it %v: want one more at most (the key)", cell, n, keying)
		}
		if n := testing.AllocsPerRun(100, func() { r.RowKeys(dst[:0], []string{cell}, []int{0}) }); n > keying+1 {
			t.Errorf("RowKeys(%q): %v allocations, keying it %v: want one more at most (the key)", cell, n, keying)
		}
	}
}
