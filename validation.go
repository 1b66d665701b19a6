// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

// This file names the URL Standard's validation errors
// (https://url.spec.whatwg.org/#validation-error) once, for the parser, the
// host parser, the linter and the error codes.

// verr is one of the URL Standard's validation errors, or one of this
// package's hardening limits, which fail like them.
type verr uint8

// The validation errors, in the order of the Standard's table, and the
// hardening limits after them.
const (
	vNone verr = iota
	vDomainToASCII
	vDomainPercentEncoded
	vHostInvalidCodePoint
	vIPv4NonASCIIInput
	vIPv4EmptyPart
	vIPv4TooFewParts
	vIPv4TooManyParts
	vIPv4NonNumericPart
	vIPv4NonDecimalPart
	vIPv4OutOfRangePart
	vIPv6Unclosed
	vIPv6InvalidCompression
	vIPv6TooManyPieces
	vIPv6MultipleCompression
	vIPv6InvalidCodePoint
	vIPv6TooFewPieces
	vIPv6PieceLeadingZero
	vIPv4InIPv6TooManyPieces
	vIPv4InIPv6InvalidCodePoint
	vIPv4InIPv6OutOfRangePart
	vIPv4InIPv6TooFewParts
	vInvalidURLUnit
	vSpecialSchemeMissingFollowingSolidus
	vMissingSchemeNonRelativeURL
	vInvalidReverseSolidus
	vInvalidCredentials
	vHostMissing
	vPortOutOfRange
	vPortInvalid
	vFileInvalidWindowsDriveLetter
	vFileInvalidWindowsDriveLetterHost
	vDomainTooLong // hardening: a host that is not ASCII is longer than maxUnicodeHost
	vInputTooLong  // hardening: the input is longer than maxInput
	vInvalidUTF8   // hardening: the typed layers take UTF-8 text only
	numVerr
)

// verrs holds each validation error's name, as in the Standard's table,
// and, for those that make the parser fail, the [Code] of the failure.
var verrs = [numVerr]struct {
	name string
	code Code
}{
	vDomainToASCII:                        {"domain-to-ASCII", CodeInvalidHost},
	vDomainPercentEncoded:                 {"domain-percent-encoded", ""},
	vHostInvalidCodePoint:                 {"host-invalid-code-point", CodeInvalidHost},
	vIPv4NonASCIIInput:                    {"IPv4-non-ASCII-input", ""},
	vIPv4EmptyPart:                        {"IPv4-empty-part", ""},
	vIPv4TooFewParts:                      {"IPv4-too-few-parts", ""},
	vIPv4TooManyParts:                     {"IPv4-too-many-parts", CodeInvalidHost},
	vIPv4NonNumericPart:                   {"IPv4-non-numeric-part", CodeInvalidHost},
	vIPv4NonDecimalPart:                   {"IPv4-non-decimal-part", ""},
	vIPv4OutOfRangePart:                   {"IPv4-out-of-range-part", CodeInvalidHost},
	vIPv6Unclosed:                         {"IPv6-unclosed", CodeInvalidHost},
	vIPv6InvalidCompression:               {"IPv6-invalid-compression", CodeInvalidHost},
	vIPv6TooManyPieces:                    {"IPv6-too-many-pieces", CodeInvalidHost},
	vIPv6MultipleCompression:              {"IPv6-multiple-compression", CodeInvalidHost},
	vIPv6InvalidCodePoint:                 {"IPv6-invalid-code-point", CodeInvalidHost},
	vIPv6TooFewPieces:                     {"IPv6-too-few-pieces", CodeInvalidHost},
	vIPv6PieceLeadingZero:                 {"IPv6-piece-leading-zero", ""},
	vIPv4InIPv6TooManyPieces:              {"IPv4-in-IPv6-too-many-pieces", CodeInvalidHost},
	vIPv4InIPv6InvalidCodePoint:           {"IPv4-in-IPv6-invalid-code-point", CodeInvalidHost},
	vIPv4InIPv6OutOfRangePart:             {"IPv4-in-IPv6-out-of-range-part", CodeInvalidHost},
	vIPv4InIPv6TooFewParts:                {"IPv4-in-IPv6-too-few-parts", CodeInvalidHost},
	vInvalidURLUnit:                       {"invalid-URL-unit", ""},
	vSpecialSchemeMissingFollowingSolidus: {"special-scheme-missing-following-solidus", ""},
	vMissingSchemeNonRelativeURL:          {"missing-scheme-non-relative-URL", CodeInvalidURL},
	vInvalidReverseSolidus:                {"invalid-reverse-solidus", ""},
	vInvalidCredentials:                   {"invalid-credentials", ""},
	vHostMissing:                          {"host-missing", CodeHostMissing},
	vPortOutOfRange:                       {"port-out-of-range", CodeInvalidPort},
	vPortInvalid:                          {"port-invalid", CodeInvalidPort},
	vFileInvalidWindowsDriveLetter:        {"file-invalid-Windows-drive-letter", ""},
	vFileInvalidWindowsDriveLetterHost:    {"file-invalid-Windows-drive-letter-host", ""},
	vDomainTooLong:                        {"domain-too-long", CodeInvalidHost},
	vInputTooLong:                         {"input-too-long", CodeInvalidURL},
	vInvalidUTF8:                          {"invalid-UTF-8", CodeInvalidUTF8},
}

// String returns the validation error's name, e.g. "port-out-of-range".
func (v verr) String() string {
	if v < numVerr {
		return verrs[v].name
	}
	return "verr(" + itoa(uint32(v)) + ")"
}

// code returns the [Code] of the failure v, or "" when v never makes the
// parser fail.
func (v verr) code() Code {
	if v < numVerr {
		return verrs[v].code
	}
	return ""
}

// verrNamed returns the validation error called name, or vNone.
func verrNamed(name string) verr {
	for v := vNone + 1; v < numVerr; v++ {
		if verrs[v].name == name {
			return v
		}
	}
	return vNone
}
