// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command webaddress parses, keys, cleans, deduplicates and lints website
// addresses as browsers read them (the WHATWG URL Standard), one per
// argument, one per line of standard input, or one per row of a CSV or TSV
// file, whose other columns pass through.
//
// Usage:
//
//	webaddress parse  [flags] [ADDRESS...]  the address record: canonical form, key, facts, profile, fields
//	webaddress key    [flags] [ADDRESS...]  the comparison key (KeyV1) only, one per line
//	webaddress clean  [flags] [ADDRESS...]  R's safe_parse_url, one flag per argument
//	webaddress dedupe [flags] [ADDRESS...]  groups of inputs with one key, or the first of each (--first)
//	webaddress lint   [flags] [ADDRESS...]  the URL Standard's validation errors, with byte offsets
//	webaddress url    [flags] [ADDRESS...]  the URL Standard's components of absolute URLs
//
// With no ADDRESS, each line of standard input is one; with --column NAME,
// standard input is a CSV (or, with --input tsv, a TSV) file with a header
// row, NAME is the column that holds the addresses, and the results are
// appended to each row as new columns (a result named as an input column
// is prefixed with "webaddress_"). A UTF-8 byte order mark and CRLF line
// ends are read.
//
// Output is one row per input in input order: --format jsonl (one JSON
// object of strings per line), csv, tsv or text (tab-separated values, no
// header); the default is text on a terminal and jsonl otherwise (and text
// for key). --fields picks and orders the columns. A value that fails
// fills its row's error_code and error columns and never stops the run.
//
// The exit status is 0 when the input was read through, 1 on an I/O or
// usage error, and also 1 with --strict when any value failed. Run
// "webaddress help COMMAND" for each command's columns and an example,
// and "webaddress completion bash" (or zsh, fish, powershell) for shell
// completion.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command: args are the command-line arguments without
// the program name. It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRoot(&config{stdin: stdin, stdout: stdout, stderr: stderr})
	root.SetArgs(args)
	if err := root.Execute(); err != nil {
		fmt.Fprintf(stderr, "webaddress: %v\n", err)
		return 1
	}
	return 0
}

// config holds the flags every command takes, and the streams.
type config struct {
	column, input, format, fields string
	jobs                          int
	strict                        bool

	stdin          io.Reader
	stdout, stderr io.Writer
}

func newRoot(cfg *config) *cobra.Command {
	root := &cobra.Command{
		Use:   "webaddress",
		Short: "Parse, key, clean, deduplicate and lint website addresses as browsers read them",
		Long: `webaddress reads website addresses as browsers do (the WHATWG URL Standard):
from its arguments, from the lines of standard input, or from a column of a
CSV or TSV file on standard input (--column NAME), whose other columns pass
through with the results appended. One output row per input, in order.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(cfg.stdin)
	root.SetOut(cfg.stdout)
	root.SetErr(cfg.stderr)
	pf := root.PersistentFlags()
	pf.StringVar(&cfg.column, "column", "", "read a CSV (or TSV) with a header row from standard input; `NAME` is the column of addresses")
	pf.StringVar(&cfg.input, "input", "", "input format: lines, csv or tsv (default lines, or csv with --column)")
	pf.StringVar(&cfg.format, "format", "", "output format: jsonl, csv, tsv or text (default text on a terminal, else jsonl)")
	pf.StringVar(&cfg.fields, "fields", "", "comma-separated `COLUMNS` to print, in order (default the command's)")
	pf.IntVar(&cfg.jobs, "jobs", runtime.GOMAXPROCS(0), "number of workers")
	pf.BoolVar(&cfg.strict, "strict", false, "exit with status 1 when any value failed")
	root.RegisterFlagCompletionFunc("format", fixedCompletion("jsonl", "csv", "tsv", "text"))
	root.RegisterFlagCompletionFunc("input", fixedCompletion("lines", "csv", "tsv"))

	root.AddCommand(
		tableCommand(cfg, parseTable, &cobra.Command{
			Use:   "parse [ADDRESS...]",
			Short: "Print the address record: canonical form, key, facts, profile, fields",
			Long: `parse reads each input as an address a person typed (https:// is assumed when no
scheme is written) and prints its record. Columns: ` + strings.Join(parseTable.columns, ", ") + `.`,
			Example: `  webaddress parse 'WWW.Example.com/shop?utm_source=x#top'
  webaddress parse --column website --format csv < contacts.csv > enriched.csv`,
		}),
		tableCommand(cfg, keyTable, &cobra.Command{
			Use:   "key [ADDRESS...]",
			Short: "Print the comparison key (KeyV1) of each input",
			Long: `key prints the comparison key (KeyV1) of each input: one key for all the ways
of writing one page. The text format (the default here, even in a pipe) prints
the key alone, and an empty line for a value that failed. Columns: ` + strings.Join(keyTable.columns, ", ") + `.`,
			Example: `  webaddress key < urls.txt | sort | uniq -c | sort -rn | head`,
		}),
		cleanCommand(cfg),
		dedupeCommand(cfg),
		tableCommand(cfg, lintTable, &cobra.Command{
			Use:   "lint [ADDRESS...]",
			Short: "Print the URL Standard's validation errors, with byte offsets",
			Long: `lint reads each input as parse does and prints each of the URL Standard's
validation errors in it as NAME@START-END (byte offsets in the input), with "!"
after the one that made it fail. Columns: ` + strings.Join(lintTable.columns, ", ") + `.`,
			Example: `  webaddress lint 'HTTPS:example.org:70000/a b'`,
		}),
		tableCommand(cfg, urlTable, &cobra.Command{
			Use:   "url [ADDRESS...]",
			Short: "Print the URL Standard's components of absolute URLs",
			Long: `url parses each input as an absolute URL, as new URL(input) does in a browser,
and prints its components with the URL API's names. Columns: ` + strings.Join(urlTable.columns, ", ") + `.`,
			Example: `  webaddress url 'https://EXAMPLE.com:443/a/../b?x#y'`,
		}),
	)
	return root
}

// fixedCompletion completes a flag with one of values.
func fixedCompletion(values ...string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}

// tableCommand makes cmd print t for each input.
func tableCommand(cfg *config, t table, cmd *cobra.Command) *cobra.Command {
	cmd.RunE = func(_ *cobra.Command, args []string) error {
		return cfg.runTable(args, t)
	}
	return cmd
}

// An input is the open source of records, with its CSV header.
type input struct {
	src      source
	header   []string // nil for lines and arguments
	progress *progress
}

// open returns the records to read: the arguments, else standard input
// as lines, CSV or TSV.
func (cfg *config) open(args []string) (*input, error) {
	format := cfg.input
	if format == "" {
		format = "lines"
		if cfg.column != "" {
			format = "csv"
		}
	}
	switch {
	case format != "lines" && format != "csv" && format != "tsv":
		return nil, fmt.Errorf("unknown --input %q: want lines, csv or tsv", format)
	case format == "lines" && cfg.column != "":
		return nil, fmt.Errorf("--column needs --input csv or tsv")
	case format != "lines" && cfg.column == "":
		return nil, fmt.Errorf("--input %s needs --column NAME, the column of addresses", format)
	case len(args) > 0 && cfg.column != "":
		return nil, fmt.Errorf("--column reads standard input: give no addresses as arguments")
	case len(args) > 0:
		return &input{src: &argSource{args: args}}, nil
	}
	p, r := newProgress(cfg.stdin, cfg.stderr)
	br := skipBOM(bufio.NewReaderSize(r, 64<<10))
	if format == "lines" {
		return &input{src: &lineSource{r: br}, progress: p}, nil
	}
	comma := ','
	if format == "tsv" {
		comma = '\t'
	}
	src, header, err := newCSVSource(br, comma, cfg.column)
	if err != nil {
		return nil, err
	}
	return &input{src: src, header: header, progress: p}, nil
}

// outputFormat returns the format to write: --format, else text on a
// terminal (or when text is the command's choice) and jsonl otherwise.
func (cfg *config) outputFormat(text bool) string {
	if cfg.format != "" {
		return cfg.format
	}
	if f, ok := cfg.stdout.(*os.File); text || ok && term.IsTerminal(int(f.Fd())) {
		return "text"
	}
	return "jsonl"
}

// pick returns the indices in columns of the --fields, or of defaults
// when --fields is not set (every column when defaults is nil).
func (cfg *config) pick(columns, defaults []string) ([]int, error) {
	names := defaults
	if cfg.fields != "" {
		names = strings.Split(cfg.fields, ",")
	} else if names == nil {
		names = columns
	}
	idx := make([]int, len(names))
	for i, n := range names {
		if idx[i] = slices.Index(columns, strings.TrimSpace(n)); idx[i] < 0 {
			return nil, fmt.Errorf("no column %q: want some of %s", n, strings.Join(columns, ","))
		}
	}
	return idx, nil
}

// out writes rows of the input's CSV columns (if any) followed by the
// picked result columns.
type out struct {
	w      tableWriter
	header []string // the input's CSV header
	row    []string
}

// newOut writes the header: the input's, then the names of the result
// columns at idx (prefixed with "webaddress_" when the input has one so
// named).
func (cfg *config) newOut(in *input, format string, columns []string, idx []int) (*out, error) {
	names := slices.Clone(in.header)
	for _, i := range idx {
		name := columns[i]
		if slices.Contains(in.header, name) {
			name = "webaddress_" + name
		}
		names = append(names, name)
	}
	w, err := newTableWriter(format, cfg.stdout, names)
	if err != nil {
		return nil, err
	}
	return &out{w: w, header: in.header}, w.write(names)
}

// write writes r's CSV row, padded to the header's length, the result
// values vals at idx, and the cells of r beyond the header.
func (o *out) write(r record, vals []string, idx []int) error {
	row := o.row[:0]
	if o.header != nil {
		n := min(len(r.row), len(o.header))
		row = append(row, r.row[:n]...)
		for range len(o.header) - n {
			row = append(row, "")
		}
	}
	for _, i := range idx {
		row = append(row, vals[i])
	}
	if len(r.row) > len(o.header) {
		row = append(row, r.row[len(o.header):]...)
	}
	o.row = row
	return o.w.write(row)
}

// runTable prints t for each input.
func (cfg *config) runTable(args []string, t table) error {
	format := cfg.outputFormat(t.text)
	var defaults []string
	if format == "text" {
		defaults = t.textDefaults
	}
	idx, err := cfg.pick(t.columns, defaults)
	if err != nil {
		return err
	}
	in, err := cfg.open(args)
	if err != nil {
		return err
	}
	o, err := cfg.newOut(in, format, t.columns, idx)
	if err != nil {
		return err
	}
	var rows, failed int
	err = evaluate(in.src, cfg.jobs, t.eval, func(b *batch) error {
		for i, r := range b.recs {
			if b.failed[i] {
				failed++
			}
			if err := o.write(r, b.vals[i], idx); err != nil {
				return err
			}
		}
		rows += len(b.recs)
		in.progress.update(rows, failed)
		return nil
	})
	return cfg.finish(in, o, rows, failed, err)
}

// finish flushes the output and ends the progress bar; it returns the
// run's error, or a --strict error when values failed.
func (cfg *config) finish(in *input, o *out, rows, failed int, err error) error {
	in.progress.done()
	if ferr := o.w.flush(); err == nil && ferr != nil {
		err = fmt.Errorf("writing output: %w", ferr)
	}
	if err != nil {
		return err
	}
	if cfg.strict && failed > 0 {
		return fmt.Errorf("%d of %d values failed (--strict)", failed, rows)
	}
	return nil
}
