// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"slices"
)

// This file holds the linter: the URL Standard's validation errors
// (https://url.spec.whatwg.org/#validation-error, the table of validation
// errors), each with where in the input it was found.

// Violation is one of the URL Standard's validation errors found in an
// input: a way the input differs from a valid URL string. Most are not
// failures: a browser parses "HTTPS:\\example.com" fine, and the linter
// still reports special-scheme-missing-following-solidus and
// invalid-reverse-solidus for it.
type Violation struct {
	Name    string // the validation error's name, as in the Standard's table
	Span    Span   // the byte span in the input where it was found
	Failure bool   // whether it made the parser return failure
}

// Lint parses input as an absolute URL, as [ParseURL] does, and returns
// every validation error it finds, in input order. An input that parses
// without any is a valid URL string; an input [ParseURL] rejects has
// exactly one violation with Failure set, the last one the parser found.
func Lint(input string) []Violation {
	return lint(input, nil, "")
}

// Lint parses ref against u, as [URL.Parse] does, and returns every
// validation error it finds in ref, in input order.
func (u URL) Lint(ref string) []Violation {
	if !u.IsValid() {
		return lint(ref, nil, "")
	}
	return lint(ref, &u, "")
}

// LintAddress returns the URL Standard's validation errors in an address
// as a person typed it, read as [Parse] reads it, in one pass of the
// parser, with spans in input as given: for "example.com:99999", port-out-of-range at 12-17. An assumed
// scheme adds none: the input is checked as the text after "https://".
// An input [Parse] rejects has one violation with Failure set; one that is
// not valid UTF-8 has only that one, named "invalid-UTF-8", at its first
// invalid byte.
func LintAddress(input string) []Violation {
	var a Address
	vs, _ := a.parse(input, true)
	return vs
}

// linter collects the violations a parse finds, with spans in the input
// as given.
//
// An input can have a violation per byte. They are kept in chunks, which
// never move, and put in one slice, in input order, at the end: appending
// to one slice would copy and allocate about five times as much.
type linter struct {
	v    []Violation   // the chunk being filled
	full [][]Violation // the chunks before it
	n    int           // how many in all
}

// maxLintChunk is the most violations a chunk holds.
const maxLintChunk = 4096

// add records v; it is the parser's sink.
func (l *linter) add(v Violation) {
	if len(l.v) == cap(l.v) {
		if l.v != nil {
			l.full = append(l.full, l.v)
		}
		l.v = make([]Violation, 0, min(max(4, 2*cap(l.v)), maxLintChunk))
	}
	l.v = append(l.v, v)
	l.n++
}

// each calls f with each violation, in the order they were found.
func (l *linter) each(f func(v *Violation)) {
	for _, c := range l.full {
		for k := range c {
			f(&c[k])
		}
	}
	for k := range l.v {
		f(&l.v[k])
	}
}

// sorted returns the violations in input order: by start, and in the
// order found where starts tie. It leaves out the violations that repeat,
// as not a failure, a failure found last: the strict domain-to-ASCII run
// reports what the relaxed one then fails with.
func (l *linter) sorted() []Violation {
	n := l.n
	var last Violation
	if n > 0 {
		last = l.v[len(l.v)-1]
	}
	kept, maxStart, i := 0, 0, 0
	l.each(func(v *Violation) {
		if i < n-1 && last.Failure && v.Name == last.Name && v.Span == last.Span {
			v.Name = "" // dropped
		} else {
			kept++
			maxStart = max(maxStart, v.Span.Start)
		}
		i++
	})
	if kept == 0 {
		return nil
	}
	vs := make([]Violation, 0, kept)
	if kept <= 64 {
		l.each(func(v *Violation) {
			if v.Name != "" {
				vs = append(vs, *v)
			}
		})
		slices.SortStableFunc(vs, func(a, b Violation) int { return a.Span.Start - b.Span.Start })
		return vs
	}
	// Many violations (an input can have one per byte): a counting sort by
	// start, which is stable and linear.
	next := make([]int32, maxStart+2) // where the next violation of each start goes
	l.each(func(v *Violation) {
		if v.Name != "" {
			next[v.Span.Start+1]++
		}
	})
	for k := 1; k < len(next); k++ {
		next[k] += next[k-1]
	}
	vs = vs[:kept]
	l.each(func(v *Violation) {
		if v.Name != "" {
			vs[next[v.Span.Start]] = *v
			next[v.Span.Start]++
		}
	})
	return vs
}

// lint runs the parser on input with a linter and returns the violations
// with spans in input.
func lint(input string, base *URL, assume string) []Violation {
	l := &linter{}
	parseWith(input, parseOpts{base: base, assume: assume, sink: l.add}, nil)
	return l.sorted()
}
