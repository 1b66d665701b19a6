// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

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
	next       func() (table.Record, error) // io.EOF at the end; a *table.Fault for a malformed record
	header     []string                     // the header row's names, renamed; nil for lines and arguments
	col        int                          // the field that holds the value
	reader     *table.Reader                // nil for arguments
	stdin      bool                         // read from standard input (or the one file named)
	progress   *progress
	rejects    *rejects
	intr       *Interruption // stops the reading
	blank      int           // blank lines (or rows) skipped, as of the last batch emitted
	sheetBlank int           // blank rows of a sheet skipped, by the reader
	notes      []string      // what the summary says of how the input was read
	dialect    dialect       // the input's byte order mark and line ends, for CSV output
	delim      byte          // the delimiter of CSV output: --delimiter, or the input's found
	file       *os.File      // the file named, read instead of standard input
}

// skipped returns the number of blank lines (or rows of a sheet) the
// reader skipped so far; the reading goroutine calls it.
func (in *input) skipped() int {
	if in.reader != nil {
		return in.reader.Blank()
	}
	return in.sheetBlank
}

// settings are the flags that say how to read and write, checked.
type settings struct {
	inputFormat string // lines, csv or tsv
	delim       byte   // of CSV input and output
	encoding    encoding.Encoding
	skip        bool // --on-bad-record skip
	strict      strictness
}

// check checks the flags that every command takes.
func (cfg *config) check() (settings, error) {
	var s settings
	if cfg.Jobs < 1 {
		return s, fmt.Errorf("--jobs %d: want 1 or more", cfg.Jobs)
	}
	switch cfg.Format {
	case "", "jsonl", "csv", "tsv", "text":
	default:
		return s, fmt.Errorf("unknown format %q: want jsonl, csv, tsv or text", cfg.Format)
	}
	switch cfg.OnBadRecord {
	case "error":
	case "skip":
		s.skip = true
	default:
		return s, fmt.Errorf("--on-bad-record %q: want error or skip", cfg.OnBadRecord)
	}
	if cfg.Rejects != "" && !s.skip {
		return s, errors.New("--rejects is for --on-bad-record skip")
	}
	s.inputFormat = cfg.Input
	if s.inputFormat == "" {
		s.inputFormat = "lines"
		if cfg.Column != "" {
			s.inputFormat = "csv"
		}
	}
	in := table.InputOptions{Format: s.inputFormat, Column: cfg.Column, Delimiter: cfg.Delimiter, Encoding: cfg.Encoding,
		FormatFlag: "--input", Formats: []string{"lines", "csv", "tsv", "xlsx"}}
	t, err := in.Check()
	if err != nil {
		return s, err
	}
	s.encoding = t.Encoding
	s.delim = ',' // of CSV output too, whatever the input
	if cfg.Delimiter != "" {
		s.delim, _ = table.ParseDelimiter(cfg.Delimiter) // checked
	}
	if cfg.NoHeader && cfg.Column == "" {
		return s, errors.New("--no-header is for a table: say --column with the number of the column of addresses")
	}
	if s.strict, err = parseStrict(cfg.Strict); err != nil {
		return s, err
	}
	return s, nil
}

// open returns the records to read: the arguments, else standard input as
// lines or a table.
func (cfg *config) open(args []string, s settings) (*input, error) {
	src := cfg.stdin
	file, err := cfg.tableFile(args)
	if err != nil {
		return nil, err
	}
	if file != nil {
		src, args = file, nil
		if cfg.Input == "" && IsWorkbook(file.Name()) {
			s.inputFormat = "xlsx"
		}
	}
	if cfg.Sheet != "" && s.inputFormat != "xlsx" && (cfg.Input != "" || s.inputFormat == "lines") {
		return nil, errSheet
	}
	if len(args) > 0 {
		return argsInput(args, s.delim, cfg.intr), nil
	}
	p, r := newProgress(src, cfg.stderr)
	if cfg.hooks.Watch != nil {
		p, r = &progress{watch: cfg.hooks.Watch}, src
	}
	in := &input{stdin: true, progress: p, intr: cfg.intr, delim: s.delim, file: file}
	switch s.inputFormat {
	case "xlsx":
		err = in.openSheet(cfg, r)
	case "lines":
		in.reader = table.NewReader(r, table.Options{Encoding: s.encoding, NoTempFile: cfg.hooks.NoTempFile})
		in.next = in.reader.Read
	default:
		err = in.openDelimited(cfg, r, s)
	}
	if err != nil {
		return nil, err
	}
	return in, cfg.openSkip(in, s)
}

// errSheet is the error of --sheet for an input that is not a workbook.
var errSheet = errors.New("--sheet is for a workbook: --input xlsx, or a .xlsx file named or on standard input")

// argsInput returns the input of the arguments, a record each.
func argsInput(args []string, delim byte, intr *Interruption) *input {
	i := 0
	return &input{delim: delim, intr: intr, next: func() (table.Record, error) {
		if i == len(args) {
			return table.Record{}, io.EOF
		}
		i++
		return table.Record{Line: i, Lines: 1, Fields: args[i-1 : i]}, nil
	}}
}

// openDelimited makes in read r as a CSV or TSV table (or a workbook, on
// standard input without --input): its dialect and delimiter found from
// its first line, then its header row.
func (in *input) openDelimited(cfg *config, r io.Reader, s settings) error {
	rs, at := seekable(r)
	br := bufio.NewReaderSize(r, 64<<10)
	sn := sniff(br, s.encoding)
	if sn.workbook && cfg.Input == "" {
		return in.openSheet(cfg, br) // a workbook on standard input: read as one
	}
	if cfg.Sheet != "" {
		return errSheet
	}
	r = br
	if rs != nil {
		// A file: the reader reads it from where the sniffing started,
		// and may seek it to read lines again (after a quote never
		// closed) instead of keeping them in a temporary file.
		if _, err := rs.Seek(at, io.SeekStart); err == nil {
			r = rs
		}
	}
	in.dialect = sn.dialect
	o := table.Options{Encoding: s.encoding, NoTempFile: cfg.hooks.NoTempFile, Delimiter: '\t'}
	if s.inputFormat == "csv" {
		o.Delimiter = s.delim
		if cfg.Delimiter == "" {
			in.delim = table.GuessDelimiter(sn.line, cfg.Column, cfg.NoHeader)
			o.Delimiter = in.delim
			if in.delim != ',' {
				row := "header row"
				if cfg.NoHeader {
					row = "first row"
				}
				in.notes = append(in.notes, "delimiter "+delimiterName(in.delim)+" found from the "+row)
			}
		}
	}
	in.reader = table.NewReader(r, o)
	in.next = in.reader.Read
	return in.readHeader(cfg, sn.line, o.Delimiter)
}

// readHeader reads the header row of in's table, whose first line is
// line and delimiter delim (with --no-header, its first row, data).
func (in *input) readHeader(cfg *config, line string, delim byte) error {
	names, err := in.reader.Header()
	if errors.Is(err, io.EOF) {
		return errors.New("the input is empty: it has no header row")
	}
	var encErr *table.EncodingError
	if errors.As(err, &encErr) {
		return encodingHint(err)
	}
	if err != nil {
		return fmt.Errorf("the header row: %w", err)
	}
	if cfg.NoHeader {
		in.next = firstThen(table.Record{Line: in.reader.Line(), Lines: 1, Fields: names}, in.reader.Read)
		names = numberedNames(len(names))
	}
	return in.setHeader(cfg, names, line, delim)
}

// seekable returns r as an io.ReadSeeker and where it is, when it can seek
// (a file, not a pipe); nil otherwise.
func seekable(r io.Reader) (io.ReadSeeker, int64) {
	if rs, ok := r.(io.ReadSeeker); ok {
		if at, err := rs.Seek(0, io.SeekCurrent); err == nil {
			return rs, at
		}
	}
	return nil, 0
}

// openSkip opens the rejects of in with --on-bad-record skip.
func (cfg *config) openSkip(in *input, s settings) error {
	if s.skip {
		rj, err := cfg.openRejects()
		if err != nil {
			return err
		}
		in.rejects = rj
	}
	return nil
}

// setHeader sets the header of in: the names of its columns (a name that
// comes again renamed, and said so), and the column of --column.
func (in *input) setHeader(cfg *config, names []string, line string, delim byte) error {
	h := table.NewHeader(names)
	for _, msg := range h.Renamed {
		fmt.Fprintf(cfg.stderr, "webaddress: the header row's %s\n", msg)
	}
	var err error
	if in.col, err = findColumn(h.Names, cfg.Column, cfg.NoHeader, line, delim); err != nil {
		return err
	}
	in.header = h.Names
	return nil
}

// firstThen returns a reader of first, then of next's records.
func firstThen(first table.Record, next func() (table.Record, error)) func() (table.Record, error) {
	done := false
	return func() (table.Record, error) {
		if !done {
			done = true
			return first, nil
		}
		return next()
	}
}

// rejects writes the rejected records: to a file as JSON lines of the
// failure record, or to standard error as messages.
type rejects struct {
	file  *os.File
	w     *bufio.Writer
	l     *record.Layout[table.Failure]
	n     int
	codes codeCounts // of the records rejected
	buf   []byte
}

func (cfg *config) openRejects() (*rejects, error) {
	if cfg.hooks.Rejects != nil {
		return &rejects{w: bufio.NewWriter(cfg.hooks.Rejects), l: record.NewLayout(table.FailureColumns...)}, nil
	}
	if cfg.Rejects == "" {
		return &rejects{w: bufio.NewWriter(cfg.stderr)}, nil
	}
	f, err := os.Create(cfg.Rejects)
	if err != nil {
		return nil, fmt.Errorf("--rejects: %w", err)
	}
	return &rejects{file: f, w: bufio.NewWriter(f), l: record.NewLayout(table.FailureColumns...)}, nil
}

// add writes the rejected record of f.
func (r *rejects) add(f *table.Fault) error {
	r.n++
	r.codes.add(string(f.Code()), 1)
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

// counts are what a run read and wrote, for its summary. A run adds up
// each batch with add, and nowhere else.
type counts struct {
	read    int // records read well-formed
	written int // rows written (dedupe: inputs counted in groups)
	groups  int // dedupe's groups
	dups    int // rows dedupe --first left out, their key seen before
	out     int // parse and key: rows out, when a split made them more than written
	tally       // what the values came to
}

// A tally is what the values of some records came to: a batch's, counted
// by the worker that made them, or a run's, the sum of its batches'.
type tally struct {
	failed int        // values that failed
	codes  codeCounts // the codes of the values that failed
	lossy  int        // JSON rows that could not carry bytes that are not UTF-8
	split  int        // records whose cell of several addresses was split (--split)
	parts  int        // the values those gave, a row each (dedupe: a value each)
}

// values counts the n values one record gave.
func (t *tally) values(n int) {
	if n > 1 {
		t.split++
		t.parts += n
	}
}

// fail counts a value that failed with code.
func (t *tally) fail(code string) {
	t.failed++
	t.codes.add(code, 1)
}

// add adds to n a batch of read records, written rows of them written
// (dedupe: counted in groups), whose values came to t, and shows the
// progress on in's bar.
func (n *counts) add(in *input, read, written int, t *tally) {
	n.read += read
	n.written += written
	n.failed += t.failed
	n.codes.addAll(t.codes)
	n.lossy += t.lossy
	n.split += t.split
	n.parts += t.parts
	in.progress.update(n.read, n.failed)
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
	fmt.Fprintf(&b, "%s read: %d ", plural(c.read+rejected, "row"), c.written)
	if dedupe {
		fmt.Fprintf(&b, "in %s", plural(c.groups, "group"))
	} else {
		b.WriteString("written")
		if c.dups > 0 {
			fmt.Fprintf(&b, ", %s left out", plural(c.dups, "duplicate"))
		}
	}
	fmt.Fprintf(&b, ", %d rejected", rejected)
	if c.split > 0 {
		fmt.Fprintf(&b, "; %s split into %s", plural(c.split, "row"), plural(c.parts, "address"))
		if c.out > 0 {
			fmt.Fprintf(&b, " (%s out)", plural(c.out, "row"))
		}
	}
	empty := c.codes.empty()
	if c.failed > empty {
		fmt.Fprintf(&b, "; %s failed", plural(c.failed-empty, "value"))
	}
	if empty > 0 {
		fmt.Fprintf(&b, "; %s", plural(empty, "empty value"))
	}
	if in.blank > 0 {
		noun := "blank line"
		if in.reader == nil {
			noun = "blank row" // of a sheet
		}
		fmt.Fprintf(&b, "; %s skipped", plural(in.blank, noun))
	}
	if c.lossy > 0 {
		fmt.Fprintf(&b, "; %s bytes that are not UTF-8, which JSON shows as U+FFFD (listed in invalid_utf8; see --encoding)", plural(c.lossy, "row")+" had")
	}
	for _, note := range in.notes {
		b.WriteString("; " + note)
	}
	return b.String()
}

// plural returns "1 row" or "n rows" ("1 address", "n addresses").
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "s") {
		return fmt.Sprint(n) + " " + noun + "es"
	}
	return fmt.Sprint(n) + " " + noun + "s"
}
