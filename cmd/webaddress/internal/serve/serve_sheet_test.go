// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package serve

import (
	"strings"
	"testing"
)

// TestSheetText: a workbook's rows written as the list is separated:
// quoted for CSV where a cell needs it, refused for TSV where a cell
// cannot be written.
func TestSheetText(t *testing.T) {
	header := []string{"account", "domain"}
	rows := [][]string{{"Acme, Inc.\nHQ", "acme.com"}, {"Globex", ""}}
	got, err := sheetText(',', header, rows)
	if want := "account,domain\n\"Acme, Inc.\nHQ\",acme.com\nGlobex,\n"; err != nil || string(got) != want {
		t.Errorf("CSV: %v, %q; want %q", err, got, want)
	}
	got, err = sheetText(';', header, rows[1:])
	if want := "account;domain\nGlobex;\n"; err != nil || string(got) != want {
		t.Errorf("semicolons: %v, %q; want %q", err, got, want)
	}
	if _, err := sheetText('\t', header, rows); err == nil || !strings.Contains(err.Error(), "row 2, column 1") {
		t.Errorf("TSV with a line break in a cell: %v, want an error naming row 2, column 1", err)
	}
	got, err = sheetText('\t', header, rows[1:])
	if want := "account\tdomain\nGlobex\t\n"; err != nil || string(got) != want {
		t.Errorf("TSV: %v, %q; want %q", err, got, want)
	}
}
