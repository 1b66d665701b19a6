// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package records holds the records the command-line tool and the Beam
// pipeline write besides the library's parse and clean records: a failure
// (the tool's rejects, Beam's dead letters), a dedupe group and a SURT
// key. internal/record encodes them; internal/table only reads.
package records

import (
	"encoding/binary"
	"iter"
	"slices"
	"strconv"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/table"
	"github.com/onecontact/webaddress/surt"
)

// The steps of a [Failure].
const (
	StepRead  = "read"  // the record was malformed (a *table.Fault)
	StepParse = "parse" // webaddress.Parse failed
	StepKey   = "key"   // webaddress.Parse failed, so there is no key
	StepClean = "clean" // clean.Clean (package webaddress/clean) failed
	StepSURT  = "surt"  // surt.Key failed
)

// A Failure is a value or a record a step could not use, and why: a
// rejected record of the tool, a dead letter of Beam.
type Failure struct {
	Input     string // the value, or the text of the line of a malformed record
	Step      string // StepRead, StepParse, StepKey, StepClean or StepSURT
	ErrorCode string // such as "record.bare-quote", "web.invalid-utf8", "clean.unsupported-scheme" or "surt.invalid-port"
	Error     string // the message, naming the code and what was wrong where
	File      string // the file it was read from, or "" (standard input, values not read from a file)
	Line      int64  // the line it starts on, from 1; 0 when not known
}

// NewFailure returns the failure of input at step with err, whose code is
// that of a webaddress error or of a surt one.
func NewFailure(input, step string, err error) Failure {
	return Failure{Input: input, Step: step, ErrorCode: errorCode(err), Error: err.Error()}
}

// errorCode returns the code of err: a webaddress.Code or a surt.Code; ""
// when it has none.
func errorCode(err error) string {
	if c, ok := record.ErrorCode[webaddress.Code](err); ok {
		return string(c)
	}
	c, _ := record.ErrorCode[surt.Code](err)
	return string(c)
}

// FaultFailure returns the failure of a malformed record read from file.
func FaultFailure(f *table.Fault, file string) Failure {
	return Failure{Input: f.Raw, Step: StepRead, ErrorCode: string(f.Code()), Error: f.Error(), File: file, Line: int64(f.Line)}
}

// FailureColumns are the record of a Failure: input, step, error_code,
// error, file (null when "") and line (null when 0).
var FailureColumns = []record.Column[Failure]{
	record.Str("input", func(f *Failure) (string, bool) { return f.Input, true }),
	record.Str("step", func(f *Failure) (string, bool) { return f.Step, true }),
	record.Str("error_code", func(f *Failure) (string, bool) { return f.ErrorCode, true }),
	record.Str("error", func(f *Failure) (string, bool) { return f.Error, true }),
	record.Str("file", func(f *Failure) (string, bool) { return f.File, f.File != "" }),
	record.Int("line", func(f *Failure) (int64, bool) { return f.Line, f.Line > 0 }),
}

// A Group is the inputs with one comparison key: the key, how many, a
// representative, and the rows they were read from. A value that failed is
// a group of its own, with no key and its error.
type Group struct {
	Key   string // the comparison key (KeyV3 unless asked otherwise) or SURT key; "" when the value failed
	Count int64  // the number of inputs with the key
	// First is the representative: the first input read (the tool), or
	// the smallest in byte order (Beam, where a collection has no order).
	First     string
	Rows      Rows   // the row numbers of the inputs, when kept (the tool)
	ErrorCode string // the code of a value that failed
	Error     string // its message
	// Via is the columns its rows' keys came from, of several tried in
	// order (the tool's --column email,website), separated by commas in
	// the order first seen; "" with one column.
	Via string
}

// GroupVia is the column via of a Group: the columns its rows' keys came
// from, null when none (one column, or a value that is a group of its
// own).
var GroupVia = record.Str("via", func(g *Group) (string, bool) { return g.Via, g.Via != "" })

// Rows is a list of increasing row numbers, each kept as the uvarint of
// its difference from the one before: two or three bytes a row.
type Rows []byte

// Add returns rows with n, which is larger than the last row, added.
func (rows Rows) Add(n, last int64) Rows { return binary.AppendUvarint(rows, uint64(n-last)) }

// All returns the row numbers.
func (rows Rows) All() []int64 { return slices.Collect(rows.Numbers()) }

// Numbers returns the row numbers in order, without a slice of them.
func (rows Rows) Numbers() iter.Seq[int64] {
	return func(yield func(int64) bool) {
		n := int64(0)
		for len(rows) > 0 {
			d, k := binary.Uvarint(rows)
			if k <= 0 {
				return
			}
			rows = rows[k:]
			n += int64(d)
			if !yield(n) {
				return
			}
		}
	}
}

// GroupColumns are the record of a Group: key (null for a value that
// failed), count, first, rows (an array of numbers; in CSV separated by
// spaces; null when not kept), error_code and error.
var GroupColumns = []record.Column[Group]{
	record.Str("key", func(g *Group) (string, bool) { return g.Key, g.ErrorCode == "" }),
	record.Int("count", func(g *Group) (int64, bool) { return g.Count, true }),
	record.Str("first", func(g *Group) (string, bool) { return g.First, true }),
	record.Custom("rows", record.Array,
		func(b []byte, g *Group) ([]byte, bool) { return appendRows(b, g.Rows, ','), g.Rows != nil },
		func(b []byte, g *Group) ([]byte, bool) { return appendRows(b, g.Rows, ' '), g.Rows != nil }),
	record.Str("error_code", func(g *Group) (string, bool) { return g.ErrorCode, g.ErrorCode != "" }),
	record.Str("error", func(g *Group) (string, bool) { return g.Error, g.ErrorCode != "" }),
}

// appendRows appends the row numbers separated by sep, in brackets when
// sep is ','.
func appendRows(b []byte, rows Rows, sep byte) []byte {
	if sep == ',' {
		b = append(b, '[')
	}
	first := true
	for n := range rows.Numbers() {
		if !first {
			b = append(b, sep)
		}
		first = false
		b = strconv.AppendInt(b, n, 10)
	}
	if sep == ',' {
		b = append(b, ']')
	}
	return b
}

// A SURTKey is a URL and its SURT key (surt.Key), or the error of surt.Key.
type SURTKey = record.Outcome[string]

// NewSURTKey returns the SURT key of url.
func NewSURTKey(url string) SURTKey {
	k, err := surt.Key(url)
	return SURTKey{Input: url, Value: k, Err: err}
}

// SURTColumns are the record of a SURTKey: input, surt (null when surt.Key
// failed), error_code (such as "surt.invalid-port") and error.
var SURTColumns = append([]record.Column[SURTKey]{
	record.Str("input", func(k *SURTKey) (string, bool) { return k.Input, true }),
	record.Str("surt", func(k *SURTKey) (string, bool) { return k.Value, k.Err == nil }),
}, record.ErrorColumns[SURTKey, surt.Code](func(k *SURTKey) error { return k.Err })...)
