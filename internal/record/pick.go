// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package record

import "strconv"

// Pick returns the columns of cols called names, in that order, or an error
// naming the first that is not there.
func Pick[T any](cols []Column[T], names ...string) ([]Column[T], error) {
	out := make([]Column[T], len(names))
	for i, n := range names {
		j := Index(cols, n)
		if j < 0 {
			return nil, &UnknownColumnError{Name: n, Columns: Names(cols)}
		}
		out[i] = cols[j]
	}
	return out, nil
}

// MustPick is Pick for names known to be there.
func MustPick[T any](cols []Column[T], names ...string) []Column[T] {
	out, err := Pick(cols, names...)
	if err != nil {
		panic(err)
	}
	return out
}

// An UnknownColumnError is a column name that is not one of a record's.
type UnknownColumnError struct {
	Name    string
	Columns []string
}

func (e *UnknownColumnError) Error() string {
	s := "no column " + strconv.Quote(e.Name) + ": want some of "
	for i, c := range e.Columns {
		if i > 0 {
			s += ","
		}
		s += c
	}
	return s
}
