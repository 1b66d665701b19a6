// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file stops a run on SIGINT or SIGTERM: reading stops, the rows
// finished are written (whole rows only), the output is flushed and the
// summary says the run was interrupted.

import (
	"fmt"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
)

// An Interruption is closed when the first SIGINT or SIGTERM comes. A nil
// *Interruption never comes.
type Interruption struct {
	done chan struct{}
	sig  atomic.Value // the os.Signal that came
}

// WatchSignals returns the interruption of SIGINT and SIGTERM. After the
// first, they have their default action again: a second one ends the
// process at once.
func WatchSignals() *Interruption {
	it := &Interruption{done: make(chan struct{})}
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		s := <-ch
		signal.Reset(os.Interrupt, syscall.SIGTERM)
		it.sig.Store(s)
		close(it.done)
	}()
	return it
}

// Done returns a channel closed by the interruption; nil (never closed)
// for a nil *Interruption.
func (it *Interruption) Done() <-chan struct{} {
	if it == nil {
		return nil
	}
	return it.done
}

// An interruptedError ends a run that a signal interrupted.
type interruptedError struct{ sig os.Signal }

func (e *interruptedError) Error() string {
	return fmt.Sprintf("interrupted by %v: stopped reading; the rows read before it are written, whole, and the input was not read to its end", e.sig)
}

// exitStatus is the exit status of a run that e ended: 128 and the
// signal's number, as a shell reports a process that a signal ended.
func (e *interruptedError) exitStatus() int {
	if s, ok := e.sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}

// err returns the error of the interruption, once it has come.
func (it *Interruption) err() error {
	s, _ := it.sig.Load().(os.Signal)
	return &interruptedError{sig: s}
}
