// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package bench

import (
	"testing"

	"github.com/onecontact/webaddress/internal/testfiles"
)

// readCorpus returns the non-empty lines of a corpus file of the main
// module's testdata/corpus (or $CORPUS_DIR; see internal/testfiles), or
// fails tb: a benchmark of nothing would report nonsense.
func readCorpus(tb testing.TB, name string) []string {
	tb.Helper()
	lines, err := testfiles.CorpusLines(name + ".txt")
	if err != nil {
		tb.Fatal(err)
	}
	return lines
}
