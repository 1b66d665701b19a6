// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build linux

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY returns a pseudo-terminal's two ends (Linux's /dev/ptmx).
func openPTY() (ptm, pts *os.File, err error) {
	ptm, err = os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		return nil, nil, err
	}
	var unlock int32
	var n uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptm.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		ptm.Close()
		return nil, nil, e
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptm.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		ptm.Close()
		return nil, nil, e
	}
	pts, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		ptm.Close()
		return nil, nil, err
	}
	return ptm, pts, nil
}

// TestMatchProgress runs match with its standard error a terminal (and CI
// unset), as a person at a terminal does: each table shows its bar of rows
// read and rows without a key, the reference's first (a fourth of its rows
// are "N/A"), then the input's (half its rows a free-mail address). The
// bar is redrawn at most five times a second, so the test reads the
// counts of the bars drawn, not their last; the first draw of each is
// certain.
func TestMatchProgress(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	link := filepath.Join(dir, "webaddress")
	if err := os.Symlink(exe, link); err != nil {
		t.Skip(err)
	}
	ptm, pts, err := openPTY()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer ptm.Close()
	write := func(name, header string, n int, row func(i int) string) string {
		path := filepath.Join(dir, name)
		var b bytes.Buffer
		b.WriteString(header + "\n")
		for i := range n {
			b.WriteString(row(i) + "\n")
		}
		if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	accounts := write("accounts.csv", "name,domain", 20000, func(i int) string {
		if i%4 == 3 {
			return fmt.Sprintf("Co %d,N/A", i)
		}
		return fmt.Sprintf("Co %d,co%d.com", i, i)
	})
	leads := write("leads.csv", "email,website", 30000, func(i int) string {
		if i%2 == 1 {
			return "bob@gmail.com,"
		}
		return fmt.Sprintf("ann@co%d.com,", i)
	})
	out, err := os.Create(filepath.Join(dir, "out.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()

	cmd := exec.Command(link, "match", "--column", "email,website", "--against", accounts, "--against-column", "domain", "--format", "csv", leads)
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "CI=") })
	cmd.Stdout, cmd.Stderr = out, pts
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pts.Close() // the tool's copy stays open until it exits
	var tty bytes.Buffer
	copied := make(chan struct{})
	go func() {
		io.Copy(&tty, ptm) // ends with EIO once the tool has exited
		close(copied)
	}()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("match: %v\n%s", err, tty.String())
	}
	<-copied

	// Each bar drawn: "ROWS rows, RATE rows/s, ERRORS errors".
	var fourths, halves []int
	bar := regexp.MustCompile(`(\d+) rows, \d+ rows/s, (\d+) errors`)
	for _, m := range bar.FindAllStringSubmatch(tty.String(), -1) {
		rows, _ := strconv.Atoi(m[1])
		errs, _ := strconv.Atoi(m[2])
		switch {
		case rows == 0 || rows%4 != 0:
			t.Errorf("a bar of %d rows: want batches of a multiple of 4", rows)
		case errs == rows/4 && rows <= 20000 && len(halves) == 0:
			fourths = append(fourths, rows) // the reference's, read first
		case errs == rows/2 && rows <= 30000:
			halves = append(halves, rows)
		default:
			t.Errorf("a bar of %d rows, %d errors: neither the reference's nor the input's", rows, errs)
		}
	}
	if len(fourths) == 0 || len(halves) == 0 {
		t.Errorf("bars of the reference %v, of the input %v: want both, the reference's first\n%q", fourths, halves, tty.String())
	}
	const summary = "webaddress: 30000 rows read: 10000 matched (10000 by email; 10000 at site), 20000 unmatched, 0 matched several, 0 rejected; " +
		"15000 without a key (web.email-free-mail 15000); the reference: 20000 rows read, 15000 keys, 0 rejected, 5000 without a key (web.placeholder 5000)"
	if !strings.Contains(tty.String(), summary) {
		t.Errorf("the summary is not\n%s\n%q", summary, tty.String())
	}
	out.Seek(0, io.SeekStart)
	rows := 0
	for sc := bufio.NewScanner(out); sc.Scan(); {
		rows++
	}
	if rows != 30001 {
		t.Errorf("output has %d lines, want 30,001 (a header and a row each)", rows)
	}
}
