// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"encoding/binary"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
)

// A group is the inputs with one key: the first as written, how many, and
// their row numbers. A value that failed is a group of its own.
type group struct {
	key, first string
	count      int
	rows       []byte // the row numbers, each as a uvarint of its difference from the one before
	last       int    // the last row number
	code, err  string
}

// add counts the input in row n.
func (g *group) add(n int) {
	g.count++
	g.rows = binary.AppendUvarint(g.rows, uint64(n-g.last))
	g.last = n
}

// rowList returns the row numbers separated by spaces.
func (g *group) rowList() string {
	var b []byte
	n := 0
	for rows := g.rows; len(rows) > 0; {
		d, k := binary.Uvarint(rows)
		rows = rows[k:]
		n += int(d)
		if len(b) > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(n), 10)
	}
	return string(b)
}

// groupColumns are what dedupe prints for each group.
var groupColumns = []string{"key", "count", "first", "rows", "error_code", "error"}

// firstColumns are what dedupe --first appends to the first row of each
// group.
var firstColumns = []string{"input", "key", "error_code", "error"}

func dedupeCommand(cfg *config) *cobra.Command {
	first := false
	cmd := &cobra.Command{
		Use:   "dedupe [ADDRESS...]",
		Short: "Group the inputs by comparison key (KeyV1)",
		Long: `dedupe groups the inputs by their comparison key (KeyV1), which is the same for
the ways of writing one page, and prints each group in the order of its first
input: its columns are ` + strings.Join(groupColumns, ", ") + ` (the
row numbers, from 1, separated by spaces). A value that fails is a group of
its own. It keeps one entry per key, not the rows (their numbers take two or
three bytes each).

With --first it prints only the first row of each group as it comes, with the
columns ` + strings.Join(firstColumns, ", ") + `: with --column, a
contact list without its duplicates.`,
		Example: `  webaddress dedupe < urls.txt
  webaddress dedupe --first --column website --format csv < contacts.csv > unique.csv`,
		RunE: func(_ *cobra.Command, args []string) error {
			return cfg.dedupe(args, first)
		},
	}
	cmd.Flags().BoolVar(&first, "first", false, "print only the first row of each group, as it comes")
	return cmd
}

// dedupe runs the dedupe command.
func (cfg *config) dedupe(args []string, first bool) error {
	columns := groupColumns
	if first {
		columns = firstColumns
	}
	idx, err := cfg.pick(columns, nil)
	if err != nil {
		return err
	}
	in, err := cfg.open(args)
	if err != nil {
		return err
	}
	if !first {
		in.header = nil // groups are not rows of the input
	}
	format := cfg.outputFormat(false)
	o, err := cfg.newOut(in, format, columns, idx)
	if err != nil {
		return err
	}
	var groups []*group
	seen := make(map[string]*group)
	var rows, failed int
	err = evaluate(in.src, cfg.jobs, keyTable.eval, func(b *batch) error {
		for i, r := range b.recs {
			key, code, msg := b.vals[i][0], b.vals[i][1], b.vals[i][2]
			g := seen[key]
			if b.failed[i] {
				failed++
				g = nil
			}
			if g == nil {
				g = &group{key: key, first: r.value, code: code, err: msg}
				if !b.failed[i] {
					seen[key] = g
				}
				if first {
					if err := o.write(r, []string{r.value, key, code, msg}, idx); err != nil {
						return err
					}
				} else {
					groups = append(groups, g)
				}
			}
			if !first {
				g.add(r.n)
			}
		}
		rows += len(b.recs)
		in.progress.update(rows, failed)
		return nil
	})
	for _, g := range groups {
		if err != nil {
			break
		}
		err = o.write(record{}, []string{g.key, strconv.Itoa(g.count), g.first, g.rowList(), g.code, g.err}, idx)
	}
	return cfg.finish(in, o, rows, failed, err)
}
