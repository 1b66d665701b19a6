// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package serve

// This file is the viewer's model: what the page shows of one address,
// computed by the commands' own code and records (url, lint, parse, surt,
// clean), rendered by the server for a page opened from a link and sent as
// JSON as one types.

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/clean"
	"github.com/onecontact/webaddress/cmd/webaddress/internal/tool"
	"github.com/onecontact/webaddress/internal/cellrecord"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/records"
)

// A view is what the viewer shows of an address.
type view struct {
	Address  string    `json:"address"`
	Base     string    `json:"base"`
	Query    string    `json:"query"`  // the page's query for this view: a link to it
	Marked   []segment `json:"marked"` // the address cut at the edges of its validation errors
	Sections []section `json:"sections"`
}

// A segment is a run of the address's text and the validation errors
// whose spans cover it; a segment of no text marks where an error of an
// empty span is.
type segment struct {
	Text    string   `json:"text"`
	Names   []string `json:"names,omitempty"`
	Failure bool     `json:"failure,omitempty"`
}

// A section is one reading of the address: its fields, or its failure.
type section struct {
	ID     string   `json:"id"`
	Title  string   `json:"title"`
	Note   string   `json:"note,omitempty"`
	Fields []field  `json:"fields"`
	Error  *failure `json:"error,omitempty"`
	// Strict is the URL Standard's failure on a text this tool reads as
	// a website: what a strict reading makes of it, not an error.
	Strict *failure `json:"strict,omitempty"`
}

// A field is one named value of a reading; Absent for JSON null.
type field struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Absent bool   `json:"absent,omitempty"`
}

// A failure is a value's error: its code and message.
type failure struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// A cleanOption is one of clean's options, as a control of the viewer.
type cleanOption struct {
	Name   string   // R's name, the query parameter
	Values []string // nil for free text; the first is the default
	Value  string   // as in the request
}

// cleanOptions returns clean's options with their values in q.
func cleanOptions(q url.Values) []cleanOption {
	var opts []cleanOption
	for _, name := range clean.CleanOptionNames() {
		opts = append(opts, cleanOption{Name: name, Values: clean.CleanOptionValues(name), Value: q.Get(name)})
	}
	return opts
}

// recordFields returns the fields of v's record of cols, but the columns
// skip names, and its failure from the columns error_code and error.
func recordFields[T any](cols []record.Column[T], v *T, skip ...string) ([]field, *failure) {
	var fs []field
	var f failure
	for _, c := range cols {
		if slices.Contains(skip, c.Name) {
			continue
		}
		js, _ := c.AppendJSON(nil, v)
		absent := string(js) == "null"
		text := string(c.AppendText(nil, v))
		switch c.Name {
		case "error_code":
			f.Code = text
			continue
		case "error":
			f.Message = text
			continue
		}
		if c.Type == record.Array && !absent && text == "" {
			text = "(none)"
		}
		fs = append(fs, field{Name: c.Name, Value: text, Absent: absent})
	}
	if f.Code == "" && f.Message == "" {
		return fs, nil
	}
	// A value that failed: its fields present only.
	fs = slices.DeleteFunc(fs, func(x field) bool { return x.Absent })
	return fs, &f
}

// newView returns the view of the address, base and clean options in q.
func newView(q url.Values) view {
	v := view{Address: q.Get("address"), Base: q.Get("base")}
	opts, optErr := v.setQuery(q)
	if v.Address == "" {
		return v
	}
	in := v.Address
	b := parseBase(v.Base)
	vs, lint := lintSection(in, b)
	v.Marked = markSpans(in, vs)
	r := tool.DefaultReading()
	p := r.Read(nil, in)[0]
	urlSec, addr := urlSection(in, b), addressSection(in, b)
	if urlSec.Error != nil && p.Err == nil {
		// Not a URL as typed, but a website as people write it.
		urlSec.Strict, urlSec.Error = urlSec.Error, nil
	}
	v.Sections = []section{answer(&p, addr.Fields), urlSec, lint, cellSection(in), addr, surtSection(in), cleanSection(in, opts, optErr)}
	return v
}

// answer returns what a person asks of an address first, from its parse
// record p and the fields of its section: is it a website, of which
// organisation, which page.
func answer(p *cellrecord.Parsed, fs []field) section {
	sec := section{ID: "answer", Title: "In short", Note: "as the list cleaner reads a cell"}
	get := func(name string) (string, bool) {
		i := slices.IndexFunc(fs, func(f field) bool { return f.Name == name })
		if i < 0 || fs[i].Absent || fs[i].Value == "" {
			return "", false
		}
		return fs[i].Value, true
	}
	if p.Err != nil {
		code, _ := record.ErrorCode[webaddress.Code](p.Err)
		sec.Fields = []field{{Name: "a website?", Value: "no: " + plainWords(string(code)) + " (" + string(code) + ")"}}
		return sec
	}
	yes := "yes"
	if p.Value.Facts().Has(webaddress.FactNotPublicWebsite) {
		yes = "an address, but not a public website (such as localhost, or a name with no public suffix)"
	}
	sec.Fields = append(sec.Fields, field{Name: "a website?", Value: yes})
	if owner, ok := get("owner"); ok {
		sec.Fields = append(sec.Fields, field{Name: "organisation", Value: owner})
	} else {
		sec.Fields = append(sec.Fields, field{Name: "organisation", Value: "none: a page of a network that is not a profile, a link shortener or a free e-mail domain is nobody's"})
	}
	for _, f := range [][2]string{{"site", "website"}, {"canonical", "page"}} {
		if v, ok := get(f[0]); ok {
			sec.Fields = append(sec.Fields, field{Name: f[1], Value: v})
		}
	}
	return sec
}

// setQuery sets v's Query, the page's query for v: the address, the base,
// and the clean options of q not at their defaults, in a fixed order. It
// returns those options, and the failure of the first that is wrong.
func (v *view) setQuery(q url.Values) (clean.CleanOptions, *failure) {
	link := url.Values{}
	link.Set("address", v.Address)
	if v.Base != "" {
		link.Set("base", v.Base)
	}
	var opts clean.CleanOptions
	var optErr *failure
	for _, o := range cleanOptions(q) {
		if o.Value == "" || o.Values != nil && o.Value == o.Values[0] {
			continue
		}
		link.Set(o.Name, o.Value)
		if err := opts.Set(o.Name, o.Value); err != nil && optErr == nil {
			optErr = &failure{Code: "option", Message: o.Name + ": " + err.Error()}
		}
	}
	v.Query = link.Encode()
	return opts, optErr
}

// A base is the base URL of a view, if one is given.
type base struct {
	text string // as given; "" for none
	url  webaddress.URL
	err  error // why text is not a URL
}

// parseBase returns the base of text, "" for none.
func parseBase(text string) base {
	b := base{text: text}
	if text != "" {
		b.url, b.err = webaddress.ParseURL(text)
	}
	return b
}

// urlSection is the URL Standard's reading of in: new URL(in[, base]).
func urlSection(in string, b base) section {
	sec := section{ID: "url", Title: "The URL Standard's strict reading", Note: "new URL(address), as a browser's script reads the text exactly as typed"}
	if b.text != "" {
		sec.Note = "new URL(address, base)"
	}
	var u tool.URLed
	switch {
	case b.err != nil:
		u = tool.URLed{Input: in, Err: b.err}
		sec.Note += ": the base is not a URL"
	case b.text != "":
		w, err := b.url.Parse(in)
		u = tool.URLed{Input: in, Value: w, Err: err}
	default:
		w, err := webaddress.ParseURL(in)
		u = tool.URLed{Input: in, Value: w, Err: err}
	}
	sec.Fields, sec.Error = recordFields(tool.URLColumns(), &u, "input")
	return sec
}

// lintSection returns the validation errors in in (against the base, if
// any), and their section.
func lintSection(in string, b base) ([]webaddress.Violation, section) {
	var vs []webaddress.Violation
	sec := section{ID: "lint", Title: "Validation errors", Note: "Lint, as the tool's lint reads the address"}
	switch {
	case b.text != "" && b.err == nil:
		vs = b.url.Lint(in)
		sec.Note = "URL.Lint against the base"
	default:
		vs = webaddress.Lint(in)
	}
	for _, x := range vs {
		val := "bytes " + strconv.Itoa(x.Span.Start) + "–" + strconv.Itoa(x.Span.End)
		if x.Failure {
			val += ", failure"
		}
		sec.Fields = append(sec.Fields, field{Name: x.Name, Value: val})
	}
	if len(vs) == 0 {
		sec.Fields = append(sec.Fields, field{Name: "none", Value: "a valid URL string"})
	}
	return vs, sec
}

// cellSection is the messy-cell layer's reading of in, as parse reads a
// cell with its options at their defaults.
func cellSection(in string) section {
	sec := section{ID: "cell", Title: "The messy-cell layer", Note: "cells.Tidy, as parse reads a cell"}
	t, err := cells.Options{}.Tidy(in)
	sec.Fields = []field{{Name: "text", Value: t.Text}}
	if t.Start >= 0 {
		sec.Fields = append(sec.Fields, field{Name: "start", Value: strconv.Itoa(t.Start)})
	}
	changes := t.Facts.Names()
	if len(changes) == 0 {
		changes = []string{"(none)"}
	}
	sec.Fields = append(sec.Fields, field{Name: "changes", Value: strings.Join(changes, "|")})
	if len(t.Parts) > 0 {
		sec.Fields = append(sec.Fields, field{Name: "parts", Value: strings.Join(t.Parts, " · ")})
	}
	if err != nil {
		sec.Error = errorFailure(err)
	}
	return sec
}

// addressSection is parse's record of in (without the base: an address
// is read as typed), with the key of every version after its key, and
// what the default clean takes as the registrable domain.
func addressSection(in string, b base) section {
	sec := section{ID: "address", Title: "This library", Note: "the parse record (webaddress parse)"}
	if b.text != "" {
		sec.Note += ", without the base: an address is read as typed"
	}
	r := tool.DefaultReading()
	p := r.Read(nil, in)[0]
	sec.Fields, sec.Error = recordFields(r.Columns(), &p, "input")
	if p.Err != nil {
		return sec
	}
	if i := slices.IndexFunc(sec.Fields, func(f field) bool { return f.Name == "key" }); i >= 0 {
		var keys []field
		for kv := webaddress.KeyVersion(1); kv.IsValid(); kv++ {
			keys = append(keys, field{Name: "key_v" + strconv.Itoa(int(kv)), Value: p.Value.Key(kv, webaddress.LevelPage)})
		}
		sec.Fields = slices.Insert(sec.Fields, i+1, keys...)
	}
	if c, err := clean.Clean(p.Value.Input(), clean.CleanOptions{}); err == nil && c.Domain != "" {
		sec.Fields = append(sec.Fields, field{Name: "registrable_domain", Value: c.Domain})
	}
	return sec
}

// surtSection is surt's record of in.
func surtSection(in string) section {
	sec := section{ID: "surt", Title: "SURT key", Note: "webaddress surt (surt 0.3.1, not the URL Standard)"}
	k := records.NewSURTKey(in)
	sec.Fields, sec.Error = recordFields(records.SURTColumns, &k, "input")
	return sec
}

// cleanSection is clean's record of in, with opts (optErr: the failure of
// an option that is wrong), as the clean command reads a cell by default:
// the messy-cell layer, then R's safe_parse_url.
func cleanSection(in string, opts clean.CleanOptions, optErr *failure) section {
	sec := section{ID: "clean", Title: "The cleaner", Note: "webaddress clean: the messy-cell layer, then R's safe_parse_url with the options below"}
	if optErr != nil {
		sec.Error = optErr
		return sec
	}
	c := tool.CleanCell(clean.NewCleaner(opts, 1), in)
	sec.Fields, sec.Error = recordFields(tool.CleanColumns(), &c, "original_url")
	return sec
}

// errorFailure returns the failure of err.
func errorFailure(err error) *failure {
	code, _ := record.ErrorCode[webaddress.Code](err)
	return &failure{Code: string(code), Message: err.Error()}
}

// markSpans cuts in at the edges of the spans of vs (byte offsets, moved
// back to the start of a character), each segment with the names of the
// violations covering it. A violation of an empty span is a segment of no
// text where it is.
func markSpans(in string, vs []webaddress.Violation) []segment {
	fix := func(i int) int {
		i = min(max(i, 0), len(in))
		for i > 0 && i < len(in) && !utf8.RuneStart(in[i]) {
			i--
		}
		return i
	}
	cuts := []int{0, len(in)}
	for _, x := range vs {
		cuts = append(cuts, fix(x.Span.Start), fix(x.Span.End))
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	var segs []segment
	for i, at := range cuts {
		// The errors of an empty span at this cut.
		var empty segment
		for _, x := range vs {
			if s, e := fix(x.Span.Start), fix(x.Span.End); s == at && e == at {
				empty.Names = append(empty.Names, x.Name)
				empty.Failure = empty.Failure || x.Failure
			}
		}
		if empty.Names != nil {
			segs = append(segs, empty)
		}
		if i+1 == len(cuts) {
			break
		}
		end := cuts[i+1]
		seg := segment{Text: in[at:end]}
		for _, x := range vs {
			if s, e := fix(x.Span.Start), fix(x.Span.End); s <= at && end <= e && s < e {
				seg.Names = append(seg.Names, x.Name)
				seg.Failure = seg.Failure || x.Failure
			}
		}
		segs = append(segs, seg)
	}
	return segs
}

// viewAPI answers the view of the request's query as JSON.
func (s *server) viewAPI(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, newView(r.URL.Query()))
}

// viewParts are the parts of the viewer that change as one types, as the
// page's templates render them: the script puts them in the page, so that
// a view has one renderer.
type viewParts struct {
	Address  string `json:"address"`
	Query    string `json:"query"`
	Marks    string `json:"marks"`    // HTML: the address with its validation errors marked
	Sections string `json:"sections"` // HTML: the readings
}

// viewPartsAPI answers the parts of the view of the request's query.
func (s *server) viewPartsAPI(w http.ResponseWriter, r *http.Request) {
	v := newView(r.URL.Query())
	var marks, secs bytes.Buffer
	if err := s.pages.ExecuteTemplate(&marks, "marks", v.Marked); err != nil {
		httpError(w, http.StatusInternalServerError, "rendering the view: "+err.Error())
		return
	}
	if err := s.pages.ExecuteTemplate(&secs, "sections", v); err != nil {
		httpError(w, http.StatusInternalServerError, "rendering the view: "+err.Error())
		return
	}
	writeJSON(w, viewParts{Address: v.Address, Query: v.Query, Marks: marks.String(), Sections: secs.String()})
}

// writeJSON answers v as JSON.
func writeJSON(w http.ResponseWriter, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		httpError(w, http.StatusInternalServerError, err.Error())
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
}

// pageData is what the pages' templates render.
type pageData struct {
	Page     string // "viewer" or "list"
	View     view
	Options  []cleanOption
	Commands []commandInfo
	Words    map[string]string // codeWords
}

// viewerPage renders the viewer with the view of the request's query.
func (s *server) viewerPage(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.render(w, "viewer.html", pageData{Page: "viewer", View: newView(q), Options: cleanOptions(q)})
}

// listPage renders the list cleaner.
func (s *server) listPage(w http.ResponseWriter, r *http.Request) {
	s.render(w, "list.html", pageData{Page: "list", Commands: commandInfos(), Words: codeWords})
}

// render answers the page of template name.
func (s *server) render(w http.ResponseWriter, name string, d pageData) {
	var b bytes.Buffer
	if err := s.pages.ExecuteTemplate(&b, name, d); err != nil {
		httpError(w, http.StatusInternalServerError, "rendering the page: "+err.Error())
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
}
