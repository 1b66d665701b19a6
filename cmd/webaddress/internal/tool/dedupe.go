// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/records"
	"github.com/onecontact/webaddress/internal/table"
	"github.com/onecontact/webaddress/lists"
)

// firstDefaults are the columns of the parse record dedupe --first adds
// to the first row of each group, unless --fields names others.
var firstDefaults = []string{"input", "text", "key", "error_code", "error"}

func dedupeCommand() *Command {
	c := &Command{
		Name:  "dedupe",
		Use:   "[ADDRESS...]",
		Short: "Group the inputs by comparison key (KeyV3, at the level of --by)",
		Long: `dedupe groups the inputs by their comparison key: KeyV3's page key by
default, the same for the ways of writing one page of one owner, or with
--by site or --by owner KeyV3's key at that level (one site: a host, a
social profile, a path tenant; one owner: an organisation, whatever page
was typed). Use --by owner for one row per organisation, such as one per
company of a contact list; --key-version 1 or 2 groups by the frozen KeyV1
or KeyV2. It prints each group in the order of its first input, the record the Beam pipeline
writes too: ` + columnList(records.GroupColumns) + `
(rows: the numbers of the rows read, from 1, a rejected record not counted;
in CSV separated by spaces). It reads a cell as parse does (the messy-cell
layer, unless --raw; see "webaddress help parse"); with --split each address
of a cell of several is grouped, under its row's number. It keeps one entry
per key, not the rows (their numbers take two or three bytes each).

By owner, an address with no owner (a social network's page that is not
a profile, such as linkedin.com/feed; a URL shortener; a free-mail domain)
is merged only with the copies of its site (its page), in a group with an
empty key: one site group always lies in one owner group.

What is not an address is never merged: a value that failed (a placeholder
such as "N/A", an e-mail address left as one, several addresses in a cell,
an empty cell) is a group of its own, with no key and its error, and so is
an address that is not a public website (the fact not-public-website:
localhost, a name with no public suffix, a private IP address) or not a
website (non-web-scheme: tel:, ftp:), with its key, which another group may
share. With --merge-invalid those addresses are grouped by key as the others
are, and the values that failed with the same code on the same input share a
group.

With --column email,website (several columns, tried in order), a row is
grouped by the first column that gives a key, as key does: a contact with
no website but an e-mail address at acme.com is Acme's. A group's column
via names the columns its rows' keys came from ("email,website" when some
came from each; empty for a value that is a group of its own); --first's
names the column of the row written.

With --first it prints only the first row of each group as it comes, with the
columns ` + strings.Join(firstDefaults, ", ") + ` of the parse record (--fields
picks any of ` + strings.Join(record.Names(record.Of[parsed]()), ", ") + `, key_fingerprint): with
--column, a contact list without its duplicates.

The key's fingerprint, the key version and the data its keys depend on (the
Unicode version, the Public Suffix List's revision and KeyV3's platform list's, such as
"` + webaddress.KeyV3.Fingerprint() + `"),
is the column key_fingerprint, printed when --fields names it (null where
there is no key): a column, not a comment line, so that every format
(CSV, TSV, JSON lines) and every reader keeps it. Store it beside the keys,
and group again when it changes: keys of another fingerprint may differ.`,
		Example: `  webaddress dedupe < urls.txt
  webaddress dedupe --first --column website --format csv < contacts.csv > unique.csv
  webaddress dedupe --format csv --fields key,count,first,key_fingerprint < urls.txt`,
		Columns: Columns{All: append(record.Names(records.GroupColumns), "key_fingerprint"), Defaults: record.Names(records.GroupColumns)},
	}
	first := c.boolOption(Option{Name: "first", Usage: "print only the first row of each group, as it comes"})
	mergeInvalid := c.boolOption(Option{Name: "merge-invalid", Usage: "group what is not an address too: addresses that are not public websites by key, values that failed by code and input"})
	keep := c.textOption(Option{Name: "keep", Kind: Choice, Values: keepValues, Default: "first", Usage: "with --first, the row of each group written: first (as it comes) or most-complete (the most cells not empty, the first of those; written where the group's first row was, at the end)"})
	keepApartFile := c.textOption(Option{Name: "keep-apart", Kind: File, Usage: "never merge the rows of the keys of `FILE`, a key per line as the key column has it (# comments): each row is a group of its own"})
	ro := declareReading(c)
	c.Alt = map[string]Columns{
		first.Name(): {All: append(record.Names(defaultReading().Columns()), "key_fingerprint", "via"), Defaults: firstDefaults},
	}
	c.run = func(cfg *config, args []string, v Values) error {
		r, err := ro.newReading(cfg, v)
		if err != nil {
			return err
		}
		d := &dedupeFlags{reading: r, first: first.Get(v)}
		keepApart, err := cfg.readKeepApart(keepApartFile.Get(v))
		if err != nil {
			return err
		}
		o := r.Options()
		o.KeepApart, o.MergeInvalid = keepApart, mergeInvalid.Get(v)
		if d.groups, err = lists.NewDeduper(o); err != nil {
			return err
		}
		if !d.first && keep.Get(v) != "first" {
			return fmt.Errorf("--keep %s: which row of a group is written is --first's: add --first", keep.Get(v))
		}
		if d.first {
			if keep.Get(v) == "most-complete" {
				d.mostComplete = &mostComplete{byKey: map[string]*kept{}}
			}
			return cfg.dedupeFirst(args, d)
		}
		return cfg.dedupe(args, d)
	}
	return c
}

// dedupeFlags are dedupe's flags.
type dedupeFlags struct {
	*reading
	groups       *lists.Deduper // the rules of dedupe's values, and their groups
	first        bool
	mostComplete *mostComplete // --keep most-complete: the rows kept
}

// evalKeys is the work of the dedupe runs: each row read into its values
// (lists.Rules.Values) in the workers, kept for the emitter, which
// groups them. b.ends[i] is the end of record i's values in b.vals.
func (d *dedupeFlags) evalKeys(in *input) func(b *batch[lists.Value]) {
	return func(b *batch[lists.Value]) {
		b.vals, b.ends = valueBufs.get(), endBufs.get()[:len(b.recs)]
		var buf [4]string
		for i, r := range b.recs {
			n := len(b.vals)
			b.vals = d.groups.Values(b.vals, appendRowCells(buf[:0], in, r.Fields))
			b.values(len(b.vals) - n)
			for j := n; j < len(b.vals); j++ {
				if err := b.vals[j].Err; err != nil {
					b.fail(codeOf(err))
				}
			}
			b.ends[i] = len(b.vals)
		}
	}
}

// appendRowCells appends to dst the cells of addresses of a row of
// fields: those of --column, several tried in order.
func appendRowCells(dst []string, in *input, fields []string) []string {
	if len(in.cols) == 0 {
		return append(dst, fields[in.col])
	}
	for _, c := range in.cols {
		dst = append(dst, fields[c])
	}
	return dst
}

// rowCells returns the cells of addresses of a row of fields.
func rowCells(in *input, fields []string) []string { return appendRowCells(nil, in, fields) }

// valueBufs and endBufs are the batches' values and their ends, used
// again once the batch is emitted (putValues): they are most of what the
// dedupe runs would otherwise make and drop, a few hundred bytes a value.
var (
	valueBufs slicePool[lists.Value]
	endBufs   = slicePool[int]{minCap: batchSize}
)

// putValues gives b's values and ends back, once emitted.
func putValues(b *batch[lists.Value]) {
	valueBufs.put(b.vals)
	endBufs.put(b.ends)
	b.vals, b.ends = nil, nil
}

// parsedOf returns v as the parse record writes it, its column via named
// from in's header.
func (d *dedupeFlags) parsedOf(in *input, v *lists.Value) parsed {
	p := parsed{Input: v.Cell, Value: v.Address, Err: v.Err}
	if k := d.Keyer(); k != nil {
		p.Memo = k
	}
	if v.Via >= 0 {
		p.Via = in.header[in.cols[v.Via]]
	}
	return p
}

// groupOf returns g as dedupe writes it, its columns via named from in's
// header.
func groupOf(in *input, g *lists.Group) *records.Group {
	r := &records.Group{Key: g.Key, Count: g.Count, First: g.First}
	last := int64(0)
	for n := range g.Rows() {
		r.Rows, last = r.Rows.Add(n, last), n
	}
	if g.Err != nil {
		code, _ := record.ErrorCode[webaddress.Code](g.Err)
		r.ErrorCode, r.Error = string(code), g.Err.Error()
	}
	var via []string
	for _, p := range g.Via {
		via = append(via, in.header[in.cols[p]])
	}
	r.Via = strings.Join(via, ",")
	return r
}

// dedupe prints the groups of the inputs, after reading them all.
func (cfg *config) dedupe(args []string, d *dedupeFlags) error {
	s, err := cfg.check()
	if err != nil {
		return err
	}
	format := cfg.outputFormat(false)
	cols := append(slices.Clip(records.GroupColumns), fingerprintColumn(d.reading, func(g *records.Group) bool { return g.ErrorCode == "" }), records.GroupVia)
	defaults := record.Names(records.GroupColumns)
	if len(columnNames(cfg.Column)) > 1 {
		defaults = append(defaults, "via") // as key's rows: which columns gave the keys
	}
	l, err := layout(cfg.Fields, nil, cols, defaults) // groups are not rows of the input
	if err != nil {
		return err
	}
	in, err := cfg.open(args, s)
	if err != nil {
		return err
	}
	o, err := newOutput(format, in.delim, cfg.stdout, l.Names(), cfg.outputDialect(in.dialect))
	if err != nil {
		return err
	}
	if os.Getenv("GOGC") == "" {
		// Its live heap grows with the groups: at main's 300, garbage
		// would be let grow to three times it (2,000,000 addresses: 575
		// MB at 300, 377 MB at 100).
		debug.SetGCPercent(100)
	}
	var n counts
	err = evaluate(in, cfg.Jobs, s.skip, d.evalKeys(in), func(b *batch[lists.Value]) error {
		if err := in.reject(b.faults); err != nil {
			return err
		}
		start := 0
		for i := range b.recs {
			d.groups.Add(int64(n.read+i+1), b.vals[start:b.ends[i]])
			start = b.ends[i]
		}
		putValues(b)
		n.add(in, len(b.recs), len(b.recs), &b.tally)
		return nil
	})
	groups := d.groups.Groups()
	if !stoppedReading(err) {
		groups = func(func(*lists.Group) bool) {} // an I/O error: nothing more is written
	} else {
		n.groups = d.groups.Len()
	}
	enc := encoder(format, in.delim, l, cfg.outputDialect(in.dialect).crlf)
	stream := streamer(format, in.delim, l, cfg.outputDialect(in.dialect).crlf)
	var buf []byte
	var werr error
	for lg := range groups {
		g := groupOf(in, lg)
		if stream != nil && len(g.First) >= hugeRecord {
			werr = stream(o.w, nil, g) // a cell at a time, not whole
		} else {
			var ok bool
			if buf, ok = enc(buf[:0], nil, g); !ok {
				n.lossy++
			}
			werr = o.write(buf)
		}
		if werr != nil {
			break
		}
	}
	if werr != nil && (err == nil || stoppedReading(err)) {
		err = werr
	}
	return cfg.finish(in, o, n, true, s.strict, err)
}

// stoppedReading reports whether err, what ended the reading, leaves what
// was read to be written out: none, a malformed record (--on-bad-record
// error), or an interruption.
func stoppedReading(err error) bool {
	var f *table.Fault
	var ie *interruptedError
	return err == nil || errors.As(err, &f) || errors.As(err, &ie)
}

// dedupeFirst prints the first row of each group as it comes; with --keep
// most-complete, its most complete row, at the end.
func (cfg *config) dedupeFirst(args []string, d *dedupeFlags) error {
	s, err := cfg.check()
	if err != nil {
		return err
	}
	format := cfg.outputFormat(false)
	cols := append(d.Columns(), fingerprintColumn(d.reading, func(p *parsed) bool { return p.Err == nil }), viaColumn)
	defaults := firstDefaults
	if len(columnNames(cfg.Column)) > 1 {
		defaults = append(slices.Clip(defaults), "via")
	}
	in, l, o, err := openRows(cfg, args, s, format, cols, defaults, false, false)
	if err != nil {
		return err
	}
	enc := encoder(format, in.delim, l, cfg.outputDialect(in.dialect).crlf)
	stream := streamer(format, in.delim, l, cfg.outputDialect(in.dialect).crlf)
	seen := make(map[string]bool)
	var n counts
	var buf []byte
	keep := d.mostComplete
	err = evaluate(in, cfg.Jobs, s.skip, d.evalKeys(in), func(b *batch[lists.Value]) error {
		if err := in.reject(b.faults); err != nil {
			return err
		}
		buf = buf[:0]
		start, written := 0, 0
		for i := range b.recs {
			for j := start; j < b.ends[i]; j++ {
				v := &b.vals[j]
				if v.Apart == "" {
					if seen[v.Key] {
						n.dups++
						if keep != nil {
							keep.again(v.Key, b.recs[i].Fields, j-start)
						}
						continue
					}
					seen[strings.Clone(v.Key)] = true // a copy: the key may be part of the row
				}
				if keep != nil {
					keep.add(v.Key, v.Apart != "", b.recs[i].Fields, j-start)
					continue
				}
				written++
				p := d.parsedOf(in, v)
				if fields := b.recs[i].Fields; stream != nil && isHuge(fields) {
					// A huge row is written a cell at a time, not whole,
					// after the rows before it.
					if err := o.write(buf); err != nil {
						return err
					}
					buf = buf[:0]
					if err := stream(o.w, fields, &p); err != nil {
						return err
					}
					continue
				}
				var ok bool
				if buf, ok = enc(buf, b.recs[i].Fields, &p); !ok {
					b.lossy++
				}
			}
			start = b.ends[i]
		}
		putValues(b)
		n.add(in, len(b.recs), written, &b.tally)
		return o.write(buf)
	})
	if keep != nil && stoppedReading(err) {
		if werr := keep.write(d, in, enc, o, &n); err == nil {
			err = werr
		}
	}
	return cfg.finish(in, o, n, false, s.strict, err)
}
