// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command webaddress parses, keys, cleans, deduplicates and lints website
// addresses as browsers read them (the WHATWG URL Standard), and gives the
// SURT keys of web archives, one per
// argument, one per line of standard input, or one per row of a CSV or TSV
// file, whose other columns pass through.
//
// Usage:
//
//	webaddress parse  [flags] [ADDRESS...]  the address record: canonical form, key, facts, profile, fields
//	webaddress key    [flags] [ADDRESS...]  the comparison key (KeyV3) only, one per line
//	webaddress clean  [flags] [ADDRESS...]  R's safe_parse_url, one flag per argument
//	webaddress dedupe [flags] [ADDRESS...]  groups of inputs with one key, or the first of each (--first)
//	webaddress lint   [flags] [ADDRESS...]  the URL Standard's validation errors, with byte offsets
//	webaddress url    [flags] [ADDRESS...]  the URL Standard's components of absolute URLs
//	webaddress surt   [flags] [URL...]      the SURT key of web archives' CDX indexes (surt 0.3.1)
//	webaddress serve  [flags]               a web page on this machine: a live address viewer and a list cleaner
//
// # Input
//
// With no ADDRESS, each line of standard input is one. With --column NAME,
// standard input (or the one FILE named) is a CSV file with a header row
// (--input tsv: TSV; --delimiter: another one-byte delimiter, such as ';'
// or '|'; by default the one of ',' ';' tab '|' that finds NAME in the
// header row, said in the summary), NAME is the column of the addresses
// (or its number from 1; --no-header: the first row is data, the columns
// named 1, 2, ...), and the results are added to each row as new columns (a
// result named as an input column is called "webaddress_" and its name).
// An Excel workbook (--input xlsx, a .xlsx file named, or one on standard
// input) is read from its first sheet or --sheet NAME: the values as Excel
// shows them, a formula by its saved value.
//
// A CSV file is read by RFC 4180, strictly; TSV is CSV with a tab, the
// same quoting both ways; lines end in LF, CRLF or CR alone. A malformed
// record (a stray quote, a quote never closed, a field too many or too few)
// is never merged into another. By default (--on-bad-record error) the run
// stops at it with a non-zero exit status and a message naming its line,
// after writing the rows before it; with --on-bad-record skip it is
// rejected, all its lines (to --rejects FILE as JSON lines, else to
// standard error) and reading goes on where the next record starts (after
// its first line, for a quote never closed, whatever its size: what
// follows is read again, from the file, or from a temporary file for
// standard input from a pipe). A record may span at most 4 MiB over its
// lines (record.too-long). Rows read = rows written + rows
// rejected, always, and the summary on standard error says so. SIGINT or
// SIGTERM stops the reading: the rows read are written, whole, and the
// summary says the run was interrupted. A header name that comes again is renamed NAME_2, and said so. A
// blank line is skipped and counted, except in a file of one column, where
// it is an empty value.
//
// parse, key, dedupe and clean read each value as a spreadsheet cell: through the
// library's messy-cell layer (webaddress.Tidy), which removes invisible
// characters, quotes and trailing punctuation, repairs scheme typos,
// unwraps Safe Links and other wrapped links, turns an e-mail address into
// its domain's website (--keep-emails: not), and fails a placeholder ("N/A",
// "-", "TBD"), an empty cell and a cell of several addresses (--split: a
// row for each), each change a fact. --raw parses the value exactly as
// webaddress.Parse does. Their key is KeyV3 at the level of --by (page by
// default; site; owner, one row per organisation), with the extra
// platforms and aliases of --platforms and --aliases (--key-version 1 or
// 2: the frozen KeyV1 or KeyV2), and
// dedupe never merges what is not an address (a value that failed, an
// address that is not a public website) unless --merge-invalid, nor, by
// owner, an address with no owner.
//
// Bytes are never changed silently: a value that is not UTF-8 fails with
// web.invalid-utf8 (name its encoding with --encoding, such as latin1 or
// windows-1252); other columns keep their bytes in CSV and TSV, and a JSON
// line that cannot carry them says so in its "invalid_utf8" member.
//
// # Output
//
// One row per input, in input order: --format jsonl (one JSON object per
// line: strings, numbers, booleans, arrays, and null for what is absent),
// csv, tsv (the empty cell for absent) or text (aligned columns under a
// header; a single column alone, one value per line). The default is text on
// a terminal and jsonl otherwise (and text for key). --fields picks and
// orders the columns, the input's included. A value that fails fills its
// row's error_code and error columns and never stops the run. CSV and TSV
// output keep the input's byte order mark and CRLF line ends (--bom,
// --crlf: force either way), so that a file goes back to Excel as it came.
//
// The exit status is 0 when the input was read through, 1 on an I/O or
// usage error or a malformed record under --on-bad-record error, and also 1
// with --strict when a value failed or a record was rejected, an empty cell
// apart (--strict=empty or all: it too; --strict=CODES: those codes). Run
// "webaddress help COMMAND" for each command's columns and an example,
// "webaddress --version" for the version, and "webaddress completion bash"
// (or zsh, fish, powershell) for shell completion.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/records"
)

func main() {
	if os.Getenv("GOGC") == "" {
		// The tool's live heap is a few megabytes, and every row is
		// garbage once written: with Go's default (100) it collects after
		// each few megabytes, which is work the workers cannot share out.
		// At 300 a run of 1,000,000 rows peaks at 24 MiB instead of 16, and
		// parse with --jobs 2 is 1.75× --jobs 1 instead of 1.6×.
		debug.SetGCPercent(300)
	}
	os.Exit(runWith(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, watchSignals()))
}

// run is the whole command: args are the command-line arguments without
// the program name. It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runWith(args, stdin, stdout, stderr, nil)
}

// runWith is run, stopped by intr (nil: never).
func runWith(args []string, stdin io.Reader, stdout, stderr io.Writer, intr *interruption) int {
	root := newRoot(&config{stdin: stdin, stdout: stdout, stderr: stderr, intr: intr})
	root.SetArgs(args)
	if err := root.Execute(); err != nil {
		fmt.Fprintf(stderr, "webaddress: %v\n", err)
		var ie *interruptedError
		if errors.As(err, &ie) {
			return ie.exitStatus()
		}
		return 1
	}
	return 0
}

// config holds the flags every command takes, and the streams.
type config struct {
	column, input, format, fields string
	delimiter, encoding           string
	onBadRecord, rejects          string
	jobs                          int
	strict                        string
	quiet                         bool
	noHeader                      bool
	sheet                         string
	bom, crlf                     string // "", "true" or "false": as the input, or forced

	stdin          io.Reader
	stdout, stderr io.Writer
	intr           *interruption // SIGINT and SIGTERM; nil in tests

	// rejectsTo, when not nil, takes the rejected records as JSON lines
	// (as --rejects FILE does), and watch follows the run: both for
	// serve, which runs the commands for the page; nil on the command line.
	rejectsTo io.Writer
	watch     *watch
	// sheetMemory, when not 0, is how many bytes a workbook may unzip to,
	// all of it held in memory (none in temporary files); maxRows, when
	// not 0, is how many rows of a sheet are read. Both for serve.
	sheetMemory int64
	maxRows     int
	// noTempFile keeps the reader of a table from writing a temporary
	// file (table.Options.NoTempFile): serve, which writes nothing to
	// disk.
	noTempFile bool
}

func newRoot(cfg *config) *cobra.Command {
	root := &cobra.Command{
		Use:   "webaddress",
		Short: "Parse, key, clean, deduplicate and lint website addresses as browsers read them",
		Long: `webaddress reads website addresses as browsers do (the WHATWG URL Standard):
from its arguments, from the lines of standard input, or from a column of a
CSV or TSV file or an Excel workbook, on standard input or named (--column
NAME), whose other columns pass through with the results added. One output row per input, in order; a
malformed CSV record stops the run (or, with --on-bad-record skip, is
rejected, all its lines), and is never merged into another. Lines end in
LF, CRLF or CR alone. A record may span at most 4 MiB (4,194,304 bytes)
over its lines: a quoted field running on further is malformed
(record.too-long), one record up to where its quote closes. A quote never
closed, to the end of the input, costs its own line (record.unclosed-quote),
and reading goes on at the next, whatever its size (from standard input
through a pipe, the lines after it are kept in a temporary file to read
them again). SIGINT or SIGTERM stops the reading: the rows read are
written, whole, and the summary says the run was interrupted (exit status
130 or 143).`,
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetIn(cfg.stdin)
	root.SetOut(cfg.stdout)
	root.SetErr(cfg.stderr)
	pf := root.PersistentFlags()
	pf.StringVar(&cfg.column, "column", "", "read a table (CSV, TSV or .xlsx) with a header row from standard input or the one file named; `NAME` is the column of addresses, its name or its number from 1")
	pf.StringVar(&cfg.input, "input", "", "input format: lines, csv, tsv or xlsx, an Excel workbook (default lines, or with --column csv, or xlsx for a .xlsx file named)")
	pf.StringVar(&cfg.input, "input-format", "", "the same as --input, by the name the Beam pipeline gives it (the pipeline's --input is its files)")
	pf.StringVar(&cfg.delimiter, "delimiter", "", "the field delimiter of CSV input and output, one byte such as ';' or '|' (default: with --column, the one of ',' ';' tab '|' that finds the column in the header row)")
	pf.StringVar(&cfg.sheet, "sheet", "", "the sheet of a workbook (--input xlsx, or a .xlsx file named) to read, by `NAME` (default the first)")
	pf.BoolVar(&cfg.noHeader, "no-header", false, "the table has no header row: its first row is data, --column a number from 1, and its columns are named 1, 2, ...")
	pf.Var(triState{&cfg.bom}, "bom", "start CSV and TSV output with a UTF-8 byte order mark, as Excel's \"CSV UTF-8\" does (--bom=false: never; default: when the input has one)")
	pf.Lookup("bom").NoOptDefVal = "true"
	pf.Var(triState{&cfg.crlf}, "crlf", "end the lines of CSV and TSV output with CRLF, as Excel does (--crlf=false: LF; default: as the input's header row)")
	pf.Lookup("crlf").NoOptDefVal = "true"
	pf.StringVar(&cfg.encoding, "encoding", "", "the input's character encoding, such as latin1, windows-1252 or utf-16 (default UTF-8, bytes kept as they are)")
	pf.StringVar(&cfg.onBadRecord, "on-bad-record", "error", "a malformed CSV record: error (stop, naming it) or skip (reject it and go on)")
	pf.StringVar(&cfg.rejects, "rejects", "", "with --on-bad-record skip, write the rejected records to `FILE` as JSON lines (default: standard error, as messages)")
	pf.StringVar(&cfg.format, "format", "", "output format: jsonl, csv, tsv or text (default text on a terminal, else jsonl)")
	pf.StringVar(&cfg.fields, "fields", "", "comma-separated `COLUMNS` to print, in order, the input's included (default the command's)")
	pf.IntVar(&cfg.jobs, "jobs", runtime.GOMAXPROCS(0), "number of workers, 1 or more")
	pf.StringVar(&cfg.strict, "strict", "", strictUsage)
	pf.Lookup("strict").NoOptDefVal = strictDefault
	pf.BoolVarP(&cfg.quiet, "quiet", "q", false, "no summary on standard error at the end")
	root.RegisterFlagCompletionFunc("format", fixedCompletion("jsonl", "csv", "tsv", "text"))
	root.RegisterFlagCompletionFunc("input", fixedCompletion("lines", "csv", "tsv", "xlsx"))
	root.RegisterFlagCompletionFunc("on-bad-record", fixedCompletion("error", "skip"))
	root.RegisterFlagCompletionFunc("encoding", fixedCompletion("utf-8", "latin1", "windows-1252", "iso-8859-15", "utf-16", "utf-16be", "utf-16le"))

	root.AddCommand(
		parseCommand(cfg),
		keyCommand(cfg),
		cleanCommand(cfg),
		dedupeCommand(cfg),
		serveCommand(cfg),
		tableCommand(cfg, lintCommand(), &cobra.Command{
			Use:   "lint [ADDRESS...]",
			Short: "Print the URL Standard's validation errors, with byte offsets",
			Long: `lint reads each input as parse does and prints each of the URL Standard's
validation errors in it: in JSON an array of {name, start, end, failure}
(byte offsets in the input), in CSV NAME@START-END separated by spaces, with
"!" after the one that made it fail. Columns: ` + columnList(lintCommand().columns) + `.`,
			Example: `  webaddress lint 'HTTPS:example.org:70000/a b'`,
		}),
		tableCommand(cfg, surtCommand(), &cobra.Command{
			Use:   "surt [URL...]",
			Short: "Print the SURT key of each URL, the urlkey of web archives' CDX indexes",
			Long: `surt prints the SURT key (Sort-friendly URI Reordering Transform) of each URL,
byte for byte as the Internet Archive's Python package surt 0.3.1 gives it
with its default options: the urlkey column of the CDX indexes of the Wayback
Machine, Common Crawl and pywb, so a URL list can be joined against them.
"http://www.Example.com/B/?b=2&a=1#x" is "com,example)/b?a=1&b=2". It reads
URLs as surt does (package github.com/onecontact/webaddress/surt), not as the
URL Standard does, and not through the messy-cell layer. An empty input is
"-", as in surt; a port that is not a number up to 65535 fails with
surt.invalid-port, a value of white space alone with surt.blank. The text
format (the default here, even in a pipe) prints the key alone, with or
without --column, and an empty line for a value that failed. Columns: ` + columnList(records.SURTColumns) + `.`,
			Example: `  webaddress surt 'http://www.Example.com/B/?b=2&a=1#x'
  webaddress surt < urls.txt | LC_ALL=C sort -u
  webaddress surt --column url --format csv < pages.csv`,
		}),
		tableCommand(cfg, urlCommand(), &cobra.Command{
			Use:   "url [ADDRESS...]",
			Short: "Print the URL Standard's components of absolute URLs",
			Long: `url parses each input as an absolute URL, as new URL(input) does in a browser,
and prints its components with the URL API's names. Columns: ` + columnList(urlCommand().columns) + `.`,
			Example: `  webaddress url 'https://EXAMPLE.com:443/a/../b?x#y'`,
		}),
	)
	strictHelp(root)
	return root
}

// strictHelp makes "help TOPIC" and "completion SHELL" fail on a topic or
// shell they do not know, instead of printing the usage and exiting 0.
func strictHelp(root *cobra.Command) {
	root.SetHelpCommand(&cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		RunE: func(c *cobra.Command, args []string) error {
			cmd, rest, err := root.Find(args)
			if err != nil || len(rest) > 0 {
				return fmt.Errorf("unknown help topic %q: run \"webaddress help\" for the commands", strings.Join(args, " "))
			}
			return cmd.Help()
		},
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			var names []string
			for _, c := range root.Commands() {
				if c.IsAvailableCommand() {
					names = append(names, c.Name())
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
	})
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() == "completion" {
			c.Args = cobra.ArbitraryArgs
			c.RunE = func(c *cobra.Command, args []string) error {
				if len(args) > 0 {
					return fmt.Errorf("unknown shell %q: want bash, zsh, fish or powershell", args[0])
				}
				return c.Help()
			}
		}
	}
}

// version returns what --version prints: the module's version from the
// build information ("(devel)" when built in its repository), the Go
// version, and the fingerprint of each comparison-key version this build
// writes, a line each.
func version() string {
	v := "(unknown)"
	var rev string
	if info, ok := debug.ReadBuildInfo(); ok {
		v = info.Main.Version
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					rev += " (modified)"
				}
			}
		}
	}
	out := "webaddress " + v
	if rev != "" {
		out += " " + rev
	}
	out += " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	for _, k := range keyVersions() {
		out += "\nkey " + k
	}
	return out
}

// keyVersions lists the comparison-key versions this build writes, one line
// each for --version: each version's fingerprint, its name and the data its
// keys depend on (KeyVersion.Fingerprint), as in "KeyV2 unicode=17.0.0
// psl=<revision>".
func keyVersions() []string {
	return []string{webaddress.KeyV1.Fingerprint(), webaddress.KeyV2.Fingerprint(), webaddress.KeyV3.Fingerprint()}
}

// fixedCompletion completes a flag with one of values.
func fixedCompletion(values ...string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return values, cobra.ShellCompDirectiveNoFileComp
	}
}
