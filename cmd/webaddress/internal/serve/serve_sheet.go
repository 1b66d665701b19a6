// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package serve

// This file turns a workbook into the text of a table, for the match
// task: its accounts are given to the tool as text (--against), read as
// the list is, so an accounts workbook is sent here and comes back as
// the rows the tool reads from its first sheet, separated as the list is.

import (
	"bytes"
	"fmt"
	"math"
	"net/http"
	"strings"

	"github.com/onecontact/webaddress/cmd/webaddress/internal/tool"
	"github.com/onecontact/webaddress/internal/record"
)

// sheetAPI answers the first sheet of the workbook that is the body as a
// table separated by the query's delimiter (',' when none; a tab for
// TSV, whose cells may hold no tab, line break or quote), its rows as
// the tool reads them. A row the tool rejects is left out, as a run
// leaves it out.
func (s *server) sheetAPI(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	if !isZip(body) {
		httpError(w, http.StatusUnprocessableEntity, notWorkbook(true))
		return
	}
	d := r.URL.Query().Get("delimiter")
	if d == "" {
		d = ","
	}
	if len(d) != 1 {
		httpError(w, http.StatusBadRequest, fmt.Sprintf("delimiter %q: want one byte", d))
		return
	}
	sh, err := tool.SampleSheet(bytes.NewReader(body), s.opts.maxUnzip, math.MaxInt32)
	if err != nil {
		httpError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	text, err := sheetText(d[0], sh.Header, sh.Rows)
	if err != nil {
		httpError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write(text)
}

// sheetText writes header and rows separated by delim: CSV, quoted where
// a cell needs it; for a tab, TSV, which cannot hold a cell with a tab, a
// line break or a quote.
func sheetText(delim byte, header []string, rows [][]string) ([]byte, error) {
	var b []byte
	for i, row := range append([][]string{header}, rows...) {
		if delim != '\t' {
			b = record.AppendLine(b, delim, row)
			continue
		}
		for j, c := range row {
			if strings.ContainsAny(c, "\t\r\n\"") {
				return nil, fmt.Errorf("row %d, column %d: the cell %q cannot be written in a TSV file (a tab, a line break or a quote): choose a CSV list, or save the accounts as TSV yourself", i+1, j+1, c)
			}
		}
		b = append(append(b, strings.Join(row, "\t")...), '\n')
	}
	return b, nil
}
