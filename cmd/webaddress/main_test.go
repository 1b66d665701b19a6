// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/clean"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"webaddress": func() {
			status := runMain()
			if path := os.Getenv(peakFileEnv); path != "" {
				writePeak(path)
			}
			os.Exit(status)
		},
	})
}

// TestScripts runs the end-to-end tests in testdata/script: each command
// and format on small files. UPDATE_SCRIPTS=1 rewrites their expected
// outputs (review the diff).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") == "1",
		// Each script's directory has the workbook of testdata, which
		// testdata/gen_contacts_xlsx.go writes.
		Setup: func(env *testscript.Env) error {
			data, err := os.ReadFile("testdata/contacts.xlsx")
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(env.WorkDir, "contacts.xlsx"), data, 0o666)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// genrows [-tsv] N BAD FILE writes a table of N rows under the
			// header n,name,site (tab-separated with -tsv): row i is
			// i,Co i,coi.example, but row BAD (if not 0) opens a quote it
			// never closes, as in issue 17.
			"genrows": func(ts *testscript.TestScript, neg bool, args []string) {
				sep := ","
				if len(args) == 4 && args[0] == "-tsv" {
					sep, args = "\t", args[1:]
				}
				if neg || len(args) != 3 {
					ts.Fatalf("usage: genrows [-tsv] N BAD FILE")
				}
				n, err := strconv.Atoi(args[0])
				ts.Check(err)
				bad, err := strconv.Atoi(args[1])
				ts.Check(err)
				var b strings.Builder
				b.WriteString("n" + sep + "name" + sep + "site\n")
				for i := 1; i <= n; i++ {
					if i == bad {
						fmt.Fprintf(&b, "%d%s\"Broken Co%sbroken.example\n", i, sep, sep)
						continue
					}
					fmt.Fprintf(&b, "%d%sCo %d%sco%d.example\n", i, sep, i, sep, i)
				}
				ts.Check(os.WriteFile(ts.MkAbs(args[2]), []byte(b.String()), 0o666))
			},
			// unescape FILE rewrites FILE, whose lines are the text of Go
			// string literals without their quotes, as the bytes they
			// stand for, put together without line ends: so that a
			// script can hold CR-only line ends and bytes that are not
			// UTF-8.
			"unescape": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: unescape FILE")
				}
				name := ts.MkAbs(args[0])
				data, err := os.ReadFile(name)
				ts.Check(err)
				var out strings.Builder
				for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
					s, err := strconv.Unquote(`"` + line + `"`)
					ts.Check(err)
					out.WriteString(s)
				}
				ts.Check(os.WriteFile(name, []byte(out.String()), 0o666))
			},
			// bignote N FILE writes FILE, a table id,note whose row 1 has a
			// quoted note of N lines of 31 x's, and row 2 is 2,after.com.
			// bignote -open N FILE writes one whose row 1 is 1,"opened, a
			// quote never closed, and N rows after it, i,sitei.example
			// for i from 2.
			"bignote": func(ts *testscript.TestScript, neg bool, args []string) {
				open := len(args) == 3 && args[0] == "-open"
				if open {
					args = args[1:]
				}
				if neg || len(args) != 2 {
					ts.Fatalf("usage: bignote [-open] N FILE")
				}
				n, err := strconv.Atoi(args[0])
				ts.Check(err)
				var b strings.Builder
				if open {
					b.WriteString("id,note\n1,\"opened\n")
					for i := 2; i <= n+1; i++ {
						fmt.Fprintf(&b, "%d,site%d.example\n", i, i)
					}
					ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(b.String()), 0o666))
					return
				}
				b.WriteString("id,note\n1,\"")
				for range n {
					b.WriteString(strings.Repeat("x", 31) + "\n")
				}
				b.WriteString("\"\n2,after.com\n")
				ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(b.String()), 0o666))
			},
			// lines FILE N checks that FILE has N lines.
			"lines": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 2 {
					ts.Fatalf("usage: lines FILE N")
				}
				data, err := os.ReadFile(ts.MkAbs(args[0]))
				ts.Check(err)
				got := strconv.Itoa(bytes.Count(data, []byte("\n")))
				if (got == args[1]) == neg {
					ts.Fatalf("%s has %s lines, want %s%s", args[0], got, map[bool]string{true: "not "}[neg], args[1])
				}
			},
			// encode ENCODING FILE writes FILE, UTF-8, in ENCODING: latin1
			// (Windows-1252), or utf-16 (little-endian, with its byte order
			// mark).
			"encode": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: encode ENCODING FILE")
				}
				var e encoding.Encoding
				switch args[0] {
				case "latin1":
					e = charmap.Windows1252
				case "utf-16":
					e = unicode.UTF16(unicode.LittleEndian, unicode.UseBOM)
				default:
					ts.Fatalf("encode: unknown encoding %q", args[0])
				}
				name := ts.MkAbs(args[1])
				data, err := os.ReadFile(name)
				ts.Check(err)
				out, err := e.NewEncoder().Bytes(data)
				ts.Check(err)
				ts.Check(os.WriteFile(name, out, 0o666))
			},
			// bigvalue N FILE writes FILE, a line of an address of N bytes
			// whose host is not valid.
			"bigvalue": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: bigvalue N FILE")
				}
				n, err := strconv.Atoi(args[0])
				ts.Check(err)
				v := "http://[" + strings.Repeat("a", max(n-8, 0))
				ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(v+"\n"), 0o666))
			},
			// size FILE MAX checks that FILE has at most MAX bytes.
			"size": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: size FILE MAX")
				}
				st, err := os.Stat(ts.MkAbs(args[0]))
				ts.Check(err)
				most, err := strconv.ParseInt(args[1], 10, 64)
				ts.Check(err)
				if st.Size() > most {
					ts.Fatalf("%s has %d bytes, more than %d", args[0], st.Size(), most)
				}
			},
			// subst FILE OLD NEW replaces OLD with NEW in FILE, both read
			// as Go string literals without their quotes ("\r\n").
			"subst": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 3 {
					ts.Fatalf("usage: subst FILE OLD NEW")
				}
				unquote := func(s string) string {
					u, err := strconv.Unquote(`"` + s + `"`)
					ts.Check(err)
					return u
				}
				name := ts.MkAbs(args[0])
				data, err := os.ReadFile(name)
				ts.Check(err)
				old, new := unquote(args[1]), unquote(args[2])
				if !strings.Contains(string(data), old) {
					ts.Fatalf("%s has no %q", args[0], old)
				}
				ts.Check(os.WriteFile(name, []byte(strings.ReplaceAll(string(data), old, new)), 0o666))
			},
			// crlf [-bom] FILE gives FILE CRLF line ends, and a UTF-8
			// byte order mark with -bom, as spreadsheets write CSV.
			"crlf": func(ts *testscript.TestScript, neg bool, args []string) {
				bom := len(args) == 2 && args[0] == "-bom"
				if neg || len(args) != 1 && !bom {
					ts.Fatalf("usage: crlf [-bom] FILE")
				}
				name := ts.MkAbs(args[len(args)-1])
				data, err := os.ReadFile(name)
				ts.Check(err)
				data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
				if bom {
					data = append([]byte("\uFEFF"), data...)
				}
				ts.Check(os.WriteFile(name, data, 0o666))
			},
		},
	})
}

// TestOrder runs many rows through several workers: the output keeps the
// input order.
func TestOrder(t *testing.T) {
	var in, want strings.Builder
	for i := range 5000 {
		host := "h" + strings.Repeat("x", i%37) + ".example"
		in.WriteString(host + "/" + string(rune('a'+i%26)) + "\n")
		want.WriteString(host + "/" + string(rune('a'+i%26)) + "\n")
	}
	var out, errOut bytes.Buffer
	if status := run([]string{"key", "--jobs", "7"}, strings.NewReader(in.String()), &out, &errOut); status != 0 {
		t.Fatalf("status %d: %s", status, errOut.String())
	}
	if out.String() != want.String() {
		t.Error("the keys are not in input order")
	}
}

// TestSameRecords checks that the tool's JSON lines are the library's
// records byte for byte, with any number of workers: parse's are
// Address.MarshalJSON's of cells.Parse (with --raw, of Parse), clean's
// Cleaned.MarshalJSON's. (The Beam pipeline's tests check its records
// against the same methods.)
func TestSameRecords(t *testing.T) {
	lines := corpusLines(t, "kasztp.txt")
	lines = append(lines[1:3001:3001], // the first starts with a byte order mark, which the reader drops
		"a\u2028b.example", "x.example/<a>&b", "www.caf\xe9.fr", "example.com:99999",
		"\u201cAcme.com\u201d", "sales@acme.com", "http//acme.com", "localhost:3000")
	input := strings.Join(lines, "\n") + "\n"
	for _, args := range [][]string{{"parse"}, {"parse", "--raw"}, {"clean"}, {"clean", "--raw"}} {
		var out, errOut bytes.Buffer
		if status := run(append(args, "--format", "jsonl", "--jobs", "3", "-q"), strings.NewReader(input), &out, &errOut); status != 0 {
			t.Fatalf("%s: status %d: %s", args, status, errOut.String())
		}
		got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(got) != len(lines) {
			t.Fatalf("%s: %d lines out for %d in", args, len(got), len(lines))
		}
		tidied := 0
		for i, in := range lines {
			var want []byte
			switch {
			case args[0] == "clean" && len(args) == 2: // --raw: R's answers
				c, _ := clean.Clean(in, clean.CleanOptions{})
				want, _ = c.MarshalJSON()
			case args[0] == "clean": // the cell read as parse reads it
				t, err := cells.Options{}.Tidy(in)
				if err != nil {
					continue
				}
				c, _ := clean.Clean(t.Text, clean.CleanOptions{})
				c.Original = in
				want, _ = c.MarshalJSON()
			case len(args) == 1:
				a, err := cells.Parse(in)
				if err != nil {
					continue // no Address to marshal: the record's columns are null
				}
				if a.Cell() != a.Input() {
					tidied++
				}
				want, _ = a.MarshalJSON()
			default:
				a, err := webaddress.Parse(in)
				if err != nil {
					continue
				}
				want, _ = a.MarshalJSON()
			}
			if got[i] != string(want) {
				t.Fatalf("%s %q:\n\t%s\nMarshalJSON:\n\t%s", args, in, got[i], want)
			}
		}
		if args[0] == "parse" && len(args) == 1 && tidied < 3 {
			t.Errorf("%s: only %d values changed by the messy-cell layer, want the 3 added at least", args, tidied)
		}
	}
}
