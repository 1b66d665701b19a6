// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package table

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// InputOptions are how the tool and the pipeline are told to read a table
// of addresses, as their flags give them, before they are checked.
type InputOptions struct {
	Format    string // lines, csv or tsv, or another of Formats
	Column    string // the column of the addresses, for a format other than lines
	Delimiter string // the delimiter of csv, as ParseDelimiter reads it
	Encoding  string // a label of the Encoding Standard; "" keeps the bytes

	// FormatFlag names Format's flag in the messages: "--input" in the
	// tool, "--input-format" in the pipeline.
	FormatFlag string
	// Formats are the formats taken, the first the name of the lines
	// format: lines, csv and tsv when nil (the tool adds xlsx).
	Formats []string
}

// Check checks o, with the same rules and messages wherever they are
// given: the tool's and the pipeline's flags and Beam's ReadOptions. It
// returns the reader's options (a zero Delimiter for lines; a delimiter
// given with lines is left to the caller, as the tool writes CSV with it).
func (o InputOptions) Check() (Options, error) {
	var t Options
	formats := o.Formats
	if formats == nil {
		formats = []string{"lines", "csv", "tsv"}
	}
	delim := byte(',')
	if o.Delimiter != "" {
		d, err := ParseDelimiter(o.Delimiter)
		if err != nil {
			return t, fmt.Errorf("--delimiter %w", err)
		}
		delim = d
	}
	switch {
	case !slices.Contains(formats, o.Format):
		return t, fmt.Errorf("unknown %s %q: want %s", o.FormatFlag, o.Format, orList(formats))
	case o.Format == "tsv" && o.Delimiter != "" && delim != '\t':
		return t, fmt.Errorf("%s tsv is CSV with a tab: use %s csv with --delimiter %q", o.FormatFlag, o.FormatFlag, o.Delimiter)
	case o.Format == "lines" && o.Column != "":
		return t, errors.New("--column needs " + o.FormatFlag + " csv or tsv")
	case o.Format != "lines" && o.Column == "":
		return t, fmt.Errorf("%s %s needs --column NAME, the column of addresses", o.FormatFlag, o.Format)
	}
	switch o.Format {
	case "csv":
		t.Delimiter = delim
	case "tsv":
		t.Delimiter = '\t'
	}
	var err error
	if t.Encoding, err = LookupEncoding(o.Encoding); err != nil {
		return t, fmt.Errorf("--encoding: %w", err)
	}
	return t, nil
}

// orList returns "a, b or c".
func orList(s []string) string {
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}
