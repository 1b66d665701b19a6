// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onecontact/webaddress/internal/testfiles"
)

// A transcript is a command of a console block of the README and what it
// prints: standard output, then standard error.
type transcript struct {
	line int // the README's line of the command
	cmd  string
	out  string
}

// transcripts returns the commands of the README's ```console blocks: a
// line "$ CMD" and the lines after it, up to the next command or the end of
// the block, blank lines at the end left out.
func transcripts(readme string) []transcript {
	var ts []transcript
	in := false
	var cur *transcript
	var out []string
	end := func() {
		if cur == nil {
			return
		}
		for len(out) > 0 && out[len(out)-1] == "" {
			out = out[:len(out)-1]
		}
		if len(out) > 0 {
			cur.out = strings.Join(out, "\n") + "\n"
		}
		ts = append(ts, *cur)
		cur, out = nil, nil
	}
	for i, line := range strings.Split(readme, "\n") {
		switch {
		case line == "```console":
			in = true
		case in && line == "```":
			end()
			in = false
		case in && strings.HasPrefix(line, "$ "):
			end()
			cur = &transcript{line: i + 1, cmd: line[2:]}
		case in && cur != nil:
			out = append(out, line)
		}
	}
	return ts
}

// TestREADME runs the command-line transcripts of README.md, in order, in
// a directory of their own, and checks that each command prints what the
// README shows, so that they cannot go stale: "$ cat FILE" writes FILE
// with the lines shown, for the commands after it; the others run with
// sh, with this test binary as webaddress on $PATH, or the binary that
// $WEBADDRESS_BIN names (an installed one, such as /usr/bin/webaddress).
func TestREADME(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testfiles.Root(), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	ts := transcripts(string(data))
	if len(ts) < 10 {
		t.Fatalf("README.md has %d commands in console blocks, want 10 or more: are the blocks still ```console?", len(ts))
	}
	if _, err := exec.LookPath("webaddress"); err != nil {
		t.Fatalf("no webaddress on $PATH (TestMain puts this binary there): %v", err)
	}
	env := append(os.Environ(), "CI=true") // no progress bar
	bin := os.Getenv("WEBADDRESS_BIN")
	if bin != "" {
		// The binary named, as webaddress, first on $PATH.
		binDir := t.TempDir()
		if err := os.Symlink(bin, filepath.Join(binDir, "webaddress")); err != nil {
			t.Fatal(err)
		}
		env = append(env, "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"))
		t.Logf("webaddress is %s", bin)
	}
	dir := t.TempDir()
	// The workbook the README reads, which "cat" cannot show.
	xlsx, err := os.ReadFile("testdata/contacts.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "contacts.xlsx"), xlsx, 0o666); err != nil {
		t.Fatal(err)
	}
	ran := 0
	for _, tr := range ts {
		if name, ok := strings.CutPrefix(tr.cmd, "cat "); ok && !strings.ContainsAny(name, " |<>;&") {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(tr.out), 0o666); err != nil {
				t.Fatal(err)
			}
			continue
		}
		cmd := exec.Command("sh", "-c", tr.cmd)
		cmd.Dir = dir
		cmd.Env = env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Errorf("README.md:%d: %s: %v\n%s", tr.line, tr.cmd, err, stderr.String())
			continue
		}
		ran++
		if bin != "" {
			t.Logf("README.md:%d: ran %s", tr.line, tr.cmd)
		}
		if got := stdout.String() + stderr.String(); got != tr.out {
			t.Errorf("README.md:%d: %s\nprints\n%s\nthe README shows\n%s", tr.line, tr.cmd, got, tr.out)
		}
	}
	if !strings.Contains(string(data), "webaddress surt") || ran < 8 {
		t.Errorf("ran %d commands of the README, want 8 or more, the crawl section's among them", ran)
	}
}
