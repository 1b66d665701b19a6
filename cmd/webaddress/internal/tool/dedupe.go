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
	"github.com/onecontact/webaddress/internal/cells"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/records"
	"github.com/onecontact/webaddress/internal/table"
)

// firstDefaults are the columns of the parse record dedupe --first adds
// to the first row of each group, unless --fields names others.
var firstDefaults = []string{"input", "text", "key", "error_code", "error"}

func dedupeCommand() *Command {
	return &Command{
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
picks any of ` + strings.Join(record.Names(record.Of[parsed]()), ",") + `,key_fingerprint): with
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
		Options: append([]Option{
			{Name: "first", Kind: Bool, Default: "false", Usage: "print only the first row of each group, as it comes"},
			{Name: "merge-invalid", Kind: Bool, Default: "false", Usage: "group what is not an address too: addresses that are not public websites by key, values that failed by code and input"},
			{Name: "keep", Kind: Choice, Values: keepValues, Default: "first", Usage: "with --first, the row of each group written: first (as it comes) or most-complete (the most cells not empty, the first of those; written where the group's first row was, at the end)"},
			{Name: "keep-apart", Kind: File, Usage: "never merge the rows of the keys of `FILE`, a key per line as the key column has it (# comments): each row is a group of its own"},
		}, readingOptions()...),
		Columns: Columns{All: append(record.Names(records.GroupColumns), "key_fingerprint"), Defaults: record.Names(records.GroupColumns)},
		Alt: map[string]Columns{
			"first": {All: append(record.Names(defaultReading().Columns()), "key_fingerprint", "via"), Defaults: firstDefaults},
		},
		run: func(cfg *config, args []string, v Values) error {
			r, err := newReading(cfg, v)
			if err != nil {
				return err
			}
			d := &dedupeFlags{reading: r, first: v.Bool("first"), mergeInvalid: v.Bool("merge-invalid")}
			if d.keepApart, err = cfg.readKeepApart(v.Text("keep-apart")); err != nil {
				return err
			}
			if !d.first && v.Text("keep") != "first" {
				return fmt.Errorf("--keep %s: which row of a group is written is --first's: add --first", v.Text("keep"))
			}
			if d.first {
				if v.Text("keep") == "most-complete" {
					d.mostComplete = &mostComplete{byKey: map[string]*kept{}}
				}
				return cfg.dedupeFirst(args, d)
			}
			return cfg.dedupe(args, d)
		},
	}
}

// dedupeFlags are dedupe's flags.
type dedupeFlags struct {
	*reading
	first, mergeInvalid bool
	keepApart           map[string]bool // the keys of --keep-apart
	mostComplete        *mostComplete   // --keep most-complete: the rows kept
}

// keyed is what the dedupe runs make of a value: its parse, and its key.
type keyed struct {
	parsed
	key   string
	apart bool // not an address: a group of its own
}

// evalKeys is the work of the dedupe runs: each value read, parsed and
// keyed in the workers, kept for the emitter, which decides. b.ends[i] is
// the end of record i's values in b.vals.
func (d *dedupeFlags) evalKeys(in *input) func(b *batch[keyed]) {
	eval := func(dst []parsed, fields []string) []parsed { return d.Read(dst, fields[in.col]) }
	if len(in.cols) > 1 {
		// Several columns, tried in order: the first that gives a key.
		names := make([]string, len(in.cols))
		for i, col := range in.cols {
			names[i] = in.header[col]
		}
		readRow := rowReader(d.reading)
		eval = func(dst []parsed, fields []string) []parsed { return readRow(dst, fields, in.cols, names) }
	}
	return func(b *batch[keyed]) {
		var ps []parsed
		b.vals, b.ends = keyedBufs.get(), endBufs.get()[:len(b.recs)]
		for i, r := range b.recs {
			ps = eval(ps[:0], r.Fields)
			b.values(len(ps))
			for j := range ps {
				v := keyed{parsed: ps[j], apart: notAnAddress(&ps[j])}
				if v.Err != nil {
					b.fail(codeOf(v.Err))
				} else {
					v.key = d.GroupKey(v.Value) // no owner: its site's group
				}
				if v.Err == nil && d.keepApart[v.key] {
					v.apart = true // kept apart: never merged
				} else if v.apart && d.mergeInvalid {
					v.apart = false
					if v.Err != nil {
						// Failures with one code and one input share a
						// group: a key no address has.
						code, _ := record.ErrorCode[webaddress.Code](v.Err)
						v.key = "\x00" + string(code) + "\x00" + v.Input
					}
				}
				b.vals = append(b.vals, v)
			}
			b.ends[i] = len(b.vals)
		}
	}
}

// keyedBufs and endBufs are the batches' values and their ends, used
// again once the batch is emitted (putKeyed): they are most of what the
// dedupe runs would otherwise make and drop, a few hundred bytes a value.
var (
	keyedBufs slicePool[keyed]
	endBufs   = slicePool[int]{minCap: batchSize}
)

// putKeyed gives b's values and ends back, once emitted.
func putKeyed(b *batch[keyed]) {
	keyedBufs.put(b.vals)
	endBufs.put(b.ends)
	b.vals, b.ends = nil, nil
}

// An entry is a group of dedupe's output, in the order of its first input:
// the group of a key, or a value that is a group of its own (not an
// address), kept small (its input, row and part) and read again when
// printed, so that a column of many such values costs little memory.
type entry struct {
	g     *group // nil for a value apart
	input string
	row   int64
	part  int // which value of its row (--split)
}

// A group is the group of a key, as it grows: its key and first input are
// copies, so that it keeps nothing else of the row they were read from
// alive, and last is the last row counted in it.
type group struct {
	records.Group
	last int64
}

// newGroup returns the group of v, its first input, of a record of fields,
// with copies of its key and input (see inputCopy).
func newGroup(v *keyed, fields []string) *group {
	g := &group{Group: records.Group{Key: strings.Clone(cells.ShownKey(v.key)), First: inputCopy(v.Input, fields)}}
	if v.Err != nil { // --merge-invalid
		code, _ := record.ErrorCode[webaddress.Code](v.Err)
		g.Key, g.ErrorCode, g.Error = "", string(code), v.Err.Error()
	}
	return g
}

// inputCopy returns a copy of input, a value of the record of fields, so
// that it does not keep the rest of the record alive; but a huge input
// that is most of its record's bytes is kept as it is, with its record,
// rather than copied (which would take its size again).
func inputCopy(input string, fields []string) string {
	if len(input) < hugeRecord {
		return strings.Clone(input)
	}
	size := 0
	for _, f := range fields {
		size += len(f)
	}
	if 2*len(input) < size {
		return strings.Clone(input)
	}
	return input
}

// add counts row in g, its number once however many of its parts, and
// the column via that gave its key among g's Via.
func (g *group) add(row int64, via string) {
	g.Count++
	if via != "" && g.Via != via && !slices.Contains(strings.Split(g.Via, ","), via) {
		if g.Via != "" {
			via = g.Via + "," + via
		}
		g.Via = via
	}
	if g.last != row {
		g.Rows = g.Rows.Add(row, g.last)
		g.last = row
	}
}

// apartGroup returns the group of e, a value apart: its input read again.
func (d *dedupeFlags) apartGroup(e entry) *records.Group {
	v := d.Read(nil, e.input)[e.part]
	g := &records.Group{Count: 1, First: e.input, Rows: records.Rows(nil).Add(e.row, 0)}
	if v.Err != nil {
		code, _ := record.ErrorCode[webaddress.Code](v.Err)
		g.ErrorCode, g.Error = string(code), v.Err.Error()
	} else {
		g.Key = d.Key(v.Value)
	}
	return g
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
	var groups []entry
	seen := make(map[string]*group)
	var n counts
	err = evaluate(in, cfg.Jobs, s.skip, d.evalKeys(in), func(b *batch[keyed]) error {
		if err := in.reject(b.faults); err != nil {
			return err
		}
		start := 0
		for i := range b.recs {
			row := int64(n.read + i + 1)
			for j := start; j < b.ends[i]; j++ {
				v := &b.vals[j]
				if v.apart {
					groups = append(groups, entry{input: inputCopy(v.Input, b.recs[i].Fields), row: row, part: j - start})
					continue
				}
				g := seen[v.key]
				if g == nil {
					g = newGroup(v, b.recs[i].Fields)
					seen[strings.Clone(v.key)] = g
					groups = append(groups, entry{g: g})
				}
				g.add(row, v.Via)
			}
			start = b.ends[i]
		}
		putKeyed(b)
		n.add(in, len(b.recs), len(b.recs), &b.tally)
		return nil
	})
	seen = nil
	if !stoppedReading(err) {
		groups = nil // an I/O error: nothing more is written
	}
	n.groups = len(groups)
	enc := encoder(format, in.delim, l, cfg.outputDialect(in.dialect).crlf)
	stream := streamer(format, in.delim, l, cfg.outputDialect(in.dialect).crlf)
	var buf []byte
	var werr error
	for i, e := range groups {
		if werr != nil {
			break
		}
		var g *records.Group
		if e.g != nil {
			g = &e.g.Group
		} else {
			g = d.apartGroup(e)
		}
		groups[i] = entry{} // printed: let it go
		if stream != nil && len(g.First) >= hugeRecord {
			werr = stream(o.w, nil, g) // a cell at a time, not whole
			continue
		}
		var ok bool
		if buf, ok = enc(buf[:0], nil, g); !ok {
			n.lossy++
		}
		werr = o.write(buf)
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
	err = evaluate(in, cfg.Jobs, s.skip, d.evalKeys(in), func(b *batch[keyed]) error {
		if err := in.reject(b.faults); err != nil {
			return err
		}
		buf = buf[:0]
		start, written := 0, 0
		for i := range b.recs {
			for j := start; j < b.ends[i]; j++ {
				v := &b.vals[j]
				if !v.apart {
					if seen[v.key] {
						n.dups++
						if keep != nil {
							keep.again(v.key, b.recs[i].Fields, j-start)
						}
						continue
					}
					seen[strings.Clone(v.key)] = true // a copy: the key may be part of the row
				}
				if keep != nil {
					keep.add(v.key, v.apart, b.recs[i].Fields, j-start)
					continue
				}
				written++
				if fields := b.recs[i].Fields; stream != nil && isHuge(fields) {
					// A huge row is written a cell at a time, not whole,
					// after the rows before it.
					if err := o.write(buf); err != nil {
						return err
					}
					buf = buf[:0]
					if err := stream(o.w, fields, &v.parsed); err != nil {
						return err
					}
					continue
				}
				var ok bool
				if buf, ok = enc(buf, b.recs[i].Fields, &v.parsed); !ok {
					b.lossy++
				}
			}
			start = b.ends[i]
		}
		putKeyed(b)
		n.add(in, len(b.recs), written, &b.tally)
		return o.write(buf)
	})
	if keep != nil && stoppedReading(err) {
		if werr := keep.write(d, in.col, enc, o, &n); err == nil {
			err = werr
		}
	}
	return cfg.finish(in, o, n, false, s.strict, err)
}
