// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

import (
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progress shows rows done, rows per second and errors on standard error,
// when it is a terminal (and not in CI) and standard input is not: for a
// file on standard input, as a bar of the bytes read; for a stream, once
// it has run for a second. A nil *progress shows nothing.
type progress struct {
	bar   *progressbar.ProgressBar
	read  atomic.Int64 // bytes read from standard input
	start time.Time
	shown bool
	watch *Watch // serve's run: no bar, the counts to the page
}

// newProgress returns the progress of reading stdin, and stdin wrapped to
// count what is read; nil and stdin itself when there is nothing to show.
func newProgress(stdin io.Reader, stderr io.Writer) (*progress, io.Reader) {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) || os.Getenv("CI") != "" {
		return nil, stdin
	}
	size := int64(-1)
	if in, ok := stdin.(*os.File); ok {
		if term.IsTerminal(int(in.Fd())) {
			return nil, stdin // a person typing: nothing to show
		}
		if st, err := in.Stat(); err == nil && st.Mode().IsRegular() {
			size = st.Size()
		}
	}
	p := &progress{start: time.Now(), shown: size >= 0}
	p.bar = progressbar.NewOptions64(size,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionShowBytes(true),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionSpinnerType(14),
	)
	return p, countingReader{stdin, &p.read}
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}

// update shows that rows were done, failed of them failing.
func (p *progress) update(rows, failed int) {
	if p == nil {
		return
	}
	if p.watch != nil {
		p.watch.update(rows, failed)
		return
	}
	elapsed := time.Since(p.start)
	if !p.shown && elapsed < time.Second {
		return
	}
	p.shown = true
	p.bar.Describe(fmt.Sprintf("%s, %.0f rows/s, %s", plural(rows, "row"), float64(rows)/elapsed.Seconds(), plural(failed, "error")))
	p.bar.Set64(p.read.Load())
}

// done removes the bar.
func (p *progress) done() {
	if p != nil && p.bar != nil && p.shown {
		p.bar.Finish()
	}
}
