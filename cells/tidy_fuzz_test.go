// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
	"errors"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
)

// FuzzTidy checks Tidy on any cell, with KeepEmails on and off: no
// panic; a failure is an *Error whose Input is the cell; Start says where
// Text is in the cell; with no fact of a change, Text is the cell; the
// text is a part of the cell, or of the target of the last wrapped link
// undone, unless a typo was repaired or an e-mail address turned into its
// domain; and a second pass changes nothing: the text comes back as it
// is, with no fact of a change and the same findings, or, for a failure,
// the same code and text.
func FuzzTidy(f *testing.F) {
	for _, s := range tidySeeds(f) {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, cell string, email bool) {
		opts := tidyOptions{emailToWebsite: email}
		var s tidyState
		tt, err := s.tidy(cell, opts)
		target := s.target // the target of the last wrapped link undone
		if tt.Cell != cell {
			t.Fatalf("Tidy(%q).Cell = %q", cell, tt.Cell)
		}
		if tt.Start >= 0 && (tt.Start+len(tt.Text) > len(cell) || cell[tt.Start:tt.Start+len(tt.Text)] != tt.Text) {
			t.Fatalf("Tidy(%q) = %q at %d, which is not there", cell, tt.Text, tt.Start)
		}
		if tt.Facts&changeFacts == 0 && (tt.Text != cell || tt.Start != 0) && err == nil {
			t.Fatalf("Tidy(%q) = %q at %d with no fact of a change", cell, tt.Text, tt.Start)
		}
		if tt.Facts&(webaddress.FactTypoRepaired|webaddress.FactEmailDomain) == 0 && !strings.Contains(cell, tt.Text) &&
			!(tt.Facts.Has(webaddress.FactLinkUnwrapped) && strings.Contains(target, tt.Text)) {
			t.Fatalf("Tidy(%q) = %q, which is in neither the cell nor the target %q", cell, tt.Text, target)
		}
		if (tt.Parts != nil) != errors.Is(err, CodeSeveralAddresses) {
			t.Fatalf("Tidy(%q): Parts %q with error %v", cell, tt.Parts, err)
		}
		for _, p := range tt.Parts {
			if !strings.Contains(tt.Text, p) {
				t.Fatalf("Tidy(%q): part %q is not in %q", cell, p, tt.Text)
			}
		}
		again, err2 := s.tidy(tt.Text, opts)
		if err != nil {
			var e *webaddress.Error
			if !errors.As(err, &e) || e.Input != cell {
				t.Fatalf("Tidy(%q): error %#v is not an *Error with the cell", cell, err)
			}
			if codeOfErr(err2) != e.Code() || again.Text != tt.Text && e.Code() != webaddress.CodeInvalidUTF8 {
				t.Fatalf("Tidy(%q) fails with %v on %q; again, %v on %q", cell, err, tt.Text, err2, again.Text)
			}
			return
		}
		if err2 != nil || again.Text != tt.Text || again.Facts&changeFacts != 0 ||
			again.Facts&webaddress.FactOpaqueRedirect != tt.Facts&webaddress.FactOpaqueRedirect {
			t.Fatalf("Tidy(%q) = %q %v; again: %q %v %v", cell, tt.Text, tt.Facts, again.Text, again.Facts, err2)
		}
		if a, err := tt.Parse(); err == nil && a.Facts()&tt.Facts != tt.Facts {
			t.Fatalf("Tidy(%q).Parse() facts %v lack %v", cell, a.Facts(), tt.Facts)
		}
	})
}

// tidySeeds returns the cells of testdata/tidy/cells.txt, every 50th
// corpus line, and cells made to reach the rules' corners.
func tidySeeds(tb testing.TB) []string {
	var seeds []string
	for _, c := range readCellCases(tb) {
		seeds = append(seeds, c.cell)
	}
	seeds = append(seeds, corpusSeeds(tb)...)
	return append(seeds,
		"\"\"acme.com\"\"\"",             // an odd quote
		"((acme.com)",                    // brackets that do not pair
		"acme.com/(x",                    // an opening bracket inside
		"\"Jane\" <jane@acme.com",        // no closing ">"
		"mailto:",                        // nothing after mailto:
		"@",                              // an "@" alone
		"a@b@c.com",                      // two "@"
		"http//",                         // a typo and nothing after
		"http://http://",                 // a doubled scheme and nothing after
		"https://urldefense.com/v3/__**", // a v3 link cut short
		"https://urldefense.com/v3/__x**A__;QUJD!!$",                                           // a run
		"https://urldefense.com/v3/__x**9__;QUJD!!$",                                           // a run longer than the bytes
		"https://urldefense.com/v3/__x*__;w6k!!$",                                              // a non-ASCII character
		"https://urldefense.com/v3/__x*__;_w!!$",                                               // bytes that are not UTF-8
		"https://urldefense.proofpoint.com/v2/url?u=-E2-82-AC",                                 // no "&d=" or "&c="
		"https://eur01.safelinks.protection.outlook.com/?url=%22https%3A%2F%2Facme.com%2F%22",  // a quoted target
		"https://eur01.safelinks.protection.outlook.com/?url=+https%3A%2F%2Facme.com%2F+",      // spaces around the target
		"https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Facme.com%2F%2C",     // a comma after the target
		"https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fhttp%2F%2Facme.com", // a typo in the target
	)
}
