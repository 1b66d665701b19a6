// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/lists"
)

// libraryLines are the lines of the corpus files and typed.txt, the values
// both the tool and the library are given: all but a first line's byte
// order mark (the tool's reader drops it) and lines with a carriage return
// (a line ending to the reader).
func libraryLines(t *testing.T, names ...string) []string {
	var lines []string
	for _, name := range names {
		for i, l := range corpusLines(t, name) {
			if i == 0 && strings.HasPrefix(l, "\uFEFF") || strings.ContainsRune(l, '\r') {
				continue
			}
			lines = append(lines, l)
		}
	}
	return lines
}

// runTool runs the tool with args on input and returns its standard
// output's lines, each a JSON record.
func runTool(t *testing.T, input string, args ...string) []map[string]any {
	t.Helper()
	var out, errOut bytes.Buffer
	if status := run(append(args, "--format", "jsonl", "-q", "--jobs", "2"), strings.NewReader(input), &out, &errOut); status != 0 {
		t.Fatalf("%s: status %d: %s", args, status, errOut.String())
	}
	var recs []map[string]any
	for line := range strings.Lines(out.String()) {
		var r map[string]any
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%s: %q: %v", args, line, err)
		}
		recs = append(recs, r)
	}
	return recs
}

// codeOf returns err's code, or "".
func codeOf(err error) string { return string(webaddress.CodeOf(err)) }

// TestLibrarySameAsTool checks that a Go program gets the tool's answers
// from the library's calls, on every line of the corpus files and
// typed.txt: a cell read by package cells is the record (or the error
// code) of the tool's parse; lists.Dedupe by owner makes the groups of
// dedupe --by owner; and an Index of lists matches each lead as match
// does, at the same level, with the same count and the same first account.
func TestLibrarySameAsTool(t *testing.T) {
	lines := libraryLines(t, "kasztp.txt", "node_files.txt", "typed.txt")
	input := strings.Join(lines, "\n") + "\n"

	t.Run("cells", func(t *testing.T) {
		var out, errOut bytes.Buffer
		if status := run([]string{"parse", "--format", "jsonl", "-q", "--jobs", "2"}, strings.NewReader(input), &out, &errOut); status != 0 {
			t.Fatalf("parse: status %d: %s", status, errOut.String())
		}
		got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(got) != len(lines) {
			t.Fatalf("parse: %d records for %d lines", len(got), len(lines))
		}
		failed := 0
		for i, cell := range lines {
			a, err := cells.Parse(cell)
			if err != nil {
				failed++
				var rec struct {
					Code string `json:"error_code"`
				}
				if json.Unmarshal([]byte(got[i]), &rec); rec.Code != codeOf(err) {
					t.Errorf("line %d %q: the tool's error_code %q, cells.Parse's %q", i+1, cell, rec.Code, codeOf(err))
				}
				continue
			}
			if want, _ := a.MarshalJSON(); got[i] != string(want) {
				t.Errorf("line %d %q: the tool's record\n\t%s\ncells.Parse's\n\t%s", i+1, cell, got[i], want)
			}
		}
		t.Logf("%d lines, %d failed in both", len(lines), failed)
	})

	t.Run("dedupe", func(t *testing.T) {
		recs := runTool(t, input, "dedupe", "--by", "owner")
		groups, err := lists.Dedupe(func(yield func([]string) bool) {
			for _, l := range lines {
				if !yield([]string{l}) {
					return
				}
			}
		}, lists.Options{By: webaddress.LevelOwner})
		if err != nil {
			t.Fatal(err)
		}
		if len(groups) != len(recs) {
			t.Fatalf("lists.Dedupe: %d groups, the tool's dedupe %d", len(groups), len(recs))
		}
		merged := 0
		for i, g := range groups {
			var rows []any
			for r := range g.Rows() {
				rows = append(rows, float64(r))
			}
			key, _ := recs[i]["key"].(string)
			code, _ := recs[i]["error_code"].(string)
			if key != g.Key || recs[i]["count"] != float64(g.Count) || recs[i]["first"] != g.First ||
				!slices.Equal(recs[i]["rows"].([]any), rows) || code != codeOf(g.Err) {
				t.Fatalf("group %d: the tool's %v, lists.Dedupe's key %q count %d first %q rows %v error %v", i+1, recs[i], g.Key, g.Count, g.First, rows, g.Err)
			}
			if g.Count > 1 {
				merged++
			}
		}
		t.Logf("%d lines, %d groups, %d of several", len(lines), len(groups), merged)
	})

	t.Run("match", func(t *testing.T) {
		// The tool reads a table: the values that are valid UTF-8, which
		// the library is given as they are.
		valid := func(ls []string) []string {
			return slices.DeleteFunc(slices.Clone(ls), func(l string) bool { return !utf8.ValidString(l) })
		}
		accounts := valid(libraryLines(t, "kasztp.txt", "node_files.txt"))
		leads := valid(libraryLines(t, "typed.txt"))
		table := func(header string, ls []string, id bool) string {
			var b strings.Builder
			w := csv.NewWriter(&b)
			if id {
				w.Write([]string{"id", header})
			} else {
				w.Write([]string{header})
			}
			for i, l := range ls {
				if id {
					w.Write([]string{strconv.Itoa(i + 1), l})
				} else {
					w.Write([]string{l})
				}
			}
			w.Flush()
			return b.String()
		}
		against := filepath.Join(t.TempDir(), "accounts.csv")
		if err := os.WriteFile(against, []byte(table("website", accounts, true)), 0o644); err != nil {
			t.Fatal(err)
		}
		recs := runTool(t, table("lead", leads, false), "match", "--column", "lead", "--against", against, "--against-column", "website", "--against-fields", "id")
		if len(recs) != len(leads) {
			t.Fatalf("match: %d rows for %d leads", len(recs), len(leads))
		}

		ix, err := lists.NewIndex(lists.Options{By: webaddress.LevelOwner})
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range accounts {
			ix.Add([]string{a}, []string{strconv.Itoa(i + 1)})
		}
		var k lists.Keys
		byLevel := map[string]int{}
		for i, lead := range leads {
			m := ix.Match(&k, []string{lead})
			rec := recs[i]
			var id any
			if m.First >= 0 {
				kept, _ := ix.Kept(nil, m.First)
				id = kept[0]
			}
			var level, ambiguous any
			if m.Count > 0 {
				level, ambiguous = m.Level.String(), m.Ambiguous()
				byLevel[m.Level.String()]++
			}
			if rec["match_count"] != float64(m.Count) || rec["match_level"] != level || rec["match_ambiguous"] != ambiguous || rec["id"] != id {
				t.Fatalf("lead %d %q: the tool's %v; the library's count %d level %v ambiguous %v first account %v", i+1, lead, rec, m.Count, level, ambiguous, id)
			}
		}
		t.Logf("%d leads against %d accounts: matched at %v", len(leads), len(accounts), byLevel)
	})
}
