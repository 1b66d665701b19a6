// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package serve

// This file holds the guards that keep serve's page safe on a shared
// machine or a LAN: the lists the page gives are text, never a path on
// the server; a preview reads the start of a file, not the whole of it,
// whatever its names say; workbooks unzip within a small limit, and
// samples and previews are made two at a time; a run whose file does not
// come is dropped, and the runs ended are kept up to a number; a run is
// its browser's (a cookie), listed and read by it alone; every request's
// body has a read deadline and connections a limit; and on port 80 the
// Host a browser sends without its port is answered.

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/net/netutil"

	"github.com/onecontact/webaddress/cmd/webaddress/internal/tool"
)

// The guards' limits.
const (
	defaultMaxUnzip = 128 << 20        // bytes a workbook may unzip to (serve --max-unzip)
	defaultMaxConns = 64               // connections at once
	samplesAtOnce   = 2                // samples and previews made at once
	workbookRuns    = 2                // runs of a workbook at once
	maxKeptRuns     = 8                // runs ended kept for their status and rejects
	uploadWait      = time.Minute      // for a run's file to start coming
	busyWait        = 5 * time.Second  // for a sample's turn
	maxListBytes    = 1 << 20          // of a list the page gives
	defaultTimeout  = 10 * time.Second // to read and answer a request other than a run's
)

// setLists sets the File options of c to the lists q gives as text, each
// named as the page saves it (tool.ListName), and refuses a path for one:
// the page takes no path on the server. The words of a refusal never
// depend on the path.
func (q runRequest) setLists(c *tool.Call) error {
	isList := func(n string) bool {
		o, ok := c.Command.Option(n)
		return ok && o.Kind == tool.File
	}
	for n, v := range q.Flags {
		if isList(n) && v != "" {
			return fmt.Errorf("--%s: the page takes the list itself (typed or uploaded), never the path of a file on the machine it runs on", n)
		}
	}
	lists := map[string]string{}
	for n, text := range q.Lists {
		if !isList(n) {
			return fmt.Errorf("%s has no list %q", q.Command, n)
		}
		if len(text) > maxListBytes {
			return fmt.Errorf("--%s: the list is larger than %s, the limit", n, tool.SizeText(maxListBytes))
		}
		if err := c.Options.Set(n, tool.ListName(n)); err != nil {
			return err
		}
		lists[n] = text
	}
	c.Hooks.Lists = lists
	return nil
}

// zipMagic starts a zip file, so an Excel workbook.
var zipMagic = []byte("PK\x03\x04")

// isZip reports whether b starts as a zip file does.
func isZip(b []byte) bool { return bytes.HasPrefix(b, zipMagic) }

// notWorkbook says that a file named a workbook is not one, or the
// reverse.
func notWorkbook(named bool) string {
	if named {
		return "the file's name ends in .xlsx but it is not an Excel workbook: save it as a workbook, or name it .csv"
	}
	return "the file is an Excel workbook (a zip file) but its name does not end in .xlsx: name it .xlsx"
}

// takeSample waits for the turn of a sample or a preview, up to
// busyWait, and returns its release; false when the turn did not come.
func (s *server) takeSample(r *http.Request) (func(), bool) {
	s.mu.Lock()
	wait := s.busyWait
	s.mu.Unlock()
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case s.samples <- struct{}{}:
		return func() { <-s.samples }, true
	case <-t.C:
	case <-r.Context().Done():
	}
	return nil, false
}

// busy answers that samples are being made already.
func busy(w http.ResponseWriter) {
	httpError(w, http.StatusServiceUnavailable, fmt.Sprintf("%d previews are being made at once already, the most: try again in a moment", samplesAtOnce))
}

// readDeadline sets the time by which r's body must have come, on w (the
// server's own ResponseWriter).
func readDeadline(w http.ResponseWriter, d time.Duration) {
	http.NewResponseController(w).SetReadDeadline(time.Now().Add(d))
}

// runPrefix returns the length of the run's options that start r's body
// (a preview's, the query's runlen: so that long lists need not fit in
// its address), 0 for none.
func runPrefix(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("runlen"))
	if err != nil || n < 0 || n > maxRequest {
		return 0
	}
	return n
}

// peekWorkbook returns whether the file in r's body (after the run's
// options, if they come first) starts as a workbook, leaving the body
// whole.
func peekWorkbook(r *http.Request) bool {
	off := runPrefix(r)
	br := bufio.NewReaderSize(r.Body, off+512)
	b, _ := br.Peek(off + len(zipMagic))
	r.Body = struct {
		io.Reader
		io.Closer
	}{br, r.Body}
	return len(b) > off && isZip(b[off:])
}

// dropUnsent drops ru when its file has not started coming within wait.
func (ru *fileRun) dropUnsent(wait time.Duration) {
	time.AfterFunc(wait, func() {
		if !ru.uploading.Load() {
			ru.abort(fmt.Errorf("the run's file did not come within %v: start the run again", wait))
		}
	})
}

// sweep forgets the runs that ended more than keepRuns ago, and the
// oldest of those ended beyond maxKeptRuns; s.mu is held.
func (s *server) sweep() {
	var ended []*fileRun
	for id, ru := range s.runs {
		end := ru.endedAt()
		switch {
		case end.IsZero():
		case time.Since(end) > keepRuns:
			delete(s.runs, id)
		default:
			ended = append(ended, ru)
		}
	}
	if len(ended) <= maxKeptRuns {
		return
	}
	slices.SortFunc(ended, func(a, b *fileRun) int { return a.created.Compare(b.created) })
	for _, ru := range ended[:len(ended)-maxKeptRuns] {
		delete(s.runs, ru.id)
	}
}

// sweepLater sweeps the runs once the run that just ended is too old to
// keep, whether or not another request comes.
func (s *server) sweepLater() {
	time.AfterFunc(keepRuns+time.Second, func() {
		s.mu.Lock()
		s.sweep()
		s.mu.Unlock()
	})
}

// ownerCookie names the cookie of a browser's runs.
const ownerCookie = "webaddress-runs"

// owner returns the token of the browser of r, whose runs are its own,
// setting a new one on w when it has none.
func owner(w http.ResponseWriter, r *http.Request) string {
	if t := ownerOf(r); t != "" {
		return t
	}
	var b [16]byte
	rand.Read(b[:])
	t := hex.EncodeToString(b[:])
	http.SetCookie(w, &http.Cookie{Name: ownerCookie, Value: t, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	return t
}

// ownerOf returns the token of the browser of r, "" when it has none.
func ownerOf(r *http.Request) string {
	c, err := r.Cookie(ownerCookie)
	if err != nil || len(c.Value) != 32 {
		return ""
	}
	return c.Value
}

// listRuns answers the browser's runs, going and ended, the oldest first.
func (s *server) listRuns(w http.ResponseWriter, r *http.Request) {
	me := ownerOf(r)
	s.mu.Lock()
	s.sweep()
	runs := make([]*fileRun, 0, len(s.runs))
	for _, ru := range s.runs {
		if me != "" && ru.owner == me {
			runs = append(runs, ru)
		}
	}
	s.mu.Unlock()
	slices.SortFunc(runs, func(a, b *fileRun) int { return a.created.Compare(b.created) })
	list := make([]runStatus, 0, len(runs))
	for _, ru := range runs {
		list = append(list, ru.status())
	}
	writeJSON(w, list)
}

// limitConns returns ln accepting at most s's limit of connections at
// once: the others wait for one to close.
func (s *server) limitConns(ln net.Listener) net.Listener {
	return netutil.LimitListener(ln, s.opts.maxConns)
}

// defaults sets the options of the guards left zero.
func (o *serveOptions) defaults() {
	if o.maxUnzip == 0 {
		o.maxUnzip = defaultMaxUnzip
	}
	if o.maxConns == 0 {
		o.maxConns = defaultMaxConns
	}
	if o.requestTimeout == 0 {
		o.requestTimeout = defaultTimeout
	}
}

// port80Hosts adds to s the Host values of a page on port 80, which
// browsers send without the port.
func (s *server) port80Hosts() {
	for h := range s.hosts {
		if name, ok := strings.CutSuffix(h, ":80"); ok {
			s.hosts[name] = true
		}
	}
}

// anyIPHost reports whether host, a Host without a port, is an IP
// literal answered on port 80 by a server on every address.
func (s *server) anyIPHost(host string) bool {
	if s.anyIP != "80" {
		return false
	}
	_, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
	return err == nil
}
