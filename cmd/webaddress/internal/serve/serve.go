// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package serve is the command "webaddress serve": a web server on this
// machine for a page in the browser (the viewer, the list cleaner), and
// what guards it.
//
// It is a package of its own, under cmd/webaddress because it is the
// tool's page and nothing else's, so that the page reads the tool only
// through what the tool exports for it (package tool): the typed table of
// the commands (tool.Commands), which its forms are made of, and tool.Run,
// which runs a command with typed options (a tool.Call) on a file
// streamed in, as the command line runs it. It builds no command line and
// parses none. Its static files (web/) are embedded beside it.
package serve

// This file is the serve command and what guards the server: the Host
// check against DNS rebinding, the refusal of cross-origin requests that
// change anything, the Content-Security-Policy, and the limits of size and
// time.

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/onecontact/webaddress/cmd/webaddress/internal/tool"
)

//go:embed web
var webFiles embed.FS

// serveOptions are the flags of serve.
type serveOptions struct {
	addr           string
	maxUpload      int64         // bytes of a file to run
	timeout        time.Duration // of a run
	maxUnzip       int64         // bytes a workbook may unzip to, all in memory
	maxConns       int           // connections at once
	requestTimeout time.Duration // to read and answer a request other than a run's
}

// Limits of the requests that are not a file's upload.
const (
	maxRequest = 1 << 20          // bytes of a request's body
	maxSample  = 1 << 20          // bytes of a file's start the page previews
	maxRuns    = 4                // runs at once
	keepRuns   = 15 * time.Minute // how long a run's result is kept after it ends
)

// Command returns the serve command: the page's server, until stop is
// closed (Ctrl-C). It runs the commands with the root's --jobs.
func Command(stop <-chan struct{}) *cobra.Command {
	var o serveOptions
	var maxUploadMiB, maxUnzipMiB int64
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the web page, on this machine: a live address viewer and a list cleaner",
		Long: `serve starts a web server on this machine for a page in the browser, and prints
its address to open. The page opens on the list cleaner; the viewer is one
click away (/viewer).

The list cleaner takes a CSV or TSV file or a workbook, its columns of
addresses (a website, then an e-mail address, tried in order), and what to
do with it (one row per organisation, the organisation, site and domain
columns, the missing, personal and broken websites, a clean as R does, the
list matched against your accounts file, given as text and never as a path;
or any command with its options): a preview, a review of the groups before
the download (keep apart, merge, which row kept: saved as the files of
--aliases and --keep-apart), and the whole file run by this tool's own code
(the same records as on the command line), streamed to a download, with its
summary in plain words and its rejected rows.

The viewer shows an address as you type it, as the URL Standard reads it
(href, origin, components, against a base URL if given) and as this tool
does (the messy-cell layer, canonical form, keys, facts, profile), its
validation errors underlined, its SURT key, and its cleaning with the
options of clean as controls; the page's address holds what it shows, so
that a link shares it.

Nothing leaves the machine and nothing is written to disk but what you
download. So a file run streams through once: where the command line reads
again the lines after a quote never closed that runs on over 4 MiB to the
end of the file (from the file, or a temporary file), the page rejects them
with it, one record, and says so. The server listens on 127.0.0.1 unless
--addr says otherwise (a warning says when it is not a loopback address:
then anyone who reaches the machine can use the page). It answers only requests for the address it
serves (a Host of another name is refused: DNS rebinding), and refuses a
request from another site's page that would run or upload anything.`,
		Example: `  webaddress serve
  webaddress serve --addr 127.0.0.1:0 --max-upload 4096`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if maxUploadMiB < 1 {
				return fmt.Errorf("--max-upload %d: want 1 (MiB) or more", maxUploadMiB)
			}
			if o.timeout <= 0 {
				return fmt.Errorf("--timeout %v: want a positive duration, such as 1h", o.timeout)
			}
			if maxUnzipMiB < 1 {
				return fmt.Errorf("--max-unzip %d: want 1 (MiB) or more", maxUnzipMiB)
			}
			o.maxUpload, o.maxUnzip = maxUploadMiB<<20, maxUnzipMiB<<20
			jobs, err := c.Flags().GetInt("jobs")
			if err != nil {
				return err
			}
			return serve(stop, c.OutOrStdout(), c.ErrOrStderr(), jobs, o)
		},
	}
	cmd.Flags().StringVar(&o.addr, "addr", "127.0.0.1:8080", "the `HOST:PORT` to listen on (port 0: any free port)")
	cmd.Flags().Int64Var(&maxUploadMiB, "max-upload", 2048, "the largest file the page may run, in `MiB`")
	cmd.Flags().Int64Var(&maxUnzipMiB, "max-unzip", defaultMaxUnzip>>20, "the most an Excel workbook may unzip to, in `MiB` (it is held in memory)")
	cmd.Flags().DurationVar(&o.timeout, "timeout", time.Hour, "the longest a run of a file may take")
	return cmd
}

// serve listens on o.addr and serves the page until stop is closed
// (SIGINT or SIGTERM).
func serve(stop <-chan struct{}, stdout, stderr io.Writer, jobs int, o serveOptions) error {
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		return fmt.Errorf("--addr: %w", err)
	}
	s, err := newServer(ln.Addr().String(), jobs, o)
	if err != nil {
		ln.Close()
		return err
	}
	if !s.loopback {
		fmt.Fprintf(stderr, "webaddress: warning: %s is not a loopback address: anyone who can reach this machine on it can use the page (and read what you run)\n", ln.Addr())
	}
	fmt.Fprintf(stdout, "webaddress: serving the page at %s (Ctrl-C stops it)\n", s.url)
	ln = s.limitConns(ln)
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: s.opts.requestTimeout,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-stop:
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		s.cancelRuns()
		srv.Shutdown(sctx)
		return nil
	}
}

// A server is the page's HTTP handler.
type server struct {
	url      string          // the page's address, as printed
	hosts    map[string]bool // the Host values answered
	anyIP    string          // with an unspecified address: the port of any IP literal Host
	loopback bool            // listening on a loopback address
	jobs     int             // --jobs of a run
	opts     serveOptions

	mux   *http.ServeMux
	guard http.Handler // mux behind the cross-origin check
	pages *template.Template

	mu         sync.Mutex
	runs       map[string]*fileRun
	busyWait   time.Duration // for a sample's turn (busyWait)
	uploadWait time.Duration // for a run's file (uploadWait)

	samples   chan struct{} // a sample's or a preview's turn
	workbooks chan struct{} // a workbook's run's turn
}

// newServer returns the server of the page served at addr (HOST:PORT, as
// listened on).
func newServer(addr string, jobs int, o serveOptions) (*server, error) {
	o.defaults()
	ap, err := netip.ParseAddrPort(addr)
	if err != nil {
		return nil, fmt.Errorf("the address listened on, %s: %w", addr, err)
	}
	s := &server{
		hosts:    map[string]bool{},
		loopback: ap.Addr().IsLoopback(),
		jobs:     max(jobs, 1),
		opts:     o,
		runs:     map[string]*fileRun{},

		busyWait:   busyWait,
		uploadWait: uploadWait,
		samples:    make(chan struct{}, samplesAtOnce),
		workbooks:  make(chan struct{}, workbookRuns),
	}
	port := strconv.Itoa(int(ap.Port()))
	host := ap.Addr().Unmap()
	switch {
	case host.IsUnspecified():
		// Any address of the machine: a Host that is an IP literal
		// cannot be a name rebound to it.
		s.anyIP = port
		s.hosts["localhost:"+port] = true
		s.url = "http://127.0.0.1:" + port + "/"
	default:
		hp := netip.AddrPortFrom(host, ap.Port()).String()
		s.hosts[hp] = true
		if host.IsLoopback() {
			s.hosts["localhost:"+port] = true
		}
		s.url = "http://" + hp + "/"
	}
	if ap.Port() == 80 {
		s.port80Hosts()
	}
	s.pages, err = template.New("").Funcs(template.FuncMap{"join": strings.Join}).ParseFS(webFiles, "web/*.html")
	if err != nil {
		return nil, err
	}
	s.mux = http.NewServeMux()
	s.routes()
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httpError(w, http.StatusForbidden, "refused: a cross-origin request (from another site's page) may not run or upload anything here")
	}))
	s.guard = cop.Handler(s.mux)
	return s, nil
}

// ServeHTTP answers r when its Host is the served address, with the
// page's security headers and r's body limited.
func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !s.hostAllowed(r.Host) {
		httpError(w, http.StatusMisdirectedRequest, fmt.Sprintf("refused: this server answers requests for %s only, not for Host %q (a name that points here may be another site's: DNS rebinding)", s.url, r.Host))
		return
	}
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	// A body must come within the limit of a request, unless its handler
	// gives it longer (a run's file, a workbook).
	readDeadline(w, s.opts.requestTimeout)
	s.guard.ServeHTTP(w, r)
}

// hostAllowed reports whether a request for host is answered.
func (s *server) hostAllowed(host string) bool {
	if s.hosts[strings.ToLower(host)] {
		return true
	}
	if s.anyIP == "" {
		return false
	}
	h, port, err := net.SplitHostPort(host)
	if err != nil {
		return s.anyIPHost(host)
	}
	if port != s.anyIP {
		return false
	}
	_, err = netip.ParseAddr(h)
	return err == nil
}

// routes registers the page's files, pages and endpoints on s.mux.
func (s *server) routes() {
	static, _ := fs.Sub(webFiles, "web")
	files := http.FileServerFS(static)
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".html") || r.URL.Path == "" || strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})))
	// The list cleaner is the first page; the viewer is one click away. A
	// link to a view made before the viewer moved (/?address=...) still
	// opens it.
	s.mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Has("address") {
			s.viewerPage(w, r)
			return
		}
		s.listPage(w, r)
	})
	s.mux.HandleFunc("GET /viewer", s.viewerPage)
	s.mux.HandleFunc("GET /list", s.listPage)
	s.mux.Handle("GET /api/view", s.limited(s.viewAPI))
	s.mux.Handle("GET /api/view/parts", s.limited(s.viewPartsAPI))
	s.mux.Handle("GET /api/commands", s.limited(s.commandsAPI))
	s.mux.Handle("POST /api/sample", s.sampling(s.sampleAPI))
	s.mux.Handle("POST /api/preview", s.sampling(s.previewAPI))
	s.mux.Handle("POST /api/sheet", s.sampling(s.sheetAPI))
	s.mux.Handle("POST /api/runs", s.limited(s.createRun))
	s.mux.Handle("GET /api/runs", s.limited(s.listRuns))
	s.mux.HandleFunc("POST /api/runs/{id}/input", s.runInput)
	s.mux.HandleFunc("GET /api/runs/{id}/output", s.runOutput)
	s.mux.HandleFunc("GET /api/runs/{id}", s.runStatus)
	s.mux.HandleFunc("GET /api/runs/{id}/rejects", s.runRejects)
	s.mux.Handle("POST /api/runs/{id}/cancel", s.limited(s.cancelRun))
}

// limited returns h with a request body of maxRequest bytes at most and
// the request's time limit to answer, each saying so when exceeded.
func (s *server) limited(h http.HandlerFunc) http.Handler {
	requestTimeout := s.opts.requestTimeout
	return http.TimeoutHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > maxRequest {
			httpError(w, http.StatusRequestEntityTooLarge, tooLarge(r, maxRequest))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, maxRequest)
		h(w, r)
	}), requestTimeout, fmt.Sprintf("the request took longer than %v to answer, the limit of a request other than a file's run", requestTimeout))
}

// sampling returns h limited as limited does, but for a workbook's (a
// body that is a zip file, whatever its names), which the page sends
// whole: its body may be as large as a run's file (--max-upload), and it
// has as long as a run (--timeout). Samples and previews are made
// samplesAtOnce at a time.
func (s *server) sampling(h http.HandlerFunc) http.Handler {
	small := s.limited(h)
	limit := s.opts.maxUpload
	msg := fmt.Sprintf("the workbook is larger than %s, the limit (serve --max-upload): the page sends a workbook whole for its preview", tool.SizeText(limit))
	whole := http.TimeoutHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > limit {
			httpError(w, http.StatusRequestEntityTooLarge, msg)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, limit)
		b, err := io.ReadAll(r.Body)
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			httpError(w, http.StatusRequestEntityTooLarge, msg)
			return
		case err != nil:
			httpError(w, http.StatusBadRequest, "reading the request's body: "+err.Error())
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(b))
		h(w, r)
	}), s.opts.timeout, fmt.Sprintf("the workbook's preview took longer than %v, the limit (serve --timeout)", s.opts.timeout))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		done, ok := s.takeSample(r)
		if !ok {
			busy(w)
			return
		}
		defer done()
		if peekWorkbook(r) {
			readDeadline(w, s.opts.timeout)
			whole.ServeHTTP(w, r)
			return
		}
		small.ServeHTTP(w, r)
	})
}

// tooLarge says that r's body is over limit bytes.
func tooLarge(r *http.Request, limit int64) string {
	return fmt.Sprintf("the request's body is larger than %s, the limit of %s %s", tool.SizeText(limit), r.Method, r.URL.Path)
}

// readBody reads r's body, limited by limited, and says when it was too large.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			httpError(w, http.StatusRequestEntityTooLarge, tooLarge(r, mbe.Limit))
		} else {
			httpError(w, http.StatusBadRequest, "reading the request's body: "+err.Error())
		}
		return nil, false
	}
	return b, true
}

// httpError answers with status and a message in plain text.
func httpError(w http.ResponseWriter, status int, msg string) {
	h := w.Header()
	h.Del("Content-Length")
	h.Del("Content-Disposition")
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	fmt.Fprintln(w, msg)
}
