// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"slices"
	"strconv"
	"strings"
)

// This file holds the cleaner's options: the arguments of R's
// safe_parse_url as Go types, with R's names and values.

// ProtocolHandling says what [Clean] does with the scheme (R's
// protocol_handling).
type ProtocolHandling uint8

// The values of [CleanOptions.Protocol].
const (
	// ProtocolKeep keeps a written http, https, ftp or ftps scheme and
	// assumes http when none is written. Any other scheme is an error.
	ProtocolKeep ProtocolHandling = iota
	// ProtocolNone keeps a written http, https, ftp or ftps scheme and
	// assumes none (Scheme ""; the address is read as http). Any other
	// scheme is an error.
	ProtocolNone
	// ProtocolStrip removes the scheme, whatever it is (Scheme "").
	ProtocolStrip
	// ProtocolHTTP makes the scheme http, whatever was written.
	ProtocolHTTP
	// ProtocolHTTPS makes the scheme https, whatever was written.
	ProtocolHTTPS
)

// WWWHandling says what [Clean] does with a "www." prefix of the host (R's
// www_handling). The prefix is "www", any digits, and a dot: "www.",
// "www1.", "www42.".
type WWWHandling uint8

// The values of [CleanOptions.WWW].
const (
	// WWWNone leaves the host as it is.
	WWWNone WWWHandling = iota
	// WWWStrip removes the prefix ("www1.example.com" becomes
	// "example.com").
	WWWStrip
	// WWWKeep makes the prefix "www.", adding it when there is none.
	WWWKeep
	// WWWIfNoSubdomain makes a prefix "www." and adds one when the host is
	// exactly its registrable domain ("example.com"), judged by the whole
	// Public Suffix List whatever TLDSource says; "sub.example.com" is
	// left alone.
	WWWIfNoSubdomain
)

// TLDSource says which rules of the Public Suffix List give the TLD and the
// registrable domain (R's tld_source). There is no implicit "*" rule: a
// host whose TLD is not in the list has no TLD and no domain.
type TLDSource uint8

// The values of [CleanOptions.TLDSource].
const (
	// TLDAll uses the ICANN and the private rules: "user.github.io" has
	// TLD "github.io" and domain "user.github.io".
	TLDAll TLDSource = iota
	// TLDPrivate uses the private rules only: "user.github.io" has TLD
	// "github.io"; "example.com" has no TLD.
	TLDPrivate
	// TLDICANN uses the ICANN rules only: "user.github.io" has TLD "io"
	// and domain "github.io".
	TLDICANN
)

// CaseHandling says which components [Clean] changes the case of (R's
// case_handling). The query, fragment, user and password always keep
// theirs, and Domain and TLD are always lowercase.
type CaseHandling uint8

// The values of [CleanOptions.Case].
const (
	// CaseLowerHost lowercases the scheme and the host (RFC 3986 §6.2.2.1);
	// the path keeps its case.
	CaseLowerHost CaseHandling = iota
	// CaseKeep changes no case. The URL Standard lowercases the scheme and
	// an ASCII host as it parses, so this is CaseLowerHost in effect
	// (curl keeps the host as written).
	CaseKeep
	// CaseLower lowercases the scheme, the host and the path.
	CaseLower
	// CaseUpper uppercases the scheme, the host and the path.
	CaseUpper
)

// TrailingSlashHandling says what [Clean] does with a "/" at the end of the
// path (R's trailing_slash_handling).
type TrailingSlashHandling uint8

// The values of [CleanOptions.TrailingSlash].
const (
	// TrailingSlashNone leaves the path as parsed.
	TrailingSlashNone TrailingSlashHandling = iota
	// TrailingSlashKeep adds a "/" to a path that does not end with one
	// ("/file.txt" becomes "/file.txt/").
	TrailingSlashKeep
	// TrailingSlashStrip removes the slashes at the end of the path. A
	// path that is only slashes becomes "/" in Cleaned.Path and is left
	// out of Cleaned.CleanURL.
	TrailingSlashStrip
)

// IndexPageHandling says what [Clean] does with an index page at the end of
// the path (R's index_page_handling).
type IndexPageHandling uint8

// The values of [CleanOptions.IndexPage].
const (
	// IndexPageKeep leaves the path as it is.
	IndexPageKeep IndexPageHandling = iota
	// IndexPageStrip removes a last segment that starts with "index." or
	// "default." in any case, with the "/" before it: "/a/index.html"
	// becomes "/a" and "/Default.ASPX" becomes "/".
	IndexPageStrip
)

// PathNormalization says how [Clean] normalizes the structure of the path
// (R's path_normalization). The URL Standard removes dot segments ("/./",
// "/../", and their %2e spellings) as it parses, always, before slashes are
// collapsed: with PathNormalizeBoth, "/a//../b" is "/a/b", where RFC 3986
// order (collapse, then remove dot segments) gives "/b".
type PathNormalization uint8

// The values of [CleanOptions.PathNormalization].
const (
	// PathNormalizeNone does nothing beyond the Standard's removal of dot
	// segments.
	PathNormalizeNone PathNormalization = iota
	// PathCollapseSlashes makes each run of "/" one "/".
	PathCollapseSlashes
	// PathDotSegments removes dot segments, which the Standard has done
	// already; it is PathNormalizeNone in effect.
	PathDotSegments
	// PathNormalizeBoth is PathCollapseSlashes and PathDotSegments.
	PathNormalizeBoth
)

// SchemeRelativeHandling says what [Clean] does with an input that starts
// with "//" (R's scheme_relative_handling).
type SchemeRelativeHandling uint8

// The values of [CleanOptions.SchemeRelative].
const (
	// SchemeRelativeKeep reads the input as http but leaves Scheme empty;
	// an ok status is then StatusOKSchemeRelative. A Protocol of
	// ProtocolHTTP or ProtocolHTTPS still sets the scheme.
	SchemeRelativeKeep SchemeRelativeHandling = iota
	// SchemeRelativeHTTP makes the scheme http.
	SchemeRelativeHTTP
	// SchemeRelativeHTTPS makes the scheme https.
	SchemeRelativeHTTPS
	// SchemeRelativeError makes such an input an error.
	SchemeRelativeError
)

// HostEncoding says how [Clean] writes a host that has labels in Unicode
// (R's host_encoding). It applies to Host, Domain, TLD and CleanURL.
type HostEncoding uint8

// The values of [CleanOptions.HostEncoding].
const (
	// HostEncodingKeep writes the host as the URL Standard serializes it:
	// ASCII, with Punycode ("xn--") labels for Unicode ones. (curl keeps
	// the host as written.)
	HostEncodingKeep HostEncoding = iota
	// HostEncodingIDNA writes Punycode labels, as HostEncodingKeep does.
	HostEncodingIDNA
	// HostEncodingUnicode writes Punycode labels in Unicode:
	// "xn--bcher-kva.example" becomes "bücher.example".
	HostEncodingUnicode
)

// PathEncoding says what [Clean] does with the percent-encoding of the path
// (R's path_encoding).
type PathEncoding uint8

// The values of [CleanOptions.PathEncoding].
const (
	// PathEncodingKeep leaves the path as the URL Standard encodes it.
	PathEncodingKeep PathEncoding = iota
	// PathEncodingEncode decodes each segment and encodes it again, every
	// byte but an RFC 3986 unreserved character (ASCII letters and
	// digits, "-", ".", "_", "~") as %XX with upper-case hex digits, as
	// R's URLencode(reserved = TRUE) does. So "/a%2Db:c" becomes
	// "/a-b%3Ac", and a "/" decoded inside a segment stays "%2F".
	PathEncodingEncode
	// PathEncodingDecode decodes each %XX escape, or run of them, that
	// spells a printable UTF-8 character (unicode.IsPrint: not a control,
	// a format character or a space other than U+0020); the others stay.
	// The path is then for reading, not for use in a URL.
	PathEncodingDecode
)

// The R values of each option, indexed by the option's constants.
var (
	protocolValues       = []string{"keep", "none", "strip", "http", "https"}
	wwwValues            = []string{"none", "strip", "keep", "if_no_subdomain"}
	tldSourceValues      = []string{"all", "private", "icann"}
	caseValues           = []string{"lower_host", "keep", "lower", "upper"}
	trailingSlashValues  = []string{"none", "keep", "strip"}
	indexPageValues      = []string{"keep", "strip"}
	pathNormValues       = []string{"none", "collapse_slashes", "dot_segments", "both"}
	schemeRelativeValues = []string{"keep", "http", "https", "error"}
	hostEncodingValues   = []string{"keep", "idna", "unicode"}
	pathEncodingValues   = []string{"keep", "encode", "decode"}
)

// optionString returns the R value of option v, or typ(v) when v is out of
// range.
func optionString[T ~uint8](v T, values []string, typ string) string {
	if int(v) < len(values) {
		return values[v]
	}
	return typ + "(" + itoa(uint32(v)) + ")"
}

// The methods of the option types: String gives the R value, and
// MarshalText and UnmarshalText read and write it (so that an option can
// be a flag.TextVar or a JSON string).

// String returns the R value: "keep", "none", "strip", "http" or "https".
func (v ProtocolHandling) String() string {
	return optionString(v, protocolValues, "ProtocolHandling")
}

// MarshalText implements [encoding.TextMarshaler]: the R value.
func (v ProtocolHandling) MarshalText() ([]byte, error) { return marshalOption(v, protocolValues) }

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads an R value.
func (v *ProtocolHandling) UnmarshalText(b []byte) error {
	return unmarshalOption(v, b, "protocol_handling", protocolValues)
}

// String returns the R value: "none", "strip", "keep" or "if_no_subdomain".
func (v WWWHandling) String() string { return optionString(v, wwwValues, "WWWHandling") }

// MarshalText implements [encoding.TextMarshaler]: the R value.
func (v WWWHandling) MarshalText() ([]byte, error) { return marshalOption(v, wwwValues) }

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads an R value.
func (v *WWWHandling) UnmarshalText(b []byte) error {
	return unmarshalOption(v, b, "www_handling", wwwValues)
}

// String returns the R value: "all", "private" or "icann".
func (v TLDSource) String() string { return optionString(v, tldSourceValues, "TLDSource") }

// MarshalText implements [encoding.TextMarshaler]: the R value.
func (v TLDSource) MarshalText() ([]byte, error) { return marshalOption(v, tldSourceValues) }

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads an R value.
func (v *TLDSource) UnmarshalText(b []byte) error {
	return unmarshalOption(v, b, "tld_source", tldSourceValues)
}

// String returns the R value: "lower_host", "keep", "lower" or "upper".
func (v CaseHandling) String() string { return optionString(v, caseValues, "CaseHandling") }

// MarshalText implements [encoding.TextMarshaler]: the R value.
func (v CaseHandling) MarshalText() ([]byte, error) { return marshalOption(v, caseValues) }

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads an R value.
func (v *CaseHandling) UnmarshalText(b []byte) error {
	return unmarshalOption(v, b, "case_handling", caseValues)
}

// String returns the R value: "none", "keep" or "strip".
func (v TrailingSlashHandling) String() string {
	return optionString(v, trailingSlashValues, "TrailingSlashHandling")
}

// MarshalText implements [encoding.TextMarshaler]: the R value.
func (v TrailingSlashHandling) MarshalText() ([]byte, error) {
	return marshalOption(v, trailingSlashValues)
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads an R value.
func (v *TrailingSlashHandling) UnmarshalText(b []byte) error {
	return unmarshalOption(v, b, "trailing_slash_handling", trailingSlashValues)
}

// String returns the R value: "keep" or "strip".
func (v IndexPageHandling) String() string {
	return optionString(v, indexPageValues, "IndexPageHandling")
}

// MarshalText implements [encoding.TextMarshaler]: the R value.
func (v IndexPageHandling) MarshalText() ([]byte, error) { return marshalOption(v, indexPageValues) }

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads an R value.
func (v *IndexPageHandling) UnmarshalText(b []byte) error {
	return unmarshalOption(v, b, "index_page_handling", indexPageValues)
}

// String returns the R value: "none", "collapse_slashes", "dot_segments"
// or "both".
func (v PathNormalization) String() string {
	return optionString(v, pathNormValues, "PathNormalization")
}

// MarshalText implements [encoding.TextMarshaler]: the R value.
func (v PathNormalization) MarshalText() ([]byte, error) { return marshalOption(v, pathNormValues) }

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads an R value.
func (v *PathNormalization) UnmarshalText(b []byte) error {
	return unmarshalOption(v, b, "path_normalization", pathNormValues)
}

// String returns the R value: "keep", "http", "https" or "error".
func (v SchemeRelativeHandling) String() string {
	return optionString(v, schemeRelativeValues, "SchemeRelativeHandling")
}

// MarshalText implements [encoding.TextMarshaler]: the R value.
func (v SchemeRelativeHandling) MarshalText() ([]byte, error) {
	return marshalOption(v, schemeRelativeValues)
}

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads an R value.
func (v *SchemeRelativeHandling) UnmarshalText(b []byte) error {
	return unmarshalOption(v, b, "scheme_relative_handling", schemeRelativeValues)
}

// String returns the R value: "keep", "idna" or "unicode".
func (v HostEncoding) String() string { return optionString(v, hostEncodingValues, "HostEncoding") }

// MarshalText implements [encoding.TextMarshaler]: the R value.
func (v HostEncoding) MarshalText() ([]byte, error) { return marshalOption(v, hostEncodingValues) }

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads an R value.
func (v *HostEncoding) UnmarshalText(b []byte) error {
	return unmarshalOption(v, b, "host_encoding", hostEncodingValues)
}

// String returns the R value: "keep", "encode" or "decode".
func (v PathEncoding) String() string { return optionString(v, pathEncodingValues, "PathEncoding") }

// MarshalText implements [encoding.TextMarshaler]: the R value.
func (v PathEncoding) MarshalText() ([]byte, error) { return marshalOption(v, pathEncodingValues) }

// UnmarshalText implements [encoding.TextUnmarshaler]: it reads an R value.
func (v *PathEncoding) UnmarshalText(b []byte) error {
	return unmarshalOption(v, b, "path_encoding", pathEncodingValues)
}

// marshalOption returns the R value of v, or a *[Error] with code
// [CodeInvalidOption] when v is out of range.
func marshalOption[T ~uint8](v T, values []string) ([]byte, error) {
	if int(v) >= len(values) {
		return nil, optionError(itoa(uint32(v)) + " is not one of the constants for " + strings.Join(values, ", "))
	}
	return []byte(values[v]), nil
}

// unmarshalOption sets *v to the constant of the R value text of the
// option called name, or returns a *[Error] with code [CodeInvalidOption]
// and leaves *v unchanged.
func unmarshalOption[T ~uint8](v *T, text []byte, name string, values []string) error {
	for i, s := range values {
		if s == string(text) {
			*v = T(i)
			return nil
		}
	}
	return optionError(name + " = " + strconv.Quote(string(text)) + " is not one of " + strings.Join(values, ", "))
}

// CleanOptionNames returns the names of safe_parse_url's arguments that
// [CleanOptions.Set] takes, in R's order: "protocol_handling",
// "www_handling", ..., "path_encoding".
func CleanOptionNames() []string {
	var o CleanOptions
	var names []string
	for _, f := range o.optionFields() {
		names = append(names, f.name)
		if f.name == "scheme_relative_handling" {
			names = append(names, "subdomain_levels_to_keep")
		}
	}
	return names
}

// CleanOptionValues returns the values that safe_parse_url's argument
// name takes, R's default first, or nil for subdomain_levels_to_keep
// (a number from 0, or "NULL") and for a name that is not an argument.
func CleanOptionValues(name string) []string {
	var o CleanOptions
	for _, f := range o.optionFields() {
		if f.name == name {
			return slices.Clone(f.values)
		}
	}
	return nil
}

// CleanOptions are the arguments of R's safe_parse_url. The zero value of
// each field is R's default, so CleanOptions{} cleans as
// safe_parse_url(url) does.
type CleanOptions struct {
	Protocol          ProtocolHandling
	WWW               WWWHandling
	TLDSource         TLDSource
	Case              CaseHandling
	TrailingSlash     TrailingSlashHandling
	IndexPage         IndexPageHandling
	PathNormalization PathNormalization
	SchemeRelative    SchemeRelativeHandling
	// SubdomainLevelsToKeep, when not nil, is how many labels before the
	// registrable domain the host keeps, after the WWW step and besides a
	// "www." prefix: with 1, "a.b.c.example.com" becomes "c.example.com"
	// and "www.a.b.c.example.com" becomes "www.c.example.com". Only a
	// literal "www." is set aside: "www1." counts as a label. A host with
	// no registrable domain under TLDSource is left alone.
	SubdomainLevelsToKeep *int
	HostEncoding          HostEncoding
	PathEncoding          PathEncoding
}

// optionField is an option with a constant per R value: its R name, a
// pointer to it, and its values.
type optionField struct {
	name   string
	value  *uint8
	values []string
}

// optionFields lists the options by their R argument names, for Set and
// Validate.
func (o *CleanOptions) optionFields() [10]optionField {
	return [...]optionField{
		{"protocol_handling", (*uint8)(&o.Protocol), protocolValues},
		{"www_handling", (*uint8)(&o.WWW), wwwValues},
		{"tld_source", (*uint8)(&o.TLDSource), tldSourceValues},
		{"case_handling", (*uint8)(&o.Case), caseValues},
		{"trailing_slash_handling", (*uint8)(&o.TrailingSlash), trailingSlashValues},
		{"index_page_handling", (*uint8)(&o.IndexPage), indexPageValues},
		{"path_normalization", (*uint8)(&o.PathNormalization), pathNormValues},
		{"scheme_relative_handling", (*uint8)(&o.SchemeRelative), schemeRelativeValues},
		{"host_encoding", (*uint8)(&o.HostEncoding), hostEncodingValues},
		{"path_encoding", (*uint8)(&o.PathEncoding), pathEncodingValues},
	}
}

// Set sets the option R calls name to R's value for it, as in
// o.Set("www_handling", "if_no_subdomain"). For
// "subdomain_levels_to_keep", value is a number from 0 or "NULL". An
// unknown name or value is a *[Error] with code
// [CodeInvalidOption], and o is unchanged.
func (o *CleanOptions) Set(name, value string) error {
	if name == "subdomain_levels_to_keep" {
		if value == "NULL" {
			o.SubdomainLevelsToKeep = nil
			return nil
		}
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 {
			return optionError(name + ` = ` + strconv.Quote(value) + ` is not a number from 0 or "NULL"`)
		}
		o.SubdomainLevelsToKeep = &n
		return nil
	}
	for _, f := range o.optionFields() {
		if f.name == name {
			return unmarshalOption(f.value, []byte(value), name, f.values)
		}
	}
	return optionError(strconv.Quote(name) + " is not an option of safe_parse_url")
}

// Validate reports whether every option has one of its values: it returns
// nil, or a *[Error] with code [CodeInvalidOption] naming the first
// option that does not.
func (o CleanOptions) Validate() error {
	if o.Protocol <= ProtocolHTTPS && o.WWW <= WWWIfNoSubdomain && o.TLDSource <= TLDICANN &&
		o.Case <= CaseUpper && o.TrailingSlash <= TrailingSlashStrip && o.IndexPage <= IndexPageStrip &&
		o.PathNormalization <= PathNormalizeBoth && o.SchemeRelative <= SchemeRelativeError &&
		o.HostEncoding <= HostEncodingUnicode && o.PathEncoding <= PathEncodingDecode &&
		(o.SubdomainLevelsToKeep == nil || *o.SubdomainLevelsToKeep >= 0) {
		return nil // the common case, without building the list of fields
	}
	for _, f := range o.optionFields() {
		if int(*f.value) >= len(f.values) {
			return optionError(f.name + " = " + itoa(uint32(*f.value)) + " is not one of the constants for " + strings.Join(f.values, ", "))
		}
	}
	if n := o.SubdomainLevelsToKeep; n != nil && *n < 0 {
		return optionError("subdomain_levels_to_keep = " + strconv.Itoa(*n) + " is negative")
	}
	return nil
}

func optionError(reason string) *Error {
	return &Error{Offset: -1, Reason: reason, code: CodeInvalidOption}
}
