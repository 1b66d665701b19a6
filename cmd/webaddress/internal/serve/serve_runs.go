// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package serve

// This file is the list cleaner's side of the server: the commands and
// their options as the tool defines them, a file's header and first rows,
// and runs: a file streamed in through the tool's own command (the same
// code, flags and records as on the command line) and its output streamed
// out as a download, holding no more than the command does.

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/onecontact/webaddress/cmd/webaddress/internal/tool"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/table"
)

// commandInfo is a command the list cleaner offers, as the tool defines
// it: its options (its own flags) and its output columns.
type commandInfo struct {
	Name     string             `json:"name"`
	Short    string             `json:"short"`
	Words    string             `json:"words"` // what it does for a list, in plain words (the tool's table)
	Flags    []flagInfo         `json:"flags"`
	Columns  []string           `json:"columns"`
	Defaults []string           `json:"defaults,omitempty"` // nil: all the columns
	Alt      map[string]columns `json:"alt,omitempty"`      // the columns when a boolean flag is set
	Several  bool               `json:"several,omitempty"`  // it reads several columns, tried in order
}

// columns are a command's output columns, and those it prints without
// --fields (nil: all).
type columns struct {
	Columns  []string `json:"columns"`
	Defaults []string `json:"defaults,omitempty"`
}

// flagInfo is one option of a command.
type flagInfo struct {
	Name    string   `json:"name"`
	Usage   string   `json:"usage"`
	Type    string   `json:"type"` // "bool"; "list", a file's text (tool.File); or another type, a text field
	Default string   `json:"default"`
	Values  []string `json:"values,omitempty"` // the values it takes, when a list
	// Label and Help are its plain words, and ValueWords those of the
	// values the page shows by their words: the tool's table's.
	Label      string            `json:"label"`
	Help       string            `json:"help"`
	ValueWords map[string]string `json:"valueWords,omitempty"`
}

// listFormats are the output formats the list cleaner offers.
var listFormats = []string{"csv", "tsv", "jsonl"}

// commandInfos returns the commands of the tool's table, with their
// options by name.
func commandInfos() []commandInfo {
	var out []commandInfo
	for _, c := range tool.Commands() {
		ci := commandInfo{Name: c.Name, Short: c.Short, Words: c.Words(), Columns: c.Columns.All, Defaults: c.Columns.Defaults, Several: c.ReadsSeveralColumns()}
		opts := slices.Clone(c.Options)
		slices.SortFunc(opts, func(a, b tool.Option) int { return strings.Compare(a.Name, b.Name) })
		for _, o := range opts {
			w, _ := o.Words() // every option has them (the tool's TestWords)
			fi := flagInfo{Name: o.Name, Usage: o.Usage, Type: o.Type(), Default: o.Default, Values: o.Values, Label: w.Label, Help: w.Help, ValueWords: o.ValueWords()}
			if o.Kind == tool.File {
				fi.Type = "list" // its text, typed or uploaded: never a path
			}
			ci.Flags = append(ci.Flags, fi)
			if alt, ok := c.Alt[o.Name]; ok {
				if ci.Alt == nil {
					ci.Alt = map[string]columns{}
				}
				ci.Alt[o.Name] = columns{alt.All, alt.Defaults}
			}
		}
		out = append(out, ci)
	}
	return out
}

// commandsAPI answers the commands, the formats and the encodings.
func (s *server) commandsAPI(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, map[string]any{"commands": commandInfos(), "formats": listFormats, "encodings": tool.Encodings})
}

// A runRequest is what the page asks to run: a command of the tool with
// its options, on a table's column.
type runRequest struct {
	Command   string            `json:"command"`
	Column    string            `json:"column"`
	Delimiter string            `json:"delimiter"` // one byte; "\t" for TSV; "" for ','
	Encoding  string            `json:"encoding"`
	Format    string            `json:"format"` // csv, tsv or jsonl
	Fields    []string          `json:"fields"` // the output columns; none: the command's
	Flags     map[string]string `json:"flags"`  // the command's own flags, by name
	Name      string            `json:"name"`   // the file's name: a .xlsx one is read as a workbook
	Lists     map[string]string `json:"lists"`  // the text of the options that read a file (aliases, platforms, keep-apart), by name
	// BOM is "true" to start a CSV or TSV output with a byte order mark
	// (for Excel), "false" for none; "": as the input has one (--bom).
	BOM string `json:"bom,omitempty"`
}

// decodeRun reads a run's options from their JSON, raw, and makes its
// call; it answers 400 and returns false when either fails.
func decodeRun(w http.ResponseWriter, raw []byte) (runRequest, tool.Call, bool) {
	var q runRequest
	if err := json.Unmarshal(raw, &q); err != nil {
		httpError(w, http.StatusBadRequest, "the run's options: "+err.Error())
		return q, tool.Call{}, false
	}
	c, err := q.call()
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return q, tool.Call{}, false
	}
	return q, c, true
}

// call returns the call of the tool that runs q, or what is wrong with
// q. The page runs only the commands of the tool's table, with their
// options, and always rejects malformed records instead of stopping
// (--on-bad-record skip).
func (q runRequest) call() (tool.Call, error) {
	cmd, ok := tool.Lookup(q.Command)
	if !ok {
		return tool.Call{}, fmt.Errorf("no command %q: want one of %s", q.Command, strings.Join(commandNames(), ", "))
	}
	if q.Column == "" {
		return tool.Call{}, errors.New("no column: name the column of addresses")
	}
	format := q.Format
	if format == "" {
		format = "csv"
	}
	if !slices.Contains(listFormats, format) {
		return tool.Call{}, fmt.Errorf("format %q: want one of %s", format, strings.Join(listFormats, ", "))
	}
	f := tool.Flags{Column: q.Column, Format: format, OnBadRecord: "skip", Quiet: true, Fields: strings.Join(q.Fields, ",")}
	// The delimiter the page showed the file's start with, said: the
	// tool would otherwise find one itself from the header row.
	switch {
	case tool.IsWorkbook(q.Name):
		f.Input = "xlsx" // its first sheet, as the tool reads a .xlsx file named
	case q.Delimiter == "" || q.Delimiter == ",":
		f.Input, f.Delimiter = "csv", ","
	case q.Delimiter == "\t":
		f.Input = "tsv"
	default:
		f.Input, f.Delimiter = "csv", q.Delimiter
	}
	if !tool.IsWorkbook(q.Name) {
		f.Encoding = q.Encoding
	}
	switch q.BOM {
	case "", "true", "false":
		f.BOM = q.BOM
	default:
		return tool.Call{}, fmt.Errorf("bom %q: want true, false or none", q.BOM)
	}
	c := tool.Call{Command: cmd, Options: cmd.NewValues(), Flags: f}
	if err := q.setLists(&c); err != nil {
		return tool.Call{}, err
	}
	names := slices.Sorted(maps.Keys(q.Flags))
	for _, n := range names {
		v := q.Flags[n]
		o, ok := cmd.Option(n)
		if !ok {
			var known []string
			for _, o := range cmd.Options {
				known = append(known, o.Name)
			}
			slices.Sort(known)
			return tool.Call{}, fmt.Errorf("%s has no option %q: want some of %s", q.Command, n, strings.Join(known, ", "))
		}
		if o.Values != nil && !slices.Contains(o.Values, v) {
			return tool.Call{}, fmt.Errorf("%s --%s %q: want one of %s", q.Command, n, v, strings.Join(o.Values, ", "))
		}
		if v == o.Default || o.Kind == tool.File {
			continue
		}
		if err := c.Options.Set(n, v); err != nil {
			return tool.Call{}, fmt.Errorf("%s --%s %q: %v", q.Command, n, v, err)
		}
	}
	return c, nil
}

// commandNames returns the names of the commands the page offers.
func commandNames() []string {
	var names []string
	for _, c := range tool.Commands() {
		names = append(names, c.Name)
	}
	return names
}

// execute runs c on stdin, writing to stdout and the rejected records to
// rejects, followed by w; it returns the tool's messages (standard error)
// and its error. A workbook is read all in memory, up to --max-unzip
// unzipped, and only its first maxRows rows when maxRows is not 0. The
// lists of the File options are c's texts (Hooks.Lists): no file is
// opened.
func (s *server) execute(c tool.Call, stdin io.Reader, stdout, rejects io.Writer, w *tool.Watch, maxRows int) (string, error) {
	var msgs capBuffer
	msgs.limit = 64 << 10
	c.Flags.Jobs = s.jobs
	c.Stdin, c.Stdout, c.Stderr = stdin, stdout, &msgs
	lists := c.Hooks.Lists
	if lists == nil {
		lists = map[string]string{} // no file is ever opened
	}
	c.Hooks = tool.Hooks{Rejects: rejects, Watch: w, SheetMemory: s.opts.maxUnzip, MaxRows: maxRows, NoTempFile: true, Lists: lists}
	err := tool.Run(c)
	return strings.TrimSpace(msgs.String()), err
}

// A capBuffer keeps the first limit bytes written to it and counts the
// rest.
type capBuffer struct {
	mu      sync.Mutex
	limit   int
	buf     bytes.Buffer
	dropped int64
}

// Write keeps what fits under the limit, counts the rest, and never fails.
func (c *capBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	room := max(c.limit-c.buf.Len(), 0)
	if len(p) > room {
		c.dropped += int64(len(p) - room)
		c.buf.Write(p[:room])
		return len(p), nil
	}
	return c.buf.Write(p)
}

// String returns what was kept.
func (c *capBuffer) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.buf.String()
}

// Bytes returns a copy of what was kept, and how many bytes were not.
func (c *capBuffer) Bytes() ([]byte, int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return bytes.Clone(c.buf.Bytes()), c.dropped
}

// A sample is a file's first rows, as the tool reads them.
type sample struct {
	Delimiter string     `json:"delimiter"`
	Header    []string   `json:"header"`
	Rows      [][]string `json:"rows"`
	Column    string     `json:"column"` // the column guessed to hold the addresses, if any
	Notes     []string   `json:"notes,omitempty"`
}

// sampleRows is how many rows a sample and a preview show.
const sampleRows = 12

// previewRows is how many rows of its output a preview shows: all the
// groups of a file's start, as a rule.
const previewRows = 500

// workbookPreviewRows is how many rows of a workbook's sheet a preview
// runs on: the page sends the whole workbook (a zip file cannot be cut),
// and previews the first rows, as it does a CSV file's first 64 KiB.
const workbookPreviewRows = 1000

// sampleAPI answers the header and first rows of the file whose start is
// the body, read as the tool reads it: with the query's delimiter, else
// one guessed from the file's name and first line.
func (s *server) sampleAPI(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	q := r.URL.Query()
	if isZip(body) || tool.IsWorkbook(q.Get("name")) {
		if isZip(body) != tool.IsWorkbook(q.Get("name")) {
			httpError(w, http.StatusUnprocessableEntity, notWorkbook(tool.IsWorkbook(q.Get("name"))))
			return
		}
		s.sampleWorkbook(w, body)
		return
	}
	d := q.Get("delimiter")
	if d == "" {
		d = string(guessDelimiter(q.Get("name"), body))
	}
	// The file's column is not known yet: the checks of a table whose
	// column is the first.
	o, err := table.InputOptions{Format: "csv", Column: "1", Delimiter: d, Encoding: q.Get("encoding"), FormatFlag: "--input"}.Check()
	if err != nil {
		httpError(w, http.StatusBadRequest, err.Error())
		return
	}
	o.NoTempFile = true
	smp := sample{Delimiter: d}
	tr := table.NewReader(bytes.NewReader(body), o)
	names, err := tr.Header()
	if err != nil {
		httpError(w, http.StatusUnprocessableEntity, "the file's header row: "+err.Error())
		return
	}
	h := table.NewHeader(names)
	smp.Header = h.Names
	smp.Notes = append(smp.Notes, h.Renamed...)
	smp.Column = guessColumn(h.Names)
	for len(smp.Rows) < sampleRows {
		rec, err := tr.Read()
		if err == io.EOF {
			break
		}
		var f *table.Fault
		if errors.As(err, &f) && f.Code() == table.CodeUnclosedQuote && q.Get("partial") != "" {
			break // a quoted value cut where the page cut the file's start
		}
		if err != nil {
			smp.Notes = append(smp.Notes, err.Error())
			continue
		}
		smp.Rows = append(smp.Rows, slices.Clone(rec.Fields))
	}
	writeJSON(w, smp)
}

// sampleWorkbook answers the header and first rows of the first sheet of
// the workbook body, read as the tool reads it, all in memory.
func (s *server) sampleWorkbook(w http.ResponseWriter, body []byte) {
	sh, err := tool.SampleSheet(bytes.NewReader(body), s.opts.maxUnzip, sampleRows)
	if err != nil {
		httpError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	writeJSON(w, sample{Header: sh.Header, Column: guessColumn(sh.Header), Notes: sh.Notes, Rows: sh.Rows})
}

// guessDelimiter returns the delimiter of a file called name that starts
// with b: a tab for .tsv and .tab, else the one the tool guesses from its
// first line when the column is not known (table.GuessDelimiter).
func guessDelimiter(name string, b []byte) byte {
	switch strings.ToLower(path.Ext(name)) {
	case ".tsv", ".tab":
		return '\t'
	}
	line, _, _ := bytes.Cut(b, []byte{'\n'})
	return table.GuessDelimiter(string(bytes.TrimSuffix(line, []byte{'\r'})), "", false)
}

// columnHints are words of a header name that hold website addresses, the
// best first.
var columnHints = []string{"website", "url", "homepage", "domain", "web", "site", "link"}

// guessColumn returns the header name most like a column of websites: by
// columnHints, a name that is the word (ignoring case, spaces, '-' and
// '_') before one that contains it; "" when none is.
func guessColumn(names []string) string {
	norm := func(s string) string {
		return strings.NewReplacer(" ", "", "_", "", "-", "", ".", "").Replace(strings.ToLower(strings.TrimSpace(s)))
	}
	for _, exact := range []bool{true, false} {
		for _, hint := range columnHints {
			for _, n := range names {
				m := norm(n)
				if exact && m == hint || !exact && strings.Contains(m, hint) && !strings.Contains(m, "email") {
					return n
				}
			}
		}
	}
	return ""
}

// A preview is a run on a file's first rows: its output's first rows (for
// csv and tsv, as cells; for jsonl, each line one cell), and its result.
type preview struct {
	Header   []string    `json:"header"`
	Rows     [][]string  `json:"rows"`  // the first previewRows
	Total    int         `json:"total"` // rows of the output
	Result   tool.Result `json:"result"`
	Messages string      `json:"messages,omitempty"`
}

// previewAPI runs the query's run (the JSON of a runRequest in "run", or
// the body's first "runlen" bytes) on the body, a file's start, and
// answers its preview.
func (s *server) previewAPI(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	// The run's options: the body's first runlen bytes, else the query's.
	raw := []byte(r.URL.Query().Get("run"))
	if n := runPrefix(r); n > 0 {
		if n > len(body) {
			httpError(w, http.StatusBadRequest, fmt.Sprintf("runlen %d: the body has %d bytes", n, len(body)))
			return
		}
		raw, body = body[:n], body[n:]
	}
	q, c, ok := decodeRun(w, raw)
	if !ok {
		return
	}
	if isZip(body) != tool.IsWorkbook(q.Name) {
		httpError(w, http.StatusUnprocessableEntity, notWorkbook(tool.IsWorkbook(q.Name)))
		return
	}
	var out capBuffer
	out.limit = 4 << 20
	var wt tool.Watch
	maxRows := 0
	if tool.IsWorkbook(q.Name) {
		maxRows = workbookPreviewRows // the whole workbook is the body
	}
	msgs, err := s.execute(c, bytes.NewReader(body), &out, io.Discard, &wt, maxRows)
	if err != nil {
		httpError(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	p := preview{Messages: msgs}
	p.Result, _ = wt.Snapshot()
	text := out.String()
	switch q.Format {
	case "jsonl":
		p.Header = []string{"JSON"}
		for line := range strings.Lines(text) {
			if p.Total++; len(p.Rows) < previewRows {
				p.Rows = append(p.Rows, []string{strings.TrimSuffix(line, "\n")})
			}
		}
	default:
		d := byte(',')
		switch {
		case q.Format == "tsv":
			d = '\t'
		case q.Delimiter != "" && q.Delimiter != "\t":
			d = q.Delimiter[0]
		}
		tr := table.NewReader(strings.NewReader(text), table.Options{Delimiter: d})
		p.Header, _ = tr.Header()
		for {
			rec, err := tr.Read()
			if err != nil {
				break
			}
			if p.Total++; len(p.Rows) < previewRows {
				p.Rows = append(p.Rows, slices.Clone(rec.Fields))
			}
		}
	}
	writeJSON(w, p)
}

// A fileRun is a file run through the tool: created by the page, its input
// uploaded into the command's standard input while its output is
// downloaded from the command's standard output, both streamed.
type fileRun struct {
	id      string
	owner   string // the token of the browser that created it (ownerCookie)
	call    tool.Call
	format  string
	name    string // the download's
	created time.Time

	inR, outR *io.PipeReader
	inW, outW *io.PipeWriter
	watch     tool.Watch
	rejects   capBuffer

	bytesIn, bytesOut atomic.Int64
	uploading         atomic.Bool
	downloading       atomic.Bool

	done     chan struct{}
	mu       sync.Mutex
	abortErr error // why the run was stopped, if it was
	err      error // the command's error, once done
	messages string
	ended    time.Time
	timer    *time.Timer
}

// maxRejects is how many bytes of a run's rejected records are kept for
// their download.
const maxRejects = 16 << 20

// createRun starts a run of the request's body, a runRequest, and answers
// its id.
func (s *server) createRun(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r)
	if !ok {
		return
	}
	q, c, ok := decodeRun(w, body)
	if !ok {
		return
	}
	var idb [16]byte
	rand.Read(idb[:])
	ru := &fileRun{id: hex.EncodeToString(idb[:]), owner: owner(w, r), call: c, format: q.Format, created: time.Now(), done: make(chan struct{})}
	if ru.format == "" {
		ru.format = "csv"
	}
	base := strings.TrimSuffix(path.Base(strings.ReplaceAll(q.Name, `\`, "/")), path.Ext(q.Name))
	if base == "" || base == "." || base == "/" {
		base = "addresses"
	}
	ru.name = base + "-" + q.Command + "." + ru.format
	ru.rejects.limit = maxRejects
	ru.inR, ru.inW = io.Pipe()
	ru.outR, ru.outW = io.Pipe()

	s.mu.Lock()
	s.sweep()
	active := 0
	for _, o := range s.runs {
		if o.endedAt().IsZero() {
			active++
		}
	}
	if active >= maxRuns {
		s.mu.Unlock()
		httpError(w, http.StatusServiceUnavailable, fmt.Sprintf("%d runs are going already, the most at once: wait for one to end, or cancel one", maxRuns))
		return
	}
	release := func() {}
	if tool.IsWorkbook(q.Name) {
		// A workbook is unzipped in memory: a few at once.
		select {
		case s.workbooks <- struct{}{}:
			release = func() { <-s.workbooks }
		default:
			s.mu.Unlock()
			httpError(w, http.StatusServiceUnavailable, fmt.Sprintf("%d workbooks are being run already, the most at once: wait for one to end, or cancel one", workbookRuns))
			return
		}
	}
	s.runs[ru.id] = ru
	wait := s.uploadWait
	s.mu.Unlock()
	ru.dropUnsent(wait)

	ru.timer = time.AfterFunc(s.opts.timeout, func() {
		ru.abort(fmt.Errorf("the run took longer than %v, the limit (serve --timeout)", s.opts.timeout))
	})
	go func() {
		defer release()
		msgs, err := s.execute(ru.call, ru.inR, writerFunc(func(p []byte) (int, error) {
			n, err := ru.outW.Write(p)
			ru.bytesOut.Add(int64(n))
			return n, err
		}), &ru.rejects, &ru.watch, 0)
		ru.timer.Stop()
		ru.mu.Lock()
		if ru.abortErr != nil {
			err = ru.abortErr
		}
		ru.err, ru.messages, ru.ended = err, msgs, time.Now()
		ru.mu.Unlock()
		ru.outW.CloseWithError(err) // nil: the download ends well
		ru.inR.CloseWithError(errRunEnded)
		close(ru.done)
		s.sweepLater()
	}()
	writeJSON(w, map[string]string{"id": ru.id, "name": ru.name})
}

// errRunEnded is what an upload's writes get once its run has ended.
var errRunEnded = errors.New("the run has ended")

// A writerFunc is a function as an io.Writer.
type writerFunc func([]byte) (int, error)

// Write calls f.
func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// endedAt returns when the run ended, or zero while it goes on: the run's
// goroutine writes it under ru.mu.
func (ru *fileRun) endedAt() time.Time {
	ru.mu.Lock()
	defer ru.mu.Unlock()
	return ru.ended
}

// abort stops the run for err: its input ends in err and its output
// cannot be written.
func (ru *fileRun) abort(err error) {
	ru.mu.Lock()
	if ru.abortErr == nil && ru.ended.IsZero() {
		ru.abortErr = err
	}
	ru.mu.Unlock()
	ru.inW.CloseWithError(err)
	ru.outR.CloseWithError(err)
}

// cancelRuns stops every run, when the server stops.
func (s *server) cancelRuns() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ru := range s.runs {
		ru.abort(errors.New("the server stopped"))
	}
}

// lookup returns the run of the request's id, or answers 404.
func (s *server) lookup(w http.ResponseWriter, r *http.Request) *fileRun {
	s.mu.Lock()
	ru := s.runs[r.PathValue("id")]
	s.mu.Unlock()
	if ru != nil && ru.owner != ownerOf(r) {
		ru = nil // another browser's: as if there were none
	}
	if ru == nil {
		httpError(w, http.StatusNotFound, "no run "+r.PathValue("id")+": it ended more than "+keepRuns.String()+" ago, or the server restarted")
	}
	return ru
}

// runInput streams the request's body, the file, into the run, and
// answers the run's status when it has ended.
func (s *server) runInput(w http.ResponseWriter, r *http.Request) {
	ru := s.lookup(w, r)
	if ru == nil {
		return
	}
	if !ru.uploading.CompareAndSwap(false, true) {
		httpError(w, http.StatusConflict, "this run's file was uploaded already: start another run")
		return
	}
	readDeadline(w, s.opts.timeout)
	limit := s.opts.maxUpload
	tooLarge := func() {
		err := fmt.Errorf("the file is larger than %s, the limit (serve --max-upload)", tool.SizeText(limit))
		ru.abort(err)
		httpError(w, http.StatusRequestEntityTooLarge, err.Error())
	}
	if r.ContentLength > limit {
		tooLarge()
		return
	}
	body := http.MaxBytesReader(w, r.Body, limit)
	_, err := io.Copy(writerFunc(func(p []byte) (int, error) {
		n, err := ru.inW.Write(p)
		ru.bytesIn.Add(int64(n))
		return n, err
	}), body)
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &mbe):
		tooLarge()
		return
	case err == nil:
		ru.inW.Close()
	case errors.Is(err, errRunEnded):
		// The command stopped reading: its error says why.
	default:
		ru.abort(fmt.Errorf("the upload stopped: %v", err))
	}
	select {
	case <-ru.done:
	case <-r.Context().Done():
		ru.abort(errors.New("the page stopped waiting for the run"))
		return
	}
	st := ru.status()
	if st.Error != "" {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusUnprocessableEntity)
		json.NewEncoder(w).Encode(st)
		return
	}
	writeJSON(w, st)
}

// runOutput streams the run's output as a download.
func (s *server) runOutput(w http.ResponseWriter, r *http.Request) {
	ru := s.lookup(w, r)
	if ru == nil {
		return
	}
	if !ru.downloading.CompareAndSwap(false, true) {
		httpError(w, http.StatusConflict, "this run's output was downloaded already: start another run")
		return
	}
	buf := make([]byte, 32<<10)
	n, rerr := io.ReadAtLeast(ru.outR, buf, 1)
	if n == 0 {
		<-ru.done
		if st := ru.status(); st.Error != "" {
			httpError(w, http.StatusUnprocessableEntity, "the run failed: "+st.Error)
			return
		}
	}
	h := w.Header()
	h.Set("Content-Type", map[string]string{"csv": "text/csv; charset=utf-8", "tsv": "text/tab-separated-values; charset=utf-8"}[ru.format])
	if ru.format == "jsonl" {
		h.Set("Content-Type", "application/jsonl; charset=utf-8")
	}
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": ru.name}))
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if _, err := w.Write(buf[:n]); err != nil {
		ru.abort(errors.New("the download stopped"))
		return
	}
	if rerr != nil {
		return
	}
	for {
		n, err := ru.outR.Read(buf)
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				// The browser went away: the run stops.
				ru.abort(errors.New("the download stopped"))
				return
			}
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			// The run failed: break the response, so that the browser
			// shows the download failed rather than a file cut short.
			panic(http.ErrAbortHandler)
		}
	}
}

// runStatus is what the page polls: the run's progress, then its result.
type runStatus struct {
	ID       string       `json:"id"`
	State    string       `json:"state"` // "running", "done" or "failed"
	Rows     int64        `json:"rows"`
	Failed   int64        `json:"failed"`
	BytesIn  int64        `json:"bytes_in"`
	BytesOut int64        `json:"bytes_out"`
	Result   *tool.Result `json:"result,omitempty"`
	Error    string       `json:"error,omitempty"`
	Messages string       `json:"messages,omitempty"`
	// RejectsDropped counts the bytes of rejected records over the
	// maxRejects kept for their download.
	RejectsDropped int64    `json:"rejects_dropped,omitempty"`
	Args           []string `json:"args"` // the tool's command line for the same output
}

// status returns the run's progress, and once it has ended its result.
func (ru *fileRun) status() runStatus {
	rows, failed := ru.watch.Progress()
	st := runStatus{ID: ru.id, State: "running", Rows: rows, Failed: failed,
		BytesIn: ru.bytesIn.Load(), BytesOut: ru.bytesOut.Load(), Args: ru.call.CommandLine()}
	ru.mu.Lock()
	defer ru.mu.Unlock()
	if ru.ended.IsZero() {
		return st
	}
	st.State, st.Messages = "done", ru.messages
	if res, ok := ru.watch.Snapshot(); ok {
		st.Result = &res
	}
	if ru.err != nil {
		st.State, st.Error = "failed", ru.err.Error()
	}
	_, st.RejectsDropped = ru.rejects.Bytes()
	return st
}

// runStatus answers the status of the run of the request's id.
func (s *server) runStatus(w http.ResponseWriter, r *http.Request) {
	if ru := s.lookup(w, r); ru != nil {
		writeJSON(w, ru.status())
	}
}

// runRejects answers the run's rejected rows as a download: a table in
// the input's format (CSV, or TSV for TSV; a workbook's as CSV with a
// byte order mark, for Excel), a row of each with its line (the row as a
// spreadsheet numbers it, the header row 1), what is wrong in words, the
// text as read and the tool's message; with ?format=jsonl, the tool's own
// records (--rejects).
func (s *server) runRejects(w http.ResponseWriter, r *http.Request) {
	ru := s.lookup(w, r)
	if ru == nil {
		return
	}
	select {
	case <-ru.done:
	default:
		httpError(w, http.StatusConflict, "the run has not ended: its rejected records are not all known yet")
		return
	}
	b, _ := ru.rejects.Bytes()
	base := strings.TrimSuffix(ru.name, path.Ext(ru.name)) + "-rejected"
	h := w.Header()
	if r.URL.Query().Get("format") == "jsonl" {
		h.Set("Content-Type", "application/jsonl; charset=utf-8")
		h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": base + ".jsonl"}))
		w.Write(b)
		return
	}
	f := ru.call.Flags
	delim, ext, ctype := byte(','), ".csv", "text/csv; charset=utf-8"
	switch {
	case f.Input == "tsv":
		delim, ext, ctype = '\t', ".tsv", "text/tab-separated-values; charset=utf-8"
	case f.Input == "csv" && f.Delimiter != "":
		delim = f.Delimiter[0]
	}
	out, err := rejectsTable(b, delim, f.Input == "xlsx" || f.BOM == "true")
	if err != nil {
		httpError(w, http.StatusInternalServerError, "the rejected rows: "+err.Error())
		return
	}
	h.Set("Content-Type", ctype)
	h.Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": base + ext}))
	w.Write(out)
}

// A reject is a rejected record, as the tool writes it (--rejects).
type reject struct {
	Input string `json:"input"`
	Code  string `json:"error_code"`
	Error string `json:"error"`
	Line  int    `json:"line"`
}

// rejectsHeader is the header of the table of rejected rows.
var rejectsHeader = []string{"row", "problem", "text", "details"}

// rejectsTable returns the rejected records of jsonl (the tool's
// --rejects) as a table delimited by delim, a row of each, after a byte
// order mark with bom.
func rejectsTable(jsonl []byte, delim byte, bom bool) ([]byte, error) {
	var out []byte
	if bom {
		out = append(out, "\uFEFF"...)
	}
	out = record.AppendLine(out, delim, rejectsHeader)
	for line := range bytes.Lines(jsonl) {
		var x reject
		if err := json.Unmarshal(line, &x); err != nil {
			return nil, err
		}
		words, ok := codeWords[x.Code]
		if !ok {
			words = "a row the tool could not read"
		}
		out = record.AppendLine(out, delim, []string{strconv.Itoa(x.Line), "It has " + words + ".", x.Input, x.Error})
	}
	return out, nil
}

// cancelRun stops a run.
func (s *server) cancelRun(w http.ResponseWriter, r *http.Request) {
	if ru := s.lookup(w, r); ru != nil {
		ru.abort(errors.New("cancelled on the page"))
		writeJSON(w, map[string]string{"id": ru.id})
	}
}
