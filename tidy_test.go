// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bufio"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// cellCase is a case of testdata/tidy/cells.txt.
type cellCase struct {
	line  int
	cell  string
	text  string   // the wanted Text; "" with same
	same  bool     // Text is the cell
	code  Code     // the wanted error's code, or ""
	parts []string // the wanted Parts, for CodeSeveralAddresses
	facts Facts
	key   string // the wanted KeyV1, "!code" for a Parse failure, "" unchecked
}

// readCellCases reads testdata/tidy/cells.txt (its header says the
// format).
func readCellCases(t testing.TB) []cellCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "tidy", "cells.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []cellCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cols := strings.Split(line, "\t")
		if len(cols) != 4 {
			t.Fatalf("cells.txt:%d: %d columns, want 4", n, len(cols))
		}
		c := cellCase{line: n}
		if c.cell, err = strconv.Unquote(cols[0]); err != nil {
			t.Fatalf("cells.txt:%d: cell %s: %v", n, cols[0], err)
		}
		switch want := cols[1]; {
		case want == "=":
			c.same = true
		case strings.HasPrefix(want, "!"):
			code, rest, _ := strings.Cut(want[1:], " ")
			c.code = Code(code)
			for rest != "" {
				q, err := strconv.QuotedPrefix(rest)
				if err != nil {
					t.Fatalf("cells.txt:%d: %q: %v", n, rest, err)
				}
				s, _ := strconv.Unquote(q)
				c.parts = append(c.parts, s)
				rest = strings.TrimPrefix(rest[len(q):], " ")
			}
			if c.code != CodeSeveralAddresses && len(c.parts) == 1 {
				c.text, c.parts = c.parts[0], nil
			}
		default:
			if c.text, err = strconv.Unquote(want); err != nil {
				t.Fatalf("cells.txt:%d: text %s: %v", n, want, err)
			}
		}
		if cols[2] != "-" {
			if err := c.facts.UnmarshalJSON([]byte(`["` + strings.ReplaceAll(cols[2], "|", `","`) + `"]`)); err != nil {
				t.Fatalf("cells.txt:%d: %v", n, err)
			}
		}
		if cols[3] != "-" {
			c.key = cols[3]
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// codeOfErr returns the code of err, or "" for nil.
func codeOfErr(err error) Code {
	var c interface{ Code() Code }
	if errors.As(err, &c) {
		return c.Code()
	}
	if err != nil {
		return "not-a-coded-error"
	}
	return ""
}

// cellFacts returns the facts TestTidyCells compares: Tidy's, and
// FactNotPublicWebsite when Tidied.Parse reports it.
func cellFacts(t Tidied, err error) Facts {
	f := t.Facts
	if err == nil {
		if a, err := t.Parse(); err == nil {
			f |= a.Facts() & FactNotPublicWebsite
		}
	}
	return f
}

// TestTidyCells runs the cells of testdata/tidy/cells.txt through Tidy
// (EmailToWebsite on, as in the command-line tool) and Tidied.Parse, and
// logs how many cells each rule applies to.
func TestTidyCells(t *testing.T) {
	cases := readCellCases(t)
	if len(cases) < 300 {
		t.Errorf("cells.txt has %d cases, want at least 300", len(cases))
	}
	opts := TidyOptions{EmailToWebsite: true}
	seen := map[string]int{}
	for _, c := range cases {
		if prev, ok := seen[c.cell]; ok {
			t.Errorf("cells.txt:%d: the cell %q is also on line %d", c.line, c.cell, prev)
		}
		seen[c.cell] = c.line
		tt, err := Tidy(c.cell, opts)
		if got := codeOfErr(err); got != c.code {
			t.Errorf("cells.txt:%d: Tidy(%q): error %v, want code %q", c.line, c.cell, err, c.code)
			continue
		}
		if tt.Cell != c.cell {
			t.Errorf("cells.txt:%d: Tidy(%q).Cell = %q", c.line, c.cell, tt.Cell)
		}
		switch {
		case c.same && tt.Text != c.cell:
			t.Errorf("cells.txt:%d: Tidy(%q).Text = %q, want the cell unchanged", c.line, c.cell, tt.Text)
		case !c.same && c.text != "" && tt.Text != c.text:
			t.Errorf("cells.txt:%d: Tidy(%q).Text = %q, want %q", c.line, c.cell, tt.Text, c.text)
		}
		if !slices.Equal(tt.Parts, c.parts) {
			t.Errorf("cells.txt:%d: Tidy(%q).Parts = %q, want %q", c.line, c.cell, tt.Parts, c.parts)
		}
		if got := cellFacts(tt, err); got != c.facts {
			t.Errorf("cells.txt:%d: Tidy(%q) facts %q, want %q", c.line, c.cell, got, c.facts)
		}
		if c.key != "" {
			got := "!"
			if a, err := tt.Parse(); err != nil {
				got += string(codeOfErr(err))
			} else {
				got = a.Key(KeyV1)
			}
			if got != c.key {
				t.Errorf("cells.txt:%d: Tidy(%q).Parse() key %q, want %q", c.line, c.cell, got, c.key)
			}
		} else if err == nil {
			t.Errorf("cells.txt:%d: Tidy(%q) succeeds: give its key", c.line, c.cell)
		}
	}
	counts := ruleCounts(func(yield func(string) bool) {
		for _, c := range cases {
			if !yield(c.cell) {
				return
			}
		}
	}, opts)
	t.Logf("rules on the %d cells of cells.txt: %s", len(cases), formatCounts(counts))
	// Every rule has cases of its own.
	for _, r := range tidyRules {
		if counts[r] < 5 {
			t.Errorf("cells.txt has %d cases of %s, want at least 5", counts[r], r)
		}
	}
}

// tidyRules are the names of Tidy's rules as ruleCounts counts them: the
// codes of its failures and the names of its facts.
var tidyRules = []string{
	string(CodeEmpty), string(CodePlaceholder), string(CodeSeveralAddresses), string(CodeEmail),
	string(CodeInvalidUTF8),
	"invisible-removed", "wrapping-removed", "trailing-punctuation-removed", "typo-repaired",
	"link-unwrapped", "email-domain", "opaque-redirect", "not-public-website",
}

// ruleCounts counts the cells each rule applies to: a failure by its
// code, a change or finding by its fact (FactNotPublicWebsite from
// Tidied.Parse); "unchanged" counts the cells that come out as they went
// in, with no fact and no error.
func ruleCounts(cells func(func(string) bool), opts TidyOptions) map[string]int {
	counts := map[string]int{}
	for cell := range cells {
		tt, err := Tidy(cell, opts)
		if err != nil {
			counts[string(codeOfErr(err))]++
		}
		f := cellFacts(tt, err)
		for _, name := range f.Names() {
			counts[name]++
		}
		if err == nil && f == 0 {
			counts["unchanged"]++
		}
	}
	return counts
}

// formatCounts writes counts as "rule=n" in a stable order.
func formatCounts(counts map[string]int) string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		if b.Len() > 0 {
			b.WriteString(" ")
		}
		b.WriteString(k + "=" + strconv.Itoa(counts[k]))
	}
	return b.String()
}

// TestTidyPassThrough runs Tidy (EmailToWebsite on) over every input of
// urltestdata.json that parses as an absolute URL and every line of the
// three corpus files. An input passes through unchanged (Text is the
// input, no error, no fact of a change, and Tidied.Parse gives what
// Parse gives) unless a rule applies; the count of each rule is logged
// and must be the one below, so that a change of behaviour shows up.
// Findings that change nothing (opaque-redirect, not-public-website) are
// counted too; a cell may count under several rules.
func TestTidyPassThrough(t *testing.T) {
	var absolute []string
	for _, c := range wptCases(t) {
		if _, err := ParseURL(c.Input); err == nil {
			absolute = append(absolute, c.Input)
		}
	}
	sets := []struct {
		name   string
		inputs []string
		want   map[string]int
	}{
		// The WPT inputs are edge cases of the Standard, not cells: the
		// rules apply to the controls, quotes and "?" at their ends
		// ("http://host/?'"); most of their hosts are example.com,
		// example.org or one label ("http://f/"), not public websites.
		{"urltestdata.json (absolute URLs)", absolute, map[string]int{
			"unchanged": 458, "invisible-removed": 2, "wrapping-removed": 6, "trailing-punctuation-removed": 5,
			"not-public-website": 179,
		}},
		// kasztp.txt: a byte order mark, "https://" alone, and 16 URLs
		// ending in "?" (an empty query, 12), "." or "!". Three of those
		// are part of the URL ("/wiki/Apple_Inc.", "/wiki/Yahoo!",
		// "~ck=mn."): the rule of issue 18 changes their key, and
		// FactTrailingPunctuationRemoved says so.
		{"kasztp.txt", readCorpus(t, "kasztp.txt"), map[string]int{
			"unchanged": 47992, "invisible-removed": 1, "trailing-punctuation-removed": 16, "web.placeholder": 1,
		}},
		// typed.txt: "mailto:info@example.com", "http://" alone, a quote
		// left at the start, "?" at the end; localhost and 192.168 hosts.
		{"typed.txt", readCorpus(t, "typed.txt"), map[string]int{
			"unchanged": 19852, "not-public-website": 305, "trailing-punctuation-removed": 4, "wrapping-removed": 18, "web.email": 81,
			"web.placeholder": 45,
		}},
		// node_files.txt: file: URLs, which are not websites.
		{"node_files.txt", readCorpus(t, "node_files.txt"), map[string]int{
			"unchanged": 43415,
		}},
	}
	opts := TidyOptions{EmailToWebsite: true}
	for _, set := range sets {
		counts := map[string]int{}
		for _, in := range set.inputs {
			tt, err := Tidy(in, opts)
			if err != nil {
				counts[string(codeOfErr(err))]++
				continue
			}
			a, perr := tt.Parse()
			for _, name := range (tt.Facts | a.Facts()&FactNotPublicWebsite).Names() {
				counts[name]++
			}
			if tt.Facts&changeFacts != 0 {
				continue
			}
			if tt.Text != in || tt.Start != 0 {
				t.Errorf("%s: Tidy(%q) = %q at %d with no fact of a change", set.name, in, tt.Text, tt.Start)
			}
			b, berr := Parse(in)
			if (perr == nil) != (berr == nil) || perr == nil && (a.Canonical() != b.Canonical() || a.Key(KeyV1) != b.Key(KeyV1) ||
				a.Fields() != b.Fields() || a.Facts()&^(FactOpaqueRedirect|FactNotPublicWebsite) != b.Facts()) {
				t.Errorf("%s: Tidied.Parse of the unchanged %q differs from Parse", set.name, in)
			}
			counts["unchanged"]++
		}
		t.Logf("%s, %d inputs: %s", set.name, len(set.inputs), formatCounts(counts))
		if !maps.Equal(counts, set.want) {
			t.Errorf("%s: the rules apply to %s, want %s", set.name, formatCounts(counts), formatCounts(set.want))
		}
	}
}

// tidyHostile build cells of about n bytes from shapes that would make a
// naive Tidy quadratic: a rule that rescans the whole text for each
// character it removes, or rewrites it for each typo.
var tidyHostile = []struct {
	name  string
	build func(n int) string
}{
	{"nested-brackets", func(n int) string { return strings.Repeat("(", n/2) + "acme.com" + strings.Repeat(")", n/2) }},
	{"closing-brackets", func(n int) string { return "acme.com/" + strings.Repeat(")", n) }},
	{"quotes", func(n int) string { return strings.Repeat(`"`, n/2) + "acme.com" + strings.Repeat("'", n/2) }},
	{"dots", func(n int) string { return "acme.com/a" + strings.Repeat(".", n) }},
	{"commas-quotes", func(n int) string { return "acme.com" + strings.Repeat(`",`, n/2) }},
	{"invisible", func(n int) string { return strings.Repeat("\u200b", n/6) + "acme.com" + strings.Repeat("\u200b", n/6) }},
	{"doubled-schemes", func(n int) string { return strings.Repeat("http://", n/7) + "acme.com" }},
	{"scheme-typos", func(n int) string { return strings.Repeat("http//", n/6) + "acme.com" }},
	{"separators", func(n int) string { return strings.Repeat("acme.com ", n/9) }},
	{"words", func(n int) string { return strings.Repeat("acme ", n/5) + "acme.com" }},
	{"at-signs", func(n int) string { return strings.Repeat("a@", n/2) + "acme.com" }},
	{"proofpoint-stars", func(n int) string {
		return "https://urldefense.com/v3/__https://acme.com/" + strings.Repeat("*", n) + "__;" + strings.Repeat("QUFB", n/4) + "!!x$"
	}},
	{"safelinks-percent", func(n int) string {
		return "https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Facme.com%2F" + strings.Repeat("%25", n/3)
	}},
	{"nested-safelinks", func(n int) string {
		s := "https://acme.com/" + strings.Repeat("a", n)
		for range 8 {
			s = "https://eur01.safelinks.protection.outlook.com/?url=" + FormEncode(s)
		}
		return s
	}},
}

// TestTidyHostile checks that Tidy takes time linear in the cell's length
// on each of tidyHostile's shapes: 256 KiB cells must take well under a
// second each, where a quadratic rule would take minutes.
func TestTidyHostile(t *testing.T) {
	if testing.Short() {
		t.Skip("256 KiB cells: not with -short")
	}
	for _, shape := range tidyHostile {
		in := shape.build(256 << 10)
		start := time.Now()
		for _, opts := range []TidyOptions{{}, {EmailToWebsite: true}} {
			if tt, err := Tidy(in, opts); err == nil {
				tt.Parse()
			}
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("Tidy of %s (%d bytes) took %v", shape.name, len(in), d)
		}
	}
}
