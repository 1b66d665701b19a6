// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file lays out the output columns (--fields, the input's columns,
// the command's) and writes rows: jsonl, csv, tsv, or text aligned under
// a header.

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/onecontact/webaddress/internal/record"
)

// outputFormat returns the format to write: --format, else text on a
// terminal (or when text is the command's choice) and jsonl otherwise.
func (cfg *config) outputFormat(text bool) string {
	if cfg.Format != "" {
		return cfg.Format
	}
	if f, ok := cfg.stdout.(*os.File); text || ok && term.IsTerminal(int(f.Fd())) {
		return "text"
	}
	return "jsonl"
}

// layout returns the output columns: the input's header columns (if any),
// then the command's columns (defaults, when --fields is not set and
// defaults is not nil). A command's column named as an input column is
// called "webaddress_" and its name. With --fields, the named columns
// only, in that order, when it names an input column; else the input's
// columns and the named columns of the command.
func layout[T any](fields string, header []string, cols []record.Column[T], defaults []string) (*record.Layout[T], error) {
	outName := func(c record.Column[T]) string {
		if slices.Contains(header, c.Name) {
			return "webaddress_" + c.Name
		}
		return c.Name
	}
	l := new(record.Layout[T])
	if fields == "" {
		for i, h := range header {
			l.Pass(h, i)
		}
		for _, c := range cols {
			if defaults == nil || slices.Contains(defaults, c.Name) {
				l.Column(outName(c), c)
			}
		}
		return l, nil
	}
	names := strings.Split(fields, ",")
	for i := range names {
		names[i] = strings.TrimSpace(names[i])
	}
	exact := slices.ContainsFunc(names, func(n string) bool { return slices.Contains(header, n) })
	if !exact {
		for i, h := range header {
			l.Pass(h, i)
		}
	}
	for i, n := range names {
		if slices.Contains(names[:i], n) {
			return nil, fmt.Errorf("--fields names %q twice", n)
		}
		if j := slices.Index(header, n); j >= 0 {
			l.Pass(n, j)
			continue
		}
		j := slices.IndexFunc(cols, func(c record.Column[T]) bool { return outName(c) == n || c.Name == n && !exact })
		if j < 0 {
			msg := fmt.Sprintf("no column %q: want some of %s", n, strings.Join(record.Names(cols), ","))
			if header != nil {
				msg += " (named webaddress_NAME when the input has a column NAME), or of the input's: " + strings.Join(header, ",")
			}
			return nil, fmt.Errorf("%s", msg)
		}
		l.Column(outName(cols[j]), cols[j])
	}
	return l, nil
}

// encoder returns the function that appends a row in format, which the
// workers run: it reports whether JSON could carry every byte. crlf ends
// the rows of CSV and TSV with CRLF.
func encoder[T any](format string, delim byte, l *record.Layout[T], crlf bool) func(b []byte, fields []string, v *T) ([]byte, bool) {
	switch format {
	case "jsonl":
		return func(b []byte, fields []string, v *T) ([]byte, bool) {
			b, ok := l.AppendJSON(b, fields, v)
			return append(b, '\n'), ok
		}
	case "csv", "tsv":
		if format == "tsv" {
			delim = '\t'
		}
		return func(b []byte, fields []string, v *T) ([]byte, bool) {
			b = l.AppendDelimited(b, delim, fields, v)
			if crlf {
				b = toCRLF(b)
			}
			return b, true
		}
	}
	return func(b []byte, fields []string, v *T) ([]byte, bool) {
		return l.AppendTextRow(b, fields, v), true
	}
}

// A hugeRow is a row of a huge value, which is written a cell at a time
// (by a streamer) where it stands among the rows of its batch, at byte at.
type hugeRow[T any] struct {
	at     int
	fields []string
	v      T
}

// streamer returns the function that writes a huge row to w a cell at a
// time, for csv and tsv, or nil.
func streamer[T any](format string, delim byte, l *record.Layout[T], crlf bool) func(w record.Writer, fields []string, v *T) error {
	switch format {
	case "csv", "tsv":
		if format == "tsv" {
			delim = '\t'
		}
		return func(w record.Writer, fields []string, v *T) error {
			_, err := l.WriteDelimited(w, nil, delim, fields, v, crlf)
			return err
		}
	}
	return nil
}

// writeHuge writes rows, with the huge rows written by stream where they
// stand among them.
func writeHuge[T any](o *output, rows []byte, huge []hugeRow[T], stream func(record.Writer, []string, *T) error) error {
	at := 0
	for i := range huge {
		h := &huge[i]
		if err := o.write(rows[at:h.at]); err != nil {
			return err
		}
		at = h.at
		if err := stream(o.w, h.fields, &h.v); err != nil {
			return err
		}
		huge[i] = hugeRow[T]{} // written: let it go
	}
	return o.write(rows[at:])
}

// isHuge reports whether a record of fields is huge: their bytes are
// hugeRecord or more. Its row, in CSV or TSV, is written by a streamer a
// cell at a time, never whole (as is a dedupe group's row of a huge first
// input).
func isHuge(fields []string) bool {
	size := 0
	for _, f := range fields {
		size += len(f)
	}
	return size >= hugeRecord
}

// toCRLF ends the row at the end of b, which ends in "\n", with "\r\n".
func toCRLF(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = append(b[:n-1], '\r', '\n')
	}
	return b
}

// output writes the rows that workers encoded, after a header.
type output struct {
	w     *bufio.Writer
	align *aligner // the text format, with more than one column
}

// newOutput writes the header of the columns names in format: csv and tsv
// have one (after a byte order mark and ending in CRLF, as d says), text
// one when it has more than one column, jsonl none.
func newOutput(format string, delim byte, w io.Writer, names []string, d dialect) (*output, error) {
	o := &output{w: bufio.NewWriterSize(w, 64<<10)}
	var err error
	switch format {
	case "csv", "tsv":
		if format == "tsv" {
			delim = '\t'
		}
		var b []byte
		if d.bom {
			b = append(b, "\uFEFF"...)
		}
		b = record.AppendLine(b, delim, names)
		if d.crlf {
			b = toCRLF(b)
		}
		_, err = o.w.Write(b)
	case "text":
		if len(names) > 1 {
			o.align = &aligner{w: o.w}
			err = o.align.write([]byte(strings.Join(names, "\t") + "\n"))
		}
	}
	return o, err
}

// write writes rows, whole lines.
func (o *output) write(rows []byte) error {
	if o.align != nil {
		return o.align.write(rows)
	}
	_, err := o.w.Write(rows)
	return err
}

// flush writes what is held.
func (o *output) flush() error {
	if o.align != nil {
		if err := o.align.flush(); err != nil {
			return err
		}
	}
	return o.w.Flush()
}

// alignRows is how many rows, the header included, the text format reads
// before it sets the widths of its columns.
const alignRows = 1000

// aligner writes tab-separated rows as columns aligned by their number of
// characters, two spaces apart, without trailing spaces. The widths are
// those of the header and the first 999 rows; a wider value later pushes
// the rest of its row to the right. So the text format streams, holding
// 1,000 rows at most.
type aligner struct {
	w      *bufio.Writer
	held   [][]byte // the rows before the widths are set
	widths []int    // nil until set
	line   []byte
}

func (a *aligner) write(rows []byte) error {
	for len(rows) > 0 {
		i := bytes.IndexByte(rows, '\n')
		row := rows[:i]
		rows = rows[i+1:]
		if a.widths == nil {
			a.held = append(a.held, bytes.Clone(row))
			if len(a.held) == alignRows {
				if err := a.flush(); err != nil {
					return err
				}
			}
			continue
		}
		if err := a.writeRow(row); err != nil {
			return err
		}
	}
	return nil
}

// flush sets the widths, if not set, and writes the rows held.
func (a *aligner) flush() error {
	if a.widths == nil {
		a.widths = []int{}
		for _, row := range a.held {
			for i, cell := range bytes.Split(row, []byte{'\t'}) {
				if i == len(a.widths) {
					a.widths = append(a.widths, 0)
				}
				a.widths[i] = max(a.widths[i], utf8.RuneCount(cell))
			}
		}
	}
	for _, row := range a.held {
		if err := a.writeRow(row); err != nil {
			return err
		}
	}
	a.held = nil
	return nil
}

func (a *aligner) writeRow(row []byte) error {
	line := a.line[:0]
	cells := bytes.Split(row, []byte{'\t'})
	pad := 0
	for i, cell := range cells {
		if i > 0 {
			pad += 2
		}
		if len(cell) > 0 {
			for range pad {
				line = append(line, ' ')
			}
			pad = 0
			line = append(line, cell...)
		}
		if i < len(a.widths) {
			pad += a.widths[i] - utf8.RuneCount(cell)
		}
		pad = max(pad, 0)
	}
	a.line = append(line, '\n')
	_, err := a.w.Write(a.line)
	return err
}
