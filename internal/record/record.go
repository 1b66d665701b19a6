// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package record defines how the webaddress library, its command-line tool
// and its Beam pipeline write a record: a list of named, typed columns over
// a Go value, written as one JSON object or as one row of cells (CSV, TSV,
// text). There is one definition of each record (package webaddress's
// record.go holds the parse and clean records, internal/table the others)
// and one encoding, so that Address.MarshalJSON, a line of "webaddress
// parse" and a line the Beam pipeline writes are the same bytes.
//
// The rules, for every record:
//
//   - A column has a JSON type: string, number, boolean, array (of strings,
//     or of objects) or object. An absent value (an input that failed has no
//     canonical form; R's NA) is null in JSON and the empty cell in CSV.
//   - An array of strings is one cell in CSV, its items joined by the
//     column's separator ("a|b" for facts).
//   - JSON strings escape '"', '\\', control characters, U+2028 and U+2029,
//     and leave '<', '>' and '&' as they are. A byte that is not UTF-8
//     cannot be carried by JSON: it is written as U+FFFD, and the object
//     then ends with the member "invalid_utf8", the names of the members so
//     changed. CSV cells keep every byte.
//
// This package imports the standard library only: package webaddress
// imports it.
package record

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"
)

// Type is the JSON type of a column's values.
type Type uint8

// The JSON types of columns.
const (
	String  Type = iota // a JSON string; the cell is the text
	Number              // a JSON number (an integer); the cell in decimal
	Boolean             // true or false; the cell "true" or "false"
	Array               // a JSON array; the cell is the items joined by a separator
	Object              // a JSON object; the cell is a text form of it
)

var typeNames = [...]string{"string", "number", "boolean", "array", "object"}

// String returns the JSON name of the type: "string", "number", ...
func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "Type(" + strconv.Itoa(int(t)) + ")"
}

// InvalidUTF8 is the name of the member a JSON object ends with when some
// of its strings had bytes that are not UTF-8: an array of the names of
// those members, whose values show U+FFFD in their place.
const InvalidUTF8 = "invalid_utf8"

// A Column is one column of a record of T: its name, its JSON type, and how
// its value is written in JSON and as a cell.
type Column[T any] struct {
	Name string
	Type Type

	// json appends the JSON value (null when absent) and reports whether
	// every byte of its strings was UTF-8.
	json func(b []byte, v *T) ([]byte, bool)
	// text appends the cell (nothing when absent).
	text func(b []byte, v *T) []byte
	// str returns the cell of a string column (Str) and whether it is
	// present, to write it without a copy; nil for other columns.
	str func(v *T) (string, bool)
}

// AppendJSON appends the column's value for v as JSON, null when absent. It
// reports whether the value's strings were all UTF-8 (else U+FFFD stands
// for the bytes that were not).
func (c Column[T]) AppendJSON(b []byte, v *T) ([]byte, bool) { return c.json(b, v) }

// AppendText appends the column's value for v as a cell: the text itself,
// unquoted; nothing when absent.
func (c Column[T]) AppendText(b []byte, v *T) []byte { return c.text(b, v) }

// Str returns a string column: get returns the value and whether it is
// present.
func Str[T any](name string, get func(*T) (string, bool)) Column[T] {
	return Column[T]{
		Name: name,
		Type: String,
		str:  get,
		json: func(b []byte, v *T) ([]byte, bool) {
			s, ok := get(v)
			if !ok {
				return append(b, "null"...), true
			}
			return AppendString(b, s)
		},
		text: func(b []byte, v *T) []byte {
			if s, ok := get(v); ok {
				b = append(b, s...)
			}
			return b
		},
	}
}

// Int returns a number column of integers.
func Int[T any](name string, get func(*T) (int64, bool)) Column[T] {
	return Column[T]{
		Name: name,
		Type: Number,
		json: func(b []byte, v *T) ([]byte, bool) {
			n, ok := get(v)
			if !ok {
				return append(b, "null"...), true
			}
			return strconv.AppendInt(b, n, 10), true
		},
		text: func(b []byte, v *T) []byte {
			if n, ok := get(v); ok {
				b = strconv.AppendInt(b, n, 10)
			}
			return b
		},
	}
}

// Bool returns a boolean column.
func Bool[T any](name string, get func(*T) (bool, bool)) Column[T] {
	return Column[T]{
		Name: name,
		Type: Boolean,
		json: func(b []byte, v *T) ([]byte, bool) {
			x, ok := get(v)
			if !ok {
				return append(b, "null"...), true
			}
			return strconv.AppendBool(b, x), true
		},
		text: func(b []byte, v *T) []byte {
			if x, ok := get(v); ok {
				b = strconv.AppendBool(b, x)
			}
			return b
		},
	}
}

// List returns an array-of-strings column, whose cell is the items joined
// by sep. An empty list is [] in JSON; an absent one, null.
func List[T any](name, sep string, get func(*T) ([]string, bool)) Column[T] {
	return Column[T]{
		Name: name,
		Type: Array,
		json: func(b []byte, v *T) ([]byte, bool) {
			items, ok := get(v)
			if !ok {
				return append(b, "null"...), true
			}
			lossless := true
			b = append(b, '[')
			for i, s := range items {
				if i > 0 {
					b = append(b, ',')
				}
				var ok bool
				b, ok = AppendString(b, s)
				lossless = lossless && ok
			}
			return append(b, ']'), lossless
		},
		text: func(b []byte, v *T) []byte {
			items, ok := get(v)
			if !ok {
				return b
			}
			for i, s := range items {
				if i > 0 {
					b = append(b, sep...)
				}
				b = append(b, s...)
			}
			return b
		},
	}
}

// Custom returns a column of type typ written by json and text, which
// append the value (json a valid JSON value, whose strings must be written
// with [AppendString]) and report whether it is present; when it is not,
// the column writes null and the empty cell, and what they appended is
// dropped.
func Custom[T any](name string, typ Type, json, text func(b []byte, v *T) ([]byte, bool)) Column[T] {
	return Column[T]{
		Name: name,
		Type: typ,
		json: func(b []byte, v *T) ([]byte, bool) {
			n := len(b)
			out, ok := json(b, v)
			if !ok {
				return append(out[:n], "null"...), true
			}
			return out, true
		},
		text: func(b []byte, v *T) []byte {
			n := len(b)
			out, ok := text(b, v)
			if !ok {
				return out[:n]
			}
			return out
		},
	}
}

// Lift returns the columns cols of U as columns of T, whose U get returns:
// a record that holds another (a messy cell holding the address parsed
// from it) reuses that record's columns.
func Lift[T, U any](cols []Column[U], get func(*T) *U) []Column[T] {
	out := make([]Column[T], len(cols))
	for i, c := range cols {
		out[i] = Column[T]{
			Name: c.Name,
			Type: c.Type,
			json: func(b []byte, v *T) ([]byte, bool) { return c.json(b, get(v)) },
			text: func(b []byte, v *T) []byte { return c.text(b, get(v)) },
		}
		if c.str != nil {
			out[i].str = func(v *T) (string, bool) { return c.str(get(v)) }
		}
	}
	return out
}

// Names returns the names of cols.
func Names[T any](cols []Column[T]) []string {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.Name
	}
	return names
}

// Index returns the index of the column called name in cols, or -1.
func Index[T any](cols []Column[T], name string) int {
	return slices.IndexFunc(cols, func(c Column[T]) bool { return c.Name == name })
}

// An Outcome is what a step made of one input: its value, or the error
// that stopped it.
type Outcome[V any] struct {
	Input string
	Value V     // the zero V when Err is not nil
	Err   error // nil when the step worked
	// Line is the line of the input the value was read from, from 1 (the
	// argument's number for a value given as an argument); 0 when not
	// known.
	Line int

	// Memo is the record's: what its columns work out from Value once
	// for the row and share (package webaddress keeps an address's
	// levels there, for its six columns of them), and what they need to
	// know to work it out (a *webaddress.Keyer, put there by whoever
	// made the Outcome). It goes with Value: an Outcome whose Value
	// changes needs a new Memo.
	Memo any

	// Via is the name of the column Input was read from, when a row's
	// columns were tried in order (the tool's --column email,website);
	// "" otherwise.
	Via string
}

// ErrorCode returns the code of err, the result of the Code method of the
// first error in its chain that has one (package webaddress's errors
// have), and whether there is one: ErrorCode[webaddress.Code](err).
func ErrorCode[C ~string](err error) (C, bool) {
	var c interface{ Code() C }
	if err != nil && errors.As(err, &c) {
		return c.Code(), true
	}
	return "", false
}

// ErrorColumns returns the columns error_code and error of a record of T
// whose error errOf returns, null when it is nil. C is the type of the
// codes (webaddress.Code).
func ErrorColumns[T any, C ~string](errOf func(*T) error) []Column[T] {
	return []Column[T]{
		Str("error_code", func(v *T) (string, bool) {
			err := errOf(v)
			if err == nil {
				return "", false
			}
			c, _ := ErrorCode[C](err)
			return string(c), true
		}),
		Str("error", func(v *T) (string, bool) {
			if err := errOf(v); err != nil {
				return err.Error(), true
			}
			return "", false
		}),
	}
}

// The records that package webaddress and package clean define, for the
// command-line tool and Beam, which cannot see their unexported names, are
// found by the type of their rows, and, for a type of rows with several
// records (the parse record by key version), by a typed key: no name to
// misspell, and no record of rows of another type. The package that
// defines the rows' type defines their records in its init, so a record
// is there whenever its rows' type can be named; its columns are made on
// first use, so that a program that never asks for them never makes them.
var registry sync.Map // recordKey → func() []Column[T]

// A recordKey is a record's place in the registry: the type of its rows,
// and its key (nil for the record of Define).
type recordKey struct {
	rows reflect.Type
	key  any
}

// Define records the columns cols returns as the record of rows of T, for
// [Of]; cols is called once, on the record's first use. It panics when T
// has one, a mistake in the program found at its start.
func Define[T any](cols func() []Column[T]) { define(recordKey{reflect.TypeFor[T](), nil}, cols) }

// DefineBy records the columns cols returns as the record of rows of T for
// key, for [OfBy]; cols is called once, on the record's first use. It
// panics when T has one for key.
func DefineBy[T any, K comparable](key K, cols func() []Column[T]) {
	define(recordKey{reflect.TypeFor[T](), key}, cols)
}

func define[T any](k recordKey, cols func() []Column[T]) {
	once := sync.OnceValue(func() []Column[T] { return slices.Clip(cols()) })
	if _, dup := registry.LoadOrStore(k, once); dup {
		panic(fmt.Sprintf("record: the record of %v (key %v) is defined twice", k.rows, k.key))
	}
}

// Of returns the columns of the record of rows of T, which T's package
// defines with [Define].
func Of[T any]() []Column[T] { return lookup[T](recordKey{reflect.TypeFor[T](), nil}) }

// OfBy returns the columns of the record of rows of T for key, which T's
// package defines with [DefineBy].
func OfBy[T any, K comparable](key K) []Column[T] {
	return lookup[T](recordKey{reflect.TypeFor[T](), key})
}

// lookup returns a clone of the columns at k. It panics when there are
// none: T's package left a record it promises undefined, which its tests
// show (every key version has its parse record).
func lookup[T any](k recordKey) []Column[T] {
	v, ok := registry.Load(k)
	if !ok {
		panic(fmt.Sprintf("record: no record of %v for key %v", k.rows, k.key))
	}
	return slices.Clone(v.(func() []Column[T])())
}

// AppendString appends s as a JSON string and reports whether s was valid
// UTF-8: each byte that is not is written as U+FFFD. It escapes '"', '\\',
// the control characters, U+2028 and U+2029 (which JavaScript reads as
// line ends), and leaves '<', '>' and '&' as they are.
func AppendString(b []byte, s string) ([]byte, bool) {
	const hex = "0123456789abcdef"
	valid := true
	b = append(b, '"')
	start := 0 // the start of the run of bytes to copy as they are
	for i := 0; i < len(s); {
		if i == start {
			// At the start and after each escape, the plain ASCII that
			// follows (most of an address) is passed over a word at a
			// time.
			if i += plainBytes(s[i:]); i == len(s) {
				break
			}
		}
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			valid = false
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&15])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"'), valid
}

// plainBytes returns the length of the run of whole 8-byte words that s
// begins with and that AppendString copies as they are: ASCII, and
// neither a control character, '"' nor '\\'. It reads a word at a time,
// and leaves the bytes after the run to AppendString's loop.
func plainBytes(s string) int {
	const (
		ones  = 0x0101010101010101
		highs = 0x8080808080808080
	)
	i := 0
	for ; i+8 <= len(s); i += 8 {
		b := s[i : i+8] // one load, without a check of each byte's index
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		// A byte's high bit is set in each term when that byte is: not
		// ASCII (w), below 0x20, '"' or '\\' (a zero byte after the xor).
		// A term may mark a byte above one it marks rightly, never a word
		// that has no such byte.
		quote, backslash := w^(ones*'"'), w^(ones*'\\')
		if (w|(w-ones*0x20)|(quote-ones)&^quote|(backslash-ones)&^backslash)&highs != 0 {
			break
		}
	}
	return i
}
