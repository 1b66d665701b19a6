// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package idnacase holds the cases of the IDNA differential (the command
// internal/tools/idnadiff, run by hand against whatwg-url): their format,
// the one of testdata/idna_diff.txt, and package webaddress's answer to
// each, which the command compares with the reference implementation's
// and TestIdnaDiff with the file's.
//
// A case is one line of tab-separated fields:
//
//	url      INPUT  HREF  ERRORS   the URL parser on INPUT: the href, and
//	                               the validation errors' names, sorted,
//	                               joined by commas ("-" for none)
//	ascii    INPUT  RESULT         UTS #46 ToASCII with the URL Standard's
//	                               flags (DomainToASCII)
//	unicode  INPUT  RESULT         the URL Standard's domain to Unicode
//	                               (DomainToUnicode)
//
// INPUT, HREF and RESULT are Go-quoted strings; HREF and RESULT are the
// word failure where the parser fails or UTS #46 records an error. Lines
// that start with "#" are comments.
package idnacase

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/onecontact/webaddress"
)

// Case is one case: a question (Kind, Input) and its answer.
type Case struct {
	Kind   string // "url", "ascii" or "unicode"
	Input  string
	Want   string // the href or result, Go-quoted, or "failure"
	Errors string // url: the validation errors' names, sorted, joined by commas, or "-"
}

// Failure is Want's word for a failure.
const Failure = "failure"

// String returns the case as a line of testdata/idna_diff.txt.
func (c Case) String() string {
	if c.Kind == "url" {
		return fmt.Sprintf("url\t%q\t%s\t%s", c.Input, c.Want, c.Errors)
	}
	return fmt.Sprintf("%s\t%q\t%s", c.Kind, c.Input, c.Want)
}

// Quote returns s Go-quoted, or Failure when ok is false: a Want.
func Quote(s string, ok bool) string {
	if !ok {
		return Failure
	}
	return strconv.Quote(s)
}

// Names returns names sorted and joined by commas, or "-" for none: an
// Errors.
func Names(names []string) string {
	if len(names) == 0 {
		return "-"
	}
	return strings.Join(slices.Sorted(slices.Values(names)), ",")
}

// Answer returns package webaddress's answer to the question kind, input.
func Answer(kind, input string) Case {
	c := Case{Kind: kind, Input: input}
	switch kind {
	case "url":
		u, err := webaddress.ParseURL(input)
		c.Want = Quote(u.Href(), err == nil)
		var names []string
		for _, v := range webaddress.LintURL(input) {
			names = append(names, v.Name)
		}
		c.Errors = Names(names)
	case "ascii":
		c.Want = Quote(webaddress.DomainToASCII(input))
	case "unicode":
		c.Want = Quote(webaddress.DomainToUnicode(input))
	}
	return c
}

// Parse reads the cases of a file in the format above; name is for errors.
func Parse(name, data string) ([]Case, error) {
	var cases []Case
	n := 0
	for line := range strings.Lines(data) {
		n++
		line = strings.TrimRight(line, "\n")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		want := 3
		if f[0] == "url" {
			want = 4
		}
		if f[0] != "url" && f[0] != "ascii" && f[0] != "unicode" || len(f) != want {
			return nil, fmt.Errorf("%s:%d: want %d tab-separated fields of kind url, ascii or unicode: %q", name, n, want, line)
		}
		in, err := strconv.Unquote(f[1])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: input %s is not a Go-quoted string", name, n, f[1])
		}
		if _, err := strconv.Unquote(f[2]); err != nil && f[2] != Failure {
			return nil, fmt.Errorf("%s:%d: answer %s is neither a Go-quoted string nor %s", name, n, f[2], Failure)
		}
		c := Case{Kind: f[0], Input: in, Want: f[2]}
		if f[0] == "url" {
			c.Errors = f[3]
		}
		cases = append(cases, c)
	}
	return cases, nil
}
