// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file runs a command on the records of an input in parallel, the
// workers both computing and encoding the rows, and hands the batches on
// in input order, holding a bounded number of records at a time.

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/table"
)

// batchSize is how many records a worker takes at a time.
const batchSize = 256

// outBufs are the buffers of the batches' rows, used again once written:
// a run writes about as many bytes as it reads, or more, which would
// otherwise be garbage batch by batch (and the collector's work, more than
// half of what a run allocates, limits what a second worker adds).
var outBufs = sync.Pool{New: func() any { return new([]byte) }}

// getBuf returns an empty buffer from outBufs.
func getBuf() []byte { return (*outBufs.Get().(*[]byte))[:0] }

// putBuf gives b back to outBufs.
func putBuf(b []byte) {
	if cap(b) <= 1<<20 { // a batch of huge rows is not kept
		b = b[:0]
		outBufs.Put(&b)
	}
}

// A slicePool keeps slices of T to use again, batch after batch, up to
// maxSlice items; get's slices have at least minCap of room.
type slicePool[T any] struct {
	pool   sync.Pool // of *[]T
	minCap int
}

// maxSlice is the most items of a slice a slicePool keeps: a batch of
// cells of many addresses (--split) is not kept.
const maxSlice = 4 * batchSize

// get returns an empty slice.
func (p *slicePool[T]) get() []T {
	if s, ok := p.pool.Get().(*[]T); ok {
		return *s
	}
	return make([]T, 0, p.minCap)
}

// put gives s back, cleared, so that it holds on to nothing.
func (p *slicePool[T]) put(s []T) {
	if cap(s) <= maxSlice {
		clear(s)
		s = s[:0]
		p.pool.Put(&s)
	}
}

// A batch is a run of records and, once done is closed, what the worker
// made of them.
type batch[T any] struct {
	recs   []table.Record
	faults []*table.Fault // the malformed records read among them (--on-bad-record skip)

	vals  []T          // the values computed, when kept
	ends  []int        // the end of each record's values in vals, when kept
	out   []byte       // the rows encoded
	huge  []hugeRow[T] // the huge rows, written at emit where they stand in out
	tally              // what its values came to
	blank int          // the blank lines skipped before the batch was read through
	done  chan struct{}
}

// maxJobs is the most workers a run has, whatever --jobs says: more only
// read more of the input ahead.
const maxJobs = 64

// evaluate reads in, runs work on each batch on jobs goroutines (at most
// maxJobs), and calls emit with each batch in input order. At most
// 2*jobs+1 batches are read ahead. A malformed record is put in its
// batch's faults with skip, and otherwise ends the reading: evaluate
// returns it after emitting the batches before. On an interruption
// (SIGINT, SIGTERM) it stops reading, emits the batches read, and returns
// an *interruptedError. It returns the first error of the input (other
// than io.EOF) or of emit.
func evaluate[T any](in *input, jobs int, skip bool, work func(*batch[T]), emit func(*batch[T]) error) error {
	jobs = min(max(jobs, 1), maxJobs)
	workq := make(chan *batch[T])
	ordered := make(chan *batch[T], 2*jobs)
	stop := make(chan struct{})
	defer close(stop)
	intr := in.intr.Done()
	var readErr error
	go func() {
		defer close(workq)
		defer close(ordered)
		for {
			b, err := readBatch[T](in, skip, intr)
			if !errors.Is(err, io.EOF) {
				readErr = err
			}
			if len(b.recs) > 0 || len(b.faults) > 0 {
				select {
				case ordered <- b:
				case <-stop:
					return
				}
				select {
				case workq <- b:
				case <-stop:
					return
				}
			}
			if err != nil {
				return
			}
		}
	}()
	for range jobs {
		go func() {
			for b := range workq {
				work(b)
				close(b.done)
			}
		}()
	}
	emitOne := func(b *batch[T]) error {
		<-b.done
		in.blank = b.blank
		return emit(b)
	}
	for {
		select {
		case b, ok := <-ordered:
			if !ok {
				if isInterrupted(intr) {
					return in.intr.err()
				}
				return readErr // the reader's write happens before it closes ordered
			}
			if err := emitOne(b); err != nil {
				return err
			}
		case <-intr:
			// The reader may be waiting for input that does not come:
			// emit the batches it has handed on, and stop.
			for {
				select {
				case b, ok := <-ordered:
					if !ok {
						return in.intr.err()
					}
					if err := emitOne(b); err != nil {
						return err
					}
				default:
					return in.intr.err()
				}
			}
		}
	}
}

// hugeRecord is the size of a record from which the garbage collector
// runs at GOGC 100, not main's 300: what a command makes of such a record
// (its copies, a row growing) is garbage of its size many times over.
const hugeRecord = 16 << 20

// readBatch reads the next batch of in: up to batchSize records, and
// with skip the malformed records among them, until the input's error
// (io.EOF at its end) or intr, which ends it as io.EOF does.
func readBatch[T any](in *input, skip bool, intr <-chan struct{}) (*batch[T], error) {
	b := &batch[T]{done: make(chan struct{})}
	var err error
	for len(b.recs) < batchSize {
		select {
		case <-intr:
			err = io.EOF // stop reading: the batch so far is the last
		default:
			var r table.Record
			r, err = in.next()
			var f *table.Fault
			if skip && errors.As(err, &f) {
				b.faults = append(b.faults, f)
				err = nil
				continue
			}
			if err == nil {
				b.recs = append(b.recs, r)
				noteHuge(r)
				continue
			}
		}
		break
	}
	b.blank = in.skipped()
	return b, err
}

// noteHuge lowers the garbage collector's target once a record of
// hugeRecord bytes is read, unless GOGC is set.
func noteHuge(r table.Record) {
	if hugeSeen.Load() {
		return
	}
	if isHuge(r.Fields) && !hugeSeen.Swap(true) && os.Getenv("GOGC") == "" {
		debug.SetGCPercent(100)
	}
}

// hugeSeen says that a huge record was read.
var hugeSeen atomic.Bool

// isInterrupted reports whether intr is closed.
func isInterrupted(intr <-chan struct{}) bool {
	select {
	case <-intr:
		return true
	default:
		return false
	}
}

// openRows opens the input and the output of a command that prints a row
// of cols for each row of the input (after its columns, when it has a
// header): the columns --fields names, or defaults. A mistake in --fields
// is found before anything is read, unless --fields may name a column of
// the input. alone leaves the input's columns out unless --fields names
// them; lineDefault prints the column line too, first, when the input has
// no header of its own (lines, arguments).
func openRows[T any](cfg *config, args []string, s settings, format string, cols []record.Column[T], defaults []string, alone, lineDefault bool) (*input, *record.Layout[T], *output, error) {
	if _, err := layout(cfg.Fields, nil, cols, defaults); err != nil && cfg.Column == "" {
		return nil, nil, nil, err
	}
	in, err := cfg.open(args, s)
	if err != nil {
		return nil, nil, nil, err
	}
	header := in.header
	if lineDefault && header == nil {
		// Lines or arguments: each row says the line it came from.
		defaults = append([]string{"line"}, defaults...)
	}
	if alone && cfg.Fields == "" {
		header = nil
	}
	l, err := layout(cfg.Fields, header, cols, defaults)
	if err != nil {
		return nil, nil, nil, err
	}
	o, err := newOutput(format, in.delim, cfg.stdout, l.Names(), cfg.outputDialect(in.dialect))
	if err != nil {
		return nil, nil, nil, err
	}
	return in, l, o, nil
}

// runTable prints c's record for each input.
func runTable[T any](cfg *config, args []string, c command[T]) error {
	s, err := cfg.check()
	if err != nil {
		return err
	}
	format := cfg.outputFormat(c.text)
	defaults := c.defaults
	alone := format == "text" && c.textAlone // key and surt: the key alone
	if format == "text" && c.textDefaults != nil {
		defaults = c.textDefaults
	}
	if c.line != nil && defaults == nil {
		defaults = slices.DeleteFunc(record.Names(c.columns), func(n string) bool { return n == "line" })
	}
	in, l, o, err := openRows(cfg, args, s, format, c.columns, defaults, alone, c.lineDefault && !alone)
	if err != nil {
		return err
	}
	eval, err := rowEval(in, c)
	if err != nil {
		return err
	}
	enc := encoder(format, in.delim, l, cfg.outputDialect(in.dialect).crlf)
	stream := streamer(format, in.delim, l, cfg.outputDialect(in.dialect).crlf)
	var n counts
	err = evaluate(in, cfg.Jobs, s.skip, func(b *batch[T]) {
		var ok bool
		var vals []T
		b.out = getBuf()
		for i := range b.recs {
			fields := b.recs[i].Fields
			vals = eval(vals[:0], fields)
			if c.line != nil {
				for j := range vals {
					c.line(&vals[j], b.recs[i].Line)
				}
			}
			b.values(len(vals))
			for j := range vals {
				v := &vals[j]
				if c.failed(v) {
					code := ""
					if c.errOf != nil {
						code = codeOf(c.errOf(v))
					}
					b.fail(code)
				}
				if len(fields[in.col]) >= hugeRecord {
					// What was made of a huge value on the way (the
					// reader's pieces, surt's buffers) is garbage of its
					// size, which a collection running at its own pace
					// frees only after the row is made: free it first,
					// so that the row takes its room (a 200 MB line in
					// surt peaks at 4 times its size, not 5).
					runtime.GC()
				}
				if stream != nil && isHuge(fields) {
					// Written at emit a cell at a time, not whole here.
					b.huge = append(b.huge, hugeRow[T]{at: len(b.out), fields: fields, v: *v})
					continue
				}
				if b.out, ok = enc(b.out, fields, v); !ok {
					b.lossy++
				}
			}
		}
	}, func(b *batch[T]) error {
		if err := in.reject(b.faults); err != nil {
			return err
		}
		n.out += len(b.recs) - b.split + b.parts
		n.add(in, len(b.recs), len(b.recs), &b.tally)
		err := writeHuge(o, b.out, b.huge, stream)
		putBuf(b.out)
		return err
	})
	return cfg.finish(in, o, n, false, s.strict, err)
}

// rowEval returns c's eval on a row of in: of its column, or of its
// several, tried in order, when c reads several.
func rowEval[T any](in *input, c command[T]) (func(dst []T, fields []string) []T, error) {
	if len(in.cols) <= 1 {
		return func(dst []T, fields []string) []T { return c.eval(dst, fields[in.col]) }, nil
	}
	if c.evalRow == nil {
		return nil, errors.New("--column: this command reads one column; several, tried in order, are for parse, key, dedupe and match")
	}
	names := make([]string, len(in.cols))
	for i, col := range in.cols {
		names[i] = in.header[col]
	}
	return func(dst []T, fields []string) []T { return c.evalRow(dst, fields, in.cols, names) }, nil
}

// encodingHint adds to an input that looks to be in another encoding the
// flag that reads it.
func encodingHint(err error) error {
	var e *table.EncodingError
	if errors.As(err, &e) {
		return fmt.Errorf("%w (--encoding %s)", err, e.Encoding)
	}
	return err
}

// stopCounts says what a run that stopped at a malformed record read and
// wrote before it: "9 rows read and written", or, when they differ,
// "3 rows read, 2 written" (dedupe --first) or "3 rows read, in 2 groups
// written" (dedupe).
func stopCounts(n counts, dedupe bool) string {
	switch {
	case dedupe:
		return fmt.Sprintf("%s read, in %s written", plural(n.read, "row"), plural(n.groups, "group"))
	case n.read == n.written:
		return fmt.Sprintf("%s read and written", plural(n.read, "row"))
	}
	return fmt.Sprintf("%s read, %d written", plural(n.read, "row"), n.written)
}

// reject writes the rejected records faults.
func (in *input) reject(faults []*table.Fault) error {
	for _, f := range faults {
		if err := in.rejects.add(f); err != nil {
			return fmt.Errorf("writing the rejects: %w", err)
		}
	}
	return nil
}

// finish flushes the output and the rejects, ends the progress bar and
// prints the summary; it returns the run's error, or a --strict error when
// values failed or records were rejected.
func (cfg *config) finish(in *input, o *output, n counts, dedupe bool, s strictness, err error) error {
	in.progress.done()
	defer cfg.hooks.Watch.finish(in, n, dedupe)
	if in.file != nil {
		in.file.Close() // only read
	}
	if ferr := o.flush(); err == nil && ferr != nil {
		err = fmt.Errorf("writing output: %w", ferr)
	}
	if rerr := in.rejects.close(); err == nil {
		err = rerr
	}
	err = encodingHint(err)
	var f *table.Fault
	if errors.As(err, &f) {
		return fmt.Errorf("%v: %s\n(%s before it; --on-bad-record skip rejects such records and reads on)",
			f, table.Quote(f.Raw), stopCounts(n, dedupe))
	}
	var ie *interruptedError
	if errors.As(err, &ie) {
		if !cfg.Quiet {
			fmt.Fprintf(cfg.stderr, "webaddress: interrupted: %s\n", in.summary(n, dedupe))
		}
		return err
	}
	if err != nil {
		return err
	}
	if in.stdin && !cfg.Quiet {
		fmt.Fprintf(cfg.stderr, "webaddress: %s\n", in.summary(n, dedupe))
	}
	return strictError(s, in, n)
}

// strictError returns the error of --strict when values failed or records
// were rejected with the codes it names: how many, and which codes.
func strictError(s strictness, in *input, n counts) error {
	if !s.on() {
		return nil
	}
	failed, codes := n.codes.matching(s)
	var rejected int
	var rcodes string
	if in.rejects != nil {
		rejected, rcodes = in.rejects.codes.matching(s)
	}
	if failed == 0 && rejected == 0 {
		return nil
	}
	msg := fmt.Sprintf("%d of %s failed", failed, plural(n.read, "value"))
	if rejected > 0 {
		msg += fmt.Sprintf(", %s rejected", plural(rejected, "record"))
		codes = strings.TrimPrefix(codes+", "+rcodes, ", ")
	}
	flag := "--strict"
	if s.spec != strictDefault {
		flag += "=" + s.spec
	}
	return fmt.Errorf("%s (%s: %s)", msg, flag, codes)
}
