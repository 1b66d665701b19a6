// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/onecontact/webaddress/internal/idnacase"
	"github.com/onecontact/webaddress/internal/testfiles"
	"golang.org/x/net/idna"
)

func main() {
	var err error
	switch {
	case len(os.Args) == 2 && os.Args[1] == "gen":
		err = gen(os.Stdout)
	case len(os.Args) == 4 && os.Args[1] == "compare":
		err = compare(os.Stdout, os.Args[2], os.Args[3])
	default:
		err = fmt.Errorf("usage: idnadiff gen >questions.jsonl | idnadiff compare questions.jsonl answers.jsonl")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "idnadiff:", err)
		os.Exit(1)
	}
}

// question is one line of gen's output.
type question struct {
	Kind  string `json:"kind"` // "url", "ascii" or "unicode"
	Input string `json:"input"`
}

// answer is one line of oracle.js's output.
type answer struct {
	Href   *string  `json:"href"`   // url: the href, or null for failure
	Errors []string `json:"errors"` // url: the validation errors' names
	Result *string  `json:"result"` // ascii: the result, or null for failure; unicode: the result
	Error  bool     `json:"error"`  // unicode: whether an error was recorded
}

// gen writes the questions, one JSON object a line.
func gen(w io.Writer) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	for _, h := range hosts() {
		for _, q := range []question{{"url", "https://" + h + "/"}, {"ascii", h}, {"unicode", h}} {
			if err := enc.Encode(q); err != nil {
				return err
			}
		}
	}
	// The linter's validation errors and the parser on inputs of every
	// kind: the web-platform-tests inputs without a base, and the corpus.
	inputs, err := wptInputs()
	if err != nil {
		return err
	}
	for _, name := range []string{"kasztp.txt", "node_files.txt", "typed.txt", "unique_hosts.txt"} {
		lines, err := testfiles.CorpusLines(name)
		if err != nil {
			return err
		}
		inputs = append(inputs, lines...)
	}
	seen := map[string]bool{}
	for _, in := range inputs {
		if seen[in] || !utf8.ValidString(in) {
			continue // the oracle reads UTF-16 strings, which hold no bytes that are not UTF-8
		}
		seen[in] = true
		if err := enc.Encode(question{"url", in}); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// wptInputs returns the inputs of urltestdata.json that have no base.
func wptInputs() ([]string, error) {
	data, err := os.ReadFile(filepath.Join(testfiles.WPTDir(), "urltestdata.json"))
	if err != nil {
		return nil, err
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(data, &entries); err != nil {
		return nil, err
	}
	var inputs []string
	for _, e := range entries {
		var c struct {
			Input *string         `json:"input"`
			Base  json.RawMessage `json:"base"`
		}
		if json.Unmarshal(e, &c) == nil && c.Input != nil && (c.Base == nil || string(c.Base) == "null") {
			inputs = append(inputs, *c.Input)
		}
	}
	return inputs, nil
}

// hosts returns the generated hosts, each once, in a fixed order.
func hosts() []string {
	var out []string
	seen := map[string]bool{}
	add := func(h string) {
		if h != "" && !seen[h] {
			seen[h] = true
			out = append(out, h)
		}
	}
	// Labels that start with "xn--": of every length, each prefix of the
	// Punycode of a seed; and spoilt: a letter, digit or hyphen more, each
	// code point replaced or left out, a code point that is not ASCII
	// inside, upper case, the prefix twice.
	for _, l := range punycodeLabels() {
		for _, h := range []string{l, l + ".example", "a." + l, "ä." + l, l + ".ä", l + "\u3002example"} {
			add(h)
		}
	}
	// Labels that map to "xn--" (or nearly), then a rest.
	for _, p := range xnSpellings {
		for _, rest := range []string{"", "zca", "a", "a-", "-", "xn---epa", "mnchen-3ya", "ß", "zca-", "1ug"} {
			add(p + rest)
			add(p + rest + ".example")
			add("é." + p + rest)
		}
	}
	// Mixed scripts: every pair of the pieces, as one label and as two.
	for _, a := range scriptPieces {
		for _, b := range scriptPieces {
			add(a + b + ".com")
			add(a + "." + b)
			add(a + "-" + b + ".example")
		}
	}
	// Hyphens in the third and fourth positions, or first or last, counted
	// in code points and in bytes.
	for _, l := range hyphenLabels {
		add(l + ".example")
		add("é." + l)
	}
	// IPv4 addresses spelled with digits and dots that map to ASCII ones.
	for _, h := range ipv4Spellings() {
		add(h)
	}
	return out
}

// seeds are Unicode labels, valid and not, whose Punycode gen spells.
var seeds = []string{
	"ß", "é", "bücher", "münchen", "пример", "例え", "☕", "ü", "ς",
	"aא", "א", "אב", "\u0627\u0644", "a\u0660\u06f0", "\u05d00\u0660", "1\u05d0",
	"e\u0301", "\u0301a", "a\u0308", // not NFC; a combining mark first; NFC after all
	"a\u200cb", "\u0915\u094d\u200c", "\u200d", "a\u200db", // joiners
	"xn--é", "xn--zca", "xn--", // decode to a label that starts with "xn--"
	"ｗｗｗ", "ÄB", "ǅ", "\u3002", "\u00ad", "\ufffd", "\u0378", "\U0001F600", "a\u034f", // not valid after decoding
	strings.Repeat("ü", 30), strings.Repeat("a", 40) + "ü",
}

// punycodeLabels returns the labels that start with "xn--" made from seeds.
func punycodeLabels() []string {
	out := []string{"xn--", "xn---", "xn----", "xn--a", "xn--a-", "xn---a", "xn--ls8h", "xn--zca", "xn--0", "xn--9",
		"xn--" + strings.Repeat("a", 59), "xn--" + strings.Repeat("a", 58) + "-", "xn--a-" + strings.Repeat("9", 60)}
	for _, s := range seeds {
		a, err := idna.Punycode.ToASCII(s)
		if err != nil || !strings.HasPrefix(a, "xn--") {
			continue
		}
		for n := len("xn--"); n <= len(a); n++ {
			out = append(out, a[:n])
		}
		for _, extra := range []string{"a", "-", "9", "z"} {
			out = append(out, a+extra)
		}
		// Each code point of the Punycode part replaced, or left out.
		for i := len("xn--"); i < len(a); i++ {
			out = append(out, a[:i]+"a"+a[i+1:], a[:i]+"9"+a[i+1:], a[:i]+a[i+1:])
		}
		out = append(out,
			strings.ToUpper(a),
			"xn--"+a,
			"xn--é"+a[len("xn--"):],
			a[:len(a)-1]+"ß",
			a[:len(a)-1]+"\u0301",
		)
	}
	return out
}

// xnSpellings spell "xn--" with code points UTS #46 maps or ignores, and
// some near misses.
var xnSpellings = []string{
	"xn--", "XN--", "Xn--", "xN--", "ｘｎ--", "ｘｎ－－", "ＸＮ--", "x\u00adn--", "xn\u00ad--", "xn-\u00ad-",
	"x\u200bn--", "x\u034fn--", "ⓧⓝ--", "ⓍⓃ--", "xn\u2010\u2010", "xn\u2011\u2011", "xn\ufe63\ufe63",
	"xn\u2212\u2212", "x\u0307n--", "xn-", "xn---", "\u200dxn--", "xn--\u200c",
}

// scriptPieces are short pieces of several scripts, digits and marks.
var scriptPieces = []string{
	"a", "é", "\u0430", "α", "\u05d0", "\u0628", "\u0663", "\u06f3", "क", "中", "1", "ß", "ｱ", "\u0301", "\u200d", "-",
	"xn--zca", "\u0660", "\u05d0\u05d1", "ab",
}

// hyphenLabels have hyphens where CheckHyphens looks, in code points or
// in bytes.
var hyphenLabels = []string{
	"ab--c", "é--x", "ab--é", "aé--x", "éa--x", "ẋn--zca", "-a", "a-", "-é", "é-", "ab--", "é---", "a--", "é--",
	"ａｂ--ｃ", "ab－－c", "xn--zca-", "-xn--zca", "ab­--c", "a­b--c",
}

// ipv4Spellings returns IPv4 addresses, and near misses, whose digits and
// dots are written with code points UTS #46 maps to ASCII ones.
func ipv4Spellings() []string {
	digitSets := []func(rune) string{
		func(r rune) string { return string(r) },
		func(r rune) string { return string(r - '0' + '\uff10') },          // full width
		func(r rune) string { return string(r - '0' + '\U0001D7CE') },      // mathematical bold
		func(r rune) string { return string(r - '0' + '\u2080') },          // subscript
		func(r rune) string { return "%EF%BC%9" + string(r) },              // full width, percent-encoded
		func(r rune) string { return string([]rune("⓪①②③④⑤⑥⑦⑧⑨")[r-'0']) }, // circled
	}
	dots := []string{".", "\u3002", "\uff0e", "\uff61", "%E3%80%82"}
	numbers := [][]string{
		{"127", "0", "0", "1"}, {"1", "2", "3", "4"}, {"255", "255", "255", "255"}, {"256", "0", "0", "1"},
		{"1", "2", "3"}, {"1", "2"}, {"4294967295"}, {"4294967296"}, {"010", "0", "0", "1"}, {"1", "2", "3", "4", "5"},
		{"1", "2", "3", "4", ""}, {"0x7f", "1"}, {"09"},
	}
	var out []string
	for i, nums := range numbers {
		for j, digits := range digitSets {
			for k, dot := range dots {
				if (i+j+k)%2 == 1 && j > 0 && k > 0 {
					continue // half of the mixed spellings are enough
				}
				var parts []string
				for _, n := range nums {
					var b strings.Builder
					for _, r := range n {
						if '0' <= r && r <= '9' {
							b.WriteString(digits(r))
						} else if r == 'x' && j == 1 {
							b.WriteString("ｘ")
						} else {
							b.WriteRune(r)
						}
					}
					parts = append(parts, b.String())
				}
				out = append(out, strings.Join(parts, dot), "a."+strings.Join(parts, dot), "é."+strings.Join(parts, "."))
			}
		}
	}
	return out
}

// compare reads the questions and the oracle's answers and compares them
// with package webaddress's.
func compare(w io.Writer, questionsFile, answersFile string) error {
	qs, err := readLines[question](questionsFile)
	if err != nil {
		return err
	}
	as, err := readLines[answer](answersFile)
	if err != nil {
		return err
	}
	if len(qs) != len(as) {
		return fmt.Errorf("%d questions, %d answers", len(qs), len(as))
	}
	count := map[string][2]int{} // kind: agree, disagree
	var lines []string
	for i, q := range qs {
		want := oracleCase(q, as[i])
		c := count[q.Kind]
		if idnacase.Answer(q.Kind, q.Input) == want {
			c[0]++
		} else {
			c[1]++
			lines = append(lines, want.String())
		}
		count[q.Kind] = c
	}
	for _, k := range []string{"url", "ascii", "unicode"} {
		fmt.Fprintf(w, "# %s: %d questions, %d agree, %d disagree\n", k, count[k][0]+count[k][1], count[k][0], count[k][1])
	}
	for _, l := range lines {
		fmt.Fprintln(w, l)
	}
	return nil
}

// oracleCase returns the case that holds the oracle's answer a to q.
func oracleCase(q question, a answer) idnacase.Case {
	c := idnacase.Case{Kind: q.Kind, Input: q.Input}
	switch q.Kind {
	case "url":
		c.Want = idnacase.Quote(deref(a.Href), a.Href != nil)
		c.Errors = idnacase.Names(a.Errors)
	case "ascii":
		c.Want = idnacase.Quote(deref(a.Result), a.Result != nil)
	default: // unicode: the URL Standard's domain to Unicode fails on an error
		c.Want = idnacase.Quote(deref(a.Result), a.Result != nil && !a.Error)
	}
	return c
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// readLines decodes a file of JSON lines.
func readLines[T any](name string) ([]T, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		var v T
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		out = append(out, v)
	}
	return out, sc.Err()
}
