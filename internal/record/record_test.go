// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestAppendString(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		valid    bool
	}{
		{"", `""`, true},
		{`a"b\c`, `"a\"b\\c"`, true},
		// HTML's characters stay as they are.
		{"a&b<c>", `"a&b<c>"`, true},
		{"tab\tnl\ncr\r\x01\x1f\x7f", `"tab\tnl\ncr\r\u0001\u001f` + "\x7f" + `"`, true},
		// U+2028 and U+2029 end lines in JavaScript.
		{"a\u2028b\u2029c", `"a\u2028b\u2029c"`, true},
		{"bücher 日本", `"bücher 日本"`, true},
		// A byte that is not UTF-8 becomes U+FFFD, and is reported.
		{"Jos\xe9", `"Jos\ufffd"`, false},
		{"bücher \xff", `"bücher \ufffd"`, false},
		{"\xff\xfe", `"\ufffd\ufffd"`, false},
		// A truncated sequence: each byte of it.
		{"a\xe2\x82", `"a\ufffd\ufffd"`, false},
	} {
		got, valid := AppendString(nil, tt.in)
		if string(got) != tt.want || valid != tt.valid {
			t.Errorf("AppendString(%q) = %s, %v, want %s, %v", tt.in, got, valid, tt.want, tt.valid)
		}
		if !json.Valid(got) {
			t.Errorf("AppendString(%q) = %s: not valid JSON", tt.in, got)
		}
		var back string
		if err := json.Unmarshal(got, &back); err != nil || tt.valid && back != tt.in {
			t.Errorf("AppendString(%q) = %s, which decodes as %q, %v", tt.in, got, back, err)
		}
	}
}

// TestAppendStringWords checks AppendString, which passes over plain
// ASCII a word at a time, against the rule a rune at a time: each byte
// that is escaped or not UTF-8, at each place in and around a word, and
// random bytes.
func TestAppendStringWords(t *testing.T) {
	check := func(s string) {
		t.Helper()
		got, valid := AppendString(nil, s)
		want, wantValid := appendStringRunes(s)
		if string(got) != want || valid != wantValid {
			t.Fatalf("AppendString(%q) = %s, %v, want %s, %v", s, got, valid, want, wantValid)
		}
	}
	for _, odd := range []string{`"`, `\`, "\n", "\x00", "\x1f", " ", "\x7f", "~", "é", "\xff", "\xe2\x82", "\u2028", "\u2029", "日"} {
		for before := range 20 {
			for after := range 12 {
				check(strings.Repeat("a", before) + odd + strings.Repeat("z", after))
				check(strings.Repeat("a", before) + odd + strings.Repeat("z", after) + odd)
			}
		}
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("az/.:-\"\\\n\t\x00\x1f\x7f\x80\xc3\xa9\xe2\x80\xa8\xff")
	for range 20000 {
		b := make([]byte, rnd.IntN(40))
		for i := range b {
			if rnd.IntN(4) == 0 {
				b[i] = alphabet[rnd.IntN(len(alphabet))]
			} else {
				b[i] = byte(rnd.IntN(256))
			}
		}
		check(string(b))
	}
}

// appendStringRunes is AppendString's rule a rune at a time.
func appendStringRunes(s string) (string, bool) {
	var b strings.Builder
	valid := true
	b.WriteByte('"')
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
			valid = false
		case r == '"' || r == '\\':
			b.WriteString(`\` + string(r))
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20, r == '\u2028', r == '\u2029':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[:size])
		}
		s = s[size:]
	}
	b.WriteByte('"')
	return b.String(), valid
}

// row is a record for the tests: a name, a count, a flag and tags.
type row struct {
	name  string
	n     int64
	flag  bool
	tags  []string
	there bool // whether n, flag and tags are present
	err   error
}

// codeErr is an error with a code, as package webaddress's are.
type codeErr string

func (e codeErr) Error() string { return "failed: " + string(e) }
func (e codeErr) Code() code    { return code(e) }

type code string

var rowColumns = append([]Column[row]{
	Str("name", func(r *row) (string, bool) { return r.name, true }),
	Int("n", func(r *row) (int64, bool) { return r.n, r.there }),
	Bool("flag", func(r *row) (bool, bool) { return r.flag, r.there }),
	List("tags", "|", func(r *row) ([]string, bool) { return r.tags, r.there }),
	Custom("pair", Object,
		func(b []byte, r *row) ([]byte, bool) { return append(b, `{"a":1}`...), r.there },
		func(b []byte, r *row) ([]byte, bool) { return append(b, "a=1"...), r.there }),
}, ErrorColumns[row, code](func(r *row) error { return r.err })...)

func TestLayout(t *testing.T) {
	l := NewLayout(rowColumns...)
	for _, tt := range []struct {
		in             row
		json, csv, tsv string
	}{
		// Every value present.
		{row{name: "a", n: 3, flag: true, tags: []string{"x", "y"}, there: true},
			`{"name":"a","n":3,"flag":true,"tags":["x","y"],"pair":{"a":1},"error_code":null,"error":null}`,
			"a,3,true,x|y,a=1,,\n", "a\t3\ttrue\tx|y\ta=1\t\t\n"},
		// Absent values: null in JSON, the empty cell in CSV; an empty
		// list is present.
		{row{name: "b", tags: nil, err: codeErr("web.x")},
			`{"name":"b","n":null,"flag":null,"tags":null,"pair":null,"error_code":"web.x","error":"failed: web.x"}`,
			"b,,,,,web.x,failed: web.x\n", "b\t\t\t\t\tweb.x\tfailed: web.x\n"},
		{row{name: "c", there: true},
			`{"name":"c","n":0,"flag":false,"tags":[],"pair":{"a":1},"error_code":null,"error":null}`,
			"c,0,false,,a=1,,\n", "c\t0\tfalse\t\ta=1\t\t\n"},
		// Quoting: CSV quotes a comma, TSV a tab; both a quote and a
		// line break, CRLF kept.
		{row{name: "a,b\tc", there: true, tags: []string{`q"`, "l\r\n2"}},
			`{"name":"a,b\tc","n":0,"flag":false,"tags":["q\"","l\r\n2"],"pair":{"a":1},"error_code":null,"error":null}`,
			"\"a,b\tc\",0,false,\"q\"\"|l\r\n2\",a=1,,\n", "\"a,b\tc\"\t0\tfalse\t\"q\"\"|l\r\n2\"\ta=1\t\t\n"},
		// Bytes that are not UTF-8: kept in CSV, U+FFFD in JSON, which
		// says so.
		{row{name: "Jos\xe9", there: true, tags: []string{"\xff"}},
			`{"name":"Jos\ufffd","n":0,"flag":false,"tags":["\ufffd"],"pair":{"a":1},"error_code":null,"error":null,"invalid_utf8":["name","tags"]}`,
			"Jos\xe9,0,false,\xff,a=1,,\n", "Jos\xe9\t0\tfalse\t\xff\ta=1\t\t\n"},
	} {
		if got := jsonOf(l.AppendJSON(nil, nil, &tt.in)); got != tt.json {
			t.Errorf("AppendJSON(%+v) =\n\t%s\nwant\n\t%s", tt.in, got, tt.json)
		} else if !json.Valid([]byte(got)) {
			t.Errorf("AppendJSON(%+v) = %s: not valid JSON", tt.in, got)
		}
		if got := string(l.AppendDelimited(nil, ',', nil, &tt.in)); got != tt.csv {
			t.Errorf("AppendDelimited(%+v, ',') = %q, want %q", tt.in, got, tt.csv)
		}
		if got := string(l.AppendDelimited(nil, '\t', nil, &tt.in)); got != tt.tsv {
			t.Errorf("AppendDelimited(%+v, tab) = %q, want %q", tt.in, got, tt.tsv)
		}
	}
}

func TestLayoutPass(t *testing.T) {
	l := new(Layout[row]).Pass("first", 0).Column("webaddress_name", rowColumns[0]).Pass("third", 2)
	fields := []string{"A, Inc.", "skipped", "two\nlines\tx"}
	r := row{name: "n"}
	if got, want := jsonOf(l.AppendJSON(nil, fields, &r)), `{"first":"A, Inc.","webaddress_name":"n","third":"two\nlines\tx"}`; got != want {
		t.Errorf("AppendJSON = %s, want %s", got, want)
	}
	if got, want := string(l.AppendDelimited(nil, ',', fields, &r)), "\"A, Inc.\",n,\"two\nlines\tx\"\n"; got != want {
		t.Errorf("AppendDelimited = %q, want %q", got, want)
	}
	if got, want := string(l.AppendTextRow(nil, fields, &r)), "A, Inc.\tn\ttwo lines x\n"; got != want {
		t.Errorf("AppendTextRow = %q, want %q", got, want)
	}
	if got, want := string(AppendLine(nil, ';', l.Names())), "first;webaddress_name;third\n"; got != want {
		t.Errorf("the header = %q, want %q", got, want)
	}
	// One empty cell is not a blank line.
	one := new(Layout[row]).Pass("only", 0)
	if got, want := string(one.AppendDelimited(nil, ',', []string{""}, &r)), "\"\"\n"; got != want {
		t.Errorf("AppendDelimited of one empty cell = %q, want %q", got, want)
	}
	if got, want := string(AppendLine(nil, ',', []string{""})), "\"\"\n"; got != want {
		t.Errorf("AppendLine of one empty cell = %q, want %q", got, want)
	}
}

func TestLift(t *testing.T) {
	type outer struct {
		cell string
		in   row
	}
	cols := Lift(rowColumns, func(o *outer) *row { return &o.in })
	l := NewLayout(append([]Column[outer]{Str("cell", func(o *outer) (string, bool) { return o.cell, true })}, cols[:2]...)...)
	got := jsonOf(l.AppendJSON(nil, nil, &outer{cell: " x ", in: row{name: "x", n: 1, there: true}}))
	if want := `{"cell":" x ","name":"x","n":1}`; got != want {
		t.Errorf("lifted columns: %s, want %s", got, want)
	}
}

func TestErrorCode(t *testing.T) {
	if c, ok := ErrorCode[code](errors.Join(errors.New("x"), codeErr("web.y"))); c != "web.y" || !ok {
		t.Errorf("ErrorCode of a joined error = %q, %v", c, ok)
	}
	if c, ok := ErrorCode[code](errors.New("plain")); c != "" || ok {
		t.Errorf("ErrorCode of an error without a code = %q, %v", c, ok)
	}
	if c, ok := ErrorCode[code](nil); c != "" || ok {
		t.Errorf("ErrorCode(nil) = %q, %v", c, ok)
	}
}

// TestRegistry checks that a record is found by the type of its rows and
// by a typed key: a key of another type, or rows of another type, are
// another record; a record defined twice and one never defined panic.
func TestRegistry(t *testing.T) {
	type version int
	made := 0
	Define(func() []Column[row] { made++; return rowColumns })
	DefineBy(version(1), func() []Column[row] { return rowColumns[:1] })
	if made != 0 {
		t.Errorf("Define made the columns before their first use")
	}
	if got := strings.Join(Names(Of[row]()), ","); got != "name,n,flag,tags,pair,error_code,error" {
		t.Errorf("Of: %s", got)
	}
	if got := strings.Join(Names(OfBy[row](version(1))), ","); got != "name" {
		t.Errorf("OfBy: %s", got)
	}
	if Of[row](); made != 1 {
		t.Errorf("the columns were made %d times, want once", made)
	}
	for _, f := range []func(){
		func() { Define(func() []Column[row] { return rowColumns }) },
		func() { DefineBy(version(1), func() []Column[row] { return rowColumns }) },
		func() { OfBy[row](version(2)) },
		func() { OfBy[row](1) }, // an int, not a version
		func() { Of[string]() },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		}()
	}
}

// jsonOf returns the JSON an AppendJSON call appended.
func jsonOf(b []byte, _ bool) string { return string(b) }

// TestAbsentText checks that an absent value is the empty cell, whatever
// its getter returns beside false.
func TestAbsentText(t *testing.T) {
	cols := []Column[row]{
		Str("s", func(*row) (string, bool) { return "x", false }),
		Int("n", func(*row) (int64, bool) { return 7, false }),
		Bool("b", func(*row) (bool, bool) { return true, false }),
		List("l", "|", func(*row) ([]string, bool) { return []string{"a"}, false }),
	}
	l := NewLayout(cols...)
	if got, want := string(l.AppendDelimited(nil, ',', nil, &row{})), ",,,\n"; got != want {
		t.Errorf("absent cells: %q, want %q", got, want)
	}
	if got, want := jsonOf(l.AppendJSON(nil, nil, &row{})), `{"s":null,"n":null,"b":null,"l":null}`; got != want {
		t.Errorf("absent JSON: %s, want %s", got, want)
	}
	// A cell that starts with a space is quoted, as some readers trim it.
	if got, want := string(AppendCell(nil, ',', " x")), `" x"`; got != want {
		t.Errorf("AppendCell(\" x\") = %s, want %s", got, want)
	}
}

// TestWriteDelimited checks that WriteDelimited writes the line
// AppendDelimited appends, quoted cells (computed or passed, with quotes
// doubled) included, and that a computed cell quoted in place keeps what
// was before it.
func TestWriteDelimited(t *testing.T) {
	pass := new(Layout[row]).Pass("first", 0).Column("name", rowColumns[0]).Pass("third", 2).Column("tags", rowColumns[3])
	one := new(Layout[row]).Column("name", rowColumns[0])
	// A string column absent (its value not written) and one lifted.
	absent := new(Layout[row]).Column("absent", Str("absent", func(r *row) (string, bool) { return "none", r.there })).
		Column("lifted", Lift(rowColumns[:1], func(r *row) *row { return r })[0]).Pass("first", 0)
	rows := []row{
		{name: "a", n: 3, flag: true, tags: []string{"x", "y"}, there: true},
		{name: "b", err: codeErr("web.x")},
		{name: "a,b\tc", there: true, tags: []string{`q"`, "l\r\n2"}},
		{name: `"quoted" "twice"`, there: true, tags: []string{`"`, `""`}},
		{name: " lead", tags: []string{"\t"}, there: true},
		{name: ""},
	}
	fields := []string{`x "y", z`, "-", "plain"}
	for _, l := range []*Layout[row]{NewLayout(rowColumns...), pass, one, absent} {
		for _, r := range rows {
			for _, delim := range []byte{',', '\t', ';'} {
				prefix := []byte("before\n")
				line := l.AppendDelimited(bytes.Clone(prefix), delim, fields, &r)
				if !bytes.HasPrefix(line, prefix) {
					t.Errorf("AppendDelimited(%+v, %q) changed what was before it: %q", r, delim, line)
				}
				if l == one {
					if want := AppendLine(bytes.Clone(prefix), delim, []string{r.name}); !bytes.Equal(line, want) {
						t.Errorf("AppendDelimited(%+v, %q) = %q, want %q as AppendLine quotes it", r, delim, line, want)
					}
				}
				for _, crlf := range []bool{false, true} {
					want := line[len(prefix):]
					if crlf {
						want = append(bytes.Clone(want[:len(want)-1]), '\r', '\n')
					}
					var w bytes.Buffer
					if _, err := l.WriteDelimited(&w, nil, delim, fields, &r, crlf); err != nil || !bytes.Equal(w.Bytes(), want) {
						t.Errorf("WriteDelimited(%+v, %q, crlf %v) = %q, %v; want %q as AppendDelimited", r, delim, crlf, w.Bytes(), err, want)
					}
				}
			}
		}
	}
}
