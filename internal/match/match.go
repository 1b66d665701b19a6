// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package match holds the rules that match a row of one table (a new
// list: leads, sign-ups) against the rows of another (the reference: the
// accounts), written once for the command-line tool, Beam and the page:
// which keys a cell gives (a key per address of a cell of several; none
// for what never matches), how several columns are tried in order, and
// the index of the reference's keys.
//
// What never matches, on either side: an empty cell, a value that failed
// (a placeholder such as "N/A" included), an address that is not a public
// website or not a website (localhost, tel:), and an address without an
// owner (a social network's page that is not a profile, a URL shortener,
// a free-mail domain such as the one of ann@gmail.com).
package match

import (
	"errors"
	"slices"
	"strings"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/cells"
)

// Rules say how a cell is keyed: how it is read (the messy-cell layer, an
// e-mail address its domain's website) and the KeyV3 level and keyer.
type Rules struct {
	Cells cells.Options
	Keyer *webaddress.Keyer // nil: the default rules
	Level webaddress.Level  // LevelOwner by default for matching
}

// A Miss says why a cell gave no key: its error's code when it failed
// ("web.empty", "web.placeholder", ...), or why its address never matches
// ("no-owner-free-mail", "no-owner-network", "not-public-website", ...).
type Miss string

// NewRules returns the rules of a keyer (nil: the default KeyV3 rules) at
// level l.
func NewRules(o cells.Options, k *webaddress.Keyer, l webaddress.Level) (*Rules, error) {
	if k == nil {
		var err error
		if k, err = webaddress.NewKeyer(webaddress.KeyOptions{}); err != nil {
			return nil, err
		}
	}
	return &Rules{Cells: o, Keyer: k, Level: l}, nil
}

// CellKeys appends to dst the keys of cell, one per address (each address
// of a cell of several, a key once), and returns them; when it gives none,
// the Miss of its first address (or of the cell) says why.
func (r *Rules) CellKeys(dst []string, cell string) ([]string, Miss) {
	start := len(dst)
	var miss Miss
	add := func(a webaddress.Address, err error) {
		k, m := r.key(a, err)
		if m != "" {
			if miss == "" {
				miss = m
			}
			return
		}
		if !slices.Contains(dst[start:], k) {
			dst = append(dst, k)
		}
	}
	if r.Cells.Raw {
		add(webaddress.Parse(cell))
	} else {
		t, err := webaddress.Tidy(cell, r.Cells.TidyOptions())
		switch {
		case err == nil:
			add(t.Parse())
		case len(t.Parts) > 0:
			for _, part := range t.Parts {
				pt, err := webaddress.Tidy(part, r.Cells.TidyOptions())
				if err != nil {
					add(webaddress.Address{}, err)
					continue
				}
				add(pt.Parse())
			}
		default:
			add(webaddress.Address{}, err)
		}
	}
	if len(dst) > start {
		miss = ""
	}
	return dst, miss
}

// key returns the key of a, or why it has none.
func (r *Rules) key(a webaddress.Address, err error) (string, Miss) {
	if err != nil {
		var we *webaddress.Error
		if errors.As(err, &we) {
			return "", Miss(we.Code())
		}
		return "", Miss("error")
	}
	if f := a.Facts(); f.Has(webaddress.FactNotPublicWebsite) {
		return "", "not-public-website"
	} else if f.Has(webaddress.FactNonWebScheme) {
		return "", "non-web-scheme"
	}
	var k string
	var rule webaddress.OwnerRule
	if r.Level == webaddress.LevelOwner {
		// The owner key alone costs less than all the levels; it is
		// "" exactly when there is no owner.
		if k = r.Keyer.KeyAt(a, webaddress.LevelOwner); k != "" {
			return k, ""
		}
		rule = r.Keyer.Levels(a).Rule
	} else {
		lv := r.Keyer.Levels(a)
		rule = lv.Rule
		k = lv.Page
		if r.Level == webaddress.LevelSite {
			k = lv.Site
		}
	}
	if !rule.HasOwner() {
		return "", Miss(rule.String())
	}
	if k == "" {
		return "", "no-key"
	}
	return k, ""
}

// RowKeys appends to dst the keys of the first of the columns cols of
// fields that gives any, and returns them with that column's place in
// cols (-1 when none gives a key, and the Miss of the first column then
// says why): a free-mail e-mail address, an empty or failed cell falls to
// the next column.
func (r *Rules) RowKeys(dst []string, fields []string, cols []int) ([]string, int, Miss) {
	var first Miss
	for i, c := range cols {
		var m Miss
		n := len(dst)
		if dst, m = r.CellKeys(dst, fields[c]); len(dst) > n {
			return dst, i, ""
		}
		if first == "" {
			first = m
		}
	}
	return dst, -1, first
}

// An Index is the reference's keys: for each key, the reference rows
// that have it, and the kept columns of the rows a match may print (the
// first row of each key; every row with All). It keeps no other cell of
// a row: its memory follows the keys and the columns kept.
type Index struct {
	All   bool // keep the columns of every row with a key, not only each key's first
	keys  map[string]entry
	nodes []node   // the rows of each key, a list each
	kept  []int32  // the place in cells of each row's kept columns, -1 when not kept
	cells []string // the kept columns of the rows kept, a row's joined
	ends  []uint32 // the end of each kept column in its row's string
	width int      // kept columns a row
}

type entry struct{ head, tail, n int32 }

type node struct{ row, next int32 }

// NewIndex returns an empty index of rows of width kept columns.
func NewIndex(width int, all bool) *Index {
	return &Index{All: all, keys: make(map[string]entry), width: width}
}

// Add adds a reference row with keys (distinct, as RowKeys gives them) and
// its kept columns, and returns its number in the index (from 0).
func (ix *Index) Add(keys []string, kept []string) int32 {
	row := int32(len(ix.kept))
	keep := ix.All
	for _, k := range keys {
		nd := int32(len(ix.nodes))
		ix.nodes = append(ix.nodes, node{row: row, next: -1})
		e, ok := ix.keys[k]
		if !ok {
			ix.keys[strings.Clone(k)] = entry{head: nd, tail: nd, n: 1}
			keep = true
			continue
		}
		ix.nodes[e.tail].next = nd
		e.tail = nd
		e.n++
		ix.keys[k] = e
	}
	if !keep {
		ix.kept = append(ix.kept, -1)
		return row
	}
	ix.kept = append(ix.kept, int32(len(ix.cells)))
	var b strings.Builder
	for _, c := range kept {
		b.WriteString(c)
		ix.ends = append(ix.ends, uint32(b.Len()))
	}
	ix.cells = append(ix.cells, b.String())
	return row
}

// Keys returns the number of distinct keys.
func (ix *Index) Keys() int { return len(ix.keys) }

// Rows appends to dst the rows that share any of keys, each once, in the
// order they were added, and returns them.
func (ix *Index) Rows(dst []int32, keys []string) []int32 {
	start := len(dst)
	for i, k := range keys {
		e, ok := ix.keys[k]
		if !ok {
			continue
		}
		for nd := e.head; nd >= 0; nd = ix.nodes[nd].next {
			row := ix.nodes[nd].row
			if i == 0 || !slices.Contains(dst[start:], row) {
				dst = append(dst, row)
			}
		}
	}
	if len(keys) > 1 {
		slices.Sort(dst[start:])
	}
	return dst
}

// Count returns how many rows share any of keys.
func (ix *Index) Count(keys []string) int {
	if len(keys) == 1 {
		return int(ix.keys[keys[0]].n)
	}
	return len(ix.Rows(nil, keys))
}

// Kept appends to dst the kept columns of row, and reports whether the
// index kept them (the first row of each key; every row with All).
func (ix *Index) Kept(dst []string, row int32) ([]string, bool) {
	at := ix.kept[row]
	if at < 0 {
		return dst, false
	}
	s := ix.cells[at]
	from := uint32(0)
	for _, end := range ix.ends[int(at)*ix.width : int(at+1)*ix.width] {
		dst = append(dst, s[from:end])
		from = end
	}
	return dst, true
}

// A Result is what matching a row found.
type Result struct {
	Keys  []string // the keys of the column that matched, else of the first that gave any
	Via   int      // that column's place in the columns tried; -1 when none gave a key
	Count int      // how many reference rows share its keys
	Miss  Miss     // why no column gave a key, when none did
}

// Match matches the row of fields against ix: the columns cols are tried
// in order, and the first whose keys a reference row shares is the one
// that matches; when none matches, the keys are those of the first
// column that gave any (a free-mail e-mail address, an empty or failed
// cell falls to the next column). keys is a buffer for the keys.
func (ix *Index) Match(r *Rules, keys []string, fields []string, cols []int) Result {
	res := Result{Via: -1}
	keys = keys[:0]
	for i, c := range cols {
		n := len(keys)
		var m Miss
		keys, m = r.CellKeys(keys, fields[c])
		if len(keys) == n {
			if res.Miss == "" && res.Via < 0 {
				res.Miss = m
			}
			continue
		}
		mine := keys[n:]
		if count := ix.Count(mine); count > 0 {
			return Result{Keys: mine, Via: i, Count: count}
		}
		if res.Via < 0 {
			res.Keys, res.Via, res.Miss = mine, i, ""
		}
	}
	return res
}
