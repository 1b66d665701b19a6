// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package serve

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onecontact/webaddress/internal/table"
)

// libraryCodes lists the library's error codes, read from its
// testdata/codes.txt, which the library's TestCodes checks against its
// codes: a code added there without plain words here fails TestCodeWords.
func libraryCodes(t *testing.T) []string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "testdata", "codes.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for line := range strings.Lines(string(text)) {
		if line = strings.TrimSpace(line); line != "" && line[0] != '#' {
			codes = append(codes, line)
		}
	}
	return codes
}

// TestCodeWords checks that every code the library and the table's reader
// can return has plain words of its own, not the general ones, and that
// the page has no words for a code nobody returns.
func TestCodeWords(t *testing.T) {
	codes := libraryCodes(t)
	if len(codes) < 14 {
		t.Fatalf("read %d codes from testdata/codes.txt, want at least 14: %q", len(codes), codes)
	}
	for _, c := range []string{
		string(table.CodeBareQuote), string(table.CodeTextAfterQuote),
		string(table.CodeUnclosedQuote), string(table.CodeFieldCount), string(table.CodeTooLong),
	} {
		codes = append(codes, c)
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
