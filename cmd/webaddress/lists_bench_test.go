// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/lists"
)

// BenchmarkDedupeLibrary puts package lists' Dedupe beside the tool's
// dedupe --by owner on the same 1,000,000 lines (the corpus files over and
// over, one column), one worker each, reporting ns/row: the library's call
// does what the tool does, less reading and writing the table, so it must
// take no more time per row. Run it with -benchtime 1x: one pass is a
// million rows.
func BenchmarkDedupeLibrary(b *testing.B) {
	rows := millionRows(b, 0)
	perRow := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/million, "ns/row")
	}
	b.Run("impl=lists.Dedupe", func(b *testing.B) {
		for b.Loop() {
			groups, err := lists.Dedupe(func(yield func([]string) bool) {
				for _, r := range rows {
					if !yield([]string{r}) {
						return
					}
				}
			}, lists.Options{By: webaddress.LevelOwner})
			if err != nil || len(groups) == 0 {
				b.Fatalf("Dedupe: %d groups, %v", len(groups), err)
			}
		}
		perRow(b)
	})
	b.Run("impl=tool", func(b *testing.B) {
		input := "website\n" + strings.Join(rows, "\n") + "\n"
		for b.Loop() {
			if status := run([]string{"dedupe", "--by", "owner", "--jobs", "1"}, strings.NewReader(input), io.Discard, io.Discard); status != 0 {
				b.Fatalf("status %d", status)
			}
		}
		perRow(b)
	})
}

// million is the number of rows of the library's benchmarks.
const million = 1_000_000

// millionRows returns a million lines of the corpus files, over and over,
// from line from on: those that are one field of a CSV file as they are
// (no quote, no comma), so that the tool reads what the library is given.
func millionRows(b *testing.B, from int) []string {
	var lines []string
	for _, name := range []string{"kasztp.txt", "typed.txt", "node_files.txt"} {
		for _, l := range corpusLines(b, name) {
			if !strings.ContainsAny(l, "\",\r") {
				lines = append(lines, l)
			}
		}
	}
	rows := make([]string, million)
	for i := range rows {
		rows[i] = lines[(from+i)%len(lines)]
	}
	return rows
}

// BenchmarkMatchLibrary puts package lists' Index beside the tool's match
// (by owner, the finest level that agrees first) on 1,000,000 leads
// against 1,000,000 accounts (the corpus lines over and over, the leads
// from another line on), one worker each, reporting ns per lead: the
// index built from the accounts, then every lead matched.
func BenchmarkMatchLibrary(b *testing.B) {
	accounts, leads := millionRows(b, 0), millionRows(b, 7919)
	perLead := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/million, "ns/lead")
	}
	b.Run("impl=lists.Index", func(b *testing.B) {
		for b.Loop() {
			ix, err := lists.NewIndex(lists.Options{By: webaddress.LevelOwner})
			if err != nil {
				b.Fatal(err)
			}
			for _, a := range accounts {
				ix.Add([]string{a}, nil)
			}
			var keys lists.Keys
			matched := 0
			for _, l := range leads {
				if ix.Match(&keys, []string{l}).Count > 0 {
					matched++
				}
			}
			if matched == 0 {
				b.Fatal("no lead matched")
			}
		}
		perLead(b)
	})
	b.Run("impl=tool", func(b *testing.B) {
		against := filepath.Join(b.TempDir(), "accounts.csv")
		if err := os.WriteFile(against, []byte("website\n"+strings.Join(accounts, "\n")+"\n"), 0o644); err != nil {
			b.Fatal(err)
		}
		input := "website\n" + strings.Join(leads, "\n") + "\n"
		var stderr strings.Builder
		for b.Loop() {
			if status := run([]string{"match", "--against", against, "--against-column", "website", "--column", "website", "--jobs", "1"}, strings.NewReader(input), io.Discard, &stderr); status != 0 {
				b.Fatalf("status %d: %s", status, stderr.String())
			}
		}
		perLead(b)
	})
}
