// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file reads a sheet of an Excel workbook (.xlsx) as a table, with
// github.com/xuri/excelize/v2: the tool's dependency only, never the
// library's.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/onecontact/webaddress/internal/table"
)

// IsWorkbook reports whether name is that of an Excel workbook, by its
// extension.
func IsWorkbook(name string) bool {
	return strings.HasSuffix(strings.ToLower(name), ".xlsx")
}

// tableFile returns the file a command reads its table from, when its
// arguments name one: with --column, the one argument; without, an
// argument naming a workbook is a mistake (it needs --column), and other
// arguments are addresses (nil, nil).
func (cfg *config) tableFile(args []string) (*os.File, error) {
	if cfg.Column == "" {
		for _, a := range args {
			if st, err := os.Stat(a); err == nil && st.Mode().IsRegular() && IsWorkbook(a) {
				return nil, fmt.Errorf("%s is a workbook: say --column NAME, its column of addresses (and --sheet NAME for a sheet other than the first)", a)
			}
		}
		return nil, nil
	}
	if len(args) == 0 {
		return nil, nil // standard input
	}
	if len(args) != 1 {
		return nil, errors.New("--column reads a table: from standard input, or from the one FILE named (a CSV, TSV or .xlsx file), not addresses as arguments")
	}
	f, err := os.Open(args[0])
	if err != nil {
		return nil, fmt.Errorf("--column reads a table from standard input, or from the one FILE named: %w", err)
	}
	return f, nil
}

// openSheet makes in read the sheet of the workbook r (the first when
// sheet is ""), row by row: the values as Excel shows them (numbers and
// dates in their cells' formats), a formula by the value Excel saved with
// it. The header row is the first row that is not empty, and a header cell
// left empty is named by its column's letter ("D"). An empty row after it
// is skipped and counted, unless the header has one column, where it is an
// empty value, as in CSV; a row with a value right of the header's last
// column is a malformed record (record.field-count), as in CSV. Each
// record's line is its row's number in the sheet.
func (in *input) openSheet(cfg *config, r io.Reader) error {
	f, sheet, err := openWorkbook(cfg, r)
	if err != nil {
		return err
	}
	rows, err := f.Rows(sheet)
	if err != nil {
		f.Close()
		return fmt.Errorf("sheet %q: %w", sheet, err)
	}
	sr := &sheetRows{f: f, rows: rows, sheet: sheet, maxRows: cfg.hooks.MaxRows}
	header, err := sr.header()
	if err != nil {
		sr.close()
		return err
	}
	sr.width = len(header)
	names := slices.Clone(header)
	for i, n := range names {
		if n == "" {
			names[i], _ = excelize.ColumnNumberToName(i + 1)
		}
	}
	var first []string // the first row, when it is data
	if cfg.NoHeader {
		first, names = header, numberedNames(sr.width)
	}
	if err := in.setHeader(cfg, names, "", 0); err != nil {
		sr.close()
		return err
	}
	in.notes = append(in.notes, "sheet "+table.Quote(sheet))
	in.next = func() (table.Record, error) {
		if first != nil {
			rec := sr.record(first)
			first = nil
			return rec, nil
		}
		return sr.read(&in.sheetBlank)
	}
	return nil
}

// openWorkbook opens the workbook r, all in memory with --sheet's hook,
// and returns it with the name of its sheet to read: --sheet, or the
// first.
func openWorkbook(cfg *config, r io.Reader) (*excelize.File, string, error) {
	var opts []excelize.Options
	if n := cfg.hooks.SheetMemory; n > 0 {
		// Every part in memory: excelize puts a sheet or a shared string
		// table larger than UnzipXMLSizeLimit in a temporary file, and
		// refuses a workbook unzipping to more than UnzipSizeLimit.
		opts = append(opts, excelize.Options{UnzipSizeLimit: n, UnzipXMLSizeLimit: n})
	}
	f, err := excelize.OpenReader(r, opts...)
	if err != nil {
		if cfg.hooks.SheetMemory > 0 && strings.Contains(err.Error(), "unzip size exceeds") {
			return nil, "", fmt.Errorf("--input xlsx: the workbook unzips to more than %s, the limit (serve --max-unzip)", SizeText(cfg.hooks.SheetMemory))
		}
		return nil, "", fmt.Errorf("--input xlsx: reading the workbook: %w", err)
	}
	sheets := f.GetSheetList()
	sheet := cfg.Sheet
	if sheet == "" && len(sheets) > 0 {
		sheet = sheets[0]
	}
	if !slices.Contains(sheets, sheet) {
		f.Close()
		return nil, "", fmt.Errorf("--sheet %q: the workbook has no such sheet; its sheets: %s", sheet, strings.Join(sheets, ", "))
	}
	return f, sheet, nil
}

// sheetRows reads the rows of a sheet of a workbook.
type sheetRows struct {
	f       *excelize.File
	rows    *excelize.Rows
	sheet   string
	row     int // the number of the row read last
	width   int // the header's columns
	maxRows int // the most rows read; 0: all
}

// close closes the rows and the workbook.
func (sr *sheetRows) close() {
	sr.rows.Close()
	sr.f.Close()
}

// next returns the cells of the next row, without the empty ones at its
// end; io.EOF after the last.
func (sr *sheetRows) next() ([]string, error) {
	if !sr.rows.Next() {
		if err := sr.rows.Error(); err != nil {
			return nil, fmt.Errorf("sheet %q, row %d: %w", sr.sheet, sr.row+1, err)
		}
		return nil, io.EOF
	}
	sr.row++
	cells, err := sr.rows.Columns()
	if err != nil {
		return nil, fmt.Errorf("sheet %q, row %d: %w", sr.sheet, sr.row, err)
	}
	for len(cells) > 0 && cells[len(cells)-1] == "" {
		cells = cells[:len(cells)-1]
	}
	return cells, nil
}

// header returns the header row: the first row that is not empty.
func (sr *sheetRows) header() ([]string, error) {
	for {
		header, err := sr.next()
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("sheet %q is empty: it has no header row", sr.sheet)
		}
		if err != nil || len(header) > 0 {
			return header, err
		}
	}
}

// record returns the record of the row read last, of cells.
func (sr *sheetRows) record(cells []string) table.Record {
	fields := make([]string, sr.width)
	copy(fields, cells)
	return table.Record{Line: sr.row, Lines: 1, Fields: fields}
}

// read returns the record of the next row that is not empty (counting
// those skipped in blank) when the header has more than one column; a row
// with a value right of the header's last column is a malformed record.
// It closes the workbook at the end.
func (sr *sheetRows) read(blank *int) (table.Record, error) {
	for {
		if sr.maxRows > 0 && sr.row >= sr.maxRows {
			sr.close()
			return table.Record{}, io.EOF
		}
		cells, err := sr.next()
		if err != nil {
			sr.close()
			return table.Record{}, err
		}
		switch {
		case len(cells) == 0 && sr.width > 1:
			*blank++
			continue
		case len(cells) > sr.width:
			return table.Record{}, table.NewFault(sr.row, strings.Join(cells, ","),
				fmt.Sprintf("a value in column %d, right of the header's last (%d)", len(cells), sr.width), table.CodeFieldCount)
		}
		return sr.record(cells), nil
	}
}

// SizeText writes n bytes for a person: "1 MiB", "2048 MiB", "512 bytes".
func SizeText(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return strconv.FormatInt(n>>20, 10) + " MiB"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// A SheetSample is the header and first rows of a workbook's first sheet,
// as the tool reads it, and what it said of them.
type SheetSample struct {
	Header []string
	Rows   [][]string
	Notes  []string // the messages, then the errors of the rows
}

// SampleSheet reads the header and the first n rows of the first sheet of
// the workbook r, all in memory: the workbook may unzip to memory bytes.
func SampleSheet(r io.Reader, memory int64, n int) (SheetSample, error) {
	var msgs strings.Builder
	cfg := &config{Flags: Flags{Column: "1"}, stderr: &msgs, hooks: Hooks{SheetMemory: memory, MaxRows: n + 1}}
	var in input
	if err := in.openSheet(cfg, r); err != nil {
		return SheetSample{}, err
	}
	smp := SheetSample{Header: in.header}
	for line := range strings.Lines(msgs.String()) {
		smp.Notes = append(smp.Notes, strings.TrimPrefix(strings.TrimSpace(line), "webaddress: "))
	}
	for len(smp.Rows) < n {
		rec, err := in.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			smp.Notes = append(smp.Notes, err.Error())
			var f *table.Fault
			if errors.As(err, &f) {
				continue
			}
			break
		}
		smp.Rows = append(smp.Rows, rec.Fields)
	}
	return smp, nil
}
