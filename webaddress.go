// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package webaddress parses website addresses exactly as browsers do and
// tells what they are.
//
// One call for each job:
//
//   - an address as a person typed it into a form: [Parse], an [Address];
//     [Lint] lists the Standard's validation errors in it, with byte spans;
//   - a spreadsheet or CRM cell ("N/A", quotes, "sales@acme.com"): package
//     cells, which reads the cell as its author meant it, then calls Parse;
//   - the same page, site or organisation: [Address.Key] at a [Level], of
//     a [KeyVersion] whose keys never change ([Keyer] adds a user's
//     platforms and aliases; [Address.Levels] says why the owner is what
//     it is);
//   - the registrable domain and public suffix: [Address.Split];
//   - a social profile: [Address.Profile];
//   - grouping a list, or matching it against accounts: package lists;
//   - a URL string as the URL Standard reads it: [ParseURL], a [URL] with
//     the Standard's getters and setters; [URL.Parse] resolves a reference
//     and [LintURL] lists validation errors;
//   - R's safe_parse_url: package clean; web archives' SURT keys: package
//     surt.
//
// ParseURL and URL are the URL Standard (https://url.spec.whatwg.org/, as
// of July 2026), tested against every case of the web-platform-tests URL
// data; like a browser, and unlike RFC 3986, ParseURL reads
// "HTTPS://Example.COM/a/../b" as "https://example.com/b". Hosts that are
// not ASCII go through UTS #46 (golang.org/x/net/idna). Beyond the
// Standard, every entry point fails on an input longer than 2 MiB
// (Chrome's limit; "input-too-long") and on a host that is not ASCII
// and longer than 4096 UTF-16 code units. Every error the package returns
// has a [Code].
package webaddress

import (
	"log/slog"
	"slices"
	"strings"
)

// Address is a website address as a person typed it, parsed: its URL, its
// canonical form, the facts found and where each component is in the
// input. The zero Address is not valid; its methods return zero values.
// String and LogValue show a password as "****"; Canonical and the URL
// keep credentials as written.
type Address struct {
	input     string
	cell      string // the cell Tidied.Parse read input from, when it is not input
	parsed           // the URL, and where its components are in input
	canonical string
	facts     Facts
}

// Span is a component's byte offsets [Start, End) in an input: {-1, -1}
// when it is absent, Start == End when it is empty ("https://a.example/?"
// has an empty query).
type Span struct {
	Start, End int
}

// noSpan is the Span of an absent component.
var noSpan = Span{-1, -1}

// IsPresent reports whether the component is present (perhaps empty).
func (s Span) IsPresent() bool { return s.Start >= 0 }

// UTF16 returns the span in UTF-16 code units of input, the offsets a
// JavaScript editor uses. An absent span stays {-1, -1}.
func (s Span) UTF16(input string) Span {
	if !s.IsPresent() {
		return s
	}
	start := utf16Len(input[:s.Start])
	return Span{start, start + utf16Len(input[s.Start:s.End])}
}

// Fields says where each component of an [Address] is in its Input, white
// space around it included: input[f.Host.Start:f.Host.End] is the host as
// typed (tabs and newlines, which the parser drops, may be inside). Scheme
// is absent when it was assumed, Path when none was typed.
type Fields struct {
	Scheme, Host, Port, Path, Query, Fragment Span
}

// slashlessSchemes are the schemes a person writes without "//"; with them
// and the special schemes, "scheme:" counts as written even when no "//"
// follows.
var slashlessSchemes = []string{"mailto", "tel", "sms", "urn", "geo", "callto", "skype", "magnet", "news", "data", "javascript", "about", "blob"}

// schemeWritten reports whether text starts with a scheme the person wrote:
// "scheme:" followed by "//", or a scheme written without slashes, or a
// special scheme. So "localhost:3000/x" and "example.com:8080" are hosts
// with ports.
func schemeWritten(text string) bool {
	if strings.IndexByte(text, ':') < 0 {
		// No scheme without its colon: most addresses typed without one
		// ("example.com/a"), and no reading of leadingScheme's byte by byte.
		return false
	}
	scheme, _, slashes, ok := leadingScheme(text)
	if !ok {
		return false
	}
	return slashes || schemeTypeOf([]byte(scheme)).special() || slices.Contains(slashlessSchemes, scheme)
}

// assumedScheme is the scheme of an input whose scheme was not written.
const assumedScheme = "https"

// Parse parses a website address as a person typed it into a form. For a
// spreadsheet or CRM cell use package cells: Parse reads "N/A" as the host
// "n", and "sales@acme.com" as a user name at acme.com.
//
// Parse trims Unicode white space and, when no scheme was written, puts
// "https://" in front ([FactSchemeAssumed]); then it parses as [ParseURL]
// does, so javascript: and data: URLs parse too (see [Address.IsWebsite]).
// A failure is an *[Error]; input that is not valid UTF-8 fails with
// [CodeInvalidUTF8].
func Parse(input string) (a Address, err error) {
	// Parse stays small enough to be inlined, so that the Address is
	// written where its caller keeps it rather than copied there.
	if _, err = a.parse(input, false); err != nil {
		return Address{}, err
	}
	return a, nil
}

// parse is Parse, into a; with lint, it returns every validation error
// found too, even when the parse fails (and leaves a partly written).
func (a *Address) parse(input string, lint bool) ([]Violation, error) {
	// The test of the first byte ("http", "https", "file") spares most
	// inputs without a scheme (typed, unique_hosts) the fast path's call
	// of quickParse and the copy of its URL.
	if !lint && input != "" && (input[0] == 'h' || input[0] == 'f') && a.parseSerialized(input) {
		a.addFacts()
		return nil, nil
	}
	return a.parseTyped(input, lint)
}

// parseTyped is parse for every input: it reads input as typed
// (readTyped), decides on the scheme, and runs the URL parser.
func (a *Address) parseTyped(input string, lint bool) ([]Violation, error) {
	t, err := readTyped(input)
	if err != nil {
		return []Violation{err.violation()}, err
	}
	a.input = input
	assume := ""
	if !schemeWritten(t.text) {
		assume = assumedScheme
		a.facts |= FactSchemeAssumed
	}
	vs, err := t.parse(&a.parsed, 0, assume, lint)
	if err != nil {
		return vs, err
	}
	a.addFacts()
	return vs, nil
}

// addFacts sets a's canonical form and the facts found in its URL.
func (a *Address) addFacts() {
	canonical, removed := canonicalize(&a.url)
	a.canonical = canonical
	a.facts |= factsOf(&a.url, removed) | profileFact(&a.url)
}

// parseSerialized is parse's fast path for the most common input, an
// http, https or file URL already in its serialized form with nothing
// around it to trim: the parser's quickParse alone, whose spans are those
// of the input as given. It writes what the general path writes but the
// canonical form and facts, or reports false, leaving a, a zero Address,
// as it was. TestParseSerialized checks that both agree.
//
// It needs no check of its own: quickParse takes no input but one that
// starts with "http://", "https://" or "file://", a scheme written, and
// none that is not printable ASCII or longer than maxInput
// (TestQuickParseClasses); so input has no white space to trim, no tab or
// newline to remove, and nothing that is not valid UTF-8 or that
// readTyped would refuse.
func (a *Address) parseSerialized(input string) (ok bool) {
	// It stays small enough to be inlined in parse; quickParse writes a's
	// spans only when it takes input, and its URL is zero when it does not.
	if a.url, ok = quickParse(input, "", &a.spans); ok {
		a.input = input
	}
	return ok
}

// IsValid reports whether a is a parsed address, not the zero Address.
func (a Address) IsValid() bool { return a.url.IsValid() }

// Input returns the text parsed: Parse's input as given, or the text
// package cells read in a cell.
func (a Address) Input() string { return a.input }

// Cell returns the cell package cells read the address from ("“Acme.com”"
// for the Input "Acme.com"); else Input.
func (a Address) Cell() string {
	if a.cell != "" {
		return a.cell
	}
	return a.input
}

// URL returns the URL parsed, with "https://" in front when the scheme was
// assumed, and the fragment, tracking parameters and credentials as
// written.
func (a Address) URL() URL { return a.url }

// Canonical returns the canonical form: the URL's serialization (the host
// lowercased and through UTS #46, the default port left out) without the
// tracking parameters and the fragment; a query the removal empties loses
// its "?". Credentials, path case and other parameters stay as written.
func (a Address) Canonical() string { return a.canonical }

// RemovedParams returns the tracking parameters [Address.Canonical] took
// out, each "name=value" as in the URL's query, in order.
func (a Address) RemovedParams() []string {
	if !a.facts.Has(FactTrackingParametersRemoved) {
		return nil
	}
	return removedParams(&a.url)
}

// Facts returns what was found about the address.
func (a Address) Facts() Facts { return a.facts }

// IsWebsite reports whether a is an http or https URL: javascript:, data:
// and mailto: values parse but are not websites.
func (a Address) IsWebsite() bool {
	return a.url.isHTTP()
}

// IsPublicWebsite reports whether a is a website whose host is public: it
// has a public suffix, it is not a reserved name (RFC 2606, RFC 6761:
// "localhost", ".local", ...) and not an IP address that is not global. It
// is the test behind [FactNotPublicWebsite].
func (a Address) IsPublicWebsite() bool {
	return a.url.isHTTP() && !notPublicWebsite(a.url)
}

// Fields returns where each component is in the input.
func (a Address) Fields() Fields { return a.spans.fields() }

// String returns the canonical form with the password, if any, as "****".
func (a Address) String() string { return a.url.maskPassword(a.canonical) }

// LogValue implements [slog.LogValuer], with the password as "****".
func (a Address) LogValue() slog.Value {
	input := a.input
	if pw := a.spans[spanPassword]; pw[0] >= 0 && pw[1] > pw[0] {
		input = input[:pw[0]] + "****" + input[pw[1]:]
	}
	return slog.GroupValue(
		slog.String("input", input),
		slog.String("canonical", a.String()),
		slog.String("facts", a.facts.String()),
	)
}
