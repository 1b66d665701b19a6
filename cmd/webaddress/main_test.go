// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"webaddress": main,
	})
}

// TestScripts runs the end-to-end tests in testdata/script: each command
// and format on small files. UPDATE_SCRIPTS=1 rewrites their expected
// outputs (review the diff).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: os.Getenv("UPDATE_SCRIPTS") == "1",
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
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
