// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file is dedupe --first --keep most-complete: of each group, the
// row with the most cells not empty (the first of those), written where
// the group's first row was. The rows kept are held until the end, one a
// group, as dedupe's groups are.

import "strings"

// keepValues are the values of dedupe's --keep.
var keepValues = []string{"first", "most-complete"}

// A kept is the row kept of a group: a copy of its cells, which of its
// values it is (--split), and how many cells are not empty.
type kept struct {
	fields []string
	part   int
	filled int
}

// filled counts the cells of fields that are not empty.
func filled(fields []string) int {
	n := 0
	for _, f := range fields {
		if strings.TrimSpace(f) != "" {
			n++
		}
	}
	return n
}

// dedupeMostComplete prints, for each group in the order of its first
// row, its most complete row.
func (cfg *config) dedupeMostComplete(args []string, d *dedupeFlags) error {
	s, err := cfg.check()
	if err != nil {
		return err
	}
	format := cfg.outputFormat(false)
	cols := append(d.Columns(), fingerprintColumn(d.reading, func(p *parsed) bool { return p.Err == nil }))
	in, l, o, err := openRows(cfg, args, s, format, cols, firstDefaults, false)
	if err != nil {
		return err
	}
	var rows []*kept
	seen := make(map[string]*kept)
	var n counts
	err = evaluate(in, cfg.Jobs, s.skip, d.evalKeys(in.col), func(b *batch[keyed]) error {
		if err := in.reject(b.faults); err != nil {
			return err
		}
		start := 0
		for i := range b.recs {
			fields := b.recs[i].Fields
			for j := start; j < b.ends[i]; j++ {
				v := &b.vals[j]
				k := &kept{part: j - start, filled: filled(fields)}
				if !v.apart {
					if g := seen[v.key]; g != nil {
						n.dups++
						if k.filled > g.filled {
							g.fields, g.part, g.filled = cloneFields(fields), k.part, k.filled
						}
						continue
					}
					seen[strings.Clone(v.key)] = k
				}
				k.fields = cloneFields(fields)
				rows = append(rows, k)
			}
			start = b.ends[i]
		}
		n.add(in, len(b.recs), 0, &b.tally)
		return nil
	})
	seen = nil
	if stoppedReading(err) {
		enc := encoder(format, in.delim, l, cfg.outputDialect(in.dialect).crlf)
		var buf []byte
		for i, k := range rows {
			v := d.Read(nil, k.fields[in.col])[k.part]
			var ok bool
			if buf, ok = enc(buf[:0], k.fields, &v); !ok {
				n.lossy++
			}
			rows[i] = nil
			if werr := o.write(buf); werr != nil {
				if err == nil {
					err = werr
				}
				break
			}
			n.written++
		}
	}
	return cfg.finish(in, o, n, false, s.strict, err)
}

// cloneFields returns a copy of fields, which the reader reuses.
func cloneFields(fields []string) []string {
	c := make([]string, len(fields))
	for i, f := range fields {
		c[i] = strings.Clone(f)
	}
	return c
}
