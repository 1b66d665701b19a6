// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/publicsuffix"
)

// This file holds the cleaner: the options and outputs of R's
// safe_parse_url (the help page of safe_parse_url in the R package rurl,
// version 1.4, https://github.com/bart-turczynski/rurl) on top of the URL
// Standard's parser. cleaner.go holds the memoizing Cleaner.

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

// Status is the outcome of [Clean], R's parse_status.
type Status string

// The values of [Cleaned.Status]: the first that applies.
const (
	// StatusError: the input could not be cleaned; Clean returned an
	// error.
	StatusError Status = "error"
	// StatusOK: the host is an IP address, or a domain under a TLD of the
	// list and not itself a public suffix.
	StatusOK Status = "ok"
	// StatusNoTLD: the host has no dot ("localhost").
	StatusNoTLD Status = "warning-no-tld"
	// StatusInvalidTLD: no rule of the TLDSource matches the host
	// ("example.invalid", or "example.com" under TLDPrivate).
	StatusInvalidTLD Status = "warning-invalid-tld"
	// StatusPublicSuffix: the host is itself a public suffix ("co.uk").
	StatusPublicSuffix Status = "warning-public-suffix"
	// StatusOKFTP: ok, with scheme ftp or ftps.
	StatusOKFTP Status = "ok-ftp"
	// StatusOKSchemeRelative: ok, for a "//host" input under
	// SchemeRelativeKeep, which leaves Scheme empty.
	StatusOKSchemeRelative Status = "ok-scheme-relative"
)

// Cleaned is the result of [Clean]: the components of R's safe_parse_url
// value, with R's NA as "". Its JSON field names are R's.
type Cleaned struct {
	Original string `json:"original_url"` // the input as given
	Scheme   string `json:"scheme"`       // "http", "https", "ftp", "ftps", or "" when there is none
	Host     string `json:"host"`         // after the WWW and subdomain steps, HostEncoding and Case
	Port     string `json:"port"`         // as written, even the scheme's default port, which the Standard drops
	Path     string `json:"path"`         // after the path options and Case
	Query    string `json:"query"`        // without "?"
	Fragment string `json:"fragment"`     // without "#"
	User     string `json:"user"`         // percent-encoded, as the Standard serializes it
	Password string `json:"password"`     // percent-encoded, as the Standard serializes it
	Domain   string `json:"domain"`       // the registrable domain under TLDSource, lowercase; "" for an IP host
	TLD      string `json:"tld"`          // the public suffix under TLDSource, lowercase; "" for an IP host
	IsIPHost bool   `json:"is_ip_host"`   // the host is an IPv4 or IPv6 address ("[::1]", in brackets)
	CleanURL string `json:"clean_url"`    // scheme "://" host path, or host path when there is no scheme
	Status   Status `json:"parse_status"`

	// Err is the error Clean returned with it: nil unless Status is
	// StatusError. [Cleaner.CleanAll] gives it here.
	Err error `json:"-"`
}

// Clean parses input as R's safe_parse_url does, with the URL Standard's
// parser, and applies opts as that function's help page (R package rurl,
// version 1.4) describes its arguments. White space around
// input is trimmed. A failure is returned both as a *[Error] and in
// a Cleaned with Status StatusError and only Original set; an input of
// any other scheme than http, https, ftp and ftps, or empty, is one.
//
// A "host:port" input has no scheme; "//host" input is scheme-relative.
// The steps run in this order: scheme, WWW, SubdomainLevelsToKeep, the TLD
// and domain (and so Status) of the host that results, HostEncoding, then
// PathNormalization, IndexPage, TrailingSlash, PathEncoding on the path,
// and Case on scheme, host and path last.
//
// Where curl, which R's rurl parses with, and the URL Standard disagree,
// Clean follows the Standard: the host is lowercased, mapped through
// UTS #46 and written in ASCII (see [CaseKeep] and [HostEncodingKeep]);
// dot segments, "%2e" ones too, are removed (see [PathNormalization]);
// a backslash counts as "/"; tabs and newlines are dropped; IPv4 hosts
// written in short or hex forms ("0x7f.1") are written in dotted decimal
// and IPv6 hosts compressed; spaces and other code points of the path,
// query and credentials are percent-encoded; and ftps, which the Standard
// does not know as special, is read as ftp is.
func Clean(input string, opts CleanOptions) (Cleaned, error) {
	if err := opts.Validate(); err != nil {
		return Cleaned{Original: input, Status: StatusError, Err: err}, err
	}
	return opts.clean(input)
}

// clean is Clean with options known to be valid.
func (o *CleanOptions) clean(input string) (Cleaned, error) {
	fail := func(err *Error) (Cleaned, error) {
		err.Input = input
		return Cleaned{Original: input, Status: StatusError, Err: err}, err
	}
	t, err := readTyped(input)
	if err != nil {
		return fail(err)
	}
	text, lead := t.text, t.lead
	if text == "" {
		return fail(&Error{Reason: "the input is empty or white space", code: CodeEmptyInput})
	}

	// The scheme: scheme is the result's, assume the one the parser reads
	// text[from:] with ("" when it reads the text as written).
	var scheme, assume string
	from, relative := 0, false
	switch {
	case schemeWritten(text):
		written, colon, _, _ := leadingScheme(text)
		switch written {
		case "http", "https", "ftp":
			scheme = written
		case "ftps":
			scheme, assume, from = written, "ftp", colon+1
		default:
			if o.Protocol == ProtocolKeep || o.Protocol == ProtocolNone {
				reason := "scheme " + strconv.Quote(written) + " is not http, https, ftp or ftps"
				return fail(&Error{Offset: lead, Reason: reason, code: CodeUnsupportedScheme})
			}
			assume, from = "http", colon+1
		}
	case strings.HasPrefix(text, "//"):
		switch o.SchemeRelative {
		case SchemeRelativeKeep:
			assume, relative = "http", true
		case SchemeRelativeHTTP:
			scheme, assume = "http", "http"
		case SchemeRelativeHTTPS:
			scheme, assume = "https", "https"
		default:
			reason := `the input is scheme-relative and scheme_relative_handling is "error"`
			return fail(&Error{Offset: lead, Reason: reason, code: CodeSchemeRelative})
		}
	default:
		switch o.Protocol {
		case ProtocolKeep, ProtocolHTTP:
			scheme = "http"
		case ProtocolHTTPS:
			scheme = "https"
		}
		assume = scheme
		if assume == "" {
			assume = "http"
		}
	}
	switch o.Protocol {
	case ProtocolStrip:
		scheme = ""
	case ProtocolHTTP:
		scheme = "http"
	case ProtocolHTTPS:
		scheme = "https"
	}

	r, err := t.parse(from, assume, false)
	if err != nil {
		return fail(err)
	}
	u := r.url

	c := Cleaned{
		Original: input,
		Scheme:   scheme,
		Port:     u.Port(),
		User:     u.Username(),
		Password: u.Password(),
	}
	c.Query, _ = u.Query()
	c.Fragment, _ = u.Fragment()
	if c.Port == "" && r.fields.Port.Start < r.fields.Port.End {
		// A default port, which the Standard leaves out; R gives it.
		c.Port = strconv.Itoa(u.schemeType().defaultPort())
	}

	host := u.Hostname()
	switch u.HostKind() {
	case IPv4Host, IPv6Host:
		c.IsIPHost = true
	case DomainHost:
		host = o.applyWWW(host)
		if o.SubdomainLevelsToKeep != nil {
			host = o.keepSubdomains(host, *o.SubdomainLevelsToKeep)
		}
	}
	name := strings.TrimSuffix(host, ".") // without the root dot
	if u.HostKind() == DomainHost {
		c.TLD = suffixUnder(name, o.TLDSource)
		c.Domain = registrable(name, c.TLD)
	}
	switch {
	case c.IsIPHost:
		c.Status = StatusOK
	case !strings.Contains(name, "."):
		c.Status = StatusNoTLD
	case c.TLD == "":
		c.Status = StatusInvalidTLD
	case c.TLD == name:
		c.Status = StatusPublicSuffix
	default:
		c.Status = StatusOK
	}
	if c.Status == StatusOK {
		if scheme == "ftp" || scheme == "ftps" {
			c.Status = StatusOKFTP
		} else if relative && scheme == "" {
			c.Status = StatusOKSchemeRelative
		}
	}
	if o.HostEncoding == HostEncodingUnicode && strings.Contains(host, "xn--") {
		host, c.Domain, c.TLD = toUnicode(host), toUnicode(c.Domain), toUnicode(c.TLD)
	}

	path := o.cleanPath(u.Pathname())
	if o.Case == CaseUpper { // the scheme and host are lowercase already
		scheme, host = strings.ToUpper(scheme), strings.ToUpper(host)
	}
	c.Scheme, c.Host, c.Path = scheme, host, path

	if o.TrailingSlash == TrailingSlashStrip && path == "/" {
		path = ""
	}
	switch {
	case host == "":
		// R's NA.
	case scheme == u.Scheme() && host == u.Hostname() && path == u.Pathname() &&
		!u.hasUserinfo() && u.Port() == "":
		// The href has no credentials or port: its start is the result.
		c.CleanURL = u.throughPath()
	case scheme == "":
		c.CleanURL = host + path
	default:
		c.CleanURL = scheme + "://" + host + path
	}
	return c, nil
}

// wwwPrefixLen returns the length of host's prefix "www", digits, ".", or
// 0 when it has none. host is lowercase.
func wwwPrefixLen(host string) int {
	if !strings.HasPrefix(host, "www") {
		return 0
	}
	i := 3
	for i < len(host) && isDigit(host[i]) {
		i++
	}
	if i < len(host) && host[i] == '.' {
		return i + 1
	}
	return 0
}

// applyWWW runs the WWW step on a domain.
func (o *CleanOptions) applyWWW(host string) string {
	n := wwwPrefixLen(host)
	switch o.WWW {
	case WWWStrip:
		return host[n:]
	case WWWKeep, WWWIfNoSubdomain:
		if n == len("www.") {
			return host
		}
		if n > 0 {
			return "www." + host[n:]
		}
		name := strings.TrimSuffix(host, ".")
		if o.WWW == WWWKeep || registrable(name, suffixUnder(name, TLDAll)) == name {
			return "www." + host
		}
	}
	return host
}

// keepSubdomains keeps n labels of host before its registrable domain,
// besides a "www." prefix.
func (o *CleanOptions) keepSubdomains(host string, n int) string {
	www := ""
	if strings.HasPrefix(host, "www.") {
		www, host = host[:4], host[4:]
	}
	name := strings.TrimSuffix(host, ".")
	reg := registrable(name, suffixUnder(name, o.TLDSource))
	if reg == "" || reg == name {
		return www + host
	}
	sub := name[:len(name)-len(reg)-1] // the labels before reg
	start := len(sub) + 1              // where the kept labels start
	for range n {
		i := strings.LastIndexByte(sub[:start-1], '.')
		if i < 0 {
			start = 0
			break
		}
		start = i + 1
	}
	kept := reg
	if start < len(sub) {
		kept = sub[start:] + "." + reg
	}
	return www + kept + host[len(name):] // with the root dot, if any
}

// suffixUnder returns domain's public suffix under the rules src names, or
// "" when none of them matches: an unlisted TLD (the implicit "*" rule
// does not count), or, under TLDPrivate, a domain no private rule matches.
// domain is lowercase ASCII without a root dot.
//
// x/net/publicsuffix finds the prevailing rule of the whole list. The
// private rules all lie under an ICANN suffix and have more than one
// label, so a domain's ICANN-only suffix is found by looking its private
// suffix's parent up again.
func suffixUnder(domain string, src TLDSource) string {
	info := publicSuffixOf(domain)
	s, icann := info.suffix, info.icann
	switch {
	case src == TLDPrivate && (icann || !info.listed), src == TLDAll && !info.listed:
		return ""
	case src == TLDICANN:
		for !icann {
			i := strings.IndexByte(s, '.')
			if i < 0 {
				return ""
			}
			s, icann = publicsuffix.PublicSuffix(s[i+1:])
		}
	}
	return s
}

// toUnicode returns an ASCII domain with its Punycode labels in Unicode,
// or the domain itself when it cannot be converted (which does not happen
// to a host the parser wrote).
func toUnicode(domain string) string {
	if s, err := idnaProfile.ToUnicode(domain); err == nil {
		return s
	}
	return domain
}

// cleanPath runs the path options on a serialized path: normalization,
// index page, trailing slash, encoding, and case.
func (o *CleanOptions) cleanPath(p string) string {
	if o.PathNormalization == PathCollapseSlashes || o.PathNormalization == PathNormalizeBoth {
		p = collapseSlashes(p)
	}
	if o.IndexPage == IndexPageStrip {
		i := strings.LastIndexByte(p, '/')
		if seg := p[i+1:]; hasPrefixFold(seg, "index.") || hasPrefixFold(seg, "default.") {
			if p = p[:max(i, 0)]; p == "" {
				p = "/"
			}
		}
	}
	switch o.TrailingSlash {
	case TrailingSlashKeep:
		if !strings.HasSuffix(p, "/") {
			p += "/"
		}
	case TrailingSlashStrip:
		if t := strings.TrimRight(p, "/"); t != "" || p == "" {
			p = t
		} else {
			p = "/"
		}
	}
	switch o.PathEncoding {
	case PathEncodingEncode:
		p = encodeSegments(p)
	case PathEncodingDecode:
		p = decodePrintable(p)
	}
	switch o.Case {
	case CaseLower:
		p = strings.ToLower(p)
	case CaseUpper:
		p = strings.ToUpper(p)
	}
	return p
}

// hasPrefixFold reports whether s starts with the lowercase ASCII prefix,
// ignoring ASCII case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// collapseSlashes returns p with each run of "/" made one "/".
func collapseSlashes(p string) string {
	if !strings.Contains(p, "//") {
		return p
	}
	b := make([]byte, 0, len(p))
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && len(b) > 0 && b[len(b)-1] == '/' {
			continue
		}
		b = append(b, p[i])
	}
	return string(b)
}

// encodeSegments percent-decodes each segment of p and encodes it again,
// every byte but an unreserved character as %XX.
func encodeSegments(p string) string {
	size := len(p) + len(p)/2
	if len(p) > 4<<10 {
		// A long path: room for every byte encoded, rather than a buffer
		// grown a quarter at a time.
		size = 3 * len(p)
	}
	b := make([]byte, 0, size)
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '/':
			b = append(b, c)
			continue
		case c == '%' && i+2 < len(p) && isHex(p[i+1]) && isHex(p[i+2]):
			c = unhex(p[i+1])<<4 | unhex(p[i+2])
			i += 2
		}
		if isUnreserved(c) {
			b = append(b, c)
		} else {
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	if string(b) == p {
		return p
	}
	return string(b)
}

// decodePrintable percent-decodes the escapes of p, and runs of them, that
// spell a printable UTF-8 character; the others stay.
func decodePrintable(p string) string {
	if indexEscape(p) < 0 {
		return p
	}
	b := make([]byte, 0, len(p))
	for i := 0; i < len(p); {
		if !isEscapeAt(p, i) {
			b = append(b, p[i])
			i++
			continue
		}
		// Gather the escapes that may spell one character.
		var seq [utf8.UTFMax]byte
		n := 0
		for j := i; n < len(seq) && isEscapeAt(p, j); j += 3 {
			seq[n] = unhex(p[j+1])<<4 | unhex(p[j+2])
			n++
			if utf8.FullRune(seq[:n]) {
				break
			}
		}
		r, size := utf8.DecodeRune(seq[:n])
		if (r != utf8.RuneError || size > 1) && unicode.IsPrint(r) {
			b = append(b, seq[:size]...)
			i += 3 * size
			continue
		}
		b = append(b, p[i:i+3]...)
		i += 3
	}
	return string(b)
}

// isEscapeAt reports whether a "%XX" escape starts at s[i].
func isEscapeAt(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2])
}
