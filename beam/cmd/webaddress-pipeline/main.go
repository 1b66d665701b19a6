// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command webaddress-pipeline parses (or cleans, or SURT-keys) the website
// addresses of text, CSV or TSV files with Apache Beam, on the local runner
// or on Dataflow, Flink or Spark, and writes JSON lines: a record per
// address, a dedupe summary per comparison key, and the values and records
// that failed with their errors, files and lines.
//
// Usage:
//
//	webaddress-pipeline --input GLOB --output PREFIX [flags] [Beam flags]
//
// It reads --input, a glob of local paths or of a file system Beam knows
// (gs://, s3://; files ending in .gz are decompressed), by the rules of the
// webaddress command-line tool and with its reader: an address per line
// (--format text, the default), or the column --column of CSV (--format
// csv; --delimiter for ';' or '|') or TSV files with a header row, read by
// RFC 4180 strictly. A malformed record is never merged into another: it
// goes to the failed output with its file and line, and reading goes on at
// the next line. It writes, each in as many files as there were bundles of
// lines (written in parallel, with no shuffle of the lines):
//
//	PREFIX-records-SSSSS-of-NNNNN.jsonl  one record per address that worked
//	PREFIX-dedupe-SSSSS-of-NNNNN.jsonl   one line per key: key, count, first
//	PREFIX-failed-SSSSS-of-NNNNN.jsonl   input, step, error_code, error, file, line
//
// An output with no line has no file. With --mode parse (the
// default) a record is the line of the webaddress tool's parse command for
// the address, byte for byte, with the same flags: each value is read as a
// spreadsheet cell through the messy-cell layer (--raw: as webaddress.Parse
// reads it; --keep-emails), a placeholder such as "N/A" fails, and keys are
// KeyV3 at the level of --by (page by default; site; owner, one group per
// organisation), with --platforms and --aliases (--key-version 1 or 2: the
// frozen KeyV1 or KeyV2); the groups are by that
// key (by owner, an address with no owner is a group of its own; the
// records keep the page key of their key version, with the columns site
// and owner), and an address
// that is not a public website (localhost, tel:) is a group of its own
// (--merge-invalid: not). --column may name several columns in parse mode
// ("email,website"): a row is read by the first that gives a key, as the
// tool's --column email,website, and a group says via, the columns its
// keys came from. With --mode clean, a record is the line of its
// clean command, with the same flags for R's safe_parse_url options
// (--www-handling strip, ...), and the groups are those of parse mode. With
// --mode match, the values are matched against those of the reference,
// --against GLOB (--against-column: its columns, default --column's), by
// the rules of the tool's match command (by owner unless --by; several
// columns, "--column email,website", tried in order), and a record is a
// row's match: input (the first column's cell), file, line, match_count,
// match_key, match_via (the column that matched; null when none did),
// match_level and match_ambiguous (the level that matched, at the finest
// that agrees, and whether several reference rows tie there; null when
// nothing matched) and the first reference row that shares its keys
// (against: its first
// column's cell, against_file, against_line); with --all, a record per
// matched pair instead, against the pair's reference row, as the tool's
// match --all; what never matches, of either side, is failed (step
// match), and there are no groups. With
// --mode surt, a record is the line of its surt command (the SURT key of web
// archives' CDX indexes), and the groups are by SURT key. Values read =
// records + failed, and the summary says so.
//
// The flags, the files and the column are checked before the runner
// starts. The runner is Beam's --runner flag: prism (the default, in this
// process, its logs shown with --verbose), dataflow, flink, spark or
// universal, with Beam's flags for each (--project, --region,
// --temp_location, --endpoint, --environment_type, ...). See
// beam/README.md.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/s3" // s3://, besides beamx's local paths and gs://
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/onecontact/webaddress"
	webaddressbeam "github.com/onecontact/webaddress/beam"
	"github.com/onecontact/webaddress/clean"
	"github.com/onecontact/webaddress/internal/cellrecord"
	"github.com/onecontact/webaddress/internal/table"
)

// config is what the flags ask for.
type config struct {
	input, output, mode string
	read                webaddressbeam.ReadOptions
	against             string                     // --mode match: the reference's files
	againstRead         webaddressbeam.ReadOptions // and how they are read
	all                 bool                       // --mode match: a record per matched pair
	opts                webaddressbeam.Options     // how parse and the groups read a value
	clean               clean.CleanOptions
}

var (
	inputFlag     = flag.String("input", "", "the files to read: a glob, local or of a file system Beam knows, such as gs://bucket/urls/*.txt (required)")
	formatFlag    = flag.String("format", "lines", "the input format, as the webaddress tool's --input names it: lines (an address per line; text is its deprecated name), csv or tsv (a header row, then rows; see --column)")
	columnFlag    = flag.String("column", "", "with --format csv or tsv, the column of the addresses, by its name in the header row (exactly, else ignoring case); with --mode parse or match, several comma-separated, tried in order")
	delimiterFlag = flag.String("delimiter", "", "with --format csv, the field delimiter, one ASCII character such as ';' or '|' (default ',')")
	encodingFlag  = flag.String("encoding", "", "the files' character encoding, such as latin1, windows-1252 or utf-16 (default UTF-8, bytes kept as they are)")
	outputFlag    = flag.String("output", "", "the prefix of the output files: PREFIX-records-*.jsonl, PREFIX-dedupe-*.jsonl and PREFIX-failed-*.jsonl (required)")
	modeFlag      = flag.String("mode", "parse", "what a record is: parse (the address: canonical form, key, facts, profile), clean (clean.Clean: R's safe_parse_url, with the --*-handling flags) or surt (the SURT key of web archives' CDX indexes, which the groups are by)")
	rawFlag       = flag.Bool("raw", false, "with --mode parse or clean, read each value exactly as webaddress.Parse does, without the messy-cell layer (placeholders, e-mail addresses, wrapped links and typos are read as URLs)")
	keepEmails    = flag.Bool("keep-emails", false, "with --mode parse or clean, an e-mail address fails with web.email, instead of becoming its domain's website")
	mergeInvalid  = flag.Bool("merge-invalid", false, "with --mode parse or clean, group the addresses that are not public websites (localhost, tel:) by key as the others, not each alone")
	keyVersion    = flag.String("key-version", "3", "with --mode parse or clean, the comparison key of the records and groups: 3 (KeyV3, at the level of --by), or the frozen 1 (KeyV1) or 2 (KeyV2)")
	byFlag        = flag.String("by", "page", "with --mode parse or clean, the level of the groups' KeyV3 key: page, site or owner (one group per organisation)")
	platformsFlag = flag.String("platforms", "", "with --mode parse or clean, KeyV3 with the extra site platforms of this file, a shape per line (\"<name>.example.net\")")
	aliasesFlag   = flag.String("aliases", "", "with --mode parse or clean, KeyV3 with the owner aliases of this file, a pair per line (\"acme.de acme.com\")")
	againstFlag   = flag.String("against", "", "with --mode match, the reference's files (the accounts): a glob, read as --input is")
	againstColumn = flag.String("against-column", "", "with --mode match, the reference's columns of addresses, comma-separated, tried in order (default --column's)")
	allFlag       = flag.Bool("all", false, "with --mode match, a record per matched pair (a row and a reference row) instead of a record per row, as the tool's match --all")
	verboseFlag   = flag.Bool("verbose", false, "show the runner's logs (Prism's, on the local runner), and its whole error when the pipeline fails")

	cleanFlags = map[string]*string{} // by R's name, from the library
)

func init() {
	// --input-format is the name the tool accepts too (beside its --input);
	// --format is the pipeline's older name, kept. The pipeline's --input is
	// its files, as in Beam's examples.
	flag.StringVar(formatFlag, "input-format", "lines", "the input format, as the webaddress tool's --input (and --input-format) names it; --format is its older name here")
	for _, name := range clean.CleanOptionNames() {
		usage := "with --mode clean, safe_parse_url's " + name
		if vs := clean.CleanOptionValues(name); vs != nil {
			usage += ": " + strings.Join(vs, ", ") + " (default " + vs[0] + ")"
		} else {
			usage += ": a number from 0 (default NULL: all)"
		}
		cleanFlags[name] = flag.String(flagName(name), "", usage)
	}
}

// flagName is the flag of R's argument name, as the tool and the pipeline
// both name it.
var flagName = cellrecord.FlagName

// configFromFlags checks the flags and returns what they ask for.
func configFromFlags() (config, error) {
	cfg := config{
		input: *inputFlag, output: *outputFlag, mode: *modeFlag,
		read: webaddressbeam.ReadOptions{Format: *formatFlag, Column: *columnFlag, Delimiter: *delimiterFlag, Encoding: *encodingFlag},
		opts: webaddressbeam.Options{Raw: *rawFlag, KeepEmails: *keepEmails, MergeInvalid: *mergeInvalid},
	}
	if cfg.read.Format == "text" {
		cfg.read.Format = "lines" // the deprecated name
	}
	if err := cfg.read.CheckOptions(); err != nil {
		return cfg, err
	}
	if err := cfg.opts.KeyVersion.UnmarshalText([]byte(*keyVersion)); err != nil {
		return cfg, fmt.Errorf("--key-version: %w", err)
	}
	if err := cfg.opts.By.UnmarshalText([]byte(*byFlag)); err != nil {
		return cfg, fmt.Errorf("--by: %w", err)
	}
	if cfg.mode == "match" {
		// As the tool's match: by owner unless --by says, the reference
		// read as the input is.
		if !isSet("by") {
			cfg.opts.By = webaddress.LevelOwner
		}
		cfg.against, cfg.againstRead, cfg.all = *againstFlag, cfg.read, *allFlag
		if *againstColumn != "" {
			cfg.againstRead.Column = *againstColumn
		}
		if cfg.against == "" {
			return cfg, errors.New("--mode match needs --against, the reference's files (the accounts)")
		}
	} else if *againstFlag != "" || *againstColumn != "" || *allFlag {
		return cfg, errors.New("--against, --against-column and --all are options of --mode match")
	} else if strings.Contains(cfg.read.Column, ",") && cfg.mode != "parse" {
		return cfg, fmt.Errorf("--column %q: several columns are for --mode parse and match", cfg.read.Column)
	}
	for _, f := range []struct {
		name, file string
		read       func(io.Reader) error
	}{{"platforms", *platformsFlag, cfg.opts.Keys.ReadPlatforms}, {"aliases", *aliasesFlag, cfg.opts.Keys.ReadAliases}} {
		if f.file == "" {
			continue
		}
		r, err := os.Open(f.file)
		if err != nil {
			return cfg, fmt.Errorf("--%s: %w", f.name, err)
		}
		err = f.read(r)
		r.Close()
		if err != nil {
			return cfg, fmt.Errorf("--%s: %w", f.name, err)
		}
	}
	if cfg.opts.By != webaddress.LevelPage || !cfg.opts.Keys.IsZero() {
		if isSet("key-version") && cfg.opts.KeyVersion != webaddress.KeyV3 {
			return cfg, fmt.Errorf("--by, --platforms and --aliases are KeyV3's, not %v: use --key-version 3, or leave it out", cfg.opts.KeyVersion)
		}
		cfg.opts.KeyVersion = webaddress.KeyV3
		if _, err := webaddress.NewKeyer(cfg.opts.Keys); err != nil {
			return cfg, err
		}
	}
	switch {
	case cfg.input == "":
		return cfg, errors.New("--input is required: the files to read, such as 'urls/*.txt'")
	case cfg.output == "":
		return cfg, errors.New("--output is required: the prefix of the output files, such as /tmp/out/wa")
	case cfg.mode != "parse" && cfg.mode != "clean" && cfg.mode != "surt" && cfg.mode != "match":
		return cfg, fmt.Errorf("--mode %q: want parse, clean, surt or match", cfg.mode)
	}
	if cfg.mode == "surt" {
		for _, name := range []string{"raw", "keep-emails", "merge-invalid", "key-version", "by", "platforms", "aliases"} {
			if isSet(name) {
				return cfg, fmt.Errorf("--%s is an option of --mode parse and clean: --mode surt reads URLs as surt does, and groups them by SURT key", name)
			}
		}
	}
	for _, name := range clean.CleanOptionNames() {
		if !isSet(flagName(name)) {
			continue
		}
		if cfg.mode != "clean" {
			return cfg, fmt.Errorf("--%s is an option of --mode clean", flagName(name))
		}
		if err := cfg.clean.Set(name, *cleanFlags[name]); err != nil {
			return cfg, fmt.Errorf("--%s: %w", flagName(name), err)
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

Parses (--mode parse), cleans (--mode clean) or SURT-keys (--mode surt) the
addresses of the files matched by GLOB with Apache Beam and writes
PREFIX-records-*.jsonl,
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
	checkFiles(ctx, "--input", cfg.read, cfg.input)
	if cfg.mode == "match" {
		checkFiles(ctx, "--against", cfg.againstRead, cfg.against)
	}
	if !*verboseFlag {
		// Prism and the SDK log through slog: their progress, and each
		// failure with its whole plan, several times.
		slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	}

	p, s := beam.NewPipelineWithRoot()
	build(s, cfg)
	start := time.Now()
	res, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		fmt.Fprintf(os.Stderr, "webaddress-pipeline: the pipeline failed: %v\n", shortError(err, *verboseFlag))
		os.Exit(1)
	}
	report(os.Stderr, res, cfg, time.Since(start))
}

// checkFiles checks the files of the flag named flagName before the
// pipeline runs: it prints read's notes on them and exits with status 1
// when they cannot be read.
func checkFiles(ctx context.Context, flagName string, read webaddressbeam.ReadOptions, glob string) {
	notes, err := read.Check(ctx, glob)
	for _, n := range notes {
		fmt.Fprintf(os.Stderr, "webaddress-pipeline: %s: %s\n", flagName, n)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "webaddress-pipeline: %s: %v\n", flagName, err)
		os.Exit(1)
	}
}

// shortError returns the message of err without the runner's plan dumps:
// the cause after the last "caused by:", unless verbose.
func shortError(err error, verbose bool) string {
	msg := err.Error()
	if verbose {
		return msg
	}
	if i := strings.LastIndex(msg, "caused by:\n"); i >= 0 {
		msg = strings.TrimSpace(msg[i+len("caused by:\n"):])
		if first, rest, ok := strings.Cut(msg, "\n"); ok && strings.HasPrefix(first, "DoFn[") {
			msg = rest // "DoFn[UID:26, PID:e5, Name: ...readFn] failed:"
		}
		return msg + " (--verbose for the runner's whole error)"
	}
	return msg
}

// report prints the counters of the job, when the runner gives them, and
// whether they add up: values read = records + failed; in match mode,
// values read (of both sides) = keyed + failed. They are the
// runner's metrics: the output files are the record.
func report(w io.Writer, res beam.PipelineResult, cfg config, elapsed time.Duration) {
	counts := map[string]int64{}
	if res != nil {
		for _, c := range res.Metrics().AllMetrics().Counters() {
			switch c.Namespace() {
			case counterNamespace, "webaddress":
				counts[c.Name()] += c.Result()
			}
		}
	}
	if len(counts) == 0 {
		fmt.Fprintf(w, "webaddress-pipeline: done in %v; the runner gave no counts. Output: %s-*.jsonl\n",
			elapsed.Round(time.Millisecond), cfg.output)
		return
	}
	read, records, failed := counts["read"], counts["records"], counts["failed"]
	fmt.Fprintf(w, "webaddress-pipeline: %d values read in %v (%.0f values/s, start-up included): %d records, %d failed (%d malformed), %d keys",
		read, elapsed.Round(time.Millisecond), float64(read)/elapsed.Seconds(), records, failed, counts["malformed"], counts["groups"])
	if n := counts["blank"]; n > 0 {
		fmt.Fprintf(w, "; %d blank lines skipped", n)
	}
	sum, sumName := records+failed, "records + failed"
	if cfg.mode == "match" {
		// The reference's rows are read too, and with --all a row has a
		// record per matched pair: each row of either side has a key or
		// failed.
		sum, sumName = counts["keyed"]+failed, "keyed + failed (of the input and the reference)"
	}
	if read == sum {
		fmt.Fprintf(w, "; read = %s. Output: %s-*.jsonl\n", sumName, cfg.output)
	} else {
		fmt.Fprintf(w, "; the runner's counts do not add up (read %d, %s %d): count the files' lines. Output: %s-*.jsonl\n", read, sumName, sum, cfg.output)
	}
}

// counterNamespace is the namespace of the pipeline's counters of what it
// wrote: records, groups and failed. (Read counts read, malformed and
// blank in the namespace "webaddress".)
const counterNamespace = "webaddress-pipeline"

var (
	recordsCount = beam.NewCounter(counterNamespace, "records")
	groupsCount  = beam.NewCounter(counterNamespace, "groups")
	failedCount  = beam.NewCounter(counterNamespace, "failed")
)

func init() {
	register.DoFn2x1[context.Context, webaddress.Address, string](&addressJSONFn{})
	register.Function3x1(surtJSON)
	register.Function2x1(cleanedJSON)
	register.DoFn2x1[context.Context, webaddressbeam.Matched, string](&matchedJSONFn{})
	register.DoFn2x1[context.Context, webaddressbeam.Group, string](&groupJSONFn{})
	register.Function2x1(failureJSON)
	register.DoFn3x1[context.Context, string, func(string), error](&writeBundleFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&commitFn{})
	register.Emitter1[string]()
	register.Iter1[string]()
}

// build adds the pipeline of cfg to s.
func build(s beam.Scope, cfg config) {
	values, readFailed := webaddressbeam.Read(s, cfg.input, cfg.read)
	columns := table.ColumnNames(cfg.read.Column)
	// Each output of failures is counted before the Flatten: Prism
	// (v2.77.0) sometimes loses a counter's update from one side of a
	// Flatten.
	var records, groups, failed beam.PCollection
	switch cfg.mode {
	case "clean":
		cleaned, cleanFailed := webaddressbeam.Clean(s, values, cfg.clean)
		groups, _ = webaddressbeam.Dedupe(s, values, cfg.opts) // a value with no key is in no group; it is a record or failed already
		records = beam.ParDo(s, cleanedJSON, cleaned)
		failed = beam.Flatten(s, beam.ParDo(s, failureJSON, readFailed), beam.ParDo(s, failureJSON, cleanFailed))
	case "match":
		ref, refFailed := webaddressbeam.Read(s.Scope("against"), cfg.against, cfg.againstRead)
		match := webaddressbeam.Match
		if cfg.all {
			match = webaddressbeam.MatchPairs
		}
		matched, matchFailed := match(s, values, ref, cfg.opts)
		groups = beam.CreateList(s, []webaddressbeam.Group{}) // no groups: a record per row
		records = beam.ParDo(s, &matchedJSONFn{Columns: columns}, matched)
		failed = beam.Flatten(s, beam.ParDo(s, failureJSON, readFailed), beam.ParDo(s, failureJSON, refFailed), beam.ParDo(s, failureJSON, matchFailed))
	case "surt":
		keyed, surtFailed := webaddressbeam.SURT(s, values)
		groups = webaddressbeam.DedupeKeyed(s, keyed)
		records = beam.ParDo(s, surtJSON, keyed)
		failed = beam.Flatten(s, beam.ParDo(s, failureJSON, readFailed), beam.ParDo(s, failureJSON, surtFailed))
	default:
		addresses, parseFailed := webaddressbeam.Parse(s, values, cfg.opts)
		if len(columns) > 1 {
			groups, _ = webaddressbeam.Dedupe(s, values, cfg.opts) // with the columns the keys came from; what failed is failed already
		} else {
			groups = webaddressbeam.GroupAddresses(s, addresses, cfg.opts)
		}
		v := cfg.opts.KeyVersion
		if v == 0 {
			v = webaddress.KeyV3
		}
		records = beam.ParDo(s, &addressJSONFn{KeyVersion: v}, addresses)
		failed = beam.Flatten(s, beam.ParDo(s, failureJSON, readFailed), beam.ParDo(s, failureJSON, parseFailed))
	}
	write(s.Scope("records"), cfg.output+"-records")(records)
	write(s.Scope("dedupe"), cfg.output+"-dedupe")(beam.ParDo(s, &groupJSONFn{Columns: columns}, groups))
	write(s.Scope("failed"), cfg.output+"-failed")(failed)
}

// addressJSONFn writes the record of an address, with its key of
// KeyVersion.
type addressJSONFn struct {
	KeyVersion webaddress.KeyVersion `json:"key_version"`
}

// ProcessElement writes one record.
func (f *addressJSONFn) ProcessElement(ctx context.Context, a webaddress.Address) string {
	recordsCount.Inc(ctx, 1)
	return webaddressbeam.AddressJSONKey(a, f.KeyVersion)
}

func surtJSON(ctx context.Context, key, input string) string {
	recordsCount.Inc(ctx, 1)
	return webaddressbeam.SURTJSON(key, input)
}

// matchedJSONFn writes the record of a row matched, match_via a name of
// Columns.
type matchedJSONFn struct {
	Columns []string `json:"columns"`
}

// ProcessElement writes one record.
func (f *matchedJSONFn) ProcessElement(ctx context.Context, m webaddressbeam.Matched) string {
	recordsCount.Inc(ctx, 1)
	return webaddressbeam.MatchedJSONColumns(m, f.Columns)
}

func cleanedJSON(ctx context.Context, c webaddressbeam.Cleaned) string {
	recordsCount.Inc(ctx, 1)
	return webaddressbeam.CleanedJSON(c)
}

// groupJSONFn writes the record of a group; of several Columns, with the
// column via, the names of the columns its keys came from.
type groupJSONFn struct {
	Columns []string `json:"columns"`
}

// ProcessElement writes one record.
func (f *groupJSONFn) ProcessElement(ctx context.Context, g webaddressbeam.Group) string {
	groupsCount.Inc(ctx, 1)
	if len(f.Columns) > 1 {
		return webaddressbeam.GroupJSONColumns(g, f.Columns)
	}
	return webaddressbeam.GroupJSON(g)
}

func failureJSON(ctx context.Context, f webaddressbeam.Failure) string {
	failedCount.Inc(ctx, 1)
	return webaddressbeam.FailureJSON(f)
}

// write writes the lines of col to files NAME-SSSSS-of-NNNNN.jsonl, a
// file per bundle of lines, with no shuffle of the lines (a GroupByKey of
// all of them would hold them all in memory on Prism): each bundle writes
// a temporary file, NAME.tmp-RANDOM, and names it; once every bundle is
// written, a last step gathers the names (a few per worker), renames the
// files in order, and removes those of attempts the runner retried.
func write(s beam.Scope, name string) func(col beam.PCollection) {
	filesystem.ValidateScheme(name)
	return func(col beam.PCollection) {
		written := beam.ParDo(s, &writeBundleFn{Name: name}, col)
		beam.ParDo0(s, &commitFn{Name: name}, beam.GroupByKey(s, beam.AddFixedKey(s, written)))
	}
}

// writeBundleFn writes the lines of a bundle to a temporary file of its
// own, and emits its name when the bundle is done.
type writeBundleFn struct {
	Name string `json:"name"`

	fs   filesystem.Interface
	tmp  string
	file io.WriteCloser
	w    *bufio.Writer
}

// StartBundle starts a bundle with no file: a bundle with no line writes
// none.
func (f *writeBundleFn) StartBundle(ctx context.Context, emit func(string)) error {
	f.file, f.w, f.tmp = nil, nil, ""
	return nil
}

// ProcessElement writes one line.
func (f *writeBundleFn) ProcessElement(ctx context.Context, line string, emit func(string)) error {
	if f.w == nil {
		var err error
		if f.fs == nil {
			if f.fs, err = filesystem.New(ctx, f.Name); err != nil {
				return err
			}
		}
		f.tmp = fmt.Sprintf("%s.tmp-%016x", f.Name, rand.Uint64())
		if f.file, err = f.fs.OpenWrite(ctx, f.tmp); err != nil {
			return err
		}
		f.w = bufio.NewWriterSize(f.file, 1<<20)
	}
	f.w.WriteString(line)
	return f.w.WriteByte('\n')
}

// FinishBundle closes the bundle's file and emits its name.
func (f *writeBundleFn) FinishBundle(ctx context.Context, emit func(string)) error {
	if f.w == nil {
		return nil
	}
	err := f.w.Flush()
	if cerr := f.file.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %w", f.tmp, err)
	}
	emit(f.tmp)
	f.file, f.w = nil, nil
	return nil
}

// Teardown closes the file system.
func (f *writeBundleFn) Teardown() error {
	if f.fs != nil {
		return f.fs.Close()
	}
	return nil
}

// commitFn renames the temporary files of an output, in the order of their
// names, to NAME-SSSSS-of-NNNNN.jsonl, and removes the other temporary
// files of that output (from attempts the runner made again) and the files
// of an earlier run with the same prefix.
type commitFn struct {
	Name string `json:"name"`
}

// ProcessElement commits one output.
func (f *commitFn) ProcessElement(ctx context.Context, _ int, names func(*string) bool) error {
	var tmps []string
	var n string
	for names(&n) {
		tmps = append(tmps, n)
	}
	slices.Sort(tmps)
	fs, err := filesystem.New(ctx, f.Name)
	if err != nil {
		return err
	}
	defer fs.Close()
	for i, tmp := range tmps {
		final := fmt.Sprintf("%s-%05d-of-%05d.jsonl", f.Name, i, len(tmps))
		if err := filesystem.Rename(ctx, fs, tmp, final); err != nil {
			return fmt.Errorf("renaming %s to %s: %w", tmp, final, err)
		}
	}
	// The temporary files of attempts made again, and the files of an
	// earlier run of more files, go.
	rm, ok := fs.(filesystem.Remover)
	if !ok {
		return nil
	}
	stale, _ := fs.List(ctx, f.Name+".tmp-*")
	earlier, _ := fs.List(ctx, f.Name+"-*-of-*.jsonl")
	for _, name := range earlier {
		if !strings.HasSuffix(name, fmt.Sprintf("-of-%05d.jsonl", len(tmps))) {
			stale = append(stale, name)
		}
	}
	for _, name := range stale {
		if err := rm.Remove(ctx, name); err != nil {
			return fmt.Errorf("removing %s: %w", name, err)
		}
	}
	return nil
}
