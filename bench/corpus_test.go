// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package bench

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusDir is ../../shared/corpus (see its SOURCE.txt), or $CORPUS_DIR.
func corpusDir() string {
	if dir := os.Getenv("CORPUS_DIR"); dir != "" {
		return dir
	}
	return filepath.Join("..", "..", "shared", "corpus")
}

// readCorpus returns the non-empty lines of a corpus file (without a
// trailing CR), or fails tb: the corpus is part of the workspace, and a
// benchmark of nothing would report nonsense.
func readCorpus(tb testing.TB, name string) []string {
	tb.Helper()
	f, err := os.Open(filepath.Join(corpusDir(), name+".txt"))
	if err != nil {
		tb.Fatalf("corpus not found (set CORPUS_DIR): %v", err)
	}
	defer f.Close()
	var lines []string
	s := bufio.NewScanner(f)
	s.Buffer(nil, 1<<20)
	for s.Scan() {
		if line := strings.TrimRight(s.Text(), "\r"); line != "" {
			lines = append(lines, line)
		}
	}
	if err := s.Err(); err != nil {
		tb.Fatal(err)
	}
	return lines
}
