// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package table

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Header is a table's header row with its names made unique: a name
// that comes again is renamed NAME_2 (then NAME_3, ...; a suffix already
// taken is skipped), so that every column has a name of its own, in JSON
// as in CSV. Renamed says what was renamed, for the user.
type Header struct {
	Names   []string // the names, renamed
	Renamed []string // one message per renamed column
}

// NewHeader returns the header of the header row names.
func NewHeader(names []string) Header {
	h := Header{Names: make([]string, len(names))}
	taken := make(map[string]bool, len(names))
	for _, n := range names {
		taken[n] = true
	}
	seen := make(map[string]int, len(names))
	for i, n := range names {
		seen[n]++
		if seen[n] == 1 {
			h.Names[i] = n
			continue
		}
		k := seen[n]
		for taken[n+"_"+strconv.Itoa(k)] {
			k++
		}
		renamed := n + "_" + strconv.Itoa(k)
		taken[renamed] = true
		h.Names[i] = renamed
		h.Renamed = append(h.Renamed, fmt.Sprintf("column %d is %s again: renamed %s", i+1, Quote(n), Quote(renamed)))
	}
	return h
}

// Find returns the index of the column called name: the one with that
// name exactly, else the one whose name is name ignoring case. It is an
// error when there is none, or more than one ignoring case.
func (h Header) Find(name string) (int, error) {
	for i, n := range h.Names {
		if n == name {
			return i, nil
		}
	}
	var found []int
	for i, n := range h.Names {
		if strings.EqualFold(n, name) {
			found = append(found, i)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return -1, fmt.Errorf("no column %s in the header row (%s)", Quote(name), h.list())
	}
	var which []string
	for _, i := range found {
		which = append(which, fmt.Sprintf("%s (column %d)", Quote(h.Names[i]), i+1))
	}
	return -1, fmt.Errorf("column %s is ambiguous: ignoring case it is %s; name one exactly", Quote(name), strings.Join(which, " and "))
}

// list returns the names separated by ", ", cut short when long.
func (h Header) list() string {
	s := strings.Join(h.Names, ", ")
	if len(s) > 200 {
		n := 200
		for n > 0 && !utf8.RuneStart(s[n]) {
			n--
		}
		s = s[:n] + "… (" + strings.Replace(fieldCount(len(h.Names)), "field", "column", 1) + ")"
	}
	return s
}

// maxQuoted is how many bytes of a text a message quotes.
const maxQuoted = 100

// Quote returns s quoted for a message: whole when it is at most 100
// bytes, else its first 100 bytes (to a whole code point) and its length.
func Quote(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	n := maxQuoted
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return strconv.Quote(s[:n]) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// ColumnNames returns the names of a comma-separated list of columns
// ("email, website"), each trimmed of spaces.
func ColumnNames(column string) []string {
	names := strings.Split(column, ",")
	for i := range names {
		names[i] = strings.TrimSpace(names[i])
	}
	return names
}

// FindAll returns the places of the comma-separated columns of column
// ("email,website"), each found as Find finds it.
func (h Header) FindAll(column string) ([]int, error) {
	var cols []int
	for _, name := range ColumnNames(column) {
		i, err := h.Find(name)
		if err != nil {
			return nil, err
		}
		cols = append(cols, i)
	}
	return cols, nil
}
