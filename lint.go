// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"slices"
	"unicode/utf8"

	"golang.org/x/net/idna"
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

// Violations returns the URL Standard's validation errors in the address's
// input, as [LintAddress] does.
func (a Address) Violations() []Violation {
	if !a.IsValid() {
		return nil
	}
	return LintAddress(a.input)
}

// LintAddress returns the URL Standard's validation errors in an address
// as a person typed it, read as [Parse] reads it, with spans in input as
// given: for "example.com:99999", port-out-of-range at 12-17. An assumed
// scheme adds none: the input is checked as the text after "https://".
// An input [Parse] rejects has one violation with Failure set.
func LintAddress(input string) []Violation {
	text, lead := trimSpace(input)
	assume := ""
	if !schemeWritten(text) {
		assume = assumedScheme
	}
	vs := lint(text, nil, assume)
	for i := range vs {
		vs[i].Span.Start += lead
		vs[i].Span.End += lead
	}
	return vs
}

// linter collects violations while the parser runs. Spans are offsets in
// the parser's input (parser.in) until the parse ends, except those marked
// raw, which are offsets in the input as given.
//
// An input can have a violation per byte. They are kept in chunks, which
// never move, and put in one slice, in input order, at the end: appending
// to one slice would copy and allocate about five times as much.
type linter struct {
	v    []Violation   // the chunk being filled
	full [][]Violation // the chunks before it
	raw  []bool        // per violation, in order
}

// maxLintChunk is the most violations a chunk holds.
const maxLintChunk = 4096

// add records a violation at [start, end) in the parser's input.
func (l *linter) add(name string, start, end int, failure bool) {
	l.push(Violation{name, Span{start, end}, failure}, false)
}

// addRaw records a violation at [start, end) in the input as given.
func (l *linter) addRaw(name string, start, end int) {
	l.push(Violation{name, Span{start, end}, false}, true)
}

// push records v, whose span is raw or in the parser's input.
func (l *linter) push(v Violation, raw bool) {
	if len(l.v) == cap(l.v) {
		if l.v != nil {
			l.full = append(l.full, l.v)
		}
		l.v = make([]Violation, 0, min(max(4, 2*cap(l.v)), maxLintChunk))
	}
	l.v = append(l.v, v)
	l.raw = append(l.raw, raw)
}

// each calls f with each violation, and whether its span is raw, in the
// order they were found.
func (l *linter) each(f func(v *Violation, raw bool)) {
	i := 0
	for _, c := range l.full {
		for k := range c {
			f(&c[k], l.raw[i])
			i++
		}
	}
	for k := range l.v {
		f(&l.v[k], l.raw[i])
		i++
	}
}

// sorted returns the violations in input order: by start, and in the
// order found where starts tie. It leaves out the violations that repeat,
// as not a failure, a failure found last: the strict domain-to-ASCII run
// reports what the relaxed one then fails with.
func (l *linter) sorted() []Violation {
	n := len(l.raw)
	var last Violation
	if n > 0 {
		last = l.v[len(l.v)-1]
	}
	kept, maxStart, i := 0, 0, 0
	l.each(func(v *Violation, _ bool) {
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
		l.each(func(v *Violation, _ bool) {
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
	l.each(func(v *Violation, _ bool) {
		if v.Name != "" {
			next[v.Span.Start+1]++
		}
	})
	for k := 1; k < len(next); k++ {
		next[k] += next[k-1]
	}
	vs = vs[:kept]
	l.each(func(v *Violation, _ bool) {
		if v.Name != "" {
			vs[next[v.Span.Start]] = *v
			next[v.Span.Start]++
		}
	})
	return vs
}

// trimmed reports what the parser's first steps removed from input, whose
// first start bytes they trimmed: leading or trailing C0 controls and
// spaces, and ASCII tabs and newlines, are invalid-URL-unit validation
// errors.
func (l *linter) trimmed(input string, start int) {
	end := len(input)
	for end > start && input[end-1] <= ' ' {
		end--
	}
	if start > 0 {
		l.addRaw("invalid-URL-unit", 0, start)
	}
	for i := start; i < end; i++ {
		if isTabOrNewline(input[i]) {
			l.addRaw("invalid-URL-unit", i, i+1)
		}
	}
	if end < len(input) {
		l.addRaw("invalid-URL-unit", end, len(input))
	}
}

// strictProfile is UTS #46 as the Standard's "domain parser ToASCII" runs it
// with beStrict true: CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength
// on.
var strictProfile = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.Transitional(false),
	idna.StrictDomainName(true),
	idna.CheckHyphens(true),
	idna.CheckJoiners(true),
	idna.VerifyDNSLength(true),
)

// strict runs the domain parser's first steps: if ToASCII with beStrict
// fails, domain-to-ASCII validation error (a failure only when the relaxed
// run fails too, which the host parser reports itself).
func (h *hostLint) strict(domain string) {
	if r, err := strictProfile.ToASCII(domain); err != nil || !idnaChecks(domain, r) {
		h.l.add("domain-to-ASCII", h.at, h.at+h.n, false)
	}
}

// lint runs the parser on input with a linter and returns the violations
// with spans in input.
func lint(input string, base *URL, assume string) []Violation {
	if len(input) > maxInput {
		return []Violation{{"input-too-long", Span{maxInput, len(input)}, true}}
	}
	l := &linter{}
	parseSpans(input, base, assume, nil, l)
	return l.sorted()
}

// lintFinish ends a parse with a linter: the trimming of the parser's
// first steps, the code points of the components (when the parse, ok,
// succeeded), and the spans mapped to the input as given.
func (p *parser) lintFinish(input string, ok bool) {
	p.lint.trimmed(input, p.trim)
	if ok {
		p.lintComponents()
	}
	p.lint.each(func(v *Violation, raw bool) {
		if !raw {
			s := p.rawSpan(v.Span.Start, v.Span.End)
			v.Span = Span{s[0], s[1]}
		}
	})
}

// lintHost reports the validation errors of the host input at offset at
// that do not make it fail (the host parser reports those): for a domain,
// domain-percent-encoded and the strict ToASCII run's domain-to-ASCII, and
// what the IPv4 parser finds; for an IPv6 address,
// IPv6-piece-leading-zero.
func (p *parser) lintHost(input string, at int) {
	hl := &hostLint{l: p.lint, at: at, n: len(input), exact: true}
	if len(input) > 1 && input[0] == '[' && input[len(input)-1] == ']' {
		parseIPv6(input[1:len(input)-1], hl)
		return
	}
	if !p.scheme.special() || input == "" || input[0] == '[' {
		return
	}
	// The host parser's steps 4 to 6: a percent-encoded byte is a
	// domain-percent-encoded validation error, and the domain parser first
	// runs ToASCII with beStrict.
	domain := input
	if indexEscape(input) >= 0 {
		hl.report("domain-percent-encoded", 0, len(input))
		domain = decodeUTF8(appendDecoded(nil, input))
	}
	hl.strict(domain)
	// The IPv4 parser, on the ASCII domain the domain parser gives for
	// input (which percent-decodes it itself).
	ascii, err := appendDomain(nil, input)
	hl.exact = domain == input && isASCII(input)
	if err == nil && endsInNumber(ascii) {
		parseIPv4(ascii, hl)
	}
}

// lintComponents checks the code points of the path, query, fragment and
// opaque host after a parse: each that is not a URL code point, and each
// "%" not followed by two hex digits, is an invalid-URL-unit validation
// error, as the path, opaque path, query and fragment states and the
// opaque-host parser say; a "\" in the path of a special URL is an
// invalid-reverse-solidus validation error.
func (p *parser) lintComponents() {
	check := func(k int, backslash bool) {
		s := p.spans[k]
		if s[0] < 0 {
			return
		}
		for i := s[0]; i < s[1]; {
			c := p.in[i]
			size := 1
			switch {
			case c == '\\' && backslash:
				p.lint.add("invalid-reverse-solidus", i, i+1, false)
			case c == '%':
				if i+2 >= len(p.in) || !isHex(p.in[i+1]) || !isHex(p.in[i+2]) {
					p.lint.add("invalid-URL-unit", i, i+1, false)
				}
			case c < utf8.RuneSelf:
				if charClass[c]&urlUnit == 0 {
					p.lint.add("invalid-URL-unit", i, i+1, false)
				}
			default:
				var r rune
				r, size = utf8.DecodeRuneInString(p.in[i:])
				if !isURLCodePoint(r) {
					p.lint.add("invalid-URL-unit", i, i+size, false)
				}
			}
			i += size
		}
	}
	special := p.scheme.special()
	check(spanPath, special && !p.u.HasOpaquePath())
	check(spanQuery, false)
	check(spanFragment, false)
	if p.u.hostKind == OpaqueHost {
		check(spanHost, false)
	}
}

// isURLCodePoint reports whether r, not ASCII, is a URL code point: from
// U+00A0 to U+10FFFD, not a surrogate and not a noncharacter.
func isURLCodePoint(r rune) bool {
	if r < 0xA0 || r > 0x10FFFD || 0xD800 <= r && r <= 0xDFFF {
		return false
	}
	if 0xFDD0 <= r && r <= 0xFDEF || r&0xFFFE == 0xFFFE {
		return false
	}
	return true
}
