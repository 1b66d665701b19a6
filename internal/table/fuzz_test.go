// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package table

import (
	"bytes"
	"errors"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"github.com/onecontact/webaddress/internal/record"
)

// FuzzReadTable reads any bytes with any delimiter: no panic; every line
// of the input is in exactly one of the header, a record, a fault or a
// blank line, in order; and the records written out again read back the
// same.
func FuzzReadTable(f *testing.F) {
	for _, seed := range []struct {
		data  string
		delim byte
	}{
		{"a,b\n1,\"x, y\"\n2,\"say \"\"hi\"\"\"\n3,\n4,z", ','},
		{"n,name,site\n9,Fine,fine.com\n10,\"Broken Co,broken.com\n11,Next,next.com\n", ','},
		{"a,b\r\n1,\"two\r\nlines\"\r\n2,x\r\n", ','},
		{"a,b,c\n1,2\n1,2,3,4\n1,\"x\ny\",z\n", ','},
		{"\n\na\tb\n1\t\"x\ty\"\n2\t\"open\n3\tz\n\n", '\t'},
		{"site\nx.com\n\n\"\"\n", ';'},
		{"\uFEFFa|b\nJos\xe9|x\n", '|'},
		{"\xff\xfea\x00,\x00b\x00\n\x00", ','},
		{"a\n\n\"b\r\nc,d", 0},
	} {
		f.Add([]byte(seed.data), seed.delim)
	}
	f.Fuzz(func(t *testing.T, data []byte, delim byte) {
		if delim == '"' || delim == '\r' || delim == '\n' {
			delim = 0
		}
		o := Options{Delimiter: delim, MaxRecord: 1 << 10}
		r := NewReader(bytes.NewReader(data), o)
		lines := 0 // lines accounted for
		var header []string
		var records [][]string
		if delim != 0 {
			h, err := r.Header()
			var fault *Fault
			var encErr *EncodingError
			switch {
			case errors.Is(err, io.EOF), errors.As(err, &encErr):
				return
			case errors.As(err, &fault):
				if fault.Line < 1 || fault.Line+fault.Lines-1 != r.Line() {
					t.Fatalf("header fault on lines %d+%d, reader at %d", fault.Line, fault.Lines, r.Line())
				}
				return
			case err != nil:
				t.Fatal(err)
			}
			header = h
			lines = r.Line() - r.Blank() // blank lines before the header are counted below
		}
		for {
			rec, err := r.Read()
			var encErr *EncodingError
			if errors.Is(err, io.EOF) || errors.As(err, &encErr) && delim == 0 && lines == 0 {
				break
			}
			var fault *Fault
			switch {
			case errors.As(err, &fault):
				if fault.Line <= lines-r.Blank() && fault.Line < 1 {
					t.Fatalf("fault on line %d after %d lines", fault.Line, lines)
				}
				if bytes.ContainsAny([]byte(fault.Raw), "\r\n") {
					t.Fatalf("fault on line %d: raw text %q spans lines", fault.Line, fault.Raw)
				}
				if fault.Lines < 1 {
					t.Fatalf("fault on line %d spans %d lines", fault.Line, fault.Lines)
				}
				lines += fault.Lines
				continue
			case err != nil:
				t.Fatal(err)
			}
			if rec.Line < 1 || rec.Lines < 1 {
				t.Fatalf("record %+v", rec)
			}
			if delim != 0 && len(rec.Fields) != len(header) {
				t.Fatalf("line %d: %d fields, header %d", rec.Line, len(rec.Fields), len(header))
			}
			lines += rec.Lines
			records = append(records, rec.Fields)
		}
		lines += r.Blank()
		if r.Line() != lines {
			t.Fatalf("%d lines accounted for, %d read", lines, r.Line())
		}
		if bom(data) {
			return // UTF-16: the lines are those of the decoded text
		}
		if r.err != nil {
			return // refused
		}
		want := countLines(data)
		if lines != want {
			t.Fatalf("%d lines accounted for, the input has %d", lines, want)
		}
		if delim == 0 {
			return
		}
		// Written out and read again, the table is the same.
		out := record.AppendLine(nil, delim, header)
		for _, fields := range records {
			out = record.AppendLine(out, delim, fields)
		}
		if bom(out) || sniffUTF16(out) != "" {
			return // a first field starting with a byte order mark's bytes reads as one; zero bytes as UTF-16
		}
		r = NewReader(bytes.NewReader(out), Options{Delimiter: delim, MaxRecord: 1 << 30})
		h, err := r.Header()
		if err != nil || !slices.Equal(h, header) {
			t.Fatalf("header %q read back as %q, %v (%q)", header, h, err, out)
		}
		for i, fields := range records {
			rec, err := r.Read()
			if err != nil || !slices.Equal(rec.Fields, fields) {
				t.Fatalf("record %d %q read back as %q, %v (%q)", i, fields, rec.Fields, err, out)
			}
		}
		if _, err := r.Read(); !errors.Is(err, io.EOF) {
			t.Fatalf("more after the records: %v", err)
		}
	})
}

// countLines counts the lines of data: each ends in "\n", "\r\n" or "\r",
// or at the end of data.
func countLines(data []byte) int {
	n := 0
	for i := 0; i < len(data); i++ {
		switch data[i] {
		case '\r':
			if i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			n++
		case '\n':
			n++
		default:
			if i == len(data)-1 {
				n++
			}
		}
	}
	return n
}

// bom reports whether data starts with a byte order mark's bytes.
func bom(data []byte) bool {
	return bytes.HasPrefix(data, []byte{0xFF, 0xFE}) || bytes.HasPrefix(data, []byte{0xFE, 0xFF}) || bytes.HasPrefix(data, []byte("\uFEFF"))
}

// FuzzReadRecords reads any bytes as the tool's --on-bad-record skip does,
// reading on after each fault, and checks the reader against a model of
// its rules written apart from it: lines end in "\n", "\r\n" or "\r"; a
// record runs from a line that is not blank to the line end outside a
// quoted field, and is one record or one fault, whatever its size; a
// quote never closed costs its first line alone, whatever its size too
// (over MaxRecord bytes, the lines after it are read again from the input
// sought back, or decoded again, or from a temporary file), unless the
// lines cannot be read again (NoTempFile, an input that cannot seek): then
// over MaxRecord bytes it is a fault to the end of the input. So each
// record read or rejected is one of the model's, in order (rows read =
// rows written + rejected), and no record read is made from lines inside
// a rejected one.
func FuzzReadRecords(f *testing.F) {
	for _, seed := range []struct {
		data  string
		delim byte
	}{
		{"website,name\racme.com,Ann\rglobex.com,Ben\r", ','},
		{"a,b\r1,\"x\ry\"\r\n2,z\n3,w\r\r4,v", ','},
		{"id,website\n1,\"acme.com\n2,globex.com\n\",x\n3,initech.com\n", ','},
		{"a,b\n1,\"x\n" + strings.Repeat("y\n", 40) + "\"\n2,z\n", ','},
		{"a,b\n1,\"x\n" + strings.Repeat("y\r", 40) + "2,z\n", ','},
		{"a,b\n1,\"x\n" + strings.Repeat("y,w\n", 20) + "3\",\"v\n" + strings.Repeat("y,w\n", 20), ','},
		{"n,name,site\n10,\"Broken Co,broken.com\n11,\"Quoted, Inc\",q.com\n12,x,y\n", ','},
		{"a\tb\n1\t\"x\ty\"\n2\t\"open\r3\tz\r\n\r\n", '\t'},
		{"a,b,c\n1,x\"y,\"z\nw\"\n2,u,v\n", ','},
		{"site\n\n\"a\rb\"\n\r\n", ','},
	} {
		f.Add([]byte(seed.data), seed.delim)
	}
	const max = 64
	tmp := f.TempDir()
	f.Setenv("TMPDIR", tmp) // where the temporary files go, to see them removed
	f.Fuzz(func(t *testing.T, data []byte, delim byte) {
		if delim == 0 || delim == '"' || delim == '\r' || delim == '\n' {
			delim = ','
		}
		if bom(data) {
			return // decoded: the model reads bytes
		}
		for _, rd := range []struct {
			name     string
			in       io.Reader
			o        Options
			noReread bool
		}{
			{"seekable", bytes.NewReader(data), Options{Delimiter: delim, MaxRecord: max}, false},
			{"decoded", bytes.NewReader(data), Options{Delimiter: delim, MaxRecord: max, Encoding: charmap.Windows1252}, false},
			{"a pipe", pipe{bytes.NewReader(data)}, Options{Delimiter: delim, MaxRecord: max}, false},
			{"a pipe, no temporary file", pipe{bytes.NewReader(data)}, Options{Delimiter: delim, MaxRecord: max, NoTempFile: true}, true},
		} {
			if rd.o.Encoding != nil && delim >= 0x80 {
				continue // decoded, the delimiter's byte is another character
			}
			r := NewReader(rd.in, rd.o)
			if r.err != nil {
				return // refused: UTF-16 without a byte order mark
			}
			m := newModel(data, delim, max)
			m.noReread = rd.noReread
			checkRecords(t, rd.name, r, m)
			if files, _ := os.ReadDir(tmp); len(files) > 0 {
				t.Fatalf("%s: %d files left in the temporary directory", rd.name, len(files))
			}
		}
	})
}

// checkRecords reads r through, and checks its records and faults against
// m's.
func checkRecords(t *testing.T, name string, r *Reader, m *model) {
	t.Helper()
	header, err := r.Header()
	if err != nil {
		return // an empty input, or a fault in the header
	}
	h := m.next(true)
	if got := [2]int{h[0], r.Line()}; got != h {
		t.Fatalf("%s: header on lines %v, model %v", name, got, h)
	}
	m.oneField = len(header) == 1
	read, rejected := 0, 0
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		var span [2]int
		var fault *Fault
		switch {
		case errors.As(err, &fault):
			span = [2]int{fault.Line, fault.Line + fault.Lines - 1}
			rejected++
		case err != nil:
			t.Fatalf("%s: %v", name, err)
		default:
			span = [2]int{rec.Line, rec.Line + rec.Lines - 1}
			read++
		}
		if want := m.next(false); span != want {
			t.Fatalf("%s: record %d (%v) on lines %v, the model's on lines %v", name, read+rejected, err, span, want)
		}
	}
	if want := m.next(false); want != [2]int{} {
		t.Fatalf("%s: after %d records read and %d rejected, the model has one more on lines %v", name, read, rejected, want)
	}
}

// A model reads the lines of an input into the spans of its records, by a
// byte at a time.
type model struct {
	lines    [][]byte // each line's text, its line end apart
	ends     []int    // each line's length with its line end
	at       int      // the next line, from 0
	delim    byte
	max      int
	oneField bool // the header has one field: a blank line is a record
	noReread bool // the lines after a quote never closed over max bytes are not read again
}

func newModel(data []byte, delim byte, max int) *model {
	m := &model{delim: delim, max: max}
	start := 0
	for i := 0; i < len(data); i++ {
		if data[i] != '\r' && data[i] != '\n' {
			continue
		}
		text := data[start:i]
		if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
			i++
		}
		m.lines = append(m.lines, text)
		m.ends = append(m.ends, i+1-start)
		start = i + 1
	}
	if start < len(data) {
		m.lines = append(m.lines, data[start:])
		m.ends = append(m.ends, len(data)-start)
	}
	return m
}

// next returns the first and last line (from 1) of the next record, or
// zeros at the end.
func (m *model) next(header bool) [2]int {
	for m.at < len(m.lines) && len(m.lines[m.at]) == 0 && (header || !m.oneField) {
		m.at++ // a blank line
	}
	if m.at == len(m.lines) {
		return [2]int{}
	}
	first := m.at
	quoted, fieldStart, afterQuote := false, true, false
	size := 0
	over := false // over max bytes before its last line
	for ; m.at < len(m.lines); m.at++ {
		if m.at > first && size > m.max {
			over = true
		}
		size += m.ends[m.at]
		if !m.quotedOn(m.at, &quoted, &fieldStart, &afterQuote) {
			m.at++
			return [2]int{first + 1, m.at}
		}
	}
	if over && m.noReread {
		// The lines after it cannot be read again: the rest is one fault.
		return [2]int{first + 1, len(m.lines)}
	}
	// A quote never closed: its first line alone.
	m.at = first + 1
	return [2]int{first + 1, first + 1}
}

// quotedOn follows line i, and reports whether a quoted field goes on
// after it.
func (m *model) quotedOn(i int, quoted, fieldStart, afterQuote *bool) bool {
	for _, c := range m.lines[i] {
		switch {
		case *quoted && c == '"':
			*quoted, *afterQuote = false, true
		case *quoted:
		case *afterQuote && c == '"':
			*quoted, *afterQuote = true, false
		case c == m.delim:
			*fieldStart, *afterQuote = true, false
		case *fieldStart && c == '"':
			*quoted, *fieldStart = true, false
		default:
			*fieldStart, *afterQuote = false, false
		}
	}
	if *quoted {
		return true
	}
	*fieldStart, *afterQuote = true, false
	return false
}
