// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file finds how a delimited input was written before it is read:
// its delimiter (from the header row, when --delimiter is not given, by
// table.GuessDelimiter, as the page guesses it too), its
// byte order mark and line ends (which CSV output keeps, so that a file
// goes back to Excel as it came), and the column of --column, a name or a
// number; --no-header reads the first row as data.

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"

	"github.com/onecontact/webaddress/internal/table"
)

// A dialect is how a delimited input was written: with a byte order mark,
// with CRLF line ends. CSV and TSV output are written the same way, unless
// --bom or --crlf say otherwise.
type dialect struct {
	bom, crlf bool
}

// A sniffed input is what the start of a delimited input says.
type sniffed struct {
	dialect
	line     string // the first line, decoded, without its line end and byte order mark
	workbook bool   // the input is a zip file, as a .xlsx workbook is
}

// sniff peeks at the first line of br (up to its size, 64 KiB), decoded
// with enc (nil: UTF-8, or UTF-16 when it starts with its byte order
// mark). It waits for no more than the first line (a pipe may be slow).
func sniff(br *bufio.Reader, enc encoding.Encoding) sniffed {
	var b []byte
	for {
		_, err := br.Peek(br.Buffered() + 1) // one more read
		b, _ = br.Peek(br.Buffered())
		if err != nil || bytes.IndexByte(b, '\n') >= 0 || br.Buffered() == br.Size() {
			break
		}
	}
	var s sniffed
	if bytes.HasPrefix(b, []byte("PK\x03\x04")) {
		s.workbook = true
		return s
	}
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		s.bom = true
		if enc == nil {
			b = b[3:]
		}
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}), bytes.HasPrefix(b, []byte{0xFE, 0xFF}):
		s.bom = true
		if enc == nil {
			enc = unicode.UTF16(unicode.LittleEndian, unicode.UseBOM)
		}
	}
	if enc != nil {
		d := unicode.BOMOverride(enc.NewDecoder())
		out := make([]byte, 4*len(b)+16)
		n, _, _ := d.Transform(out, b, false) // a partial line is enough
		b = out[:n]
	}
	line, _, found := bytes.Cut(b, []byte{'\n'})
	if found && bytes.HasSuffix(line, []byte{'\r'}) {
		s.crlf = true
		line = line[:len(line)-1]
	}
	s.line = string(line)
	return s
}

// delimiterName returns d as --delimiter takes it: "tab", or the byte quoted.
func delimiterName(d byte) string {
	if d == '\t' {
		return "tab"
	}
	return "'" + string(d) + "'"
}

// findColumn returns the index of the column --column names in names: a
// name (exactly, else ignoring case), else a number from 1; with
// noHeader, only a number. line is the header row as read, and d its
// delimiter, for the hint when the column is not found.
func findColumn(names []string, column string, noHeader bool, line string, d byte) (int, error) {
	n, isNum := table.ColumnNumber(column)
	if noHeader {
		if !isNum || n > len(names) {
			return -1, fmt.Errorf("--column %q: with --no-header, want a column number from 1 to %d", column, len(names))
		}
		return n - 1, nil
	}
	i, err := table.Header{Names: names}.Find(column)
	if err == nil {
		return i, nil
	}
	if isNum && n <= len(names) {
		return n - 1, nil
	}
	if isNum {
		return -1, fmt.Errorf("--column %d: the header row has %s (%s)", n, plural(len(names), "column"), strings.Join(names, ", "))
	}
	if w, fields := table.WidestDelimiter(line); line != "" && w != d && fields > len(names) {
		return -1, fmt.Errorf("--column: %w: is its delimiter %s? say --delimiter %s", err, delimiterName(w), delimiterName(w))
	}
	return -1, fmt.Errorf("--column: %w", err)
}

// numberedNames returns the names of n columns of a table without a
// header row: "1", "2", ...
func numberedNames(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = strconv.Itoa(i + 1)
	}
	return names
}

// outputDialect returns how CSV and TSV output are written: as the input
// was (in), unless --bom or --crlf say.
func (cfg *config) outputDialect(in dialect) dialect {
	d := in
	if cfg.BOM != "" {
		d.bom = cfg.BOM == "true"
	}
	if cfg.CRLF != "" {
		d.crlf = cfg.CRLF == "true"
	}
	return d
}

// A triState is a flag that is true, false or not given (""): --bom,
// --bom=false.
type triState struct{ v *string }

func (t triState) String() string { return *t.v }
func (t triState) Type() string   { return "bool" }
func (t triState) IsBoolFlag() bool {
	return true
}

func (t triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return fmt.Errorf("want true or false")
	}
	*t.v = strconv.FormatBool(b)
	return nil
}
