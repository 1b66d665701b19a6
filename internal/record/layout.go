// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package record

import (
	"bytes"
	"io"
	"strings"
)

// A Layout is the columns of an output row, in order: cells passed through
// from an input row, and columns of a record of T, each under its output
// name. It writes rows as JSON objects, as delimited text (CSV, TSV) and as
// tab-separated cells for the text format. It is safe for concurrent use
// once built.
type Layout[T any] struct {
	names []string
	pass  []int       // per output column: the input row's field, or -1
	cols  []Column[T] // per output column: the record's column, when pass is -1
	keys  [][]byte    // per output column: its JSON name and ':'
}

// NewLayout returns the layout of the columns cols, each under its name.
func NewLayout[T any](cols ...Column[T]) *Layout[T] {
	l := new(Layout[T])
	for _, c := range cols {
		l.Column(c.Name, c)
	}
	return l
}

// Pass adds a column that passes field of the input row through, under
// name, as a string.
func (l *Layout[T]) Pass(name string, field int) *Layout[T] {
	l.add(name, field, Column[T]{Name: name, Type: String})
	return l
}

// Column adds c under name.
func (l *Layout[T]) Column(name string, c Column[T]) *Layout[T] {
	l.add(name, -1, c)
	return l
}

func (l *Layout[T]) add(name string, field int, c Column[T]) {
	key, _ := AppendString(nil, name)
	l.names = append(l.names, name)
	l.pass = append(l.pass, field)
	l.cols = append(l.cols, c)
	l.keys = append(l.keys, append(key, ':'))
}

// Names returns the output names, the header row.
func (l *Layout[T]) Names() []string { return l.names }

// AppendJSON appends the row of v and the input row fields (nil when no
// column passes one through) as one JSON object, without a newline. When a
// string had bytes that are not UTF-8, the object ends with the member
// [InvalidUTF8] naming the members that show U+FFFD in their place, and
// AppendJSON reports false.
func (l *Layout[T]) AppendJSON(b []byte, fields []string, v *T) ([]byte, bool) {
	var lossy []int // rarely used: no allocation otherwise
	b = append(b, '{')
	for i, key := range l.keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, key...)
		var ok bool
		if f := l.pass[i]; f >= 0 {
			b, ok = AppendString(b, fields[f])
		} else {
			b, ok = l.cols[i].json(b, v)
		}
		if !ok {
			lossy = append(lossy, i)
		}
	}
	if lossy != nil {
		if len(l.keys) > 0 {
			b = append(b, ',')
		}
		b = append(b, `"`+InvalidUTF8+`":[`...)
		for j, i := range lossy {
			if j > 0 {
				b = append(b, ',')
			}
			b, _ = AppendString(b, l.names[i])
		}
		b = append(b, ']')
	}
	return append(b, '}'), lossy == nil
}

// AppendDelimited appends the row of v and fields as one line of
// delimited text (CSV with delim, RFC 4180): a cell holding delim, a
// quote, CR or LF, or starting with a space or a tab (which some readers
// trim), is quoted, with its quotes doubled; every byte is kept,
// and a line ends with "\n". A row of one empty cell is written `""`, which
// is not a blank line.
func (l *Layout[T]) AppendDelimited(b []byte, delim byte, fields []string, v *T) []byte {
	start := len(b)
	for i := range l.keys {
		if i > 0 {
			b = append(b, delim)
		}
		if f := l.pass[i]; f >= 0 {
			b = AppendCell(b, delim, fields[f])
			continue
		}
		n := len(b)
		b = l.cols[i].text(b, v)
		if needsQuotes(b[n:], delim) {
			b = quoteTail(b, n)
		}
	}
	if len(b) == start && len(l.keys) == 1 {
		b = append(b, `""`...)
	}
	return append(b, '\n')
}

// A Writer is what [Layout.WriteDelimited] writes to, such as a
// *bufio.Writer.
type Writer interface {
	io.Writer
	io.StringWriter
}

// WriteDelimited writes to w the line that [Layout.AppendDelimited]
// appends, a cell at a time, for a huge row, which is then never whole in
// memory: the cells passed through and those of string columns are
// written from their strings, the other computed ones made in scratch, which it returns, to use again. crlf ends the line
// with "\r\n".
func (l *Layout[T]) WriteDelimited(w Writer, scratch []byte, delim byte, fields []string, v *T, crlf bool) ([]byte, error) {
	empty := true
	for i := range l.keys {
		if i > 0 {
			if _, err := w.Write([]byte{delim}); err != nil {
				return scratch, err
			}
		}
		var err error
		if f := l.pass[i]; f >= 0 {
			empty = empty && fields[f] == ""
			err = writeCell(w, delim, fields[f])
		} else if str := l.cols[i].str; str != nil {
			s, ok := str(v)
			if !ok {
				s = "" // absent: the empty cell
			}
			empty = empty && s == ""
			err = writeCell(w, delim, s)
		} else {
			scratch = l.cols[i].text(scratch[:0], v)
			empty = empty && len(scratch) == 0
			if needsQuotes(scratch, delim) {
				scratch = quoteTail(scratch, 0)
			}
			_, err = w.Write(scratch)
		}
		if err != nil {
			return scratch, err
		}
	}
	end := "\n"
	if crlf {
		end = "\r\n"
	}
	if empty && len(l.keys) == 1 {
		end = `""` + end
	}
	_, err := w.WriteString(end)
	return scratch, err
}

// writeCell writes s as a cell, as [AppendCell] appends it.
func writeCell(w Writer, delim byte, s string) error {
	if !needsQuotesString(s, delim) {
		_, err := w.WriteString(s)
		return err
	}
	if _, err := w.WriteString(`"`); err != nil {
		return err
	}
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			break
		}
		if _, err := w.WriteString(s[:i+1]); err != nil {
			return err
		}
		if _, err := w.WriteString(`"`); err != nil {
			return err
		}
		s = s[i+1:]
	}
	if _, err := w.WriteString(s); err != nil {
		return err
	}
	_, err := w.WriteString(`"`)
	return err
}

// quoteTail quotes the cell b[n:] where it is, its quotes doubled: it is
// moved right from its end, so that a huge cell is not copied aside.
func quoteTail(b []byte, n int) []byte {
	q := bytes.Count(b[n:], []byte{'"'})
	end := len(b)
	b = append(b, make([]byte, q+2)...)
	w := len(b) - 1
	b[w] = '"'
	for r := end - 1; r >= n; r-- {
		w--
		b[w] = b[r]
		if b[r] == '"' {
			w--
			b[w] = '"'
		}
	}
	b[n] = '"'
	return b
}

// AppendTextRow appends the row of v and fields as cells for the text
// format: each cell with its tabs and line breaks made spaces, the cells
// separated by tabs, and "\n".
func (l *Layout[T]) AppendTextRow(b []byte, fields []string, v *T) []byte {
	for i := range l.keys {
		if i > 0 {
			b = append(b, '\t')
		}
		n := len(b)
		if f := l.pass[i]; f >= 0 {
			b = append(b, fields[f]...)
		} else {
			b = l.cols[i].text(b, v)
		}
		for j := n; j < len(b); j++ {
			if c := b[j]; c == '\t' || c == '\n' || c == '\r' {
				b[j] = ' '
			}
		}
	}
	return append(b, '\n')
}

// AppendLine appends cells as one line of delimited text, quoted as
// [Layout.AppendDelimited] quotes them.
func AppendLine(b []byte, delim byte, cells []string) []byte {
	for i, c := range cells {
		if i > 0 {
			b = append(b, delim)
		}
		b = AppendCell(b, delim, c)
	}
	if len(cells) == 1 && cells[0] == "" {
		b = append(b, `""`...)
	}
	return append(b, '\n')
}

// AppendCell appends s as a cell of delimited text: quoted, with its
// quotes doubled, when it holds delim, a quote, CR or LF, or starts with a
// space or a tab; else as it is.
func AppendCell(b []byte, delim byte, s string) []byte {
	if !needsQuotesString(s, delim) {
		return append(b, s...)
	}
	b = append(b, '"')
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			break
		}
		b = append(b, s[:i+1]...)
		b = append(b, '"')
		s = s[i+1:]
	}
	b = append(b, s...)
	return append(b, '"')
}

func needsQuotes(cell []byte, delim byte) bool {
	return len(cell) > 0 && (cell[0] == ' ' || cell[0] == '\t') ||
		bytes.IndexByte(cell, delim) >= 0 || bytes.IndexAny(cell, "\"\r\n") >= 0
}

func needsQuotesString(s string, delim byte) bool {
	return len(s) > 0 && (s[0] == ' ' || s[0] == '\t') ||
		strings.IndexByte(s, delim) >= 0 || strings.IndexAny(s, "\"\r\n") >= 0
}
