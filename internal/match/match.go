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
	k := keysPool.Get().(*Keys)
	defer keysPool.Put(k)
	k.Reset()
	miss := r.AppendCellKeys(k, cell)
	return k.AppendStrings(dst, 0, k.Len()), miss
}

// AppendCellKeys appends to k the keys of cell, as CellKeys gives them,
// without a string each; when it gives none, the Miss of its first
// address (or of the cell) says why.
func (r *Rules) AppendCellKeys(k *Keys, cell string) Miss {
	start := k.Len()
	var miss Miss
	if r.Cells.Raw {
		a, err := webaddress.Parse(cell)
		miss = r.add(k, start, miss, a, err)
	} else {
		r.Cells.EachAddress(cell, func(a webaddress.Address, err error) {
			miss = r.add(k, start, miss, a, err)
		})
	}
	if k.Len() > start {
		miss = ""
	}
	return miss
}

// add appends the key of a (or err) to k, once among its keys from start,
// or keeps its Miss in miss when miss is the first.
func (r *Rules) add(k *Keys, start int, miss Miss, a webaddress.Address, err error) Miss {
	from := len(k.buf)
	var m Miss
	k.buf, m = r.appendKey(k.buf, a, err)
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
	return miss
}

// appendKey appends the key of a to dst, or says why it has none (err's
// code, or why a never matches).
func (r *Rules) appendKey(dst []byte, a webaddress.Address, err error) ([]byte, Miss) {
	if err != nil {
		var we *webaddress.Error
		if errors.As(err, &we) {
			return dst, Miss(we.Code())
		}
		return dst, Miss("error")
	}
	if f := a.Facts(); f.Has(webaddress.FactNotPublicWebsite) {
		return dst, "not-public-website"
	} else if f.Has(webaddress.FactNonWebScheme) {
		return dst, "non-web-scheme"
	}
	var k string
	var rule webaddress.OwnerRule
	if r.Level == webaddress.LevelOwner {
		// The owner key alone costs less than all the levels; it is
		// "" exactly when there is no owner.
		if b := r.Keyer.AppendKeyAt(dst, a, webaddress.LevelOwner); len(b) > len(dst) {
			return b, ""
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
		return dst, Miss(rule.String())
	}
	if k == "" {
		return dst, "no-key"
	}
	return append(dst, k...), ""
}

// RowKeys appends to dst the keys of the first of the columns cols of
// fields that gives any, and returns them with that column's place in
// cols (-1 when none gives a key, and the Miss of the first column then
// says why): a free-mail e-mail address, an empty or failed cell falls to
// the next column.
func (r *Rules) RowKeys(dst []string, fields []string, cols []int) ([]string, int, Miss) {
	k := keysPool.Get().(*Keys)
	defer keysPool.Put(k)
	k.Reset()
	via, miss := r.AppendRowKeys(k, fields, cols)
	return k.AppendStrings(dst, 0, k.Len()), via, miss
}

// AppendRowKeys appends to k the keys RowKeys gives, without a string
// each, and returns what else it does.
func (r *Rules) AppendRowKeys(k *Keys, fields []string, cols []int) (int, Miss) {
	var first Miss
	start := k.Len()
	for i, c := range cols {
		m := r.AppendCellKeys(k, fields[c])
		if k.Len() > start {
			return i, ""
		}
		if first == "" {
			first = m
		}
	}
	return -1, first
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
