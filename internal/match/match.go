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
	"unsafe"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/cells"
)

// Rules say how a cell is keyed: how it is read (the messy-cell layer, an
// e-mail address its domain's website) and the KeyV3 level and keyer.
type Rules struct {
	Cells cells.Options
	Keyer *webaddress.Keyer
	Level webaddress.Level // LevelOwner by default for matching
}

// A Miss says why a cell gave no key: its error's code when it failed
// ("web.empty", "web.placeholder", ...), or why its address never matches
// ("no-owner-free-mail", "no-owner-network", "not-public-website", ...).
type Miss string

// NewRules returns the rules of cells read as o says, keyed by KeyV3 at
// level l with the user's platforms and aliases of k (zero: the built-in
// rules).
func NewRules(o cells.Options, k webaddress.KeyOptions, l webaddress.Level) (*Rules, error) {
	keyer, err := webaddress.NewKeyer(k)
	if err != nil {
		return nil, err
	}
	return &Rules{Cells: o, Keyer: keyer, Level: l}, nil
}

// CellKeys appends to dst the keys of cell, one per address (each address
// of a cell of several, a key once), and returns them; when it gives none,
// the Miss of its first address (or of the cell) says why.
func (r *Rules) CellKeys(dst []string, cell string) ([]string, Miss) {
	start := len(dst)
	var miss Miss
	if r.Cells.Raw {
		a, err := webaddress.Parse(cell)
		dst, miss = r.add(dst, start, miss, a, err)
	} else {
		t, err := webaddress.Tidy(cell, r.Cells.TidyOptions())
		switch {
		case err == nil:
			a, err := t.Parse()
			dst, miss = r.add(dst, start, miss, a, err)
		case len(t.Parts) > 0:
			for _, part := range t.Parts {
				pt, err := webaddress.Tidy(part, r.Cells.TidyOptions())
				if err != nil {
					dst, miss = r.add(dst, start, miss, webaddress.Address{}, err)
					continue
				}
				a, err := pt.Parse()
				dst, miss = r.add(dst, start, miss, a, err)
			}
		default:
			dst, miss = r.add(dst, start, miss, webaddress.Address{}, err)
		}
	}
	if len(dst) > start {
		miss = ""
	}
	return dst, miss
}

// add appends the key of a (or err) to dst, once among dst[start:], or
// keeps its Miss in miss when miss is the first.
func (r *Rules) add(dst []string, start int, miss Miss, a webaddress.Address, err error) ([]string, Miss) {
	k, m := r.key(a, err)
	switch {
	case m != "":
		if miss == "" {
			miss = m
		}
	case !slices.Contains(dst[start:], k):
		dst = append(dst, k)
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
		var buf [64]byte
		if b := r.Keyer.AppendKeyAt(buf[:0], a, webaddress.LevelOwner); len(b) > 0 {
			return string(b), ""
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
	dst, via := First(dst, fields, cols, func(dst []string, cell string) ([]string, bool) {
		n := len(dst)
		dst, m := r.CellKeys(dst, cell)
		if first == "" {
			first = m
		}
		return dst, len(dst) > n
	})
	if via >= 0 {
		first = ""
	}
	return dst, via, first
}

// First tries the columns cols of fields in order, the rule of a row of
// several columns of addresses (the tool's key, dedupe and match, Beam):
// read appends to dst what a cell gives, and reports whether that gives a
// key. First returns dst with what the first column that gives a key gave,
// and that column's place in cols; when none does, what the first column
// gave, and -1.
func First[T any](dst []T, fields []string, cols []int, read func(dst []T, cell string) ([]T, bool)) ([]T, int) {
	start := len(dst)
	for i, c := range cols {
		n := len(dst)
		var ok bool
		if dst, ok = read(dst, fields[c]); ok {
			return append(dst[:start], dst[n:]...), i
		}
		if i > 0 {
			dst = dst[:n] // the first column's values are the ones kept
		}
	}
	return dst, -1
}

// An Index is the reference's keys: for each key, the reference rows
// that have it, and the kept columns of the rows a match may print (the
// first row of each key; every row with All). It keeps no other cell of
// a row: its memory follows the keys and the columns kept.
type Index struct {
	All   bool             // keep the columns of every row with a key, not only each key's first
	keys  map[string]int32 // the place of each key's entry in entries
	ents  []entry
	nodes []node  // the rows of each key, a list each
	kept  []int32 // the place in ends of each row's kept columns (a row's first), -1 when not kept
	data  []byte  // the kept columns of the rows kept, one after the other: no pointers to scan
	ends  []int   // the end of each kept column in data
	width int     // kept columns a row
}

// An entry is a key's rows: the first and last node of their list, and
// how many.
type entry struct{ head, tail, n int32 }

type node struct{ row, next int32 }

// NewIndex returns an empty index of rows of width kept columns.
func NewIndex(width int, all bool) *Index {
	return &Index{All: all, keys: make(map[string]int32), width: width}
}

// Add adds a reference row with keys (distinct, as RowKeys gives them,
// and strings of their own: the index keeps them) and its kept columns,
// and returns its number in the index (from 0).
func (ix *Index) Add(keys []string, kept []string) int32 {
	row := int32(len(ix.kept))
	keep := ix.All
	for _, k := range keys {
		nd := int32(len(ix.nodes))
		ix.nodes = append(ix.nodes, node{row: row, next: -1})
		at, ok := ix.keys[k]
		if !ok {
			// k is kept as it is: the caller's keys are its own strings,
			// not parts of a row.
			ix.keys[k] = int32(len(ix.ents))
			ix.ents = append(ix.ents, entry{head: nd, tail: nd, n: 1})
			keep = true
			continue
		}
		e := &ix.ents[at]
		ix.nodes[e.tail].next = nd
		e.tail = nd
		e.n++
	}
	if !keep {
		ix.kept = append(ix.kept, -1)
		return row
	}
	ix.kept = append(ix.kept, int32(len(ix.ends)/max(ix.width, 1)))
	for _, c := range kept {
		ix.data = append(ix.data, c...)
		ix.ends = append(ix.ends, len(ix.data))
	}
	return row
}

// Keys returns the number of distinct keys.
func (ix *Index) Keys() int { return len(ix.keys) }

// Rows appends to dst the rows that share any of keys, each once, in the
// order they were added, and returns them.
func (ix *Index) Rows(dst []int32, keys []string) []int32 {
	start := len(dst)
	for i, k := range keys {
		at, ok := ix.keys[k]
		if !ok {
			continue
		}
		for nd := ix.ents[at].head; nd >= 0; nd = ix.nodes[nd].next {
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

// Lookup returns how many rows share any of keys, and the first of them
// added (-1 when none): with one look-up a key, without walking its rows
// unless keys are several.
func (ix *Index) Lookup(keys []string) (count int, first int32) {
	first = -1
	for _, k := range keys {
		if at, ok := ix.keys[k]; ok {
			e := ix.ents[at]
			count += int(e.n)
			if row := ix.nodes[e.head].row; first < 0 || row < first {
				first = row
			}
		}
	}
	if len(keys) > 1 && count > 0 {
		count = len(ix.Rows(nil, keys)) // a row may have several of keys
	}
	return count, first
}

// Kept appends to dst the kept columns of row, and reports whether the
// index kept them (the first row of each key; every row with All). The
// strings share the index's memory: they stay as they are.
func (ix *Index) Kept(dst []string, row int32) ([]string, bool) {
	at := ix.kept[row]
	if at < 0 {
		return dst, false
	}
	i := int(at) * ix.width
	from := 0
	if i > 0 {
		from = ix.ends[i-1]
	}
	for _, end := range ix.ends[i : i+ix.width] {
		if end > from {
			// data is only appended to: the bytes of a column kept are
			// never written again, so a string may share them.
			dst = append(dst, unsafe.String(&ix.data[from], end-from))
		} else {
			dst = append(dst, "")
		}
		from = end
	}
	return dst, true
}

// A Result is what matching a row found.
type Result struct {
	Keys  []string // the keys of the column that matched, else of the first that gave any
	Via   int      // that column's place in the columns tried; -1 when none gave a key
	Count int      // how many reference rows share its keys
	First int32    // the first of them added, -1 when none
	Miss  Miss     // why no column gave a key, when none did
}

// Match matches the row of fields against ix: the columns cols are tried
// in order, and the first whose keys a reference row shares is the one
// that matches; when none matches, the keys are those of the first
// column that gave any (a free-mail e-mail address, an empty or failed
// cell falls to the next column). keys is a buffer for the keys.
func (ix *Index) Match(r *Rules, keys []string, fields []string, cols []int) Result {
	res := Result{Via: -1, First: -1}
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
		if count, first := ix.Lookup(mine); count > 0 {
			return Result{Keys: mine, Via: i, Count: count, First: first}
		}
		if res.Via < 0 {
			res.Keys, res.Via, res.Miss = mine, i, ""
		}
	}
	return res
}
