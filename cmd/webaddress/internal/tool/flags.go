// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file is the table of the flags every command takes (Flags): each
// declared once, with its field, and made of it the command line's flags
// and completions (root.go) and the command line of a Call.

import (
	"runtime"
	"strconv"

	"github.com/spf13/cobra"
)

// A commonFlag is one of the flags every command takes: its option (name,
// words, kind, values, default) and its field of Flags.
type commonFlag struct {
	Option
	short string // its one-letter name, if any
	alone string // its value when given without one, if it may be
	alias bool   // another name of the flag before it, which CommandLine writes
	// field returns its field of f: a *string (a Bool of three states,
	// "" when not given, for --bom and --crlf), a *bool or an *int.
	field func(f *Flags) any
}

// commonFlags returns the table of the flags every command takes, in the
// order of the command line a Call writes.
func commonFlags() []commonFlag {
	return []commonFlag{
		{Option: Option{Name: "column", Kind: Text, Usage: "read a table (CSV, TSV or .xlsx) with a header row from standard input or the one file named; `NAME` is the column of addresses, its name or its number from 1 (parse, key, dedupe and match: several, comma-separated, tried in order)"},
			field: func(f *Flags) any { return &f.Column }},
		{Option: Option{Name: "input", Kind: Text, Values: []string{"lines", "csv", "tsv", "xlsx"}, Usage: "input format: lines, csv, tsv or xlsx, an Excel workbook (default lines, or with --column csv, or xlsx for a .xlsx file named)"},
			field: func(f *Flags) any { return &f.Input }},
		{Option: Option{Name: "input-format", Kind: Text, Values: []string{"lines", "csv", "tsv", "xlsx"}, Usage: "the same as --input, by the name the Beam pipeline gives it (the pipeline's --input is its files)"},
			alias: true, field: func(f *Flags) any { return &f.Input }},
		{Option: Option{Name: "delimiter", Kind: Text, Usage: "the field delimiter of CSV input and output, one byte such as ';' or '|' (default: with --column, the one of ',' ';' tab '|' that finds the column in the header row)"},
			field: func(f *Flags) any { return &f.Delimiter }},
		{Option: Option{Name: "sheet", Kind: Text, Usage: "the sheet of a workbook (--input xlsx, or a .xlsx file named) to read, by `NAME` (default the first)"},
			field: func(f *Flags) any { return &f.Sheet }},
		{Option: Option{Name: "no-header", Kind: Bool, Default: "false", Usage: "the table has no header row: its first row is data, --column a number from 1, and its columns are named 1, 2, ..."},
			field: func(f *Flags) any { return &f.NoHeader }},
		{Option: Option{Name: "bom", Kind: Bool, Usage: "start CSV and TSV output with a UTF-8 byte order mark, as Excel's \"CSV UTF-8\" does (--bom=false: never; default: when the input has one)"},
			alone: "true", field: func(f *Flags) any { return &f.BOM }},
		{Option: Option{Name: "crlf", Kind: Bool, Usage: "end the lines of CSV and TSV output with CRLF, as Excel does (--crlf=false: LF; default: as the input's header row)"},
			alone: "true", field: func(f *Flags) any { return &f.CRLF }},
		{Option: Option{Name: "encoding", Kind: Text, Values: Encodings, Usage: "the input's character encoding, such as latin1, windows-1252 or utf-16 (default UTF-8, bytes kept as they are)"},
			field: func(f *Flags) any { return &f.Encoding }},
		{Option: Option{Name: "on-bad-record", Kind: Text, Values: []string{"error", "skip"}, Default: "error", Usage: "a malformed CSV record: error (stop, naming it) or skip (reject it and go on)"},
			field: func(f *Flags) any { return &f.OnBadRecord }},
		{Option: Option{Name: "rejects", Kind: File, Usage: "with --on-bad-record skip, write the rejected records to `FILE` as JSON lines (default: standard error, as messages)"},
			field: func(f *Flags) any { return &f.Rejects }},
		{Option: Option{Name: "format", Kind: Text, Values: []string{"jsonl", "csv", "tsv", "text"}, Usage: "output format: jsonl, csv, tsv or text (default text on a terminal, else jsonl)"},
			field: func(f *Flags) any { return &f.Format }},
		{Option: Option{Name: "fields", Kind: Text, Usage: "comma-separated `COLUMNS` to print, in order, the input's included (default the command's)"},
			field: func(f *Flags) any { return &f.Fields }},
		{Option: Option{Name: "jobs", Kind: Int, Default: strconv.Itoa(runtime.GOMAXPROCS(0)), Usage: "number of workers, 1 or more"},
			field: func(f *Flags) any { return &f.Jobs }},
		{Option: Option{Name: "strict", Kind: Text, Usage: strictUsage},
			alone: strictDefault, field: func(f *Flags) any { return &f.Strict }},
		{Option: Option{Name: "quiet", Kind: Bool, Default: "false", Usage: "no summary on standard error at the end"},
			short: "q", field: func(f *Flags) any { return &f.Quiet }},
	}
}

// addCommonFlags makes the flags every command takes flags of root, each
// set in f, with their completions.
func addCommonFlags(root *cobra.Command, f *Flags) {
	pf := root.PersistentFlags()
	for _, c := range commonFlags() {
		switch p := c.field(f).(type) {
		case *bool:
			pf.BoolVarP(p, c.Name, c.short, false, c.Usage)
		case *int:
			n, _ := strconv.Atoi(c.Default)
			pf.IntVarP(p, c.Name, c.short, n, c.Usage)
		case *string:
			if c.Kind == Bool {
				pf.VarP(triState{p}, c.Name, c.short, c.Usage)
			} else {
				pf.StringVarP(p, c.Name, c.short, c.Default, c.Usage)
			}
		}
		if c.alone != "" {
			pf.Lookup(c.Name).NoOptDefVal = c.alone
		}
		if c.Values != nil {
			root.RegisterFlagCompletionFunc(c.Name, fixedCompletion(c.Values...))
		}
	}
}
