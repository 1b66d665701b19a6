// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestSignal starts the tool (this test binary, run as "webaddress", as
// testscript runs it) on a pipe it has read a megabyte of and that stays
// open, so the run cannot end by itself, and sends it SIGTERM, then
// SIGINT: it stops, its output is whole rows, in order, as many as its
// summary says were written, the summary says it was interrupted, and the
// exit status is 128 and the signal's number. Nothing is timed: the write
// returns once the tool has read most of it, and so has set up its
// handler.
func TestSignal(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	link := filepath.Join(t.TempDir(), "webaddress")
	if err := os.Symlink(exe, link); err != nil {
		t.Skip(err)
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGINT} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(link, "key", "--column", "site", "--format", "csv")
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			defer stdin.Close()
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			w := bufio.NewWriter(stdin)
			w.WriteString("n,site\n")
			for i := 1; i <= 50000; i++ { // a megabyte, more than a pipe holds
				fmt.Fprintf(w, "%d,co%d.example\n", i, i)
			}
			if err := w.Flush(); err != nil {
				t.Fatal(err)
			}
			if err := cmd.Process.Signal(sig); err != nil {
				t.Fatal(err)
			}
			err = cmd.Wait()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 128+int(sig) {
				t.Fatalf("exit: %v, want status %d; stderr:\n%s", err, 128+int(sig), stderr.String())
			}
			out := stdout.String()
			if !strings.HasSuffix(out, "\n") {
				t.Fatalf("the output ends in the middle of a row: %q", out[max(0, len(out)-40):])
			}
			rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if rows[0] != "n,site,key,error_code,error" {
				t.Fatalf("header %q", rows[0])
			}
			for i, row := range rows[1:] {
				if want := fmt.Sprintf("%d,co%d.example,co%d.example,,", i+1, i+1, i+1); row != want {
					t.Fatalf("row %d: %q, want %q", i+1, row, want)
				}
			}
			m := regexp.MustCompile(`(?m)^webaddress: interrupted: (\d+) rows read: (\d+) written, 0 rejected$`).FindStringSubmatch(stderr.String())
			if m == nil {
				t.Fatalf("no interrupted summary in stderr:\n%s", stderr.String())
			}
			if n, _ := strconv.Atoi(m[2]); n != len(rows)-1 || m[1] != m[2] {
				t.Errorf("summary %q, output %d rows", m[0], len(rows)-1)
			}
			if !strings.Contains(stderr.String(), "webaddress: interrupted by "+sig.String()) {
				t.Errorf("stderr does not name the signal:\n%s", stderr.String())
			}
			t.Logf("%v after %d rows written", sig, len(rows)-1)
		})
	}
}
