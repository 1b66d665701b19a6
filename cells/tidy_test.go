// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
	"bufio"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/data"
	"github.com/onecontact/webaddress/internal/testfiles"
	"github.com/onecontact/webaddress/internal/urlchars"
	"golang.org/x/net/publicsuffix"
)

// cellCase is a case of testdata/tidy/cells.txt.
type cellCase struct {
	line  int
	cell  string
	text  string          // the wanted Text; "" with same
	same  bool            // Text is the cell
	code  webaddress.Code // the wanted error's code, or ""
	parts []string        // the wanted Parts, for CodeSeveralAddresses
	facts webaddress.Facts
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
			c.code = webaddress.Code(code)
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
func codeOfErr(err error) webaddress.Code {
	var c interface{ Code() webaddress.Code }
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
func cellFacts(t Tidied, err error) webaddress.Facts {
	f := t.Facts
	if err == nil {
		if a, err := t.Parse(); err == nil {
			f |= a.Facts() & webaddress.FactNotPublicWebsite
		}
	}
	return f
}

// TestTidyCells runs the cells of testdata/tidy/cells.txt through Tidy
// (the zero Options, as in the command-line tool) and Tidied.Parse, and
// logs how many cells each rule applies to.
func TestTidyCells(t *testing.T) {
	cases := readCellCases(t)
	if len(cases) < 300 {
		t.Errorf("cells.txt has %d cases, want at least 300", len(cases))
	}
	opts := emails
	seen := map[string]int{}
	for _, c := range cases {
		if prev, ok := seen[c.cell]; ok {
			t.Errorf("cells.txt:%d: the cell %q is also on line %d", c.line, c.cell, prev)
		}
		seen[c.cell] = c.line
		tt, err := tidyWith(c.cell, opts)
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
				got = a.Key(webaddress.KeyV1, webaddress.LevelPage)
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
	// Every rule has cases of its own; web.email, an address kept as one,
	// comes only with KeepEmails, which TestTidyEmailOff tests.
	for _, r := range tidyRules {
		if counts[r] < 5 && r != string(CodeEmail) {
			t.Errorf("cells.txt has %d cases of %s, want at least 5", counts[r], r)
		}
	}
}

// tidyRules are the names of Tidy's rules as ruleCounts counts them: the
// codes of its failures and the names of its facts.
var tidyRules = []string{
	string(CodeEmpty), string(CodePlaceholder), string(CodeSeveralAddresses), string(CodeEmail), string(CodeEmailFreeMail), string(CodeEmailNotPublic),
	string(webaddress.CodeInvalidUTF8),
	"invisible-removed", "wrapping-removed", "trailing-punctuation-removed", "typo-repaired",
	"link-unwrapped", "email-domain", "opaque-redirect", "not-public-website",
}

// ruleCounts counts the cells each rule applies to: a failure by its
// code, a change or finding by its fact (FactNotPublicWebsite from
// Tidied.Parse); "unchanged" counts the cells that come out as they went
// in, with no fact and no error.
func ruleCounts(cells func(func(string) bool), opts Options) map[string]int {
	counts := map[string]int{}
	for cell := range cells {
		tt, err := tidyWith(cell, opts)
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

// TestTidyPassThrough runs Tidy (the zero Options) over every input of
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
		if _, err := webaddress.ParseURL(c.Input); err == nil {
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
		// Three have no letter or digit after "http://" ("http://./",
		// "http://../", "http://!\"$&'()*+,-.;=_`{}~/"): placeholders
		// since issue 28, as "-" alone is.
		{"urltestdata.json (absolute URLs)", absolute, map[string]int{
			"unchanged": 455, "invisible-removed": 2, "wrapping-removed": 6, "trailing-punctuation-removed": 5,
			"not-public-website": 176, "web.placeholder": 3,
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
			"unchanged": 19852, "not-public-website": 305, "trailing-punctuation-removed": 4, "wrapping-removed": 18, "web.email-not-public": 81,
			"web.placeholder": 45,
		}},
		// node_files.txt: file: URLs, which are not websites.
		{"node_files.txt", readCorpus(t, "node_files.txt"), map[string]int{
			"unchanged": 43415,
		}},
	}
	opts := emails
	for _, set := range sets {
		counts := map[string]int{}
		for _, in := range set.inputs {
			tt, err := tidyWith(in, opts)
			if err != nil {
				counts[string(codeOfErr(err))]++
				continue
			}
			a, perr := tt.Parse()
			for _, name := range (tt.Facts | a.Facts()&webaddress.FactNotPublicWebsite).Names() {
				counts[name]++
			}
			if tt.Facts&changeFacts != 0 {
				continue
			}
			if tt.Text != in || tt.Start != 0 {
				t.Errorf("%s: Tidy(%q) = %q at %d with no fact of a change", set.name, in, tt.Text, tt.Start)
			}
			b, berr := webaddress.Parse(in)
			if (perr == nil) != (berr == nil) || perr == nil && (a.Canonical() != b.Canonical() || a.Key(webaddress.KeyV1, webaddress.LevelPage) != b.Key(webaddress.KeyV1, webaddress.LevelPage) ||
				a.Fields() != b.Fields() || a.Facts()&^(webaddress.FactOpaqueRedirect|webaddress.FactNotPublicWebsite) != b.Facts()) {
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
			s = "https://eur01.safelinks.protection.outlook.com/?url=" + formEncode(s)
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
		for _, opts := range []Options{keepEmails, emails} {
			if tt, err := tidyWith(in, opts); err == nil {
				tt.Parse()
			}
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("Tidy of %s (%d bytes) took %v", shape.name, len(in), d)
		}
	}
}

// TestTidyEmailOff checks e-mail addresses with KeepEmails: each
// is a CodeEmail error whose Text is the address and whose Start says
// where it is; a URL with user info is not an e-mail address.
func TestTidyEmailOff(t *testing.T) {
	tests := []struct {
		in    string
		want  string // Text
		start int
		code  webaddress.Code
	}{
		// A company's address: no website with KeepEmails.
		{"sales@acme.com", "sales@acme.com", 0, CodeEmail},
		// mailto: and its query go.
		{"mailto:sales@acme.com?subject=Hello", "sales@acme.com", 7, CodeEmail},
		// A display name goes.
		{"Sales <sales@acme.com>", "sales@acme.com", 7, CodeEmail},
		// Quotes around it go first.
		{`"sales@acme.com"`, "sales@acme.com", 1, CodeEmail},
		// A free-mail address too (with EmailToWebsite it is
		// CodeEmailFreeMail), and one after a scheme.
		{"jane@gmail.com", "jane@gmail.com", 0, CodeEmail},
		{"http://shop@gmail.com", "shop@gmail.com", 7, CodeEmail},
		// A scheme makes it a URL with user info.
		{"https://sales@acme.com/", "https://sales@acme.com/", 0, ""},
		// So do a password and a path.
		{"user:pw@acme.com", "user:pw@acme.com", 0, ""},
		{"sales@acme.com/contact", "sales@acme.com/contact", 0, ""},
		// Two "@": not an e-mail address Tidy reads.
		{"a@b@acme.com", "a@b@acme.com", 0, ""},
	}
	for _, tt := range tests {
		got, err := tidyWith(tt.in, keepEmails)
		if code := codeOfErr(err); code != tt.code || got.Text != tt.want || got.Start != tt.start {
			t.Errorf("Tidy(%q) = %q at %d, %v; want %q at %d, code %q", tt.in, got.Text, got.Start, err, tt.want, tt.start, tt.code)
		}
	}
}

// TestTidyErrors checks Tidy's and ParseCell's errors: an *Error of the
// family, errors.Is with its code, Input the cell, Offset where the
// failure is, and the message.
func TestTidyErrors(t *testing.T) {
	tests := []struct {
		in     string
		code   webaddress.Code
		offset int
		msg    string
	}{
		// An empty cell.
		{"  ", CodeEmpty, 0, `web.empty: "  ": the cell is empty`},
		// A placeholder, at its place in the cell.
		{` "N/A"`, CodePlaceholder, 2, `web.placeholder: " \"N/A\"": "N/A" is a placeholder, not an address`},
		// Several addresses: the offset of the first separator.
		{"acme.com, globex.com", CodeSeveralAddresses, 8, `web.several-addresses: "acme.com, globex.com": 2 addresses: "acme.com", "globex.com"`},
		// The parts named are five at most.
		{"a.com b.com c.com d.com e.com f.com", CodeSeveralAddresses, 5,
			`web.several-addresses: "a.com b.com c.com d.com e.com f.com": 6 addresses: "a.com", "b.com", "c.com", "d.com", "e.com", …`},
		// An e-mail address: the offset of its "@".
		// A free-mail one, and one at a domain that is not public: codes
		// of their own, apart from web.email (an address kept as one).
		{"Jane <jane@gmail.com>", CodeEmailFreeMail, 10, `web.email-free-mail: "Jane <jane@gmail.com>": an e-mail address at gmail.com, a free-mail or Internet-provider domain`},
		{"http://shop@gmail.com/", CodeEmailFreeMail, 11, `web.email-free-mail: "http://shop@gmail.com/": an e-mail address at gmail.com, a free-mail or Internet-provider domain, written after http://`},
		{"info@acme.local", CodeEmailNotPublic, 4, `web.email-not-public: "info@acme.local": an e-mail address at acme.local, a reserved name`},
		{"info@acme.zz", CodeEmailNotPublic, 4, `web.email-not-public: "info@acme.zz": an e-mail address at acme.zz, which has no public suffix`},
		{"info@agency.govv", CodeEmailNotPublic, 4, `web.email-not-public: "info@agency.govv": an e-mail address at agency.govv, which has no public suffix`},
		// Invalid UTF-8: Parse's error, at the first bad byte.
		{"acme\xff.com", webaddress.CodeInvalidUTF8, 4, `web.invalid-utf8: "acme\xff.com": invalid UTF-8 at byte 4 ("\xff")`},
		// Wrapping past maxTrims.
		{strings.Repeat("(", 70) + "acme.com", webaddress.CodeInvalidURL, 0, ""},
	}
	for _, tt := range tests {
		for _, parse := range []bool{false, true} {
			var err error
			if parse {
				_, err = parseWith(tt.in, emails)
			} else {
				_, err = tidyWith(tt.in, emails)
			}
			var e *webaddress.Error
			if !errors.As(err, &e) || !errors.Is(err, tt.code) || e.Code() != tt.code {
				t.Errorf("Tidy(%q): %v, want an *Error with code %q", tt.in, err, tt.code)
				continue
			}
			if e.Input != tt.in || e.Offset != tt.offset || tt.msg != "" && e.Error() != tt.msg {
				t.Errorf("Tidy(%q): %q (input %q, offset %d), want %q at %d", tt.in, e.Error(), e.Input, e.Offset, tt.msg, tt.offset)
			}
		}
	}
	// A failure of Parse on the tidied text is Parse's, on that text.
	_, err := parseWith(`"acme .com"`, keepEmails)
	var e *webaddress.Error
	if !errors.As(err, &e) || e.Code() != webaddress.CodeInvalidHost || e.Input != "acme .com" {
		t.Errorf(`parseWith("\"acme .com\""): %v, want web.invalid-host on "acme .com"`, err)
	}
}

// TestTidyCellSpan checks that the spans of the Address Tidied.Parse
// returns are spans of the text, and CellSpan maps them to the cell.
func TestTidyCellSpan(t *testing.T) {
	tests := []struct {
		cell  string
		start int    // Tidied.Start
		host  string // the host as the cell has it, "" when not in it
	}{
		// Nothing changed: the spans are the cell's already.
		{"  https://Acme.com/x ", 0, "Acme.com"},
		// Quotes and a period removed: the text is a part of the cell.
		{` "https://Acme.com/x".`, 2, "Acme.com"},
		// An invisible character: three bytes.
		{"\u200bacme.com/about", 3, "acme.com"},
		// A typo repaired: the text is not in the cell.
		{"http//acme.com", -1, ""},
		// A link unwrapped: neither.
		{"https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Facme.com%2F", -1, ""},
	}
	for _, tt := range tests {
		td, err := tidyWith(tt.cell, keepEmails)
		if err != nil || td.Start != tt.start {
			t.Errorf("Tidy(%q) = %+v, %v; want Start %d", tt.cell, td, err, tt.start)
			continue
		}
		a, err := td.Parse()
		if err != nil {
			t.Errorf("Tidy(%q).Parse(): %v", tt.cell, err)
			continue
		}
		if a.Input() != td.Text {
			t.Errorf("Tidy(%q).Parse().Input() = %q, want %q", tt.cell, a.Input(), td.Text)
		}
		h := a.Fields().Host
		if got := td.Text[h.Start:h.End]; !strings.EqualFold(got, "acme.com") {
			t.Errorf("Tidy(%q): host span %v of the text is %q", tt.cell, h, got)
		}
		s := td.CellSpan(h)
		switch {
		case tt.host == "" && s != (webaddress.Span{Start: -1, End: -1}):
			t.Errorf("Tidy(%q).CellSpan(%v) = %v, want {-1, -1}", tt.cell, h, s)
		case tt.host != "" && (!s.IsPresent() || tt.cell[s.Start:s.End] != tt.host):
			t.Errorf("Tidy(%q).CellSpan(%v) = %v, want the span of %q", tt.cell, h, s, tt.host)
		}
	}
	if s := (Tidied{Start: 3}).CellSpan(webaddress.Span{Start: -1, End: -1}); s != (webaddress.Span{Start: -1, End: -1}) {
		t.Errorf("CellSpan of an absent span = %v", s)
	}
}

// TestTidyNestedLinks checks the bound on wrapped links: up to maxUnwrap
// wrappers, one inside the other, are undone; one more is left with
// FactOpaqueRedirect.
func TestTidyNestedLinks(t *testing.T) {
	const target = "https://acme.com/"
	link := target
	for depth := 1; depth <= maxUnwrap+2; depth++ {
		if depth%2 == 0 {
			link = "https://l.facebook.com/l.php?u=" + formEncode(link)
		} else {
			link = "https://eur01.safelinks.protection.outlook.com/?url=" + formEncode(link) + "&reserved=0"
		}
		got, err := tidyWith(link, keepEmails)
		want, facts := target, webaddress.FactLinkUnwrapped
		if depth > maxUnwrap {
			// What is left after maxUnwrap wrappers were undone.
			want, facts = link, webaddress.FactLinkUnwrapped|webaddress.FactOpaqueRedirect
			for range maxUnwrap {
				want, _, _ = unwrapLink(want)
			}
		}
		if err != nil || got.Text != want || got.Facts != facts {
			t.Errorf("%d wrappers: Tidy = %q %v, %v; want %q %v", depth, got.Text, got.Facts, err, want, facts)
		}
	}
}

// TestProofpoint checks the decoding of Proofpoint URL Defense links
// beyond the vendor's published examples of cells.txt: the v3 tokens, and
// where the vendor's decoder would fail.
func TestProofpoint(t *testing.T) {
	tests := []struct {
		in, want string // want "" for a link whose target cannot be read
	}{
		// v3: each "*" takes the next character of the bytes ("QUJD" is
		// "ABC").
		{"/v3/__https://acme.com/x*y*z__;QUJD!!sig$", "https://acme.com/xAyBz"},
		// "**B" takes three characters at once.
		{"/v3/__https://acme.com/a**Bz__;QUJD!!sig$", "https://acme.com/aABCz"},
		// A "**" at the end is two "*".
		{"/v3/__https://acme.com/a**__;QUJD!!sig$", "https://acme.com/aAB"},
		// The bytes are UTF-8: "w6k" is "é".
		{"/v3/__https://acme.com/caf*__;w6k!!sig$", "https://acme.com/café"},
		// Padding is optional.
		{"/v3/__https://acme.com/*__;Kw==!!sig$", "https://acme.com/+"},
		// The URL is percent-decoded first: "%2A" is a "*" too, as in the
		// vendor's decoder.
		{"/v3/__https://acme.com/a%2A__;QQ!!sig$", "https://acme.com/aA"},
		// No "*": the bytes are not needed.
		{"/v3/__https://acme.com/__;!!sig$", "https://acme.com/"},
		// Fewer characters than tokens.
		{"/v3/__https://acme.com/***__;QUI!!sig$", ""},
		// A run longer than the characters left ("9" is 63).
		{"/v3/__https://acme.com/**9__;QUJD!!sig$", ""},
		// A character that is no run length.
		{"/v3/__https://acme.com/**.__;QUJD!!sig$", ""},
		// Bytes that are not base64, or not UTF-8.
		{"/v3/__https://acme.com/*__;Q!!sig$", ""},
		{"/v3/__https://acme.com/*__;_w!!sig$", ""},
		// No "__;", or no "!" after it.
		{"/v3/__https://acme.com/", ""},
		{"/v3/__https://acme.com/__;QUJD", ""},
		// v2: "-" is "%" and "_" is "/", then percent- and HTML-decoded.
		{"/v2/url?u=https-3A__acme.com_a-5Fb-3Fx-3D1-26amp-3By-3D2&d=DwM&c=x", "https://acme.com/a_b?x=1&y=2"},
		// v2 up to the first "&c=" when it comes before "&d=".
		{"/v2/url?u=https-3A__acme.com_&c=x&d=y", "https://acme.com/"},
		// v2 without "&d=" or "&c=".
		{"/v2/url?u=https-3A__acme.com_", ""},
		// v1: the URL as it is, up to "&k=".
		{"/v1/url?u=https://acme.com/?a=1&b=2&k=abc&r=x", "https://acme.com/?a=1&b=2"},
		// v1 without "&k=": the rest of the query.
		{"/v1/url?u=https%3A%2F%2Facme.com%2F", "https://acme.com/"},
		// No u.
		{"/v1/url?k=abc", ""},
	}
	for _, tt := range tests {
		got, found, ok := unwrapProofpoint(tt.in)
		if !found || ok != (tt.want != "") || got != tt.want {
			t.Errorf("unwrapProofpoint(%q) = %q, %v, %v; want %q", tt.in, got, found, ok, tt.want)
		}
	}
	// Another page of the site is no wrapped link.
	if _, found, _ := unwrapProofpoint("/about"); found {
		t.Errorf(`unwrapProofpoint("/about") is a wrapped link`)
	}
}

// TestTidyNoAllocs checks that Tidy allocates nothing for a cell no rule
// applies to, on the lines of kasztp.txt, but for a cell with a separator
// whose parts all look like domain names, which Tidy looks up in the
// Public Suffix List (through webaddress.PublicSuffix and its cache of
// look-ups): two lines, ".../article59Silk&amp;Wool.html" and
// ".../Schoko&amp;Co.html", with one allocation each (three each when the
// layer called x/net/publicsuffix itself).
func TestTidyNoAllocs(t *testing.T) {
	var clean []string
	for _, l := range readCorpus(t, "kasztp.txt") {
		if tt, err := tidyWith(l, emails); err == nil && tt.Facts == 0 {
			clean = append(clean, l)
		}
	}
	if n := testing.AllocsPerRun(3, func() {
		for _, l := range clean {
			tidyWith(l, emails)
		}
	}); n != 2 {
		t.Errorf("Tidy of %d clean kasztp.txt lines: %v allocations, want 2", len(clean), n)
	}
	for _, l := range []string{"https://acme.com/", "www.acme.com/about#Our Team", "https://acme.com/?a=1&amp;b=2"} {
		if n := testing.AllocsPerRun(10, func() { tidyWith(l, keepEmails) }); n != 0 {
			t.Errorf("Tidy(%q): %v allocations, want 0", l, n)
		}
	}
}

// BenchmarkTidy runs Tidy over every line of kasztp.txt (clean addresses,
// the common case) and typed.txt, reporting ns/cell and allocs/cell, and
// over the cells of testdata/tidy/cells.txt.
func BenchmarkTidy(b *testing.B) {
	cells := map[string][]string{
		"kasztp": readCorpus(b, "kasztp.txt"),
		"typed":  readCorpus(b, "typed.txt"),
	}
	for _, c := range readCellCases(b) {
		cells["cells"] = append(cells["cells"], c.cell)
	}
	opts := emails
	for _, name := range []string{"kasztp", "typed", "cells"} {
		b.Run(name, func(b *testing.B) {
			lines := cells[name]
			b.ReportAllocs()
			for b.Loop() {
				for _, l := range lines {
					tidyWith(l, opts)
				}
			}
			n := float64(b.N) * float64(len(lines))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/cell")
		})
	}
}

// TestKeyV2NotAnAddress: what the messy-cell layer says is not an address
// has no webaddress.KeyV2 key, since it has no Address.
func TestKeyV2NotAnAddress(t *testing.T) {
	for _, cell := range []string{"N/A", "  tbd ", "sales@acme.com", "acme.com, globex.com", "-"} {
		a, err := keepEmails.Parse(cell)
		if err == nil || a.IsValid() || a.Key(webaddress.KeyV2, webaddress.LevelPage) != "" {
			t.Errorf("ParseCell(%q) = %q (key %q), %v; want an error and no key", cell, a.Canonical(), a.Key(webaddress.KeyV2, webaddress.LevelPage), err)
		}
	}
	// A host without a public suffix is an address, with a fact and a key.
	a, err := keepEmails.Parse("localhost:3000/x")
	if err != nil || !a.Facts().Has(webaddress.FactNotPublicWebsite) || a.Key(webaddress.KeyV2, webaddress.LevelPage) != "localhost:3000/x" {
		t.Errorf("ParseCell(localhost:3000/x) = %q [%s] key %q, %v", a.Canonical(), a.Facts(), a.Key(webaddress.KeyV2, webaddress.LevelPage), err)
	}
}

// TestFreeMailDomains: the providers' domains that e-mail addresses are
// told by are in the list the messy-cell layer reads.
func TestFreeMailDomains(t *testing.T) {
	for _, d := range []string{"wi.rr.com", "comcastbiz.net", "frontier.com", "centurytel.net", "tds.net", "windstream.net", "gmail.com"} {
		if !freeMailDomains()[d] {
			t.Errorf("%s is not a free-mail or provider domain", d)
		}
	}
}

// emailAndHostDomains returns the domain of every e-mail address, and
// every host that an e-mail address could have, of the cells of
// testdata/tidy/cells.txt and the lines of the corpus files.
func emailAndHostDomains(t *testing.T) []string {
	var domains []string
	add := func(text string) {
		if _, _, d, ok := emailOf(text); ok {
			domains = append(domains, d)
		}
		if h, _ := hostOf(text); isDomainName(h) {
			domains = append(domains, h)
		}
	}
	for _, c := range readCellCases(t) {
		add(c.cell)
	}
	for _, name := range append(testfiles.CorpusFiles, "unique_hosts.txt") {
		for _, l := range readCorpus(t, name) {
			add(l)
		}
	}
	return domains
}

// TestRegistrableOf checks registrableOf, which the e-mail step asks for
// a domain's registrable domain, against x/net's EffectiveTLDPlusOne: on
// the domain of every e-mail address of the corpus files (typed.txt among
// them) and of testdata/tidy/cells.txt, on every host of the corpus that
// an e-mail address could have, and on each of their parent domains.
func TestRegistrableOf(t *testing.T) {
	domains := emailAndHostDomains(t)
	n := 0
	for _, d := range domains {
		d = strings.ToLower(d)
		if !urlchars.IsASCII(d) {
			continue
		}
		for ; ; n++ {
			want, err := publicsuffix.EffectiveTLDPlusOne(d)
			if got, ok := registrableOf(d); got != want || ok != (err == nil) {
				t.Errorf("registrableOf(%q) = %q, %v; EffectiveTLDPlusOne: %q, %v", d, got, ok, want, err)
			}
			i := strings.IndexByte(d, '.')
			if i < 0 {
				break
			}
			d = d[i+1:]
		}
	}
	if n < 10000 {
		t.Errorf("%d domains checked, want more", n)
	}
}

// TestHostEnd checks hostEnd, which reads eight bytes at a time, against
// a byte loop, on every line of the corpus files and on strings with each
// byte that ends a host, and "@", at every place.
func TestHostEnd(t *testing.T) {
	slow := func(s string) (end, at int) {
		at = -1
		for ; end < len(s) && !hostEnds[s[end]]; end++ {
			if s[end] == '@' {
				at = end
			}
		}
		return end, at
	}
	inputs := []string{"", "@", "a@A", "@A@A@A@A@A@A", "user@example.com:8080/x", "ünï@cödé.de/x"}
	for _, name := range append(testfiles.CorpusFiles, "unique_hosts.txt") {
		inputs = append(inputs, readCorpus(t, name)...)
	}
	for _, c := range []byte("/?#:\\ @A\x80\xff") {
		for n := range 20 {
			for _, base := range []string{"abcdefghijklmnopqrstuvwxyz", "a@b@c@d@e@f@g@h@i@j@k@l@"} {
				b := []byte(base[:n])
				b = append(b, c)
				b = append(b, base[n:]...)
				inputs = append(inputs, string(b))
			}
		}
	}
	for _, in := range inputs {
		for i := 0; i <= len(in) && i < 16; i++ {
			s := in[i:]
			end, at := hostEnd(s)
			wantEnd, wantAt := slow(s)
			if end != wantEnd || at != wantAt {
				t.Fatalf("hostEnd(%q) = %d, %d; want %d, %d", s, end, at, wantEnd, wantAt)
			}
		}
	}
}

// TestSubdomainOwner checks subdomainOwner, which the e-mail step asks
// for the owner of a subdomain's website, against the rule Levels gives
// (a site platform's or a state portal's tenant, a locality's branch), on
// every subdomain of the corpus files' hosts and e-mail domains and of
// testdata/tidy/cells.txt, and on domains of each such rule.
func TestSubdomainOwner(t *testing.T) {
	domains := append([]string{"acme.wordpress.com", "omes.ok.gov", "ci.alamosa.co.us", "city.chiyoda.tokyo.lg.jp",
		"acme.mail.onmicrosoft.com", "www.acme.wordpress.com", "mail.facebook.com", "www.bit.ly", "sales.acme.co.uk"},
		emailAndHostDomains(t)...)
	n, rules := 0, map[webaddress.OwnerRule]int{}
	for _, d := range domains {
		d = strings.ToLower(d)
		reg, ok := registrableOf(d)
		if !urlchars.IsASCII(d) || !ok || len(d) <= len(reg) {
			continue
		}
		a, err := webaddress.Parse(d)
		if err != nil {
			continue
		}
		want, wantOK := "", false
		lv := a.Levels()
		if lv.Rule == webaddress.OwnerPlatform || lv.Rule == webaddress.OwnerLocality {
			want, wantOK = lv.Owner, true
		}
		rules[lv.Rule]++
		if got, ok := subdomainOwner(d, reg); got != want || ok != wantOK {
			t.Errorf("subdomainOwner(%q, %q) = %q, %v; Levels: %q by %v", d, reg, got, ok, lv.Owner, lv.Rule)
		}
		n++
	}
	for _, r := range []webaddress.OwnerRule{webaddress.OwnerDomain, webaddress.OwnerPlatform, webaddress.OwnerLocality, webaddress.NoOwnerNetwork, webaddress.NoOwnerShortener} {
		if rules[r] == 0 {
			t.Errorf("no subdomain of rule %v among the %d checked", r, n)
		}
	}
}

// TestFreeMailFilter checks that the filter in front of freeMailDomains
// has every one of them, and passes few of the corpus's other hosts.
func TestFreeMailFilter(t *testing.T) {
	f := freeMailFilter()
	for d := range freeMailDomains() {
		if !f.mayHave(d) {
			t.Fatalf("the free-mail filter has not %s", d)
		}
	}
	n, passed := 0, 0
	for _, l := range readCorpus(t, "unique_hosts.txt") {
		if h := strings.ToLower(l); !freeMailDomains()[h] {
			n++
			if f.mayHave(h) {
				passed++
			}
		}
	}
	if n < 1000 || passed*20 > n {
		t.Errorf("the free-mail filter passed %d of %d hosts that are not free-mail domains", passed, n)
	}
}

// TestTidyListingCells: a listing written as CRM exports write cells
// (quoted, bracketed, with trailing punctuation, tracking parameters,
// wrapped by Safe Links) has the listing's owner, and an e-mail address
// at the platform's domain has the platform's.
func TestTidyListingCells(t *testing.T) {
	for _, tt := range []struct{ cell, owner string }{
		{`"https://apps.apple.com/us/app/slack/id1232780281?utm_source=crm"`, "apps.apple.com/app/id1232780281"},
		{"<itunes.apple.com/gb/app/slack-for-desktop/id1232780281>.", "apps.apple.com/app/id1232780281"},
		{" play.google.com/store/apps/details?id=com.acme.app&hl=en ", "play.google.com/store/apps/details?id=com.acme.app"},
		{"(chrome.google.com/webstore/detail/acme/lneaknkopdijkpnocmklfnjbeapigfbh)", "chromewebstore.google.com/detail/lneaknkopdijkpnocmklfnjbeapigfbh"},
		{"WWW.MICROSOFT.COM/store/apps/9N0DX20HK701", "apps.microsoft.com/detail/9n0dx20hk701"},
		{"addons.mozilla.org/en-US/firefox/addon/acme-tabs/;", "addons.mozilla.org/addon/acme-tabs"},
		{"https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.yelp.co.uk%2Fbiz%2Facme-bakery-london&data=x", "yelp.com/biz/acme-bakery-london"},
		{"ycombinator.com/companies/acme,", "ycombinator.com/companies/acme"},
		{"www.tripadvisor.com/Hotel_Review-g1-d231860-Reviews-Acme.html", "tripadvisor.com/d231860"},
		{"maps.google.com/?cid=3671640934368876173", "maps.google.com/?cid=3671640934368876173"},
		{"tim@apple.com", "apple.com"},
		{"apple.com/iphone", "apple.com"},
	} {
		td, err := emails.Tidy(tt.cell)
		if err != nil {
			t.Errorf("Tidy(%q): %v", tt.cell, err)
			continue
		}
		a, err := td.Parse()
		if err != nil {
			t.Errorf("Tidy(%q).Parse(): %v", tt.cell, err)
			continue
		}
		if lv := a.Levels(); lv.Owner != tt.owner || lv.Site != tt.owner && lv.Rule == webaddress.OwnerListing {
			t.Errorf("Tidy(%q): %q has site %q owner %q (%v), want owner %q", tt.cell, td.Text, lv.Site, lv.Owner, lv.Rule, tt.owner)
		}
	}
}

// TestFreeMailReview: every entry of the generated free-mail list under
// an education, research or government name has a decision in
// free_mail_review.txt; each decision is on an entry of that list and of
// no curated list; and the entries taken out are not free mail.
func TestFreeMailReview(t *testing.T) {
	public := regexp.MustCompile(`(^|\.)((edu|gov|mil|int)|(edu|ac|gov|govt|gouv|gob|go|mil|sch)\.[a-z]{2})$`)
	list := map[string]bool{}
	for _, d := range readAll(data.FreeMailList) {
		list[d.Domain] = true
	}
	curated := data.DomainSet(256, data.FreeMail, data.FreeMailSites)
	reviewed := map[string]bool{}
	out := 0
	for _, r := range readAll(data.FreeMailReview) {
		reviewed[r.Domain] = true
		if !list[r.Domain] || curated[r.Domain] {
			t.Errorf("free_mail_review.txt: %s is not an entry of free_mail_list.txt alone", r.Domain)
		}
		if r.Out {
			out++
			if freeMailDomains()[r.Domain] {
				t.Errorf("%s is taken out, and still free mail", r.Domain)
			}
		} else if !freeMailDomains()[r.Domain] {
			t.Errorf("%s is kept, and not free mail", r.Domain)
		}
	}
	for d := range list {
		if public.MatchString(d) && !reviewed[d] {
			t.Errorf("free_mail_list.txt: %s is under an education, research or government name, and free_mail_review.txt has no decision on it", d)
		}
	}
	if out < 2 || !reviewed["unican.es"] || !reviewed["nus.edu.sg"] {
		t.Errorf("free_mail_review.txt takes %d entries out", out)
	}
}
