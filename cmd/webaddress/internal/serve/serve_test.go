// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package serve

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/clean"
	"github.com/onecontact/webaddress/cmd/webaddress/internal/tool"
)

// testServer serves the page with httptest on 127.0.0.1, checking the
// Host as serve does.
func testServer(t *testing.T, o serveOptions) (*server, *httptest.Server) {
	t.Helper()
	if o.maxUpload == 0 {
		o.maxUpload = 64 << 20
	}
	if o.timeout == 0 {
		o.timeout = time.Minute
	}
	ts := httptest.NewUnstartedServer(nil)
	s, err := newServer(ts.Listener.Addr().String(), 2, o)
	if err != nil {
		t.Fatal(err)
	}
	ts.Config.Handler = s
	ts.Start()
	// A browser's cookies: its runs are its own.
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	ts.Client().Jar = jar
	t.Cleanup(ts.Close)
	return s, ts
}

// do sends a request to ts and returns the status and body; status 0
// when it could not (an error of t, which do may report from any
// goroutine).
func do(t *testing.T, ts *httptest.Server, method, path string, body io.Reader, header map[string]string) (int, string, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, body)
	if err != nil {
		t.Error(err)
		return 0, "", nil
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Error(err)
		return 0, "", nil
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Error(err)
	}
	return resp.StatusCode, string(b), resp.Header
}

func TestServePages(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	code, body, h := do(t, ts, "GET", "/?"+url.Values{"address": {"WWW.Example.com/Shop?utm_source=x"}, "www_handling": {"strip"}}.Encode(), nil, nil)
	if code != 200 {
		t.Fatalf("GET /: %d %s", code, body)
	}
	a, err := cells.Parse("WWW.Example.com/Shop?utm_source=x")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`<tr data-field="canonical"><th>canonical</th><td>` + a.Canonical() + `</td></tr>`,
		`<option selected>strip</option>`,
		`value="WWW.Example.com/Shop?utm_source=x"`,
		`<script src="/static/app.js" defer></script>`,
		// The link is the view's query as it is, not escaped as one
		// parameter ("/?address%3d...").
		`<a id="link" href="/viewer?address=WWW.Example.com%2FShop%3Futm_source%3Dx&amp;www_handling=strip">`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("GET /?address=...: the page has no %s", want)
		}
	}
	csp := h.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("Content-Security-Policy %q has no %s", csp, want)
		}
	}
	if strings.Contains(body, "<script>") || strings.Contains(body, " style=") || strings.Contains(body, " on") && strings.Contains(body, "onclick=") {
		t.Errorf("the page has inline script or style, which its CSP forbids")
	}

	// Underlines of the failing port, the page's markup escaped.
	_, body, _ = do(t, ts, "GET", "/?address="+url.QueryEscape(`https://e.com:99999/<b>`), nil, nil)
	if !strings.Contains(body, `<span class="err fail" title="port-out-of-range">99999</span>`) {
		t.Errorf("GET /?address=https://e.com:99999/...: the port is not underlined as a failure:\n%s", body)
	}
	if strings.Contains(body, "<b>") {
		t.Errorf("GET /?address=...<b>: the input is not escaped")
	}

	// The first page is the list cleaner (at /list too, for old links);
	// the viewer is one click away.
	for _, path := range []string{"/", "/list"} {
		code, body, _ = do(t, ts, "GET", path, nil, nil)
		if code != 200 || !strings.Contains(body, `id="commands-data"`) || !strings.Contains(body, `"name":"dedupe"`) || !strings.Contains(body, `<a href="/viewer">Address viewer</a>`) {
			t.Errorf("GET %s: %d, the page is not the list cleaner with a link to the viewer:\n%s", path, code, body)
		}
	}
	code, body, _ = do(t, ts, "GET", "/viewer", nil, nil)
	if code != 200 || !strings.Contains(body, `id="viewer"`) {
		t.Errorf("GET /viewer: %d, the page is not the viewer:\n%s", code, body)
	}
	for path, ctype := range map[string]string{"/static/app.js": "javascript", "/static/style.css": "text/css", "/static/icon.svg": "image/svg+xml"} {
		code, _, h := do(t, ts, "GET", path, nil, nil)
		if code != 200 || !strings.Contains(h.Get("Content-Type"), ctype) {
			t.Errorf("GET %s: %d %s, want 200 %s", path, code, h.Get("Content-Type"), ctype)
		}
	}
	for _, path := range []string{"/static/viewer.html", "/static/", "/nothing"} {
		if code, _, _ := do(t, ts, "GET", path, nil, nil); code != 404 {
			t.Errorf("GET %s: %d, want 404", path, code)
		}
	}
}

// TestServeViewParts checks the parts of a view the script puts in the
// viewer: the server's templates, as the page opened from a link has
// them, escaped.
func TestServeViewParts(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	q := "address=" + url.QueryEscape(`https://e.com:99999/<b>`)
	_, page, _ := do(t, ts, "GET", "/viewer?"+q, nil, nil)
	code, body, _ := do(t, ts, "GET", "/api/view/parts?"+q, nil, nil)
	var p viewParts
	if err := json.Unmarshal([]byte(body), &p); code != 200 || err != nil {
		t.Fatalf("GET /api/view/parts: %d %v %s", code, err, body)
	}
	if !strings.Contains(page, p.Sections) || !strings.Contains(page, p.Marks) || !strings.Contains(p.Marks, `<span class="err fail" title="port-out-of-range">99999</span>`) || strings.Contains(p.Sections, "<b>") {
		t.Errorf("GET /api/view/parts: the parts are not the page's:\n%+v", p)
	}
	if p.Query != q {
		t.Errorf("GET /api/view/parts: query %q, want %q", p.Query, q)
	}
}

func TestServeViewAPI(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	in := `HTTPS:\\Bücher.example\a b?utm_source=x`
	code, body, _ := do(t, ts, "GET", "/api/view?"+url.Values{"address": {in}, "base": {"https://base.example/dir/"}}.Encode(), nil, nil)
	if code != 200 {
		t.Fatalf("GET /api/view: %d %s", code, body)
	}
	var v view
	if err := json.Unmarshal([]byte(body), &v); err != nil {
		t.Fatal(err)
	}
	fields := map[string]string{}
	for _, s := range v.Sections {
		for _, f := range s.Fields {
			fields[s.ID+"."+f.Name] = f.Value
		}
	}
	base := webaddress.MustParseURL("https://base.example/dir/")
	u, err := base.Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	a, err := cells.Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]string{
		"url.href":               u.Href(),
		"url.origin":             u.Origin(),
		"address.canonical":      a.Canonical(),
		"address.key":            a.Key(webaddress.KeyV3, webaddress.LevelPage),
		"address.key_v1":         a.Key(webaddress.KeyV1, webaddress.LevelPage),
		"address.removed_params": "utm_source=x",
		"cell.changes":           "(none)",
	} {
		if fields[k] != want {
			t.Errorf("/api/view: %s = %q, want %q", k, fields[k], want)
		}
	}
	// The segments put together are the input, and each violation's
	// bytes are a segment naming it.
	var all strings.Builder
	for _, s := range v.Marked {
		all.WriteString(s.Text)
	}
	if all.String() != in {
		t.Errorf("/api/view: the marked segments make %q, want %q", all.String(), in)
	}
	if wantQuery := (url.Values{"address": {in}, "base": {"https://base.example/dir/"}}).Encode(); v.Query != wantQuery {
		t.Errorf("/api/view: query %q", v.Query)
	}

	// The registrable domain, of a name under a public suffix.
	_, body, _ = do(t, ts, "GET", "/api/view?address=WWW.Shop.Example.co.uk/x", nil, nil)
	if !strings.Contains(body, `{"name":"registrable_domain","value":"example.co.uk"}`) {
		t.Errorf("/api/view?address=WWW.Shop.Example.co.uk/x: no registrable_domain example.co.uk:\n%s", body)
	}

	// What a person asks first, and the URL Standard's strict reading of
	// a website as people write it: what it is, not an error.
	_, body, _ = do(t, ts, "GET", "/api/view?address=WWW.Acme.com/about", nil, nil)
	var acme view
	json.Unmarshal([]byte(body), &acme)
	if s := acme.Sections; len(s) < 2 || s[0].ID != "answer" || len(s[0].Fields) != 4 ||
		s[0].Fields[0] != (field{Name: "a website?", Value: "yes"}) || s[0].Fields[1] != (field{Name: "organisation", Value: "acme.com"}) ||
		s[0].Fields[3] != (field{Name: "page", Value: "https://www.acme.com/about"}) {
		t.Errorf("/api/view?address=WWW.Acme.com/about: the first section is not the answer: %+v", acme.Sections)
	}
	if s := acme.Sections; len(s) < 2 || s[1].ID != "url" || s[1].Error != nil || s[1].Strict == nil || s[1].Strict.Code != "web.invalid-url" {
		t.Errorf("/api/view?address=WWW.Acme.com/about: the URL Standard's reading is not a strict note: %+v", acme.Sections[1])
	}
	_, body, _ = do(t, ts, "GET", "/api/view?address=N%2FA", nil, nil)
	json.Unmarshal([]byte(body), &acme)
	if f := acme.Sections[0].Fields; f[0].Value != "no: a placeholder (such as N/A or TBD) instead of a website (web.placeholder)" {
		t.Errorf("/api/view?address=N/A: the answer is %+v", f)
	}

	// A failure, and a wrong option.
	_, body, _ = do(t, ts, "GET", "/api/view?address=N%2FA&www_handling=sideways", nil, nil)
	if !strings.Contains(body, `"code":"web.placeholder"`) || !strings.Contains(body, `www_handling: `) {
		t.Errorf("/api/view?address=N/A&www_handling=sideways: no web.placeholder or no option error:\n%s", body)
	}
}

func TestMarkSpans(t *testing.T) {
	in := "a\\ü b"
	vs := []webaddress.Violation{
		{Name: "x", Span: webaddress.Span{Start: 1, End: 2}},
		{Name: "y", Span: webaddress.Span{Start: 3, End: 3}}, // inside "ü": moved to its start
		{Name: "z", Span: webaddress.Span{Start: 4, End: 5}, Failure: true},
		{Name: "w", Span: webaddress.Span{Start: 6, End: 6}},
	}
	got := markSpans(in, vs)
	want := []segment{{Text: "a"}, {Text: "\\", Names: []string{"x"}}, {Names: []string{"y"}}, {Text: "ü"}, {Text: " ", Names: []string{"z"}, Failure: true}, {Text: "b"}, {Names: []string{"w"}}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("markSpans(%q) =\n%v, want\n%v", in, got, want)
	}
}

func TestServeCommandsAPI(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	_, body, _ := do(t, ts, "GET", "/api/commands", nil, nil)
	var d struct {
		Commands  []commandInfo
		Encodings []string
	}
	if err := json.Unmarshal([]byte(body), &d); err != nil {
		t.Fatal(err)
	}
	byName := map[string]commandInfo{}
	for _, c := range d.Commands {
		byName[c.Name] = c
	}
	for _, name := range []string{"parse", "key", "clean", "dedupe", "surt", "lint", "url"} {
		if len(byName[name].Columns) == 0 {
			t.Errorf("/api/commands: %s has no columns", name)
		}
	}
	if _, ok := byName["serve"]; ok {
		t.Errorf("/api/commands offers serve")
	}
	cleanCmd := byName["clean"]
	var www *flagInfo
	for i, f := range cleanCmd.Flags {
		if f.Name == "www-handling" {
			www = &cleanCmd.Flags[i]
		}
	}
	if www == nil || strings.Join(www.Values, ",") != strings.Join(clean.CleanOptionValues("www_handling"), ",") {
		t.Errorf("/api/commands: clean --www-handling is %+v, want the values of CleanOptionValues", www)
	}
	if alt := byName["dedupe"].Alt["first"]; len(alt.Columns) == 0 || alt.Defaults == nil {
		t.Errorf("/api/commands: dedupe has no columns for --first: %+v", byName["dedupe"])
	}
	if len(d.Encodings) == 0 {
		t.Errorf("/api/commands: no encodings")
	}
}

func TestServeSample(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	for _, c := range []struct {
		name, body, delim, column string
	}{
		{"crm.csv", "Company,Company Website,E-mail\nAcme,acme.com,a@acme.com\n", ",", "Company Website"},
		{"crm.tsv", "name\turl\nAcme\tacme.com\n", "\t", "url"},
		{"export.csv", "name;domain;e-mail\nAcme;acme.com;x\n", ";", "domain"},
		{"list.csv", "name,homepage\n\"Acme, Inc\",acme.com\n", ",", "homepage"},
		{"none.csv", "a,b\n1,2\n", ",", ""},
		{"cut.csv&partial=1", "name,website\nAcme,acme.com\n\"Long\nname,", ",", "website"},
	} {
		code, body, _ := do(t, ts, "POST", "/api/sample?name="+c.name, strings.NewReader(c.body), nil)
		var s sample
		if err := json.Unmarshal([]byte(body), &s); code != 200 || err != nil {
			t.Errorf("POST /api/sample %s: %d %s", c.name, code, body)
			continue
		}
		if s.Delimiter != c.delim || s.Column != c.column || len(s.Rows) != 1 || len(s.Notes) > 0 {
			t.Errorf("POST /api/sample %s: delimiter %q, column %q, %d rows, notes %q; want %q, %q, 1, none", c.name, s.Delimiter, s.Column, len(s.Rows), s.Notes, c.delim, c.column)
		}
	}
}

// runPage runs q on input through the page's endpoints, the upload and
// the download at once, as the page does, and returns the download, the
// run's status and the rejects.
func runPage(t *testing.T, ts *httptest.Server, q runRequest, input string) (string, runStatus, string) {
	t.Helper()
	rq, _ := json.Marshal(q)
	code, body, _ := do(t, ts, "POST", "/api/runs", bytes.NewReader(rq), map[string]string{"Content-Type": "application/json"})
	if code != 200 {
		t.Fatalf("POST /api/runs %s: %d %s", rq, code, body)
	}
	var created struct{ ID, Name string }
	json.Unmarshal([]byte(body), &created)
	var wg sync.WaitGroup
	var out string
	var outCode int
	wg.Go(func() {
		outCode, out, _ = do(t, ts, "GET", "/api/runs/"+created.ID+"/output", nil, nil)
	})
	code, body, _ = do(t, ts, "POST", "/api/runs/"+created.ID+"/input", strings.NewReader(input), nil)
	wg.Wait()
	var st runStatus
	if err := json.Unmarshal([]byte(body), &st); err != nil {
		t.Fatalf("POST /api/runs/ID/input: %d %s", code, body)
	}
	if st.Error == "" && (code != 200 || outCode != 200) {
		t.Errorf("run %s: input %d, output %d", rq, code, outCode)
	}
	_, rejects, _ := do(t, ts, "GET", "/api/runs/"+created.ID+"/rejects?format=jsonl", nil, nil)
	return out, st, rejects
}

// TestServeRejectsTable checks the rejected rows' download: a table in
// the input's format, each row's line as a spreadsheet numbers it and
// what is wrong in words; a workbook's with a byte order mark, for Excel.
func TestServeRejectsTable(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	for _, c := range []struct {
		q    runRequest
		want string
	}{
		{runRequest{Command: "parse", Column: "Website"}, "row,problem,text,details\n" +
			`5,It has a quote inside a cell that does not start with one.,"Bad ""row,acme.com,",record.bare-quote: line 5: a quote inside unquoted field 1 (byte 4)` + "\n"},
		{runRequest{Command: "parse", Column: "Website", Delimiter: "\t"}, "row\tproblem\ttext\tdetails\n" +
			"5\tIt has a quote inside a cell that does not start with one.\t\"Bad \"\"row\tacme.com\t\"\trecord.bare-quote: line 5: a quote inside unquoted field 1 (byte 4)\n"},
	} {
		input := contactList
		if c.q.Delimiter == "\t" {
			input = strings.ReplaceAll(input, ",", "\t")
		}
		rq, _ := json.Marshal(c.q)
		_, body, _ := do(t, ts, "POST", "/api/runs", bytes.NewReader(rq), map[string]string{"Content-Type": "application/json"})
		var created struct{ ID string }
		json.Unmarshal([]byte(body), &created)
		var wg sync.WaitGroup
		wg.Go(func() { do(t, ts, "GET", "/api/runs/"+created.ID+"/output", nil, nil) })
		do(t, ts, "POST", "/api/runs/"+created.ID+"/input", strings.NewReader(input), nil)
		wg.Wait()
		code, got, h := do(t, ts, "GET", "/api/runs/"+created.ID+"/rejects", nil, nil)
		if code != 200 || got != c.want {
			t.Errorf("rejects of %s: %d\n%s\nwant\n%s", rq, code, got, c.want)
		}
		if d := h.Get("Content-Disposition"); !strings.Contains(d, "-rejected.") {
			t.Errorf("rejects of %s: Content-Disposition %q", rq, d)
		}
	}
	if got, _ := rejectsTable([]byte(`{"input":"x","error_code":"record.field-count","error":"e","line":7}`+"\n"), ',', true); string(got) != "\uFEFFrow,problem,text,details\n7,It has another number of cells than the header has.,x,e\n" {
		t.Errorf("rejectsTable, with a byte order mark: %q", got)
	}
}

// contactList is a messy contact list with a malformed record.
const contactList = "Name,Website,Note\n" +
	"Acme,WWW.Acme.com/,x\n" +
	"Acme sales,sales@acme.com,\n" +
	"Acme again,https://acme.com/?utm_source=mail#top,\n" +
	"Bad \"row,acme.com,\n" +
	"Nobody,N/A,\n" +
	"Bücher,\"bücher.de, buecher.de\",\n" +
	"Globex,“globex.co.uk”,\n" +
	"Empty,,\n"

// TestServeSameRecords runs files through the page and through the
// command line: the output and the rejects are the same bytes, and the
// summary counts agree.
func TestServeSameRecords(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	dir := t.TempDir()
	// Nothing is written to disk: the temporary directory stays empty.
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	defer func() {
		if files, _ := os.ReadDir(tmp); len(files) > 0 {
			t.Errorf("the runs wrote %d files to the temporary directory", len(files))
		}
	}()
	for _, c := range []struct {
		q    runRequest
		args []string
	}{
		{runRequest{Command: "parse", Column: "Website"}, []string{"parse", "--column", "Website", "--format", "csv"}},
		{runRequest{Command: "parse", Column: "Website", Format: "jsonl", Flags: map[string]string{"split": "true"}}, []string{"parse", "--column", "Website", "--format", "jsonl", "--split"}},
		{runRequest{Command: "dedupe", Column: "Website", Flags: map[string]string{"first": "true"}}, []string{"dedupe", "--first", "--column", "Website", "--format", "csv"}},
		{runRequest{Command: "dedupe", Column: "Website", Format: "tsv"}, []string{"dedupe", "--column", "Website", "--format", "tsv"}},
		{runRequest{Command: "clean", Column: "Website", Fields: []string{"clean_url", "domain"}, Flags: map[string]string{"www-handling": "strip"}}, []string{"clean", "--column", "Website", "--format", "csv", "--fields", "clean_url,domain", "--www-handling", "strip"}},
		{runRequest{Command: "surt", Column: "Website"}, []string{"surt", "--column", "Website", "--format", "csv"}},
		{runRequest{Command: "key", Column: "Website", Delimiter: ";"}, []string{"key", "--column", "Website", "--format", "csv", "--delimiter", ";"}},
	} {
		input := contactList
		if c.q.Delimiter == ";" {
			input = strings.ReplaceAll(input, ",", ";")
		}
		got, st, gotRejects := runPage(t, ts, c.q, input)
		rejects := filepath.Join(dir, "rejects.jsonl")
		var out, errb bytes.Buffer
		args := append(c.args, "--on-bad-record", "skip", "--rejects", rejects)
		if code := run(args, strings.NewReader(input), &out, &errb); code != 0 {
			t.Fatalf("webaddress %s: exit %d: %s", strings.Join(args, " "), code, errb.String())
		}
		if got != out.String() {
			t.Errorf("%s: the page's output differs from webaddress %s:\n--- page\n%s--- tool\n%s", c.q.Command, strings.Join(args, " "), got, out.String())
		}
		wantRejects, _ := os.ReadFile(rejects)
		if gotRejects != string(wantRejects) {
			t.Errorf("%s: the page's rejects differ from the tool's:\n--- page\n%s--- tool\n%s", c.q.Command, gotRejects, wantRejects)
		}
		if st.State != "done" || st.Result == nil || st.Result.Rejected != 1 || st.Result.Read != 8 {
			t.Errorf("%s: status %+v, want done with 8 rows read, 1 rejected", c.q.Command, st)
			continue
		}
		if !strings.Contains(errb.String(), st.Result.Summary) {
			t.Errorf("%s: the page's summary %q is not the tool's %q", c.q.Command, st.Result.Summary, errb.String())
		}
		n := 0
		for _, k := range st.Result.Codes {
			n += k
		}
		if n != st.Result.Failed {
			t.Errorf("%s: failures by code %v add up to %d, want %d", c.q.Command, st.Result.Codes, n, st.Result.Failed)
		}
	}
}

func TestServePreview(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	q, _ := json.Marshal(runRequest{Command: "parse", Column: "Website", Fields: []string{"canonical", "error_code"}})
	code, body, _ := do(t, ts, "POST", "/api/preview?run="+url.QueryEscape(string(q)), strings.NewReader(contactList), nil)
	var p preview
	if err := json.Unmarshal([]byte(body), &p); code != 200 || err != nil {
		t.Fatalf("POST /api/preview: %d %s", code, body)
	}
	if strings.Join(p.Header, ",") != "Name,Website,Note,canonical,error_code" || len(p.Rows) != 7 || p.Rows[0][3] != "https://www.acme.com/" {
		t.Errorf("POST /api/preview: %+v", p)
	}
	if p.Result.Codes["web.placeholder"] != 1 || p.Result.Rejected != 1 {
		t.Errorf("POST /api/preview: result %+v, want a web.placeholder and a rejected record", p.Result)
	}
}

// TestServeRefusals checks each refusal: a foreign Host, a cross-origin
// request that runs or uploads, bodies over their limits, a run too long,
// commands and options the page does not offer.
func TestServeRefusals(t *testing.T) {
	s, ts := testServer(t, serveOptions{maxUpload: 1 << 20, timeout: 200 * time.Millisecond})
	host := strings.TrimPrefix(ts.URL, "http://")
	cases := []struct {
		name, method, path string
		body               string
		header             map[string]string
		code               int
		msg                string
	}{
		{"foreign Host", "GET", "/", "", map[string]string{"Host": "evil.example:" + strings.Split(host, ":")[1]}, 421, "DNS rebinding"},
		{"foreign Host, API", "GET", "/api/view?address=a.com", "", map[string]string{"Host": "attacker.test"}, 421, "not for Host"},
		{"cross-site POST", "POST", "/api/runs", `{"command":"parse","column":"a"}`, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, "cross-origin"},
		{"cross-origin POST by Origin", "POST", "/api/sample", "a\n1\n", map[string]string{"Origin": "https://evil.example"}, 403, "cross-origin"},
		{"same-origin POST", "POST", "/api/sample", "a\n1\n", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": ts.URL}, 200, ""},
		{"oversized body", "POST", "/api/sample", strings.Repeat("a,b\n", maxRequest/4+1), nil, 413, "larger than 1 MiB"},
		{"unknown command", "POST", "/api/runs", `{"command":"serve","column":"a"}`, nil, 400, `no command "serve"`},
		{"unknown option", "POST", "/api/runs", `{"command":"clean","column":"a","flags":{"rejects":"/tmp/x"}}`, nil, 400, `no option "rejects"`},
		{"bad option value", "POST", "/api/runs", `{"command":"clean","column":"a","flags":{"www-handling":"sideways"}}`, nil, 400, `want one of`},
		{"no such run", "GET", "/api/runs/0123/output", "", nil, 404, "no run"},
	}
	for _, c := range cases {
		var body io.Reader
		if c.body != "" {
			body = strings.NewReader(c.body)
		}
		code, got, _ := do(t, ts, c.method, c.path, body, c.header)
		if code != c.code || !strings.Contains(got, c.msg) {
			t.Errorf("%s: %s %s: %d %q, want %d and %q", c.name, c.method, c.path, code, got, c.code, c.msg)
		}
	}
	if !s.hostAllowed("localhost:"+strings.Split(host, ":")[1]) || s.hostAllowed("localhost.evil.example:"+strings.Split(host, ":")[1]) {
		t.Errorf("hostAllowed: localhost must be allowed on a loopback address, other names not")
	}

	// A file over --max-upload.
	rq, _ := json.Marshal(runRequest{Command: "parse", Column: "a"})
	_, body, _ := do(t, ts, "POST", "/api/runs", bytes.NewReader(rq), nil)
	var created struct{ ID string }
	json.Unmarshal([]byte(body), &created)
	go do(t, ts, "GET", "/api/runs/"+created.ID+"/output", nil, nil)
	code, got, _ := do(t, ts, "POST", "/api/runs/"+created.ID+"/input", strings.NewReader("a\n"+strings.Repeat("example.com\n", 1<<17)), nil)
	if code != 413 || !strings.Contains(got, "larger than 1 MiB, the limit (serve --max-upload)") {
		t.Errorf("a file over --max-upload: %d %q", code, got)
	}

	// A run that takes longer than --timeout: its file never comes.
	_, body, _ = do(t, ts, "POST", "/api/runs", bytes.NewReader(rq), nil)
	json.Unmarshal([]byte(body), &created)
	code, got, _ = do(t, ts, "GET", "/api/runs/"+created.ID+"/output", nil, nil)
	if code != 422 || !strings.Contains(got, "longer than 200ms, the limit (serve --timeout)") {
		t.Errorf("a run over --timeout: %d %q", code, got)
	}
	_, got, _ = do(t, ts, "GET", "/api/runs/"+created.ID, nil, nil)
	if !strings.Contains(got, `"state":"failed"`) || !strings.Contains(got, "serve --timeout") {
		t.Errorf("a run over --timeout: status %s", got)
	}
}

// TestServeAddr checks the hosts answered for each kind of address.
func TestServeAddr(t *testing.T) {
	for _, c := range []struct {
		addr     string
		allowed  []string
		refused  []string
		loopback bool
	}{
		{"127.0.0.1:8080", []string{"127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080"}, []string{"127.0.0.1:8081", "evil.example:8080", "127.0.0.1"}, true},
		{"[::1]:8080", []string{"[::1]:8080", "localhost:8080"}, []string{"evil.example:8080"}, true},
		{"0.0.0.0:8080", []string{"192.168.1.5:8080", "[fe80::1]:8080", "localhost:8080"}, []string{"box.example:8080", "192.168.1.5:9"}, false},
		{"192.168.1.5:8080", []string{"192.168.1.5:8080"}, []string{"localhost:8080", "box.example:8080"}, false},
		// On port 80, browsers send the Host without its port.
		{"127.0.0.1:80", []string{"127.0.0.1", "localhost", "127.0.0.1:80", "localhost:80"}, []string{"evil.example", "127.0.0.1:8080"}, true},
		{"[::1]:80", []string{"[::1]", "localhost"}, []string{"evil.example"}, true},
		{"0.0.0.0:80", []string{"192.168.1.5", "192.168.1.5:80", "[fe80::1]"}, []string{"box.example", "192.168.1.5:81"}, false},
	} {
		s, err := newServer(c.addr, 1, serveOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if s.loopback != c.loopback {
			t.Errorf("%s: loopback %v", c.addr, s.loopback)
		}
		for _, h := range c.allowed {
			if !s.hostAllowed(h) {
				t.Errorf("%s: Host %s refused", c.addr, h)
			}
		}
		for _, h := range c.refused {
			if s.hostAllowed(h) {
				t.Errorf("%s: Host %s allowed", c.addr, h)
			}
		}
	}
}

func TestServeCancel(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	rq, _ := json.Marshal(runRequest{Command: "parse", Column: "a"})
	_, body, _ := do(t, ts, "POST", "/api/runs", bytes.NewReader(rq), nil)
	var created struct{ ID string }
	json.Unmarshal([]byte(body), &created)
	if code, body, _ := do(t, ts, "POST", "/api/runs/"+created.ID+"/cancel", nil, nil); code != 200 {
		t.Fatalf("cancel: %d %s", code, body)
	}
	code, got, _ := do(t, ts, "GET", "/api/runs/"+created.ID+"/output", nil, nil)
	if code != 422 || !strings.Contains(got, "cancelled on the page") {
		t.Errorf("the output of a run cancelled: %d %q", code, got)
	}
	_, got, _ = do(t, ts, "GET", "/api/runs/"+created.ID, nil, nil)
	if !strings.Contains(got, `"state":"failed"`) || !strings.Contains(got, "cancelled on the page") {
		t.Errorf("the status of a run cancelled: %s", got)
	}
	if code, got, _ := do(t, ts, "POST", "/api/runs/"+created.ID+"/input", strings.NewReader("a\nx.com\n"), nil); code != 422 || !strings.Contains(got, "cancelled") {
		t.Errorf("the input of a run cancelled: %d %s", code, got)
	}
}

// TestServeWorkbook runs an Excel workbook through the page: its sample
// and preview from the whole file, and runs whose output and summary are
// the tool's on the same file named; nothing is written to disk, and a
// workbook over --max-upload is refused, saying so.
func TestServeWorkbook(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	defer func() {
		if files, _ := os.ReadDir(tmp); len(files) > 0 {
			t.Errorf("the workbook's runs wrote %d files to the temporary directory", len(files))
		}
	}()
	const path = "../../testdata/contacts.xlsx"
	xlsx, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	code, body, _ := do(t, ts, "POST", "/api/sample?name=contacts.xlsx", bytes.NewReader(xlsx), nil)
	var s sample
	if err := json.Unmarshal([]byte(body), &s); code != 200 || err != nil {
		t.Fatalf("POST /api/sample contacts.xlsx: %d %s", code, body)
	}
	if strings.Join(s.Header, ",") != "name,company,website,since,employees" || s.Column != "website" || len(s.Rows) != 10 ||
		strings.Join(s.Rows[0], "|") != "Ann Lee|Acme|WWW.Acme.com/?utm_source=crm|2019-03-14|1,250" {
		t.Errorf("POST /api/sample contacts.xlsx: %+v", s)
	}

	q := runRequest{Command: "parse", Column: "website", Fields: []string{"canonical", "error_code"}, Name: "contacts.xlsx"}
	rq, _ := json.Marshal(q)
	code, body, _ = do(t, ts, "POST", "/api/preview?name=contacts.xlsx&run="+url.QueryEscape(string(rq)), bytes.NewReader(xlsx), nil)
	var p preview
	if err := json.Unmarshal([]byte(body), &p); code != 200 || err != nil {
		t.Fatalf("POST /api/preview contacts.xlsx: %d %s", code, body)
	}
	if strings.Join(p.Header, ",") != "name,company,website,since,employees,canonical,error_code" || len(p.Rows) != 10 ||
		p.Rows[0][5] != "https://www.acme.com/" || p.Result.Read != 10 || p.Result.Codes["web.placeholder"] != 1 {
		t.Errorf("POST /api/preview contacts.xlsx: %+v", p)
	}

	for _, c := range []struct {
		q    runRequest
		args []string
	}{
		{runRequest{Command: "parse", Column: "website"}, []string{"parse", "--column", "website", "--format", "csv"}},
		{runRequest{Command: "dedupe", Column: "website", Flags: map[string]string{"by": "owner", "first": "true"}}, []string{"dedupe", "--by", "owner", "--first", "--column", "website", "--format", "csv"}},
		{runRequest{Command: "clean", Column: "website", Format: "jsonl"}, []string{"clean", "--column", "website", "--format", "jsonl"}},
		// The encoding and delimiter the page may still send are not the
		// workbook's.
		{runRequest{Command: "surt", Column: "website", Format: "tsv", Delimiter: ";", Encoding: "latin1"}, []string{"surt", "--column", "website", "--format", "tsv"}},
	} {
		c.q.Name = "contacts.xlsx"
		got, st, _ := runPage(t, ts, c.q, string(xlsx))
		var out, errb bytes.Buffer
		args := append(c.args, path)
		if code := run(args, strings.NewReader(""), &out, &errb); code != 0 {
			t.Fatalf("webaddress %s: exit %d: %s", strings.Join(args, " "), code, errb.String())
		}
		if got != out.String() {
			t.Errorf("%s: the page's output differs from webaddress %s:\n--- page\n%s--- tool\n%s", c.q.Command, strings.Join(args, " "), got, out.String())
		}
		if st.State != "done" || st.Result == nil || st.Result.Read != 10 || !strings.Contains(errb.String(), st.Result.Summary) {
			t.Errorf("%s: status %+v, want done with 10 rows read and the tool's summary %q", c.q.Command, st, errb.String())
		}
	}

	// A workbook (a zip file) over --max-upload, for its sample: said so.
	_, small := testServer(t, serveOptions{maxUpload: 1 << 20})
	big := append([]byte("PK\x03\x04"), bytes.Repeat([]byte{'x'}, 1<<20)...)
	code, body, _ = do(t, small, "POST", "/api/sample?name=big.xlsx", bytes.NewReader(big), nil)
	if code != 413 || !strings.Contains(body, "the workbook is larger than 1 MiB, the limit (serve --max-upload)") {
		t.Errorf("a workbook over --max-upload: %d %q", code, body)
	}
	// Not a workbook: what is wrong, said.
	code, body, _ = do(t, small, "POST", "/api/sample?name=notes.xlsx", strings.NewReader("name,website\n"), nil)
	if code != 422 || !strings.Contains(body, "not an Excel workbook") {
		t.Errorf("a .xlsx file that is not a workbook: %d %q", code, body)
	}
}

// TestServeWorkbookInMemory runs a workbook whose sheet unzips to more
// than excelize's 16 MB, over which it would put the sheet in a temporary
// file: the page keeps it in memory (nothing in TMPDIR), and refuses it,
// saying so, when it unzips to more than --max-unzip.
func TestServeWorkbookInMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a workbook of 200,000 rows")
	}
	f := excelize.NewFile()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	const rows = 200000
	sw.SetRow("A1", []any{"name", "website"})
	for i := 2; i <= rows+1; i++ {
		cell, _ := excelize.CoordinatesToCellName(1, i)
		sw.SetRow(cell, []any{fmt.Sprintf("Company number %d of a long list", i), fmt.Sprintf(" WWW.Example-%d.com/?utm_source=crm ", i%5000)})
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	xlsx := buf.Bytes()

	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	_, ts := testServer(t, serveOptions{maxUpload: 64 << 20})
	// excelize removes its temporary files when the workbook is closed:
	// the directory is watched while the run goes.
	done := make(chan struct{})
	var seen []string
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			if files, _ := os.ReadDir(tmp); len(files) > 0 && seen == nil {
				seen = append(seen, files[0].Name())
			}
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
		}
	})
	q := runRequest{Command: "key", Column: "website", Name: "big.xlsx"}
	got, st, _ := runPage(t, ts, q, string(xlsx))
	close(done)
	wg.Wait()
	if seen != nil {
		t.Errorf("the run wrote a file to the temporary directory: %s", seen[0])
	}
	if st.State != "done" || st.Result == nil || st.Result.Read != rows || strings.Count(got, "\n") != rows+1 {
		t.Errorf("a workbook of %d rows (%d bytes): status %+v, %d lines out", rows, len(xlsx), st, strings.Count(got, "\n"))
	}
	if files, _ := os.ReadDir(tmp); len(files) > 0 {
		t.Errorf("the run wrote %d files to the temporary directory", len(files))
	}

	_, small := testServer(t, serveOptions{maxUpload: 8 << 20, maxUnzip: 8 << 20})
	if len(xlsx) > 8<<20 {
		t.Fatalf("the workbook is %d bytes: over the 8 MiB upload limit", len(xlsx))
	}
	code, body, _ := do(t, small, "POST", "/api/sample?name=big.xlsx", bytes.NewReader(xlsx), nil)
	if code != 422 || !strings.Contains(body, "unzips to more than 8 MiB, the limit (serve --max-unzip)") {
		t.Errorf("a workbook unzipping to more than --max-unzip: %d %q", code, body)
	}
}

// TestServeLongUnclosedQuote runs a file whose row 1 opens a quote it
// never closes, 5 MB before its end. The command line reads the rows after
// it again (issue 27); the page, which writes nothing to disk and reads
// the file once as it streams in, rejects them with it, one record, and
// says so; nothing is in TMPDIR. (A preview, of at most 1 MiB, never
// goes past the 4 MiB of a record.)
func TestServeLongUnclosedQuote(t *testing.T) {
	_, ts := testServer(t, serveOptions{})
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var b strings.Builder
	b.WriteString("id,site\n1,\"opened\n")
	for i := 2; i <= 200001; i++ {
		fmt.Fprintf(&b, "%d,site%d.example\n", i, i)
	}
	q := runRequest{Command: "key", Column: "site", Name: "open.csv"}
	out, st, rejects := runPage(t, ts, q, b.String())
	if st.State != "done" || st.Result == nil || st.Result.Read != 1 || st.Result.Rejected != 1 || strings.Count(out, "\n") != 1 ||
		!strings.Contains(rejects, "record.unclosed-quote") || !strings.Contains(rejects, "the rest of the input is rejected with it") {
		t.Errorf("a quote never closed 5 MB before the end: status %+v, %d lines out, rejects %.300s", st, strings.Count(out, "\n"), rejects)
	}
	if files, _ := os.ReadDir(tmp); len(files) > 0 {
		t.Errorf("the run wrote %d files to the temporary directory", len(files))
	}
}

// run runs the command line args, with serve, as the tool's main does,
// and returns its exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return tool.Execute(tool.Env{Stdin: stdin, Stdout: stdout, Stderr: stderr}, args, Command(nil))
}
