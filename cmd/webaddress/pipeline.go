// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file runs a command's work on the records of a source in parallel,
// and hands the results on in input order, holding a bounded number of
// records at a time.

import (
	"errors"
	"io"
)

// batchSize is how many records a worker takes at a time.
const batchSize = 256

// A batch is a run of records and, once done is closed, their results.
type batch struct {
	recs   []record
	vals   [][]string // per record, one value per column of the command
	failed []bool     // per record, whether its value failed
	done   chan struct{}
}

// evaluate reads src, runs eval on each record's value on jobs goroutines,
// and calls emit with each batch in input order. At most 2*jobs+1 batches
// are read ahead. It returns the first error of src (other than io.EOF)
// or of emit.
func evaluate(src source, jobs int, eval func(value string) ([]string, bool), emit func(*batch) error) error {
	jobs = max(jobs, 1)
	work := make(chan *batch)
	ordered := make(chan *batch, 2*jobs)
	stop := make(chan struct{})
	defer close(stop)
	var readErr error
	go func() {
		defer close(work)
		defer close(ordered)
		for {
			b := &batch{done: make(chan struct{})}
			var err error
			for len(b.recs) < batchSize {
				var r record
				if r, err = src.next(); err != nil {
					break
				}
				b.recs = append(b.recs, r)
			}
			if !errors.Is(err, io.EOF) {
				readErr = err
			}
			if len(b.recs) > 0 {
				select {
				case ordered <- b:
				case <-stop:
					return
				}
				select {
				case work <- b:
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
			for b := range work {
				b.vals = make([][]string, len(b.recs))
				b.failed = make([]bool, len(b.recs))
				for i, r := range b.recs {
					b.vals[i], b.failed[i] = eval(r.value)
				}
				close(b.done)
			}
		}()
	}
	for b := range ordered {
		<-b.done
		if err := emit(b); err != nil {
			return err
		}
	}
	return readErr // the reader's write happens before it closes ordered
}
