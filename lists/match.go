// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lists

// This file is match: the keys a row gives, and a row matched against an
// Index.

import (
	"hash/maphash"

	"github.com/onecontact/webaddress"
)

// NewIndex returns an empty Index, whose rows, and the rows matched
// against it, are read and keyed as o says (the dedupe options Split,
// KeepApart and MergeInvalid play no part: a cell of several addresses
// gives a key each, unless Raw). By owner is the tool's default for
// matching; the zero Options match at page level.
func NewIndex(o Options) (*Index, error) {
	r, err := NewRules(o)
	if err != nil {
		return nil, err
	}
	return &Index{Rules: r, seed: maphash.MakeSeed()}, nil
}

// Add adds a row, its cells of addresses in the order they are tried, and
// the cells it keeps for a match to write (copied), and returns its number
// in ix (from 0); a row that gives no key is not added, and miss says
// why (the number is then -1).
func (ix *Index) Add(row, kept []string) (n int32, miss Reason) {
	k := keysPool.Get().(*Keys)
	defer keysPool.Put(k)
	k.Reset()
	if _, miss = ix.RowKeys(k, row); k.Len() == 0 {
		return -1, miss
	}
	return ix.AddKeys(k, 0, k.Len(), kept), ""
}

// RowKeys appends to k the keys of the first of row's cells that gives any
// (a cell that is empty or failed, a free-mail e-mail address, ... falls
// to the next), each once, and returns that cell's place in row (-1 when
// none gives a key, and miss then says why the first cell gives none).
func (r *Rules) RowKeys(k *Keys, row []string) (via int, miss Reason) {
	var first Reason
	start := k.Len()
	for i, cell := range row {
		m := r.CellKeys(k, cell)
		if k.Len() > start {
			return i, ""
		}
		if first == "" {
			first = m
		}
	}
	return -1, first
}

// CellKeys appends to k the keys of cell, one per address (each address
// of a cell of several, unless Raw), each once; when it gives none, the
// Reason of its first address (or of the cell) says why.
func (r *Rules) CellKeys(k *Keys, cell string) Reason {
	start := k.Len()
	var miss Reason
	r.eachAddress(cell, !r.o.Raw, func(a webaddress.Address, err error) {
		from := len(k.buf)
		var m Reason
		k.buf, m = r.appendMatchKey(k.buf, a, err)
		switch {
		case m != "":
			k.buf = k.buf[:from]
			if miss == "" {
				miss = m
			}
		case k.has(start, k.buf[from:]):
			k.buf = k.buf[:from]
		default:
			k.ends = append(k.ends, len(k.buf))
		}
	})
	if k.Len() > start {
		miss = ""
	}
	return miss
}

// appendMatchKey appends the key of a to dst, or says why it has none
// (err's code, or why a never matches).
func (r *Rules) appendMatchKey(dst []byte, a webaddress.Address, err error) ([]byte, Reason) {
	if err != nil {
		return dst, reasonOf(err)
	}
	if m := apartReason(a); m != "" {
		return dst, m
	}
	if r.version != webaddress.KeyV3 {
		return a.AppendKey(dst, r.version, webaddress.LevelPage), ""
	}
	var k string
	var rule webaddress.OwnerRule
	if r.o.By == webaddress.LevelOwner {
		// The owner key alone costs less than all the levels; it is
		// "" exactly when there is no owner.
		if b := r.keyer.AppendKey(dst, a, webaddress.LevelOwner); len(b) > len(dst) {
			return b, ""
		}
		rule = r.keyer.Levels(a).Rule
	} else {
		lv := r.keyer.Levels(a)
		rule = lv.Rule
		k = lv.Page
		if r.o.By == webaddress.LevelSite {
			k = lv.Site
		}
	}
	if !rule.HasOwner() {
		return dst, Reason(rule.String())
	}
	if k == "" {
		return dst, "no-key"
	}
	return append(dst, k...), ""
}

// A Match is what matching a row against an [Index] found.
type Match struct {
	// From and To are the row's keys, in the Keys matched: those of the
	// cell that matched, else of the first that gave any.
	From, To int
	Via      int    // that cell's place in the row; -1 when none gave a key
	Count    int    // how many of the index's rows share the keys
	First    int32  // the first of them added, -1 when none
	Miss     Reason // why no cell gave a key, when none did
}

// Match matches row, its cells of addresses in the order they are tried,
// against ix, and appends its keys to k: the first cell whose keys a row
// of ix shares is the one that matches; when none matches, the keys are
// those of the first cell that gave any.
func (ix *Index) Match(k *Keys, row []string) Match {
	var res [1]Match
	return ix.MatchRows(k, [][]string{row}, res[:0])[0]
}

// MatchRows matches each of rows as Match does, and appends a Match each
// to res, their keys in k (from empty). The keys of each row's first cell
// that gives any are looked up together: their reads of the index's
// memory overlap, which one row at a time they cannot.
func (ix *Index) MatchRows(k *Keys, rows [][]string, res []Match) []Match {
	k.Reset()
	start := len(res)
	for _, row := range rows {
		n, m := k.Len(), Match{First: -1}
		if m.Via, m.Miss = ix.RowKeys(k, row); m.Via >= 0 {
			m.From, m.To = n, k.Len()
		}
		res = append(res, m)
	}
	ix.Prefetch(k)
	for j, row := range rows {
		m := &res[start+j]
		if m.Via < 0 {
			continue
		}
		if m.Count, m.First = ix.lookup(k, m.From, m.To); m.Count > 0 {
			continue
		}
		// The next cells, when the first's keys match nothing.
		for i := m.Via + 1; i < len(row); i++ {
			n := k.Len()
			ix.CellKeys(k, row[i])
			if k.Len() == n {
				continue
			}
			if count, first := ix.lookup(k, n, k.Len()); count > 0 {
				*m = Match{From: n, To: k.Len(), Via: i, Count: count, First: first}
				break
			}
		}
	}
	// The kept cells of the rows found, read ahead as the keys were.
	var sum uint64
	for _, m := range res[start:] {
		if m.First >= 0 {
			if at := ix.kept[m.First]; at >= 0 {
				sum += uint64(ix.arena.bytes(at, 1)[0])
			}
		}
	}
	k.touched += sum
	return res
}
