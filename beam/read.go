// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddressbeam

import (
	"context"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths; import gcs or s3 for theirs (beamx imports gcs)
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/onecontact/webaddress/internal/records"
	"github.com/onecontact/webaddress/internal/table"
)

// ReadOptions say how [Read] reads files.
type ReadOptions struct {
	// Format is "lines" (a value per line, the default; the command-line
	// tool's name, which its --input takes), "csv" or "tsv" (CSV with a
	// tab). "text" is the deprecated name of "lines".
	Format string
	// Delimiter is the field delimiter of csv: one ASCII character such as
	// ";" or "|"; "" is ",".
	Delimiter string
	// Column is the column of the values of csv and tsv, by its name in
	// the header row (a name that comes again is renamed NAME_2): exactly,
	// else ignoring case, when that names one column. Several,
	// comma-separated ("email,website"), are read into each Value's Cells
	// (its Text the first's), for [Match], which tries them in order.
	Column string
	// Encoding is the files' character encoding, a label of the WHATWG
	// Encoding Standard (latin1, windows-1252, utf-16, ...); "" keeps the
	// bytes as they are (UTF-8; a UTF-16 byte order mark is followed).
	Encoding string
}

// CheckOptions checks o alone, as [ReadOptions.Check] and [Read] do
// first: by the rules of the webaddress tool's flags, and in their words
// (--format, --column, --delimiter, --encoding: the pipeline's flags).
func (o ReadOptions) CheckOptions() error {
	_, err := o.tableOptions()
	return err
}

// tableOptions checks o and returns the reader's options.
func (o ReadOptions) tableOptions() (table.Options, error) {
	format := o.Format
	if format == "" || format == "text" { // text: the deprecated name
		format = "lines"
	}
	t, err := table.InputOptions{Format: format, Column: o.Column, Delimiter: o.Delimiter, Encoding: o.Encoding, FormatFlag: "--format"}.Check()
	if err == nil && format == "lines" && o.Delimiter != "" {
		// The tool writes CSV with it; the pipeline writes none.
		err = errors.New("--delimiter is for --format csv (tsv is CSV with a tab)")
	}
	return t, err
}

// Check checks o, and that glob matches files whose header rows (for csv
// and tsv) have the column, before a pipeline is run: Read finds these
// mistakes only on the workers. It returns notes for the user (a header
// name that comes again is renamed), and the first mistake found.
func (o ReadOptions) Check(ctx context.Context, glob string) (notes []string, err error) {
	t, err := o.tableOptions()
	if err != nil {
		return nil, err
	}
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return nil, fmt.Errorf("%q: %w", glob, err)
	}
	defer fs.Close()
	files, err := fs.List(ctx, glob)
	if err != nil {
		return nil, fmt.Errorf("%q: %w", glob, err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%q matches no file", glob)
	}
	if t.Delimiter == 0 {
		return nil, nil
	}
	for _, name := range files {
		h, err := readHeader(ctx, fs, name, t)
		if err != nil {
			return notes, err
		}
		for _, msg := range h.Renamed {
			notes = append(notes, name+": the header row's "+msg)
		}
		if _, err := h.FindAll(o.Column); err != nil {
			return notes, fmt.Errorf("%s: %w", name, err)
		}
	}
	return notes, nil
}

// readHeader reads the header row of the file called name.
func readHeader(ctx context.Context, fs filesystem.Interface, name string, t table.Options) (table.Header, error) {
	rc, err := fs.OpenRead(ctx, name)
	if err != nil {
		return table.Header{}, fmt.Errorf("%s: %w", name, err)
	}
	defer rc.Close()
	r := rc.(io.Reader)
	if strings.HasSuffix(name, ".gz") {
		if r, err = gzipReader(rc); err != nil {
			return table.Header{}, fmt.Errorf("%s: %w", name, err)
		}
	}
	names, err := table.NewReader(r, t).Header()
	if errors.Is(err, io.EOF) {
		return table.Header{}, fmt.Errorf("%s is empty: it has no header row", name)
	}
	if err != nil {
		return table.Header{}, fmt.Errorf("%s: the header row: %w", name, err)
	}
	return table.NewHeader(names), nil
}

// Read reads the files glob matches (local paths, or of a file system Beam
// knows: gs://, s3://; .gz files decompressed) by the rules of the
// webaddress command-line tool, with its reader: a value per line, or the
// column of a CSV or TSV file read by RFC 4180 strictly. It returns a
// PCollection<Value> of the values, each with its file and line, and a
// PCollection<Failure> of the malformed records (step "read": a stray
// quote, a quote never closed, a field too many or too few), which are
// never merged into another; reading goes on after the record's last line
// (after its first, for a quote never closed, whatever its size: past 4
// MiB the lines after it are read again, from the file sought back, or
// from a temporary file on the worker for a file system that cannot
// seek). Records
// read = values + failures. A blank line of a CSV file is skipped and
// counted ("blank"), unless the file has one column.
//
// A file is read whole by one worker, so that line numbers are known and
// a quoted field may span lines, and the steps after Read run on that
// worker too unless the runner splits them: give a large input as many
// files, or follow Read with beam.Reshuffle (a shuffle of every value).
// Read panics when o is not valid; call [ReadOptions.Check] first for the
// error.
func Read(s beam.Scope, glob string, o ReadOptions) (values, failed beam.PCollection) {
	if _, err := o.tableOptions(); err != nil {
		panic(fmt.Sprintf("webaddressbeam.Read: %v", err))
	}
	s = s.Scope("webaddress.Read")
	files := fileio.ReadMatches(s, fileio.MatchFiles(s, glob, fileio.MatchEmptyDisallow()))
	values, failed = beam.ParDo2(s, &readFn{Format: o.Format, Delimiter: o.Delimiter, Column: o.Column, Encoding: o.Encoding}, files)
	return values, failed
}

func init() {
	beam.RegisterType(reflect.TypeFor[readFn]())
	register.DoFn4x1[context.Context, fileio.ReadableFile, func(Value), func(Failure), error](&readFn{})
}

// readFn reads a file. Its exported fields are what the runner sends to the
// workers.
type readFn struct {
	Format    string `json:"format"`
	Delimiter string `json:"delimiter"`
	Column    string `json:"column"`
	Encoding  string `json:"encoding"`
}

// ProcessElement reads one file.
func (f *readFn) ProcessElement(ctx context.Context, file fileio.ReadableFile, emit func(Value), fail func(Failure)) error {
	o := ReadOptions{Format: f.Format, Delimiter: f.Delimiter, Column: f.Column, Encoding: f.Encoding}
	t, err := o.tableOptions()
	if err != nil {
		return err
	}
	path := file.Metadata.Path
	rc, err := file.Open(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer rc.Close()
	r := table.NewReader(rc, t)
	cols := []int{0}
	if t.Delimiter != 0 {
		names, err := r.Header()
		if errors.Is(err, io.EOF) {
			return fmt.Errorf("%s is empty: it has no header row", path)
		}
		if err != nil {
			return fmt.Errorf("%s: the header row: %w", path, err)
		}
		if cols, err = table.NewHeader(names).FindAll(f.Column); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
	}
	defer func() { blankCount.Inc(ctx, int64(r.Blank())) }()
	for {
		rec, err := r.Read()
		var fault *table.Fault
		switch {
		case errors.Is(err, io.EOF):
			return nil
		case errors.As(err, &fault):
			readCount.Inc(ctx, 1)
			malformedCount.Inc(ctx, 1)
			fail(Failure(records.FaultFailure(fault, path)))
			continue
		case err != nil:
			return fmt.Errorf("%s: line %d: %w", path, r.Line()+1, err)
		}
		readCount.Inc(ctx, 1)
		v := Value{File: path, Line: int64(rec.Line), Text: rec.Fields[cols[0]]}
		if len(cols) > 1 {
			v.Cells = make([]string, len(cols))
			for i, c := range cols {
				v.Cells[i] = rec.Fields[c]
			}
		}
		emit(v)
	}
}
