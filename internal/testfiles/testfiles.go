// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package testfiles reads the test data this repository carries under
// testdata/, for the tests and benchmarks of the module and of its nested
// modules (bench/, beam/): the URL corpus, gzip-compressed in
// testdata/corpus with its provenance in testdata/corpus/SOURCE.
//
// Missing or altered data is an error naming the file: the data is part of
// the repository, and a test of nothing would pass for the wrong reason.
package testfiles

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// CorpusFiles are the files of testdata/corpus, uncompressed names.
var CorpusFiles = []string{"kasztp.txt", "node_files.txt", "typed.txt"}

// Root returns the repository's root directory: the one that holds this
// package's source two levels down.
func Root() string {
	_, file, _, ok := runtime.Caller(0)
	if ok && filepath.IsAbs(file) {
		return filepath.Join(filepath.Dir(file), "..", "..")
	}
	// Built with -trimpath: look up from the working directory.
	dir, _ := os.Getwd()
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "testdata", "corpus", "SOURCE")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			return dir
		}
	}
}

// ErrorCodes returns the library's error codes, the lines of
// testdata/codes.txt but its comments, or fails tb.
func ErrorCodes(tb testing.TB) []string {
	tb.Helper()
	text, err := os.ReadFile(Path("codes.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	var codes []string
	for line := range strings.Lines(string(text)) {
		if line = strings.TrimSpace(line); line != "" && line[0] != '#' {
			codes = append(codes, line)
		}
	}
	return codes
}

// Path returns the path of name under the repository's testdata/.
func Path(name string) string {
	return filepath.Join(Root(), "testdata", filepath.FromSlash(name))
}

var (
	mu     sync.Mutex
	corpus = map[string][]string{}
)

// CorpusLines returns the non-empty lines of a corpus file, such as
// "kasztp.txt", each without its line end; the first line of kasztp.txt
// keeps its byte order mark. The file is read once per process: from
// $CORPUS_DIR/name when CORPUS_DIR is set (to try other data), otherwise
// from testdata/corpus/name.gz, whose uncompressed sha256 must be the one
// testdata/corpus/SOURCE gives.
func CorpusLines(name string) ([]string, error) {
	mu.Lock()
	defer mu.Unlock()
	if lines, ok := corpus[name]; ok {
		return lines, nil
	}
	data, err := readCorpus(name)
	if err != nil {
		return nil, err
	}
	var lines []string
	for l := range strings.Lines(string(data)) {
		if l = strings.TrimRight(l, "\r\n"); l != "" {
			lines = append(lines, l)
		}
	}
	corpus[name] = lines
	return lines, nil
}

// MustCorpusLines is CorpusLines, failing tb on an error.
func MustCorpusLines(tb testing.TB, name string) []string {
	tb.Helper()
	lines, err := CorpusLines(name)
	if err != nil {
		tb.Fatal(err)
	}
	return lines
}

// BenchmarkCorpora runs f over every line of each corpus file, one
// sub-benchmark a file named without its ".txt", by [BenchmarkLines].
func BenchmarkCorpora(b *testing.B, f func(string)) {
	for _, name := range CorpusFiles {
		b.Run(strings.TrimSuffix(name, ".txt"), func(b *testing.B) {
			BenchmarkLines(b, MustCorpusLines(b, name), f)
		})
	}
}

// readCorpus returns the contents of a corpus file.
func readCorpus(name string) ([]byte, error) {
	if dir := os.Getenv("CORPUS_DIR"); dir != "" {
		return os.ReadFile(filepath.Join(dir, name))
	}
	path := Path("corpus/" + name + ".gz")
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("corpus file missing from the repository: %w", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	want, err := SHA256Of("corpus/SOURCE", name)
	if err != nil {
		return nil, err
	}
	if got := SHA256(data); got != want {
		return nil, fmt.Errorf("%s: sha256 of the uncompressed data is %s, testdata/corpus/SOURCE says %s", path, got, want)
	}
	return data, nil
}

// ReadPinned returns the contents of testdata/dir/file, or fails tb when
// the file is missing or its sha256 is not the one testdata/dir/index
// gives for it.
func ReadPinned(tb testing.TB, dir, file, index string) []byte {
	tb.Helper()
	data, err := os.ReadFile(Path(dir + "/" + file))
	if err != nil {
		tb.Fatalf("testdata/%s/%s missing from the repository: %v", dir, file, err)
	}
	want, err := SHA256Of(dir+"/"+index, file)
	if err != nil {
		tb.Fatal(err)
	}
	if got := SHA256(data); got != want {
		tb.Fatalf("testdata/%s/%s: sha256 %s, testdata/%s/%s says %s", dir, file, got, dir, index, want)
	}
	return data
}

// SHA256 returns the sha256 of data in lowercase hex.
func SHA256(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// SHA256Of returns the sha256 that the provenance file index (a path under
// testdata/, such as "wpt/PIN") gives for file: the last field of the line
// whose first field is file and whose last field is 64 hex digits.
func SHA256Of(index, file string) (string, error) {
	data, err := os.ReadFile(Path(index))
	if err != nil {
		return "", err
	}
	for line := range bytes.Lines(data) {
		f := strings.Fields(string(line))
		if len(f) >= 2 && f[0] == file && isSHA256(f[len(f)-1]) {
			return f[len(f)-1], nil
		}
	}
	return "", fmt.Errorf("testdata/%s gives no sha256 for %s", index, file)
}

func isSHA256(s string) bool {
	if len(s) != 64 {
		return false
	}
	_, err := hex.DecodeString(s)
	return err == nil
}

// MarshalJSON returns v's JSON as its MarshalJSON writes it (not
// compacted again by json.Marshal, which escapes '<', '>' and '&'), which
// must be valid JSON, or fails tb.
func MarshalJSON(tb testing.TB, v json.Marshaler) string {
	tb.Helper()
	b, err := v.MarshalJSON()
	if err != nil {
		tb.Fatal(err)
	}
	if !json.Valid(b) {
		tb.Fatalf("MarshalJSON = %s: not valid JSON", b)
	}
	return string(b)
}

// CheckConcurrent runs run on the inputs from 8 goroutines at once, each
// input 20 times in all, and checks each result against the one found
// alone first: under -race, a check that shared state is safe to share.
func CheckConcurrent(t *testing.T, inputs []string, run func(string) string) {
	t.Helper()
	want := make([]string, len(inputs))
	for i, in := range inputs {
		want[i] = run(in)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for k := range 20 * len(inputs) {
				i := (k*7 + g) % len(inputs)
				if got := run(inputs[i]); got != want[i] {
					t.Errorf("%q: concurrent result %q, alone %q", inputs[i], got, want[i])
					return
				}
			}
		})
	}
	wg.Wait()
}

// BenchmarkLines runs f over every line, once per iteration, and reports
// the cost per URL beside the usual per-pass figures (ns/op, allocs/op and
// B/op are per pass over all the lines; MB/s is input bytes): ns/URL,
// allocs/URL and B/URL.
func BenchmarkLines(b *testing.B, lines []string, f func(string)) {
	var size int64
	for _, l := range lines {
		size += int64(len(l))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		for _, l := range lines {
			f(l)
		}
	}
	runtime.ReadMemStats(&after)
	perURL := float64(b.N) * float64(len(lines))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/perURL, "ns/URL")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/perURL, "allocs/URL")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/perURL, "B/URL")
}
