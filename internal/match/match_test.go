// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package match

import (
	"slices"
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
	for _, all := range []bool{false, true} {
		ix := NewIndex(1, all)
		for _, row := range [][]string{{"acme.com"}, {"initech.com; acme.com"}, {"globex.com"}} {
			keys, via, _ := r.RowKeys(nil, row, []int{0})
			if via < 0 {
				t.Fatalf("no key for %q", row)
			}
			ix.Add(keys, row)
		}
		if ix.Keys() != 3 {
			t.Errorf("Keys() = %d, want 3", ix.Keys())
		}
		// Both columns' keys match: the first column is the one.
		res := ix.Match(r, nil, []string{"x@acme.com", "initech.com"}, []int{0, 1})
		if res.Via != 0 || res.Count != 2 || !slices.Equal(res.Keys, []string{"acme.com"}) {
			t.Errorf("all=%v: Match = %+v, want acme.com by column 0, 2 rows", all, res)
		}
		// A cell of two keys shared by one row counts the row once.
		if n, _ := ix.Lookup([]string{"initech.com", "acme.com"}); n != 2 {
			t.Errorf("all=%v: Lookup(initech.com acme.com) = %d, want 2", all, n)
		}
		// A key that matches nothing falls to the next column.
		res = ix.Match(r, nil, []string{"x@umbrella.com", "globex.com"}, []int{0, 1})
		if res.Via != 1 || res.Count != 1 {
			t.Errorf("all=%v: Match = %+v, want globex.com by column 1", all, res)
		}
		// Nothing matches: the first column's keys, count 0.
		res = ix.Match(r, nil, []string{"x@umbrella.com", "hooli.com"}, []int{0, 1})
		if res.Via != 0 || res.Count != 0 || !slices.Equal(res.Keys, []string{"umbrella.com"}) {
			t.Errorf("all=%v: Match = %+v, want umbrella.com by column 0, no row", all, res)
		}
		rows := ix.Rows(nil, []string{"acme.com"})
		if !slices.Equal(rows, []int32{0, 1}) {
			t.Fatalf("all=%v: Rows(acme.com) = %v", all, rows)
		}
		// Row 1 is the first of initech.com: kept either way; row 3,
		// the first of no key, only with all.
		if kept, ok := ix.Kept(nil, 1); !ok || !slices.Equal(kept, []string{"initech.com; acme.com"}) {
			t.Errorf("all=%v: Kept(1) = %q, %v", all, kept, ok)
		}
		keys, _, _ := r.RowKeys(nil, []string{"WWW.ACME.COM"}, []int{0})
		if row := ix.Add(keys, []string{"WWW.ACME.COM"}); row != 3 {
			t.Fatalf("Add = %d, want 3", row)
		}
		if kept, ok := ix.Kept(nil, 3); ok != all || all && !slices.Equal(kept, []string{"WWW.ACME.COM"}) {
			t.Errorf("all=%v: Kept(3) = %q, %v", all, kept, ok)
		}
		if n, _ := ix.Lookup([]string{"acme.com"}); n != 3 {
			t.Errorf("all=%v: Lookup(acme.com) = %d, want 3", all, n)
		}
	}
}
