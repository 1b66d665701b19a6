// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command webaddress-pipeline parses (or cleans) the website addresses of
// text or CSV files with Apache Beam, on the local runner or on Dataflow,
// Flink or Spark, and writes JSON lines: a record per address, a dedupe
// summary per comparison key, and the values that failed with their errors.
//
// Usage:
//
//	webaddress-pipeline --input GLOB --output PREFIX [flags] [Beam flags]
//
// It reads --input, a glob of local paths or of a file system Beam knows
// (gs://...), as one address per line (--format text, the default; files
// ending in .gz are decompressed), or as the column --column of CSV files
// with a header row (--format csv). It writes, each in --shards files:
//
//	PREFIX-records-SSSSS-of-NNNNN.jsonl  one record per address that worked
//	PREFIX-dedupe-SSSSS-of-NNNNN.jsonl   one line per key: key, count, first
//	PREFIX-failed-SSSSS-of-NNNNN.jsonl   input, step, error_code, error
//
// A file with no line to hold is not written. With --mode parse (the
// default) the records are those of the parse command of the webaddress
// tool; with --mode clean, those of its clean command, with the same flags
// for R's safe_parse_url options (--www-handling strip, ...).
//
// The runner is Beam's --runner flag: prism (the default, in this process),
// dataflow, flink, spark or universal, with Beam's flags for each (--project,
// --region, --temp_location, --endpoint, --environment_type, ...). See
// beam/README.md.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3" // s3://, besides beamx's local paths and gs://
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/onecontact/webaddress"
	webaddressbeam "github.com/onecontact/webaddress/beam"
)

// config is what the flags ask for.
type config struct {
	input, format, column, output, mode string
	shards                              int
	clean                               webaddress.CleanOptions
}

// cleanOptionNames are the arguments of R's safe_parse_url, each a flag
// with "-" for "_", as in the webaddress tool.
var cleanOptionNames = []string{
	"protocol_handling", "www_handling", "tld_source", "case_handling",
	"trailing_slash_handling", "index_page_handling", "path_normalization",
	"scheme_relative_handling", "subdomain_levels_to_keep", "host_encoding",
	"path_encoding",
}

var (
	inputFlag  = flag.String("input", "", "the files to read: a glob, local or of a file system Beam knows, such as gs://bucket/urls/*.txt (required)")
	formatFlag = flag.String("format", "text", "the input format: text (an address per line) or csv (a header row, then rows; see --column)")
	columnFlag = flag.String("column", "", "with --format csv, the column of the addresses, by its name in the header row (exactly, else ignoring case)")
	outputFlag = flag.String("output", "", "the prefix of the output files: PREFIX-records-*.jsonl, PREFIX-dedupe-*.jsonl and PREFIX-failed-*.jsonl (required)")
	modeFlag   = flag.String("mode", "parse", "what a record is: parse (webaddress.Parse: canonical form, key, facts, profile) or clean (webaddress.Clean: R's safe_parse_url, with the --*-handling flags)")
	shardsFlag = flag.Int("shards", 1, "how many files each output is written in; more lets more workers write at once")

	cleanFlags = map[string]*string{}
)

func init() {
	for _, name := range cleanOptionNames {
		cleanFlags[name] = flag.String(strings.ReplaceAll(name, "_", "-"), "",
			"with --mode clean, safe_parse_url's "+name+" (default: R's)")
	}
}

// configFromFlags checks the flags and returns what they ask for.
func configFromFlags() (config, error) {
	cfg := config{
		input: *inputFlag, format: *formatFlag, column: *columnFlag,
		output: *outputFlag, mode: *modeFlag, shards: *shardsFlag,
	}
	switch {
	case cfg.input == "":
		return cfg, errors.New("--input is required: the files to read, such as 'urls/*.txt'")
	case cfg.output == "":
		return cfg, errors.New("--output is required: the prefix of the output files, such as /tmp/out/wa")
	case cfg.format != "text" && cfg.format != "csv":
		return cfg, fmt.Errorf("--format %q: want text or csv", cfg.format)
	case cfg.format == "csv" && cfg.column == "":
		return cfg, errors.New("--format csv needs --column: the name of the addresses' column in the header row")
	case cfg.format == "text" && cfg.column != "":
		return cfg, errors.New("--column is for --format csv; text input has an address per line")
	case cfg.mode != "parse" && cfg.mode != "clean":
		return cfg, fmt.Errorf("--mode %q: want parse or clean", cfg.mode)
	case cfg.shards < 1:
		return cfg, fmt.Errorf("--shards %d: want 1 or more", cfg.shards)
	}
	for _, name := range cleanOptionNames {
		flagName := strings.ReplaceAll(name, "_", "-")
		if !isSet(flagName) {
			continue
		}
		if cfg.mode != "clean" {
			return cfg, fmt.Errorf("--%s is an option of --mode clean", flagName)
		}
		if err := cfg.clean.Set(name, *cleanFlags[name]); err != nil {
			return cfg, fmt.Errorf("--%s: %w", flagName, err)
		}
	}
	return cfg, nil
}

// isSet reports whether the flag called name was given.
func isSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

func main() {
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), `Usage: webaddress-pipeline --input GLOB --output PREFIX [flags]

Parses (--mode parse) or cleans (--mode clean) the addresses of the files
matched by GLOB with Apache Beam and writes PREFIX-records-*.jsonl,
PREFIX-dedupe-*.jsonl and PREFIX-failed-*.jsonl. --runner picks the runner:
prism (the default, in this process), dataflow, flink, spark. Flags, Beam's
included:

`)
		flag.PrintDefaults()
	}
	flag.Parse()
	// On a worker of a distributed runner, Init runs the worker and does
	// not return; so nothing happens before it.
	beam.Init()

	cfg, err := configFromFlags()
	if err != nil {
		fmt.Fprintf(os.Stderr, "webaddress-pipeline: %v\n", err)
		os.Exit(2)
	}
	ctx := context.Background()
	if err := checkInput(ctx, cfg.input); err != nil {
		fmt.Fprintf(os.Stderr, "webaddress-pipeline: %v\n", err)
		os.Exit(1)
	}

	p, s := beam.NewPipelineWithRoot()
	build(s, cfg)
	start := time.Now()
	res, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		fmt.Fprintf(os.Stderr, "webaddress-pipeline: the pipeline failed: %v\n", err)
		os.Exit(1)
	}
	report(os.Stderr, res, cfg, time.Since(start))
}

// checkInput reports an error when glob matches no file, before a job is
// started for nothing.
func checkInput(ctx context.Context, glob string) error {
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return fmt.Errorf("--input %q: %w", glob, err)
	}
	defer fs.Close()
	files, err := fs.List(ctx, glob)
	if err != nil {
		return fmt.Errorf("--input %q: %w", glob, err)
	}
	if len(files) == 0 {
		return fmt.Errorf("--input %q matches no file", glob)
	}
	return nil
}

// report prints the counters of the job, when the runner gives them. They
// are the runner's metrics: the output files are the record (Prism v2.77.0
// has been seen to lose a counter update when a counted DoFn came after a
// Flatten, which this pipeline no longer has).
func report(w io.Writer, res beam.PipelineResult, cfg config, elapsed time.Duration) {
	counts := map[string]int64{}
	if res != nil {
		for _, c := range res.Metrics().AllMetrics().Counters() {
			if c.Namespace() == counterNamespace {
				counts[c.Name()] += c.Result()
			}
		}
	}
	if len(counts) == 0 {
		fmt.Fprintf(w, "webaddress-pipeline: done in %v; the runner gave no counts. Output: %s-*.jsonl\n",
			elapsed.Round(time.Millisecond), cfg.output)
		return
	}
	fmt.Fprintf(w, "webaddress-pipeline: %d values read in %v (%.0f values/s, start-up included): %d records, %d keys, %d failed. Output: %s-*.jsonl\n",
		counts["values"], elapsed.Round(time.Millisecond), float64(counts["values"])/elapsed.Seconds(),
		counts["records"], counts["groups"], counts["failed"], cfg.output)
}

// counterNamespace is the namespace of the pipeline's counters: values
// (read), records, groups and failed (written).
const counterNamespace = "webaddress-pipeline"

var (
	valuesCount  = beam.NewCounter(counterNamespace, "values")
	recordsCount = beam.NewCounter(counterNamespace, "records")
	groupsCount  = beam.NewCounter(counterNamespace, "groups")
	failedCount  = beam.NewCounter(counterNamespace, "failed")
)

func init() {
	register.Function2x1(textValue)
	register.Function3x0(routeFile)
	register.Function3x1(wholeFileLines)
	register.Emitter1[fileio.FileMetadata]()
	register.DoFn3x1[context.Context, fileio.ReadableFile, func(string), error](&csvFn{})
	register.Function1x2(recordKey)
	register.Function2x2(recordJSON)
	register.Function2x2(cleanRecordJSON)
	register.Function2x2(groupJSON)
	register.Function2x2(failureJSON)
	register.DoFn1x2[string, int, string](&shardFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeShardFn{})
	register.Emitter1[string]()
	register.Iter1[string]()
}

// build adds the pipeline of cfg to s.
func build(s beam.Scope, cfg config) {
	values := read(s, cfg)

	var records, groups, failed beam.PCollection
	switch cfg.mode {
	case "clean":
		var cleaned, cleanFailed, keyFailed beam.PCollection
		cleaned, cleanFailed = webaddressbeam.Clean(s, values, cfg.clean)
		groups, keyFailed = webaddressbeam.Dedupe(s, values)
		records = beam.ParDo(s, cleanRecordJSON, cleaned)
		// Each is counted before the Flatten: Prism (v2.77.0) sometimes
		// loses a counter's update from one side of a Flatten.
		failed = beam.Flatten(s, beam.ParDo(s, failureJSON, cleanFailed), beam.ParDo(s, failureJSON, keyFailed))
	default:
		var parsed, parseFailed beam.PCollection
		parsed, parseFailed = webaddressbeam.Parse(s, values)
		groups = webaddressbeam.DedupeKeyed(s, beam.ParDo(s, recordKey, parsed))
		records = beam.ParDo(s, recordJSON, parsed)
		failed = beam.ParDo(s, failureJSON, parseFailed)
	}
	write(s.Scope("records"), cfg.output+"-records", cfg.shards, records)
	write(s.Scope("dedupe"), cfg.output+"-dedupe", cfg.shards, beam.ParDo(s, groupJSON, groups))
	write(s.Scope("failed"), cfg.output+"-failed", cfg.shards, failed)
}

// read returns the PCollection<string> of the addresses of cfg.input.
func read(s beam.Scope, cfg config) beam.PCollection {
	s = s.Scope("read")
	if cfg.format == "csv" {
		files := fileio.ReadMatches(s, fileio.MatchFiles(s, cfg.input, fileio.MatchEmptyDisallow()))
		return beam.ParDo(s, &csvFn{Column: cfg.column}, files)
	}
	// textio.Read splits a file into blocks by its size on disk, which for a
	// compressed file is not the size of its text: in Beam v2.77.0 it stops
	// reading a .gz file early, losing lines without an error. So textio reads
	// the plain files (in blocks, in parallel) and wholeFileLines the others.
	matches := fileio.MatchFiles(s, cfg.input, fileio.MatchEmptyDisallow())
	plain, whole := beam.ParDo2(s, routeFile, matches)
	return beam.Flatten(s,
		beam.ParDo(s, textValue, textio.ReadAll(s, plain, textio.ReadUncompressed())),
		beam.ParDo(s, textValue, beam.ParDo(s, wholeFileLines, fileio.ReadMatches(s, whole))))
}

// routeFile sends the path of a plain text file to textio (as a glob that
// matches only it) and the others, compressed or with a glob character in
// their path, to wholeFileLines.
func routeFile(md fileio.FileMetadata, plain func(string), whole func(fileio.FileMetadata)) {
	if strings.HasSuffix(md.Path, ".gz") || strings.ContainsAny(md.Path, "*?[\\{") {
		whole(md)
		return
	}
	plain(md.Path)
}

// wholeFileLines emits the lines of a file, read from start to end
// (decompressed when its name ends in .gz), without their "\n".
func wholeFileLines(ctx context.Context, file fileio.ReadableFile, emit func(string)) error {
	rc, err := file.Open(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", file.Metadata.Path, err)
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 1<<20)
	for {
		line, err := br.ReadString('\n')
		if line != "" {
			emit(strings.TrimSuffix(line, "\n"))
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", file.Metadata.Path, err)
		}
	}
}

// textValue is the address of a line: without a "\r" at its end (a CRLF
// file) or a byte order mark at its start (which can only be the start of
// a file; textio does not say which line is first).
func textValue(ctx context.Context, line string) string {
	valuesCount.Inc(ctx, 1)
	return strings.TrimPrefix(strings.TrimSuffix(line, "\r"), "\uFEFF")
}

// csvFn reads a CSV file: its header row, then the cell of Column in each
// row ("" when a row is too short). A file is read whole by one worker,
// so that a quoted cell may span lines.
type csvFn struct {
	Column string `json:"column"`
}

// ProcessElement reads one file.
func (f *csvFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func(string)) error {
	path := file.Metadata.Path
	rc, err := file.Open(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer rc.Close()
	br := bufio.NewReaderSize(rc, 1<<20)
	if b, err := br.Peek(3); err == nil && string(b) == "\uFEFF" {
		br.Discard(3)
	}
	cr := csv.NewReader(br)
	cr.FieldsPerRecord = -1 // rows may differ in length
	cr.LazyQuotes = true    // a stray quote is data, as spreadsheets write it
	cr.ReuseRecord = true
	header, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return fmt.Errorf("%s is empty: it has no header row", path)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	column := slices.Index(header, f.Column)
	if column < 0 {
		column = slices.IndexFunc(header, func(h string) bool { return strings.EqualFold(h, f.Column) })
	}
	if column < 0 {
		return fmt.Errorf("%s: no column %q in the header row (%s)", path, f.Column, strings.Join(header, ", "))
	}
	for {
		row, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		valuesCount.Inc(ctx, 1)
		if column < len(row) {
			emit(row[column])
		} else {
			emit("")
		}
	}
}

// recordKey gives the key and the input of a record, for Dedupe.
func recordKey(r webaddressbeam.Record) (string, string) { return r.Key, r.Input }

// jsonLine encodes v as one line of JSON without the newline, with "<", ">"
// and "&" as they are, as the webaddress tool writes them.
func jsonLine(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", err
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

func recordJSON(ctx context.Context, r webaddressbeam.Record) (string, error) {
	recordsCount.Inc(ctx, 1)
	return jsonLine(r)
}

func cleanRecordJSON(ctx context.Context, r webaddressbeam.CleanRecord) (string, error) {
	recordsCount.Inc(ctx, 1)
	return jsonLine(r)
}

func groupJSON(ctx context.Context, g webaddressbeam.Group) (string, error) {
	groupsCount.Inc(ctx, 1)
	return jsonLine(g)
}

func failureJSON(ctx context.Context, f webaddressbeam.Failure) (string, error) {
	failedCount.Inc(ctx, 1)
	return jsonLine(f)
}

// write writes the lines of col in shards files, NAME-SSSSS-of-NNNNN.jsonl:
// each line goes to the shard of its hash, and each shard is written by one
// worker. Unlike textio.Write, which sends every line to one worker, the
// shards are written in parallel.
func write(s beam.Scope, name string, shards int, col beam.PCollection) {
	filesystem.ValidateScheme(name)
	keyed := beam.ParDo(s, &shardFn{Shards: shards}, col)
	beam.ParDo0(s, &writeShardFn{Name: name, Shards: shards}, beam.GroupByKey(s, keyed))
}

// shardFn keys each line by its shard.
type shardFn struct {
	Shards int `json:"shards"`
}

// ProcessElement keys one line.
func (f *shardFn) ProcessElement(line string) (int, string) {
	h := fnv.New32a()
	h.Write([]byte(line))
	return int(h.Sum32() % uint32(f.Shards)), line
}

// writeShardFn writes the lines of a shard to its file. A runner that runs
// it again (after a worker fails) writes the whole file again.
type writeShardFn struct {
	Name   string `json:"name"`
	Shards int    `json:"shards"`
}

// ProcessElement writes one shard.
func (f *writeShardFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) error {
	filename := fmt.Sprintf("%s-%05d-of-%05d.jsonl", f.Name, shard, f.Shards)
	fs, err := filesystem.New(ctx, filename)
	if err != nil {
		return err
	}
	defer fs.Close()
	fd, err := fs.OpenWrite(ctx, filename)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(fd, 1<<20)
	var line string
	for lines(&line) {
		w.WriteString(line)
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		fd.Close()
		return fmt.Errorf("%s: %w", filename, err)
	}
	if err := fd.Close(); err != nil {
		return fmt.Errorf("%s: %w", filename, err)
	}
	return nil
}
