// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// gen_contacts_xlsx writes contacts.xlsx, the workbook the tests and the
// README read: the README's contact list (sheet "Contacts") as a
// spreadsheet holds it, with a date and a number in their cells' formats
// and a formula saved with its value, as Excel saves one, and a second
// sheet ("Partners"), and a ragged one ("Ragged"). It is written by github.com/xuri/excelize/v2 (its
// stream writer, which saves a formula's value beside it). From
// cmd/webaddress:
//
//	GOTOOLCHAIN=go1.27.3 go run testdata/gen_contacts_xlsx.go -o testdata/contacts.xlsx
package main

import (
	"flag"
	"log"
	"time"

	"github.com/xuri/excelize/v2"
)

func main() {
	out := flag.String("o", "contacts.xlsx", "the workbook to write")
	flag.Parse()
	f := excelize.NewFile()
	defer f.Close()
	check(f.SetSheetName("Sheet1", "Contacts"))
	dateFmt := "yyyy-mm-dd"
	date, err := f.NewStyle(&excelize.Style{CustomNumFmt: &dateFmt})
	check(err)
	thousands, err := f.NewStyle(&excelize.Style{NumFmt: 3}) // #,##0
	check(err)
	day := func(y int, m time.Month, d int) excelize.Cell {
		return excelize.Cell{StyleID: date, Value: time.Date(y, m, d, 0, 0, 0, 0, time.UTC)}
	}
	count := func(n int) excelize.Cell { return excelize.Cell{StyleID: thousands, Value: n} }
	rows := [][]any{
		{"name", "company", "website", "since", "employees"},
		{"Ann Lee", "Acme", "WWW.Acme.com/?utm_source=crm", day(2019, 3, 14), count(1250)},
		// A link as spreadsheets make one: the formula, and the value Excel
		// shows (and saves with it).
		{"Ben Ortiz", "Globex, Inc.", excelize.Cell{Formula: `HYPERLINK("https://globex.com/about/")`, Value: "https://globex.com/about/"}, day(2020, 11, 2), count(87)},
		{"Cid Park", "Acme", "“acme.com”", day(2021, 1, 5), nil},
		{"Dee Shah", "Initech", "N/A", nil, count(430)},
		{"Eli Moss"},
		{"Fay Wu", "Globex", "http://www.globex.com/about?utm_medium=email#team", day(2022, 6, 30), count(87)},
		{"Gil Tan", "Initech", "sales@initech.com", nil, nil},
		{"Hana Ito", "Acme Bakery", "acmebakery.wordpress.com", day(2023, 2, 1), count(12)},
		{"Ivo Roth", "Zed Plumbing", "zedplumbing.wordpress.com", nil, count(4)},
		{"Jay Lowe", "Initech", "http//initech.com/", day(2024, 9, 9), nil},
	}
	writeSheet(f, "Contacts", rows)
	_, err = f.NewSheet("Partners")
	check(err)
	writeSheet(f, "Partners", [][]any{
		{"partner", "site"},
		{"Umbrella", "https://www.umbrella.example/"},
		{"Hooli", "hooli.com"},
	})
	// A sheet as people leave them: a title row left empty, a column with
	// no name, an empty row, and a value right of the header's last
	// column.
	_, err = f.NewSheet("Ragged")
	check(err)
	writeSheet(f, "Ragged", [][]any{
		nil,
		{"name", "site", nil, "notes"},
		{"Umbrella", "umbrella.example", "x", "ok"},
		nil,
		{"Hooli", "hooli.com", nil, nil, "stray"},
		{"Initrode", "initrode.example"},
	})
	check(f.SaveAs(*out))
}

// writeSheet writes rows to sheet, from A1.
func writeSheet(f *excelize.File, sheet string, rows [][]any) {
	sw, err := f.NewStreamWriter(sheet)
	check(err)
	for i, row := range rows {
		if row == nil {
			continue // an empty row
		}
		cell, err := excelize.CoordinatesToCellName(1, i+1)
		check(err)
		check(sw.SetRow(cell, row))
	}
	check(sw.Flush())
}

func check(err error) {
	if err != nil {
		log.Fatal(err)
	}
}
