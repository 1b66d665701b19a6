// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddressbeam

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/clean"
)

func init() {
	register.Function1x1(valueLine)
}

// valueLine writes a value as "FILE:LINE TEXT", for passert.
func valueLine(v Value) string { return fmt.Sprintf("%s:%d %s", filepath.Base(v.File), v.Line, v.Text) }

// brokenCSV is the file: 1,000 rows, row 10 (line 11) opening a
// quote it never closes; and a ragged row, a stray quote and a Latin-1
// byte further down.
func brokenCSV() string {
	var b strings.Builder
	b.WriteString("n,name,site\n")
	for i := 1; i <= 1000; i++ {
		switch i {
		case 10:
			b.WriteString("10,\"Broken Co,broken.example\n")
		case 500:
			b.WriteString("500,Ragged\n")
		case 600:
			b.WriteString("600,5\" screen,screen.example\n")
		case 700:
			b.WriteString("700,Caf\xe9,caf\xe9.example\n")
		default:
			fmt.Fprintf(&b, "%d,Co %d,co%d.example\n", i, i, i)
		}
	}
	return b.String()
}

// TestRead reads the broken files with Read on Prism: every
// record is a value or a dead letter with its line; none is merged into
// another.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
		return path
	}
	csv := write("broken.csv", brokenCSV())
	tsv := write("broken.tsv", strings.NewReplacer(",", "\t").Replace(brokenCSV()))

	for _, tt := range []struct {
		glob string
		o    ReadOptions
	}{
		{csv, ReadOptions{Format: "csv", Column: "site"}},
		{tsv, ReadOptions{Format: "tsv", Column: "SITE"}},
	} {
		p, s := beam.NewPipelineWithRoot()
		values, failed := Read(s, tt.glob, tt.o)
		// 1,000 rows: the quote that row 10 opens closes in row 600, a
		// record of lines 11 to 601 (rows 500 and 600 in it), malformed:
		// one dead letter, and 409 values, none from inside it.
		passert.Count(s, values, "values", 409)
		name := filepath.Base(tt.glob)
		texts := beam.ParDo(s, valueLine, values)
		for _, want := range []string{name + ":10 co9.example", name + ":602 co601.example", name + ":701 caf\xe9.example", name + ":1001 co1000.example"} {
			passert.Count(s, beam.ParDo(s, matching, texts, beam.SideInput{Input: beam.Create(s, want)}), strconv.QuoteToASCII(want), 1)
		}
		sep := ","
		if tt.o.Format == "tsv" {
			sep = "\t"
		}
		passert.Equals(s, beam.ParDo(s, FailureJSON, failed),
			// The quote that row 10 opens runs into the stray one of row 600.
			fmt.Sprintf(`{"input":"10%s\"Broken Co%sbroken.example","step":"read","error_code":"record.text-after-quote","error":"record.text-after-quote: lines 11 to 601: text after the closing quote of field 2 (line 601, byte 6)","file":%q,"line":11}`, jsonTab(sep), jsonTab(sep), tt.glob))
		ptest.RunAndValidate(t, p)
	}
}

// jsonTab is sep as JSON writes it.
func jsonTab(sep string) string {
	if sep == "\t" {
		return `\t`
	}
	return sep
}

func init() {
	register.Function3x0(matching)
}

// matching emits text when it is want.
func matching(text string, want string, emit func(string)) {
	if text == want {
		emit(text)
	}
}

// TestReadOptions checks the options Read takes, and Check, which finds
// a missing column before a pipeline runs.
func TestReadOptions(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "a.csv")
	if err := os.WriteFile(csv, []byte("name,website,website\nAnn,a.example,b.example\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		o    ReadOptions
		glob string
		want string
	}{
		{ReadOptions{Format: "csv", Column: "website"}, csv, `notes [` + csv + `: the header row's column 3 is "website" again: renamed "website_2"]`},
		{ReadOptions{Format: "csv", Column: "url"}, csv, csv + `: no column "url" in the header row (name, website, website_2)`},
		{ReadOptions{Format: "csv"}, csv, "--format csv needs --column NAME, the column of addresses"},
		{ReadOptions{Format: "text", Column: "x"}, csv, "--column needs --format csv or tsv"},
		{ReadOptions{Format: "csv", Column: "x", Delimiter: ";;"}, csv, `--delimiter ";;": want one ASCII character other than a quote or a line break, such as ';', '|' or tab`},
		{ReadOptions{Format: "tsv", Column: "x", Delimiter: ";"}, csv, `--format tsv is CSV with a tab: use --format csv with --delimiter ";"`},
		{ReadOptions{Format: "xls", Column: "x"}, csv, `unknown --format "xls": want lines, csv or tsv`},
		{ReadOptions{Encoding: "klingon"}, csv, `--encoding: unknown encoding "klingon": want a label of the Encoding Standard, such as latin1, windows-1252, iso-8859-15, utf-16, utf-16be, shift_jis`},
		{ReadOptions{}, filepath.Join(dir, "*.txt"), fmt.Sprintf("%q matches no file", filepath.Join(dir, "*.txt"))},
	} {
		notes, err := tt.o.Check(context.Background(), tt.glob)
		got := fmt.Sprint("notes ", notes)
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%+v.Check(%q) = %s, want %s", tt.o, tt.glob, got, tt.want)
		}
	}
}

// TestCoders checks that an Address and a Cleaned value cross the
// runner's coders unchanged.
func TestCoders(t *testing.T) {
	for _, in := range []string{"WWW.Acme.com/?utm_source=x#a", "https://jo:pw@github.com/golang", "http://[::1]:8080/x", "localhost:3000"} {
		a, err := webaddress.Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		back, err := decodeAddress(encodeAddress(a))
		if err != nil || AddressJSON(back) != AddressJSON(a) || !reflect.DeepEqual(back, a) {
			t.Errorf("Address %q: decoded %s, %v", in, AddressJSON(back), err)
		}
		// The same through the messy-cell layer, and cells it changes:
		// the cell, the text and the layer's facts come back.
		for _, cell := range []string{in, "“" + in + "”", "\ufeff" + in, "(" + in + "),", "sales@acme.com", "http//acme.com"} {
			a, err := cells.Parse(cell)
			if err != nil {
				t.Fatalf("ParseCell(%q): %v", cell, err)
			}
			back, err := decodeAddress(encodeAddress(a))
			if err != nil || !reflect.DeepEqual(back, a) {
				t.Errorf("Address of the cell %q: decoded %s, %v; want %s", cell, AddressJSON(back), err, AddressJSON(a))
			}
		}
		c, err := clean.Clean(in, clean.CleanOptions{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := encodeCleaned(Cleaned{c})
		if err != nil {
			t.Fatal(err)
		}
		cback, err := decodeCleaned(b)
		if err != nil || !reflect.DeepEqual(cback.Value(), c) {
			t.Errorf("Cleaned %q: decoded %+v, %v; want %+v", in, cback.Value(), err, c)
		}
	}
	for _, b := range [][]byte{nil, {0, 5, 'a'}, append([]byte{0, 0}, "http://[::1"...)} {
		if _, err := decodeAddress(b); err == nil {
			t.Errorf("%q decodes: a cell longer than the data, or a text that does not parse", b)
		}
	}

	// Groups and failures, the tool's records, cross Beam's schema coder.
	p, s := beam.NewPipelineWithRoot()
	g := Group{Key: "k", Count: 2, First: "f"}
	f := Failure{Input: "i", Step: StepRead, ErrorCode: "record.field-count", Error: "e", File: "a.csv", Line: 7}
	passert.Equals(s, beam.ParDo(s, GroupJSON, beam.Create(s, g)), GroupJSON(g))
	passert.Equals(s, beam.ParDo(s, FailureJSON, beam.Create(s, f)), FailureJSON(f))
	ptest.RunAndValidate(t, p)
}
