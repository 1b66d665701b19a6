// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package testfiles

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// This file holds the inputs the fuzz targets and tests of package
// webaddress and package clean seed with.

// FuzzSeeds are hand-picked inputs that reach every parser state.
var FuzzSeeds = []string{
	"https://user:pass@EXAMPLE.com:8080/a/./b/../c?q=1#f",
	"http://[::ffff:1.2.3.4]:80/",
	"http://0x7f.1/",
	"file:///C:/a/../..",
	"file://localhost/x",
	"sc://ñ/x?ü#ö",
	"web+demo:/.//not-a-host/",
	"mailto:someone@example.com?subject=hi ",
	"data:text/plain, a ?b",
	"blob:https://example.com/uuid",
	"  \t HTTP://ex\nample.com \x01",
	"https://xn--bcher-kva.example/%2e%2E/",
	"https://bücher.example/",
	"https://a@b@c/",
	"http://%41.com",
	"https://\xff/",
}

// WPTDir returns the directory of the web-platform-tests URL data:
// $WPT_DIR when it is set, else testdata/wpt.
func WPTDir() string {
	if dir := os.Getenv("WPT_DIR"); dir != "" {
		return dir
	}
	return Path("wpt")
}

// A WPTCase is a case of urltestdata.json: its input, and its base or nil.
type WPTCase struct {
	Input string  `json:"input"`
	Base  *string `json:"base"`
}

// WPTCases returns the cases of urltestdata.json with an input, in order
// (its comments left out), or fails tb.
func WPTCases(tb testing.TB) []WPTCase {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(WPTDir(), "urltestdata.json"))
	if err != nil {
		tb.Fatalf("web-platform-tests data: %v (testdata/wpt is part of the repository; $WPT_DIR overrides it)", err)
	}
	var entries []json.RawMessage
	if err := json.Unmarshal(data, &entries); err != nil {
		tb.Fatal(err)
	}
	var cases []WPTCase
	for _, e := range entries {
		var c WPTCase
		if json.Unmarshal(e, &c) == nil && c.Input != "" {
			cases = append(cases, c)
		}
	}
	return cases
}

// WPTInputs returns the inputs and bases of urltestdata.json, in order,
// or fails tb.
func WPTInputs(tb testing.TB) []string {
	tb.Helper()
	var inputs []string
	for _, c := range WPTCases(tb) {
		inputs = append(inputs, c.Input)
		if c.Base != nil {
			inputs = append(inputs, *c.Base)
		}
	}
	return inputs
}

// CorpusSeeds returns every 50th line of each corpus file, or fails tb.
func CorpusSeeds(tb testing.TB) []string {
	tb.Helper()
	var seeds []string
	for _, name := range CorpusFiles {
		for i, line := range MustCorpusLines(tb, name) {
			if (i+1)%50 == 0 {
				seeds = append(seeds, line)
			}
		}
	}
	return seeds
}
