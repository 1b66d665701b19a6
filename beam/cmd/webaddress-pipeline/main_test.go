// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/onecontact/webaddress"
	webaddressbeam "github.com/onecontact/webaddress/beam"
)

// TestMain runs the pipelines on Prism, in this process; with
// WEBADDRESS_PIPELINE_MAIN=1 the test binary is the command, for the tests
// of its flags.
func TestMain(m *testing.M) {
	if os.Getenv("WEBADDRESS_PIPELINE_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	ptest.Main(m)
}

// values are the addresses the tests read: acme.com under three spellings,
// a page under two, a profile, and values that fail.
var values = []string{
	"WWW.Acme.com/?utm_source=x",
	"acme.com",
	"https://acme.com/",
	"https://globex.com/about/",
	"http://www.globex.com/about?utm_medium=email#team",
	"github.com/golang",
	"http://[::1",
	"mailto:ann@acme.com",
	"a&b<c>.example",
	"",
}

// wantParse returns the lines the pipeline should write for in in parse
// mode, computed with the library alone, each list sorted.
func wantParse(t *testing.T, in []string) (records, dedupe, failed []string) {
	t.Helper()
	groups := map[string]*webaddressbeam.Group{}
	for _, v := range in {
		a, err := webaddress.Parse(v)
		if err != nil {
			var e *webaddress.Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q): %v", v, err)
			}
			failed = append(failed, line(t, webaddressbeam.Failure{Input: v, Step: "parse", ErrorCode: string(e.Code()), Error: err.Error()}))
			continue
		}
		records = append(records, line(t, webaddressbeam.NewRecord(a)))
		k := a.Key(webaddress.KeyV1)
		if g := groups[k]; g != nil {
			g.Count++
			g.First = min(g.First, v)
		} else {
			groups[k] = &webaddressbeam.Group{Key: k, Count: 1, First: v}
		}
	}
	for _, g := range groups {
		dedupe = append(dedupe, line(t, *g))
	}
	slices.Sort(records)
	slices.Sort(dedupe)
	slices.Sort(failed)
	return records, dedupe, failed
}

func line(t *testing.T, v any) string {
	t.Helper()
	s, err := jsonLine(v)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// readOutput returns the lines of the files PREFIX-NAME-*-of-*.jsonl,
// sorted, and checks that there are at most shards of them.
func readOutput(t *testing.T, prefix, name string, shards int) []string {
	t.Helper()
	files, err := filepath.Glob(prefix + "-" + name + "-*.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) > shards {
		t.Errorf("%d %s files, want at most %d: %q", len(files), name, shards, files)
	}
	var lines []string
	for _, f := range files {
		if !strings.HasSuffix(f, fmt.Sprintf("-of-%05d.jsonl", shards)) {
			t.Errorf("%s: not a shard of %d", f, shards)
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")...)
	}
	slices.Sort(lines)
	return lines
}

// run builds the pipeline of cfg and runs it on Prism.
func run(t *testing.T, cfg config) {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	build(s, cfg)
	if err := ptest.Run(p); err != nil {
		t.Fatalf("the pipeline failed: %v", err)
	}
}

func compare(t *testing.T, name string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\ngot\n\t%s\nwant\n\t%s", name, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// TestText reads three text files by a glob, one with CRLF line ends and a
// byte order mark, one compressed, in three shards, and checks every output
// line.
func TestText(t *testing.T) {
	dir := t.TempDir()
	half := len(values) / 2
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("a.txt", "\uFEFF"+strings.Join(values[:half], "\r\n")+"\r\n")
	write("b.txt", strings.Join(values[half:], "\n")+"\n")
	write("c.csv", "not,read\n")
	// A compressed file, of many more lines than its size in bytes
	// (textio alone reads only as many bytes of text as the file has).
	var gz []string
	for i := range 3000 {
		gz = append(gz, "https://www.example.com/page/"+strconv.Itoa(i%1500)+"?utm_source=gz")
	}
	var zb bytes.Buffer
	zw := gzip.NewWriter(&zb)
	zw.Write([]byte(strings.Join(gz, "\n") + "\n"))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	write("d.txt.gz", zb.String())
	out := filepath.Join(dir, "out", "wa")
	run(t, config{input: filepath.Join(dir, "*.txt*"), format: "text", output: out, mode: "parse", shards: 3})

	records, dedupe, failed := wantParse(t, append(slices.Clone(values), gz...))
	compare(t, "records", readOutput(t, out, "records", 3), records)
	compare(t, "dedupe", readOutput(t, out, "dedupe", 3), dedupe)
	compare(t, "failed", readOutput(t, out, "failed", 3), failed)
	if !slices.Contains(dedupe, `{"key":"acme.com","count":3,"first":"WWW.Acme.com/?utm_source=x"}`) {
		t.Errorf("no group of the three spellings of acme.com in %q", dedupe)
	}
	if len(failed) != 3 {
		t.Errorf("%d failed, want 3 (http://[::1, the empty line, ...): %q", len(failed), failed)
	}
}

// TestCSV reads a CSV file whose cells span lines, with the column named in
// another case, a short row, a byte order mark and CRLF line ends.
func TestCSV(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("\uFEFFname,Website,notes\r\n")
	for i, v := range values {
		b.WriteString(`"Contact ` + strconv.Itoa(i) + `","` + strings.ReplaceAll(v, `"`, `""`) + `","line one` + "\r\n" + `line, two"` + "\r\n")
	}
	b.WriteString("Short Row\r\n") // no website: an empty value, which fails
	if err := os.WriteFile(filepath.Join(dir, "contacts.csv"), []byte(b.String()), 0o666); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "wa")
	run(t, config{input: filepath.Join(dir, "contacts.csv"), format: "csv", column: "website", output: out, mode: "parse", shards: 1})

	records, dedupe, failed := wantParse(t, append(slices.Clone(values), ""))
	compare(t, "records", readOutput(t, out, "records", 1), records)
	compare(t, "dedupe", readOutput(t, out, "dedupe", 1), dedupe)
	compare(t, "failed", readOutput(t, out, "failed", 1), failed)
}

// TestClean runs --mode clean with options: the records are the cleaner's,
// and the dead letters hold both what the cleaner refused and what has no
// key.
func TestClean(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "urls.txt")
	if err := os.WriteFile(in, []byte(strings.Join(values, "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	var opts webaddress.CleanOptions
	if err := opts.Set("www_handling", "strip"); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "wa")
	run(t, config{input: in, format: "text", output: out, mode: "clean", shards: 2, clean: opts})

	var records, failed []string
	for _, v := range values {
		c, err := webaddress.Clean(v, opts)
		if err != nil {
			var ce *webaddress.Error
			errors.As(err, &ce)
			failed = append(failed, line(t, webaddressbeam.Failure{Input: v, Step: "clean", ErrorCode: string(ce.Code()), Error: err.Error()}))
			continue
		}
		records = append(records, line(t, webaddressbeam.NewCleanRecord(c)))
	}
	_, dedupe, keyFailed := wantParse(t, values)
	for _, f := range keyFailed {
		failed = append(failed, strings.Replace(f, `"step":"parse"`, `"step":"key"`, 1))
	}
	slices.Sort(records)
	slices.Sort(failed)
	compare(t, "records", readOutput(t, out, "records", 2), records)
	compare(t, "dedupe", readOutput(t, out, "dedupe", 2), dedupe)
	compare(t, "failed", readOutput(t, out, "failed", 2), failed)
	if !slices.ContainsFunc(records, func(r string) bool { return strings.Contains(r, `"clean_url":"http://acme.com/"`) }) {
		t.Errorf("www_handling strip did not reach the workers: %q", records)
	}
}

// command runs the test binary as the command with args, and returns its
// exit status and standard error.
func command(t *testing.T, args ...string) (int, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), "WEBADDRESS_PIPELINE_MAIN=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), stderr.String()
}

// TestFlags checks that the command refuses flags that do not make sense,
// saying why, before it starts a job.
func TestFlags(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "urls.txt")
	if err := os.WriteFile(in, []byte("acme.com\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "wa")
	for _, tt := range []struct {
		args   []string
		status int
		msg    string
	}{
		{[]string{"--output", out}, 2, "--input is required"},
		{[]string{"--input", in}, 2, "--output is required"},
		{[]string{"--input", in, "--output", out, "--format", "xml"}, 2, `--format "xml": want text or csv`},
		{[]string{"--input", in, "--output", out, "--format", "csv"}, 2, "--format csv needs --column"},
		{[]string{"--input", in, "--output", out, "--column", "url"}, 2, "--column is for --format csv"},
		{[]string{"--input", in, "--output", out, "--mode", "lint"}, 2, `--mode "lint": want parse or clean`},
		{[]string{"--input", in, "--output", out, "--shards", "0"}, 2, "--shards 0: want 1 or more"},
		{[]string{"--input", in, "--output", out, "--www-handling", "strip"}, 2, "--www-handling is an option of --mode clean"},
		{[]string{"--input", in, "--output", out, "--mode", "clean", "--www-handling", "sometimes"}, 2, "--www-handling: clean.invalid-option"},
		{[]string{"--input", filepath.Join(dir, "*.csv"), "--output", out}, 1, "matches no file"},
	} {
		status, stderr := command(t, tt.args...)
		if status != tt.status || !strings.Contains(stderr, tt.msg) {
			t.Errorf("%q: status %d, stderr %q; want status %d and %q", tt.args, status, stderr, tt.status, tt.msg)
		}
	}
}

// TestCommand runs the command end to end on the local runner and checks
// its summary line and its files.
func TestCommand(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "urls.txt")
	if err := os.WriteFile(in, []byte(strings.Join(values, "\n")+"\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out", "wa")
	status, stderr := command(t, "--input", in, "--output", out)
	if status != 0 {
		t.Fatalf("status %d: %s", status, stderr)
	}
	// The counts come from the runner's counters, which Prism has been seen
	// to under-report (never the files), so only the line's shape is
	// checked; 10 values, 7 records, 4 keys and 3 failed are expected.
	summary := regexp.MustCompile(`webaddress-pipeline: \d+ values read in .*: \d+ records, \d+ keys, \d+ failed\. Output: `)
	if !summary.MatchString(stderr) {
		t.Errorf("stderr has no summary line matching %s:\n%s", summary, stderr)
	}
	records, dedupe, failed := wantParse(t, values)
	compare(t, "records", readOutput(t, out, "records", 1), records)
	compare(t, "dedupe", readOutput(t, out, "dedupe", 1), dedupe)
	compare(t, "failed", readOutput(t, out, "failed", 1), failed)
}
