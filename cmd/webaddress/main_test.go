// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"os"
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

func TestAppendJSONString(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", `""`},
		{`a"b\c`, `"a\"b\\c"`},
		{"a&b<c>", `"a&b<c>"`},
		{"tab\tnl\ncr\r\x01\x1f", `"tab\tnl\ncr\r\u0001\u001f"`},
		{"bücher \xff", `"bücher \ufffd"`},
	} {
		if got := string(appendJSONString(nil, tt.in)); got != tt.want {
			t.Errorf("appendJSONString(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
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
