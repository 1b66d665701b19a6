// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"io"
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
	var lines []string
	for _, name := range []string{"kasztp.txt", "typed.txt", "node_files.txt"} {
		lines = append(lines, corpusLines(b, name)...)
	}
	const n = 1_000_000
	rows := make([]string, n)
	for i := range rows {
		rows[i] = lines[i%len(lines)]
	}
	perRow := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/row")
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
