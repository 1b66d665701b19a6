// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/data"
	"github.com/onecontact/webaddress/internal/testfiles"
)

// tidyWith is o.Tidy(cell), in the argument order the tests read best.
func tidyWith(cell string, o Options) (Tidied, error) { return o.Tidy(cell) }

// parseWith is o.Parse(cell).
func parseWith(cell string, o Options) (webaddress.Address, error) { return o.Parse(cell) }

// emails are the Options that turn an e-mail address into its website (the
// zero Options), and keepEmails those that keep it as one.
var (
	emails     = Options{}
	keepEmails = Options{KeepEmails: true}
)

// readCorpus returns the lines of a corpus file of testdata/corpus.
func readCorpus(t testing.TB, name string) []string { return testfiles.MustCorpusLines(t, name) }

// MustParse returns webaddress.Parse(in), or fails t.
func MustParse(t testing.TB, in string) webaddress.Address {
	t.Helper()
	a, err := webaddress.Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// wptCase is a case of urltestdata.json, of which the tests read the input.
type wptCase struct{ Input string }

// wptCases returns the cases of urltestdata.json (its comments left out).
func wptCases(t testing.TB) []wptCase {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testfiles.WPTDir(), "urltestdata.json"))
	if err != nil {
		t.Fatalf("web-platform-tests data: %v", err)
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(b, &entries); err != nil {
		t.Fatal(err)
	}
	var cases []wptCase
	for _, e := range entries {
		var c wptCase
		if json.Unmarshal(e, &c) == nil && c.Input != "" {
			cases = append(cases, c)
		}
	}
	return cases
}

// formEncode returns s encoded as a value of application/x-www-form-urlencoded,
// as webaddress's SearchParams writes it.
func formEncode(s string) string {
	p := webaddress.ParseSearchParams("")
	p.Append("v", s)
	return strings.TrimPrefix(p.String(), "v=")
}

// corpusSeeds returns every 50th line of each corpus file.
func corpusSeeds(tb testing.TB) []string {
	var seeds []string
	for _, name := range testfiles.CorpusFiles {
		for i, line := range readCorpus(tb, name) {
			if (i+1)%50 == 0 {
				seeds = append(seeds, line)
			}
		}
	}
	return seeds
}

// readAll returns the entries of a list.
func readAll[T any](read func(func(T) error) error) []T {
	var es []T
	data.Must(read(func(e T) error { es = append(es, e); return nil }))
	return es
}
