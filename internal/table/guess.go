// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package table

import (
	"strconv"
	"strings"
)

// candidates are the delimiters GuessDelimiter looks for, in order.
var candidates = []byte{',', ';', '\t', '|'}

// GuessDelimiter returns the delimiter of a table whose first row is line
// (decoded, without its line end), the tool's and the page's guess alike:
// the first of ',' ';' tab '|' that splits it into fields one of which is
// column (ignoring case and the spaces around it); else, when column is a
// number, or "" (not known yet), or the row is data (noHeader), the one
// that splits it into the most fields (WidestDelimiter); else ',' (and
// the column will not be found).
func GuessDelimiter(line, column string, noHeader bool) byte {
	if !noHeader && column != "" {
		for _, d := range candidates {
			for _, f := range splitRow(line, d) {
				if strings.EqualFold(strings.TrimSpace(f), column) {
					return d
				}
			}
		}
		if _, ok := ColumnNumber(column); !ok {
			return ','
		}
	}
	d, _ := WidestDelimiter(line)
	return d
}

// WidestDelimiter returns the one of ',' ';' tab '|' that splits line
// into the most fields (the first of them on a tie; ',' when none splits
// it), and how many fields it makes.
func WidestDelimiter(line string) (byte, int) {
	best, most := byte(','), 1
	for _, d := range candidates {
		if n := len(splitRow(line, d)); n > most {
			best, most = d, n
		}
	}
	return best, most
}

// ColumnNumber returns the 1-based column number column is, if it is one.
func ColumnNumber(column string) (int, bool) {
	n, err := strconv.Atoi(column)
	return n, err == nil && n >= 1 && column[0] != '+'
}

// splitRow splits a row of a delimited table by d, reading quotes as RFC
// 4180 does (loosely: this only picks a delimiter).
func splitRow(line string, d byte) []string {
	var fields []string
	var f strings.Builder
	quoted := false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '"' && i+1 < len(line) && line[i+1] == '"':
			f.WriteByte('"')
			i++
		case c == '"' && (quoted || f.Len() == 0):
			quoted = !quoted
		case !quoted && c == d:
			fields = append(fields, f.String())
			f.Reset()
		default:
			f.WriteByte(c)
		}
	}
	return append(fields, f.String())
}
