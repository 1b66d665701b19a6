// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"
	"unicode"
)

// This file holds the front end of the typed layers ([Parse],
// [LintAddress], [Clean]): what they do to an input as a person typed it
// before and after the URL parser. Each layer decides for itself which
// scheme to read the input with.

// typedInput is an input as a person typed it: the input as given, and
// its text without the Unicode white space around it.
type typedInput struct {
	input string // as given
	text  string // input without leading and trailing Unicode white space
	lead  int    // how many bytes went from the start of input
}

// readTyped checks an input and trims it. It fails with [CodeInvalidUTF8]
// when input is not valid UTF-8, and with [CodeInvalidURL]
// (input-too-long) when its text is longer than the parser takes.
func readTyped(input string) (typedInput, *Error) {
	if err := checkUTF8(input); err != nil {
		return typedInput{}, err
	}
	text := strings.TrimLeftFunc(input, unicode.IsSpace)
	t := typedInput{input: input, lead: len(input) - len(text)}
	t.text = strings.TrimRightFunc(text, unicode.IsSpace)
	if len(t.text) > maxInput {
		at := t.lead + maxInput
		pe := &ParseError{Input: input, Name: vInputTooLong.String(), Offset: at}
		return t, &Error{Input: input, Offset: at, Err: pe, code: CodeInvalidURL}
	}
	return t, nil
}

// leadingScheme reads the scheme text starts with, as the URL parser's
// scheme state would: an ASCII letter, then letters, digits, "+", "-" and
// ".", then ":", with ASCII tabs and newlines, which the parser drops,
// anywhere among them. It returns the scheme lowercased, the offset of the
// colon, and whether two slashes follow the colon (tabs and newlines
// among them too); ok is false when text does not start with a scheme.
func leadingScheme(text string) (scheme string, colon int, slashes, ok bool) {
	colon = strings.IndexByte(text, ':')
	if colon < 0 {
		return "", -1, false, false
	}
	s := removeTabsAndNewlines(text[:colon])
	if s == "" || !isAlpha(s[0]) {
		return "", -1, false, false
	}
	for j := 1; j < len(s); j++ {
		if charClass[s[j]]&schemeChar == 0 {
			return "", -1, false, false
		}
	}
	n := 0
	for _, c := range []byte(text[colon+1:]) {
		if c == '/' {
			if n++; n == 2 {
				break
			}
		} else if !isTabOrNewline(c) {
			break
		}
	}
	return strings.ToLower(s), colon, n == 2, true
}

// parsed is what the URL parser made of a typed input.
type parsed struct {
	url        URL
	fields     Fields
	password   Span        // the password in the input, for redacting it
	violations []Violation // when asked for: every validation error, in input order
}

// parse runs the URL parser on the typed input's text from byte from on
// (after a written scheme's colon, or 0), reading it after assume + "://"
// when assume is not "" (see parseOpts.assume). Spans count in the input
// as given. With lint, it collects every validation error too, even when
// the parse fails.
func (t typedInput) parse(from int, assume string, lint bool) (parsed, *Error) {
	return t.parseRecording(from, assume, lint, new(spans))
}

// parseURL is parse without lint and without the spans (r.fields and
// r.password are noSpan), which costs less, for a layer that needs them
// only for some inputs.
func (t typedInput) parseURL(from int, assume string) (parsed, *Error) {
	return t.parseRecording(from, assume, false, nil)
}

// parseRecording is parse, with the spans recorded in sp when it is not
// nil.
func (t typedInput) parseRecording(from int, assume string, lint bool, sp *spans) (parsed, *Error) {
	var r parsed
	var l *linter
	o := parseOpts{assume: assume, spans: sp}
	if lint {
		l = &linter{}
		o.sink = l.add
	}
	at := t.lead + from // where the parser's input starts in t.input
	u, err := parseWith(t.text[from:], o)
	if lint {
		r.violations = l.sorted()
		for i := range r.violations {
			r.violations[i].Span.Start += at
			r.violations[i].Span.End += at
		}
	}
	if err != nil {
		// The URL parser's error is on the text it parsed: the assumed
		// scheme's prefix, then the rest.
		prefix := ""
		switch {
		case assume != "" && from == 0:
			prefix = assume + "://"
		case assume != "":
			prefix = assume + ":"
		}
		return r, parseFailure(t.input, at, prefix, err)
	}
	span := func(k int) Span {
		if sp == nil || sp[k][0] < 0 {
			return noSpan
		}
		return Span{sp[k][0] + at, sp[k][1] + at}
	}
	r.url = u
	r.fields = Fields{span(spanScheme), span(spanHost), span(spanPort), span(spanPath), span(spanQuery), span(spanFragment)}
	r.password = span(spanPassword)
	return r, nil
}
