// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package serve

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"hash"
	"image"
	"image/color/palette"
	"image/draw"
	"image/png"
	"io"
	"maps"
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
	"github.com/chromedp/chromedp/kb"
	"github.com/xuri/excelize/v2"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/clean"
	"github.com/onecontact/webaddress/cmd/webaddress/internal/tool"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/records"
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
	"Acme Inc,WWW.Acme.com/,\r\n" +
	"Acme (sales),https://acme.com/?utm_source=newsletter,\r\n" +
	"Acme again,sales@acme.com,+1 555 0100\r\n" +
	"Bücher GmbH,\"https://bücher.de/\",+49 30 1234\r\n" +
	"Bücher (typo),http//xn--bcher-kva.de,\r\n" +
	"Unknown,N/A,\r\n" +
	"Broken \"quote,globex.co.uk,\r\n" +
	"Globex,\"“globex.co.uk”\",\r\n" +
	"Globex (dup),http://GLOBEX.co.uk./,\r\n" +
	"Two sites,\"initech.com, initrode.com\",\r\n" +
	"Acme UK,www.acme.co.uk,\r\n" +
	"Blank,,\r\n"

// matchLeads and matchAccounts are a list of leads and the accounts it is
// matched against: by e-mail, by website, one of several accounts, and
// new ones; Dee matches Acme's two accounts at acme.com, and the review
// shows Acme's shop after them.
const matchLeads = "name,email,website\n" +
	"Ann,ann@sales.acme.com,\n" +
	"Bob,bob@gmail.com,globex.com\n" +
	"Cy,,initech.com\n" +
	"Dee,dee@acme.com,https://www.acme.com/\n" +
	"Gus,info@umbrella.org,\n" +
	"Fay,fay@gmail.com,\n"

const matchAccounts = "account,domain,email\n" +
	"Acme,acme.com,\n" +
	"Acme Europe,acme.com,\n" +
	"Globex,globex.com,\n" +
	"Umbrella,,ceo@umbrella.org\n" +
	"Acme Shop,shop.acme.com,\n"

// matchWords returns what the page says of the output of match: its rows
// that match one account, several, none but have an organisation (new),
// and none with no organisation the tool can tell (no match_key).
func matchWords(t *testing.T, out []byte) string {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(out)).ReadAll()
	if err != nil || len(recs) < 2 {
		t.Fatalf("match's output: %v, %q", err, out)
	}
	at, kat := slices.Index(recs[0], "match_count"), slices.Index(recs[0], "match_key")
	var one, several, fresh, unknown int
	for _, r := range recs[1:] {
		n, err := strconv.Atoi(r[at])
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case n == 1:
			one++
		case n > 1:
			several++
		case r[kat] != "":
			fresh++
		default:
			unknown++
		}
	}
	if one+several+fresh+unknown != len(recs)-1 {
		t.Fatalf("match's output: the counts do not add up")
	}
	says := func(n int, one, many string) string {
		if n == 1 {
			return "1 " + one
		}
		return strconv.Itoa(n) + " " + many
	}
	return fmt.Sprintf("Of %d rows, %s one account, %s several accounts, %s and %s no organisation the tool can tell.", len(recs)-1,
		says(one, "matches", "match"), says(several, "matches", "match"), says(fresh, "is a new organisation", "are new organisations"), says(unknown, "has", "have"))
}

// TestBrowser drives Chromium through the page: the viewer as one types
// (fields, underlined errors), a shared link opened without JavaScript, and
// a messy contact list run through dedupe, whose download must be the
// tool's output byte for byte. With SCREENSHOTS=1 it writes the README's
// screenshots (docs/serve-*.png); with WEBADDRESS_ARTEFACTS=DIR, a
// screenshot of every state it checks with axe-core into DIR, for CI to
// keep.
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
	a, err := cells.Parse(typed)
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
		{"address", "key", a.Key(webaddress.KeyV2, webaddress.LevelPage)},
		{"address", "key_v1", a.Key(webaddress.KeyV1, webaddress.LevelPage)},
		{"address", "key_v2", a.Key(webaddress.KeyV2, webaddress.LevelPage)},
		{"address", "removed_params", "utm_source=x"},
		{"surt", "surt", records.NewSURTKey(typed).Value},
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
	for _, v := range webaddress.Lint(typed) {
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
	// A website as people write it: the answer first, the URL
	// Standard's strict reading as a note.
	clearAddress()
	do(chromedp.SendKeys(chromedp.ID("address"), "WWW.Acme.com/about"))
	rendered("WWW.Acme.com/about")
	if got := field("answer", "organisation"); got != "acme.com" {
		t.Errorf("viewer: the answer's organisation is %q, want acme.com", got)
	}
	if n := get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#sec-url .failure").length + 10 * document.querySelectorAll("#sec-url .strict").length`)); n != 10 {
		t.Errorf("viewer: the URL Standard's reading of WWW.Acme.com/about is shown as an error")
	}
	link := get(t, ctx, chromedp.AttributeValue(chromedp.ID("link"), "href")).Value
	if link != "/viewer?address=WWW.Acme.com%2Fabout" {
		t.Errorf("viewer: the link to this view is %q", link)
	}
	axe := axeCore(t)
	checkAxe := func(state string) {
		t.Helper()
		if dir := os.Getenv("WEBADDRESS_ARTEFACTS"); dir != "" {
			// Every state checked, as a test artefact.
			name := strings.NewReplacer(" ", "-", ",", "", "/", "-").Replace(state) + ".png"
			writeScreenshot(t, ctx, filepath.Join(dir, name))
		}
		if axe == "" {
			return
		}
		get(t, ctx, chromedp.Evaluate[bool](`(() => { if (!window.axe) { (0, eval)(`+strconv.Quote(axe)+`); } return true; })()`))
		v := get(t, ctx, chromedp.Evaluate[[]axeViolation](`axe.run(document, {runOnly: {type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]}}).then(r => r.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.target.join(" ")).slice(0, 5)})))`, chromedp.EvalAwaitPromise))
		for _, x := range v {
			t.Errorf("axe-core, %s: %s (%s) on %s", state, x.ID, x.Impact, strings.Join(x.Nodes, ", "))
		}
		t.Logf("axe-core, %s: %d violations", state, len(v))
	}
	checkAxe("viewer, a website")
	if os.Getenv("SCREENSHOTS") == "1" {
		screenshot(t, ctx, "serve-viewer-answer.png")
		clearAddress()
		do(chromedp.SendKeys(chromedp.ID("address"), typed))
		rendered(typed)
		screenshot(t, ctx, "serve-viewer.png")
	}
	checkAxe("viewer, validation errors")

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

	// The script shows a view as the page opened from a link does: the
	// same sections, fields and text, from the same templates (one
	// renderer), once it takes over.
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

	// The list cleaner, by keyboard: a messy contact list, each task end
	// to end (its download against the tool given the command line the
	// page shows), the review of the groups (one merged, one kept apart)
	// whose download is the tool's given the two files the page saves,
	// and axe-core's checks in every state.
	dir := t.TempDir()
	contacts := filepath.Join(dir, "contacts.csv")
	if err := os.WriteFile(contacts, []byte(messyContacts), 0o666); err != nil {
		t.Fatal(err)
	}
	// shot writes a screenshot of the page scrolled to the element of
	// sel, for the README.
	shot := func(name, sel string) {
		t.Helper()
		if os.Getenv("SCREENSHOTS") == "1" {
			do(chromedp.EmulateViewport(1100, 1350))
			get(t, ctx, chromedp.Evaluate[bool](`(document.querySelector(`+strconv.Quote(sel)+`).scrollIntoView({block: "start"}), true)`))
			screenshot(t, ctx, name)
		}
	}
	key := func(keys string) { do(chromedp.KeyEvent(keys)) }
	// plainWords checks the list page's words: no flag names, codes or
	// column ids outside a details view (the options under More are
	// one) and the output's own columns (a preview's header).
	plainWords := func(state string) {
		t.Helper()
		if bare := get(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("main code, main label, main legend, main li, main p, main h3, main th, main dt")].filter(e => !e.closest("details, #preview, #new-rows") && e.checkVisibility() && /(^|\s)--[a-z]|\b(web|record)\.[a-z]|match_|error_code|owner_rule|no-owner/.test(e.textContent)).map(e => e.textContent)`)); len(bare) > 0 {
			t.Errorf("%s: words for the command line outside a details view: %q", state, bare)
		}
	}
	// tabAround checks that every control of the page in its state is
	// reached by Tab and visibly focused: from the skip link around to
	// it again.
	tabAround := func(state string) {
		t.Helper()
		do(chromedp.Focus(chromedp.CSS("a.skip")))
		stops := 0
		for ; stops < 400; stops++ {
			key(kb.Tab)
			focus := get(t, ctx, chromedp.Evaluate[[]string](`(() => { const e = document.activeElement; const s = getComputedStyle(e); const l = e.closest("label"); const ls = l ? getComputedStyle(l) : s; return [e.id || e.tagName, s.outlineStyle, s.outlineWidth, ls.outlineStyle, e === document.querySelector("a.skip") ? "first" : ""]; })()`))
			if focus[4] == "first" || focus[0] == "BODY" {
				break
			}
			if (focus[1] == "none" || focus[2] == "0px") && focus[3] == "none" {
				t.Errorf("keyboard, %s: the focus on %s is not visible", state, focus[0])
			}
		}
		if stops < 10 || stops == 400 {
			t.Errorf("keyboard, %s: %d Tab stops around the page", state, stops)
		}
		t.Logf("keyboard, %s: %d Tab stops around the page, each visibly focused", state, stops)
	}
	// tabTo presses Tab until the element of id has the focus, each
	// focused element visibly outlined, and returns the Tab presses.
	tabTo := func(id string) int {
		t.Helper()
		for n := 1; n <= 80; n++ {
			key(kb.Tab)
			focus := get(t, ctx, chromedp.Evaluate[[]string](`(() => { const e = document.activeElement; const s = getComputedStyle(e); return [e.id, e.tagName + (e.className ? "." + e.className : ""), s.outlineStyle, s.outlineWidth]; })()`))
			if focus[2] == "none" || focus[3] == "0px" {
				t.Errorf("keyboard: the focus on %s (#%s) is not visible: outline %s %s", focus[1], focus[0], focus[2], focus[3])
			}
			if focus[0] == id {
				return n
			}
		}
		t.Fatalf("keyboard: #%s never had the focus", id)
		return 0
	}
	// download runs the page's run by keyboard (its button, Enter) and
	// returns the download and the command line the page shows.
	download := func(button string) ([]byte, []string) {
		t.Helper()
		do(chromedp.Focus(chromedp.ID(button)))
		key(kb.Enter)
		got := waitDownload()
		do(chromedp.WaitVisible(chromedp.CSS(`#status[data-state="done"]`)))
		cli := strings.Fields(get(t, ctx, chromedp.TextContent(chromedp.CSS("#summary code.cmd"))))
		if len(cli) < 3 || cli[0] != "webaddress" || cli[len(cli)-2] != "<" {
			t.Fatalf("list: the command line shown is %q", cli)
		}
		return got, cli[1 : len(cli)-2]
	}
	// cliRun runs the tool as the page says, its lists read from dir.
	cliRun := func(args []string, input string) []byte {
		t.Helper()
		args = slices.Clone(args)
		for i, a := range args {
			for _, l := range []string{"aliases", "keep-apart", "platforms"} {
				if a == "--"+l+"="+tool.ListName(l) {
					args[i] = "--" + l + "=" + filepath.Join(dir, tool.ListName(l))
				}
			}
		}
		var out, errb bytes.Buffer
		if code := run(args, strings.NewReader(input), &out, &errb); code != 0 {
			t.Fatalf("webaddress %s: exit %d: %s", strings.Join(args, " "), code, errb.String())
		}
		return out.Bytes()
	}

	// The first screen is the list cleaner; the viewer is one click away.
	do(chromedp.Navigate(s.url), chromedp.WaitVisible(chromedp.ID("drop")))
	if nav := get(t, ctx, chromedp.Evaluate[string](`[...document.querySelectorAll("nav a")].map(a => a.textContent + "=" + a.getAttribute("href")).join(" ")`)); nav != "List cleaner=/ Address viewer=/viewer" {
		t.Errorf("list: the first screen's links are %q", nav)
	}
	checkAxe("list, empty")
	shot("serve-list-empty.png", "body")
	// The skip link is the first Tab stop, and goes past the file.
	if n := tabTo("file"); n > 4 {
		t.Errorf("keyboard: choosing a file is the %dth Tab stop", n)
	}
	do(chromedp.SetUploadFiles(chromedp.ID("file"), []string{contacts}))
	get(t, ctx, chromedp.Poll[bool](`document.body.dataset.state === "loaded"`, chromedp.WithPollingInterval(20*time.Millisecond)))
	if column := get(t, ctx, chromedp.Value(chromedp.ID("column"))); column != "Website" {
		t.Errorf("list: the column guessed is %q, want Website", column)
	}
	if notes := get(t, ctx, chromedp.TextContent(chromedp.ID("sample-notes"))); !strings.Contains(notes, "Row 8 has a quote inside a cell that does not start with one: it is left out of the run") {
		t.Errorf("list: the sample's notes are %q", notes)
	}
	if task := get(t, ctx, chromedp.Evaluate[string](`document.querySelector("input[name=task]:checked").value`)); task != "organisations" {
		t.Errorf("list: the page opens on the task %q, want organisations", task)
	}
	checkAxe("list, file loaded")
	shot("serve-list-loaded.png", "body")
	// From the top, the skip link leads to the tasks, and the preview is
	// a few Tab stops further.
	get(t, ctx, chromedp.Evaluate[bool](`(document.activeElement.blur(), window.scrollTo(0, 0), true)`))
	do(chromedp.Focus(chromedp.CSS("a.skip")))
	key(kb.Enter)
	if n := tabTo("preview-btn"); n > 6 {
		t.Errorf("keyboard: the preview is %d Tab stops past the skip link", n)
	}
	key(kb.Enter)
	do(chromedp.WaitVisible(chromedp.CSS(`#status[data-state="preview"]`)))
	for code, want := range map[string]string{
		"web.placeholder":       "1 row has a placeholder (such as N/A or TBD) instead of a website",
		"web.empty":             "1 row has no website",
		"web.several-addresses": "1 row has several websites in one cell",
	} {
		if got := get(t, ctx, chromedp.TextContent(chromedp.CSS(`#words li[data-code="`+code+`"]`))); got != want {
			t.Errorf("list, preview: the words of %s are %q, want %q", code, got, want)
		}
	}
	lead := get(t, ctx, chromedp.TextContent(chromedp.CSS("#words .lead")))
	if lead != "7 rows kept, one per organisation; 4 rows were the same organisation as a row kept, and left out." {
		t.Errorf("list, preview: %q", lead)
	}
	if n := get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#chart-outcome rect").length`)); n < 4 {
		t.Errorf("list, preview: the outcome's chart has %d parts", n)
	}
	// The counts agree: the chart's parts add up to the rows read, and
	// the list says the tool's summary's numbers.
	legend := get(t, ctx, chromedp.Evaluate[int](`[...document.querySelectorAll("#chart-outcome rect")].reduce((a, r) => a + +r.dataset.count, 0)`))
	read := get(t, ctx, chromedp.TextContent(chromedp.CSS(`#summary dd[data-name="rows read"]`)))
	failed := get(t, ctx, chromedp.TextContent(chromedp.CSS(`#summary dd[data-name="values failed"]`)))
	empty := get(t, ctx, chromedp.TextContent(chromedp.CSS(`#summary dd[data-name="empty values"]`)))
	toolSays := get(t, ctx, chromedp.TextContent(chromedp.CSS(`#summary .tool-summary`)))
	if strconv.Itoa(legend) != read || !strings.Contains(toolSays, read+" rows read") || !strings.Contains(toolSays, failed+" values failed; "+empty+" empty value") {
		t.Errorf("list, preview: the counts disagree: the chart %d, rows read %s, values failed %s, empty %s, the tool %q", legend, read, failed, empty, toolSays)
	}
	plainWords("list, preview")
	checkAxe("list, preview")
	shot("serve-list-preview.png", "#what")

	// One row per organisation, downloaded.
	got, args := download("run-btn")
	if want := cliRun(args, messyContacts); !bytes.Equal(got, want) {
		t.Errorf("list, one row per organisation: the download differs from webaddress %s:\n--- page\n%s--- tool\n%s", strings.Join(args, " "), got, want)
	}
	if !slices.Contains(args, "--fields=Name,Website,Phone") || !slices.Contains(args, "--by=owner") || !slices.Contains(args, "--first=true") {
		t.Errorf("list, one row per organisation: %q", args)
	}
	if rejected := get(t, ctx, chromedp.TextContent(chromedp.CSS(`#summary dd[data-name="rows rejected"]`))); rejected != "1" {
		t.Errorf("list: the summary says %s rows rejected, want 1", rejected)
	}
	do(chromedp.Focus(chromedp.ID("rejects-link")))
	key(kb.Enter)
	gotRejects := waitDownload()
	var cliOut, cliErr bytes.Buffer
	rejects := filepath.Join(dir, "rejects.jsonl")
	if code := run(append(slices.Clone(args), "--rejects", rejects), strings.NewReader(messyContacts), &cliOut, &cliErr); code != 0 {
		t.Fatal(cliErr.String())
	}
	// The rows left out, as a table: the row as a spreadsheet numbers
	// it, what is wrong in words; the tool's own records beside.
	wantRejects, _ := os.ReadFile(rejects)
	if want, _ := rejectsTable(wantRejects, ',', false); !bytes.Equal(gotRejects, want) || !bytes.Contains(gotRejects, []byte("\n8,It has a quote inside a cell that does not start with one.,")) {
		t.Errorf("list: the rejects downloaded differ from the tool's --rejects as a table:\n--- page\n%s--- tool\n%s", gotRejects, want)
	}
	do(chromedp.Focus(chromedp.CSS("#downloads details summary")))
	key(kb.Enter)
	do(chromedp.Focus(chromedp.ID("rejects-jsonl")))
	key(kb.Enter)
	if got := waitDownload(); !bytes.Equal(got, wantRejects) {
		t.Errorf("list: the tool's records of the rejects differ from its --rejects:\n--- page\n%s--- tool\n%s", got, wantRejects)
	}
	plainWords("list, run done")
	checkAxe("list, run done")
	shot("serve-list-done.png", "#result")

	// The review: every group of more than one row, with its rows and why.
	do(chromedp.Focus(chromedp.ID("review-btn")))
	key(kb.Enter)
	do(chromedp.WaitVisible(chromedp.CSS(`#status[data-state="review"]`)))
	type groupView struct {
		Title string   `json:"title"`
		Why   string   `json:"why"`
		Rows  []string `json:"rows"`
	}
	groups := func() []groupView {
		return get(t, ctx, chromedp.Evaluate[[]groupView](`[...document.querySelectorAll("#groups .group")].map(g => ({title: g.querySelector("h3").textContent, why: g.querySelector(".why").textContent, rows: [...g.querySelectorAll("tbody tr")].map(r => [...r.cells].map(c => c.textContent).join("|"))}))`))
	}
	gs := groups()
	if len(gs) != 3 || gs[2].Rows[0] != "9 (kept)|Globex|“globex.co.uk”|" || gs[0].Title != "acme.com: 3 rows" || len(gs[0].Rows) != 3 || gs[0].Rows[0] != "2 (kept)|Acme Inc|WWW.Acme.com/|" ||
		!strings.Contains(gs[0].Why, "an e-mail address read as its domain's website (1 row)") || !strings.Contains(gs[0].Why, "tracking parameters removed (1 row)") {
		t.Errorf("review: the groups are %+v", gs)
	}
	checkAxe("list, review")
	shot("serve-list-review.png", "#review")
	if ms := get(t, ctx, chromedp.AttributeValue(chromedp.ID("review"), "data-ms")); ms.Value != "" {
		t.Logf("review: the file read for its groups and rows in %s ms", ms.Value)
	}
	// focused returns the key of the group that has the focus and the
	// action of its button.
	focused := func() string {
		return get(t, ctx, chromedp.Evaluate[string](`(() => { const e = document.activeElement; const g = e.closest(".group"); return (g ? g.dataset.key : "") + " " + (e.dataset.act || e.id || e.tagName); })()`))
	}
	// Merge acme.co.uk into acme.com, by keyboard: its toolbar's third
	// button (the arrow keys move in the toolbar), Enter, the website,
	// Enter. The focus stays on the group.
	do(chromedp.Focus(chromedp.CSS(`#group-0 [data-act="accept"]`)))
	key(kb.ArrowRight)
	key(kb.ArrowRight)
	if f := focused(); f != "acme.com add" {
		t.Errorf("review: the arrow keys in a group's toolbar lead to %q, want acme.com add", f)
	}
	key(kb.Enter)
	do(chromedp.SendKeys(chromedp.ID("group-0-merge"), "acme.co.uk"))
	key(kb.Enter)
	get(t, ctx, chromedp.Poll[bool](`document.querySelector("#group-0 h3").textContent === "acme.com: 4 rows"`, chromedp.WithPollingInterval(20*time.Millisecond)))
	if f := focused(); f != "acme.com add" {
		t.Errorf("review: after a merge the focus is on %q, want acme.com add", f)
	}
	// Keep Globex's two rows apart: the focus stays on its button.
	i := get(t, ctx, chromedp.Evaluate[int](`[...document.querySelectorAll("#groups .group h3")].findIndex(h => h.textContent.startsWith("globex.co.uk"))`))
	do(chromedp.Focus(chromedp.CSS(fmt.Sprintf(`#group-%d [data-act="apart"]`, i))))
	key(kb.Enter)
	if f := focused(); f != "globex.co.uk apart" {
		t.Errorf("review: after keeping apart the focus is on %q, want globex.co.uk apart", f)
	}
	// Accept Bücher's: the focus moves to the next group's Accept.
	do(chromedp.Focus(chromedp.CSS(`#group-1 [data-act="accept"]`)))
	key(kb.Enter)
	if h := get(t, ctx, chromedp.TextContent(chromedp.CSS("#group-1 h3"))); h != "xn--bcher-kva.de: 2 rows, accepted" {
		t.Errorf("review: the group accepted says %q", h)
	}
	if f := focused(); f != "globex.co.uk accept" {
		t.Errorf("review: after accepting the focus is on %q, want the next group's accept", f)
	}
	// One Tab stop a group: from the second group's toolbar to the
	// download.
	do(chromedp.Focus(chromedp.CSS(`#group-1 [data-act="accept"]`)))
	tabs := tabTo("apply-btn")
	t.Logf("keyboard, review: %d Tab presses from the second group to the download (3 groups)", tabs)
	if tabs > 6 {
		t.Errorf("keyboard, review: %d Tab presses from the second group to the download, want at most 6", tabs)
	}
	// Keep the most complete row of each group: Acme's with a phone.
	do(chromedp.Focus(chromedp.ID("keep-row")))
	key(kb.ArrowDown)
	if kept := get(t, ctx, chromedp.TextContent(chromedp.CSS("#group-0 tr.kept td"))); kept != "4 (kept)" {
		t.Errorf("review: the most complete row of acme.com is %q, want row 4", kept)
	}
	if text := get(t, ctx, chromedp.TextContent(chromedp.ID("choices"))); text != "Kept the most complete row of each group; Merged acme.co.uk into acme.com; Kept the rows of globex.co.uk apart. 2 of 3 groups reviewed (accepted or kept apart); the others are downloaded as the tool made them." {
		t.Errorf("review: the choices say %q", text)
	}
	plainWords("list, review with choices")
	checkAxe("list, review with choices")
	tabAround("list, review with choices")
	shot("serve-list-choices.png", "#groups .group.apart")
	// The two files, saved, as the command line reads them.
	for _, c := range []struct{ link, name, want string }{
		{"save-aliases", "aliases", "acme.co.uk acme.com\n"},
		{"save-apart", "keep-apart", "globex.co.uk\n"},
	} {
		do(chromedp.Focus(chromedp.ID(c.link)))
		key(kb.Enter)
		saved := waitDownload()
		if string(saved) != c.want {
			t.Errorf("review: %s saved %q, want %q", tool.ListName(c.name), saved, c.want)
		}
		os.WriteFile(filepath.Join(dir, tool.ListName(c.name)), saved, 0o666)
	}
	said := get(t, ctx, chromedp.AttributeValue(chromedp.ID("review-status"), "data-rows")).Value
	got, args = download("apply-btn")
	// The count the review says is the download's.
	if recs, err := csv.NewReader(bytes.NewReader(got)).ReadAll(); err != nil || strconv.Itoa(len(recs)-1) != said {
		t.Errorf("review: the review says the download has %s rows; it has %d (%v)", said, len(recs)-1, err)
	}
	if !slices.Contains(args, "--aliases=aliases.txt") || !slices.Contains(args, "--keep-apart=keep-apart.txt") || !slices.Contains(args, "--keep=most-complete") {
		t.Errorf("review: the command line shown has no lists: %q", args)
	}
	if want := cliRun(args, messyContacts); !bytes.Equal(got, want) {
		t.Errorf("review: the download differs from webaddress %s:\n--- page\n%s--- tool\n%s", strings.Join(args, " "), got, want)
	}
	if !bytes.Contains(got, []byte("Globex (dup)")) || bytes.Contains(got, []byte("Acme UK")) || !bytes.Contains(got, []byte("Acme again")) || bytes.Contains(got, []byte("Acme Inc")) {
		t.Errorf("review: the download does not follow the choices:\n%s", got)
	}
	checkAxe("list, review downloaded")
	// search types words in the search field of id and returns the
	// titles of the items (of sel) found, then empties the field.
	search := func(id, words, sel string) []string {
		t.Helper()
		do(chromedp.Focus(chromedp.ID(id)), chromedp.SendKeys(chromedp.ID(id), words))
		found := get(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll(`+strconv.Quote(sel+" h3")+`)].map(h => h.textContent)`))
		get(t, ctx, chromedp.Evaluate[bool](`(() => { const f = document.getElementById(`+strconv.Quote(id)+`); f.value = ""; f.dispatchEvent(new Event("input")); return true; })()`))
		return found
	}
	// Find a group by any cell; accept all the groups on a page.
	if found := search("group-filter", "dup", "#groups .group"); len(found) != 1 || !strings.HasPrefix(found[0], "globex.co.uk") {
		t.Errorf("review: the groups found by \"dup\" are %q", found)
	}
	do(chromedp.Focus(chromedp.ID("accept-page")))
	key(kb.Enter)
	if text := get(t, ctx, chromedp.TextContent(chromedp.ID("choices"))); !strings.Contains(text, "3 of 3 groups reviewed") {
		t.Errorf("review: after accepting all on the page the choices say %q", text)
	}
	do(chromedp.SetValue(chromedp.ID("group-show"), "apart"))
	get(t, ctx, chromedp.Evaluate[bool](`(document.querySelector("#group-show").dispatchEvent(new Event("input")), true)`))
	if gs := groups(); len(gs) != 1 || !strings.HasPrefix(gs[0].Title, "globex.co.uk") {
		t.Errorf("review: the groups kept apart shown are %+v", gs)
	}
	checkAxe("list, review, a search")

	// The other tasks, chosen by keyboard (a task's radio, Space).
	for _, c := range []struct{ task, arg string }{
		{"columns", "--fields=site,owner,domain"},
		{"problems", "--fields=error_code,error"},
		{"clean", "clean"},
	} {
		do(chromedp.Focus(chromedp.ID("task-" + c.task)))
		key(" ")
		got, args := download("run-btn")
		if !slices.Contains(args, c.arg) {
			t.Errorf("list, task %s: the command line is %q, want %s in it", c.task, args, c.arg)
		}
		if want := cliRun(args, messyContacts); !bytes.Equal(got, want) {
			t.Errorf("list, task %s: the download differs from webaddress %s:\n--- page\n%s--- tool\n%s", c.task, strings.Join(args, " "), got, want)
		}
		checkAxe("list, task " + c.task + " done")
	}
	if disabled := get(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#task-match").disabled`)); disabled == has("match") {
		t.Errorf("list: the task match is disabled %v, with the command match %v", disabled, has("match"))
	}

	// Match a list of leads against the accounts, by keyboard: the
	// accounts file chosen, its columns and the list's ticked, a preview,
	// the download against the tool given the same two files, the rows
	// counted in words.
	leads := filepath.Join(dir, "leads.csv")
	accounts := filepath.Join(dir, "accounts.csv")
	if err := os.WriteFile(leads, []byte(matchLeads), 0o666); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(accounts, []byte(matchAccounts), 0o666); err != nil {
		t.Fatal(err)
	}
	do(chromedp.Navigate(s.url), chromedp.WaitVisible(chromedp.ID("drop")))
	tabTo("file")
	do(chromedp.SetUploadFiles(chromedp.ID("file"), []string{leads}))
	get(t, ctx, chromedp.Poll[bool](`document.body.dataset.state === "loaded"`, chromedp.WithPollingInterval(20*time.Millisecond)))
	// Several columns, as --column website,email: the e-mail address
	// stands in for a missing website, and each row says which column it
	// was read from.
	if c2 := get(t, ctx, chromedp.Value(chromedp.ID("column2"))); c2 != "email" {
		t.Errorf("list, leads: the column read where the website is missing is %q, want email", c2)
	}
	got, args = download("run-btn")
	if !slices.Contains(args, "--column=website,email") || !slices.Contains(args, "--fields=name,email,website,via") {
		t.Errorf("list, leads, one row per organisation: the command line is %q", args)
	}
	if want := cliRun(args, matchLeads); !bytes.Equal(got, want) {
		t.Errorf("list, leads: the download differs from webaddress %s:\n--- page\n%s--- tool\n%s", strings.Join(args, " "), got, want)
	}
	do(chromedp.Focus(chromedp.ID("review-btn")))
	key(kb.Enter)
	do(chromedp.WaitVisible(chromedp.CSS(`#status[data-state="review"]`)))
	if gs := groups(); len(gs) != 1 || gs[0].Title != "acme.com: 2 rows" || len(gs[0].Rows) != 2 || gs[0].Rows[0] != "2 (kept)|email|Ann|ann@sales.acme.com|" || gs[0].Rows[1] != "5|website|Dee|dee@acme.com|https://www.acme.com/" {
		t.Errorf("list, leads: the review's groups are %+v", gs)
	}
	checkAxe("list, leads reviewed, two columns")
	do(chromedp.Focus(chromedp.ID("task-match")))
	key(" ")
	if !get(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#run-btn").disabled`)) {
		t.Errorf("list, match: the run can be started before the accounts are chosen")
	}
	tabTo("accounts")
	do(chromedp.SetUploadFiles(chromedp.ID("accounts"), []string{accounts}))
	get(t, ctx, chromedp.Poll[bool](`document.querySelector("#match-box").dataset.ready === "1"`, chromedp.WithPollingInterval(20*time.Millisecond)))
	// Untick the accounts' e-mail column, by keyboard, and tick it again.
	do(chromedp.Focus(chromedp.CSS(`#against-list input[value="email"]`)))
	key(" ")
	if help := get(t, ctx, chromedp.TextContent(chromedp.ID("match-help"))); help != "Ready: your list's email, then website against the accounts' domain (each tried in this order)." {
		t.Errorf("list, match: with the accounts' domain only, the page says %q", help)
	}
	key(" ")
	if help := get(t, ctx, chromedp.TextContent(chromedp.ID("match-help"))); help != "Ready: your list's email, then website against the accounts' email, then domain (each tried in this order)." {
		t.Errorf("list, match: the page says %q", help)
	}
	do(chromedp.Focus(chromedp.ID("preview-btn")))
	key(kb.Enter)
	do(chromedp.WaitVisible(chromedp.CSS(`#status[data-state="preview"]`)))
	previewWords := get(t, ctx, chromedp.TextContent(chromedp.ID("match-words")))
	got, args = download("run-btn")
	if !slices.Contains(args, "--against=accounts.csv") || !slices.Contains(args, "--column=email,website") || !slices.Contains(args, "--against-column=email,domain") {
		t.Errorf("list, match: the command line is %q", args)
	}
	for i, a := range args {
		if a == "--against=accounts.csv" {
			args[i] = "--against=" + accounts
		}
	}
	matchOut := cliRun(args, matchLeads)
	if !bytes.Equal(got, matchOut) {
		t.Errorf("list, match: the download differs from webaddress %s:\n--- page\n%s--- tool\n%s", strings.Join(args, " "), got, matchOut)
	}
	get(t, ctx, chromedp.Poll[bool](`document.querySelector("#words").dataset.match !== undefined`, chromedp.WithPollingInterval(20*time.Millisecond)))
	wantWords := matchWords(t, matchOut)
	if w := get(t, ctx, chromedp.TextContent(chromedp.ID("match-words"))); w != wantWords || previewWords != wantWords {
		t.Errorf("list, match: the words are %q (preview %q), want %q", w, previewWords, wantWords)
	}
	if n := get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#new-rows tbody tr").length`)); n != strings.Count(string(matchOut), ",0,") {
		t.Errorf("list, match: %d new rows shown", n)
	}
	t.Logf("list, match: %q", wantWords)
	plainWords("list, task match done")
	checkAxe("list, task match done")
	tabAround("list, task match done")
	shot("serve-list-match.png", "#match-box")

	// The review of the matches, by keyboard alone, its key presses
	// counted: from the run's button to the review, Ann's match rejected
	// (her e-mail is acme.com's, but say she is not that Acme), Bob's
	// accepted, the download with the choices.
	presses := 0
	press := func(keys string) {
		presses++
		key(keys)
	}
	// tabToSel presses Tab until the focus is on sel.
	tabToSel := func(sel string) {
		t.Helper()
		for n := 0; n < 40; n++ {
			if get(t, ctx, chromedp.Evaluate[bool](`document.activeElement.matches(`+strconv.Quote(sel)+`)`)) {
				return
			}
			press(kb.Tab)
		}
		t.Fatalf("keyboard, match review: %s never had the focus", sel)
	}
	reviewStart := time.Now()
	do(chromedp.Focus(chromedp.ID("run-btn")))
	presses++
	do(chromedp.KeyEvent(kb.Tab, chromedp.KeyModifiers(chromedp.ModifierShift)))
	if f := focused(); f != " review-btn" {
		t.Fatalf("keyboard, match review: Shift+Tab from the run leads to %q", f)
	}
	press(kb.Enter)
	do(chromedp.WaitVisible(chromedp.CSS(`#status[data-state="match-review"]`)))
	type matchView struct {
		Title string `json:"title"`
		Why   string `json:"why"`
	}
	ms := get(t, ctx, chromedp.Evaluate[[]matchView](`[...document.querySelectorAll("#matches .match")].map(m => ({title: m.querySelector("h3").textContent, why: m.querySelector(".why").textContent}))`))
	if len(ms) != 4 || ms[0].Title != "Row 2: ann@sales.acme.com with Acme and 2 more" || ms[0].Why != "They match because the row's email (ann@sales.acme.com) and the accounts are of acme.com, at the level of the same organisation; the match is ambiguous: check it." || ms[1].Title != "Row 3: globex.com with Globex" {
		t.Errorf("match review: the matches are %+v", ms)
	}
	// Dee's match at acme.com, its two accounts, then the organisation's
	// other account, the shop (match --all writes it after them); Gus's
	// account is his, after Dee's.
	if len(ms) == 4 && (ms[2].Title != "Row 5: dee@acme.com with Acme and 1 more" || ms[3].Title != "Row 6: info@umbrella.org with Umbrella" ||
		ms[2].Why != "They match because the row's email (dee@acme.com) and the accounts are of acme.com, at the level of the same website; the match is ambiguous: check it. The organisation (acme.com) has 1 other account, at another website, listed after.") {
		t.Errorf("match review: Dee's and Gus's matches are %+v and %+v", ms[2], ms[3])
	}
	if accts := get(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-key="3"] table.rows:last-child tbody tr')].map(tr => tr.textContent)`)); !slices.Equal(accts, []string{"account 1Acmeacme.com", "account 2Acme Europeacme.com", "other account 1Acme Shopshop.acme.com"}) {
		t.Errorf("match review: Dee's accounts are %q", accts)
	}
	tabToSel(`[data-key="0"] [data-act="accept"]`)
	press(kb.ArrowRight)
	press(kb.Enter)
	if f := focused(); f != "0 reject" {
		t.Errorf("match review: after a reject the focus is on %q, want the same match's reject", f)
	}
	tabToSel(`[data-key="1"] [data-act="accept"]`)
	press(kb.Enter)
	if f := focused(); f != "3 accept" {
		t.Errorf("match review: after an accept the focus is on %q, want the next match's accept", f)
	}
	if fresh := get(t, ctx, chromedp.AttributeValue(chromedp.ID("match-review-status"), "data-fresh")).Value; fresh != "2" {
		t.Errorf("match review: with Ann's match rejected, %s new organisations, want 2 (Cy and Ann)", fresh)
	}
	plainWords("list, match review")
	checkAxe("list, match review")
	shot("serve-list-match-review.png", "#match-review")
	tabToSel("#match-apply")
	press(kb.Enter)
	gotChoices := waitDownload()
	t.Logf("keyboard, match review: %d key presses from the run's button to the download with 2 choices (a reject, an accept), in %v (4 matches)", presses, time.Since(reviewStart).Round(time.Millisecond))
	// The tool's output, Ann's row as one that matches no account.
	wantChoices := strings.Replace(string(matchOut), "Ann,ann@sales.acme.com,,3,acme.com,email,owner,true,Acme,acme.com,\n", "Ann,ann@sales.acme.com,,0,acme.com,,,,,,\n", 1)
	if wantChoices == string(matchOut) || string(gotChoices) != wantChoices {
		t.Errorf("match review: the download with the choices is\n%s\nwant\n%s", gotChoices, wantChoices)
	}
	// Find a match by an account's cell, then accept all on the page.
	if found := search("match-filter", "ceo@", "#matches .match"); len(found) != 1 || found[0] != "Row 6: info@umbrella.org with Umbrella" {
		t.Errorf("match review: the matches found by \"ceo@\" are %q", found)
	}
	do(chromedp.Focus(chromedp.ID("match-accept-page")))
	key(kb.Enter)
	if text := get(t, ctx, chromedp.TextContent(chromedp.ID("match-choices"))); !strings.HasPrefix(text, "4 of 4 matches reviewed (3 accepted, 1 rejected)") {
		t.Errorf("match review: after accepting all on the page the choices say %q", text)
	}
	checkAxe("list, match review, all accepted")
	// The accounts as a workbook, a cell with the delimiter and a line
	// break in it: the download is the tool's given the workbook.
	book := excelize.NewFile()
	for i, row := range [][]any{{"account", "domain", "email"}, {"Acme, Inc.\nHQ", "acme.com", ""}, {"Globex", "globex.com", ""}, {"Umbrella", "", "ceo@umbrella.org"}} {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		book.SetSheetRow("Sheet1", cell, &row)
	}
	accountsBook := filepath.Join(dir, "accounts.xlsx")
	if err := book.SaveAs(accountsBook); err != nil {
		t.Fatal(err)
	}
	book.Close()
	// On the same page, a second run: the accounts file chosen again is
	// read before the task is ready, and the run's download arrives.
	do(chromedp.SetUploadFiles(chromedp.ID("accounts"), []string{accountsBook}))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector("#accounts-info").textContent.includes("accounts.xlsx") && document.querySelector("#match-box").dataset.ready === "1"`, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("list, match against a workbook: %v; the page says %q", err, get(t, ctx, chromedp.TextContent(chromedp.ID("match-help"))))
	}
	got, args = download("run-btn")
	if !slices.Contains(args, "--against=accounts.xlsx") {
		t.Errorf("list, match against a workbook: the command line is %q", args)
	}
	for i, a := range args {
		if a == "--against=accounts.xlsx" {
			args[i] = "--against=" + accountsBook
		}
	}
	if bookOut := cliRun(args, matchLeads); !bytes.Equal(got, bookOut) || !bytes.Contains(got, []byte("\"Acme, Inc.\nHQ\"")) {
		t.Errorf("list, match against a workbook: the download differs from webaddress %s:\n--- page\n%s--- tool\n%s", strings.Join(args, " "), got, bookOut)
	}
	checkAxe("list, task match against a workbook")

	// More: the options in plain words, the flag beside, the help shown;
	// only combinations that work.
	do(chromedp.Focus(chromedp.ID("task-organisations")))
	key(" ")
	do(chromedp.Focus(chromedp.CSS("#more summary")))
	key(kb.Enter)
	if label := get(t, ctx, chromedp.TextContent(chromedp.CSS(`label[for="flag-by"]`))); label != "Count as one --by" {
		t.Errorf("more: the label of --by is %q", label)
	}
	if help := get(t, ctx, chromedp.TextContent(chromedp.ID("flag-by-help"))); !strings.Contains(help, "the same organisation") {
		t.Errorf("more: the help of --by is %q", help)
	}
	if off := get(t, ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#flag-key-version option:disabled")].map(o => o.value)`)); !slices.Equal(off, []string{"1", "2"}) {
		t.Errorf("more: with --by owner the key versions %q are disabled, want 1 and 2", off)
	}
	checkAxe("list, more")
	shot("serve-list-more.png", "#more")
	tabAround("list, More open")

	// An Excel workbook: its first rows, the column guessed, a preview,
	// and the download against the tool's on the same file named.
	workbook, err := filepath.Abs("../../testdata/contacts.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	do(chromedp.Navigate(s.url), chromedp.WaitVisible(chromedp.ID("drop")),
		chromedp.SetUploadFiles(chromedp.ID("file"), []string{workbook}))
	get(t, ctx, chromedp.Poll[bool](`!document.querySelector("#column").disabled`, chromedp.WithPollingInterval(20*time.Millisecond)))
	if column := get(t, ctx, chromedp.Value(chromedp.ID("column"))); column != "website" {
		t.Errorf("list, contacts.xlsx: the column guessed is %q, want website", column)
	}
	if cell := get(t, ctx, chromedp.TextContent(chromedp.CSS("#sample tbody tr:first-child td:nth-child(3)"))); cell != "WWW.Acme.com/?utm_source=crm" {
		t.Errorf("list, contacts.xlsx: the first row's website is %q", cell)
	}
	get(t, ctx, chromedp.Evaluate[bool](chooseCommand("parse")))
	do(chromedp.Click(chromedp.ID("preview-btn")), chromedp.WaitVisible(chromedp.CSS("#preview tbody tr")))
	if n := get(t, ctx, chromedp.Evaluate[int](`document.querySelectorAll("#preview tbody tr").length`)); n != 10 {
		t.Errorf("list, contacts.xlsx: the preview has %d rows, want 10", n)
	}
	// A workbook's download is for Excel: CSV with a byte order mark.
	if !get(t, ctx, chromedp.Evaluate[bool](`document.querySelector("#bom").checked`)) {
		t.Errorf("list, contacts.xlsx: the download is not for Excel")
	}
	do(chromedp.Click(chromedp.ID("run-btn")))
	got = waitDownload()
	do(chromedp.WaitVisible(chromedp.CSS(`#status[data-state="done"]`)))
	if !bytes.HasPrefix(got, []byte("\uFEFF")) {
		t.Errorf("list, contacts.xlsx: the download has no byte order mark: %.40q", got)
	}
	cliOut.Reset()
	cliErr.Reset()
	args = []string{"parse", "--column", "website", "--format", "csv", "--bom", workbook}
	if code := run(args, strings.NewReader(""), &cliOut, &cliErr); code != 0 {
		t.Fatalf("webaddress %s: exit %d: %s", strings.Join(args, " "), code, cliErr.String())
	}
	if !bytes.Equal(got, cliOut.Bytes()) {
		t.Errorf("list, contacts.xlsx: the download differs from webaddress %s:\n--- page\n%s--- tool\n%s", strings.Join(args, " "), got, cliOut.Bytes())
	}

	// One row per organisation on a public list this repository did not
	// write (the first 400 addresses of the kasztp corpus, each under a
	// name), by keyboard alone, its key presses counted: from the file
	// chosen to the review, every group of its first page accepted, the
	// download, which is the tool's.
	var public []byte
	public = append(public, "name,website\n"...)
	for i, l := range testfiles.MustCorpusLines(t, "kasztp.txt")[:400] {
		public = record.AppendLine(public, ',', []string{"Site " + strconv.Itoa(i+1), strings.TrimPrefix(l, "\uFEFF")})
	}
	publicFile := filepath.Join(dir, "kasztp-400.csv")
	if err := os.WriteFile(publicFile, public, 0o666); err != nil {
		t.Fatal(err)
	}
	do(chromedp.Navigate(s.url), chromedp.WaitVisible(chromedp.ID("drop")))
	do(chromedp.Focus(chromedp.ID("file")), chromedp.SetUploadFiles(chromedp.ID("file"), []string{publicFile}))
	get(t, ctx, chromedp.Poll[bool](`document.body.dataset.state === "loaded"`, chromedp.WithPollingInterval(20*time.Millisecond)))
	presses = 0
	start := time.Now()
	tabToSel("#review-btn")
	press(kb.Enter)
	do(chromedp.WaitVisible(chromedp.CSS(`#status[data-state="review"]`)))
	tabToSel("#accept-page")
	press(kb.Enter)
	tabToSel("#apply-btn")
	press(kb.Enter)
	got = waitDownload()
	do(chromedp.WaitVisible(chromedp.CSS(`#status[data-state="done"]`)))
	took := time.Since(start)
	choices := get(t, ctx, chromedp.TextContent(chromedp.ID("choices")))
	t.Logf("keyboard, a public list (400 rows): %d key presses from the file chosen to the download, in %v: %s; %s", presses, took.Round(time.Millisecond),
		get(t, ctx, chromedp.TextContent(chromedp.ID("review-status"))), choices)
	cli := strings.Fields(get(t, ctx, chromedp.TextContent(chromedp.CSS("#summary code.cmd"))))
	if want := cliRun(cli[1:len(cli)-2], string(public)); !bytes.Equal(got, want) {
		t.Errorf("keyboard, a public list: the download differs from webaddress %s", strings.Join(cli, " "))
	}
	checkAxe("list, a public list reviewed")
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

// chooseCommand is a script that picks the command name on the list
// cleaner, under "Something else".
func chooseCommand(name string) string {
	return `(() => { document.querySelector("#task-custom").click(); const c = document.querySelector("#command"); c.value = ` + strconv.Quote(name) + `; c.dispatchEvent(new Event("change")); return true; })()`
}

// has reports whether the tool has the command name.
func has(name string) bool {
	return slices.ContainsFunc(commandInfos(), func(c commandInfo) bool { return c.Name == name })
}

// An axeViolation is a rule of axe-core that the page breaks.
type axeViolation struct {
	ID     string   `json:"id"`
	Impact string   `json:"impact"`
	Nodes  []string `json:"nodes"`
}

// axeCore returns the script of axe-core, installed from the npm registry
// into a directory of the test; "" (and the checks skipped) without npm,
// unless CI=true, where it fails.
func axeCore(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("AXE_CORE"); p != "" {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("no npm, to install axe-core for the accessibility checks; under CI=true they may not be skipped")
		}
		t.Log("no npm: axe-core's accessibility checks are skipped")
		return ""
	}
	dir := t.TempDir()
	cmd := exec.Command(npm, "install", "--no-audit", "--no-fund", "--prefix", dir, "axe-core@4")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm install axe-core: %v\n%s", err, out)
	}
	b, err := os.ReadFile(filepath.Join(dir, "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// screenshot writes the page's viewport to docs/name, for the README.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	writeScreenshot(t, ctx, filepath.Join(testfiles.Root(), "docs", name))
}

// writeScreenshot writes the page's viewport to path, a PNG of 256
// colours.
func writeScreenshot(t *testing.T, ctx context.Context, path string) {
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
	if err := chromedp.Do(ctx, chromedp.Navigate(base), chromedp.SetUploadFiles(chromedp.ID("file"), []string{input})); err != nil {
		t.Fatal(err)
	}
	get(t, ctx, chromedp.Poll[bool](`!document.querySelector("#column").disabled`))
	get(t, ctx, chromedp.Evaluate[bool](chooseCommand("parse")))
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

// headless starts Chromium for a measurement, with opts, its profile in
// dir, and returns its context, closed at the test's end.
func headless(t *testing.T, dir string, opts ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	base := []chromedp.ExecAllocatorOption{chromedp.ExecPath(chromium(t)), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true), chromedp.UserDataDir(filepath.Join(dir, "profile"))}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(base, opts...)...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() {
		cancel()
		cancelAlloc()
	})
	return ctx
}

// TestPageReview measures, in Chromium, the time from a file chosen to
// its review of the groups (one row per organisation: the whole file run
// twice, its groups and its rows read by the page) on 1,000 and 100,000
// rows of the corpus's typed addresses, each under a name, and the page's
// first paint. With WEBADDRESS_PAGE_LIST=FILE it reviews that file instead
// and writes docs/serve-list-other.png, what a person sees on a list this
// repository did not write. It is a measurement, run when
// WEBADDRESS_PAGE_REVIEW=1.
func TestPageReview(t *testing.T) {
	if os.Getenv("WEBADDRESS_PAGE_REVIEW") != "1" {
		t.Skip("the review of large files: set WEBADDRESS_PAGE_REVIEW=1")
	}
	dir := t.TempDir()
	ctx := headless(t, dir, chromedp.WindowSize(1100, 1350))
	s := startServer(t, serveOptions{maxUpload: 256 << 20, timeout: 10 * time.Minute})

	files := map[string]string{}
	if other := os.Getenv("WEBADDRESS_PAGE_LIST"); other != "" {
		files["other"] = other
	} else {
		lines := testfiles.MustCorpusLines(t, "typed.txt")
		for _, n := range []int{1000, 100000} {
			path := filepath.Join(dir, fmt.Sprintf("rows-%d.csv", n))
			var b []byte
			b = append(b, "name,website\n"...)
			for i := range n {
				b = record.AppendLine(b, ',', []string{"Company " + strconv.Itoa(i+1), lines[(i*7)%len(lines)]})
			}
			if err := os.WriteFile(path, b, 0o666); err != nil {
				t.Fatal(err)
			}
			files[strconv.Itoa(n)] = path
		}
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		path := files[name]
		if _, err := chromedp.Run(ctx, chromedp.Navigate(s.url)); err != nil {
			t.Fatal(err)
		}
		fcp := get(t, ctx, chromedp.Poll[float64](`performance.getEntriesByName("first-contentful-paint").length && performance.getEntriesByName("first-contentful-paint")[0].startTime`, chromedp.WithPollingInterval(10*time.Millisecond)))
		start := time.Now()
		if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("file"), []string{path})); err != nil {
			t.Fatal(err)
		}
		get(t, ctx, chromedp.Poll[bool](`document.body.dataset.state === "loaded"`, chromedp.WithPollingInterval(10*time.Millisecond)))
		loaded := time.Since(start)
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("review-btn"))); err != nil {
			t.Fatal(err)
		}
		get(t, ctx, chromedp.Poll[bool](`document.body.dataset.state === "review" || /failed/.test(document.querySelector("#status").textContent)`, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(10*time.Minute)))
		took := time.Since(start)
		said := get(t, ctx, chromedp.TextContent(chromedp.ID("review-status")))
		t.Logf("%s: the list's first paint %.0f ms; file chosen to its first rows %v, to its review %v: %s", name, fcp, loaded.Round(time.Millisecond), took.Round(time.Millisecond), said)
		if name == "other" {
			get(t, ctx, chromedp.Evaluate[bool](`(document.querySelector("#review").scrollIntoView({block: "start"}), true)`))
			screenshot(t, ctx, "serve-list-other.png")
		}
	}
}

// TestPageMatch measures, in Chromium, the time from the accounts file
// chosen to the result of the match task (the whole list run, downloaded,
// and its rows counted by the page), then to the review of the matches,
// on 1,000 leads against 1,000 accounts, the corpus's typed addresses. It is a measurement, run when
// WEBADDRESS_PAGE_MATCH=1.
func TestPageMatch(t *testing.T) {
	if os.Getenv("WEBADDRESS_PAGE_MATCH") != "1" {
		t.Skip("the match task on 1,000 rows: set WEBADDRESS_PAGE_MATCH=1")
	}
	dir := t.TempDir()
	ctx := headless(t, dir)
	s := startServer(t, serveOptions{maxUpload: 64 << 20, timeout: 10 * time.Minute})
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllowAndName, DownloadPath: dir}); err != nil {
		t.Fatal(err)
	}
	lines := testfiles.MustCorpusLines(t, "typed.txt")
	write := func(name, head string, row func(i int) []string) string {
		b := []byte(head)
		for i := range 1000 {
			b = record.AppendLine(b, ',', row(i))
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, b, 0o666); err != nil {
			t.Fatal(err)
		}
		return path
	}
	leads := write("leads.csv", "name,website\n", func(i int) []string { return []string{"Lead " + strconv.Itoa(i+1), lines[(i*7)%len(lines)]} })
	accounts := write("accounts.csv", "account,website\n", func(i int) []string { return []string{"Account " + strconv.Itoa(i+1), lines[(i*11)%len(lines)]} })
	if _, err := chromedp.Run(ctx, chromedp.Navigate(s.url)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("file"), []string{leads})); err != nil {
		t.Fatal(err)
	}
	get(t, ctx, chromedp.Poll[bool](`document.body.dataset.state === "loaded"`, chromedp.WithPollingInterval(10*time.Millisecond)))
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("task-match"))); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("accounts"), []string{accounts})); err != nil {
		t.Fatal(err)
	}
	get(t, ctx, chromedp.Poll[bool](`document.querySelector("#match-box").dataset.ready === "1"`, chromedp.WithPollingInterval(10*time.Millisecond)))
	ready := time.Since(start)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("run-btn"))); err != nil {
		t.Fatal(err)
	}
	get(t, ctx, chromedp.Poll[bool](`document.querySelector("#words").dataset.match !== undefined || /failed/.test(document.querySelector("#status").textContent)`, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(5*time.Minute)))
	took := time.Since(start)
	said := get(t, ctx, chromedp.TextContent(chromedp.ID("match-words")))
	t.Logf("match, 1,000 leads against 1,000 accounts: accounts chosen to ready %v, to the result %v: %s", ready.Round(time.Millisecond), took.Round(time.Millisecond), said)
	// The review of the matches: the list run twice more (a row per row,
	// a row per account matched), read by the page.
	start = time.Now()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("review-btn"))); err != nil {
		t.Fatal(err)
	}
	get(t, ctx, chromedp.Poll[bool](`document.body.dataset.state === "match-review" || /failed/.test(document.querySelector("#status").textContent)`, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(5*time.Minute)))
	t.Logf("match, 1,000 leads: the review of the matches in %v: %s; %s", time.Since(start).Round(time.Millisecond),
		get(t, ctx, chromedp.TextContent(chromedp.ID("match-review-status"))), get(t, ctx, chromedp.TextContent(chromedp.ID("match-page-info"))))
}
