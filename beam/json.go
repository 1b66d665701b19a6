// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddressbeam

import (
	"compress/gzip"
	"io"
	"strconv"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/records"
)

// This file writes the elements as JSON lines, the records of the
// command-line tool: one definition of each (package webaddress's
// record.go, internal/table), one encoding (internal/record).

var (
	failureLayout = record.NewLayout(records.FailureColumns...)
	groupLayout   = record.NewLayout(record.MustPick(records.GroupColumns, "key", "count", "first")...)
	// groupViaLayout is groupLayout with the column via.
	groupViaLayout = record.NewLayout(append(record.MustPick(records.GroupColumns, "key", "count", "first"), records.GroupVia)...)
	surtLayout     = record.NewLayout(records.SURTColumns...)
	// addressLayouts are the parse records by key version.
	addressLayouts = map[webaddress.KeyVersion]*record.Layout[record.Outcome[webaddress.Address]]{
		webaddress.KeyV1: record.NewLayout(record.OfBy[record.Outcome[webaddress.Address]](webaddress.KeyV1)...),
		webaddress.KeyV2: record.NewLayout(record.OfBy[record.Outcome[webaddress.Address]](webaddress.KeyV2)...),
		webaddress.KeyV3: record.NewLayout(record.OfBy[record.Outcome[webaddress.Address]](webaddress.KeyV3)...),
	}
)

// AddressJSON returns the JSON record of a, Address.MarshalJSON (with its
// KeyV3 page key): the line "webaddress parse" writes for its input.
func AddressJSON(a webaddress.Address) string {
	b, _ := a.MarshalJSON()
	return string(b)
}

// AddressJSONKey returns the JSON record of a with its key of version v:
// the line "webaddress parse --key-version N" writes for its input. For a
// version the library does not know it is AddressJSON's.
func AddressJSONKey(a webaddress.Address, v webaddress.KeyVersion) string {
	l := addressLayouts[v]
	if l == nil {
		return AddressJSON(a)
	}
	b, _ := l.AppendJSON(nil, nil, &record.Outcome[webaddress.Address]{Input: a.Cell(), Value: a})
	return string(b)
}

// SURTJSON returns the JSON record of a URL and its SURT key, as SURT
// gives them: input, surt, and error_code and error (null), the line
// "webaddress surt --format jsonl" writes for the URL.
func SURTJSON(key, input string) string {
	b, _ := surtLayout.AppendJSON(nil, nil, &records.SURTKey{Input: input, Value: key})
	return string(b)
}

// CleanedJSON returns the JSON record of c, Cleaned.MarshalJSON: the line
// "webaddress clean" writes for its input, with the same options.
func CleanedJSON(c Cleaned) string {
	b, _ := c.MarshalJSON()
	return string(b)
}

// FailureJSON returns the JSON record of f: input, step, error_code,
// error, file (null when not known) and line (null when not known), the
// line "webaddress --rejects FILE" writes for a rejected record.
func FailureJSON(f Failure) string {
	b, _ := failureLayout.AppendJSON(nil, nil, (*records.Failure)(&f))
	return string(b)
}

// GroupJSON returns the JSON record of g: key, count and first, the line
// "webaddress dedupe --fields key,count,first" writes for a group.
func GroupJSON(g Group) string {
	b, _ := groupLayout.AppendJSON(nil, nil, &records.Group{Key: g.Key, Count: g.Count, First: g.First})
	return string(b)
}

// GroupJSONColumns returns the JSON record of g, a group of Dedupe of
// Values of several Cells: key, count, first and via, the line "webaddress
// dedupe --column COLUMNS --fields key,count,first,via" writes for a
// group. via is the names among columns (the names of ReadOptions.Column)
// of the columns in g.Via, separated by commas (their numbers from 1
// beyond columns); null when g.Via is empty. The tool names them in the
// order its rows come; a PCollection has no order, so here they are in
// column order.
func GroupJSONColumns(g Group, columns []string) string {
	r := records.Group{Key: g.Key, Count: g.Count, First: g.First}
	for i, p := range g.Via {
		if i > 0 {
			r.Via += ","
		}
		r.Via += columnName(columns, p)
	}
	b, _ := groupViaLayout.AppendJSON(nil, nil, &r)
	return string(b)
}

// columnName returns the name among columns of the column at place p, or
// its number from 1 beyond them.
func columnName(columns []string, p int) string {
	if p < len(columns) {
		return columns[p]
	}
	return strconv.Itoa(p + 1)
}

// gzipReader returns the decompressed text of r.
func gzipReader(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }
