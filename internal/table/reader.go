// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package table reads the tables the webaddress command-line tool and its
// Beam pipeline take (CSV, TSV and other delimited text, or one value per
// line) by one set of rules, and defines the records they share besides
// the library's (a dead letter, a dedupe group).
//
// # The rules
//
// A delimited file is read by RFC 4180, strictly, with any one-byte
// delimiter: TSV is CSV with a tab (the same quoting, both ways), as
// spreadsheets read and write it. Lines end in LF or CRLF; a line break
// inside a quoted field is kept as it is (CRLF stays CRLF). The first record
// is the header; every record after it must have as many fields.
//
// A malformed record is never merged into another: a quote inside an
// unquoted field, text after a closing quote, a quote never closed, or the
// wrong number of fields is a [Fault] naming the line the record starts on.
// The reader then starts again on the next line, so that a stray quote
// costs one line, not the rest of the file: every line of the input is in
// exactly one of the header, a record read, a fault, or a blank line.
//
// A blank line is skipped (and counted) unless the header has one field,
// where it is a record of one empty value, as in the lines format, where
// each line is a value and nothing is special. Bytes are kept as they are:
// a value that is not UTF-8 is for the step that reads it to reject
// (webaddress.Parse fails it with web.invalid-utf8). A UTF-8 byte order
// mark at the start is dropped; a UTF-16 one switches to UTF-16; other
// encodings are decoded when named ([LookupEncoding]).
package table

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/onecontact/webaddress"
)

// DefaultMaxRecord is the most bytes a record may span: a quote left open
// makes the rest of the file one field, which the reader gives up on here.
const DefaultMaxRecord = 4 << 20

// Options say how to read a table.
type Options struct {
	// Delimiter separates the fields of a record: ',' (CSV), '\t' (TSV),
	// ';', '|'. Zero reads lines: each line is a value; no header, no
	// quoting.
	Delimiter byte
	// Encoding decodes the input to UTF-8; nil keeps its bytes as they
	// are (UTF-8, or UTF-16 when it starts with its byte order mark).
	Encoding encoding.Encoding
	// MaxRecord is the most bytes a record may span; zero means
	// DefaultMaxRecord.
	MaxRecord int
}

// A Record is a record read.
type Record struct {
	Line   int      // the line it starts on, from 1
	Lines  int      // the number of lines it spans
	Fields []string // its fields; one for the lines format
}

// The codes of faults.
const (
	CodeBareQuote      webaddress.Code = "record.bare-quote"       // a quote inside an unquoted field
	CodeTextAfterQuote webaddress.Code = "record.text-after-quote" // a closing quote followed by text
	CodeUnclosedQuote  webaddress.Code = "record.unclosed-quote"   // a quote still open at the end of the input
	CodeFieldCount     webaddress.Code = "record.field-count"      // not as many fields as the header
	CodeTooLong        webaddress.Code = "record.too-long"         // a quoted field spanning more than MaxRecord bytes
)

// A Fault is a malformed record: the line it starts on, that line's text
// (without its line end), and what is wrong. The reader goes on from the
// next line.
type Fault struct {
	Line   int
	Raw    string
	Reason string
	code   webaddress.Code
}

// Code returns the fault's code, such as [CodeBareQuote].
func (f *Fault) Code() webaddress.Code { return f.code }

// Error returns a message such as `record.bare-quote: line 11: a quote
// inside unquoted field 2 (byte 14)`.
func (f *Fault) Error() string {
	return string(f.code) + ": line " + strconv.Itoa(f.Line) + ": " + f.Reason
}

// A Reader reads records from a table.
type Reader struct {
	br      *bufio.Reader
	pending []byte // lines to read again before br's: those after a fault's first line
	poff    int    // how much of pending was read
	fromBR  bool   // a line of the record being read, after its first, came from br
	delim   byte
	max     int
	line    int // the number of the last line read
	fields  int // the header's number of fields; 0 before the header
	blank   int // blank lines skipped

	raw  []byte // the record being read, as read
	buf  []byte // its fields' bytes
	ends []int  // the end of each field in buf
	long []byte // a line longer than br's buffer
}

// NewReader returns a reader of r.
func NewReader(r io.Reader, o Options) *Reader {
	if o.Encoding != nil {
		r = transform.NewReader(r, unicode.BOMOverride(o.Encoding.NewDecoder()))
	}
	br := bufio.NewReaderSize(r, 64<<10)
	if o.Encoding == nil {
		if b, _ := br.Peek(2); len(b) == 2 && (b[0] == 0xFF && b[1] == 0xFE || b[0] == 0xFE && b[1] == 0xFF) {
			br = bufio.NewReaderSize(transform.NewReader(br, unicode.BOMOverride(encoding.Nop.NewDecoder())), 64<<10)
		}
	}
	if b, err := br.Peek(3); err == nil && string(b) == "\uFEFF" {
		br.Discard(3)
	}
	max := o.MaxRecord
	if max <= 0 {
		max = DefaultMaxRecord
	}
	return &Reader{br: br, delim: o.Delimiter, max: max}
}

// LookupEncoding returns the encoding called name, by the WHATWG Encoding
// Standard's labels as browsers read them ("latin1" and "iso-8859-1" are
// windows-1252 there; "utf-16" is UTF-16LE unless a byte order mark says
// otherwise), or nil for UTF-8, whose bytes are kept as they are.
func LookupEncoding(name string) (encoding.Encoding, error) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "", "utf-8", "utf8":
		return nil, nil
	}
	e, err := htmlindex.Get(name)
	if err != nil {
		return nil, fmt.Errorf("unknown encoding %q: want a label of the Encoding Standard, such as latin1, windows-1252, iso-8859-15, utf-16, utf-16be, shift_jis", name)
	}
	return e, nil
}

// Line returns the number of the last line read.
func (r *Reader) Line() int { return r.line }

// Blank returns the number of blank lines skipped.
func (r *Reader) Blank() int { return r.blank }

// Header reads the header row of a delimited table: the first record that
// is not a blank line. Every record after it must have as many fields. A
// fault in it is an error; io.EOF means the input is empty.
func (r *Reader) Header() ([]string, error) {
	if r.delim == 0 {
		return nil, errors.New("table: the lines format has no header")
	}
	rec, err := r.read()
	if err != nil {
		return nil, err
	}
	r.fields = len(rec.Fields)
	return rec.Fields, nil
}

// Read returns the next record, or a *[Fault] for a malformed one (read on
// after it), or io.EOF at the end, or another error from the input.
func (r *Reader) Read() (Record, error) {
	if r.delim == 0 {
		return r.readValue()
	}
	return r.read()
}

// nextLine returns the next line with its line end ("\n"), or without one
// at the end of the input; io.EOF when there is no more.
func (r *Reader) nextLine() ([]byte, error) {
	if p := r.pending[r.poff:]; len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			i = len(p) - 1
		}
		r.poff += i + 1
		r.line++
		return p[:i+1], nil
	}
	r.fromBR = true
	line, err := r.br.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		r.long = append(r.long[:0], line...)
		for errors.Is(err, bufio.ErrBufferFull) {
			line, err = r.br.ReadSlice('\n')
			r.long = append(r.long, line...)
		}
		line = r.long
	}
	if len(line) == 0 {
		if err == nil || errors.Is(err, io.EOF) {
			return nil, io.EOF
		}
		return nil, err
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	r.line++
	return line, nil
}

// readValue reads a line as one value, without its line end.
func (r *Reader) readValue() (Record, error) {
	line, err := r.nextLine()
	if err != nil {
		return Record{}, err
	}
	return Record{Line: r.line, Lines: 1, Fields: []string{string(trimEOL(line))}}, nil
}

// fieldCount returns "1 field" or "n fields".
func fieldCount(n int) string {
	if n == 1 {
		return "1 field"
	}
	return strconv.Itoa(n) + " fields"
}

// trimEOL returns line without its "\n" or "\r\n".
func trimEOL(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line = line[:n-1]
		}
	}
	return line
}

// read reads a delimited record.
func (r *Reader) read() (Record, error) {
	var line []byte
	var err error
	for {
		line, err = r.nextLine()
		if err != nil {
			return Record{}, err
		}
		if len(trimEOL(line)) > 0 || r.fields == 1 {
			break
		}
		r.blank++ // a blank line
	}
	start := r.line
	r.fromBR = false
	r.raw = append(r.raw[:0], line...)
	r.buf, r.ends = r.buf[:0], r.ends[:0]
	quoted := false // inside a quoted field, which goes on on the next line
	for {
		var fault *Fault
		var done bool
		quoted, done, fault = r.parseLine(line, quoted, start)
		if fault != nil {
			return Record{}, r.reject(fault, start)
		}
		if done {
			break
		}
		// A quoted field goes on: read its next line.
		if len(r.raw) > r.max {
			return Record{}, r.reject(&Fault{Reason: fmt.Sprintf("field %d opens a quote not closed within %d bytes", len(r.ends)+1, r.max), code: CodeTooLong}, start)
		}
		line, err = r.nextLine()
		if errors.Is(err, io.EOF) {
			return Record{}, r.reject(&Fault{Reason: fmt.Sprintf("field %d opens a quote that is never closed", len(r.ends)+1), code: CodeUnclosedQuote}, start)
		}
		if err != nil {
			return Record{}, err
		}
		r.raw = append(r.raw, line...)
	}
	if r.fields > 0 && len(r.ends) != r.fields {
		return Record{}, r.reject(&Fault{Reason: fmt.Sprintf("%s, want %d as in the header", fieldCount(len(r.ends)), r.fields), code: CodeFieldCount}, start)
	}
	s := string(r.buf)
	fields := make([]string, len(r.ends))
	prev := 0
	for i, end := range r.ends {
		fields[i] = s[prev:end]
		prev = end
	}
	return Record{Line: start, Lines: r.line - start + 1, Fields: fields}, nil
}

// parseLine parses line, a line of the record that starts on line start,
// from the start of a field or, when quoted, inside a quoted field. It
// reports whether the record ends with it, or a fault.
func (r *Reader) parseLine(line []byte, quoted bool, start int) (stillQuoted, done bool, fault *Fault) {
	i := 0
	for {
		if !quoted {
			if i < len(line) && line[i] == '"' {
				quoted = true
				i++
				continue
			}
			// An unquoted field: up to the delimiter or the line end.
			j := i
			for j < len(line) && line[j] != r.delim && line[j] != '\n' {
				j++
			}
			field := line[i:j]
			atDelim := j < len(line) && line[j] == r.delim
			if !atDelim {
				field = trimEOL(line[i:])
			}
			if q := bytes.IndexByte(field, '"'); q >= 0 {
				return false, false, &Fault{Reason: fmt.Sprintf("a quote inside unquoted field %d (%s)", len(r.ends)+1, r.where(start, i+q)), code: CodeBareQuote}
			}
			r.buf = append(r.buf, field...)
			r.ends = append(r.ends, len(r.buf))
			if atDelim {
				i = j + 1
				continue
			}
			return false, true, nil
		}
		// Inside a quoted field: up to a quote, or on to the next line.
		k := bytes.IndexByte(line[i:], '"')
		if k < 0 {
			r.buf = append(r.buf, line[i:]...)
			return true, false, nil
		}
		r.buf = append(r.buf, line[i:i+k]...)
		i += k + 1
		if i < len(line) && line[i] == '"' { // a doubled quote
			r.buf = append(r.buf, '"')
			i++
			continue
		}
		quoted = false
		r.ends = append(r.ends, len(r.buf))
		rest := line[i:]
		switch {
		case len(rest) > 0 && rest[0] == r.delim:
			i++
			if i == len(line) { // the delimiter ends the input: an empty field
				r.ends = append(r.ends, len(r.buf))
				return false, true, nil
			}
		case len(trimEOL(rest)) == 0:
			return false, true, nil
		default:
			return false, false, &Fault{Reason: fmt.Sprintf("text after the closing quote of field %d (%s)", len(r.ends), r.where(start, i)), code: CodeTextAfterQuote}
		}
	}
}

// where describes byte at of the line being parsed, in the record that
// starts on line start.
func (r *Reader) where(start, at int) string {
	if r.line == start {
		return "byte " + strconv.Itoa(at)
	}
	return "line " + strconv.Itoa(r.line) + ", byte " + strconv.Itoa(at)
}

// reject returns f for the record being read, which starts on line start,
// and rejects that line: the lines read after it are read again.
func (r *Reader) reject(f *Fault, start int) *Fault {
	first := bytes.IndexByte(r.raw, '\n') + 1
	if first == 0 {
		first = len(r.raw)
	}
	f.Line = start
	f.Raw = string(trimEOL(r.raw[:first]))
	if rest := r.raw[first:]; len(rest) > 0 {
		if r.fromBR {
			// pending was read through before br was: rest is all there is.
			r.pending, r.poff = append(r.pending[:0], rest...), 0
		} else {
			r.poff -= len(rest) // rest came from pending, just before poff
		}
	}
	r.line = start
	return f
}
