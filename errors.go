// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds the errors of the package: [ParseError], the URL
// Standard's failure, and [Error], the failure of the typed layers (Parse,
// Tidy, and the cleaner of package clean), each with a [Code].

// Code is the stable code of an error of this package, such as
// "web.invalid-host": a program may store it, count it and compare it.
// Every error the package returns has a Code method, but for an error of
// the reader given to [KeyOptions.ReadPlatforms] or [KeyOptions.ReadAliases],
// which they return as it is.
//
// A Code is an error itself, so that each code is its own sentinel, which
// cannot be reassigned: errors.Is(err, webaddress.CodeInvalidHost) reports
// whether err has that code.
type Code string

// Error returns the code.
func (c Code) Error() string { return string(c) }

// The codes of the URL parser's failures, which [ParseError], [Parse] and
// the cleaner (package clean) give.
const (
	CodeHostMissing Code = "web.host-missing" // the address has no host: "https://", "http://user@/"
	CodeInvalidHost Code = "web.invalid-host" // the host is not a valid domain, IPv4 or IPv6 address
	CodeInvalidPort Code = "web.invalid-port" // the port is not a number from 0 to 65535
	CodeInvalidURL  Code = "web.invalid-url"  // any other failure
)

// CodeInvalidUTF8 is the code of an input that is not valid UTF-8, which
// [Parse] and the cleaner reject rather than read with U+FFFD in place of the
// bad bytes, as [ParseURL] does: text in another encoding (Latin-1,
// Windows-1252) is never changed silently.
const CodeInvalidUTF8 Code = "web.invalid-utf8"

// ParseError reports why an input is not a URL. Name is the URL Standard's
// validation error that made the parser return failure (e.g.
// "port-out-of-range", "IPv6-unclosed", "host-missing"), or one of the
// hardening limits of this package ("domain-too-long", "input-too-long").
type ParseError struct {
	Input  string // the input as given
	Base   string // the base URL's href when a reference was resolved, else ""
	Name   string // the validation error's name, as in the Standard's table
	Offset int    // the byte offset in Input where the parser found it

	v verr // the validation error Name names, as the parser found it
}

// Code returns the code of the failure: [CodeHostMissing],
// [CodeInvalidHost], [CodeInvalidPort] or [CodeInvalidURL]. It is the
// code of the validation error the parser found; for a ParseError made
// outside this package, that of the one Name names.
func (e *ParseError) Code() Code {
	v := e.v
	if v == vNone {
		v = verrNamed(e.Name)
	}
	if c := v.code(); c != "" {
		return c
	}
	return CodeInvalidURL
}

// Is reports whether target is e's [Code].
func (e *ParseError) Is(target error) bool {
	c, ok := target.(Code)
	return ok && c == e.Code()
}

// Error returns a message such as
// `ParseURL("http://[::1"): IPv6-unclosed at byte 7 ("[::1")`. An input
// longer than 100 bytes is quoted in part, with its length.
func (e *ParseError) Error() string {
	var b []byte
	if e.Base != "" {
		b = append(b, "Parse("...)
		b = appendQuotedInput(b, e.Input)
		b = append(b, ") against "...)
		b = appendQuotedInput(b, e.Base)
	} else {
		b = append(b, "ParseURL("...)
		b = appendQuotedInput(b, e.Input)
		b = append(b, ')')
	}
	b = append(b, ": "...)
	b = append(b, e.Name...)
	if e.Offset >= 0 && e.Offset <= len(e.Input) {
		b = append(b, " at byte "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
		rest := e.Input[e.Offset:]
		if len(rest) > 24 {
			rest = rest[:24] + "…"
		}
		if rest != "" {
			b = append(b, " ("...)
			b = strconv.AppendQuote(b, rest)
			b = append(b, ')')
		}
	}
	return string(b)
}

// Error is the error of the typed layers, [Parse] and package cells, and of the cleaner of package clean: its [Code], the
// input, where in it the failure was found, and the URL Standard's failure
// behind it when there is one. Compare it with a Code using errors.Is, or
// read it with errors.As.
type Error struct {
	Input  string      // the input as given
	Offset int         // the byte offset in Input where the failure was found; -1 when it is not in the input (an option)
	Reason string      // what was wrong, when the code and Err do not say it all; else ""
	Err    *ParseError // the URL parser's failure, on the text it parsed; nil for the other codes
	code   Code
}

// Code returns the error's code.
func (e *Error) Code() Code { return e.code }

// Error returns a message naming the code, the input and what was wrong,
// such as `web.invalid-port: "example.com:99999": port-out-of-range at
// byte 12` or `clean.unsupported-scheme: "mailto:a@example.com": scheme
// "mailto" is not http, https, ftp or ftps`. An input longer than 100
// bytes is quoted in part, with its length.
func (e *Error) Error() string {
	b := append([]byte(nil), e.code...)
	if e.Offset < 0 { // not about an input: an option
		return string(append(append(b, ": "...), e.Reason...))
	}
	b = append(b, ": "...)
	b = appendQuotedInput(b, e.Input)
	switch {
	case e.Err != nil:
		b = append(b, ": "...)
		b = append(b, e.Err.Name...)
		b = append(b, " at byte "...)
		b = strconv.AppendInt(b, int64(e.Offset), 10)
	case e.Reason != "":
		b = append(b, ": "...)
		b = append(b, e.Reason...)
	}
	return string(b)
}

// NewError returns an *Error with code: the failure of a layer built on
// this package (the cleaner, package clean, makes its own with codes of
// its own) found at byte offset of input, with reason saying what was
// wrong. An offset of -1 says that the failure is not in an input but,
// say, in an option: the message is then the code and reason alone.
func NewError(code Code, input string, offset int, reason string) *Error {
	return &Error{Input: input, Offset: offset, Reason: reason, code: code}
}

// Is reports whether target is e's [Code].
func (e *Error) Is(target error) bool {
	c, ok := target.(Code)
	return ok && c == e.code
}

// Unwrap returns the URL parser's *[ParseError], if any.
func (e *Error) Unwrap() error {
	if e.Err == nil {
		return nil
	}
	return e.Err
}

// checkUTF8 returns the *Error of input when it is not valid UTF-8, which
// names the first invalid byte, or nil.
func checkUTF8(input string) *Error {
	if utf8.ValidString(input) {
		return nil
	}
	at := 0
	for at < len(input) {
		r, size := utf8.DecodeRuneInString(input[at:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		at += size
	}
	reason := "invalid UTF-8 at byte " + strconv.Itoa(at) + " (" + strconv.QuoteToASCII(input[at:at+1]) + ")"
	return &Error{Input: input, Offset: at, Reason: reason, code: CodeInvalidUTF8}
}

// violation returns the failure of the typed layers' first steps (invalid
// UTF-8, an input too long) as the violation Lint reports for it.
func (e *Error) violation() Violation {
	if e.Err != nil { // input-too-long, whose span runs to the end of the text
		end := len(strings.TrimRightFunc(e.Input, unicode.IsSpace))
		return Violation{e.Err.Name, Span{e.Offset, end}, true}
	}
	return Violation{vInvalidUTF8.String(), Span{e.Offset, e.Offset + 1}, true}
}

// maxQuoted is how many bytes of an input an error message quotes.
const maxQuoted = 100

// appendQuotedInput appends s quoted, or, when it is longer than
// maxQuoted bytes, its first bytes quoted (up to a whole code point) and
// its length: an error about a 10 MB input is not 10 MB long.
func appendQuotedInput(b []byte, s string) []byte {
	if len(s) <= maxQuoted {
		return strconv.AppendQuote(b, s)
	}
	n := maxQuoted
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	b = strconv.AppendQuote(b, s[:n])
	b = append(b, "… ("...)
	b = strconv.AppendInt(b, int64(len(s)), 10)
	return append(b, " bytes)"...)
}

// codeOf maps the name of a validation error that made the URL parser fail
// to a [Code]. It reports false for a name that never makes it fail, which
// the tests make sure never happens.
func codeOf(name string) (Code, bool) {
	if c := verrNamed(name).code(); c != "" {
		return c, true
	}
	return CodeInvalidURL, false
}

// parseFailure returns the *Error of a failed parse, err, of text found at
// byte at of input, after the assumed prefix ("" when none).
func parseFailure(input string, at int, prefix string, err error) *Error {
	pe := err.(*ParseError)
	offset := at + pe.Offset // pe.Offset counts in text
	// The URL parser's error is on the text it parsed.
	pe.Input = prefix + pe.Input
	pe.Offset += len(prefix)
	return &Error{Input: input, Offset: offset, Err: pe, code: pe.Code()}
}

// The codes of the errors that are not about an address but about a value
// a method was given or read. Their messages are as each method's doc
// says; errors.Is(err, code) and a Code method tell them apart.
const (
	// CodeInvalidArgument: a value a method does not take: a KeyVersion
	// this package does not know ([KeyVersion.MarshalText]), text that is
	// not a key version or not a list of fact names
	// ([KeyVersion.UnmarshalText], [Facts.UnmarshalJSON]), a Level or
	// text that is not one ([Level.MarshalText], [Level.UnmarshalText]),
	// a platform or alias a [Keyer] does not take ([NewKeyer],
	// [KeyOptions.ReadPlatforms], [KeyOptions.ReadAliases]), the zero URL
	// ([URL.NetURL]).
	CodeInvalidArgument Code = "web.invalid-argument"
	// CodeNetURL: net/url refuses the href of a URL ([URL.NetURL]), where
	// it is stricter than the URL Standard; the error unwraps to
	// net/url's *url.Error.
	CodeNetURL Code = "web.net-url"
	// CodeInvalidRecord: [Address.UnmarshalJSON] cannot read the record:
	// it is not a JSON object of an address record (the error unwraps to
	// encoding/json's), or it is the record of a value that failed.
	CodeInvalidRecord Code = "web.invalid-record"
)

// valueError is an error of one of the codes above: its message as the
// method writes it, its code, and the error behind it, if any.
type valueError struct {
	code Code
	msg  string
	err  error
}

// Error returns the message.
func (e *valueError) Error() string { return e.msg }

// Code returns the error's code.
func (e *valueError) Code() Code { return e.code }

// Is reports whether target is e's [Code].
func (e *valueError) Is(target error) bool {
	c, ok := target.(Code)
	return ok && c == e.code
}

// Unwrap returns the error behind e, or nil.
func (e *valueError) Unwrap() error { return e.err }

// The codes of package cells' failures: a spreadsheet cell
// that is not one website address. Each is its own group for a program
// that counts or deduplicates addresses.
//
// An e-mail address fails with one of three codes: [CodeEmail] when it is
// kept as one (cells.Options.KeepEmails, the tool's
// --keep-emails), whatever its domain; else, when it cannot become its
// domain's website, [CodeEmailFreeMail] at a free-mail or
// Internet-provider domain (whose website is no company's) and
// [CodeEmailNotPublic] at a domain that is not a public one.
const (
	CodeEmpty            Code = "web.empty"             // the cell is empty, or only white space and invisible characters
	CodePlaceholder      Code = "web.placeholder"       // the cell stands for "no website": "N/A", "none", "-", "0", "TBD", ...
	CodeSeveralAddresses Code = "web.several-addresses" // the cell holds several addresses; Tidied.Parts has them
	CodeEmail            Code = "web.email"             // the cell is an e-mail address, kept as one (EmailToWebsite false)
	CodeEmailFreeMail    Code = "web.email-free-mail"   // an e-mail address at a free-mail or provider domain: "jo@gmail.com", "http://shop@gmail.com"
	CodeEmailNotPublic   Code = "web.email-not-public"  // an e-mail address at a domain with no public suffix ("acme.govv") or no registrable domain, or a reserved name ("example.com")
)
