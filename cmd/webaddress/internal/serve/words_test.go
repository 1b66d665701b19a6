// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package serve

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/onecontact/webaddress/internal/table"
)

// libraryCodes lists the values of every constant of type Code in the
// library's errors.go, read from its source so that a code added there
// without plain words here fails TestCodeWords.
func libraryCodes(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), filepath.Join("..", "..", "..", "..", "errors.go"), nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			if id, ok := v.Type.(*ast.Ident); !ok || id.Name != "Code" {
				continue
			}
			for _, e := range v.Values {
				lit, ok := e.(*ast.BasicLit)
				if !ok {
					t.Fatalf("a Code constant that is not a literal: %#v", e)
				}
				c, err := strconv.Unquote(lit.Value)
				if err != nil {
					t.Fatal(err)
				}
				codes = append(codes, c)
			}
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
		t.Fatalf("read %d codes from errors.go, want at least 14: %q", len(codes), codes)
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
