// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file is dedupe --first --keep most-complete: of each group, the
// row with the most cells not empty (the first of those), written where
// the group's first row was. The rows kept are held until the end, one a
// group, as dedupe's groups are.

import (
	"strings"

	"github.com/onecontact/webaddress/lists"
)

// keepValues are the values of dedupe's --keep.
var keepValues = []string{"first", "most-complete"}

// A kept is the row kept of a group: a copy of its cells, which of its
// values it is (--split), and how many cells are not empty.
type kept struct {
	fields []string
	part   int
	filled int
}

// mostComplete holds the rows kept, in the order of their groups' first
// rows, and the row kept of each key.
type mostComplete struct {
	rows  []*kept
	byKey map[string]*kept
}

// add keeps the first row of a group (of key; none for a value apart),
// its value part.
func (m *mostComplete) add(key string, apart bool, fields []string, part int) {
	k := &kept{fields: cloneFields(fields), part: part, filled: filled(fields)}
	m.rows = append(m.rows, k)
	if !apart {
		m.byKey[strings.Clone(key)] = k
	}
}

// again keeps, of the group of key, the row of fields instead of the one
// kept when it has more cells filled in.
func (m *mostComplete) again(key string, fields []string, part int) {
	if k := m.byKey[key]; k != nil {
		if f := filled(fields); f > k.filled {
			k.fields, k.part, k.filled = cloneFields(fields), part, f
		}
	}
}

// write writes the rows kept, each read again (its value part) and
// encoded by enc, and counts them.
func (m *mostComplete) write(d *dedupeFlags, in *input, enc func([]byte, []string, *parsed) ([]byte, bool), o *output, n *counts) error {
	var buf []byte
	var vals []lists.Value
	for i, k := range m.rows {
		vals = d.groups.Values(vals[:0], rowCells(in, k.fields))
		v := d.parsedOf(in, &vals[k.part])
		var ok bool
		if buf, ok = enc(buf[:0], k.fields, &v); !ok {
			n.lossy++
		}
		m.rows[i] = nil // written: let it go
		if err := o.write(buf); err != nil {
			return err
		}
		n.written++
	}
	return nil
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

// cloneFields returns a copy of fields, which the reader reuses.
func cloneFields(fields []string) []string {
	c := make([]string, len(fields))
	for i, f := range fields {
		c[i] = strings.Clone(f)
	}
	return c
}
