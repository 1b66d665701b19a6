// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file holds what a run tells serve's page as it goes and at its end:
// rows read, values failed by code, the summary. The command line does not
// watch its runs (config.watch is nil there, and costs nothing).

import (
	"sync"
	"sync/atomic"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/table"
)

// codes counts values failed by error code; a nil codes counts nothing
// until add makes it.
type codes map[string]int

// add counts a value that failed with code.
func (c *codes) add(code string) {
	if *c == nil {
		*c = make(codes)
	}
	(*c)[code]++
}

// failureCode returns the error code of a value that failed: its error's
// code, or for lint the name of the validation error that made it fail.
func failureCode(v any) string {
	var err error
	switch v := v.(type) {
	case *parsed:
		err = v.Err
	case *urled:
		err = v.Err
	case *webaddress.Cleaned:
		err = v.Err
	case *linted:
		for _, x := range v.vs {
			if x.Failure {
				return x.Name
			}
		}
	case *table.SURTKey:
		err = v.Err
	}
	if err == nil {
		return "(unknown)"
	}
	if code, ok := record.ErrorCode[webaddress.Code](err); ok {
		return string(code)
	}
	if code, ok := record.ErrorCode[string](err); ok {
		return code
	}
	return "(no code)"
}

// A watch follows a run for serve: the counts as it goes, and its result.
type watch struct {
	rows, failed atomic.Int64 // so far

	mu     sync.Mutex
	codes  codes
	ended  bool
	result runResult
}

// runResult is the end of a run, as the page shows it.
type runResult struct {
	Read       int            `json:"read"`       // rows read, the rejected included
	Written    int            `json:"written"`    // rows written (dedupe: inputs counted in groups)
	Rejected   int            `json:"rejected"`   // malformed records rejected
	Groups     int            `json:"groups"`     // dedupe's groups
	Duplicates int            `json:"duplicates"` // rows dedupe --first left out
	Failed     int            `json:"failed"`     // values that failed
	Codes      map[string]int `json:"failed_by_code"`
	Blank      int            `json:"blank"`   // blank lines skipped
	Summary    string         `json:"summary"` // the tool's summary line
}

// update records the progress of a run.
func (w *watch) update(rows, failed int) {
	w.rows.Store(int64(rows))
	w.failed.Store(int64(failed))
}

// addCodes adds a batch's failures by code.
func (w *watch) addCodes(c codes) {
	if w == nil || len(c) == 0 {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.codes == nil {
		w.codes = make(codes)
	}
	for code, n := range c {
		w.codes[code] += n
	}
}

// finish records the end of a run that read in and counted n.
func (w *watch) finish(in *input, n counts, dedupe bool) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	r := runResult{Written: n.written, Groups: n.groups, Duplicates: n.dups, Failed: n.failed, Codes: map[string]int{}}
	for code, k := range w.codes {
		r.Codes[code] = k
	}
	if in.rejects != nil {
		r.Rejected = in.rejects.n
	}
	r.Read = n.read + r.Rejected
	r.Blank = in.blank
	r.Summary = in.summary(n, dedupe)
	w.update(n.read, n.failed)
	w.result, w.ended = r, true
}

// snapshot returns the result, and whether the run has ended.
func (w *watch) snapshot() (runResult, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.result, w.ended
}
