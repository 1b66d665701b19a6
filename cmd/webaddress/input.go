// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file opens the input (the arguments, or standard input as lines or
// a table, read by internal/table), and keeps the rejects and the counts
// for the summary.

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/text/encoding"

	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/table"
)

// An input is the open source of records.
type input struct {
	next     func() (table.Record, error) // io.EOF at the end; a *table.Fault for a malformed record
	header   []string                     // the header row's names, renamed; nil for lines and arguments
	col      int                          // the field that holds the value
	reader   *table.Reader                // nil for arguments
	stdin    bool                         // read from standard input
	progress *progress
	rejects  *rejects
	intr     *interruption // stops the reading
	blank    int           // blank lines skipped, as of the last batch emitted
}

// settings are the flags that say how to read and write, checked.
type settings struct {
	inputFormat string // lines, csv or tsv
	delim       byte   // of CSV input and output
	encoding    encoding.Encoding
	skip        bool // --on-bad-record skip
}

// check checks the flags that every command takes.
func (cfg *config) check() (settings, error) {
	var s settings
	if cfg.jobs < 1 {
		return s, fmt.Errorf("--jobs %d: want 1 or more", cfg.jobs)
	}
	switch cfg.format {
	case "", "jsonl", "csv", "tsv", "text":
	default:
		return s, fmt.Errorf("unknown format %q: want jsonl, csv, tsv or text", cfg.format)
	}
	switch cfg.onBadRecord {
	case "error":
	case "skip":
		s.skip = true
	default:
		return s, fmt.Errorf("--on-bad-record %q: want error or skip", cfg.onBadRecord)
	}
	if cfg.rejects != "" && !s.skip {
		return s, errors.New("--rejects is for --on-bad-record skip")
	}
	s.inputFormat = cfg.input
	if s.inputFormat == "" {
		s.inputFormat = "lines"
		if cfg.column != "" {
			s.inputFormat = "csv"
		}
	}
	s.delim = ','
	if cfg.delimiter != "" {
		d, err := parseDelimiter(cfg.delimiter)
		if err != nil {
			return s, err
		}
		s.delim = d
	}
	switch {
	case s.inputFormat != "lines" && s.inputFormat != "csv" && s.inputFormat != "tsv":
		return s, fmt.Errorf("unknown --input %q: want lines, csv or tsv", s.inputFormat)
	case s.inputFormat == "tsv" && cfg.delimiter != "" && s.delim != '\t':
		return s, fmt.Errorf("--input tsv is CSV with a tab: use --input csv with --delimiter %q", cfg.delimiter)
	case s.inputFormat == "lines" && cfg.column != "":
		return s, errors.New("--column needs --input csv or tsv")
	case s.inputFormat != "lines" && cfg.column == "":
		return s, fmt.Errorf("--input %s needs --column NAME, the column of addresses", s.inputFormat)
	}
	var err error
	if s.encoding, err = table.LookupEncoding(cfg.encoding); err != nil {
		return s, fmt.Errorf("--encoding: %w", err)
	}
	return s, nil
}

// parseDelimiter reads --delimiter: one byte, or "\t" or "tab" for a tab.
func parseDelimiter(s string) (byte, error) {
	switch s {
	case `\t`, "tab", "\t":
		return '\t', nil
	}
	if len(s) != 1 || s[0] == '"' || s[0] == '\r' || s[0] == '\n' || s[0] >= 0x80 {
		return 0, fmt.Errorf("--delimiter %q: want one ASCII character other than a quote or a line break, such as ';', '|' or tab", s)
	}
	return s[0], nil
}

// open returns the records to read: the arguments, else standard input as
// lines or a table.
func (cfg *config) open(args []string, s settings) (*input, error) {
	if len(args) > 0 {
		if cfg.column != "" {
			return nil, errors.New("--column reads standard input: give no addresses as arguments")
		}
		i := 0
		return &input{intr: cfg.intr, next: func() (table.Record, error) {
			if i == len(args) {
				return table.Record{}, io.EOF
			}
			i++
			return table.Record{Line: i, Lines: 1, Fields: args[i-1 : i]}, nil
		}}, nil
	}
	p, r := newProgress(cfg.stdin, cfg.stderr)
	if cfg.watch != nil {
		p, r = &progress{watch: cfg.watch}, cfg.stdin
	}
	in := &input{stdin: true, progress: p, intr: cfg.intr}
	o := table.Options{Encoding: s.encoding}
	switch s.inputFormat {
	case "csv":
		o.Delimiter = s.delim
	case "tsv":
		o.Delimiter = '\t'
	}
	in.reader = table.NewReader(r, o)
	in.next = in.reader.Read
	if o.Delimiter != 0 {
		names, err := in.reader.Header()
		if errors.Is(err, io.EOF) {
			return nil, errors.New("the input is empty: it has no header row")
		}
		var encErr *table.EncodingError
		if errors.As(err, &encErr) {
			return nil, encodingHint(err)
		}
		if err != nil {
			return nil, fmt.Errorf("the header row: %w", err)
		}
		h := table.NewHeader(names)
		for _, msg := range h.Renamed {
			fmt.Fprintf(cfg.stderr, "webaddress: the header row's %s\n", msg)
		}
		if in.col, err = h.Find(cfg.column); err != nil {
			return nil, fmt.Errorf("--column: %w", err)
		}
		in.header = h.Names
	}
	if s.skip {
		rj, err := cfg.openRejects()
		if err != nil {
			return nil, err
		}
		in.rejects = rj
	}
	return in, nil
}

// rejects writes the rejected records: to a file as JSON lines of the
// failure record, or to standard error as messages.
type rejects struct {
	file *os.File
	w    *bufio.Writer
	l    *record.Layout[table.Failure]
	n    int
	buf  []byte
}

func (cfg *config) openRejects() (*rejects, error) {
	if cfg.rejectsTo != nil {
		return &rejects{w: bufio.NewWriter(cfg.rejectsTo), l: record.NewLayout(table.FailureColumns...)}, nil
	}
	if cfg.rejects == "" {
		return &rejects{w: bufio.NewWriter(cfg.stderr)}, nil
	}
	f, err := os.Create(cfg.rejects)
	if err != nil {
		return nil, fmt.Errorf("--rejects: %w", err)
	}
	return &rejects{file: f, w: bufio.NewWriter(f), l: record.NewLayout(table.FailureColumns...)}, nil
}

// add writes the rejected record of f.
func (r *rejects) add(f *table.Fault) error {
	r.n++
	if r.l == nil {
		_, err := fmt.Fprintf(r.w, "webaddress: rejected: %v: %s\n", f, table.Quote(f.Raw))
		if err == nil {
			err = r.w.Flush()
		}
		return err
	}
	failure := table.FaultFailure(f, "")
	r.buf, _ = r.l.AppendJSON(r.buf[:0], nil, &failure)
	r.buf = append(r.buf, '\n')
	_, err := r.w.Write(r.buf)
	return err
}

// close flushes the rejects and closes their file.
func (r *rejects) close() error {
	if r == nil {
		return nil
	}
	err := r.w.Flush()
	if r.file != nil {
		if cerr := r.file.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return fmt.Errorf("writing the rejects: %w", err)
	}
	return nil
}

// counts are what a run read and wrote, for its summary.
type counts struct {
	read    int // records read well-formed
	written int // rows written (dedupe: inputs counted in groups)
	groups  int // dedupe's groups
	dups    int // rows dedupe --first left out, their key seen before
	failed  int // values that failed
	lossy   int // JSON rows that could not carry bytes that are not UTF-8
	split   int // records whose cell of several addresses was split (--split)
	parts   int // the values those gave, a row each (dedupe: a value each)
	out     int // parse and key: rows out, when a split made them more than written
}

// summary returns the end-of-run summary: rows read = rows written + rows
// rejected, and what else happened. A row that --split made several counts
// once in the rows written, and the rows it gave are said.
func (in *input) summary(c counts, dedupe bool) string {
	rejected := 0
	if in.rejects != nil {
		rejected = in.rejects.n
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d rows read: %d ", c.read+rejected, c.written)
	if dedupe {
		fmt.Fprintf(&b, "in %d groups", c.groups)
	} else {
		b.WriteString("written")
		if c.dups > 0 {
			fmt.Fprintf(&b, ", %d duplicates left out", c.dups)
		}
	}
	fmt.Fprintf(&b, ", %d rejected", rejected)
	if c.split > 0 {
		fmt.Fprintf(&b, "; %s split into %d addresses", plural(c.split, "row"), c.parts)
		if c.out > 0 {
			fmt.Fprintf(&b, " (%d rows out)", c.out)
		}
	}
	if c.failed > 0 {
		fmt.Fprintf(&b, "; %d values failed", c.failed)
	}
	if in.blank > 0 {
		fmt.Fprintf(&b, "; %d blank lines skipped", in.blank)
	}
	if c.lossy > 0 {
		fmt.Fprintf(&b, "; %d rows had bytes that are not UTF-8, which JSON shows as U+FFFD (listed in invalid_utf8; see --encoding)", c.lossy)
	}
	return b.String()
}

// plural returns "1 row" or "n rows".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprint(n) + " " + noun + "s"
}
