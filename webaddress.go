// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package webaddress parses website addresses exactly as browsers do and
// tells what they are.
//
// One call for each job:
//
//   - an address as a person typed it into a form: [Parse], an [Address];
//   - a spreadsheet or CRM cell ("N/A", quotes, "sales@acme.com", wrapped
//     links): package cells, whose Parse reads the cell as its author meant
//     it and then calls Parse;
//   - the same page, site or organisation: [Address.Key] at a [Level],
//     with a [KeyVersion] that never changes once published ([Keyer] adds
//     a user's platforms and aliases); [Address.Levels] gives the three
//     keys and why the owner is what it is;
//   - the registrable domain and public suffix: [Address.Split];
//   - a social profile: [Address.Profile];
//   - grouping a list or matching it against accounts: package lists;
//   - a URL string as the URL Standard reads it: [ParseURL], a [URL], with
//     the Standard's getters and setters, and [URL.Parse] for a reference;
//   - the Standard's validation errors, with byte spans: [LintURL];
//   - R's safe_parse_url: package clean; the SURT keys of web archives:
//     package surt.
//
// The WHATWG layer, [ParseURL] and [URL], is the URL Standard's basic URL
// parser, host parser, serializer and setters
// (https://url.spec.whatwg.org/, as of July 2026), tested against every
// case of the web-platform-tests URL data. It does not follow RFC 3986:
// like a browser it accepts "HTTPS://Example.COM/a/../b" and writes
// "https://example.com/b". Hosts that are not ASCII go through UTS #46,
// Unicode IDNA Compatibility Processing
// (https://www.unicode.org/reports/tr46/, through golang.org/x/net/idna);
// ASCII hosts are only lowercased and checked, as the Standard says. Beyond
// the Standard, a host that is not ASCII and is longer than 4096 UTF-16
// code units fails, and so does an input longer than 2 MiB (2,097,152
// bytes, Chrome's limit), with the validation error name
// "input-too-long". The limit holds for every entry point: ParseURL,
// URL.Parse, Parse, Lint and the cleaner, and for the href a setter makes.
//
// The typed-address layer, [Parse] and [Address], takes what people type
// ("Example.com", "www.shop.co.uk/?utm_source=x#top", "localhost:3000/x"):
// it trims white space, assumes https when no scheme was written, and
// reports a canonical form, the facts found, and where each component is
// in the input. Package cells, the messy-cell layer, is built on this
// package's exported API: it rebuilds its addresses with
// [AddressFromRecord] (so that an Address carries the cell it was read
// from and the layer's facts, as its record does) and reports its failures
// with [NewError]. Package clean, the cleaner, builds on [ReadTyped] and
// [TypedInput.ParseURL], which read the scheme a person meant in front of
// an address as R's cleaner needs. Package surt uses nothing of this
// package: it reads URLs as the Internet Archive's surt does, not as the
// URL Standard does.
//
// Every error the package returns has a [Code]; each Code is its own
// sentinel for errors.Is.
package webaddress

import (
	"log/slog"
	"slices"
	"strings"
)

// Address is a parsed website address as a person typed it: the
// URL Standard's record of it, its canonical form, the facts found, and
// where each component is in the input. The zero Address is not a valid
// address; its methods return zero values.
//
// An Address keeps credentials as written in [Address.Canonical] and in its
// URL's href; its String method and its slog value show a password as
// "****".
type Address struct {
	input     string
	cell      string // the cell Tidied.Parse read input from, when it is not input
	parsed           // the URL, and where its components are in input
	canonical string
	facts     Facts
}

// Span is a component's place in an input: the byte offsets [Start, End).
// A component that is absent is {-1, -1}; one that is present but empty,
// like the query of "https://a.example/?", has Start == End.
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

// Fields says where each component of an [Address] is in the input as
// given, so that input[f.Host.Start:f.Host.End] is the host as the person
// typed it. Tabs and newlines, which the URL parser drops, may lie inside
// a span. Scheme is absent when the scheme was assumed; Path is absent when
// nothing was typed for it.
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
// spreadsheet or CRM cell, which may hold a placeholder ("N/A"), quotes,
// an e-mail address or a wrapped link, use package cells: Parse reads
// "N/A" as the host "n" and "sales@acme.com" as a user name at acme.com.
//
// The input is trimmed of Unicode white space; when it does not start with a written
// scheme, "https://" is put in front and [FactSchemeAssumed] is set. The
// result is then parsed with the URL Standard, as [ParseURL] does: every
// WHATWG URL is accepted, including javascript: and data: URLs, so check
// [Address.IsWebsite] before using a value as a link. [Lint] reads
// the input the same way and reports the Standard's validation errors.
//
// A failure is an *[Error] whose code says what was wrong. Input that is
// not valid UTF-8 fails with [CodeInvalidUTF8].
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

// IsValid reports whether a is a parsed address rather than the zero
// Address.
func (a Address) IsValid() bool { return a.url.IsValid() }

// Input returns the input as given to [Parse]: for an Address of
// package cells, the text that was parsed.
func (a Address) Input() string { return a.input }

// Cell returns the spreadsheet cell the address was read from: for an
// Address of package cells, the cell, such as
// "“Acme.com”" for the Input "Acme.com"; else Input. Its record
// ([Address.MarshalJSON]) shows both, as input and text.
func (a Address) Cell() string {
	if a.cell != "" {
		return a.cell
	}
	return a.input
}

// URL returns the URL Standard's record of the address: the input with
// "https://" in front when the scheme was assumed, parsed. Its href keeps
// the fragment, tracking parameters and credentials as written.
func (a Address) URL() URL { return a.url }

// Canonical returns the canonical form: the URL's serialization (host
// lowercased and through UTS #46, IPv4 in dotted decimal, IPv6 compressed,
// default port left out) with the tracking parameters and the fragment
// removed. A query left empty by the removal goes with its "?"; a query
// that was empty and had nothing removed stays. Credentials, path case and
// every other parameter stay as written.
func (a Address) Canonical() string { return a.canonical }

// RemovedParams returns the tracking parameters [Address.Canonical] took
// out of the query, each as "name=value" as it appears in the URL's query,
// in order.
func (a Address) RemovedParams() []string {
	if !a.facts.Has(FactTrackingParametersRemoved) {
		return nil
	}
	return removedParams(&a.url)
}

// Facts returns what was found about the address. A fact never changes the
// value.
func (a Address) Facts() Facts { return a.facts }

// IsWebsite reports whether the address is an http or https URL: a value
// such as javascript:, data: or mailto: parses, but is not a website link.
func (a Address) IsWebsite() bool {
	return a.url.isHTTP()
}

// IsPublicWebsite reports whether the address is a website (IsWebsite)
// whose host is a public website: not a name with no public suffix (one
// label, an unlisted top-level domain), not a reserved name (RFC 2606, RFC
// 6761: "localhost", "example", "test", ".local", ...) and not an IP
// address that is not global (0.0.0.0, loopback, private networks). It is
// the test behind [FactNotPublicWebsite], which package cells adds to the
// addresses of cells; Parse reports "localhost:3000" as an address, and
// IsPublicWebsite says it is none a list of organisations should group.
func (a Address) IsPublicWebsite() bool {
	return a.url.isHTTP() && !notPublicWebsite(a.url)
}

// Fields returns where each component is in the input.
func (a Address) Fields() Fields { return a.spans.fields() }

// String returns the canonical form with the password, if any, shown as
// "****", so that %v does not print credentials.
func (a Address) String() string { return a.url.maskPassword(a.canonical) }

// LogValue implements [slog.LogValuer]: the input and the canonical form
// with the password shown as "****", and the facts.
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
