// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"
	"unicode/utf8"

	"github.com/onecontact/webaddress/internal/domaincache"
	"github.com/onecontact/webaddress/internal/urlchars"
	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"
)

// This file holds the URL Standard's host parser and host serializer
// (https://url.spec.whatwg.org/#host-parsing and
// https://url.spec.whatwg.org/#host-serializing). The parser
// writes the serialized host straight into the URL being built, so a host
// is parsed and serialized in one pass.

// HostKind says what a URL's host is, in the Standard's terms.
type HostKind uint8

// The kinds of host, in the Standard's terms.
const (
	NoHost     HostKind = iota // the URL's host is null, e.g. "mailto:x@y.example"
	EmptyHost                  // the empty host, e.g. "file:///etc"
	DomainHost                 // a domain, e.g. "example.com" or "xn--bcher-kva.example"
	IPv4Host                   // an IPv4 address, e.g. "192.0.2.1"
	IPv6Host                   // an IPv6 address, serialized in brackets, e.g. "[2001:db8::1]"
	OpaqueHost                 // an opaque host of a non-special URL, e.g. "github.com" in "git://github.com/x"
)

var hostKindNames = [...]string{"none", "empty", "domain", "ipv4", "ipv6", "opaque"}

// String returns "none", "empty", "domain", "ipv4", "ipv6" or "opaque".
func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "HostKind(" + itoa(uint32(k)) + ")"
}

// maxUnicodeHost is the most UTF-16 code units a host that is not ASCII may
// have. It is a hardening limit beyond the Standard: domain names are at most 253 octets, and the limit keeps the quadratic
// steps of Punycode and normalization from being abused.
const maxUnicodeHost = 4096

// domainToASCII is idnaProfile.ToASCII, the one place where the host
// parser calls into x/net/idna (a variable so that a test can count the
// calls: only hosts with a code point that is not ASCII may reach it).
var domainToASCII = idnaProfile.ToASCII

// idnaProfile is UTS #46 as the Standard's "domain parser ToASCII" runs it
// with beStrict false: CheckHyphens false, CheckBidi true, CheckJoiners
// true, UseSTD3ASCIIRules false, Transitional_Processing false,
// VerifyDnsLength false. x/net/idna's options are applied in order and
// MapForLookup turns on StrictDomainName and the label checks, so the
// overrides come after it.
var idnaProfile = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.Transitional(false),
	idna.StrictDomainName(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.VerifyDNSLength(false),
)

// DomainToASCII returns domain through UTS #46 ToASCII as the URL
// Standard's domain to ASCII does, with the host parser's profile and
// checks, or "" and false when UTS #46 records an error. Unlike the host
// parser it neither percent-decodes domain nor lets an ASCII domain
// through unchecked.
func DomainToASCII(domain string) (ascii string, ok bool) {
	if a := lookUpASCII(domain); a.OK {
		return a.ASCII, true
	}
	return "", false
}

// DomainToUnicode returns domain, an ASCII domain as [URL.Hostname] gives
// it, with its Punycode labels in Unicode, as the URL Standard's domain to
// Unicode does; when UTS #46 records an error ("xn--a", which an ASCII
// host may hold), domain itself and false.
func DomainToUnicode(domain string) (result string, ok bool) {
	if s, err := idnaProfile.ToUnicode(domain); err == nil && idnaChecks(domain, false) {
		return s, true
	}
	return domain, false
}

// hostError is a host parser failure: the Standard's validation error and
// where in the host input it was found, [at, end); end 0 means the whole
// host.
type hostError struct {
	v       verr
	at, end int
}

// appendHost runs the host parser on input (a host as written, between the
// authority's userinfo and port) and appends the serialized host to dst.
// opaque is the parser's isOpaque argument: true for URLs that are not
// special.
//
// The linter finds the validation errors that are not failures in a
// second pass (hostViolations, in lint.go), so this one stays lean.
func appendHost(dst []byte, input string, opaque bool) ([]byte, HostKind, *hostError) {
	// 1. If input starts with U+005B ([), then: ...
	if len(input) > 0 && input[0] == '[' {
		if input[len(input)-1] != ']' {
			return dst, NoHost, &hostError{vIPv6Unclosed, 0, 0}
		}
		addr, err := parseIPv6(input[1:len(input)-1], nil)
		if err != nil {
			err.at, err.end = err.at+1, err.end+1
			return dst, NoHost, err
		}
		dst = append(dst, '[')
		dst = appendIPv6(dst, &addr)
		return append(dst, ']'), IPv6Host, nil
	}
	// 2. If isOpaque is true, then return the result of opaque-host parsing input.
	if opaque {
		return appendOpaqueHost(dst, input)
	}
	if input == "" {
		return dst, NoHost, &hostError{vHostMissing, 0, 0}
	}
	// Fast path: an ASCII domain without escapes is lowercased and checked
	// as it is copied (the domain parser's step for an ASCII string).
	start := len(dst)
	plain := 0
	for plain < len(input) && charClass[input[plain]]&domainPlain != 0 {
		plain++
	}
	if plain == len(input) {
		dst = append(dst, input...)
		return appendDomainOrIPv4(dst, start)
	}
	// A forbidden code point fails the host only once the whole input is
	// known to be ASCII: UTS #46 maps "<" followed by U+0338 to "≮".
	ascii, forbidden := true, -1
	for i := 0; i < len(input); i++ {
		c := input[i]
		if c >= utf8.RuneSelf || c == '%' {
			ascii = false
			break
		}
		if charClass[c]&forbiddenDomain != 0 && forbidden < 0 {
			forbidden = i
		}
		dst = append(dst, lower(c))
	}
	if ascii && forbidden >= 0 {
		return dst[:start], NoHost, &hostError{vDomainToASCII, forbidden, forbidden + 1}
	}
	if !ascii {
		dst = dst[:start]
		var err *hostError
		dst, err = appendDomain(dst, input)
		if err != nil {
			return dst[:start], NoHost, err
		}
		dst, kind, err := appendDomainOrIPv4(dst, start)
		if err != nil {
			err.at, err.end = 0, 0 // offsets in the domain are not offsets in input
		}
		return dst, kind, err
	}
	return appendDomainOrIPv4(dst, start)
}

// appendDomainOrIPv4 is the host parser's last steps on the ASCII domain
// at dst[start:].
func appendDomainOrIPv4(dst []byte, start int) ([]byte, HostKind, *hostError) {
	// 8. If asciiDomain ends in a number, then return the result of IPv4
	// parsing asciiDomain.
	if endsInNumber(dst[start:]) {
		v, err := parseIPv4(dst[start:], nil)
		if err != nil {
			return dst[:start], NoHost, err
		}
		return appendIPv4(dst[:start], v), IPv4Host, nil
	}
	return dst, DomainHost, nil
}

// appendDomain runs steps 4 to 7 of the host parser on a host that has a
// percent-encoded byte or a code point that is not ASCII: percent-decode,
// UTF-8 decode, then the domain parser.
func appendDomain(dst []byte, input string) ([]byte, *hostError) {
	domain := input
	if indexEscape(input) >= 0 {
		// 5. Let domain be the result of running UTF-8 decode without BOM on
		// the percent-decoding of input.
		domain = decodeUTF8(appendDecoded(nil, input))
	}
	start := len(dst)
	if urlchars.IsASCII(domain) {
		// The domain parser: if domain is an ASCII string, set result to
		// domain, lowercased.
		dst = appendLower(dst, domain)
	} else {
		if utf16Len(domain) > maxUnicodeHost {
			return dst, &hostError{vDomainTooLong, 0, 0}
		}
		result, ok := toASCII(domain)
		if !ok {
			return dst, &hostError{vDomainToASCII, 0, 0}
		}
		dst = append(dst, result...)
	}
	// If result is the empty string, then return failure.
	if len(dst) == start {
		return dst, &hostError{vDomainToASCII, 0, 0}
	}
	// If result contains a forbidden domain code point, then return failure.
	for _, c := range dst[start:] {
		if charClass[c]&forbiddenDomain != 0 {
			return dst, &hostError{vDomainToASCII, 0, 0}
		}
	}
	return dst, nil
}

// asciiDomains is the cache of toASCII's answers. A test sets it to nil
// to convert every domain, or to a new cache whose stats count them.
var asciiDomains = domaincache.ASCII

// toASCII returns the ASCII form of domain, which is not ASCII, as the
// domain parser's UTS #46 ToASCII gives it (idnaProfile, then idnaChecks),
// and false when UTS #46 reports an error; through asciiDomains, the cache
// of recent domains.
func toASCII(domain string) (string, bool) {
	if c := asciiDomains; c != nil {
		a := c.Lookup(domain, lookUpASCII)
		return a.ASCII, a.OK
	}
	if a := lookUpASCII(domain); a.OK {
		return a.ASCII, true
	}
	return "", false
}

// lookUpASCII is toASCII without the cache.
func lookUpASCII(domain string) domaincache.ASCIIAnswer {
	result, err := domainToASCII(domain)
	return domaincache.ASCIIAnswer{ASCII: result, OK: err == nil && idnaChecks(domain, false)}
}

// idnaChecks makes up for the checks of UTS #46 (version 17) that
// x/net/idna leaves out, for ToASCII and ToUnicode alike. It reports false
// when UTS #46 records an error:
//
//   - Processing step 4.1, for a label that starts with "xn--" once mapped
//     and normalized (steps 1 and 2): if it has a code point that is not
//     ASCII (4.1.1), if the rest does not decode as Punycode (4.1.2), or if
//     it decodes to the empty label or to one of ASCII code points only
//     (4.1.3), an error. x/net/idna Punycode-decodes such a label even
//     with code points that are not ASCII ("xn--f\u034A-ptp"), and accepts
//     and drops a label that decodes to nothing ("xn--.example.org").
//   - Validity criterion 4 (4.1.4 applies the criteria to the decoded
//     label): with CheckHyphens false, a label must not begin with "xn--";
//     x/net/idna checks it only with CheckHyphens, so it accepts
//     "xn--xn---epa", which decodes to "xn--é".
//   - Validity criterion 9 (CheckBidi): the Bidi rule applies to the labels
//     after mapping and decoding; x/net/idna decides whether the domain is
//     a Bidi domain name from the code points before mapping, so "aℶ" (ℶ
//     maps to the Hebrew letter bet) passes it.
//   - Validity criteria 2 and 3, when checkHyphens (the linter's strict
//     run; the profile it uses leaves them out): no U+002D (-) in both the
//     third and fourth positions, none first or last. x/net/idna counts
//     the positions in bytes, not code points, so it accepts "ẋn--zca"
//     and rejects "é--x".
//
// The other criteria on a decoded label (NFC, no leading combining mark,
// the code points' status, the joiners) are x/net/idna's.
//
// TODO: remove when x/net/idna makes these checks itself.
func idnaChecks(domain string, checkHyphens bool) bool {
	mapped := mapLabels(domain)
	bidiDomain := false
	for label := range strings.SplitSeq(mapped, ".") {
		label, ok := decodeLabel(label)
		if !ok || checkHyphens && !hyphensValid(label) {
			return false
		}
		bidiDomain = bidiDomain || bidirule.DirectionString(label) == bidi.RightToLeft
	}
	if bidiDomain {
		for label := range strings.SplitSeq(mapped, ".") {
			if label, _ := decodeLabel(label); !bidirule.ValidString(label) {
				return false
			}
		}
	}
	return true
}

// decodeLabel takes a label of mapLabels's result and returns it as UTS
// #46 Processing's step 4 has it: without mapLabels's "0", and decoded
// when it starts with "xn--". ok is false when step 4.1 records an error
// for it: a code point that is not ASCII (4.1.1), Punycode that does not
// decode (4.1.2), a result that is empty or ASCII only (4.1.3), or one
// that begins with "xn--" (validity criterion 4, by 4.1.4).
func decodeLabel(label string) (_ string, ok bool) {
	label = strings.TrimPrefix(label, "0")
	if !strings.HasPrefix(label, "xn--") {
		return label, true
	}
	if !urlchars.IsASCII(label) {
		return label, false
	}
	u, err := idna.Punycode.ToUnicode(label)
	if err != nil || u == "" || urlchars.IsASCII(u) || strings.HasPrefix(u, "xn--") {
		return label, false
	}
	return u, true
}

// hyphensValid reports whether label meets UTS #46's validity criteria 2
// and 3 (CheckHyphens): no U+002D (-) in both the third and fourth code
// points, and none first or last. The empty label meets them.
func hyphensValid(label string) bool {
	if label == "" {
		return true
	}
	if label[0] == '-' || label[len(label)-1] == '-' {
		return false
	}
	n := 0
	for _, r := range label {
		n++
		if n == 3 && r != '-' {
			return true
		}
		if n == 4 {
			return r != '-'
		}
	}
	return true
}

// mapOnly runs UTS #46's mapping and normalization (Processing steps 1 and
// 2) and validates nothing.
var mapOnly = idna.New(
	idna.MapForLookup(),
	idna.ValidateLabels(false),
	idna.StrictDomainName(false),
	idna.Transitional(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(false),
)

// mapLabels returns domain as UTS #46 Processing has it after steps 1
// and 2 (map, normalize), before step 4 decodes the labels that start
// with "xn--", with a "0" before each label. x/net/idna maps and decodes
// in one call, so each label goes in behind the "0": a label then never
// starts with "xn--", and "0" composes with no code point, so the label
// maps as it would alone. Only the four label separators map to a string
// with "." in it (TestOnlySeparatorsMapToFullStop), so the labels of the
// input are those of the result.
func mapLabels(domain string) string {
	var b strings.Builder
	b.Grow(len(domain) + 8)
	b.WriteByte('0')
	for _, r := range domain {
		if isLabelSeparator(r) {
			b.WriteString(".0")
		} else {
			b.WriteRune(r)
		}
	}
	mapped, _ := mapOnly.ToUnicode(b.String())
	return mapped
}

// isLabelSeparator reports whether r is one of the code points UTS #46 maps
// to the label separator U+002E (.).
func isLabelSeparator(r rune) bool { return urlchars.IsLabelSeparator(r) }

// appendOpaqueHost runs the opaque-host parser.
func appendOpaqueHost(dst []byte, input string) ([]byte, HostKind, *hostError) {
	for i := 0; i < len(input); i++ {
		if charClass[input[i]]&forbiddenHost != 0 {
			return dst, NoHost, &hostError{vHostInvalidCodePoint, i, i + 1}
		}
	}
	if input == "" {
		return dst, EmptyHost, nil
	}
	return appendEncoded(dst, input, encC0), OpaqueHost, nil
}

// endsInNumber is the Standard's ends in a number checker.
func endsInNumber[S string | []byte](s S) bool {
	if n := len(s); n > 0 && s[n-1] == '.' {
		s = s[:n-1]
	}
	// Most domains end in a letter that no number ends in: "com".
	if n := len(s); n == 0 || !urlchars.IsHex(s[n-1]) && s[n-1] != 'x' && s[n-1] != 'X' {
		return false
	}
	last := s
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			last = s[i+1:]
			break
		}
	}
	if len(last) == 0 {
		return false
	}
	digits := true
	for i := 0; i < len(last); i++ {
		if c := last[i]; c < '0' || c > '9' {
			digits = false
			break
		}
	}
	if digits {
		return true
	}
	if len(last) < 2 || last[0] != '0' || last[1] != 'x' && last[1] != 'X' {
		return false
	}
	for i := 2; i < len(last); i++ {
		if !urlchars.IsHex(last[i]) {
			return false
		}
	}
	return true
}

// parseIPv4 is the Standard's IPv4 parser. It returns the address, or the
// validation error that made it fail; hl, when not nil, receives the others.
func parseIPv4(s []byte, hl *hostLint) (uint32, *hostError) {
	// 1–2. Strictly split on U+002E (.), dropping one empty last part
	// (IPv4-empty-part validation error).
	if n := len(s); n > 1 && s[n-1] == '.' {
		hl.report(vIPv4EmptyPart, n-1, n)
		s = s[:n-1]
	}
	// 4. If parts's size is greater than 4, IPv4-too-many-parts validation
	// error, return failure.
	dots := 0
	for _, c := range s {
		if c == '.' {
			dots++
		}
	}
	if dots > 3 {
		return 0, &hostError{vIPv4TooManyParts, 0, 0}
	}
	if dots < 3 {
		hl.report(vIPv4TooFewParts, 0, len(s))
	}
	var numbers [4]uint64
	var starts, ends [4]int
	n := 0
	for start := 0; ; {
		end := start
		for end < len(s) && s[end] != '.' {
			end++
		}
		v, ok := parseIPv4Number(s[start:end])
		if !ok {
			return 0, &hostError{vIPv4NonNumericPart, start, max(end, start+1)}
		}
		if len(s[start:end]) >= 2 && s[start] == '0' {
			hl.report(vIPv4NonDecimalPart, start, end)
		}
		numbers[n], starts[n], ends[n] = v, start, end
		n++
		if end == len(s) {
			break
		}
		start = end + 1
	}
	// 6–8. If any item in numbers is greater than 255,
	// IPv4-out-of-range-part validation error; if any but the last is,
	// return failure. (The failure is that one report, as is step 9's
	// failure, which follows it.)
	last := numbers[n-1]
	for i, v := range numbers[:n] {
		if v > 255 {
			if i < n-1 {
				return 0, &hostError{vIPv4OutOfRangePart, starts[i], ends[i]}
			}
			if last < 1<<(8*(5-n)) {
				hl.report(vIPv4OutOfRangePart, starts[i], ends[i])
			}
		}
	}
	// 9. If the last item in numbers is greater than or equal to
	// 256^(5 − numbers's size), then return failure.
	if last >= 1<<(8*(5-n)) {
		return 0, &hostError{vIPv4OutOfRangePart, starts[n-1], ends[n-1]}
	}
	ipv4 := last
	for i, v := range numbers[:n-1] {
		ipv4 += v << (8 * (3 - i))
	}
	return uint32(ipv4), nil
}

// parseIPv4Number is the Standard's IPv4 number parser. Values above 2^32
// saturate, since any such value makes the address fail.
func parseIPv4Number(s []byte) (uint64, bool) {
	if len(s) == 0 {
		return 0, false
	}
	radix := uint64(10)
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s = s[2:]
		radix = 16
	} else if len(s) >= 2 && s[0] == '0' {
		s = s[1:]
		radix = 8
	}
	var v uint64
	for _, c := range s {
		var d uint64
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case radix == 16 && urlchars.IsHex(c):
			d = uint64(urlchars.Unhex(c))
		default:
			return 0, false
		}
		if d >= radix {
			return 0, false
		}
		if v = v*radix + d; v > 1<<33 {
			v = 1 << 33
		}
	}
	return v, true
}

// appendIPv4 is the Standard's IPv4 serializer.
func appendIPv4(dst []byte, v uint32) []byte {
	for i := 3; i >= 0; i-- {
		dst = appendUint(dst, v>>(8*i)&0xff)
		if i > 0 {
			dst = append(dst, '.')
		}
	}
	return dst
}

// ipv6Error is the IPv6 parser's failure name at the code point at p in s
// (an empty span at the end of s).
func ipv6Error(v verr, s string, p int) *hostError {
	return &hostError{v, p, min(p+1, len(s))}
}

// parseIPv6 is the Standard's IPv6 parser, on the text between the
// brackets.
func parseIPv6(s string, hl *hostLint) ([8]uint16, *hostError) {
	var address [8]uint16
	pieceIndex, compress := 0, -1
	p := 0
	c := func() int { // the code point at p, or -1 for EOF
		if p < len(s) {
			return int(s[p])
		}
		return -1
	}
	// 5. If c is U+003A (:), then: ...
	if c() == ':' {
		if p+1 >= len(s) || s[p+1] != ':' {
			return address, ipv6Error(vIPv6InvalidCompression, s, p)
		}
		p += 2
		pieceIndex++
		compress = pieceIndex
	}
	// 6. While c is not the EOF code point: ...
	for c() != -1 {
		if pieceIndex == 8 {
			return address, ipv6Error(vIPv6TooManyPieces, s, p)
		}
		if c() == ':' {
			if compress != -1 {
				return address, ipv6Error(vIPv6MultipleCompression, s, p)
			}
			p++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		value, length := 0, 0
		for length < 4 && c() != -1 && urlchars.IsHex(byte(c())) {
			value = value*0x10 + int(urlchars.Unhex(byte(c())))
			p++
			length++
		}
		if c() == '.' {
			if length == 0 {
				return address, ipv6Error(vIPv4InIPv6InvalidCodePoint, s, p)
			}
			p -= length
			if pieceIndex > 6 {
				return address, ipv6Error(vIPv4InIPv6TooManyPieces, s, p)
			}
			numbersSeen := 0
			for c() != -1 {
				ipv4Piece := -1
				if numbersSeen > 0 {
					if c() == '.' && numbersSeen < 4 {
						p++
					} else {
						return address, ipv6Error(vIPv4InIPv6InvalidCodePoint, s, p)
					}
				}
				if c() == -1 || c() < '0' || c() > '9' {
					return address, ipv6Error(vIPv4InIPv6InvalidCodePoint, s, p)
				}
				for c() >= '0' && c() <= '9' {
					number := c() - '0'
					switch ipv4Piece {
					case -1:
						ipv4Piece = number
					case 0:
						return address, ipv6Error(vIPv4InIPv6InvalidCodePoint, s, p)
					default:
						ipv4Piece = ipv4Piece*10 + number
					}
					if ipv4Piece > 255 {
						return address, ipv6Error(vIPv4InIPv6OutOfRangePart, s, p)
					}
					p++
				}
				address[pieceIndex] = address[pieceIndex]*0x100 + uint16(ipv4Piece)
				numbersSeen++
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}
			if numbersSeen != 4 {
				return address, ipv6Error(vIPv4InIPv6TooFewParts, s, p)
			}
			break
		} else if c() == ':' {
			p++
			if c() == -1 {
				return address, ipv6Error(vIPv6InvalidCodePoint, s, p)
			}
		} else if c() != -1 {
			return address, ipv6Error(vIPv6InvalidCodePoint, s, p)
		}
		// If length is greater than 1 and value is less than
		// 0x10^(length − 1), IPv6-piece-leading-zero validation error.
		if length > 1 && value < 1<<(4*(length-1)) {
			end := p
			if at(s, end-1) == ':' {
				end--
			}
			hl.report(vIPv6PieceLeadingZero, 1+end-length, 1+end)
		}
		address[pieceIndex] = uint16(value)
		pieceIndex++
	}
	// 7. If compress is non-null, then: ...
	if compress != -1 {
		swaps := pieceIndex - compress
		pieceIndex = 7
		for pieceIndex != 0 && swaps > 0 {
			j := compress + swaps - 1
			address[pieceIndex], address[j] = address[j], address[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		// 8. Otherwise, if compress is null and pieceIndex is not 8,
		// IPv6-too-few-pieces validation error, return failure.
		return address, ipv6Error(vIPv6TooFewPieces, s, p)
	}
	return address, nil
}

// appendIPv6 is the Standard's IPv6 serializer (without the brackets).
func appendIPv6(dst []byte, address *[8]uint16) []byte {
	compress := ipv6CompressedPieceIndex(address)
	ignore0 := false
	for i, piece := range address {
		if ignore0 && piece == 0 {
			continue
		}
		ignore0 = false
		if compress == i {
			if i == 0 {
				dst = append(dst, "::"...)
			} else {
				dst = append(dst, ':')
			}
			ignore0 = true
			continue
		}
		dst = appendHex(dst, piece)
		if i != 7 {
			dst = append(dst, ':')
		}
	}
	return dst
}

// ipv6CompressedPieceIndex finds the IPv6 address compressed piece index:
// the start of the first longest run of two or more zero pieces, or -1.
func ipv6CompressedPieceIndex(address *[8]uint16) int {
	longestIndex, longestSize := -1, 1
	foundIndex, foundSize := -1, 0
	for i, piece := range address {
		if piece != 0 {
			if foundSize > longestSize {
				longestIndex, longestSize = foundIndex, foundSize
			}
			foundIndex, foundSize = -1, 0
			continue
		}
		if foundIndex == -1 {
			foundIndex = i
		}
		foundSize++
	}
	if foundSize > longestSize {
		return foundIndex
	}
	return longestIndex
}

// appendHex appends v as the shortest lowercase hexadecimal number.
func appendHex(dst []byte, v uint16) []byte {
	const lowerHex = "0123456789abcdef"
	started := false
	for shift := 12; shift >= 0; shift -= 4 {
		d := v >> shift & 15
		if d != 0 || started || shift == 0 {
			dst = append(dst, lowerHex[d])
			started = true
		}
	}
	return dst
}
