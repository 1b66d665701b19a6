// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cellrecord

// This file is which key a cell gets (the key version, KeyV3's level and
// Keyer, and the address with no owner), and how parse, key and dedupe
// read a cell: through the messy-cell layer unless Raw, each address of a
// cell of several with Split.

import (
	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/lists"
)

// Parsed is what parse, key and dedupe make of a value: Input is the
// value (the cell), and the Address's Input the text that was parsed.
type Parsed = record.Outcome[webaddress.Address]

// A Reading is how parse, key and dedupe read a value, and key it: the
// rules of package lists, and the messy-cell layer's options of theirs.
type Reading struct {
	*lists.Rules
	cell  cells.Options
	Split bool // a cell of several addresses gives one value each
}

// NewReading returns the reading of o, or what is wrong with o.
func NewReading(o lists.Options) (*Reading, error) {
	r, err := lists.NewRules(o)
	if err != nil {
		return nil, err
	}
	return &Reading{Rules: r, cell: cells.Options{Raw: o.Raw, KeepEmails: o.KeepEmails}, Split: o.Split}, nil
}

// version returns the key version r keys by.
func (r *Reading) version() webaddress.KeyVersion { return r.Rules.Options().KeyVersion }

// byKeyer reports whether r's keys are its Keyer's: KeyV3 at a level
// other than the page, or with the user's platforms or aliases.
func (r *Reading) byKeyer() bool {
	return r.version() == webaddress.KeyV3 && (r.by() != webaddress.LevelPage || r.Keyer() != nil)
}

// by returns the level r keys at.
func (r *Reading) by() webaddress.Level { return r.Rules.Options().By }

// Read appends what r makes of cell to dst: its parse, or with Split one
// for each address of a cell of several. The Input of each is the cell.
func (r *Reading) Read(dst []Parsed, cell string) []Parsed {
	if !r.Split {
		a, err := r.cell.Parse(cell)
		return append(dst, r.outcome(cell, a, err))
	}
	for a, err := range r.cell.Addresses(cell) {
		dst = append(dst, r.outcome(cell, a, err))
	}
	return dst
}

// ReadRow appends what r makes of a row of several cells of addresses,
// tried in order (the tool's --column email,website), named names: the
// values of the first cell that gives a key (lists.Rules.Values), each
// with Via that cell's name; when none gives one, the first cell's, with
// no Via.
func (r *Reading) ReadRow(dst []Parsed, row, names []string) []Parsed {
	var buf [4]lists.Value
	for _, v := range r.Values(buf[:0], row) {
		p := r.outcome(v.Cell, v.Address, v.Err)
		if v.Via >= 0 {
			p.Via = names[v.Via]
		}
		dst = append(dst, p)
	}
	return dst
}

// outcome returns what r made of cell: the address a, or err. With the
// user's platforms or aliases its Memo holds r's keyer, whose rules the
// parse record's columns of the levels (site, owner, owner_rule) then
// follow.
func (r *Reading) outcome(cell string, a webaddress.Address, err error) Parsed {
	p := Parsed{Input: cell, Value: a, Err: err}
	if k := r.Keyer(); k != nil {
		p.Memo = k
	}
	return p
}

// Columns returns the parse record with r's key version. Its columns of
// the levels are the keyer's (Read puts it in each row), and make one
// look-up in the Public Suffix List for a row; with KeyV3, key is at the
// level of By: the site or owner column under the name key, which shares
// their look-up, or KeyColumn's page key.
func (r *Reading) Columns() []record.Column[Parsed] {
	cols := record.OfBy[Parsed](r.version())
	if !r.byKeyer() {
		return cols
	}
	key := record.Index(cols, "key")
	switch by := r.by(); by {
	case webaddress.LevelSite, webaddress.LevelOwner:
		// The same key, present for the same rows: an address without
		// an owner has none.
		cols[key] = cols[record.Index(cols, by.String())]
		cols[key].Name = "key"
	default:
		cols[key] = r.KeyColumn()
	}
	return cols
}

// KeyColumn returns the column key of r's keys alone, for a record
// without the columns of the levels (the key command's): the key at the
// level of By costs less than all the levels the columns share.
func (r *Reading) KeyColumn() record.Column[Parsed] {
	if !r.byKeyer() {
		return record.MustPick(record.OfBy[Parsed](r.version()), "key")[0]
	}
	return record.Str("key", func(p *Parsed) (string, bool) {
		k := r.Key(p.Value)
		// By owner, an address with no owner has no key.
		return k, p.Err == nil && p.Value.IsValid() && k != ""
	})
}

// FingerprintColumn returns the column key_fingerprint of a record of T
// whose rows have a key when hasKey says so: the fingerprint of r's keys
// (webaddress.KeyVersion.Fingerprint, or the Keyer's), to store beside
// the keys.
func FingerprintColumn[T any](r *lists.Rules, hasKey func(*T) bool) record.Column[T] {
	fp := r.Fingerprint()
	return record.Str("key_fingerprint", func(v *T) (string, bool) { return fp, hasKey(v) })
}
