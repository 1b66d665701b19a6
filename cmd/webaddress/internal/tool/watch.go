// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file holds what a run tells serve's page as it goes and at its end:
// rows read, values failed by code (the summary's counts), the summary. The
// command line does not watch its runs (its Hooks.Watch is nil, and
// costs nothing).

import (
	"sync"
	"sync/atomic"
)

// A Watch follows a run for serve: the counts as it goes, and its result.
type Watch struct {
	rows, failed atomic.Int64 // so far

	mu     sync.Mutex
	ended  bool
	result Result
}

// Result is the end of a run, as the page shows it.
type Result struct {
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
func (w *Watch) update(rows, failed int) {
	w.rows.Store(int64(rows))
	w.failed.Store(int64(failed))
}

// finish records the end of a run that read in and counted n.
func (w *Watch) finish(in *input, n counts, dedupe bool) {
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	r := Result{Written: n.written, Groups: n.groups, Duplicates: n.dups, Failed: n.failed, Codes: map[string]int{}}
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

// Snapshot returns the result, and whether the run has ended.
func (w *Watch) Snapshot() (Result, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.result, w.ended
}

// Progress returns the rows read so far, and the values that failed.
func (w *Watch) Progress() (rows, failed int64) {
	return w.rows.Load(), w.failed.Load()
}
