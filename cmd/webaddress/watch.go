// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file holds what a run tells serve's page as it goes and at its end:
// rows read, values failed by code (the summary's counts), the summary. The
// command line does not watch its runs (config.watch is nil there, and
// costs nothing).

import (
	"sync"
	"sync/atomic"
)

// A watch follows a run for serve: the counts as it goes, and its result.
type watch struct {
	rows, failed atomic.Int64 // so far

	mu     sync.Mutex
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

// finish records the end of a run that read in and counted n.
func (w *watch) finish(in *input, n counts, dedupe bool) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	r := runResult{Written: n.written, Groups: n.groups, Duplicates: n.dups, Failed: n.failed, Codes: map[string]int{}}
	for code, k := range n.codes {
		if code == "" {
			code = "(no code)"
		}
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
