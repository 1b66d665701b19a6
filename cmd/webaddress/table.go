// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file reads rows (lines, or CSV/TSV with a header) and writes them
// (jsonl, csv, tsv or text).

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// A record is one input row.
type record struct {
	n     int      // the row number: the line, or the data row of a CSV/TSV after its header
	value string   // the address
	row   []string // the CSV/TSV row as read; nil for lines
}

// A source yields records, then io.EOF.
type source interface {
	next() (record, error)
}

// argSource yields the command-line arguments.
type argSource struct {
	args []string
	n    int
}

func (s *argSource) next() (record, error) {
	if s.n == len(s.args) {
		return record{}, io.EOF
	}
	s.n++
	return record{n: s.n, value: s.args[s.n-1]}, nil
}

// lineSource yields each line, without its "\n" or "\r\n"; an empty line
// is an empty value.
type lineSource struct {
	r *bufio.Reader
	n int
}

func (s *lineSource) next() (record, error) {
	line, err := s.r.ReadString('\n')
	if err != nil && (err != io.EOF || line == "") {
		return record{}, err
	}
	s.n++
	line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
	return record{n: s.n, value: line}, nil
}

// csvSource yields the rows of a CSV or TSV after its header; value is the
// cell of the chosen column ("" when a row is too short).
type csvSource struct {
	r      *csv.Reader
	column int
	n      int
}

func (s *csvSource) next() (record, error) {
	row, err := s.r.Read()
	if err != nil {
		return record{}, err
	}
	s.n++
	r := record{n: s.n, row: row}
	if s.column < len(row) {
		r.value = row[s.column]
	}
	return r, nil
}

// newCSVSource reads the header of r and finds the column called name in
// it (exactly, else ignoring case). It returns the header too.
func newCSVSource(r io.Reader, comma rune, name string) (*csvSource, []string, error) {
	cr := csv.NewReader(r)
	cr.Comma = comma
	cr.FieldsPerRecord = -1 // rows may differ in length
	cr.LazyQuotes = true    // a stray quote is data, as spreadsheets write it
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, nil, errors.New("the input is empty: it has no header row")
	}
	if err != nil {
		return nil, nil, err
	}
	column := -1
	for i, h := range header {
		if h == name {
			column = i
			break
		}
		if column < 0 && strings.EqualFold(h, name) {
			column = i
		}
	}
	if column < 0 {
		return nil, nil, fmt.Errorf("no column %q in the header row (%s)", name, strings.Join(header, ", "))
	}
	return &csvSource{r: cr, column: column}, header, nil
}

// skipBOM returns r without a leading UTF-8 byte order mark.
func skipBOM(r *bufio.Reader) *bufio.Reader {
	if b, err := r.Peek(3); err == nil && string(b) == "\uFEFF" {
		r.Discard(3)
	}
	return r
}

// A tableWriter writes rows of values; the first row is the header, which
// the text format leaves out.
type tableWriter interface {
	write(vals []string) error
	flush() error
}

// newTableWriter returns a writer of format ("jsonl", "csv", "tsv" or
// "text") on w, for rows whose header is names.
func newTableWriter(format string, w io.Writer, names []string) (tableWriter, error) {
	switch format {
	case "csv", "tsv":
		cw := csv.NewWriter(w)
		if format == "tsv" {
			cw.Comma = '\t'
		}
		return &csvWriter{w: cw}, nil
	case "jsonl":
		return &jsonlWriter{w: bufio.NewWriter(w), names: names}, nil
	case "text":
		return &textWriter{w: bufio.NewWriter(w)}, nil
	}
	return nil, fmt.Errorf("unknown format %q: want jsonl, csv, tsv or text", format)
}

type csvWriter struct{ w *csv.Writer }

func (c *csvWriter) write(vals []string) error { return c.w.Write(vals) }
func (c *csvWriter) flush() error              { c.w.Flush(); return c.w.Error() }

// jsonlWriter writes each row as a JSON object of strings, keyed by the
// header's names in order.
type jsonlWriter struct {
	w      *bufio.Writer
	names  []string
	header bool // the header was seen
	buf    []byte
}

func (j *jsonlWriter) write(vals []string) error {
	if !j.header {
		j.header = true
		return nil
	}
	b := append(j.buf[:0], '{')
	for i, v := range vals {
		if i > 0 {
			b = append(b, ',')
		}
		name := fmt.Sprint("column", i+1)
		if i < len(j.names) {
			name = j.names[i]
		}
		b = appendJSONString(b, name)
		b = append(b, ':')
		b = appendJSONString(b, v)
	}
	b = append(b, '}', '\n')
	j.buf = b
	_, err := j.w.Write(b)
	return err
}

func (j *jsonlWriter) flush() error { return j.w.Flush() }

// appendJSONString appends s as a JSON string; invalid UTF-8 becomes
// U+FFFD. Unlike encoding/json it leaves <, > and & as they are.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, `\ufffd`...)
			} else {
				b = append(b, s[i:i+size]...)
			}
			i += size
			continue
		}
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, `\n`...)
		case c == '\r':
			b = append(b, `\r`...)
		case c == '\t':
			b = append(b, `\t`...)
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
		i++
	}
	return append(b, '"')
}

// textWriter writes the values of a row separated by tabs, with tabs and
// line breaks in them made spaces, and no header.
type textWriter struct {
	w      *bufio.Writer
	header bool
}

var textReplacer = strings.NewReplacer("\t", " ", "\n", " ", "\r", " ")

func (t *textWriter) write(vals []string) error {
	if !t.header {
		t.header = true
		return nil
	}
	for i, v := range vals {
		if i > 0 {
			t.w.WriteByte('\t')
		}
		textReplacer.WriteString(t.w, v)
	}
	return t.w.WriteByte('\n')
}

func (t *textWriter) flush() error { return t.w.Flush() }
