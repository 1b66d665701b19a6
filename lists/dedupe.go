// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lists

// This file is dedupe: the values a row gives, and the groups they make.

import (
	"encoding/binary"
	"iter"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/onecontact/webaddress"
)

// A Value is what a row gives dedupe: an address, or a cell that failed,
// and the key it is grouped by.
type Value struct {
	Cell    string             // the cell it was read from
	Via     int                // that cell's place in the row; -1 for a row of one cell, or when no cell gave a key (then the row's first cell)
	Part    int                // which address of the cell, from 0 (Options.Split); else 0
	Address webaddress.Address // the address, when it parsed
	Err     error              // the cell's failure, when it failed
	// Key is the key the value is grouped by (not the one a group
	// shows: see Group.Key); "" for a value that is a group of its own.
	Key string
	// Apart says why the value is a group of its own, or "" when it is
	// grouped by Key.
	Apart Reason
}

// ShownKey returns the key the group of v shows (its Group.Key): "" for a
// value that failed and, by owner, for an address with no owner.
func (v *Value) ShownKey() string {
	if v.Err != nil {
		return ""
	}
	return shownKey(v.Key)
}

// A Group is the values of one key, or a value that is a group of its
// own: how many, the first, and the rows they were read from.
type Group struct {
	// Key is the group's key: the key at the level of Options.By; ""
	// for a value that failed, and for the addresses with no owner by
	// owner (grouped with the copies of their site). A value apart that
	// parsed shows its key, which another group may have.
	Key   string
	Count int64  // the number of values
	First string // the cell of the first value
	// Via are the places of the row's cells that the values' keys came
	// from, in the order first seen; nil for a value apart.
	Via []int
	// Apart says why the group is a value of its own ("" for a group of
	// a key): NotPublicWebsite, NonWebScheme, KeptApart, or the code of
	// a cell that failed.
	Apart Reason
	// Err is the failure of a value apart that failed.
	Err  error
	rows rowList
}

// Rows returns the numbers of the rows the group's values were read
// from, each once, in increasing order: the numbers given to
// [Deduper.Add].
func (g *Group) Rows() iter.Seq[int64] { return g.rows.numbers() }

// AppendRows appends the group's row numbers to dst and returns it.
func (g *Group) AppendRows(dst []int64) []int64 { return slices.AppendSeq(dst, g.Rows()) }

// rowList is a list of increasing row numbers, each kept as the uvarint
// of its difference from the one before: two or three bytes a row.
type rowList struct {
	b    []byte
	last int64
}

// add adds n to l, unless it is l's last.
func (l *rowList) add(n int64) {
	if len(l.b) > 0 && n == l.last {
		return
	}
	l.b = binary.AppendUvarint(l.b, uint64(n-l.last))
	l.last = n
}

// numbers returns l's numbers in order.
func (l rowList) numbers() iter.Seq[int64] {
	return func(yield func(int64) bool) {
		b, n := l.b, int64(0)
		for len(b) > 0 {
			d, k := binary.Uvarint(b)
			if k <= 0 {
				return
			}
			b, n = b[k:], n+int64(d)
			if !yield(n) {
				return
			}
		}
	}
}

// A Deduper groups rows as they come: [Deduper.Values] reads a row, and
// [Deduper.Add] adds what it gave to the groups. Values is safe for
// concurrent use; Add and Groups are not. Its memory is a group per key
// (its key, first cell and row numbers, two or three bytes a row) and a
// small entry per value apart, whose cell it reads again when the groups
// are returned: never the rows.
type Deduper struct {
	*Rules
	entries []entry
	byKey   map[string]*Group
}

// An entry is a group, in the order of its first value: the group of a
// key, or a value apart, kept small (its cell, row and part).
type entry struct {
	g    *Group // nil for a value apart
	cell string
	via  int
	row  int64
	part int
}

// NewDeduper returns a Deduper that reads rows as o says.
func NewDeduper(o Options) (*Deduper, error) {
	r, err := NewRules(o)
	if err != nil {
		return nil, err
	}
	return &Deduper{Rules: r, byKey: map[string]*Group{}}, nil
}

// Values appends to dst the values of row, its cells of addresses in the
// order they are tried, and returns dst: the values of the first cell
// that gives a key (an address that is a public website, with an owner by
// owner), each address of it with Options.Split; when none does, those of
// the row's first cell. A row of no cells gives none.
func (r *Rules) Values(dst []Value, row []string) []Value {
	start := len(dst)
	for i, cell := range row {
		n := len(dst)
		gives := false
		part := 0
		r.eachAddress(cell, r.o.Split, func(a webaddress.Address, err error) {
			v := Value{Cell: cell, Via: i, Part: part, Address: a, Err: err}
			part++
			r.decide(&v)
			if err == nil && apartReason(a.Facts()) == "" && !strings.HasPrefix(v.Key, noOwnerMark) {
				gives = true
			}
			dst = append(dst, v)
		})
		if gives {
			dst = append(dst[:start], dst[n:]...)
			if len(row) == 1 {
				for i := start; i < len(dst); i++ {
					dst[i].Via = -1
				}
			}
			return dst
		}
		if i > 0 {
			dst = dst[:n] // the first cell's values are the ones kept
		}
	}
	for i := start; i < len(dst); i++ {
		dst[i].Via = -1
	}
	return dst
}

// ValueOf returns the value of an address already read from cell (or of
// err, its failure), as Values would give it for a row of that one cell:
// for a program that parsed its cells itself.
func (r *Rules) ValueOf(cell string, a webaddress.Address, err error) Value {
	v := Value{Cell: cell, Via: -1, Address: a, Err: err}
	r.decide(&v)
	return v
}

// decide sets v's key and whether it is apart.
func (r *Rules) decide(v *Value) {
	if v.Err != nil {
		v.Apart = reasonOf(v.Err)
		if r.o.MergeInvalid {
			// Failures with one code and one text share a group: a key
			// no address has.
			v.Key, v.Apart = "\x00"+string(v.Apart)+"\x00"+v.Cell, ""
		}
		return
	}
	v.Key = r.groupKey(v.Address)
	switch {
	case r.apart[v.Key]:
		v.Apart = KeptApart
	case !r.o.MergeInvalid:
		v.Apart = apartReason(v.Address.Facts())
	}
}

// Add adds the values vs of the row numbered row (larger than the rows
// added before; from 1, say) to the groups.
func (d *Deduper) Add(row int64, vs []Value) {
	for i := range vs {
		v := &vs[i]
		if v.Apart != "" {
			d.entries = append(d.entries, entry{cell: cloneCell(v.Cell), via: v.Via, row: row, part: v.Part})
			continue
		}
		g := d.byKey[v.Key]
		if g == nil {
			g = &Group{Key: strings.Clone(shownKey(v.Key)), First: cloneCell(v.Cell)}
			if v.Err != nil { // MergeInvalid
				g.Key, g.Apart, g.Err = "", reasonOf(v.Err), v.Err
			}
			d.byKey[strings.Clone(v.Key)] = g
			d.entries = append(d.entries, entry{g: g})
		}
		g.Count++
		if v.Via >= 0 && !slices.Contains(g.Via, v.Via) {
			g.Via = append(g.Via, v.Via)
		}
		g.rows.add(row)
	}
}

// hugeCell is the size from which a cell is kept as it is, with its row,
// rather than copied: a copy would take its size again.
const hugeCell = 16 << 20

// cloneCell returns a copy of cell, so that it keeps nothing else of its
// row alive, unless it is huge.
func cloneCell(cell string) string {
	if len(cell) >= hugeCell {
		return cell
	}
	return strings.Clone(cell)
}

// Len returns the number of groups so far.
func (d *Deduper) Len() int { return len(d.entries) }

// Groups returns the groups, in the order of their first value, each
// once; a value apart is read again from its cell. Each group returned
// is let go by the Deduper, so that a program that writes the groups as
// they come holds one at a time; call Groups once, after the last Add.
func (d *Deduper) Groups() iter.Seq[*Group] {
	return func(yield func(*Group) bool) {
		d.byKey = nil
		for i := range d.entries {
			e := d.entries[i]
			d.entries[i] = entry{}
			g := e.g
			if g == nil {
				g = d.apartGroup(e)
			}
			if !yield(g) {
				return
			}
		}
		d.entries = nil
	}
}

// apartGroup returns the group of e, a value apart: its cell read again.
func (d *Deduper) apartGroup(e entry) *Group {
	var v Value
	part := 0
	d.eachAddress(e.cell, d.o.Split, func(a webaddress.Address, err error) {
		if part == e.part {
			v = Value{Cell: e.cell, Address: a, Err: err}
			d.decide(&v)
		}
		part++
	})
	g := &Group{Key: v.ShownKey(), Count: 1, First: e.cell, Apart: v.Apart, Err: v.Err}
	g.rows.add(e.row)
	return g
}

// Dedupe groups rows, each its cells of addresses in the order they are
// tried, as o says, and returns the groups in the order of their first
// value, the rows numbered from 1. It reads the rows once, as they come,
// a batch at a time: the values of a batch are read on every CPU
// (Rules.Values is safe for concurrent use) and added in the rows' order,
// so that memory follows the groups and a few batches, not the rows.
func Dedupe(rows iter.Seq[[]string], o Options) ([]Group, error) {
	d, err := NewDeduper(o)
	if err != nil {
		return nil, err
	}
	n := int64(0)
	workers := runtime.GOMAXPROCS(0)
	if workers == 1 {
		var vs []Value
		for row := range rows {
			n++
			vs = d.Values(vs[:0], row)
			d.Add(n, vs)
		}
	} else {
		todo := make(chan *dedupeBatch, workers)
		inOrder := make(chan *dedupeBatch, 2*workers)
		for range workers {
			go func() {
				for b := range todo {
					b.values(d)
				}
			}()
		}
		added := make(chan struct{})
		go func() {
			for b := range inOrder {
				<-b.done
				for i, end := 0, 0; i < len(b.rows); i++ {
					start := end
					end = b.ends[i]
					d.Add(b.first+int64(i), b.vals[start:end])
				}
				b.free()
			}
			close(added)
		}()
		b := newDedupeBatch(1)
		for row := range rows {
			n++
			b.rows = append(b.rows, slices.Clone(row)) // rows may reuse their slice
			if len(b.rows) == dedupeBatchRows {
				inOrder <- b
				todo <- b
				b = newDedupeBatch(n + 1)
			}
		}
		if len(b.rows) > 0 {
			inOrder <- b
			todo <- b
		}
		close(todo)
		close(inOrder)
		<-added
	}
	groups := make([]Group, 0, d.Len())
	for g := range d.Groups() {
		groups = append(groups, *g)
	}
	return groups, nil
}

// dedupeBatchRows is how many rows Dedupe reads into a batch.
const dedupeBatchRows = 512

// A dedupeBatch is rows of Dedupe, their values read by a worker: the
// values of row i are vals[ends[i-1]:ends[i]]. done is closed when they
// are.
type dedupeBatch struct {
	first int64 // the number of rows[0]
	rows  [][]string
	vals  []Value
	ends  []int
	done  chan struct{}
}

// dedupeBatches are the batches Dedupe is done with, to be used again:
// their values are most of what it would otherwise make and drop.
var dedupeBatches = sync.Pool{New: func() any {
	return &dedupeBatch{rows: make([][]string, 0, dedupeBatchRows), vals: make([]Value, 0, dedupeBatchRows), ends: make([]int, 0, dedupeBatchRows)}
}}

func newDedupeBatch(first int64) *dedupeBatch {
	b := dedupeBatches.Get().(*dedupeBatch)
	b.first, b.done = first, make(chan struct{})
	return b
}

// free gives b back to dedupeBatches, its values cleared so that they
// keep no cell alive.
func (b *dedupeBatch) free() {
	clear(b.rows)
	clear(b.vals)
	b.rows, b.vals, b.ends = b.rows[:0], b.vals[:0], b.ends[:0]
	dedupeBatches.Put(b)
}

// values reads the values of b's rows with d's rules.
func (b *dedupeBatch) values(d *Deduper) {
	b.ends = b.ends[:len(b.rows)]
	for i, row := range b.rows {
		b.vals = d.Values(b.vals, row)
		b.ends[i] = len(b.vals)
	}
	close(b.done)
}
