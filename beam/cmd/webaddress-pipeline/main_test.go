// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"encoding/json"
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
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/clean"
	"github.com/onecontact/webaddress/internal/testfiles"
	"github.com/onecontact/webaddress/surt"
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

// A read is a value as the pipeline reads it: its text, file and line.
type read struct {
	text, file string
	line       int64
}

// lines returns the values of file, one a line from line first.
func lines(file string, first int64, texts ...string) []read {
	out := make([]read, len(texts))
	for i, t := range texts {
		out[i] = read{t, file, first + int64(i)}
	}
	return out
}

// wantParse returns the lines the pipeline should write for in in parse
// mode with the default options (the messy-cell layer, KeyV3), computed
// with the library alone, each list sorted.
func wantParse(t *testing.T, in []read) (records, dedupe, failed []string) {
	return wantParseOpts(t, in, webaddressbeam.Options{})
}

// wantParseOpts is wantParse with opts: the library's cells.Parse (or Parse
// with opts.Raw), the records and groups with the key of opts.KeyVersion,
// an address that is not a public website a group of its own unless
// opts.MergeInvalid.
func wantParseOpts(t *testing.T, in []read, opts webaddressbeam.Options) (records, dedupe, failed []string) {
	t.Helper()
	v := opts.KeyVersion
	if v == 0 {
		v = webaddress.KeyV3
	}
	groups := map[string]*webaddressbeam.Group{}
	for _, r := range in {
		var a webaddress.Address
		var err error
		if opts.Raw {
			a, err = webaddress.Parse(r.text)
		} else {
			a, err = cells.Options{KeepEmails: opts.KeepEmails}.Parse(r.text)
		}
		if err != nil {
			f := webaddressbeam.Failure{Input: r.text, Step: "parse", Error: err.Error(), File: r.file, Line: r.line}
			var e *webaddress.Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse(%q): %v", r.text, err)
			}
			f.ErrorCode = string(e.Code())
			failed = append(failed, webaddressbeam.FailureJSON(f))
			continue
		}
		records = append(records, webaddressbeam.AddressJSONKey(a, v))
		k := a.Key(v, webaddress.LevelPage)
		if f := a.Facts(); !opts.MergeInvalid && (f.Has(webaddress.FactNotPublicWebsite) || f.Has(webaddress.FactNonWebScheme)) {
			dedupe = append(dedupe, webaddressbeam.GroupJSON(webaddressbeam.Group{Key: k, Count: 1, First: r.text}))
			continue
		}
		if g := groups[k]; g != nil {
			g.Count++
			g.First = min(g.First, r.text)
		} else {
			groups[k] = &webaddressbeam.Group{Key: k, Count: 1, First: r.text}
		}
	}
	for _, g := range groups {
		dedupe = append(dedupe, webaddressbeam.GroupJSON(*g))
	}
	slices.Sort(records)
	slices.Sort(dedupe)
	slices.Sort(failed)
	return records, dedupe, failed
}

// readOutput returns the lines of the files PREFIX-NAME-*-of-*.jsonl,
// sorted, and checks that they are all of them (SSSSS from 0 to NNNNN-1)
// and that no temporary file is left.
func readOutput(t *testing.T, prefix, name string) []string {
	t.Helper()
	files, err := filepath.Glob(prefix + "-" + name + "*")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for i, f := range files {
		if want := fmt.Sprintf("%s-%s-%05d-of-%05d.jsonl", prefix, name, i, len(files)); f != want {
			t.Errorf("file %s, want %s", f, want)
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

// writeFile writes text to dir/name and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestText reads three text files by a glob, one with CRLF line ends and a
// byte order mark, one compressed, and checks every output line.
func TestText(t *testing.T) {
	dir := t.TempDir()
	half := len(values) / 2
	a := writeFile(t, dir, "a.txt", "\uFEFF"+strings.Join(values[:half], "\r\n")+"\r\n")
	b := writeFile(t, dir, "b.txt", strings.Join(values[half:], "\n")+"\n")
	writeFile(t, dir, "c.csv", "not,read\n")
	// A compressed file, of many more lines than its size in bytes.
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
	d := writeFile(t, dir, "d.txt.gz", zb.String())
	out := filepath.Join(dir, "out", "wa")
	run(t, config{input: filepath.Join(dir, "*.txt*"), read: webaddressbeam.ReadOptions{Format: "text"}, output: out, mode: "parse"})

	in := slices.Concat(lines(a, 1, values[:half]...), lines(b, 1, values[half:]...), lines(d, 1, gz...))
	records, dedupe, failed := wantParse(t, in)
	compare(t, "records", readOutput(t, out, "records"), records)
	compare(t, "dedupe", readOutput(t, out, "dedupe"), dedupe)
	compare(t, "failed", readOutput(t, out, "failed"), failed)
	if !slices.Contains(dedupe, `{"key":"acme.com","count":4,"first":"WWW.Acme.com/?utm_source=x"}`) {
		t.Errorf("no group of the three spellings of acme.com and ann@acme.com's in %q", dedupe)
	}
	if len(failed) != 3 {
		t.Errorf("%d failed, want 3 (http://[::1, the empty line, ...): %q", len(failed), failed)
	}
}

// TestCSV reads a CSV file whose cells span lines, with the column named in
// another case, a short row (a malformed record: a dead letter), a byte
// order mark and CRLF line ends, whose CRLF inside quotes is kept.
func TestCSV(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("\uFEFFname,Website,notes\r\n")
	var in []read
	path := filepath.Join(dir, "contacts.csv")
	for i, v := range values {
		b.WriteString(`"Contact ` + strconv.Itoa(i) + `","` + strings.ReplaceAll(v, `"`, `""`) + `","line one` + "\r\n" + `line, two"` + "\r\n")
		in = append(in, read{v, path, int64(2 + 2*i)})
	}
	b.WriteString("Short Row,x.example\r\n") // two fields of three
	writeFile(t, dir, "contacts.csv", b.String())
	out := filepath.Join(dir, "wa")
	run(t, config{input: path, read: webaddressbeam.ReadOptions{Format: "csv", Column: "website"}, output: out, mode: "parse"})

	records, dedupe, failed := wantParse(t, in)
	failed = append(failed, webaddressbeam.FailureJSON(webaddressbeam.Failure{
		Input: "Short Row,x.example", Step: "read", ErrorCode: "record.field-count",
		Error: "record.field-count: line 22: 2 fields, want 3 as in the header", File: path, Line: 22}))
	slices.Sort(failed)
	compare(t, "records", readOutput(t, out, "records"), records)
	compare(t, "dedupe", readOutput(t, out, "dedupe"), dedupe)
	compare(t, "failed", readOutput(t, out, "failed"), failed)
}

// brokenCSV is the file: 1,000 rows, row 10 (line 11) opening a
// quote it never closes, a ragged row, and a Latin-1 byte in an address.
func brokenCSV(sep string) string {
	var b strings.Builder
	b.WriteString("n" + sep + "name" + sep + "site\n")
	for i := 1; i <= 1000; i++ {
		switch i {
		case 10:
			b.WriteString("10" + sep + "\"Broken Co" + sep + "broken.example\n")
		case 500:
			b.WriteString("500" + sep + "Ragged\n")
		case 700:
			b.WriteString("700" + sep + "Caf\xe9" + sep + "caf\xe9.example\n")
		default:
			fmt.Fprintf(&b, "%d%sCo %d%sco%d.example\n", i, sep, i, sep, i)
		}
	}
	return b.String()
}

// TestBroken runs the broken files through the pipeline: no row is
// merged into another, the malformed records and the value that is not
// UTF-8 are dead letters with their files and lines, and values read =
// records + dead letters.
func TestBroken(t *testing.T) {
	dir := t.TempDir()
	csv := writeFile(t, dir, "broken.csv", brokenCSV(","))
	tsv := writeFile(t, dir, "broken.tsv", brokenCSV("\t"))
	for _, tt := range []struct {
		path string
		o    webaddressbeam.ReadOptions
	}{
		{csv, webaddressbeam.ReadOptions{Format: "csv", Column: "site"}},
		{tsv, webaddressbeam.ReadOptions{Format: "tsv", Column: "site"}},
	} {
		out := filepath.Join(dir, "out-"+filepath.Ext(tt.path)[1:], "wa")
		run(t, config{input: tt.path, read: tt.o, output: out, mode: "parse"})
		records, failed := readOutput(t, out, "records"), readOutput(t, out, "failed")
		if len(records)+len(failed) != 1000 {
			t.Errorf("%s: %d records + %d failed, want 1,000 rows", tt.path, len(records), len(failed))
		}
		if len(records) != 997 || !slices.ContainsFunc(records, func(r string) bool { return strings.HasPrefix(r, `{"input":"co11.example",`) }) {
			t.Errorf("%s: %d records, want 997, rows 11 to 1,000 among them", tt.path, len(records))
		}
		var lines []string
		for _, f := range failed {
			lines = append(lines, regexp.MustCompile(`"error_code":"[^"]*"|"line":\d+`).FindAllString(f, -1)...)
		}
		if got, want := strings.Join(lines, " "), `"error_code":"record.unclosed-quote" "line":11 "error_code":"record.field-count" "line":501 "error_code":"web.invalid-utf8" "line":701`; got != want {
			t.Errorf("%s: the failures are %s, want %s", tt.path, got, want)
		}
	}
}

// TestClean runs --mode clean with options: the records are the cleaner's,
// and the dead letters what the cleaner refused; the groups are those of
// the values with a key.
func TestClean(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "urls.txt", strings.Join(values, "\n")+"\n")
	var opts clean.CleanOptions
	if err := opts.Set("www_handling", "strip"); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "wa")
	run(t, config{input: in, read: webaddressbeam.ReadOptions{Format: "text"}, output: out, mode: "clean", clean: opts})

	var records, failed []string
	for i, v := range values {
		c, err := clean.Clean(v, opts)
		if err != nil {
			var ce *webaddress.Error
			errors.As(err, &ce)
			failed = append(failed, webaddressbeam.FailureJSON(webaddressbeam.Failure{Input: v, Step: "clean", ErrorCode: string(ce.Code()), Error: err.Error(), File: in, Line: int64(i + 1)}))
			continue
		}
		b, _ := c.MarshalJSON()
		records = append(records, string(b))
	}
	_, dedupe, _ := wantParse(t, lines(in, 1, values...))
	slices.Sort(records)
	slices.Sort(failed)
	compare(t, "records", readOutput(t, out, "records"), records)
	compare(t, "dedupe", readOutput(t, out, "dedupe"), dedupe)
	compare(t, "failed", readOutput(t, out, "failed"), failed)
	if !slices.ContainsFunc(records, func(r string) bool { return strings.Contains(r, `"clean_url":"http://acme.com/"`) }) {
		t.Errorf("www_handling strip did not reach the workers: %q", records)
	}
}

// TestModes runs parse mode with options other than the defaults, and
// surt mode: the records, groups and dead letters of each.
func TestModes(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "urls.txt", strings.Join(values, "\n")+"\n")
	for _, opts := range []webaddressbeam.Options{
		{Raw: true},
		{KeyVersion: webaddress.KeyV1, MergeInvalid: true},
		{KeepEmails: true},
	} {
		out := filepath.Join(dir, fmt.Sprintf("%t%d%t%t", opts.Raw, opts.KeyVersion, opts.MergeInvalid, opts.KeepEmails), "wa")
		run(t, config{input: in, read: webaddressbeam.ReadOptions{Format: "text"}, output: out, mode: "parse", opts: opts})
		records, dedupe, failed := wantParseOpts(t, lines(in, 1, values...), opts)
		compare(t, fmt.Sprintf("%+v records", opts), readOutput(t, out, "records"), records)
		compare(t, fmt.Sprintf("%+v dedupe", opts), readOutput(t, out, "dedupe"), dedupe)
		compare(t, fmt.Sprintf("%+v failed", opts), readOutput(t, out, "failed"), failed)
	}

	out := filepath.Join(dir, "surt", "wa")
	run(t, config{input: in, read: webaddressbeam.ReadOptions{Format: "text"}, output: out, mode: "surt"})
	var records, failed []string
	groups := map[string]*webaddressbeam.Group{}
	for i, v := range values {
		k, err := surt.Key(v)
		if err != nil {
			failed = append(failed, webaddressbeam.FailureJSON(webaddressbeam.Failure{Input: v, Step: "surt", ErrorCode: string(err.(*surt.Error).Code()), Error: err.Error(), File: in, Line: int64(i + 1)}))
			continue
		}
		records = append(records, webaddressbeam.SURTJSON(k, v))
		if g := groups[k]; g != nil {
			g.Count++
			g.First = min(g.First, v)
		} else {
			groups[k] = &webaddressbeam.Group{Key: k, Count: 1, First: v}
		}
	}
	var dedupe []string
	for _, g := range groups {
		dedupe = append(dedupe, webaddressbeam.GroupJSON(*g))
	}
	slices.Sort(records)
	slices.Sort(dedupe)
	slices.Sort(failed)
	compare(t, "surt records", readOutput(t, out, "records"), records)
	compare(t, "surt dedupe", readOutput(t, out, "dedupe"), dedupe)
	compare(t, "surt failed", readOutput(t, out, "failed"), failed)
	// SURT keeps the query (utm_source too), so two spellings of acme.com
	// share a key.
	if !slices.Contains(dedupe, `{"key":"com,acme)/","count":2,"first":"acme.com"}`) {
		t.Errorf("no SURT group of acme.com and https://acme.com/: %q", dedupe)
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
// and files without the column, saying why, before it starts a job: no
// runner log, no plan.
func TestFlags(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "urls.txt", "acme.com\n")
	csv := writeFile(t, dir, "a.csv", "name,url\nAnn,a.example\n")
	empty := writeFile(t, dir, "empty.csv", "")
	out := filepath.Join(dir, "wa")
	for _, tt := range []struct {
		args   []string
		status int
		msg    string
	}{
		{[]string{"--output", out}, 2, "--input is required"},
		{[]string{"--input", in}, 2, "--output is required"},
		{[]string{"--input", in, "--output", out, "--format", "xml"}, 2, `--format "xml": want lines, csv or tsv`},
		{[]string{"--input", in, "--output", out, "--format", "csv"}, 2, "--format csv needs --column"},
		// --input-format is --format's other name, the tool's.
		{[]string{"--input", in, "--output", out, "--input-format", "xml"}, 2, `--format "xml": want lines, csv or tsv`},
		{[]string{"--input", in, "--output", out, "--input-format", "csv"}, 2, "--format csv needs --column"},
		{[]string{"--input", csv, "--output", out, "--input-format", "csv", "--column", "website"}, 1, `no column "website" in the header row (name, url)`},
		{[]string{"--input", in, "--output", out, "--column", "url"}, 2, "--column needs --format csv or tsv"},
		{[]string{"--input", in, "--output", out, "--delimiter", ";"}, 2, "--delimiter is for --format csv"},
		{[]string{"--input", in, "--output", out, "--mode", "lint"}, 2, `--mode "lint": want parse, clean, surt or match`},
		{[]string{"--input", in, "--output", out, "--mode", "match"}, 2, `--mode match needs --against`},
		{[]string{"--input", in, "--output", out, "--against", in}, 2, `--against, --against-column and --all are options of --mode match`},
		{[]string{"--input", in, "--output", out, "--all"}, 2, `--against, --against-column and --all are options of --mode match`},
		{[]string{"--input", in, "--output", out, "--format", "csv", "--column", "email,website", "--mode", "clean"}, 2, `--column "email,website": several columns are for --mode parse and match`},
		{[]string{"--input", in, "--output", out, "--mode", "surt", "--raw"}, 2, "--raw is an option of --mode parse and clean"},
		{[]string{"--input", in, "--output", out, "--mode", "surt", "--key-version", "1"}, 2, "--key-version is an option of --mode parse and clean"},
		{[]string{"--input", in, "--output", out, "--key-version", "4"}, 2, `--key-version: webaddress: key version "4" is not 1, 2 or 3`},
		{[]string{"--input", in, "--output", out, "--by", "domain"}, 2, `--by: webaddress: level "domain" is not page, site or owner`},
		{[]string{"--input", in, "--output", out, "--by", "owner", "--key-version", "2"}, 2, "--by, --platforms and --aliases are KeyV3's, not KeyV2"},
		{[]string{"--input", in, "--output", out, "--mode", "surt", "--by", "owner"}, 2, "--by is an option of --mode parse and clean"},
		{[]string{"--input", in, "--output", out, "--aliases", filepath.Join(dir, "no-such-file")}, 2, "--aliases: open "},
		{[]string{"--input", in, "--output", out, "--www-handling", "strip"}, 2, "--www-handling is an option of --mode clean"},
		{[]string{"--input", in, "--output", out, "--mode", "clean", "--www-handling", "sometimes"}, 2, "--www-handling: clean.invalid-option"},
		{[]string{"--input", filepath.Join(dir, "*.json"), "--output", out}, 1, "matches no file"},
		{[]string{"--input", csv, "--output", out, "--format", "csv", "--column", "website"}, 1, `--input: ` + csv + `: no column "website" in the header row (name, url)`},
		{[]string{"--input", empty, "--output", out, "--format", "csv", "--column", "website"}, 1, "empty.csv is empty: it has no header row"},
		{[]string{"--input", csv, "--output", out, "--format", "csv", "--column", "url", "--mode", "match", "--against", csv, "--against-column", "website"}, 1, `--against: ` + csv + `: no column "website" in the header row (name, url)`},
		{[]string{"--input", csv, "--output", out, "--format", "csv", "--column", "url", "--delimiter", "::"}, 2, `--delimiter "::": want one ASCII character`},
		{[]string{"--input", in, "--output", out, "--encoding", "klingon"}, 2, `--encoding: unknown encoding "klingon"`},
	} {
		status, stderr := command(t, tt.args...)
		if status != tt.status || !strings.Contains(stderr, tt.msg) {
			t.Errorf("%q: status %d, stderr %q; want status %d and %q", tt.args, status, stderr, tt.status, tt.msg)
		}
		if strings.Contains(stderr, "level=") || len(stderr) > 500 {
			t.Errorf("%q: stderr has the runner's logs, or is long (%d bytes): %q", tt.args, len(stderr), stderr)
		}
	}
}

// TestFailedJob checks that a job that fails on the runner (a file that is
// not the gzip its name says) ends with status 1 and its cause in one line,
// without the runner's logs and plan dumps.
func TestFailedJob(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "urls.txt.gz", "not gzip\n")
	status, stderr := command(t, "--input", in, "--output", filepath.Join(dir, "wa"))
	if status != 1 || !strings.HasPrefix(stderr, "webaddress-pipeline: the pipeline failed: ") || !strings.Contains(stderr, "urls.txt.gz") {
		t.Errorf("status %d, stderr %q; want status 1 and the failure naming the file", status, stderr)
	}
	if strings.Contains(stderr, "level=") || strings.Contains(stderr, "DataSource[") || strings.Count(stderr, "\n") > 3 {
		t.Errorf("stderr has the runner's logs or plan:\n%s", stderr)
	}
}

// TestCommand runs the command end to end on the local runner and checks
// its summary line, without the runner's logs, and its files.
func TestCommand(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "urls.txt", strings.Join(values, "\n")+"\n")
	out := filepath.Join(dir, "out", "wa")
	status, stderr := command(t, "--input", in, "--output", out)
	if status != 0 {
		t.Fatalf("status %d: %s", status, stderr)
	}
	// The counts come from the runner's counters, which Prism has been seen
	// to under-report (never the files), so only the line's shape is
	// checked; 10 values, 7 records, 3 failed and 4 keys are expected.
	summary := regexp.MustCompile(`^webaddress-pipeline: \d+ values read in .*: \d+ records, \d+ failed \(\d+ malformed\), \d+ keys; (read = records \+ failed|the runner's counts do not add up .*)\. Output: .*\n$`)
	if !summary.MatchString(stderr) {
		t.Errorf("stderr is not the summary line %s:\n%s", summary, stderr)
	}
	records, dedupe, failed := wantParse(t, lines(in, 1, values...))
	compare(t, "records", readOutput(t, out, "records"), records)
	compare(t, "dedupe", readOutput(t, out, "dedupe"), dedupe)
	compare(t, "failed", readOutput(t, out, "failed"), failed)
}

// TestMatchCommand runs --mode match --all as a command: a record per
// matched pair, and the summary's rule of match mode (both sides' rows
// are read, and a row may have several records).
func TestMatchCommand(t *testing.T) {
	dir := t.TempDir()
	leads := writeFile(t, dir, "leads.csv", "name,email,website\nAnn,ann@sales.acme.com,\nBob,bob@gmail.com,globex.com\nDan,dan@gmail.com,\nFay,fay@umbrella.com,\n")
	accounts := writeFile(t, dir, "accounts.csv", "id,domain\n1,acme.com\n2,www.acme.com\n3,globex.com\n4,N/A\n")
	out := filepath.Join(dir, "out", "wa")
	status, stderr := command(t, "--input", leads, "--format", "csv", "--column", "email,website", "--mode", "match",
		"--against", accounts, "--against-column", "domain", "--all", "--output", out)
	if status != 0 {
		t.Fatalf("status %d: %s", status, stderr)
	}
	// 8 values read, 6 keyed (3 of each side), 2 failed are expected; as
	// in TestCommand, only the line's shape is checked.
	summary := regexp.MustCompile(`^webaddress-pipeline: \d+ values read in .*; (read = keyed \+ failed \(of the input and the reference\)|the runner's counts do not add up \(read \d+, keyed \+ failed \(of the input and the reference\) \d+\).*)\. Output: .*\n$`)
	if !summary.MatchString(stderr) {
		t.Errorf("stderr is not the summary line %s:\n%s", summary, stderr)
	}
	records := readOutput(t, out, "records")
	if len(records) != 4 || !strings.Contains(records[0]+records[1], `"against":"www.acme.com"`) {
		t.Errorf("records = %q, want Ann's two pairs, Bob's and Fay's", records)
	}
	if failed := readOutput(t, out, "failed"); len(failed) != 2 {
		t.Errorf("failed = %q, want Dan's free-mail address and the reference's N/A", failed)
	}
}

// TestSameAsTool checks that the pipeline's records are the webaddress
// command-line tool's JSON lines, byte for byte, for the same input, in
// parse and in clean mode: the tool is built from this repository and run.
func TestSameAsTool(t *testing.T) {
	tool := buildTool(t)
	dir := t.TempDir()
	corpus, err := testfiles.CorpusLines("typed.txt")
	if err != nil {
		t.Fatal(err)
	}
	in := append(slices.Clone(values), corpus[:2000]...)
	in = append(in, "a\u2028b.example", "x.example/<a>&b", "“Acme.com”", "http//acme.com", "sales@globex.com", "twitter.com/Acme", "acmebakery.wordpress.com", "http://x.example:99999/")
	input := writeFile(t, dir, "urls.txt", strings.Join(in, "\n")+"\n")
	for _, tt := range []struct {
		mode string
		opts webaddressbeam.Options
		args []string // the tool's flags
	}{
		{"parse", webaddressbeam.Options{}, nil},
		{"parse", webaddressbeam.Options{Raw: true, KeyVersion: webaddress.KeyV1}, []string{"--raw", "--key-version", "1"}},
		{"parse", webaddressbeam.Options{KeepEmails: true}, []string{"--keep-emails"}},
		// Beam's Clean cleans each value as given, R's answers: the
		// tool's clean --raw (the tool's clean reads a cell through the
		// messy-cell layer first).
		{"parse", webaddressbeam.Options{KeyVersion: webaddress.KeyV3}, []string{"--key-version", "3"}},
		{"clean", webaddressbeam.Options{}, []string{"--raw"}},
		{"surt", webaddressbeam.Options{}, nil},
	} {
		mode := tt.mode
		out := filepath.Join(dir, mode+strings.Join(tt.args, ""), "wa")
		run(t, config{input: input, read: webaddressbeam.ReadOptions{Format: "text"}, output: out, mode: mode, opts: tt.opts})
		cmd := exec.Command(tool, append([]string{mode, "--format", "jsonl", "--quiet"}, tt.args...)...)
		cmd.Stdin = strings.NewReader(strings.Join(in, "\n") + "\n")
		stdout, err := cmd.Output()
		if err != nil {
			t.Fatalf("webaddress %s: %v", mode, err)
		}
		var want []string
		for _, line := range strings.Split(strings.TrimSuffix(string(stdout), "\n"), "\n") {
			if strings.Contains(line, `"error_code":null,"error":null}`) { // the values that worked
				want = append(want, line)
			}
		}
		slices.Sort(want)
		got := readOutput(t, out, "records")
		if len(got) < len(in)/2 {
			t.Fatalf("%s: only %d records for %d inputs", mode, len(got), len(in))
		}
		compare(t, fmt.Sprint(mode, tt.args, " records against the tool's lines"), got, want)
	}
}

// decodeJSON returns the value of the JSON line.
func decodeJSON[T any](t *testing.T, line string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(line), &v); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return v
}

// buildTool builds the command-line tool from this repository into a
// temporary directory, and returns its path; with -short, the test is
// skipped.
func buildTool(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command-line tool")
	}
	tool := filepath.Join(t.TempDir(), "webaddress")
	build := exec.Command("go", "build", "-o", tool, "./cmd/webaddress")
	build.Dir = testfiles.Root()
	if msg, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the tool: %v\n%s", err, msg)
	}
	return tool
}

// TestMatchSameAsTool checks that --mode match, with and without --all,
// gives the rows of the tool's match (and match --all) for the same leads
// (an e-mail address and a website, corpus lines among them; one at a
// shop's site, whose owner has other accounts) and accounts (a cell of
// addresses): the same line, match_count, match_key, match_via,
// match_level and reference row, compared sorted; a row the tool writes
// with no key is a failed line here, with its line.
func TestMatchSameAsTool(t *testing.T) {
	tool := buildTool(t)
	dir := t.TempDir()
	corpus, err := testfiles.CorpusLines("typed.txt")
	if err != nil {
		t.Fatal(err)
	}
	var leads, accounts bytes.Buffer
	lw, aw := csv.NewWriter(&leads), csv.NewWriter(&accounts)
	lw.Write([]string{"n", "email", "website"})
	aw.Write([]string{"rn", "domain"})
	for i, row := range [][2]string{
		{"ann@sales.acme.com", ""}, {"bob@gmail.com", "globex.com"}, {"", "initrode.com"}, {"dan@gmail.com", ""},
		{"N/A", "n/a"}, {"fay@umbrella.com", ""}, {"", "https://www.linkedin.com/in/gus"}, {"hal@hooli.com", "acme.com/x"},
		{"", "shop.acme.com"},
	} {
		lw.Write([]string{strconv.Itoa(i + 2), row[0], row[1]})
	}
	for i, d := range []string{"acme.com", "https://www.globex.com/", "initech.com; initrode.com", "ACME.COM", "N/A", "", "linkedin.com/in/gus", "linkedin.com/feed", "shop.acme.com", "www.acme.com"} {
		aw.Write([]string{strconv.Itoa(i + 2), d})
	}
	for i, c := range corpus[:600] {
		if i%3 == 0 {
			aw.Write([]string{strconv.Itoa(i/3 + 12), c})
		}
		if i < 400 {
			email := ""
			if i%4 == 0 {
				email = "info@" + c
			}
			lw.Write([]string{strconv.Itoa(i + 11), email, c})
		}
	}
	lw.Flush()
	aw.Flush()
	leadsFile, accountsFile := writeFile(t, dir, "leads.csv", leads.String()), writeFile(t, dir, "accounts.csv", accounts.String())
	read := webaddressbeam.ReadOptions{Format: "csv", Column: "email,website"}
	against := read
	against.Column = "domain"
	for _, all := range []bool{false, true} {
		args := []string{"match", "--column", "email,website", "--against", accountsFile, "--against-column", "domain",
			"--format", "jsonl", "--quiet", "--fields", "n,match_count,match_key,match_via,match_level,rn", leadsFile}
		if all {
			args = append(args, "--all")
		}
		stdout, err := exec.Command(tool, args...).Output()
		if err != nil {
			t.Fatalf("webaddress %s: %v", args, err)
		}
		var want, wantFailed []string
		others := 0
		for line := range strings.Lines(string(stdout)) {
			raw := decodeJSON[map[string]any](t, line)
			str := func(name string) string { s, _ := raw[name].(string); return s }
			count := int64(raw["match_count"].(float64))
			if str("match_key") == "" {
				wantFailed = append(wantFailed, str("n"))
				continue
			}
			via := str("match_via")
			if count == 0 {
				via = "" // the tool's match_via of a row that matched nothing is empty (match_key the key looked for)
			}
			if all && str("n") == "10" && str("match_level") == "owner" {
				others++ // the shop's lead: Acme's accounts after the shop's
			}
			want = append(want, fmt.Sprint(str("n"), " ", count, " ", str("match_key"), " ", via, " ", str("match_level"), " ", str("rn")))
		}
		out := filepath.Join(dir, fmt.Sprint(all), "wa")
		run(t, config{input: leadsFile, read: read, against: accountsFile, againstRead: against, output: out, mode: "match", all: all,
			opts: webaddressbeam.Options{By: webaddress.LevelOwner}})
		var got, gotFailed []string
		for _, line := range readOutput(t, out, "records") {
			r := decodeJSON[struct {
				Line        int64   `json:"line"`
				Count       int64   `json:"match_count"`
				Key         string  `json:"match_key"`
				Via         *string `json:"match_via"`
				Level       *string `json:"match_level"`
				AgainstLine *int64  `json:"against_line"`
			}](t, line)
			via, level, rn := "", "", ""
			if r.Via != nil {
				via = *r.Via
			}
			if r.Level != nil {
				level = *r.Level
			}
			if r.AgainstLine != nil {
				rn = strconv.FormatInt(*r.AgainstLine, 10)
			}
			got = append(got, fmt.Sprint(r.Line, " ", r.Count, " ", r.Key, " ", via, " ", level, " ", rn))
		}
		for _, line := range readOutput(t, out, "failed") {
			f := decodeJSON[struct {
				File string `json:"file"`
				Line int64  `json:"line"`
			}](t, line)
			if f.File == leadsFile {
				gotFailed = append(gotFailed, strconv.FormatInt(f.Line, 10))
			}
		}
		slices.Sort(want)
		slices.Sort(wantFailed)
		slices.Sort(got)
		slices.Sort(gotFailed)
		if len(want) < 300 || len(wantFailed) < 2 {
			t.Fatalf("--all %v: the tool wrote %d rows with a key and %d without: want more", all, len(want), len(wantFailed))
		}
		if all && others != 4 {
			t.Errorf("--all: the tool wrote %d of Acme's accounts at owner level after the shop's lead's, want 4 (3 here, www.acme.com/java/ of the corpus)", others)
		}
		compare(t, fmt.Sprint("--all ", all, ": rows with a key"), got, want)
		compare(t, fmt.Sprint("--all ", all, ": rows without a key"), gotFailed, wantFailed)
	}
}

// TestColumnsSameAsTool checks that the groups of --column email,website
// (parse mode, by owner) are the tool's dedupe --column email,website
// groups for the same rows (corpus lines, and e-mail addresses at their
// hosts): the same keys, counts and columns via (as sets: the tool names
// them in the order its rows come, the pipeline in column order), and
// the same representative where a group has one row; a value the tool
// makes a group of its own with an error is a failed line here.
func TestColumnsSameAsTool(t *testing.T) {
	tool := buildTool(t)
	dir := t.TempDir()
	corpus, err := testfiles.CorpusLines("typed.txt")
	if err != nil {
		t.Fatal(err)
	}
	var rows bytes.Buffer
	w := csv.NewWriter(&rows)
	w.Write([]string{"email", "website"})
	w.Write([]string{"ann@gmail.com", "https://www.acme.com/"})
	w.Write([]string{"cid@acme.com", ""})
	w.Write([]string{"N/A", "n/a"})
	w.Write([]string{"linkedin.com/feed", ""})
	for i, c := range corpus[:600] {
		email := ""
		if i%3 == 0 {
			email = "info@" + corpus[(i*7)%600]
		}
		if i%5 == 0 {
			c = ""
		}
		w.Write([]string{email, c})
	}
	w.Flush()
	contacts := writeFile(t, dir, "contacts.csv", rows.String())
	stdout, err := exec.Command(tool, "dedupe", "--by", "owner", "--column", "email,website", "--format", "jsonl", "--quiet",
		"--fields", "key,count,first,via,error_code", contacts).Output()
	if err != nil {
		t.Fatalf("webaddress dedupe: %v", err)
	}
	// group is a group's line, of the tool's or the pipeline's, as
	// compared.
	type groupLine struct {
		Key       string  `json:"key"`
		Count     int64   `json:"count"`
		First     string  `json:"first"`
		Via       *string `json:"via"`
		ErrorCode *string `json:"error_code"`
	}
	group := func(g groupLine) string {
		var via []string
		if g.Via != nil {
			via = strings.Split(*g.Via, ",")
		}
		slices.Sort(via)
		if g.Count > 1 {
			g.First = "" // the tool's is the first read, the pipeline's the smallest
		}
		return fmt.Sprintf("%q %d %q %q", g.Key, g.Count, g.First, via)
	}
	var want []string
	wantFailed := 0
	for line := range strings.Lines(string(stdout)) {
		g := decodeJSON[groupLine](t, line)
		if g.ErrorCode != nil {
			wantFailed++
			continue
		}
		want = append(want, group(g))
	}
	out := filepath.Join(dir, "wa")
	run(t, config{input: contacts, read: webaddressbeam.ReadOptions{Format: "csv", Column: "email,website"}, output: out, mode: "parse",
		opts: webaddressbeam.Options{By: webaddress.LevelOwner, KeyVersion: webaddress.KeyV3}})
	var got []string
	for _, line := range readOutput(t, out, "dedupe") {
		got = append(got, group(decodeJSON[groupLine](t, line)))
	}
	slices.Sort(want)
	if len(want) < 300 || wantFailed < 2 || !slices.ContainsFunc(want, func(g string) bool { return strings.Contains(g, `"email" "website"`) }) {
		t.Fatalf("the tool made %d groups with a key, %d without, none of both columns: want more", len(want), wantFailed)
	}
	compare(t, "groups", got, want)
	if failed := readOutput(t, out, "failed"); len(failed) != wantFailed {
		t.Errorf("%d failed, want the tool's %d groups of a value that failed", len(failed), wantFailed)
	}
}

// TestMatchMode matches leads against accounts by owner: an e-mail address
// at a subdomain, a cell of two domains in the reference, and what never
// matches (free-mail, a placeholder) failed with its file and line.
func TestMatchMode(t *testing.T) {
	dir := t.TempDir()
	leads := writeFile(t, dir, "leads.csv", "name,email\nAnn,ann@sales.acme.com\nCid,cid@initrode.com\nDan,dan@gmail.com\nEve,N/A\nFay,fay@umbrella.com\n")
	accounts := writeFile(t, dir, "accounts.csv", "account,domain\nAcme,acme.com\nInitech,initech.com; initrode.com\n")
	out := filepath.Join(dir, "wa")
	read := webaddressbeam.ReadOptions{Format: "csv", Column: "email"}
	against := read
	against.Column = "domain"
	run(t, config{input: leads, read: read, against: accounts, againstRead: against, output: out, mode: "match",
		opts: webaddressbeam.Options{By: webaddress.LevelOwner}})
	compare(t, "records", readOutput(t, out, "records"), []string{
		`{"input":"ann@sales.acme.com","file":"` + leads + `","line":2,"match_count":1,"match_key":"acme.com","match_via":"email","match_level":"owner","match_ambiguous":false,"against":"acme.com","against_file":"` + accounts + `","against_line":2}`,
		`{"input":"cid@initrode.com","file":"` + leads + `","line":3,"match_count":1,"match_key":"initrode.com","match_via":"email","match_level":"site","match_ambiguous":false,"against":"initech.com; initrode.com","against_file":"` + accounts + `","against_line":3}`,
		`{"input":"fay@umbrella.com","file":"` + leads + `","line":6,"match_count":0,"match_key":"umbrella.com","match_via":null,"match_level":null,"match_ambiguous":null,"against":null,"against_file":null,"against_line":null}`,
	})
	failed := readOutput(t, out, "failed")
	if len(failed) != 2 || !strings.Contains(failed[0]+failed[1], `"error_code":"web.email-free-mail"`) || !strings.Contains(failed[0]+failed[1], `"error_code":"web.placeholder"`) {
		t.Errorf("failed = %q, want dan@gmail.com (web.email-free-mail) and N/A (web.placeholder)", failed)
	}
}

// TestMatchModeColumns matches leads of two columns against accounts of
// two, as the tool's match --column email,website --against-column
// domain,website: a record a row, by the first column whose keys an
// account shares (a free-mail address falls to the website), match_via
// its name.
func TestMatchModeColumns(t *testing.T) {
	dir := t.TempDir()
	leads := writeFile(t, dir, "leads.csv", "name,email,website\nAnn,ann@acme.com,\nBob,bob@gmail.com,initech.com/about\nCid,cid@hooli.com,\n")
	accounts := writeFile(t, dir, "accounts.csv", "account,domain,website\nAcme,acme.com,\nInitech,,https://www.initech.com\n")
	out := filepath.Join(dir, "wa")
	read := webaddressbeam.ReadOptions{Format: "csv", Column: "email,website"}
	against := read
	against.Column = "domain,website"
	run(t, config{input: leads, read: read, against: accounts, againstRead: against, output: out, mode: "match",
		opts: webaddressbeam.Options{By: webaddress.LevelOwner}})
	compare(t, "records", readOutput(t, out, "records"), []string{
		`{"input":"ann@acme.com","file":"` + leads + `","line":2,"match_count":1,"match_key":"acme.com","match_via":"email","match_level":"site","match_ambiguous":false,"against":"acme.com","against_file":"` + accounts + `","against_line":2}`,
		`{"input":"bob@gmail.com","file":"` + leads + `","line":3,"match_count":1,"match_key":"initech.com","match_via":"website","match_level":"site","match_ambiguous":false,"against":"","against_file":"` + accounts + `","against_line":3}`,
		`{"input":"cid@hooli.com","file":"` + leads + `","line":4,"match_count":0,"match_key":"hooli.com","match_via":null,"match_level":null,"match_ambiguous":null,"against":null,"against_file":null,"against_line":null}`,
	})
	if failed := readOutput(t, out, "failed"); len(failed) != 0 {
		t.Errorf("failed = %q, want none", failed)
	}
}
