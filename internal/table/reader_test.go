// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package table

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// transcript reads all of in and describes what the reader made of it:
// "header[a|b]", then per record "L3:[x|y]" (L3-4 when it spans lines 3 and
// 4), per fault "!L5 record.bare-quote raw", and at the end "blank=N" when
// lines were skipped.
func transcript(t *testing.T, in string, o Options) string {
	t.Helper()
	return transcriptOf(t, strings.NewReader(in), o)
}

// transcriptOf is transcript of what in reads.
func transcriptOf(t *testing.T, in io.Reader, o Options) string {
	t.Helper()
	r := NewReader(in, o)
	var out []string
	if o.Delimiter != 0 {
		h, err := r.Header()
		if err != nil {
			return "header error: " + err.Error()
		}
		out = append(out, "header["+strings.Join(h, "|")+"]")
	}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		var f *Fault
		if errors.As(err, &f) {
			lines := ""
			if f.Lines > 1 {
				lines = "-" + strconv.Itoa(f.Line+f.Lines-1)
			}
			out = append(out, fmt.Sprintf("!L%d%s %s %s", f.Line, lines, f.Code(), f.Raw))
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		lines := "L" + strconv.Itoa(rec.Line)
		if rec.Lines > 1 {
			lines += "-" + strconv.Itoa(rec.Line+rec.Lines-1)
		}
		out = append(out, lines+":["+strings.Join(rec.Fields, "|")+"]")
	}
	if r.Blank() > 0 {
		out = append(out, "blank="+strconv.Itoa(r.Blank()))
	}
	return strings.Join(out, " ")
}

func TestReader(t *testing.T) {
	csv := Options{Delimiter: ','}
	for _, tt := range []struct {
		in   string
		o    Options
		want string
	}{
		// Well-formed: quotes, doubled quotes, an empty last field, no
		// final line end.
		{"a,b\n1,\"x, y\"\n2,\"say \"\"hi\"\"\"\n3,\n4,z", csv,
			`header[a|b] L2:[1|x, y] L3:[2|say "hi"] L4:[3|] L5:[4|z]`},
		// A quoted field over two lines keeps its line break, CRLF too.
		{"a,b\r\n1,\"two\r\nlines\"\r\n2,x\r\n", csv, "header[a|b] L2-3:[1|two\r\nlines] L4:[2|x]"},
		// The example: an unclosed quote costs its line only.
		{"n,name,site\n9,Fine,fine.com\n10,\"Broken Co,broken.com\n11,Next,next.com\n12,Last,last.com\n", csv,
			"header[n|name|site] L2:[9|Fine|fine.com] !L3 record.unclosed-quote 10,\"Broken Co,broken.com L4:[11|Next|next.com] L5:[12|Last|last.com]"},
		// The same with a quoted field later: the quote that opened on
		// line 2 closes on line 3, text after it, a fault; the record it
		// makes, lines 2 and 3, is one reject, and no row is made from
		// inside its quoted field.
		{"n,name,site\n10,\"Broken Co,broken.com\n11,\"Quoted, Inc\",q.com\n12,x,y\n", csv,
			"header[n|name|site] !L2-3 record.text-after-quote 10,\"Broken Co,broken.com L4:[12|x|y]"},
		// The trial's example: a quoted cell over lines 2 to 4, then a
		// field too many: one reject, then record 3.
		{"id,website\n1,\"acme.com\n2,globex.com\n\",x\n3,initech.com\n", csv,
			"header[id|website] !L2-4 record.field-count 1,\"acme.com L5:[3|initech.com]"},
		// A bare quote is text to the end of its field; a quote opening a
		// later field quotes on, over lines, and it is one record.
		{"a,b,c\n1,x\"y,\"z\nw\"\n2,u,v\n", csv, "header[a|b|c] !L2-3 record.bare-quote 1,x\"y,\"z L4:[2|u|v]"},
		// A stray quote inside an unquoted field.
		{"a,b\n1,5\" screen\n2,y\n", csv, "header[a|b] !L2 record.bare-quote 1,5\" screen L3:[2|y]"},
		// Text after a closing quote.
		{"a,b\n1,\"x\"y\n2,y\n", csv, "header[a|b] !L2 record.text-after-quote 1,\"x\"y L3:[2|y]"},
		// Ragged rows: too few, too many fields.
		{"a,b,c\n1,2\n1,2,3,4\n1,2,3\n", csv, "header[a|b|c] !L2 record.field-count 1,2 !L3 record.field-count 1,2,3,4 L4:[1|2|3]"},
		// A multi-line record with the wrong count: one reject, its lines
		// with it.
		{"a,b\n1,\"x\ny\",z\n2,w\n", csv, "header[a|b] !L2-3 record.field-count 1,\"x L4:[2|w]"},
		// Lines end in CR alone too (old Mac files, some exporters), or a
		// mix; a CR inside a quoted field is kept.
		{"website,name\racme.com,Ann\rglobex.com,Ben\r", csv, "header[website|name] L2:[acme.com|Ann] L3:[globex.com|Ben]"},
		{"a,b\r1,\"x\ry\"\r\n2,z\n3,w\r\r4,v", csv, "header[a|b] L2-3:[1|x\ry] L4:[2|z] L5:[3|w] L7:[4|v] blank=1"},
		{"a\rb\r\nc\n\rd\r", Options{}, "L1:[a] L2:[b] L3:[c] L4:[] L5:[d]"},
		// Blank lines: skipped and counted, before the header too.
		{"\n\na,b\n1,2\n\r\n3,4\n\n", csv, "header[a|b] L4:[1|2] L6:[3|4] blank=4"},
		// With one column a blank line is an empty value.
		{"site\nx.com\n\ny.com\n", csv, "header[site] L2:[x.com] L3:[] L4:[y.com]"},
		{"site\n\"\"\n", csv, "header[site] L2:[]"},
		// TSV is CSV with a tab: a field that starts with a quote is quoted.
		{"a\tb\n1\t\"x\ty\"\n2\t\"open\n3\tz\n", Options{Delimiter: '\t'},
			"header[a|b] L2:[1|x\ty] !L3 record.unclosed-quote 2\t\"open L4:[3|z]"},
		{"a;b\n\"1;5\";x\n", Options{Delimiter: ';'}, "header[a|b] L2:[1;5|x]"},
		// A byte order mark is dropped; bytes that are not UTF-8 kept.
		{"\uFEFFa,b\nJos\xe9,x\n", csv, "header[a|b] L2:[Jos\xe9|x]"},
		// The lines format: every line a value, quotes and all.
		{"a\n\n\"b\r\nc,d", Options{}, "L1:[a] L2:[] L3:[\"b] L4:[c,d]"},
		// A fault in the header is an error.
		{"a,\"b\n", csv, "header error: record.unclosed-quote: line 1: field 2 opens a quote that is never closed: the record ends with this line, and the next line starts the next" +
			" (if the input was cut off inside a value of several lines, the rows after it may be that value's text)"},
		// A quoted field over lines is given up on after MaxRecord bytes:
		// the record is one reject, up to where it ends; when the quote is
		// never closed, its first line, as for a shorter one (issue 27:
		// this was the rest of the input, one reject).
		{"a,b\n1,\"x\n" + strings.Repeat("y\n", 20) + "\"\n2,z\n", Options{Delimiter: ',', MaxRecord: 16},
			"header[a|b] !L2-23 record.too-long 1,\"x L24:[2|z]"},
		{"a,b\n1,\"x\n" + strings.Repeat("y,w\n", 20) + "2,z\n", Options{Delimiter: ',', MaxRecord: 16},
			"header[a|b] !L2 record.unclosed-quote 1,\"x" + rowsOf(3, 20, "y|w") + " L23:[2|z]"},
	} {
		if got := transcript(t, tt.in, tt.o); got != tt.want {
			t.Errorf("reading %q:\n got %q\nwant %q", tt.in, got, tt.want)
		}
	}
}

func TestReaderFaultMessage(t *testing.T) {
	r := NewReader(strings.NewReader("a,b\n1,x\"y\n"), Options{Delimiter: ','})
	r.Header()
	_, err := r.Read()
	if got, want := fmt.Sprint(err), "record.bare-quote: line 2: a quote inside unquoted field 2 (byte 3)"; got != want {
		t.Errorf("fault: %q, want %q", got, want)
	}
	r = NewReader(strings.NewReader("a,b\n1,\"x\n\ny\"z\n"), Options{Delimiter: ','})
	r.Header()
	_, err = r.Read()
	if got, want := fmt.Sprint(err), "record.text-after-quote: lines 2 to 4: text after the closing quote of field 2 (line 4, byte 2)"; got != want {
		t.Errorf("fault: %q, want %q", got, want)
	}
}

func TestReaderEncodings(t *testing.T) {
	latin1, _ := charmap.Windows1252.NewEncoder().String("name,site\nJosé,café.fr\n€,x\n")
	utf16, _ := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewEncoder().String("name,site\nJosé,café.fr\n")
	for _, tt := range []struct {
		name, in, encoding, want string
	}{
		{"latin1", latin1, "latin1", "header[name|site] L2:[José|café.fr] L3:[€|x]"},
		{"windows-1252", latin1, "windows-1252", "header[name|site] L2:[José|café.fr] L3:[€|x]"},
		// Without --encoding the bytes are kept, for Parse to reject.
		{"latin1 as UTF-8", latin1, "", "header[name|site] L2:[Jos\xe9|caf\xe9.fr] L3:[\x80|x]"},
		{"utf-16 with BOM", utf16, "utf-16", "header[name|site] L2:[José|café.fr]"},
		// A UTF-16 byte order mark is enough.
		{"utf-16 found by its BOM", utf16, "", "header[name|site] L2:[José|café.fr]"},
		// UTF-16 without one is read when named, and refused otherwise.
		{"utf-16le without BOM", utf16[2:], "utf-16le", "header[name|site] L2:[José|café.fr]"},
		{"utf-16le without BOM, unnamed", utf16[2:], "", "header error: the input looks like utf-16le without a byte order mark (a zero byte beside each ASCII character): name its encoding, utf-16le, to read it"},
		// A byte the encoding cannot decode is kept, not made U+FFFD:
		// the value holding it is not UTF-8, and fails as such.
		{"windows-1252 undefined byte", "name,site\nx\x81y,\xe9.fr\n", "windows-1252", "header[name|site] L2:[x\x81y|é.fr]"},
		{"shift_jis bad byte", "name,site\n\x82\xa0,\xa0x\x80\n", "shift_jis", "header[name|site] L2:[あ|\xa0x\u0080]"},
		{"utf-16 lone surrogate", "\xff\xfea\x00,\x00b\x00\n\x00\x00\xd8,\x00c\x00\n\x00", "", "header[a|b] L2:[\x00\xd8|c]"},
		// An encoded U+FFFD is U+FFFD.
		{"utf-16 U+FFFD", "\xff\xfea\x00\n\x00\xfd\xff\n\x00", "", "header[a] L2:[\uFFFD]"},
		// The first bytes too are decoded a character at a time: a byte
		// that cannot be decoded among them is kept alone (the byte
		// order mark's check read three at once, and kept them all
		// after a 0xFF: a blank first line became "\xff").
		{"windows-1252 undefined byte at the start", "\n\xc3\x8d,x\n1,2\n", "windows-1252", "header[Ã\x8d|x] L3:[1|2] blank=1"},
		{"windows-1252 after a UTF-8 byte order mark", "\xef\xbb\xbfa,b\n\xc3\xa9,x\n", "windows-1252", "header[a|b] L2:[é|x]"},
	} {
		enc, err := LookupEncoding(tt.encoding)
		if err != nil {
			t.Fatal(err)
		}
		if got := transcript(t, tt.in, Options{Delimiter: ',', Encoding: enc}); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
	if _, err := LookupEncoding("klingon"); err == nil || !strings.Contains(err.Error(), `unknown encoding "klingon"`) {
		t.Errorf("LookupEncoding(klingon): %v", err)
	}
	// Labels of the replacement encoding decode nothing: refused.
	for _, label := range []string{"replacement", "iso-2022-kr", "hz-gb-2312"} {
		if _, err := LookupEncoding(label); err == nil || !strings.Contains(err.Error(), "cannot be read") {
			t.Errorf("LookupEncoding(%s): %v, want it refused", label, err)
		}
	}
	// Every label of UTF-8 keeps the bytes.
	if e, err := LookupEncoding("unicode-1-1-utf-8"); e != nil || err != nil {
		t.Errorf("LookupEncoding(unicode-1-1-utf-8): %v, %v; want nil, nil", e, err)
	}
}

// rowsOf returns the transcript of n records of one line, from line
// first, each with the fields row.
func rowsOf(first, n int, row string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, " L%d:[%s]", first+i, row)
	}
	return b.String()
}

// A pipe is a reader that cannot seek, as standard input from a pipe.
type pipe struct{ io.Reader }

// TestReaderLongUnclosed reads a quote never closed that runs over
// MaxRecord bytes to the end of the input (issue 27): it costs its first
// line, as a shorter one does (issue 17), and the lines after it are read
// again, whether the input can seek (it is sought back), is decoded (it
// is decoded again from the start), or cannot seek (they are kept in a
// temporary file, removed at once). With NoTempFile and an input that
// cannot seek, the rest of the input is one reject, and no file is
// written.
func TestReaderLongUnclosed(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	const rows = 40
	in := "a,b\n1,\"x\n" + strings.Repeat("y,w\n", rows) + "2,z\n"
	o := Options{Delimiter: ',', MaxRecord: 64}
	want := "header[a|b] !L2 record.unclosed-quote 1,\"x" + rowsOf(3, rows, "y|w") + " L43:[2|z]"
	latin1 := Options{Delimiter: ',', MaxRecord: 64, Encoding: charmap.Windows1252}
	twice := "a,b\n1,\"x\n" + strings.Repeat("y,w\n", 20) + "3\",\"v\n" + strings.Repeat("y,w\n", 20)
	for _, tt := range []struct {
		name string
		in   io.Reader
		o    Options
		want string
	}{
		{"seekable", strings.NewReader(in), o, want},
		{"seekable, from where it is", func() io.Reader { r := strings.NewReader("skipped\n" + in); r.Seek(8, io.SeekStart); return r }(), o, want},
		{"seekable, with a byte order mark", strings.NewReader("\uFEFF" + in), o, want},
		{"seekable and decoded", strings.NewReader(strings.ReplaceAll(in, "w", "\xe9")), latin1, strings.ReplaceAll(want, "w", "é")},
		{"a pipe", pipe{strings.NewReader(in)}, o, want},
		{"a pipe, decoded", pipe{strings.NewReader(strings.ReplaceAll(in, "w", "\xe9"))}, latin1, strings.ReplaceAll(want, "w", "é")},
		{"a pipe, no temporary file", pipe{strings.NewReader(in)}, Options{Delimiter: ',', MaxRecord: 64, NoTempFile: true},
			"header[a|b] !L2-43 record.unclosed-quote 1,\"x"},
		// Twice: a second quote never closed in the lines read again (line
		// 23 closes the first quote and opens another; read alone, it
		// opens one), read again from the temporary file.
		{"a pipe, twice", pipe{strings.NewReader(twice)}, o,
			"header[a|b] !L2 record.unclosed-quote 1,\"x" + rowsOf(3, 20, "y|w") + " !L23 record.unclosed-quote 3\",\"v" + rowsOf(24, 20, "y|w")},
		{"seekable, twice", strings.NewReader(twice), o,
			"header[a|b] !L2 record.unclosed-quote 1,\"x" + rowsOf(3, 20, "y|w") + " !L23 record.unclosed-quote 3\",\"v" + rowsOf(24, 20, "y|w")},
	} {
		if got := transcriptOf(t, tt.in, tt.o); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
		if files, _ := os.ReadDir(tmp); len(files) > 0 {
			t.Errorf("%s: %d files left in the temporary directory", tt.name, len(files))
		}
	}
}

// TestReaderLongLine reads a line longer than the reader's buffer.
func TestReaderLongLine(t *testing.T) {
	long := strings.Repeat("x", 200<<10)
	got := transcript(t, "a,b\n1,"+long+"\n2,\""+long+"\n"+long+"\"\n", Options{Delimiter: ','})
	if want := "header[a|b] L2:[1|" + long + "] L3-4:[2|" + long + "\n" + long + "]"; got != want {
		t.Errorf("long lines: got %d bytes, want %d", len(got), len(want))
	}
}

// TestReaderThousandRows is the example at full size: 1,000 rows,
// row 10 with a quote never closed; rows 11 to 1,000 come out.
func TestReaderThousandRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("n,name,site\n")
	for i := 1; i <= 1000; i++ {
		if i == 10 {
			b.WriteString("10,\"Broken Co,broken.com\n")
			continue
		}
		fmt.Fprintf(&b, "%d,Co %d,co%d.com\n", i, i, i)
	}
	r := NewReader(strings.NewReader(b.String()), Options{Delimiter: ','})
	if _, err := r.Header(); err != nil {
		t.Fatal(err)
	}
	var rows, faults []int
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		var f *Fault
		if errors.As(err, &f) {
			faults = append(faults, f.Line)
			continue
		}
		n, _ := strconv.Atoi(rec.Fields[0])
		rows = append(rows, n)
	}
	if len(rows) != 999 || len(faults) != 1 || faults[0] != 11 || rows[9] != 11 || rows[998] != 1000 {
		t.Errorf("%d rows (the tenth %d, the last %d), faults on lines %v; want 999 rows, 11 the tenth, and a fault on line 11",
			len(rows), rows[min(9, len(rows)-1)], rows[len(rows)-1], faults)
	}
}
