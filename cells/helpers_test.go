// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
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

// wptCases returns the cases of urltestdata.json.
var wptCases = testfiles.WPTCases

// formEncode returns s encoded as a value of application/x-www-form-urlencoded,
// as webaddress's SearchParams writes it.
func formEncode(s string) string {
	p := webaddress.ParseSearchParams("")
	p.Append("v", s)
	return strings.TrimPrefix(p.String(), "v=")
}

// corpusSeeds returns every 50th line of each corpus file.
var corpusSeeds = testfiles.CorpusSeeds

// readAll returns the entries of a list.
func readAll[T any](read func(func(T) error) error) []T {
	var es []T
	data.Must(read(func(e T) error { es = append(es, e); return nil }))
	return es
}
