// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package table reads the tables the webaddress command-line tool and its
// Beam pipeline take (CSV, TSV and other delimited text, or one value per
// line) by one set of rules. It only reads: the records they write are
// package records's, encoded by package record.
//
// # The rules
//
// A delimited file is read by RFC 4180, strictly, with any one-byte
// delimiter: TSV is CSV with a tab (the same quoting, both ways), as
// spreadsheets read and write it. Lines end in LF, CRLF or CR alone (as
// Python's csv module and spreadsheets read them); a line break inside a
// quoted field is kept as it is (CRLF stays CRLF). The first record is the
// header; every record after it must have as many fields.
//
// A record runs from its first line to the line end that is not inside a
// quoted field: a quote at the start of a field opens it, up to the next
// quote not doubled; any other quote is text. A malformed record is never
// merged into another: a quote inside an unquoted field, text after a
// closing quote or the wrong number of fields is a [Fault] naming the
// line the record starts on and the lines it spans, and reading goes on
// after its last line, so that no record is made from inside a quoted
// field. A quoted field that runs over lines for more than MaxRecord bytes
// (4 MiB by default) is given up on: its record, up to where its quote
// closes, is one fault (CodeTooLong), read through without being kept.
//
// A quote never closed, up to the end of the input, has no end to go by:
// that fault costs its first line only (CodeUnclosedQuote), and reading
// goes on at the next line, whatever its size, so that a stray quote does
// not take the rest of the file with it (its message says that the rows
// after it may be its text, when the file was cut off inside a value).
// The lines after the first are read again from memory when they are
// within MaxRecord bytes; beyond, from the input sought back when it is an
// io.Seeker (decoded again from where it started, when it is decoded), or
// else from a temporary file they were copied to as they were read (its
// name removed at once, the file closed at the end). With
// Options.NoTempFile and an input that cannot seek, such a quote is a
// fault with the rest of the input, and says so. So every line of the
// input is in exactly one of the header, a record read, a fault, or a
// blank line.
//
// A blank line is skipped (and counted) unless the header has one field,
// where it is a record of one empty value, as in the lines format, where
// each line is a value and nothing is special. Bytes are kept as they are:
// a value that is not UTF-8 is for the step that reads it to reject
// (webaddress.Parse fails it with web.invalid-utf8). A UTF-8 byte order
// mark at the start is dropped; a UTF-16 one switches to UTF-16; other
// encodings are decoded when named ([LookupEncoding]), and UTF-16 without
// a byte order mark only then (else it is an [*EncodingError]). A byte
// that the encoding cannot decode is kept as it is, not made U+FFFD, so
// that the value holding it is not UTF-8 and fails as such.
package table

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unsafe"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/onecontact/webaddress"
)

// DefaultMaxRecord is the most bytes a record may span: a quoted field
// running on further is given up on (the reader does not keep it).
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
	// NoTempFile keeps the reader from writing a temporary file (webaddress
	// serve promises that nothing is written to disk). A quote never
	// closed that runs over MaxRecord bytes to the end of an input that
	// cannot seek is then one fault with the rest of the input, which is
	// not read again (see the package doc).
	NoTempFile bool
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
	CodeTooLong        webaddress.Code = "record.too-long"         // a quoted field running over lines for more than MaxRecord bytes
)

// A Fault is a malformed record: the line it starts on, how many lines it
// spans, the text of its first line (without its line end), and what is
// wrong. The reader goes on after it: after all its lines, or, for a quote
// never closed (CodeUnclosedQuote), after its first line.
type Fault struct {
	Line   int    // the line it starts on, from 1
	Lines  int    // the number of lines it spans, rejected with it
	Raw    string // the text of its first line
	Reason string
	code   webaddress.Code
}

// Code returns the fault's code, such as [CodeBareQuote].
func (f *Fault) Code() webaddress.Code { return f.code }

// Error returns a message such as `record.bare-quote: line 11: a quote
// inside unquoted field 2 (byte 14)`, or "lines 11 to 14" for a record of
// several lines.
func (f *Fault) Error() string {
	if f.Lines > 1 {
		return string(f.code) + ": lines " + strconv.Itoa(f.Line) + " to " + strconv.Itoa(f.Line+f.Lines-1) + ": " + f.Reason
	}
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
	line    int   // the number of the last line read
	fields  int   // the header's number of fields; 0 before the header
	blank   int   // blank lines skipped
	err     error // what every read returns, when the input cannot be read

	// Where br reads from, to read lines again after a quote never closed
	// that ran over max bytes: the input, or a temporary file (spool).
	in      io.Reader
	seek    io.Seeker         // in, when it can seek; nil otherwise
	base    int64             // where in was when br started reading it
	enc     encoding.Encoding // the encoding in is decoded from; nil for none
	decoded bool              // br's bytes are in's decoded (by enc, or from UTF-16)
	skip    int64             // the bytes of a byte order mark dropped from in's start
	pos     int64             // the bytes taken from br since then
	noTemp  bool              // Options.NoTempFile
	spool   *spool            // the temporary file br reads, if any

	mark       int64 // where the second line of the record being read starts: in br (pos), or in pending
	markInPend bool  // mark is in pending

	rec  []byte // the record being read, as read: a line read, or raw
	raw  []byte // the lines of a record of several, as read
	buf  []byte // its fields' bytes
	ends []int  // the end of each field in buf
	long []byte // a line longer than br's buffer
}

// NewReader returns a reader of r. When r is an io.Seeker, the reader may
// seek it back to read lines again (see the package doc); otherwise it
// keeps them in a temporary file, unless o.NoTempFile.
func NewReader(r io.Reader, o Options) *Reader {
	max := o.MaxRecord
	if max <= 0 {
		max = DefaultMaxRecord
	}
	t := &Reader{delim: o.Delimiter, max: max, in: r, enc: o.Encoding, noTemp: o.NoTempFile}
	if s, ok := r.(io.Seeker); ok {
		if base, err := s.Seek(0, io.SeekCurrent); err == nil {
			t.seek, t.base = s, base
		}
	}
	t.err = t.open()
	return t
}

// open starts br reading in from where it is: decoded from enc, or from
// UTF-16 after its byte order mark, with a UTF-8 byte order mark dropped.
// It returns an *EncodingError for UTF-16 without a byte order mark.
func (r *Reader) open() error {
	in := r.in
	r.decoded = r.enc != nil
	if r.enc != nil {
		in = transform.NewReader(in, newKeepingDecoder(r.enc))
	}
	br := bufio.NewReaderSize(in, 64<<10)
	var err error
	if r.enc == nil {
		b, _ := br.Peek(512)
		switch {
		case len(b) >= 2 && (b[0] == 0xFF && b[1] == 0xFE || b[0] == 0xFE && b[1] == 0xFF):
			br = bufio.NewReaderSize(transform.NewReader(br, newKeepingDecoder(encoding.Nop)), 64<<10)
			r.decoded = true
		case sniffUTF16(b) != "":
			err = &EncodingError{Encoding: sniffUTF16(b)}
		}
	}
	r.skip = 0
	if b, err := br.Peek(3); err == nil && string(b) == "\uFEFF" {
		br.Discard(3)
		r.skip = 3
	}
	r.br, r.pos = br, 0
	return err
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
	switch e {
	case encoding.Replacement:
		// The Encoding Standard's labels of encodings browsers refuse
		// (iso-2022-kr, hz-gb-2312, ...) and "replacement" itself: it
		// decodes any input to one U+FFFD.
		return nil, fmt.Errorf("encoding %q cannot be read: the Encoding Standard decodes it to a single U+FFFD, whatever the input", name)
	case unicode.UTF8:
		return nil, nil // another label of UTF-8: bytes kept as they are
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

// lineEnd returns the length of the first line of b with its line end: a
// line ends in "\n", "\r\n" or a "\r" alone, as in Python's csv module
// and in spreadsheets. It reports false, with the length of what is
// surely of the first line, when b holds no whole line: no line end, or a
// "\r" last that a "\n" may follow, unless atEOF says nothing follows.
func lineEnd(b []byte, atEOF bool) (int, bool) {
	n := bytes.IndexByte(b, '\n')
	lim := n
	if n < 0 {
		lim = len(b)
	}
	if cr := bytes.IndexByte(b[:lim], '\r'); cr >= 0 {
		switch {
		case cr+1 < len(b) && b[cr+1] == '\n':
			return cr + 2, true
		case cr+1 < len(b) || atEOF:
			return cr + 1, true
		}
		return cr, false
	}
	if n < 0 {
		return len(b), false
	}
	return n + 1, true
}

// piece returns the next piece of the line being read: the rest of the
// line with its line end (end true), or a part of it; io.EOF when there is
// no more input. It is valid until the next call.
func (r *Reader) piece() (p []byte, end bool, err error) {
	if p := r.pending[r.poff:]; len(p) > 0 {
		// pending holds whole lines and then, the input's end.
		n, _ := lineEnd(p, true)
		r.poff += n
		return p[:n], true, nil
	}
	r.fromBR = true
	if _, err := r.br.Peek(1); err != nil {
		return nil, false, err
	}
	b, _ := r.br.Peek(r.br.Buffered())
	n, end := lineEnd(b, false)
	if n == 0 { // a "\r" alone in the buffer: is a "\n" next?
		b, err = r.br.Peek(2)
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, false, err
		}
		n, end = lineEnd(b, true)
	}
	r.br.Discard(n)
	r.pos += int64(n)
	return b[:n], end, nil
}

// nextLine returns the next line with its line end, or without one at the
// end of the input; io.EOF when there is no more. It is valid until the
// next call.
func (r *Reader) nextLine() ([]byte, error) {
	p, end, err := r.firstPiece()
	if err != nil || end {
		return p, err
	}
	// A line longer than what is buffered: gather its pieces, then put
	// them together once, in a buffer of its size.
	chunks, n, err := r.gather(p)
	if err != nil {
		return nil, err
	}
	r.long = slices.Grow(r.long[:0], n)
	for _, c := range chunks {
		r.long = append(r.long, c...)
	}
	return r.long, nil
}

// firstPiece returns the first piece of the next line (the line whole when
// end), counting the line; io.EOF when there is no more.
func (r *Reader) firstPiece() ([]byte, bool, error) {
	if r.err != nil {
		return nil, false, r.err
	}
	p, end, err := r.piece()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, false, io.EOF
		}
		return nil, false, err
	}
	r.line++
	return p, end, nil
}

// gather returns the pieces of a line that does not fit in what is
// buffered, from its first, p, and their length.
func (r *Reader) gather(p []byte) (chunks [][]byte, n int, err error) {
	chunks = [][]byte{bytes.Clone(p)}
	n = len(p)
	for end := false; !end; {
		if p, end, err = r.piece(); errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, 0, err
		}
		chunks = append(chunks, bytes.Clone(p))
		n += len(p)
	}
	return chunks, n, nil
}

// keepBuf is the largest buffer the reader keeps to use again.
const keepBuf = 1 << 20

// release lets go of the buffers of a huge record once it is read, so
// that one long line does not hold its size for the rest of the run.
func (r *Reader) release() {
	if cap(r.long) > keepBuf {
		r.long = nil
	}
	if cap(r.raw) > keepBuf {
		r.raw = nil
	}
	r.rec = nil
	if cap(r.buf) > keepBuf {
		r.buf = nil
	}
}

// readValue reads a line as one value, without its line end.
func (r *Reader) readValue() (Record, error) {
	p, end, err := r.firstPiece()
	if err != nil {
		return Record{}, err
	}
	if end {
		return Record{Line: r.line, Lines: 1, Fields: []string{string(trimEOL(p))}}, nil
	}
	// A long line: its value is put together once, from its pieces.
	chunks, n, err := r.gather(p)
	if err != nil {
		return Record{}, err
	}
	last := chunks[len(chunks)-1]
	eol := len(last) - len(trimEOL(last))
	var b strings.Builder
	b.Grow(n - eol)
	for i, c := range chunks {
		if i == len(chunks)-1 {
			c = trimEOL(c)
		}
		b.Write(c)
	}
	return Record{Line: r.line, Lines: 1, Fields: []string{b.String()}}, nil
}

// fieldCount returns "1 field" or "n fields".
func fieldCount(n int) string {
	if n == 1 {
		return "1 field"
	}
	return strconv.Itoa(n) + " fields"
}

// trimEOL returns line without its line end: "\n", "\r\n" or "\r".
func trimEOL(line []byte) []byte {
	n := len(line)
	if n > 0 && line[n-1] == '\n' {
		n--
	}
	if n > 0 && line[n-1] == '\r' {
		n--
	}
	return line[:n]
}

// read reads a delimited record. It first finds where the record ends, by
// RFC 4180's quoting (a quote that opens a field quotes up to the quote
// that closes it, line ends included; any other quote is text), then
// reads its fields strictly. A malformed record is one fault however many
// lines it spans, and reading goes on after it: only a quote still open
// at the end of the input, which has no end to go by, costs its first
// line alone, the lines after it read again.
func (r *Reader) read() (Record, error) {
	var line []byte
	var err error
	for {
		line, err = r.nextLine()
		if err != nil {
			if errors.Is(err, io.EOF) {
				r.spool.close() // no line is read again after the end
				r.spool = nil
			}
			return Record{}, err
		}
		if len(trimEOL(line)) > 0 || r.fields == 1 {
			break
		}
		r.blank++ // a blank line
	}
	start := r.line
	r.fromBR = false
	sc := scanner{delim: r.delim}
	sc.feed(trimEOL(line))
	r.rec = line // a record of one line is read where it is
	if !sc.eol() {
		// Where the lines after the first start, to read them again if
		// the quote is never closed.
		r.mark, r.markInPend = r.pos, r.poff < len(r.pending)
		if r.markInPend {
			r.mark = int64(r.poff)
		}
		r.raw = append(r.raw[:0], line...)
		for {
			r.rec = r.raw
			// A quoted field goes on: read its next line.
			line, err = r.nextLine()
			if errors.Is(err, io.EOF) {
				return Record{}, r.reject(unclosed(sc.fields+1), start)
			}
			if err != nil {
				return Record{}, err
			}
			if len(r.raw) > r.max {
				return Record{}, r.skipLong(start, &sc, line)
			}
			r.raw = append(r.raw, line...)
			sc.feed(trimEOL(line))
			if sc.eol() {
				break
			}
		}
		r.rec = r.raw
	}
	defer r.release()
	r.buf, r.ends = r.buf[:0], r.ends[:0]
	huge := len(r.rec) > keepBuf
	if huge {
		// Its fields' bytes, at most its own, in a buffer of that size
		// (not grown by appending, each step a copy), which becomes
		// their string below.
		r.buf = make([]byte, 0, len(r.rec))
	}
	quoted := false // inside a quoted field, which goes on on the next line
	rest := r.rec
	for ln := start; len(rest) > 0; ln++ {
		n, _ := lineEnd(rest, true)
		var fault *Fault
		var done bool
		quoted, done, fault = r.parseLine(rest[:n], quoted, start, ln)
		if fault != nil {
			return Record{}, r.rejectAll(fault, start)
		}
		if done {
			break
		}
		rest = rest[n:]
	}
	if r.fields > 0 && len(r.ends) != r.fields {
		return Record{}, r.rejectAll(&Fault{Reason: fmt.Sprintf("%s, want %d as in the header", fieldCount(len(r.ends)), r.fields), code: CodeFieldCount}, start)
	}
	var s string
	if huge {
		// The buffer is handed over, not copied, and never written
		// again: the reader lets go of it, and of the record's text,
		// first.
		s = unsafe.String(unsafe.SliceData(r.buf), len(r.buf))
		r.buf = nil
		r.release()
	} else {
		s = string(r.buf)
	}
	fields := make([]string, len(r.ends))
	prev := 0
	for i, end := range r.ends {
		fields[i] = s[prev:end]
		prev = end
	}
	return Record{Line: start, Lines: r.line - start + 1, Fields: fields}, nil
}

// A scanner follows a record's quoting to find where it ends, as RFC 4180
// and Python's csv module read it: a quote at the start of a field opens
// it, up to a quote not doubled; any other quote is text.
type scanner struct {
	delim  byte
	state  uint8
	fields int // the fields ended so far
}

// The states of a scanner.
const (
	scanStart  = iota // at the start of a field
	scanField         // in an unquoted field
	scanQuoted        // in a quoted field
	scanQuote         // just after a quote in a quoted field: closing, or the first of two
)

// feed follows b, a line's text without its line end.
func (s *scanner) feed(b []byte) {
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch s.state {
		case scanStart:
			switch c {
			case '"':
				s.state = scanQuoted
			case s.delim:
				s.fields++
			default:
				s.state = scanField
			}
		case scanField:
			if c == s.delim {
				s.fields++
				s.state = scanStart
			}
		case scanQuoted:
			j := bytes.IndexByte(b[i:], '"')
			if j < 0 {
				return
			}
			i += j
			s.state = scanQuote
		case scanQuote:
			switch c {
			case '"':
				s.state = scanQuoted
			case s.delim:
				s.fields++
				s.state = scanStart
			default:
				s.state = scanField
			}
		}
	}
}

// eol follows a line end, and reports whether it ends the record.
func (s *scanner) eol() bool {
	if s.state == scanQuoted {
		return false
	}
	s.state = scanStart
	return true
}

// unclosed returns the fault of a quote that opens field n and is never
// closed, which costs its first line only.
func unclosed(n int) *Fault {
	return &Fault{Reason: fmt.Sprintf("field %d opens a quote that is never closed: the record ends with this line, and the next line starts the next"+
		" (if the input was cut off inside a value of several lines, the rows after it may be that value's text)", n), code: CodeUnclosedQuote}
}

// skipLong reads on to the end of the record that starts on line start, a
// quoted field of which has run over r.max bytes before line, without
// keeping it in memory, and returns its fault: the record is one reject,
// whole. When the quote is never closed, its first line is the fault, as
// for a shorter record, and the lines after it are read again: from
// pending, from the input sought back, or from a temporary file they were
// copied to on the way. Without any of them (Options.NoTempFile), the rest
// of the input is rejected with it.
func (r *Reader) skipLong(start int, sc *scanner, line []byte) error {
	size := len(r.raw) + len(line)
	raw, first := r.firstLine()
	var sp *spool
	var lost string // why the lines after the first cannot be read again
	if !r.markInPend && r.seek == nil {
		if r.noTemp {
			lost = "the input cannot be read again without a temporary file"
		} else {
			var err error
			if sp, err = newSpool(); err != nil {
				lost = fmt.Sprintf("no temporary file to read it again from (%v)", err)
			} else {
				sp.w.Write(r.raw[first:])
				sp.w.Write(line)
			}
		}
	}
	r.raw, r.rec = nil, nil
	sc.feed(trimEOL(line))
	ended := sc.eol()
	var err error
	for !ended {
		if line, err = r.nextLine(); err != nil {
			break
		}
		size += len(line)
		if sp != nil {
			sp.w.Write(line) // an error is kept, and returned by Flush
		}
		sc.feed(trimEOL(line))
		ended = sc.eol()
	}
	r.release()
	if ended || !errors.Is(err, io.EOF) {
		sp.close()
		if !ended {
			return err
		}
		return &Fault{Line: start, Lines: r.line - start + 1, Raw: raw, code: CodeTooLong,
			Reason: fmt.Sprintf("field %d opens a quote not closed within %d bytes, the limit of a record: its %d bytes are rejected as one record", sc.fields+1, r.max, size)}
	}
	// The quote is never closed: read the lines after the first again.
	if sp != nil {
		if err := sp.w.Flush(); err != nil {
			sp.close()
			lost = fmt.Sprintf("the temporary file to read it again from could not be written (%v)", err)
		} else {
			r.readSpool(sp)
		}
	}
	if lost != "" {
		return &Fault{Line: start, Lines: r.line - start + 1, Raw: raw, code: CodeUnclosedQuote,
			Reason: fmt.Sprintf("field %d opens a quote that is never closed, over more than %d bytes (the limit of a record), and %s: the rest of the input is rejected with it", sc.fields+1, r.max, lost)}
	}
	if err := r.rewind(); err != nil {
		return err
	}
	f := unclosed(sc.fields + 1)
	f.Line, f.Lines, f.Raw = start, 1, raw
	r.line = start
	return f
}

// rewind goes back to r.mark, where the second line of the record being
// read starts, to read its lines again: in pending, or in br, whose input
// is sought back (to the start when it is decoded, whose bytes are not
// br's, and decoded again up to the mark).
func (r *Reader) rewind() error {
	if r.markInPend {
		r.poff = int(r.mark)
		return nil
	}
	r.pending, r.poff = r.pending[:0], 0
	if !r.decoded {
		if _, err := r.seek.Seek(r.base+r.skip+r.mark, io.SeekStart); err != nil {
			return fmt.Errorf("reading the input again after a quote never closed: %w", err)
		}
		r.br.Reset(r.in)
		r.pos = r.mark
		return nil
	}
	if _, err := r.seek.Seek(r.base, io.SeekStart); err != nil {
		return fmt.Errorf("reading the input again after a quote never closed: %w", err)
	}
	r.open()
	if _, err := r.br.Discard(int(r.mark)); err != nil {
		return fmt.Errorf("reading the input again after a quote never closed: %w", err)
	}
	r.pos = r.mark
	return nil
}

// readSpool makes br read sp from its start, the lines after the first of
// a quote never closed, and then nothing: the input has ended.
func (r *Reader) readSpool(sp *spool) {
	r.spool.close()
	r.spool = sp
	r.in, r.seek, r.base, r.enc, r.decoded, r.skip = sp.f, sp.f, 0, nil, false, 0
	r.mark, r.markInPend = 0, false
}

// A spool is a temporary file that keeps the lines of an input after the
// first of a quote never closed, when the input cannot seek, to read them
// again. Its name is removed at once where an open file can be removed,
// else when it is closed.
type spool struct {
	f    *os.File
	w    *bufio.Writer
	name string // to remove when closed; "" when removed
}

// newSpool creates a spool in the directory for temporary files.
func newSpool() (*spool, error) {
	f, err := os.CreateTemp("", "webaddress-lines-*")
	if err != nil {
		return nil, err
	}
	sp := &spool{f: f, w: bufio.NewWriterSize(f, 64<<10), name: f.Name()}
	if os.Remove(sp.name) == nil {
		sp.name = ""
	}
	return sp, nil
}

// close closes sp, when not nil, and removes it.
func (sp *spool) close() {
	if sp == nil {
		return
	}
	sp.f.Close()
	if sp.name != "" {
		os.Remove(sp.name)
	}
}

// parseLine parses line, line ln of the record that starts on line start,
// from the start of a field or, when quoted, inside a quoted field. It
// reports whether the record ends with it, or a fault.
func (r *Reader) parseLine(line []byte, quoted bool, start, ln int) (stillQuoted, done bool, fault *Fault) {
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
			for j < len(line) && line[j] != r.delim && line[j] != '\n' && line[j] != '\r' {
				j++
			}
			field := line[i:j]
			atDelim := j < len(line) && line[j] == r.delim
			if q := bytes.IndexByte(field, '"'); q >= 0 {
				return false, false, &Fault{Reason: fmt.Sprintf("a quote inside unquoted field %d (%s)", len(r.ends)+1, where(start, ln, i+q)), code: CodeBareQuote}
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
			return false, false, &Fault{Reason: fmt.Sprintf("text after the closing quote of field %d (%s)", len(r.ends), where(start, ln, i)), code: CodeTextAfterQuote}
		}
	}
}

// where describes byte at of line ln, in the record that starts on line
// start.
func where(start, ln, at int) string {
	if ln == start {
		return "byte " + strconv.Itoa(at)
	}
	return "line " + strconv.Itoa(ln) + ", byte " + strconv.Itoa(at)
}

// firstLine returns the text of the first line of the record being read,
// without its line end, and the length of that line with it.
func (r *Reader) firstLine() (string, int) {
	n, _ := lineEnd(r.rec, true)
	return string(trimEOL(r.rec[:n])), n
}

// rejectAll returns f for the record being read, which starts on line
// start and ends on the last line read: all its lines are rejected.
func (r *Reader) rejectAll(f *Fault, start int) *Fault {
	f.Line, f.Lines = start, r.line-start+1
	f.Raw, _ = r.firstLine()
	r.release()
	return f
}

// reject returns f for the record being read, which starts on line start,
// and rejects that line only: the lines read after it are read again.
func (r *Reader) reject(f *Fault, start int) *Fault {
	var first int
	f.Line, f.Lines = start, 1
	f.Raw, first = r.firstLine()
	if rest := r.rec[first:]; len(rest) > 0 {
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
