// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"slices"
	"strconv"
	"strings"

	"github.com/onecontact/webaddress/internal/layer"
)

//go:generate go run gen.go -o options_text.go

// This file holds the cleaner's options: the arguments of R's
// safe_parse_url as Go types, with R's names and values. Those of rurl 1.4
// come first; the query and port options and scheme_policy are rurl 2.7's,
// and their defaults give 1.4's answers.

// ProtocolHandling says what [Clean] does with the scheme (R's
// protocol_handling). Whatever its value, an input that starts with a
// scheme other than http, https, ftp or ftps followed by "//" is an error
// (see [Clean]).
type ProtocolHandling uint8

// The values of [CleanOptions.Protocol].
const (
	// ProtocolKeep keeps the written scheme and assumes http when none is
	// written.
	ProtocolKeep ProtocolHandling = iota
	// ProtocolNone keeps the written scheme and assumes none (Scheme "";
	// the address is read as http). A "//host" input under
	// SchemeRelativeKeep has no scheme in CleanURL either.
	ProtocolNone
	// ProtocolStrip removes the scheme (Scheme ""), from CleanURL too.
	ProtocolStrip
	// ProtocolHTTP makes the scheme http, whatever was written.
	ProtocolHTTP
	// ProtocolHTTPS makes the scheme https, whatever was written.
	ProtocolHTTPS
)

// WWWHandling says what [Clean] does with a "www." prefix of the host (R's
// www_handling). The prefix is "www", any digits, and a dot, in any case:
// "www.", "www1.", "WWW42.".
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
// case_handling), with Unicode case mapping. The query, fragment, user and
// password always keep theirs, Domain and TLD are always lowercase, and
// the hex digits of a percent-escape in the path are always upper case.
type CaseHandling uint8

// The values of [CleanOptions.Case].
const (
	// CaseLowerHost lowercases the scheme and the host (RFC 3986 §6.2.2.1);
	// the path keeps its case.
	CaseLowerHost CaseHandling = iota
	// CaseKeep lowercases the scheme and keeps the case of the host as
	// typed, under HostEncodingKeep, and of the path:
	// "Http://Example.Com/MyPath/" gives "http://Example.Com/MyPath/".
	CaseKeep
	// CaseLower lowercases the scheme, the host and the path, but for
	// the hex digits of percent-escapes ("/A%C3%A9" becomes "/a%C3%A9").
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
	// TrailingSlashStrip removes the slashes at the end of the path (R
	// removes one). A path that is only slashes becomes "/" in
	// Cleaned.Path and is left out of Cleaned.CleanURL.
	TrailingSlashStrip
)

// IndexPageHandling says what [Clean] does with a default document at the
// end of the path (R's index_page_handling).
type IndexPageHandling uint8

// The values of [CleanOptions.IndexPage].
const (
	// IndexPageKeep leaves the path as it is.
	IndexPageKeep IndexPageHandling = iota
	// IndexPageStrip removes a last segment that starts with "index." or
	// "default." in any case and has a character after the dot, with the
	// "/" before it and one "/" after it: "/a/index.html" and
	// "/a/index.html/" become "/a", "/Default.ASPX" becomes "/"; "/index."
	// and "/index.html//" stay.
	IndexPageStrip
)

// PathNormalization says how [Clean] normalizes the structure of the path
// (R's path_normalization). Dot segments ("/./" and "/../", and their
// "%2e" spellings) are always removed, as the URL Standard's parser (and
// curl, for the literal ones) does, before slashes are collapsed: with
// PathNormalizeBoth, "/a//../b" is "/a/b", where RFC 3986 order
// (collapse, then remove dot segments) gives "/b".
type PathNormalization uint8

// The values of [CleanOptions.PathNormalization].
const (
	// PathNormalizeNone does nothing beyond the removal of dot segments.
	PathNormalizeNone PathNormalization = iota
	// PathCollapseSlashes makes each run of "/" one "/".
	PathCollapseSlashes
	// PathDotSegments removes dot segments, which are gone already; it is
	// PathNormalizeNone in effect.
	PathDotSegments
	// PathNormalizeBoth is PathCollapseSlashes and PathDotSegments.
	PathNormalizeBoth
)

// SchemeRelativeHandling says what [Clean] does with an input that starts
// with "//" (R's scheme_relative_handling).
type SchemeRelativeHandling uint8

// The values of [CleanOptions.SchemeRelative].
const (
	// SchemeRelativeKeep reads the input as http and leaves Scheme empty;
	// an ok status is StatusOKSchemeRelative. CleanURL has the scheme
	// the Protocol option gives: "http://" under ProtocolKeep, none under
	// ProtocolNone and ProtocolStrip.
	SchemeRelativeKeep SchemeRelativeHandling = iota
	// SchemeRelativeHTTP makes the scheme http.
	SchemeRelativeHTTP
	// SchemeRelativeHTTPS makes the scheme https.
	SchemeRelativeHTTPS
	// SchemeRelativeError makes such an input an error.
	SchemeRelativeError
)

// HostEncoding says how [Clean] writes a host that is a domain (R's
// host_encoding). It applies to Host, Domain, TLD and CleanURL. An IP
// address is always written as the URL Standard serializes it.
type HostEncoding uint8

// The values of [CleanOptions.HostEncoding].
const (
	// HostEncodingKeep writes the host as typed, up to Case: each label
	// as the input has it when the URL Standard gives the same label from
	// it alone (up to ASCII case, or through UTS #46 for a label that is
	// not ASCII), so "BÜCHER.example", "bücher.example" and
	// "xn--bcher-kva.example" each stay as they are, and a fullwidth
	// label stays fullwidth. The labels are joined with "." whichever of
	// the full stops UTS #46 reads as a dot was typed ("例え。テスト" is
	// written "例え.テスト"). A label the Standard changed in another way
	// (percent-escapes) is written as the Standard serializes it. Domain
	// and TLD are the host's last labels, lowercase: the TLD of
	// "石川.jp" is "石川.jp".
	HostEncodingKeep HostEncoding = iota
	// HostEncodingIDNA writes the host in ASCII, as the URL Standard
	// serializes it, with Punycode ("xn--") labels for Unicode ones,
	// whatever was typed.
	HostEncodingIDNA
	// HostEncodingUnicode writes Punycode labels in Unicode, whatever was
	// typed: "xn--bcher-kva.example" and "BÜCHER.example" become
	// "bücher.example".
	HostEncodingUnicode
)

// PathEncoding says what [Clean] does with the percent-encoding of the path
// (R's path_encoding).
type PathEncoding uint8

// The values of [CleanOptions.PathEncoding].
const (
	// PathEncodingKeep leaves the path as typed: "/パス" stays "/パス" and
	// "/%E3%83%91" stays "/%E3%83%91". What the URL Standard does to the
	// structure of a path still applies: a "\" is a "/", dot segments are
	// removed, tabs and newlines are dropped. ASCII bytes that cannot
	// stand in a URL (controls, space, `"`, "<", ">", "^", "`", "{", "}")
	// are percent-encoded, as the Standard does, and the hex digits of
	// every escape are upper case (RFC 3986 §6.2.2.1, as rurl does):
	// "/a b/%c3%a9" becomes "/a%20b/%C3%A9".
	PathEncodingKeep PathEncoding = iota
	// PathEncodingEncode decodes each segment and encodes it again, every
	// byte but an RFC 3986 unreserved character (ASCII letters and
	// digits, "-", ".", "_", "~") as %XX with upper-case hex digits, as
	// R's URLencode(reserved = TRUE) does. So "/a%2Db:c" becomes
	// "/a-b%3Ac", "/パス" becomes "/%E3%83%91%E3%82%B9", and a "/" decoded
	// inside a segment stays "%2F".
	PathEncodingEncode
	// PathEncodingDecode decodes each %XX escape, or run of them, that
	// spells a printable UTF-8 character (unicode.IsPrint: not a control,
	// a format character or a space other than U+0020); the others stay.
	// The path is then for reading, not for use in a URL.
	PathEncodingDecode
)

// QueryHandling says whether and how [Clean] puts the query in CleanURL
// (R's query_handling, rurl 2.7). Cleaned.Query is the query as parsed
// whatever it says. A query that is put in CleanURL is written in a
// canonical form: its parameters (split at "&", empty ones left out) each
// as name "=" value, each byte but an RFC 3986 unreserved character
// percent-encoded with upper-case hex digits ("%41" becomes "A", a space
// "%20", "+" "%2B" unless DecodePlus), a "%" not followed by two hex
// digits kept as it is. Case never applies to it. When no parameter is
// left, CleanURL has no "?".
type QueryHandling uint8

// The values of [CleanOptions.Query].
const (
	// QueryDrop leaves the query out of CleanURL, as rurl 1.4 does.
	QueryDrop QueryHandling = iota
	// QueryFilter keeps the parameters but the tracking ones: those of
	// the package's list of click and campaign identifiers (the list the
	// canonical form of [Parse] removes: utm_source, utm_medium, ...,
	// gclid, fbclid, msclkid, mc_eid, ...; rurl has its own list) and
	// those ParamsDrop names. A parameter ParamsKeep names is kept
	// whatever those lists and EmptyParams say.
	QueryFilter
	// QueryAllow keeps only the parameters ParamsKeep names.
	QueryAllow
	// QueryKeep keeps every parameter.
	QueryKeep
)

// EmptyParamHandling says what [Clean] does with a parameter of the query
// whose value is empty, "a=" or "a", when the query goes into CleanURL (R's
// empty_param_handling, rurl 2.7).
type EmptyParamHandling uint8

// The values of [CleanOptions.EmptyParams].
const (
	// EmptyParamKeep keeps it, written "a=".
	EmptyParamKeep EmptyParamHandling = iota
	// EmptyParamDrop leaves it out, unless QueryFilter and ParamsKeep
	// keep it.
	EmptyParamDrop
)

// PortHandling says whether [Clean] puts the port in CleanURL (R's
// port_handling, rurl 2.7). Cleaned.Port is the port as written whatever
// it says.
type PortHandling uint8

// The values of [CleanOptions.Port].
const (
	// PortExclude leaves the port out, as rurl 1.4 does.
	PortExclude PortHandling = iota
	// PortKeep puts a written port in, even the scheme's default one:
	// "http://example.com:80/" gives "http://example.com:80/".
	PortKeep
	// PortStripDefault puts a written port in unless it is the default
	// port of the scheme the input was read with (80 for http and for an
	// input without a scheme, 443 for https, 21 for ftp; ftps has none),
	// whatever Protocol makes the scheme: under ProtocolHTTPS,
	// "http://example.com:443/" gives "https://example.com:443/".
	PortStripDefault
	// PortStripAll is PortExclude.
	PortStripAll
)

// SchemePolicy says whether [Clean] takes an input without a scheme (R's
// scheme_policy, rurl 2.7). A "//host" input is SchemeRelative's to judge.
type SchemePolicy uint8

// The values of [CleanOptions.SchemePolicy].
const (
	// SchemeInfer reads an input without a scheme ("example.com",
	// "localhost:3000") as http, as rurl 1.4 does.
	SchemeInfer SchemePolicy = iota
	// SchemeRequire makes an input without a scheme an error, with code
	// [CodeSchemeMissing].
	SchemeRequire
)

// logicalValues are the values of R's logical, false first. The values of
// the option types are in options_text.go, generated by gen.go.
var logicalValues = []string{"FALSE", "TRUE"}

// optionString returns the R value of option v, or typ(v) when v is out of
// range.
func optionString[T ~uint8](v T, values []string, typ string) string {
	if int(v) < len(values) {
		return values[v]
	}
	return typ + "(" + strconv.Itoa(int(v)) + ")"
}

// marshalOption returns the R value of v, or a *[Error] with code
// [CodeInvalidOption] when v is out of range.
func marshalOption[T ~uint8](v T, values []string) ([]byte, error) {
	if int(v) >= len(values) {
		return nil, optionError(strconv.Itoa(int(v)) + " is not one of the constants for " + strings.Join(values, ", "))
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
// "www_handling", ..., "path_encoding" (rurl 1.4), then
// "query_handling", ..., "scheme_policy" (rurl 2.7).
func CleanOptionNames() []string {
	var o CleanOptions
	specs := o.optionSpecs()
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.name
	}
	return names
}

// CleanOptionValues returns the values that safe_parse_url's argument
// name takes, R's default first: for a logical argument (sort_params,
// params_case_sensitive, decode_plus) "FALSE" and "TRUE". It returns nil
// for the arguments whose value is free text, which [CleanOptions.Set]
// reads: subdomain_levels_to_keep (a number from 0, or "NULL"), and
// params_keep and params_drop (names separated by commas, or "NULL"); and
// for a name that is not an argument.
func CleanOptionValues(name string) []string {
	var o CleanOptions
	for _, s := range o.optionSpecs() {
		if s.name == name {
			return slices.Clone(s.values)
		}
	}
	return nil
}

// CleanOptions are the arguments of R's safe_parse_url. The zero value of
// each field is R's default, so CleanOptions{} cleans as
// safe_parse_url(url) does. The fields after PathEncoding are the
// arguments rurl 2.7 added; their zero values give rurl 1.4's answers.
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

	Query QueryHandling // R's query_handling
	// ParamsKeep are patterns of parameter names (R's params_keep): under
	// QueryFilter the names kept whatever else is said, under QueryAllow
	// the only names kept. A pattern matches a whole name, percent-decoded;
	// only "*" is special, and matches any run of characters
	// ("utm_*"). Case is ignored unless ParamsCaseSensitive (Unicode
	// lowercase is compared).
	ParamsKeep []string
	// ParamsDrop are patterns of parameter names (R's params_drop), as in
	// ParamsKeep, that QueryFilter drops besides the tracking ones.
	ParamsDrop []string
	// SortParams sorts the parameters kept by percent-decoded name, byte
	// by byte, keeping the order of those with the same name (R's
	// sort_params).
	SortParams bool
	// EmptyParams is R's empty_param_handling.
	EmptyParams EmptyParamHandling
	// ParamsCaseSensitive makes the names of ParamsKeep, ParamsDrop and
	// the tracking list match in their case only (R's
	// params_case_sensitive).
	ParamsCaseSensitive bool
	// DecodePlus reads a "+" in a parameter's value as a space, written
	// "%20", as HTML forms do (R's decode_plus). A "+" in a name, or in a
	// value without it, is written "%2B".
	DecodePlus   bool
	Port         PortHandling // R's port_handling
	SchemePolicy SchemePolicy // R's scheme_policy
}

// optionField is an option with a constant per R value: its R name, a
// pointer to it, and its values.
type optionField struct {
	name   string
	value  *uint8
	values []string
}

// optionFields lists the options with a constant per R value by their R
// argument names, for Set and Validate.
func (o *CleanOptions) optionFields() [14]optionField {
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
		{"query_handling", (*uint8)(&o.Query), queryValues},
		{"empty_param_handling", (*uint8)(&o.EmptyParams), emptyParamValues},
		{"port_handling", (*uint8)(&o.Port), portValues},
		{"scheme_policy", (*uint8)(&o.SchemePolicy), schemePolicyValues},
	}
}

// optionSpec is an argument of safe_parse_url as Set takes it: one of
// enum (a constant per R value), logical, list (the params options) or
// levels (subdomain_levels_to_keep), and its values when it has a fixed
// set of them.
type optionSpec struct {
	name    string
	enum    *uint8
	logical *bool
	list    *[]string
	levels  bool
	values  []string
}

// optionSpecs lists every argument that Set takes, in R's order.
func (o *CleanOptions) optionSpecs() [20]optionSpec {
	f := o.optionFields()
	enum := func(i int) optionSpec { return optionSpec{name: f[i].name, enum: f[i].value, values: f[i].values} }
	return [...]optionSpec{
		enum(0), enum(1), enum(2), enum(3), enum(4), enum(5), enum(6), enum(7),
		{name: "subdomain_levels_to_keep", levels: true},
		enum(8), enum(9), enum(10),
		{name: "params_keep", list: &o.ParamsKeep},
		{name: "params_drop", list: &o.ParamsDrop},
		{name: "sort_params", logical: &o.SortParams, values: logicalValues},
		enum(11),
		{name: "params_case_sensitive", logical: &o.ParamsCaseSensitive, values: logicalValues},
		{name: "decode_plus", logical: &o.DecodePlus, values: logicalValues},
		enum(12), enum(13),
	}
}

// Set sets the option R calls name to R's value for it, as in
// o.Set("www_handling", "if_no_subdomain"). For
// "subdomain_levels_to_keep", value is a number from 0 or "NULL"; for a
// logical argument, "TRUE" or "FALSE" (or R's other spellings of them:
// "T", "true", "True", and so for false); for "params_keep" and
// "params_drop", the patterns separated by commas, with the spaces around
// each dropped ("utm_*, ref"), or "NULL" or "" for none (a pattern cannot
// have a comma). An unknown name or value is a *[Error] with code
// [CodeInvalidOption], and o is unchanged.
func (o *CleanOptions) Set(name, value string) error {
	for _, s := range o.optionSpecs() {
		if s.name != name {
			continue
		}
		switch {
		case s.enum != nil:
			return unmarshalOption(s.enum, []byte(value), name, s.values)
		case s.logical != nil:
			switch value {
			case "TRUE", "T", "true", "True":
				*s.logical = true
			case "FALSE", "F", "false", "False":
				*s.logical = false
			default:
				return optionError(name + " = " + strconv.Quote(value) + " is not TRUE or FALSE")
			}
		case s.list != nil:
			*s.list = splitPatterns(value)
		default: // subdomain_levels_to_keep
			if value == "NULL" {
				o.SubdomainLevelsToKeep = nil
				return nil
			}
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 {
				return optionError(name + ` = ` + strconv.Quote(value) + ` is not a number from 0 or "NULL"`)
			}
			o.SubdomainLevelsToKeep = &n
		}
		return nil
	}
	return optionError(strconv.Quote(name) + " is not an option of safe_parse_url")
}

// splitPatterns reads the value of params_keep or params_drop: patterns
// separated by commas, or "NULL". It returns nil when there are none.
func splitPatterns(value string) []string {
	if value == "NULL" {
		return nil
	}
	var list []string
	for p := range strings.SplitSeq(value, ",") {
		if p = strings.Trim(p, " \t"); p != "" {
			list = append(list, p)
		}
	}
	return list
}

// Validate reports whether every option has one of its values: it returns
// nil, or a *[Error] with code [CodeInvalidOption] naming the first
// option that does not.
func (o CleanOptions) Validate() error {
	if o.valid() {
		return nil // the common case, without building the list of fields
	}
	for _, f := range o.optionFields() {
		if int(*f.value) >= len(f.values) {
			return optionError(f.name + " = " + strconv.Itoa(int(*f.value)) + " is not one of the constants for " + strings.Join(f.values, ", "))
		}
	}
	if n := o.SubdomainLevelsToKeep; n != nil && *n < 0 {
		return optionError("subdomain_levels_to_keep = " + strconv.Itoa(*n) + " is negative")
	}
	return nil
}

// valid reports whether Validate returns nil. It reads o through a
// pointer, which Clean checks on every call without copying its options
// again.
func (o *CleanOptions) valid() bool {
	return o.Protocol <= ProtocolHTTPS && o.WWW <= WWWIfNoSubdomain && o.TLDSource <= TLDICANN &&
		o.Case <= CaseUpper && o.TrailingSlash <= TrailingSlashStrip && o.IndexPage <= IndexPageStrip &&
		o.PathNormalization <= PathNormalizeBoth && o.SchemeRelative <= SchemeRelativeError &&
		o.HostEncoding <= HostEncodingUnicode && o.PathEncoding <= PathEncodingDecode &&
		o.Query <= QueryKeep && o.EmptyParams <= EmptyParamDrop && o.Port <= PortStripAll &&
		o.SchemePolicy <= SchemeRequire &&
		(o.SubdomainLevelsToKeep == nil || *o.SubdomainLevelsToKeep >= 0)
}

func optionError(reason string) error {
	return layer.NewError(string(CodeInvalidOption), "", -1, reason)
}
