// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package bench

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ada-url/goada"
	"github.com/onecontact/webaddress"
)

// TestAgainstAda parses every corpus line with webaddress and with ada and
// compares the results: both fail, or both succeed with the same href.
// Every disagreement must be listed in knownDisagreements with the reason.
// With DIFF_OUT=file, it writes all disagreements there as well.
func TestAgainstAda(t *testing.T) {
	var report strings.Builder
	for _, file := range []string{"kasztp", "node_files", "typed"} {
		lines := readCorpus(t, file)
		same, differ := 0, 0
		for _, line := range lines {
			for _, in := range variants(line) {
				ours, ada := hrefOf(in), adaHrefOf(in)
				if ours == ada {
					same++
					continue
				}
				differ++
				fmt.Fprintf(&report, "%s\t%q\tours %s\tada %s\n", file, in, ours, ada)
				if _, ok := knownDisagreements[in]; !ok {
					t.Errorf("%s: %q: webaddress gives %s, ada gives %s", file, in, ours, ada)
				}
			}
		}
		t.Logf("%s: %d lines, %d inputs: %d agree, %d differ", file, len(lines), same+differ, same, differ)
	}
	if out := os.Getenv("DIFF_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(report.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// variants are the line itself and three spellings of it that the URL
// Standard treats specially: upper case (schemes and hosts are lowercased,
// the rest kept), backslashes for slashes (the same in special URLs), and a
// tab and a newline inside (removed).
func variants(line string) []string {
	mid := len(line) / 2
	return []string{
		line,
		strings.ToUpper(line),
		strings.ReplaceAll(line, "/", "\\"),
		line[:mid] + "\t" + line[mid:] + "\n",
	}
}

func hrefOf(in string) string {
	u, err := webaddress.ParseURL(in)
	if err != nil {
		return "failure"
	}
	return "href " + u.Href()
}

func adaHrefOf(in string) string {
	u, err := goada.New(in)
	if err != nil {
		return "failure"
	}
	defer u.Free()
	return "href " + u.Href()
}

// knownDisagreements are the corpus inputs on which webaddress and ada
// (3.4.1, bundled by goada v1.1.0) disagree, each with the reason.
var knownDisagreements = map[string]string{}
