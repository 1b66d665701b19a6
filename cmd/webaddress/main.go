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
//	webaddress match  [flags] [FILE]        each row of a list matched against a reference table by owner
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
// library's messy-cell layer (package cells), which removes invisible
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
// a terminal and jsonl otherwise (and text for key and surt); parse's text
// has the columns input, canonical, key, owner and error_code, beside the
// input's, where its whole record is 300 columns wide. --fields picks and
// orders the columns, the input's included. A value that fails fills its
// row's error_code and error columns and never stops the run. CSV and TSV
// output keep the input's byte order mark and CRLF line ends (--bom,
// --crlf: force either way), so that a file goes back to Excel as it came.
//
// The exit status is 0 when the input was read through, 1 on an I/O or
// usage error or a malformed record under --on-bad-record error, and also 1
// with --strict when a value failed or a record was rejected, an empty cell
// apart (--strict=empty or all: it too; --strict=CODES: those codes). Run
// "webaddress help COMMAND" for each command's examples and columns,
// "webaddress help reading" for the rules of reading above,
// "webaddress --version" for the version, and "webaddress completion bash"
// (or zsh, fish, powershell) for shell completion.
package main

import (
	"io"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cmd/webaddress/internal/serve"
	"github.com/onecontact/webaddress/cmd/webaddress/internal/tool"
)

func main() { os.Exit(runMain()) }

// runMain is main but for the exit: it returns the exit status.
func runMain() int {
	if os.Getenv("GOGC") == "" {
		// The tool's live heap is a few megabytes, and every row is
		// garbage once written: with Go's default (100) it collects after
		// each few megabytes, which is work the workers cannot share out.
		// At 300 a run of 1,000,000 rows peaks at 24 MiB instead of 16, and
		// parse with --jobs 2 is 1.75× --jobs 1 instead of 1.6×.
		debug.SetGCPercent(300)
	}
	return runWith(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, tool.WatchSignals())
}

// run is the whole command: args are the command-line arguments without
// the program name. It returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runWith(args, stdin, stdout, stderr, nil)
}

// runWith is run, stopped by intr (nil: never): the tool's commands
// (package tool) and serve's (package serve).
func runWith(args []string, stdin io.Reader, stdout, stderr io.Writer, intr *tool.Interruption) int {
	env := tool.Env{Stdin: stdin, Stdout: stdout, Stderr: stderr, Intr: intr, Version: version()}
	return tool.Execute(env, args, serve.Command(intr.Done()))
}

// buildVersion and buildRevision, when set at link time, are the version
// and VCS revision that --version names instead of the build
// information's, as the release build sets them:
//
//	go build -ldflags "-X main.buildVersion=v0.1.0 -X main.buildRevision=COMMIT"
var buildVersion, buildRevision string

// version returns what --version prints: versionOf this build's
// information.
func version() string {
	info, _ := debug.ReadBuildInfo()
	return versionOf(info, buildVersion, buildRevision)
}

// unstamped is what --version says of a build without a version or a VCS
// revision: how it was built, and how to get a stamped one.
const unstamped = `built from source without version-control stamps (go run; go build or
go install outside a git clone, or with -buildvcs=false, as GOFLAGS may
say): for the version and commit, go build -buildvcs=true ./cmd/webaddress
in a git clone, or .release/snapshot, or
go install github.com/onecontact/webaddress/cmd/webaddress@VERSION`

// versionOf returns what --version prints for the build information info
// (nil: none) and the version and revision set at link time (release,
// revision): the module's version and VCS revision (release and
// revision, else the build information's: the module's version for go
// install MODULE@VERSION, the commit for a build in a git clone), the Go
// version, and the fingerprint of each comparison-key version this build
// writes, a line each. A build without either says so, and how to get
// them (unstamped).
func versionOf(info *debug.BuildInfo, release, revision string) string {
	v := "(unknown)"
	var rev string
	if info != nil {
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
	if release != "" {
		v, rev = release, revision
	}
	out := "webaddress " + v
	if rev != "" {
		out += " " + rev
	}
	out += " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	if rev == "" && (v == "" || v == "(devel)" || v == "(unknown)") {
		out += "\n" + unstamped
	}
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
