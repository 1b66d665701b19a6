// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"github.com/spf13/cobra"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/table"
)

// firstColumns are what dedupe --first adds to the first row of each
// group: columns of the parse record.
func firstColumns() []record.Column[parsed] {
	return table.MustPick(keyV1Columns(), "input", "key", "error_code", "error")
}

func dedupeCommand(cfg *config) *cobra.Command {
	first := false
	cmd := &cobra.Command{
		Use:   "dedupe [ADDRESS...]",
		Short: "Group the inputs by comparison key (KeyV1)",
		Long: `dedupe groups the inputs by their comparison key (KeyV1), which is the same for
the ways of writing one page, and prints each group in the order of its first
input, the record the Beam pipeline writes too: ` + columnList(table.GroupColumns) + `
(rows: the numbers of the rows read, from 1, a rejected record not counted;
in CSV separated by spaces). A
value that fails is a group of its own, with no key. It keeps one entry per
key, not the rows (their numbers take two or three bytes each).

With --first it prints only the first row of each group as it comes, with the
columns ` + columnList(firstColumns()) + `: with --column, a
contact list without its duplicates.`,
		Example: `  webaddress dedupe < urls.txt
  webaddress dedupe --first --column website --format csv < contacts.csv > unique.csv`,
		RunE: func(_ *cobra.Command, args []string) error {
			if first {
				return cfg.dedupeFirst(args)
			}
			return cfg.dedupe(args)
		},
	}
	cmd.Flags().BoolVar(&first, "first", false, "print only the first row of each group, as it comes")
	return cmd
}

// keyed is what the dedupe runs make of a value: its parse, and its key.
type keyed struct {
	parsed
	key string
}

// evalKeys is the work of the dedupe runs: each value parsed and keyed in
// the workers, kept for the emitter, which decides.
func evalKeys(col int) func(b *batch[keyed]) {
	return func(b *batch[keyed]) {
		b.vals = make([]keyed, len(b.recs))
		for i, r := range b.recs {
			v := &b.vals[i]
			v.parsed = parseValue(r.Fields[col])
			if v.Err != nil {
				b.failed++
				continue
			}
			v.key = v.Value.Key(webaddress.KeyV1)
		}
	}
}

// dedupe prints the groups of the inputs, after reading them all.
func (cfg *config) dedupe(args []string) error {
	s, err := cfg.check()
	if err != nil {
		return err
	}
	format := cfg.outputFormat(false)
	l, err := layout(cfg.fields, nil, table.GroupColumns, nil) // groups are not rows of the input
	if err != nil {
		return err
	}
	in, err := cfg.open(args, s)
	if err != nil {
		return err
	}
	o, err := newOutput(format, s.delim, cfg.stdout, l.Names())
	if err != nil {
		return err
	}
	var groups []*table.Group
	last := map[*table.Group]int64{} // the last row of each group
	seen := make(map[string]*table.Group)
	var n counts
	err = evaluate(in, cfg.jobs, s.skip, evalKeys(in.col), func(b *batch[keyed]) error {
		if err := in.reject(b.faults); err != nil {
			return err
		}
		for i := range b.recs {
			n.read++
			v := &b.vals[i]
			var g *table.Group
			if v.Err == nil {
				if g = seen[v.key]; g == nil {
					g = &table.Group{Key: v.key, First: v.Input}
					seen[v.key] = g
					groups = append(groups, g)
				}
			} else {
				code, _ := record.ErrorCode[webaddress.Code](v.Err)
				g = &table.Group{First: v.Input, ErrorCode: string(code), Error: v.Err.Error()}
				groups = append(groups, g)
			}
			g.Count++
			g.Rows = g.Rows.Add(int64(n.read), last[g])
			last[g] = int64(n.read)
		}
		n.written += len(b.recs)
		n.failed += b.failed
		in.progress.update(n.read, n.failed)
		return nil
	})
	n.groups = len(groups)
	enc := encoder(format, s.delim, l)
	var buf []byte
	for _, g := range groups {
		if err != nil {
			break
		}
		var ok bool
		if buf, ok = enc(buf[:0], nil, g); !ok {
			n.lossy++
		}
		err = o.write(buf)
	}
	return cfg.finish(in, o, n, true, err)
}

// dedupeFirst prints the first row of each group as it comes.
func (cfg *config) dedupeFirst(args []string) error {
	s, err := cfg.check()
	if err != nil {
		return err
	}
	format := cfg.outputFormat(false)
	cols := firstColumns()
	if _, err := layout(cfg.fields, nil, cols, nil); err != nil && cfg.column == "" {
		return err
	}
	in, err := cfg.open(args, s)
	if err != nil {
		return err
	}
	l, err := layout(cfg.fields, in.header, cols, nil)
	if err != nil {
		return err
	}
	o, err := newOutput(format, s.delim, cfg.stdout, l.Names())
	if err != nil {
		return err
	}
	enc := encoder(format, s.delim, l)
	seen := make(map[string]bool)
	var n counts
	var buf []byte
	err = evaluate(in, cfg.jobs, s.skip, evalKeys(in.col), func(b *batch[keyed]) error {
		if err := in.reject(b.faults); err != nil {
			return err
		}
		buf = buf[:0]
		for i := range b.recs {
			v := &b.vals[i]
			if v.Err == nil {
				if seen[v.key] {
					n.dups++
					continue
				}
				seen[v.key] = true
			}
			var ok bool
			if buf, ok = enc(buf, b.recs[i].Fields, &v.parsed); !ok {
				n.lossy++
			}
			n.written++
		}
		n.read += len(b.recs)
		n.failed += b.failed
		in.progress.update(n.read, n.failed)
		return o.write(buf)
	})
	return cfg.finish(in, o, n, false, err)
}
