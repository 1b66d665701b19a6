// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file reads a row whose --column names several columns, tried in
// order (--column email,website), for parse, key and dedupe, by the rule
// match uses too (package lists).

import (
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/table"
)

// columnNames returns the names of the comma-separated columns of
// --column (or --against-column): "email,website" is tried in that order.
func columnNames(column string) []string {
	return table.ColumnNames(column)
}

// rowReader returns what r makes of the first of the columns cols of a
// row's fields (named names) that gives a key (an address that parsed,
// is a public website and, by owner, has an owner), each value's Via that
// column's name; when none gives one, what the first column gives, with
// no Via.
func rowReader(r *reading) func(dst []parsed, fields []string, cols []int, names []string) []parsed {
	return func(dst []parsed, fields []string, cols []int, names []string) []parsed {
		var buf [4]string
		row := buf[:0]
		for _, c := range cols {
			row = append(row, fields[c])
		}
		return r.ReadRow(dst, row, names)
	}
}

// viaColumn is the column via: the column of --column's several that gave
// the key.
var viaColumn = record.Str("via", func(p *parsed) (string, bool) { return p.Via, p.Via != "" })
