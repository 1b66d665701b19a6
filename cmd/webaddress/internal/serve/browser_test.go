// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package serve

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"hash"
	"image"
	"image/color/palette"
	"image/draw"
	"image/png"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/clean"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/table"
	"github.com/onecontact/webaddress/internal/testfiles"
)

// chromium returns the path of Chromium, or skips the test when there is
// none; under CI=true it fails instead, since CI must run the browser test
// (.ci/run installs Debian's chromium when it is missing).
func chromium(t *testing.T) string {
	t.Helper()
	for _, p := range []string{os.Getenv("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"} {
		if p == "" {
			continue
		}
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	msg := "no Chromium at /usr/bin/chromium (nor $CHROMIUM): the page's browser test needs it (apt-get install chromium)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + "; under CI=true the test may not skip")
	}
	t.Skip(msg)
	return ""
}

// startServer serves the page on a free port of 127.0.0.1 for the test.
func startServer(t *testing.T, o serveOptions) *server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s, err := newServer(ln.Addr().String(), 2, o)
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: s}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return s
}

// messyContacts is a contact list as people keep them: duplicates written
// many ways, an e-mail address, a placeholder, quotes, a cell of two
// addresses, and a malformed record (a stray quote), which is rejected.
const messyContacts = "Name,Website,Phone\r\n" +
	"Acme Inc,WWW.Acme.com/,+1 555 0100\r\n" +
	"Acme (sales),https://acme.com/?utm_source=newsletter,\r\n" +
	"Acme again,sales@acme.com,\r\n" +
	"Bücher GmbH,\"https://bücher.de/\",+49 30 1234\r\n" +
	"Bücher (typo),http//xn--bcher-kva.de,\r\n" +
	"Unknown,N/A,\r\n" +
	"Broken \"quote,globex.co.uk,\r\n" +
	"Globex,\"“globex.co.uk”\",\r\n" +
	"Globex (dup),http://GLOBEX.co.uk./,\r\n" +
	"Two sites,\"initech.com, initrode.com\",\r\n" +
	"Blank,,\r\n"

// TestBrowser drives Chromium through the page: the viewer as one types
// (fields, underlined errors), a shared link opened without JavaScript, and
// a messy contact list run through dedupe, whose download must be the
// tool's output byte for byte. With SCREENSHOTS=1 it writes the README's
// screenshots (docs/serve-*.png).
func TestBrowser(t *testing.T) {
	exe := chromium(t)
	s := startServer(t, serveOptions{maxUpload: 64 << 20, timeout: 10 * time.Minute})
	downloads := t.TempDir()

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1100, 900),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	defer cancel()

	do := func(steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatal(err)
		}
	}
	// rendered waits until the viewer shows the view of address.
	rendered := func(address string) {
		t.Helper()
		want, _ := json.Marshal(address)
		get(t, ctx, chromedp.Poll[bool](`document.querySelector("#results").dataset.address === `+string(want), chromedp.WithPollingInterval(20*time.Millisecond)))
	}
	// field returns the text of a field of a section of the viewer.
	field := func(section, name string) string {
		t.Helper()
		return get(t, ctx, chromedp.TextContent(chromedp.CSS(fmt.Sprintf(`#sec-%s tr[data-field=%q] td`, section, name))))
	}

	// Every script exception and every error the browser logs (a
	// Content-Security-Policy refusal, a failed request) fails the test.
	var problemsMu sync.Mutex
	var problems []string
	if err := chromedp.Listen(ctx, func(ev any) {
		problemsMu.Lock()
		defer problemsMu.Unlock()
		switch e := ev.(type) {
		case *cdpruntime.EventExceptionThrown:
			problems = append(problems, "exception: "+e.ExceptionDetails.Text+" "+e.ExceptionDetails.URL)
			if e.ExceptionDetails.Exception != nil {
				problems = append(problems, "  "+e.ExceptionDetails.Exception.Description)
			}
		case *cdplog.EventEntryAdded:
			if e.Entry.Level == cdplog.EntryLevelError {
				problems = append(problems, "log: "+e.Entry.Text+" "+e.Entry.URL)
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	defer func() {
		problemsMu.Lock()
		defer problemsMu.Unlock()
		for _, p := range problems {
			t.Errorf("the browser reported %s", p)
		}
	}()

	clearAddress := func() {
		t.Helper()
		get(t, ctx, chromedp.Evaluate[bool](`(document.querySelector("#address").value = "", true)`))
	}

	// Downloads go to a directory of the test, each named by its GUID.
	events := true
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: downloads, EventsEnabled: &events,
	}); err != nil {
		t.Fatal(err)
	}
	completed := make(chan string, 8)
	if err := chromedp.ListenBrowser(ctx, func(ev any) {
		if e, ok := ev.(*browser.EventDownloadProgress); ok && e.State == browser.DownloadProgressStateCompleted {
			completed <- e.GUID
		}
	}); err != nil {
		t.Fatal(err)
	}
	waitDownload := func() []byte {
		t.Helper()
		guid := <-completed
		b, err := os.ReadFile(filepath.Join(downloads, guid))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}

	// The viewer, and the time to its first render (from the Performance
	// API, in the browser): in a browser just started, then again.
	type timing struct {
		Paint            float64 `json:"fcp"`
		DOMContentLoaded float64 `json:"dcl"`
		Load             float64 `json:"load"`
	}
	measure := func(what, url string) {
		t.Helper()
		do(chromedp.Navigate(url))
		var tm timing
		// A page of another origin (data:) gets a new execution context,
		// which the first evaluation may miss: it is tried again.
		for try := 0; ; try++ {
			_, err := chromedp.Run(ctx, chromedp.Poll[bool](`performance.getEntriesByName("first-contentful-paint").length > 0 && performance.getEntriesByType("navigation")[0].loadEventEnd > 0`, chromedp.WithPollingInterval(10*time.Millisecond)))
			if err == nil {
				tm, err = chromedp.Run(ctx, chromedp.Evaluate[timing](`(() => { const n = performance.getEntriesByType("navigation")[0]; return {fcp: performance.getEntriesByName("first-contentful-paint")[0].startTime, dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd}; })()`))
			}
			if err == nil {
				break
			}
			if try == 4 {
				t.Fatalf("%s: %v", what, err)
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Logf("%s: first contentful paint %.1f ms after navigation start, DOMContentLoaded %.1f ms, load %.1f ms", what, tm.Paint, tm.DOMContentLoaded, tm.Load)
	}
	viewer := s.url + "?address=" + url.QueryEscape("WWW.Example.com/Shop?utm_source=x")
	measure("viewer, browser just started", viewer)
	measure("viewer, again", viewer)
	// For scale, in the same browser: a page of one paragraph.
	measure("a page of one paragraph", "data:text/html,<!doctype html><title>x</title><p>One paragraph.</p>")
	measure("viewer, once more", viewer)
	clearAddress()

	// Typing an address: its fields, and its validation errors underlined
	// at their spans (byte offsets in Go, UTF-16 in the page: the "ü"
	// is two bytes and one unit).
	typed := `HTTPS:\\Bücher.example\a b?utm_source=x#top`
	do(chromedp.Click(chromedp.ID("address")), chromedp.SendKeys(chromedp.ID("address"), typed))
	rendered(typed)
	a, err := webaddress.ParseCell(typed, webaddress.TidyOptions{EmailToWebsite: true})
	if err != nil {
		t.Fatal(err)
	}
	u, err := webaddress.ParseURL(typed)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ section, name, want string }{
		{"url", "href", u.Href()},
		{"url", "hostname", u.Hostname()},
		{"address", "canonical", a.Canonical()},
		{"address", "key", a.Key(webaddress.KeyV2)},
		{"address", "key_v1", a.Key(webaddress.KeyV1)},
		{"address", "key_v2", a.Key(webaddress.KeyV2)},
		{"address", "removed_params", "utm_source=x"},
		{"surt", "surt", table.NewSURTKey(typed).Value},
	} {
		if got := field(c.section, c.name); got != c.want {
			t.Errorf("viewer: %s %s = %q, want %q", c.section, c.name, got, c.want)
		}
	}
	type mark struct {
		Text  string `json:"text"`
		Title string `json:"title"`
	}
	marks := get(t, ctx, chromedp.Evaluate[[]mark](`[...document.querySelectorAll("#marks .err")].map(e => ({text: e.textContent, title: e.title}))`))
	var want []mark
	for _, v := range webaddress.LintAddress(typed) {
		m := mark{Text: typed[v.Span.Start:v.Span.End], Title: v.Name}
		if !slices.Contains(want, m) {
			want = append(want, m)
		}
	}
	for _, m := range want {
		if !slices.ContainsFunc(marks, func(g mark) bool { return g.Text == m.Text && strings.Contains(g.Title, m.Title) }) {
			t.Errorf("viewer: no underline of %q for %s; the underlines are %+v", m.Text, m.Title, marks)
		}
	}
	location := get(t, ctx, chromedp.Evaluate[string](`location.search`))
	if q, _ := url.ParseQuery(strings.TrimPrefix(location, "?")); q.Get("address") != typed {
		t.Errorf("viewer: the page's address holds %q, want address=%q", location, typed)
	}
	// From a keystroke to its view: the debounce (120 ms), the request,
	// the render.
	longer := typed
	for range 3 {
		get(t, ctx, chromedp.Evaluate[bool](`(() => { window.t0 = performance.now(); const a = document.querySelector("#address"); a.value += "x"; a.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`))
		longer += "x"
		rendered(longer)
		t.Logf("viewer: a keystroke's view rendered %.1f ms after it (120 ms of them the debounce)", get(t, ctx, chromedp.Evaluate[float64](`performance.now() - window.t0`)))
	}
	// A failure, with its code and message.
	clearAddress()
	do(chromedp.SendKeys(chromedp.ID("address"), "https://example.com:70000/"))
	rendered("https://example.com:70000/")
	if code := get(t, ctx, chromedp.AttributeValue(chromedp.CSS("#sec-url .failure"), "data-code")).Value; code != "web.invalid-port" {
		t.Errorf("viewer: the URL Standard's failure code is %q, want web.invalid-port", code)
	}
	if n := get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#marks .err.fail").length`)); n != 1 {
		t.Errorf("viewer: %d failures underlined, want 1 (port-out-of-range)", n)
	}
	if os.Getenv("SCREENSHOTS") == "1" {
		clearAddress()
		do(chromedp.SendKeys(chromedp.ID("address"), typed))
		rendered(typed)
		screenshot(t, ctx, "serve-viewer.png")
	}

	// A shared link renders without JavaScript: the server's template.
	shared := url.Values{"address": {"WWW.Example.com/Shop/?utm_source=x"}, "www_handling": {"strip"}}.Encode()
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	do(chromedp.Navigate(s.url+"?"+shared), chromedp.WaitVisible(chromedp.ID("sec-clean")))
	var sharedOpts clean.CleanOptions
	if err := sharedOpts.Set("www_handling", "strip"); err != nil {
		t.Fatal(err)
	}
	wantClean, _ := clean.Clean("WWW.Example.com/Shop/?utm_source=x", sharedOpts)
	if got := field("clean", "clean_url"); got != wantClean.CleanURL {
		t.Errorf("shared link: clean_url = %q, want %q", got, wantClean.CleanURL)
	}
	if got := field("address", "canonical"); got != "https://www.example.com/Shop/" {
		t.Errorf("shared link: canonical = %q, want https://www.example.com/Shop/", got)
	}
	if got := get(t, ctx, chromedp.Value(chromedp.CSS(`select[name=www_handling]`))); got != "strip" {
		t.Errorf("shared link: the www_handling control shows %q, want strip", got)
	}
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: false}); err != nil {
		t.Fatal(err)
	}

	// The script renders a view as the server's template does: the same
	// sections, fields and text once it takes over.
	const shape = `[...document.querySelectorAll("#results section")].map(s => s.id + ":" + [...s.querySelectorAll("tr, .failure, .note, h2")].map(e => (e.dataset.field || e.tagName) + "=" + e.textContent).join("|")).join("\n") + "\nmarks: " + [...document.querySelectorAll("#marks span")].map(e => e.className + "/" + e.title + "/" + e.textContent).join("|")`
	for _, link := range []string{shared, url.Values{"address": {typed}, "base": {"https://base.example/"}}.Encode()} {
		do(chromedp.Navigate(s.url+"?"+link), chromedp.WaitVisible(chromedp.ID("sec-clean")))
		fromServer := get(t, ctx, chromedp.Evaluate[string](shape))
		get(t, ctx, chromedp.Evaluate[bool](`(document.querySelector("#address").dispatchEvent(new Event("input", {bubbles: true})), true)`))
		get(t, ctx, chromedp.Poll[bool](`document.querySelector("#results").dataset.renders === "1"`, chromedp.WithPollingInterval(20*time.Millisecond)))
		if fromScript := get(t, ctx, chromedp.Evaluate[string](shape)); fromScript != fromServer {
			t.Errorf("/?%s: the script renders the view otherwise than the server:\n--- server\n%s\n--- script\n%s", link, fromServer, fromScript)
		}
		if !strings.Contains(fromServer, "invalid-reverse-solidus") && link != shared {
			t.Errorf("/?%s: no underline of invalid-reverse-solidus:\n%s", link, fromServer)
		}
	}

	// The list cleaner: a messy contact list, dedupe (the first row of
	// each group), the download against the tool's output.
	dir := t.TempDir()
	contacts := filepath.Join(dir, "contacts.csv")
	if err := os.WriteFile(contacts, []byte(messyContacts), 0o666); err != nil {
		t.Fatal(err)
	}
	do(chromedp.Navigate(s.url+"list"), chromedp.WaitVisible(chromedp.ID("drop")),
		chromedp.SetUploadFiles(chromedp.ID("file"), []string{contacts}))
	get(t, ctx, chromedp.Poll[bool](`!document.querySelector("#column").disabled`, chromedp.WithPollingInterval(20*time.Millisecond)))
	if column := get(t, ctx, chromedp.Value(chromedp.ID("column"))); column != "Website" {
		t.Errorf("list: the column guessed is %q, want Website", column)
	}
	get(t, ctx, chromedp.Evaluate[bool](`(() => { const c = document.querySelector("#command"); c.value = "dedupe"; c.dispatchEvent(new Event("change")); return true; })()`))
	// Dedupe by owner, when the tool's dedupe has --by (keys at three
	// levels); else by its one key.
	byOwner := false
	for _, c := range commandInfos() {
		for _, f := range c.Flags {
			if c.Name == "dedupe" && f.Name == "by" {
				byOwner = true
			}
		}
	}
	if byOwner {
		get(t, ctx, chromedp.Evaluate[bool](`(() => { const c = document.querySelector("#flag-by"); c.value = "owner"; c.dispatchEvent(new Event("change", {bubbles: true})); return c.value === "owner"; })()`))
	} else {
		t.Log("dedupe has no --by: the list is deduplicated by its one key")
	}
	// Drop the file's Phone column.
	get(t, ctx, chromedp.Evaluate[bool](`(() => { const c = document.querySelector('#input-list input[value="Phone"]'); c.click(); return !c.checked; })()`))
	do(chromedp.Click(chromedp.ID("flag-first")),
		chromedp.Click(chromedp.ID("preview-btn")),
		chromedp.WaitVisible(chromedp.CSS("#preview tbody tr")))
	do(chromedp.Click(chromedp.ID("run-btn")))
	got := waitDownload()
	do(chromedp.WaitVisible(chromedp.CSS(`#status[data-state="done"]`)))

	var cliOut, cliErr bytes.Buffer
	rejects := filepath.Join(dir, "rejects.jsonl")
	args := []string{"dedupe", "--first", "--column", "Website", "--format", "csv", "--on-bad-record", "skip", "--rejects", rejects,
		"--fields", "Name,Website,input,text,key,error_code,error"}
	if byOwner {
		args = append(args, "--by", "owner")
	}
	if code := run(args, strings.NewReader(messyContacts), &cliOut, &cliErr); code != 0 {
		t.Fatalf("webaddress %s: exit %d: %s", strings.Join(args, " "), code, cliErr.String())
	}
	if !bytes.Equal(got, cliOut.Bytes()) {
		t.Errorf("list: the download differs from webaddress %s:\n--- page\n%s--- tool\n%s", strings.Join(args, " "), got, cliOut.Bytes())
	}
	if rejected := get(t, ctx, chromedp.TextContent(chromedp.CSS(`#summary dd[data-name="rows rejected"]`))); rejected != "1" {
		t.Errorf("list: the summary says %s rows rejected, want 1", rejected)
	}
	do(chromedp.Click(chromedp.ID("rejects-link")))
	gotRejects := waitDownload()
	wantRejects, err := os.ReadFile(rejects)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(gotRejects, wantRejects) {
		t.Errorf("list: the rejects downloaded differ from the tool's --rejects:\n--- page\n%s--- tool\n%s", gotRejects, wantRejects)
	}
	if os.Getenv("SCREENSHOTS") == "1" {
		do(chromedp.EmulateViewport(1100, 1350))
		get(t, ctx, chromedp.Evaluate[bool](`(window.scrollTo(0, 0), true)`))
		screenshot(t, ctx, "serve-list.png")
	}

	// An Excel workbook: its first rows, the column guessed, a preview,
	// and the download against the tool's on the same file named.
	workbook, err := filepath.Abs("../../testdata/contacts.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	do(chromedp.Navigate(s.url+"list"), chromedp.WaitVisible(chromedp.ID("drop")),
		chromedp.SetUploadFiles(chromedp.ID("file"), []string{workbook}))
	get(t, ctx, chromedp.Poll[bool](`!document.querySelector("#column").disabled`, chromedp.WithPollingInterval(20*time.Millisecond)))
	if column := get(t, ctx, chromedp.Value(chromedp.ID("column"))); column != "website" {
		t.Errorf("list, contacts.xlsx: the column guessed is %q, want website", column)
	}
	if cell := get(t, ctx, chromedp.TextContent(chromedp.CSS("#sample tbody tr:first-child td:nth-child(3)"))); cell != "WWW.Acme.com/?utm_source=crm" {
		t.Errorf("list, contacts.xlsx: the first row's website is %q", cell)
	}
	do(chromedp.Click(chromedp.ID("preview-btn")), chromedp.WaitVisible(chromedp.CSS("#preview tbody tr")))
	if n := get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#preview tbody tr").length`)); n != 10 {
		t.Errorf("list, contacts.xlsx: the preview has %d rows, want 10", n)
	}
	do(chromedp.Click(chromedp.ID("run-btn")))
	got = waitDownload()
	do(chromedp.WaitVisible(chromedp.CSS(`#status[data-state="done"]`)))
	cliOut.Reset()
	cliErr.Reset()
	args = []string{"parse", "--column", "website", "--format", "csv", workbook}
	if code := run(args, strings.NewReader(""), &cliOut, &cliErr); code != 0 {
		t.Fatalf("webaddress %s: exit %d: %s", strings.Join(args, " "), code, cliErr.String())
	}
	if !bytes.Equal(got, cliOut.Bytes()) {
		t.Errorf("list, contacts.xlsx: the download differs from webaddress %s:\n--- page\n%s--- tool\n%s", strings.Join(args, " "), got, cliOut.Bytes())
	}
}

// get runs a and returns its value, failing t on an error.
func get[T any](t *testing.T, ctx context.Context, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// screenshot writes the page's viewport to docs/name, for the README.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	shot := get(t, ctx, chromedp.CaptureScreenshot())
	// To 256 colors (Plan 9's palette), for a small file in the repository.
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	pal := image.NewPaletted(img.Bounds(), palette.Plan9)
	draw.Draw(pal, pal.Rect, img, img.Bounds().Min, draw.Src)
	var small bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&small, pal); err != nil {
		t.Fatal(err)
	}
	out := small.Bytes()
	path := filepath.Join(testfiles.Root(), "docs", name)
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, out, 0o666); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d bytes)", path, len(out))
}

// TestPageMillion runs a file of 1,000,000 rows through the page in
// Chromium (upload to download, parse --column website as CSV) against a
// server in a process of its own, and the same file through the tool's
// own run; it checks that the download is the tool's output byte for byte
// and logs the times, their ratio and the server's peak RSS. It is a
// measurement, run when WEBADDRESS_PAGE_MILLION=1.
func TestPageMillion(t *testing.T) {
	if os.Getenv("WEBADDRESS_PAGE_MILLION") != "1" {
		t.Skip("a million rows through the page: set WEBADDRESS_PAGE_MILLION=1")
	}
	exe := chromium(t)
	dir := t.TempDir()
	input := filepath.Join(dir, "million.csv")
	{
		lines := testfiles.MustCorpusLines(t, "typed.txt")
		f, err := os.Create(input)
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		w.WriteString("n,name,website\n")
		var b []byte
		for i := range 1_000_000 {
			b = record.AppendLine(b[:0], ',', []string{strconv.Itoa(i + 1), "Company " + strconv.Itoa(i+1), lines[i%len(lines)]})
			w.Write(b)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	st, _ := os.Stat(input)

	// The tool's own run, to a file: before the page's and after it, the
	// machine being shared.
	path, err := exec.LookPath("webaddress")
	if err != nil {
		t.Fatal(err)
	}
	want := filepath.Join(dir, "want.csv")
	runTool := func() (time.Duration, int64) {
		in, _ := os.Open(input)
		defer in.Close()
		out, _ := os.Create(want)
		defer out.Close()
		cli := exec.Command(path, "parse", "--column", "website", "--format", "csv", "--on-bad-record", "skip", "--quiet")
		var cliErr strings.Builder
		cli.Stdin, cli.Stdout, cli.Stderr = in, out, &cliErr
		start := time.Now()
		if err := cli.Run(); err != nil {
			t.Fatalf("webaddress parse: %v: %s", err, cliErr.String())
		}
		return time.Since(start), cli.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10
	}
	cliTook, cliPeak := runTool()

	// The server, in a process of its own.
	srv := exec.Command(path, "serve", "--addr", "127.0.0.1:0")
	stdout, _ := srv.StdoutPipe()
	if err := srv.Start(); err != nil {
		t.Fatal(err)
	}
	defer srv.Process.Kill()
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	base := strings.Fields(line[strings.Index(line, "http://"):])[0]

	downloads := filepath.Join(dir, "downloads")
	actx, cancel := chromedp.NewExecAllocator(context.Background(), chromedp.ExecPath(exe), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true), chromedp.UserDataDir(filepath.Join(dir, "profile")))
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	events := true
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: downloads, EventsEnabled: &events,
	}); err != nil {
		t.Fatal(err)
	}
	completed := make(chan string, 1)
	chromedp.ListenBrowser(ctx, func(ev any) {
		if e, ok := ev.(*browser.EventDownloadProgress); ok && e.State == browser.DownloadProgressStateCompleted {
			completed <- e.GUID
		}
	})
	if err := chromedp.Do(ctx, chromedp.Navigate(base+"list"), chromedp.SetUploadFiles(chromedp.ID("file"), []string{input})); err != nil {
		t.Fatal(err)
	}
	get(t, ctx, chromedp.Poll[bool](`!document.querySelector("#column").disabled`))
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("run-btn"))); err != nil {
		t.Fatal(err)
	}
	guid := <-completed
	pageTook := time.Since(start)
	status, _ := os.ReadFile(fmt.Sprintf("/proc/%d/status", srv.Process.Pid))
	var peak string
	for l := range strings.Lines(string(status)) {
		if strings.HasPrefix(l, "VmHWM:") {
			peak = strings.TrimSpace(strings.TrimPrefix(l, "VmHWM:"))
		}
	}
	if !sameFile(t, filepath.Join(downloads, guid), want) {
		t.Errorf("the page's download of the million rows differs from webaddress parse's output")
	}
	cliAfter, _ := runTool()
	mean := (cliTook + cliAfter) / 2
	t.Logf("1,000,000 rows (%.1f MiB): the tool %v and %v (%.0f rows/s, peak RSS %.1f MiB); the page, upload to download, %v (%.0f rows/s): %.2f× the tool's mean time; the server's peak RSS %s",
		float64(st.Size())/(1<<20), cliTook.Round(time.Millisecond), cliAfter.Round(time.Millisecond), 1e6/mean.Seconds(), float64(cliPeak)/(1<<20),
		pageTook.Round(time.Millisecond), 1e6/pageTook.Seconds(), pageTook.Seconds()/mean.Seconds(), peak)
}

// sameFile reports whether files a and b hold the same bytes.
func sameFile(t *testing.T, a, b string) bool {
	t.Helper()
	ha, hb := sha256.New(), sha256.New()
	for _, x := range []struct {
		name string
		h    hash.Hash
	}{{a, ha}, {b, hb}} {
		f, err := os.Open(x.name)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(x.h, f)
		f.Close()
	}
	return bytes.Equal(ha.Sum(nil), hb.Sum(nil))
}
