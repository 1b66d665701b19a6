// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package table

import "testing"

// TestInputOptionsCheck: one set of rules and messages for the tool's
// --input (with xlsx) and the pipeline's --format.
func TestInputOptionsCheck(t *testing.T) {
	tool := []string{"lines", "csv", "tsv", "xlsx"}
	for _, tt := range []struct {
		o     InputOptions
		delim byte
		want  string
	}{
		{InputOptions{Format: "lines", FormatFlag: "--format"}, 0, ""},
		{InputOptions{Format: "lines", Delimiter: ";", FormatFlag: "--input", Formats: tool}, 0, ""}, // the tool's CSV output
		{InputOptions{Format: "csv", Column: "url", Delimiter: "tab", FormatFlag: "--format"}, '\t', ""},
		{InputOptions{Format: "csv", Column: "url", FormatFlag: "--format"}, ',', ""},
		{InputOptions{Format: "tsv", Column: "url", Delimiter: `\t`, FormatFlag: "--format"}, '\t', ""},
		{InputOptions{Format: "xlsx", Column: "url", FormatFlag: "--input", Formats: tool}, 0, ""},
		{InputOptions{Format: "xlsx", Column: "url", FormatFlag: "--format"}, 0, `unknown --format "xlsx": want lines, csv or tsv`},
		{InputOptions{Format: "xml", FormatFlag: "--input", Formats: tool}, 0, `unknown --input "xml": want lines, csv, tsv or xlsx`},
		{InputOptions{Format: "tsv", Column: "url", Delimiter: ";", FormatFlag: "--input", Formats: tool}, 0, `--input tsv is CSV with a tab: use --input csv with --delimiter ";"`},
		{InputOptions{Format: "lines", Column: "url", FormatFlag: "--format"}, 0, "--column needs --format csv or tsv"},
		{InputOptions{Format: "csv", FormatFlag: "--input", Formats: tool}, 0, "--input csv needs --column NAME, the column of addresses"},
		{InputOptions{Format: "csv", Column: "url", Delimiter: `""`, FormatFlag: "--format"}, 0, `--delimiter "\"\"": want one ASCII character other than a quote or a line break, such as ';', '|' or tab`},
		{InputOptions{Format: "lines", Encoding: "klingon", FormatFlag: "--format"}, 0, `--encoding: unknown encoding "klingon": want a label of the Encoding Standard, such as latin1, windows-1252, iso-8859-15, utf-16, utf-16be, shift_jis`},
	} {
		got, err := tt.o.Check()
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if msg != tt.want || (err == nil && got.Delimiter != tt.delim) {
			t.Errorf("%+v.Check() = %q, %v; want %q, %q", tt.o, got.Delimiter, err, tt.delim, tt.want)
		}
	}
}
