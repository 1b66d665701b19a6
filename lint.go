// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"github.com/onecontact/webaddress/internal/urlchars"
	"slices"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// This file holds the linter: the URL Standard's validation errors
// (https://url.spec.whatwg.org/#validation-error, the table of validation
// errors), each with where in the input it was found, and the checks of
// the parser and the host parser that run only for it.

// Violation is one of the URL Standard's validation errors in an input.
// Most are not failures: a browser reads "HTTPS:\\example.com", and the
// linter reports invalid-reverse-solidus for it.
type Violation struct {
	Name    string // the validation error's name, as in the Standard's table
	Span    Span   // the byte span in the input where it was found
	Failure bool   // whether it made the parser return failure
}

// LintURL returns the validation errors in input read as [ParseURL] reads
// it, in input order: "example.com:99999/a b" is the scheme "example.com:"
// and a path. An input ParseURL rejects has one violation with Failure
// set, the last found.
func LintURL(input string) []Violation {
	return lint(input, nil)
}

// Lint returns the validation errors in ref, read as [URL.Parse] reads it.
func (u URL) Lint(ref string) []Violation {
	if !u.IsValid() {
		return lint(ref, nil)
	}
	return lint(ref, &u)
}

// Lint returns the validation errors in input read as [Parse] reads it,
// with spans in input as given: for "example.com:99999", port-out-of-range
// at 12-17; an assumed scheme adds none. An input Parse rejects has one
// violation with Failure set (invalid UTF-8: "invalid-UTF-8" at its first
// bad byte).
func Lint(input string) []Violation {
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
// order found where starts tie.
func (l *linter) sorted() []Violation {
	if l.n == 0 {
		return nil
	}
	maxStart := 0
	l.each(func(v *Violation) { maxStart = max(maxStart, v.Span.Start) })
	vs := make([]Violation, 0, l.n)
	if l.n <= 64 {
		l.each(func(v *Violation) { vs = append(vs, *v) })
		slices.SortStableFunc(vs, func(a, b Violation) int { return a.Span.Start - b.Span.Start })
		return vs
	}
	// Many violations (an input can have one per byte): a counting sort by
	// start, which is stable and linear.
	next := make([]int32, maxStart+2) // where the next violation of each start goes
	l.each(func(v *Violation) { next[v.Span.Start+1]++ })
	for k := 1; k < len(next); k++ {
		next[k] += next[k-1]
	}
	vs = vs[:l.n]
	l.each(func(v *Violation) {
		vs[next[v.Span.Start]] = *v
		next[v.Span.Start]++
	})
	return vs
}

// lint runs the parser on input, against base when it is not nil, with a
// linter and returns the violations with spans in input.
func lint(input string, base *URL) []Violation {
	l := &linter{}
	parseWith(input, parseOpts{base: base, sink: l.add}, nil)
	return l.sorted()
}

// The checks below run only when a sink asks for validation errors that
// are not failures (Lint, Lint): the parser's and the host
// parser's reports besides their failures.

// reportTrimmed reports what the parser's first steps removed from the
// input, as the basic URL parser's steps 1 to 3 do: one invalid-URL-unit
// validation error if there are leading or trailing C0 controls and
// spaces (with the span of the leading ones, else of the trailing ones),
// and one if there are ASCII tabs and newlines (with the span of the
// first).
func (p *parser) reportTrimmed() {
	raw, start := p.raw, p.trim
	end := len(raw)
	for end > start && raw[end-1] <= ' ' {
		end--
	}
	name := vInvalidURLUnit.String()
	switch {
	case start > 0:
		p.sink(Violation{name, Span{0, start}, false})
	case end < len(raw):
		p.sink(Violation{name, Span{end, len(raw)}, false})
	}
	for i := start; i < end; i++ {
		if urlchars.IsTabOrNewline(raw[i]) {
			p.sink(Violation{name, Span{i, i + 1}, false})
			break
		}
	}
}

// reportCodePoints checks the code points of the path, query, fragment
// and opaque host after a parse: each that is not a URL code point, and
// each "%" not followed by two hex digits, is an invalid-URL-unit
// validation error, as the path, opaque path, query and fragment states
// say for each code point they read (not the "|" of a drive letter that
// the file host state passes to the path state in its buffer); the
// opaque-host parser says it once for the host for each of the two (at
// the first); a "\" in the path of a special URL is an
// invalid-reverse-solidus validation error.
func (p *parser) reportCodePoints() {
	check := func(k int, backslash, once bool) {
		s := p.spans[k]
		if s[0] < 0 {
			return
		}
		var badUnit, badPercent bool // reported
		unit := func(percent bool, start, end int) {
			if once && (percent && badPercent || !percent && badUnit) {
				return
			}
			badPercent, badUnit = badPercent || percent, badUnit || !percent
			p.report(vInvalidURLUnit, start, end)
		}
		for i := s[0]; i < s[1]; {
			c := p.in[i]
			size := 1
			switch {
			case c == '\\' && backslash:
				p.report(vInvalidReverseSolidus, i, i+1)
			case c == '%':
				if i+2 >= len(p.in) || !urlchars.IsHex(p.in[i+1]) || !urlchars.IsHex(p.in[i+2]) {
					unit(true, i, i+1)
				}
			case c < utf8.RuneSelf:
				if charClass[c]&urlUnit == 0 && (k != spanPath || i+1 != p.hostPipe) {
					unit(false, i, i+1)
				}
			default:
				var r rune
				r, size = utf8.DecodeRuneInString(p.in[i:])
				if !isURLCodePoint(r) {
					unit(false, i, i+size)
				}
			}
			i += size
		}
	}
	special := p.scheme.special()
	check(spanPath, special && !p.u.HasOpaquePath(), false)
	check(spanQuery, false, false)
	check(spanFragment, false, false)
	if p.u.hostKind == OpaqueHost {
		check(spanHost, false, true)
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

// reportCredentials reports each U+0040 (@) of the credentials in
// p.in[start:lastAt+1]: each is an invalid-credentials validation error.
func (p *parser) reportCredentials(start, lastAt int) {
	for j := start; j <= lastAt; j++ {
		if p.in[j] == '@' {
			p.report(vInvalidCredentials, start, j+1)
		}
	}
}

// reportEach reports v for each code point of p.in[start:end], which are
// ASCII.
func (p *parser) reportEach(v verr, start, end int) {
	for j := start; j < end; j++ {
		p.report(v, j, j+1)
	}
}

// hostLint passes on the validation errors of a host that are not
// failures, when the IP parsers are given one. n is the host input's
// length; exact says whether offsets in the ASCII domain the host parser
// works on are offsets in the host input too (no percent-decoding or IDNA
// mapping happened), else errors get the whole host's span.
type hostLint struct {
	emit  func(v verr, start, end int) // spans in the host input
	n     int
	exact bool
}

// report passes on a validation error found at [start, end) in the host.
func (h *hostLint) report(v verr, start, end int) {
	if h == nil {
		return
	}
	if !h.exact {
		start, end = 0, h.n
	}
	h.emit(v, start, end)
}

// hostViolations finds the validation errors of a host input (as written,
// between the authority's userinfo and port) that do not make it fail,
// and passes each to emit with its span in input; the host parser reports
// those that make it fail. special is whether the URL is special. For a
// domain it finds domain-percent-encoded, the strict ToASCII run's
// domain-to-ASCII (unless the host parser fails with it), IPv4-non-ASCII-input
// and what the IPv4 parser finds; for an IPv6 address,
// IPv6-piece-leading-zero.
func hostViolations(input string, special bool, emit func(v verr, start, end int)) {
	hl := &hostLint{emit: emit, n: len(input), exact: true}
	if len(input) > 1 && input[0] == '[' && input[len(input)-1] == ']' {
		parseIPv6(input[1:len(input)-1], hl)
		return
	}
	if !special || input == "" || input[0] == '[' {
		return
	}
	// The host parser's steps 4 to 6: a percent-encoded byte is a
	// domain-percent-encoded validation error, and the domain parser first
	// runs ToASCII with beStrict.
	domain := input
	if indexEscape(input) >= 0 {
		hl.report(vDomainPercentEncoded, 0, len(input))
		domain = decodeUTF8(appendDecoded(nil, input))
	}
	// The domain parser reports domain-to-ASCII once, at its step 2, when
	// the strict run fails; when the relaxed run then fails too, that is
	// the host parser's failure, which it reports itself.
	ascii, err := appendDomain(nil, input)
	if err == nil || err.v != vDomainToASCII {
		if _, serr := strictProfile.ToASCII(domain); serr != nil || !idnaChecks(domain, true) {
			emit(vDomainToASCII, 0, len(input))
		}
	}
	// The host parser's step 8, on the ASCII domain the domain parser
	// gives for input (which percent-decodes it itself): when it ends in a
	// number and domain is not ASCII, IPv4-non-ASCII-input, then the IPv4
	// parser's own.
	hl.exact = domain == input && urlchars.IsASCII(input)
	if err == nil && endsInNumber(ascii) {
		if !urlchars.IsASCII(domain) {
			hl.report(vIPv4NonASCIIInput, 0, len(input))
		}
		parseIPv4(ascii, hl)
	}
}

// strictProfile is UTS #46 as the Standard's "domain parser ToASCII" runs it
// with beStrict true: CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength
// on. CheckHyphens is idnaChecks's (x/net/idna counts its positions in
// bytes), so the profile turns it off.
var strictProfile = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.Transitional(false),
	idna.StrictDomainName(true),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.VerifyDNSLength(true),
)
