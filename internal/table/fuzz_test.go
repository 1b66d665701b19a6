// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package table

import (
	"bytes"
	"errors"
	"io"
	"slices"
	"testing"

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
			switch {
			case errors.Is(err, io.EOF):
				return
			case errors.As(err, &fault):
				if fault.Line < 1 || fault.Line != r.Line() {
					t.Fatalf("header fault on line %d, reader at %d", fault.Line, r.Line())
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
			if errors.Is(err, io.EOF) {
				break
			}
			var fault *Fault
			switch {
			case errors.As(err, &fault):
				if fault.Line <= lines-r.Blank() && fault.Line < 1 {
					t.Fatalf("fault on line %d after %d lines", fault.Line, lines)
				}
				if bytes.IndexByte([]byte(fault.Raw), '\n') >= 0 {
					t.Fatalf("fault on line %d: raw text %q spans lines", fault.Line, fault.Raw)
				}
				lines++
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
		want := bytes.Count(data, []byte{'\n'})
		if len(data) > 0 && data[len(data)-1] != '\n' {
			want++
		}
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
		if bom(out) {
			return // a first field starting with a byte order mark's bytes reads as one
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

// bom reports whether data starts with a byte order mark's bytes.
func bom(data []byte) bool {
	return bytes.HasPrefix(data, []byte{0xFF, 0xFE}) || bytes.HasPrefix(data, []byte{0xFE, 0xFF}) || bytes.HasPrefix(data, []byte("\uFEFF"))
}
