// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package layer is how the layers of this module built on package
// webaddress (package cells, package clean, the Beam coder) reach the few
// steps of the core that are not its API: reading a typed input, parsing
// it with a scheme of the layer's choosing, making an *Error with a code
// of the layer's own, and rebuilding an Address from its record; and the
// registrable-domain rule they share with it ([Registrable]).
//
// Package webaddress sets the hooks in its init; this package cannot
// import it, so the generic calls take the core's types from the caller,
// which can name them: layer.FromRecord[webaddress.Address](cell, text,
// facts). A caller imports package webaddress, so the hooks are set before
// its first call.
package layer

import "strings"

// Typed is an input as a person typed it, checked and trimmed as
// webaddress.Parse reads it.
type Typed struct {
	Input     string // as given
	Text      string // Input without the Unicode white space around it
	Lead      int    // how many bytes of white space Text left out at the start of Input
	Printable bool   // Input is printable ASCII: no byte below 0x20 or from 0x80
}

// The hooks, set by package webaddress.
var (
	// ReadTyped checks input and trims the Unicode white space around it,
	// as webaddress.Parse does first. It fails with a *webaddress.Error
	// of code web.invalid-utf8 when input is not valid UTF-8, and of
	// web.invalid-url (input-too-long) when its text is longer than the
	// parser takes.
	ReadTyped func(input string) (Typed, error)

	// NewError returns a *webaddress.Error of code code (a
	// webaddress.Code): a failure found at byte offset of input, with
	// reason saying what was wrong. An offset of -1 says that the
	// failure is not in the input but, say, in an option.
	NewError func(code, input string, offset int, reason string) error

	// parseTyped is a func(Typed, int, string) (webaddress.URL,
	// webaddress.Fields, error); fromRecord a func(string, string,
	// uint64) (webaddress.Address, error); withFacts a
	// func(webaddress.Address, uint64) webaddress.Address.
	parseTyped, fromRecord, withFacts any
)

// SetHooks sets the generic hooks: package webaddress calls it in its
// init, with parse a func(Typed, int, string) (URL, Fields, error),
// record a func(string, string, uint64) (Address, error) and facts a
// func(Address, uint64) Address.
func SetHooks(parse, record, facts any) { parseTyped, fromRecord, withFacts = parse, record, facts }

// ParseTyped runs the URL parser, with no base, on t.Text from byte from
// on. With scheme "", it reads that text as written (from is then 0).
// Else it reads it with that scheme: after scheme + "://" when from is 0
// (a text with no scheme, such as "example.com" or "//example.com"), or
// after scheme + ":" when from is past the colon of a scheme written in
// the text, which scheme then replaces ("ftps://host" read as ftp from
// byte 5). The Fields are byte spans of t.Input; a failure is a
// *webaddress.Error on t.Input whose Err is the parser's failure on the
// text it parsed, the assumed prefix included. U and F are
// webaddress.URL and webaddress.Fields.
func ParseTyped[U, F any](t Typed, from int, scheme string) (U, F, error) {
	return parseTyped.(func(Typed, int, string) (U, F, error))(t, from, scheme)
}

// FromRecord returns the Address whose record has these input (the cell),
// text (the text parsed) and facts, as webaddress.Address.UnmarshalJSON
// reads a record back: it parses text again with webaddress.Parse and
// keeps what the messy-cell layer added, the cell and the layer's facts;
// the other facts are Parse's own. A text that does not parse is Parse's
// error. A is webaddress.Address, facts a webaddress.Facts.
func FromRecord[A any](input, text string, facts uint64) (A, error) {
	return fromRecord.(func(string, string, uint64) (A, error))(input, text, facts)
}

// WithFacts returns a with the facts of the messy-cell layer among facts
// added, as FromRecord adds them, without parsing again. A is
// webaddress.Address, facts a webaddress.Facts.
func WithFacts[A any](a A, facts uint64) A {
	return withFacts.(func(A, uint64) A)(a, facts)
}

// Registrable returns the registrable domain of domain whose public
// suffix is suffix: suffix and the label before it ("example.co.uk" for
// "www.example.co.uk" and "co.uk"), or "" when domain has no label before
// suffix or suffix is "". The core, package cells and package clean (whose
// suffix may come from another source than the Public Suffix List) take
// the registrable domain from it.
func Registrable(domain, suffix string) string {
	if suffix == "" || len(suffix) >= len(domain) {
		return ""
	}
	rest := domain[:len(domain)-len(suffix)-1]
	return domain[strings.LastIndexByte(rest, '.')+1:]
}
