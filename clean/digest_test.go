// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/testfiles"
)

var writeDigests = flag.Bool("write-digests", false, "write testdata/digests.txt from Clean as it is (only for new option sets or inputs)")

// digestOptions are the option sets TestCleanDigests cleans every input
// with: the defaults, two chosen sets, and sets fuzzCleanOptions derives
// that are valid.
func digestOptions() []CleanOptions {
	one := 1
	opts := []CleanOptions{
		{},
		{WWW: WWWStrip, Case: CaseLower, TrailingSlash: TrailingSlashStrip, Query: QueryKeep, HostEncoding: HostEncodingUnicode},
		{TLDSource: TLDICANN, SubdomainLevelsToKeep: &one, Protocol: ProtocolHTTPS, Port: PortKeep,
			PathEncoding: PathEncodingEncode, IndexPage: IndexPageStrip, Case: CaseKeep},
	}
	for s := uint64(1); len(opts) < 14; s = s*6364136223846793005 + 1442695040888963407 {
		if o := fuzzCleanOptions(s >> 7); o.Validate() == nil {
			opts = append(opts, o)
		}
	}
	return opts
}

// TestCleanDigests cleans every line of the corpus files and every WPT
// input under each of digestOptions, and compares a digest of the results
// per option set and file with testdata/digests.txt, written from the
// cleaner before the speed work of issue 39: making Clean cheaper must not
// change a result, field or error code.
func TestCleanDigests(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("cleans every corpus line 14 times; the tests without -short and -race run it")
	}
	files := []string{"kasztp.txt", "node_files.txt", "typed.txt", "unique_hosts.txt", "wpt"}
	inputs := map[string][]string{"wpt": testfiles.WPTInputs(t)}
	for _, f := range files[:4] {
		inputs[f] = testfiles.MustCorpusLines(t, f)
	}
	var got strings.Builder
	for i, o := range digestOptions() {
		for _, f := range files {
			h := sha256.New()
			w := bufio.NewWriter(h)
			for _, in := range inputs[f] {
				c, err := Clean(in, o)
				code := webaddress.Code("")
				if e := (*webaddress.Error)(nil); errors.As(err, &e) {
					code = e.Code()
				}
				fmt.Fprintf(w, "%q %q %q %q %q %q %q %q %q %q %q %v %q %q %q\n", c.Original, c.Scheme, c.Host, c.Port,
					c.Path, c.Query, c.Fragment, c.User, c.Password, c.Domain, c.TLD, c.IsIPHost, c.CleanURL, c.Status, code)
			}
			w.Flush()
			fmt.Fprintf(&got, "%d %s %s\n", i, f, hex.EncodeToString(h.Sum(nil)))
		}
	}
	path := filepath.Join("testdata", "digests.txt")
	if *writeDigests {
		if err := os.WriteFile(path, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	wantLines, gotLines := strings.Split(string(want), "\n"), strings.Split(got.String(), "\n")
	if len(wantLines) != len(gotLines) {
		t.Fatalf("%d digests, want %d", len(gotLines), len(wantLines))
	}
	for i := range wantLines {
		if gotLines[i] != wantLines[i] {
			t.Errorf("option set and file %q: results changed (digest %q)", wantLines[i], gotLines[i])
		}
	}
}
