// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package serve

import (
	"bytes"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cmd/webaddress/internal/tool"

	"github.com/onecontact/webaddress/internal/table"
	"github.com/onecontact/webaddress/internal/testfiles"
	"github.com/onecontact/webaddress/lists"
)

// TestCodeWords checks that every code the library and the table's reader
// can return has plain words of its own, not the general ones, and that
// the page has no words for a code nobody returns.
func TestCodeWords(t *testing.T) {
	// The library's codes, which its TestCodes checks against errors.go.
	codes := testfiles.ErrorCodes(t)
	if len(codes) < 14 {
		t.Fatalf("read %d codes from testdata/codes.txt, want at least 14: %q", len(codes), codes)
	}
	for _, c := range []string{
		string(table.CodeBareQuote), string(table.CodeTextAfterQuote),
		string(table.CodeUnclosedQuote), string(table.CodeFieldCount), string(table.CodeTooLong),
	} {
		codes = append(codes, c)
	}
	// What grouping and matching say of an address that gives no key.
	codes = append(codes, string(lists.NotPublicWebsite), string(lists.NonWebScheme), string(lists.KeptApart))
	for r := webaddress.OwnerRule(1); !strings.HasPrefix(r.String(), "OwnerRule("); r++ {
		if !r.HasOwner() {
			codes = append(codes, r.String())
		}
	}
	known := map[string]bool{}
	for _, c := range codes {
		known[c] = true
		if _, ok := codeWords[c]; !ok {
			t.Errorf("code %q has no plain words in codeWords", c)
		}
	}
	for c := range codeWords {
		if !known[c] {
			t.Errorf("codeWords has words for %q, which no error returns", c)
		}
	}
}

// TestSeveralColumns checks that the commands the tool's table says read
// several columns, tried in order, are those it runs with two columns.
func TestSeveralColumns(t *testing.T) {
	for _, c := range tool.Commands() {
		args := []string{c.Name, "--column", "website,email", "--format", "csv"}
		if c.Name == "match" {
			continue // it needs --against; its columns are checked by the browser test
		}
		var out, errb bytes.Buffer
		code := run(args, strings.NewReader("website,email\nacme.com,a@acme.com\n"), &out, &errb)
		if ok := code == 0; ok != c.ReadsSeveralColumns() {
			t.Errorf("webaddress %s: exit %d (%s); the page says it reads several columns: %v", strings.Join(args, " "), code, strings.TrimSpace(errb.String()), c.ReadsSeveralColumns())
		}
	}
	for _, c := range tool.Commands() {
		if c.Name == "match" && !c.ReadsSeveralColumns() {
			t.Errorf("the table says match reads one column")
		}
	}
}
