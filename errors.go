// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// This file holds the errors of the package: [ParseError], the URL
// Standard's failure, and [Error], the failure of the typed layers (Parse,
// Tidy, and the cleaner of package clean), each with a [Code].

// Code is the stable code of an error of this package, such as
// "web.invalid-host", to store, count and compare: [CodeOf] says which
// an error has, and each Code is its own sentinel for errors.Is(err,
// webaddress.CodeInvalidHost). Every error the package returns has one,
// but for an error of a reader given to KeyOptions.
type Code string

// Error returns the code.
func (c Code) Error() string { return string(c) }

// CodeOf returns the Code of the first error in err's tree that has a
// Code method (every error of this module, packages cells and clean
// included), or "" when none does.
func CodeOf(err error) Code {
	type coded interface{ Code() Code }
	if c, ok := err.(coded); ok { // the common case, without errors.As's allocation
		return c.Code()
	}
	var c coded
	if errors.As(err, &c) {
		return c.Code()
	}
	return ""
}

// The codes of the URL parser's failures.
const (
	CodeHostMissing Code = "web.host-missing" // the address has no host: "https://", "http://user@/"
	CodeInvalidHost Code = "web.invalid-host" // the host is not a valid domain, IPv4 or IPv6 address
	CodeInvalidPort Code = "web.invalid-port" // the port is not a number from 0 to 65535
	CodeInvalidURL  Code = "web.invalid-url"  // any other failure
)

// CodeInvalidUTF8 is the code of an input that is not valid UTF-8, which
// [Parse] and the cleaner reject where [ParseURL] reads U+FFFD: text in
// another encoding is never changed silently.
const CodeInvalidUTF8 Code = "web.invalid-utf8"

// ParseError reports why an input is not a URL: Name is the validation
// error that made the parser fail ("port-out-of-range", ...), or a limit
// of this package ("domain-too-long", "input-too-long").
type ParseError struct {
	Input  string // the input as given
	Base   string // the base URL's href when a reference was resolved, else ""
	Name   string // the validation error's name, as in the Standard's table
	Offset int    // the byte offset in Input where the parser found it

	v verr // the validation error Name names, as the parser found it
}

// Code returns the code of the validation error Name names:
// [CodeHostMissing], [CodeInvalidHost], [CodeInvalidPort] or
// [CodeInvalidURL].
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

// Error returns a message such as `ParseURL("http://[::1"): IPv6-unclosed
// at byte 7 ("[::1")`, quoting a long input in part.
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

// Error is the error of [Parse], package cells and package clean: its
// [Code], the input, where in it the failure was found, and the URL
// Standard's failure behind it, if any.
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
// byte 12`, quoting a long input in part.
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

// newError returns an *Error with code, a code of this package's or of a
// layer built on it (packages cells and clean, through package layer):
// the failure found at byte offset of input, with reason saying what was
// wrong. An offset of -1 says that the failure is not in
// an input but, say, in an option: the message is then the code and
// reason alone.
func newError(code Code, input string, offset int, reason string) *Error {
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

// The codes of the errors about a value a method was given, not about an
// address.
const (
	CodeInvalidArgument Code = "web.invalid-argument" // a value a method does not take: an unknown KeyVersion or Level, a platform a Keyer refuses, the zero URL
	CodeNetURL          Code = "web.net-url"          // net/url refuses the URL's href (URL.NetURL); unwraps to *url.Error
	CodeInvalidRecord   Code = "web.invalid-record"   // Address.UnmarshalJSON cannot read the record
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
