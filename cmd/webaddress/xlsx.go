// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file reads a sheet of an Excel workbook (.xlsx) as a table, with
// github.com/xuri/excelize/v2: the tool's dependency only, never the
// library's.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/onecontact/webaddress/internal/table"
)

// isWorkbook reports whether name is that of an Excel workbook, by its
// extension.
func isWorkbook(name string) bool {
	return strings.HasSuffix(strings.ToLower(name), ".xlsx")
}

// tableFile returns the file a command reads its table from, when its
// arguments name one: with --column, the one argument; without, an
// argument naming a workbook is a mistake (it needs --column), and other
// arguments are addresses (nil, nil).
func (cfg *config) tableFile(args []string) (*os.File, error) {
	if cfg.column == "" {
		for _, a := range args {
			if st, err := os.Stat(a); err == nil && st.Mode().IsRegular() && isWorkbook(a) {
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
// sheet is ""): the values as Excel shows them (numbers and dates in their
// cells' formats), a formula by the value Excel saved with it. The header
// row is the first row that is not empty; an empty row after it is
// skipped and counted, unless the header has one column, where it is an
// empty value, as in CSV. A column with values but no name in the header
// row is named by its letter ("D"). Each record's line is its row number
// in the sheet.
func (in *input) openSheet(cfg *config, r io.Reader) error {
	f, err := excelize.OpenReader(r)
	if err != nil {
		return fmt.Errorf("--input xlsx: reading the workbook: %w", err)
	}
	defer f.Close()
	sheets := f.GetSheetList()
	sheet := cfg.sheet
	if sheet == "" && len(sheets) > 0 {
		sheet = sheets[0]
	}
	if !slices.Contains(sheets, sheet) {
		return fmt.Errorf("--sheet %q: the workbook has no such sheet; its sheets: %s", sheet, strings.Join(sheets, ", "))
	}
	rows, err := f.GetRows(sheet)
	if err != nil {
		return fmt.Errorf("sheet %q: %w", sheet, err)
	}
	blank := func(row []string) bool { return !slices.ContainsFunc(row, func(c string) bool { return c != "" }) }
	first := slices.IndexFunc(rows, func(row []string) bool { return !blank(row) })
	if first < 0 {
		return fmt.Errorf("sheet %q is empty: it has no header row", sheet)
	}
	width := 0
	for _, row := range rows[first:] {
		for i := len(row) - 1; i >= 0; i-- {
			if row[i] != "" {
				width = max(width, i+1)
				break
			}
		}
	}
	names := make([]string, width)
	copy(names, rows[first])
	for i := len(rows[first]); i < width; i++ {
		names[i], _ = excelize.ColumnNumberToName(i + 1)
	}
	if cfg.noHeader {
		names = numberedNames(width)
		first-- // the first row is data
	}
	if err := in.setHeader(cfg, names, "", 0); err != nil {
		return err
	}
	in.notes = append(in.notes, "sheet "+table.Quote(sheet))
	i := first + 1
	in.next = func() (table.Record, error) {
		for ; i < len(rows); i++ {
			row := rows[i]
			if blank(row) && width > 1 {
				in.blanks++
				continue
			}
			fields := make([]string, width)
			copy(fields, row)
			i++
			return table.Record{Line: i, Lines: 1, Fields: fields}, nil
		}
		return table.Record{}, io.EOF
	}
	return nil
}
