// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package serve

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/onecontact/webaddress/cmd/webaddress/internal/tool"
)

// previewPath is the path of a preview of q for a file called name.
func previewPath(name string, q runRequest) string {
	rq, _ := json.Marshal(q)
	return "/api/preview?name=" + url.QueryEscape(name) + "&run=" + url.QueryEscape(string(rq))
}

// TestGuardNoServerPath: the page never names a file of the server. A
// path given to --aliases or --platforms (a secret, a file that does not
// exist, a FIFO that would block forever) is refused at once, in the same
// words whatever is there; the lists are given as their text.
func TestGuardNoServerPath(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	// A FIFO opened for reading blocks until a writer comes: one that
	// never does frees a run that opened it only at the test's end.
	defer func() {
		if f, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	}()
	const file = "name,website\nAcme,acme.com\nAcme UK,acme.co.uk\n"
	for _, flag := range []string{"aliases", "platforms"} {
		var first string
		for _, p := range []string{"/etc/passwd", "/proc/self/environ", "/no/such/file", fifo, "/dev/stdin"} {
			q := runRequest{Command: "dedupe", Column: "website", Flags: map[string]string{"by": "owner", flag: p}}
			done := make(chan struct{})
			var code int
			var body string
			go func() {
				defer close(done)
				code, body, _ = do(t, ts, "POST", previewPath("a.csv", q), strings.NewReader(file), nil)
			}()
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				t.Fatalf("--%s %s: the preview never answered", flag, p)
			}
			body = strings.ReplaceAll(body, p, "PATH")
			if code != 400 || strings.Contains(body, "root:") || strings.Contains(body, "PATH=") {
				t.Errorf("--%s %s: %d %q, want 400 and a refusal", flag, p, code, body)
			}
			if first == "" {
				first = body
			} else if body != first {
				t.Errorf("--%s: the answer tells one path from another: %q and %q", flag, first, body)
			}
		}
		rq, _ := json.Marshal(runRequest{Command: "dedupe", Column: "website", Flags: map[string]string{flag: "/etc/passwd"}})
		if code, body, _ := do(t, ts, "POST", "/api/runs", bytes.NewReader(rq), nil); code != 400 || strings.Contains(body, "root:") {
			t.Errorf("a run with --%s /etc/passwd: %d %q", flag, code, body)
		}
	}

	// The lists as text: acme.co.uk is acme.com's.
	q := runRequest{Command: "dedupe", Column: "website", Flags: map[string]string{"by": "owner", "first": "true"},
		Lists: map[string]string{"aliases": "# ours\nacme.co.uk acme.com\n"}}
	code, body, _ := do(t, ts, "POST", previewPath("a.csv", q), strings.NewReader(file), nil)
	var p preview
	if err := json.Unmarshal([]byte(body), &p); code != 200 || err != nil || p.Result.Duplicates != 1 || len(p.Rows) != 1 {
		t.Errorf("dedupe with the aliases typed: %d %s", code, body)
	}
	out, st, _ := runPage(t, ts, q, file)
	if st.Error != "" || strings.Count(out, "\n") != 2 || !strings.Contains(strings.Join(st.Args, " "), "--aliases=aliases.txt") {
		t.Errorf("a run with the aliases typed: %q, %+v", out, st)
	}
	// A list too long for the preview's address: the run's options start
	// its body.
	long := strings.Repeat("# a comment to make the list long\n", 4000) + "acme.co.uk acme.com\n"
	lq := q
	lq.Lists = map[string]string{"aliases": long}
	rq, _ := json.Marshal(lq)
	code, body, _ = do(t, ts, "POST", "/api/preview?name=a.csv&runlen="+fmt.Sprint(len(rq)), strings.NewReader(string(rq)+file), nil)
	p = preview{}
	if err := json.Unmarshal([]byte(body), &p); code != 200 || err != nil || p.Result.Duplicates != 1 || len(rq) < 100<<10 {
		t.Errorf("a preview whose %d bytes of options start its body: %d %.300s", len(rq), code, body)
	}
	q.Lists = map[string]string{"aliases": "acme.co.uk\n"}
	code, body, _ = do(t, ts, "POST", previewPath("a.csv", q), strings.NewReader(file), nil)
	if code != 422 || !strings.Contains(body, "line 1") {
		t.Errorf("a list of aliases with a bad line: %d %q", code, body)
	}
	q.Lists = map[string]string{"rejects": "x"}
	if code, body, _ = do(t, ts, "POST", previewPath("a.csv", q), strings.NewReader(file), nil); code != 400 {
		t.Errorf("a list for an option that takes none: %d %q", code, body)
	}

	// The page is told which options are lists.
	_, body, _ = do(t, ts, "GET", "/api/commands", nil, nil)
	if !strings.Contains(body, `"name":"aliases","usage":`) || strings.Count(body, `"type":"list"`) < 3 {
		t.Errorf("/api/commands: the lists' options are not of type list")
	}
}

// TestGuardSampleSize: a preview reads at most a file's start, whatever
// the names say: a CSV file called a workbook is not read whole.
func TestGuardSampleSize(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	var b strings.Builder
	b.WriteString("website\n")
	for b.Len() < 3<<20 {
		b.WriteString("example.com\n")
	}
	rows := strings.Count(b.String(), "\n") - 1
	for _, c := range []struct{ name, runName string }{{"a.xlsx", "a.csv"}, {"a.csv", "a.xlsx"}, {"a.xlsx", "a.xlsx"}} {
		q := runRequest{Command: "parse", Column: "website", Name: c.runName}
		code, body, _ := do(t, ts, "POST", previewPath(c.name, q), strings.NewReader(b.String()), nil)
		var p preview
		json.Unmarshal([]byte(body), &p)
		if code == 200 && p.Result.Read >= rows || code != 413 && code != 422 {
			t.Errorf("a preview of a 3 MiB CSV file, name %s, run's name %s: %d, %d rows read of %d", c.name, c.runName, code, p.Result.Read, rows)
		}
		code, body, _ = do(t, ts, "POST", "/api/sample?name="+c.name, strings.NewReader(b.String()), nil)
		if code != 413 && code != 422 {
			t.Errorf("a sample of a 3 MiB CSV file named %s: %d %.200s", c.name, code, body)
		}
	}
}

// bomb returns a workbook whose part says it unzips to n bytes.
func bomb(t *testing.T, n uint64) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Store, CompressedSize64: 4, UncompressedSize64: n})
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("<a/>"))
	zw.Close()
	return b.Bytes()
}

// TestGuardWorkbooks: a workbook unzips within a small limit whatever
// --max-upload is, and samples and previews are made two at a time, a
// third told to wait.
func TestGuardWorkbooks(t *testing.T) {
	s, ts := testServer(t, serveOptions{maxUpload: 2 << 30})
	code, body, _ := do(t, ts, "POST", "/api/sample?name=a.xlsx", bytes.NewReader(bomb(t, 1<<30)), nil)
	if code != 422 || !strings.Contains(body, "unzips to more than") {
		t.Errorf("a workbook unzipping to 1 GiB: %d %q", code, body)
	}
	if s.opts.maxUnzip > 256<<20 {
		t.Errorf("the workbooks' unzip limit is %s, over 256 MiB", tool.SizeText(s.opts.maxUnzip))
	}

	s, ts = testServer(t, serveOptions{maxUnzip: 1 << 20})
	code, body, _ = do(t, ts, "POST", "/api/sample?name=a.xlsx", bytes.NewReader(bomb(t, 2<<20)), nil)
	if code != 422 || !strings.Contains(body, "unzips to more than 1 MiB, the limit (serve --max-unzip)") {
		t.Errorf("a workbook unzipping to 2 MiB, over --max-unzip 1: %d %q", code, body)
	}

	s.mu.Lock()
	s.busyWait = time.Millisecond
	s.mu.Unlock()
	for range cap(s.samples) {
		s.samples <- struct{}{}
	}
	code, body, _ = do(t, ts, "POST", "/api/sample?name=a.csv", strings.NewReader("a\nb\n"), nil)
	if code != 503 || !strings.Contains(body, "at once") {
		t.Errorf("a sample while %d are made: %d %q", cap(s.samples), code, body)
	}
	if cap(s.samples) > 2 {
		t.Errorf("%d samples at once, want 2 at most", cap(s.samples))
	}
	for range cap(s.samples) {
		<-s.samples
	}
	if code, body, _ = do(t, ts, "POST", "/api/sample?name=a.csv", strings.NewReader("a\nb\n"), nil); code != 200 {
		t.Errorf("a sample once the others ended: %d %q", code, body)
	}
}

// listRuns answers GET /api/runs.
func listRuns(t *testing.T, c *http.Client, base string) []runStatus {
	t.Helper()
	resp, err := c.Get(base + "/api/runs")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var l []runStatus
	if err := json.NewDecoder(resp.Body).Decode(&l); err != nil || resp.StatusCode != 200 {
		t.Fatalf("GET /api/runs: %d %v", resp.StatusCode, err)
	}
	return l
}

// TestGuardRuns: a run whose file does not come within its wait is
// dropped, freeing its place; the runs are listed; the runs ended are
// kept up to a number.
func TestGuardRuns(t *testing.T) {
	s, ts := testServer(t, serveOptions{})
	s.mu.Lock()
	s.uploadWait = 20 * time.Millisecond
	s.mu.Unlock()
	rq, _ := json.Marshal(runRequest{Command: "parse", Column: "a"})
	create := func() (int, string) {
		code, body, _ := do(t, ts, "POST", "/api/runs", bytes.NewReader(rq), nil)
		var created struct{ ID string }
		json.Unmarshal([]byte(body), &created)
		return code, created.ID
	}
	for range maxRuns {
		if code, _ := create(); code != 200 {
			t.Fatalf("a run: %d", code)
		}
	}
	// The four end, never uploaded (a bound on the wait, far over the 20
	// ms they take, for a loaded machine).
	for i := 0; ; i++ {
		l := listRuns(t, ts.Client(), ts.URL)
		failed := 0
		for _, st := range l {
			if st.State == "failed" && strings.Contains(st.Error, "file did not come") {
				failed++
			}
		}
		if len(l) == maxRuns && failed == maxRuns {
			break
		}
		if i == 3000 {
			t.Fatalf("runs never uploaded are not dropped: %+v", l)
		}
		time.Sleep(10 * time.Millisecond)
	}
	s.mu.Lock()
	s.uploadWait = time.Minute
	s.mu.Unlock()
	code, id := create()
	if code != 200 {
		t.Fatalf("a run once the others were dropped: %d", code)
	}
	found := false
	for _, st := range listRuns(t, ts.Client(), ts.URL) {
		found = found || st.ID == id && st.State == "running"
	}
	if !found {
		t.Errorf("GET /api/runs does not list the run %s", id)
	}
	do(t, ts, "POST", "/api/runs/"+id+"/cancel", nil, nil)

	// Ended runs beyond the cap are forgotten, the oldest first.
	for range 2 * maxKeptRuns {
		_, id := create()
		do(t, ts, "POST", "/api/runs/"+id+"/cancel", nil, nil)
		do(t, ts, "GET", "/api/runs/"+id+"/output", nil, nil) // its end
	}
	_, id = create()
	if l := listRuns(t, ts.Client(), ts.URL); len(l) > maxKeptRuns+1 {
		t.Errorf("%d runs kept, want at most %d ended and the one going", len(l), maxKeptRuns)
	}
	do(t, ts, "POST", "/api/runs/"+id+"/cancel", nil, nil)
}

// TestGuardConnections: a body trickled in is cut at the request's
// limit, its connection closed; connections are limited in number.
func TestGuardConnections(t *testing.T) {
	stop := make(chan struct{})
	var out syncBuffer
	done := make(chan error, 1)
	go func() {
		done <- serve(stop, &out, io.Discard, 1, serveOptions{addr: "127.0.0.1:0", maxUpload: 1 << 20, timeout: time.Minute, maxConns: 2, requestTimeout: 100 * time.Millisecond})
	}()
	defer func() {
		close(stop)
		<-done
	}()
	var addr string
	for i := 0; addr == ""; i++ {
		if i == 1000 {
			t.Fatal("serve never said its address")
		}
		time.Sleep(5 * time.Millisecond)
		if _, a, ok := strings.Cut(out.String(), "http://"); ok {
			addr = strings.TrimSuffix(strings.TrimSpace(a), "/ (Ctrl-C stops it)")
			addr = strings.Fields(addr)[0]
			addr = strings.TrimSuffix(addr, "/")
		}
	}

	// A body that never comes whole.
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(c, "POST /api/sample?name=a.csv HTTP/1.1\r\nHost: %s\r\nContent-Length: 1000\r\n\r\nwebsite\n", addr)
	c.SetReadDeadline(time.Now().Add(20 * time.Second))
	if _, err := io.ReadAll(c); err != nil {
		t.Errorf("a trickled body: its connection is not closed: %v", err)
	}
	c.Close()

	// Two connections held: a third waits until one ends.
	var held []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
		fmt.Fprintf(c, "GET /static/style.css HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
		br := bufio.NewReader(c)
		if resp, err := http.ReadResponse(br, nil); err != nil || resp.StatusCode != 200 {
			t.Fatalf("a connection of two: %v", err)
		}
	}
	c, err = net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "GET /static/style.css HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	br := bufio.NewReader(c)
	if _, err := br.Peek(1); err == nil {
		t.Errorf("a third connection was answered while two were held")
	}
	held[0].Close()
	c.SetReadDeadline(time.Now().Add(20 * time.Second))
	if resp, err := http.ReadResponse(br, nil); err != nil || resp.StatusCode != 200 {
		t.Errorf("the third connection once one ended: %v", err)
	}
	held[1].Close()
}

// A syncBuffer is a bytes.Buffer for one writer and one reader at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestGuardRunOwner: a run is its browser's (a cookie the server sets
// when it creates the run): another browser on the LAN does not see it
// listed, nor its status, output or rejects, and cannot cancel it.
func TestGuardRunOwner(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	rq, _ := json.Marshal(runRequest{Command: "parse", Column: "a"})
	code, body, _ := do(t, ts, "POST", "/api/runs", bytes.NewReader(rq), nil)
	var created struct{ ID string }
	if err := json.Unmarshal([]byte(body), &created); code != 200 || err != nil {
		t.Fatalf("POST /api/runs: %d %s", code, body)
	}
	other := &http.Client{Transport: ts.Client().Transport}
	for _, c := range []struct{ method, path string }{
		{"GET", "/api/runs/" + created.ID},
		{"GET", "/api/runs/" + created.ID + "/rejects"},
		{"GET", "/api/runs/" + created.ID + "/output"},
		{"POST", "/api/runs/" + created.ID + "/cancel"},
	} {
		req, _ := http.NewRequest(c.method, ts.URL+c.path, nil)
		resp, err := other.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 404 {
			t.Errorf("another browser: %s %s: %d, want 404", c.method, c.path, resp.StatusCode)
		}
	}
	if l := listRuns(t, other, ts.URL); len(l) != 0 {
		t.Errorf("another browser lists %d runs", len(l))
	}
	if l := listRuns(t, ts.Client(), ts.URL); len(l) != 1 || l[0].ID != created.ID {
		t.Errorf("the run's browser lists %+v", l)
	}
	if code, _, _ := do(t, ts, "POST", "/api/runs/"+created.ID+"/cancel", nil, nil); code != 200 {
		t.Errorf("the run's browser cannot cancel it: %d", code)
	}
}

// TestGuardMatchAccounts: the accounts of match (--against) are the text
// the page gives, never a file of the server: a path is refused at once
// in the same words whatever is there, a run with the accounts as text
// matches, and a path with the text given is refused too.
func TestGuardMatchAccounts(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	const list = "name,email,website\nAnn,ann@sales.acme.com,\nBob,bob@gmail.com,globex.com\nCy,,initech.com\n"
	const accounts = "account,domain\nAcme,acme.com\nGlobex,globex.com\n"
	secret := filepath.Join(t.TempDir(), "accounts.csv")
	if err := os.WriteFile(secret, []byte(accounts), 0o600); err != nil {
		t.Fatal(err)
	}
	var first string
	for _, p := range []string{secret, "/etc/passwd", "/no/such/file", "/dev/stdin", tool.ListName("against")} {
		q := runRequest{Command: "match", Column: "email,website", Flags: map[string]string{"against": p, "against-column": "domain"}}
		code, body, _ := do(t, ts, "POST", previewPath("a.csv", q), strings.NewReader(list), nil)
		body = strings.ReplaceAll(body, p, "PATH")
		if code != 400 || strings.Contains(body, "Acme") || strings.Contains(body, "root:") {
			t.Errorf("match --against %s: %d %q, want 400 and a refusal", p, code, body)
		}
		if first == "" {
			first = body
		} else if body != first {
			t.Errorf("match --against: the answer tells one path from another: %q and %q", first, body)
		}
		rq, _ := json.Marshal(q)
		if code, body, _ := do(t, ts, "POST", "/api/runs", bytes.NewReader(rq), nil); code != 400 || strings.Contains(body, "Acme") {
			t.Errorf("a run of match --against %s: %d %q", p, code, body)
		}
		// The text given and a path besides: still refused.
		q.Lists = map[string]string{"against": accounts}
		if code, body, _ := do(t, ts, "POST", previewPath("a.csv", q), strings.NewReader(list), nil); code != 400 {
			t.Errorf("match --against %s with the accounts given as text: %d %q, want 400", p, code, body)
		}
	}
	q := runRequest{Command: "match", Column: "email,website", Flags: map[string]string{"against-column": "domain"}, Lists: map[string]string{"against": accounts}}
	out, st, _ := runPage(t, ts, q, list)
	want := "name,email,website,match_count,match_key,match_via,match_level,match_ambiguous,account,domain\n" +
		"Ann,ann@sales.acme.com,,1,acme.com,email,owner,false,Acme,acme.com\n" +
		"Bob,bob@gmail.com,globex.com,1,globex.com,website,site,false,Globex,globex.com\n" +
		"Cy,,initech.com,0,initech.com,,,,,\n"
	if st.Error != "" || out != want || !slices.Contains(st.Args, "--against="+tool.ListName("against")) {
		t.Errorf("match with the accounts as text: %q, %+v; want %q", out, st, want)
	}
}
