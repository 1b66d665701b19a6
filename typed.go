// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/onecontact/webaddress/internal/layer"
	"github.com/onecontact/webaddress/internal/urlchars"
)

// This file holds the front end of the typed layers ([Parse],
// [Lint], and the cleaner of package clean through package layer):
// what they do to an input as a person typed it before and after the URL
// parser. Each layer decides for itself which scheme to read the input
// with.

// typedInput is an input as a person typed it: the input as given, and
// its text without the Unicode white space around it.
type typedInput struct {
	input     string // as given
	text      string // input without leading and trailing Unicode white space
	lead      int    // how many bytes went from the start of input
	printable bool   // input is printable ASCII: no byte below 0x20 or from 0x80
}

// readTyped checks an input and trims it. It fails with [CodeInvalidUTF8]
// when input is not valid UTF-8, and with [CodeInvalidURL]
// (input-too-long) when its text is longer than the parser takes.
func readTyped(input string) (typedInput, *Error) {
	var t typedInput
	err := t.read(input)
	return t, err
}

// read is readTyped writing the typed input in t, which is zero; on
// invalid UTF-8 it leaves t zero.
func (t *typedInput) read(input string) *Error {
	printable := printableASCII(input)
	if !printable && !urlchars.IsASCII(input) {
		if err := checkUTF8(input); err != nil {
			return err
		}
	}
	t.input, t.printable = input, printable
	t.text, t.lead = trimSpace(input)
	if len(t.text) > maxInput {
		at := t.lead + maxInput
		pe := &ParseError{Input: input, Name: vInputTooLong.String(), Offset: at, v: vInputTooLong}
		return &Error{Input: input, Offset: at, Err: pe, code: CodeInvalidURL}
	}
	return nil
}

// trimSpace returns s without leading and trailing Unicode white space
// (unicode.IsSpace), and how many bytes went from its start.
func trimSpace(s string) (text string, lead int) {
	if n := len(s); n > 0 && ' ' < s[0] && s[0] < utf8.RuneSelf && ' ' < s[n-1] && s[n-1] < utf8.RuneSelf {
		return s, 0 // the common case: nothing to trim
	}
	start, end := 0, len(s)
	for start < end {
		r, size := rune(s[start]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(s[start:])
		}
		if !unicode.IsSpace(r) {
			break
		}
		start += size
	}
	for end > start {
		r, size := rune(s[end-1]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeLastRuneInString(s[start:end])
		}
		if !unicode.IsSpace(r) {
			break
		}
		end -= size
	}
	return s[start:end], start
}

// leadingScheme reads the scheme text starts with, as the URL parser's
// scheme state would: an ASCII letter, then letters, digits, "+", "-" and
// ".", then ":", with ASCII tabs and newlines, which the parser drops,
// anywhere among them. It returns the scheme lowercased, the offset of the
// colon, and whether two slashes follow the colon (tabs and newlines
// among them too); ok is false when text does not start with a scheme.
func leadingScheme(text string) (scheme string, colon int, slashes, ok bool) {
	// The common cases first.
	if strings.HasPrefix(text, "https://") {
		return "https", 5, true, true
	}
	if strings.HasPrefix(text, "http://") {
		return "http", 4, true, true
	}
	if strings.HasPrefix(text, "file://") {
		return "file", 4, true, true
	}
	first, upper, tabs := true, false, false
	i := 0
	for ; i < len(text) && text[i] != ':'; i++ {
		c := text[i]
		switch {
		case urlchars.IsTabOrNewline(c):
			tabs = true
			continue
		case first && !urlchars.IsAlpha(c), charClass[c]&schemeChar == 0:
			return "", -1, false, false
		case 'A' <= c && c <= 'Z':
			upper = true
		}
		first = false
	}
	if first || i == len(text) {
		return "", -1, false, false
	}
	scheme, colon = text[:i], i
	if tabs {
		scheme = urlchars.RemoveTabsAndNewlines(scheme)
	}
	if upper {
		scheme = strings.ToLower(scheme)
	}
	n := 0
	for _, c := range []byte(text[colon+1:]) {
		if c == '/' {
			if n++; n == 2 {
				break
			}
		} else if !urlchars.IsTabOrNewline(c) {
			break
		}
	}
	return scheme, colon, n == 2, true
}

// parsed is what the URL parser made of a typed input.
type parsed struct {
	url   URL
	spans spans // where the components are in the input as given
}

// parse runs the URL parser on the typed input's text from byte from on
// (after a written scheme's colon, or 0), reading it after assume + "://"
// when assume is not "" (see parseOpts.assume), and writes the result in
// r, with spans that count in the input as given. With lint, it returns
// every validation error found too, in input order, even when the parse
// fails.
func (t *typedInput) parse(r *parsed, from int, assume string, lint bool) ([]Violation, *Error) {
	o := parseOpts{assume: assume, printable: t.printable}
	var l *linter
	if lint {
		l = &linter{}
		o.sink = l.add
	}
	at := t.lead + from // where the parser's input starts in t.input
	u, err := parseWith(t.text[from:], o, &r.spans)
	var vs []Violation
	if lint {
		vs = l.sorted()
		for i := range vs {
			vs[i].Span.Start += at
			vs[i].Span.End += at
		}
	}
	if err != nil {
		return vs, t.failure(from, assume, err)
	}
	r.url = u
	if at != 0 {
		r.spans.shift(at)
	}
	return vs, nil
}

// failure returns the parser's failure err, on the text parse read from
// byte from on with assume, as an error on the input as given.
func (t *typedInput) failure(from int, assume string, err error) *Error {
	// The URL parser's error is on the text it parsed: the assumed
	// scheme's prefix, then the rest.
	prefix := ""
	switch {
	case assume != "" && from == 0:
		prefix = assume + "://"
	case assume != "":
		prefix = assume + ":"
	}
	return parseFailure(t.input, t.lead+from, prefix, err)
}

// shift moves the spans of the components found by at bytes: the parser
// found them in an input that starts at byte at of the input as given.
func (sp *spans) shift(at int) {
	for k := range sp {
		if sp[k][0] >= 0 {
			sp[k][0] += at
			sp[k][1] += at
		}
	}
}

// fields returns the spans of the components as Fields (those absent are
// {-1, -1} in both).
func (sp *spans) fields() Fields {
	span := func(k int) Span { return Span{sp[k][0], sp[k][1]} }
	return Fields{span(spanScheme), span(spanHost), span(spanPort), span(spanPath), span(spanQuery), span(spanFragment)}
}

// The layers of this module built on the core (package cells, package
// clean, the Beam coder) read typed inputs, make errors and rebuild
// addresses through package layer, whose hooks these are.
func init() {
	layer.ReadTyped = readTypedLayer
	layer.NewError = newErrorLayer
	layer.SetHooks(parseTypedLayer, addressFromRecordLayer, withFactsLayer)
}

// readTypedLayer is layer.ReadTyped.
func readTypedLayer(input string) (layer.Typed, error) {
	var t typedInput
	if err := t.read(input); err != nil {
		err.Input = input
		return layer.Typed{}, err
	}
	return layer.Typed{Input: t.input, Text: t.text, Lead: t.lead, Printable: t.printable}, nil
}

// newErrorLayer is layer.NewError.
func newErrorLayer(code, input string, offset int, reason string) error {
	return newError(Code(code), input, offset, reason)
}

// addressFromRecordLayer is layer.FromRecord's hook.
func addressFromRecordLayer(input, text string, facts uint64) (Address, error) {
	return addressFromRecord(input, text, Facts(facts))
}

// withFactsLayer is layer.WithFacts's hook.
func withFactsLayer(a Address, facts uint64) Address {
	a.facts |= Facts(facts) & layerFacts
	return a
}

// parseTypedLayer is layer.ParseTyped's hook.
func parseTypedLayer(lt layer.Typed, from int, scheme string) (URL, Fields, error) {
	t := typedInput{input: lt.Input, text: lt.Text, lead: lt.Lead, printable: lt.Printable}
	return t.parseURL(from, scheme)
}

// parseURL runs the URL parser, with no base, on t.text from byte from
// on, as layer.ParseTyped says.
func (t typedInput) parseURL(from int, scheme string) (URL, Fields, error) {
	if from < 0 || from > len(t.text) {
		err := &Error{Input: t.input, Offset: -1, code: CodeInvalidURL,
			Reason: "ParseTyped: from " + strconv.Itoa(from) + " is outside the text"}
		return URL{}, Fields{Scheme: noSpan, Host: noSpan, Port: noSpan, Path: noSpan, Query: noSpan, Fragment: noSpan}, err
	}
	// parse without a linter, and without its parsed to copy the URL
	// through; the fast path, as parseWith would take it, without the
	// call between: this runs once per value the cleaner cleans. When
	// quickParse does not take the text, parseWith need not try it again.
	var sp spans
	u, ok := quickParse(t.text[from:], scheme, &sp)
	if !ok {
		var err error
		if u, err = parseWith(t.text[from:], parseOpts{assume: scheme, printable: t.printable, slow: true}, &sp); err != nil {
			return URL{}, Fields{Scheme: noSpan, Host: noSpan, Port: noSpan, Path: noSpan, Query: noSpan, Fragment: noSpan}, t.failure(from, scheme, err)
		}
	}
	if at := t.lead + from; at != 0 {
		sp.shift(at)
	}
	return u, sp.fields(), nil
}
