// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
)

// This file tests the options rurl 2.7 added to safe_parse_url: the query
// options, port_handling and scheme_policy.

// cleanURLOf returns Clean(in)'s CleanURL with the options R names in opts,
// or "error " and the code.
func cleanURLOf(t *testing.T, in, opts string) string {
	t.Helper()
	row := cleanResult(t, in, opts)
	if strings.HasPrefix(row, "error ") {
		return row
	}
	fields := strings.Split(row, "|")
	return fields[len(fields)-2]
}

// TestCleanQueryRurl checks the query options against the values rurl's
// own tests assert, through a URL "https://ex.com/p?" + query: the
// filter engine's (tests/testthat/test-query-engine.R at commit
// 3bfe2f2a10e13178ae218946c4b6e87a9671db62 of github.com/cran/rurl, rurl
// 3.0.1) and safe_parse_url's (tests/testthat/test-query-clean-url.R at
// commit 8c132585bf5be0696bf86af328752f33bdb798bd of
// github.com/bart-turczynski/rurl); MIT licence, copyright Bart
// Turczynski. R's built-in denylist differs from the package's tracking
// list, which filter uses; the cases here are on both.
func TestCleanQueryRurl(t *testing.T) {
	tests := []struct {
		query, opts string
		want        string // the query in clean_url, "" for none
	}{
		// the modes
		{"a=1&utm_source=x&gclid=9", "query_handling=drop", ""},
		{"a=1&utm_source=x&gclid=9", "query_handling=keep", "a=1&utm_source=x&gclid=9"},
		{"a=1&utm_source=x&gclid=9", "query_handling=filter", "a=1"},
		{"v=yzRJDl5GQVg&utm_source=x", "query_handling=filter", "v=yzRJDl5GQVg"},
		{"v=yzRJDl5GQVg&utm_source=news&fbclid=1", "query_handling=filter", "v=yzRJDl5GQVg"},
		{"a=1&v=2", "query_handling=allow params_keep=v", "v=2"},
		{"a=1&v=2", "query_handling=allow", ""}, // allow with no params_keep keeps nothing
		{"a=1&utm_source=x&gclid=9", "query_handling=allow params_keep=a", "a=1"},
		// drop ignores the rest; an empty query gives none
		{"utm_source=x", "query_handling=drop params_keep=utm_source", ""},
		{"", "query_handling=filter", ""},
		// the parameters as pairs: order, duplicates, the first "=", bare names
		{"a=1&b=2&flag", "query_handling=keep", "a=1&b=2&flag="},
		{"a=1&b=2&a=3", "query_handling=keep", "a=1&b=2&a=3"},
		{"a=b=c", "query_handling=keep", "a=b%3Dc"},
		{"a=1&&b=2", "query_handling=keep", "a=1&b=2"},
		// filter: params_keep rescues empties and beats the list
		{"utm_source=&gclid=1", "query_handling=filter params_keep=utm_source empty_param_handling=drop", "utm_source="},
		{"utm_source=x&gclid=1", "query_handling=filter params_keep=utm_source", "utm_source=x"},
		{"utm_source=x&a=1", "query_handling=filter params_keep=utm_source", "utm_source=x&a=1"},
		{"a=1&foo=2", "query_handling=filter params_drop=foo", "a=1"},
		{"a=1&ref=2", "query_handling=filter params_drop=ref", "a=1"},
		// names match percent-decoded, in any case by default
		{"utm_source=1&utm_medium=2&a=3", "query_handling=filter", "a=3"},
		{"%75tm_source=x&a=1", "query_handling=filter", "a=1"},
		{"UTM_Source=x&a=1", "query_handling=filter", "a=1"},
		{"UTM_SOURCE=x&a=1", "query_handling=filter params_case_sensitive=TRUE", "UTM_SOURCE=x&a=1"},
		// re-encoding: upper-case hex, delimiters encoded, empty as "key="
		{"a=1%262", "query_handling=keep", "a=1%262"},
		{"a=%41", "query_handling=keep", "a=A"},
		{"a=%2f", "query_handling=keep", "a=%2F"},
		{"a=", "query_handling=keep", "a="},
		{"a", "query_handling=keep", "a="},
		// a "%" without two hex digits stays as it is
		{"a=%zz", "query_handling=keep", "a=%zz"},
		{"a=%2", "query_handling=keep", "a=%2"},
		{"a=%", "query_handling=keep", "a=%"},
		{"%zz=1", "query_handling=keep", "%zz=1"},
		// decode_plus: "+" is a space in values only
		{"a=x+y", "query_handling=keep decode_plus=FALSE", "a=x%2By"},
		{"a+b=x+y", "query_handling=keep decode_plus=TRUE", "a%2Bb=x%20y"},
		{"q=a+b", "query_handling=keep decode_plus=TRUE", "q=a%20b"},
		{"q=a+b", "query_handling=keep", "q=a%2Bb"},
		// sort_params: stable, by decoded name
		{"b=2&a=1", "query_handling=keep sort_params=TRUE", "a=1&b=2"},
		{"b=2&a=1&b=1", "query_handling=keep sort_params=TRUE", "a=1&b=2&b=1"},
		// empty_param_handling
		{"a=&b=2", "query_handling=keep empty_param_handling=keep", "a=&b=2"},
		{"a=&b=2", "query_handling=keep empty_param_handling=drop", "b=2"},
		{"a&b=2", "query_handling=keep empty_param_handling=drop", "b=2"},
		{"a=1&ref=", "query_handling=keep empty_param_handling=drop", "a=1"},
		// allow: params_keep does not rescue an empty parameter
		{"v=&a=1", "query_handling=allow params_keep=v empty_param_handling=drop", ""},
		{"id=&keep=1", "query_handling=allow params_keep=id,keep empty_param_handling=drop", "keep=1"},
		{"a=1&id=2", "query_handling=allow params_keep=id", "id=2"},
	}
	for _, tt := range tests {
		in := "https://ex.com/p?" + tt.query
		want := "https://ex.com/p"
		if tt.want != "" {
			want += "?" + tt.want
		}
		if got := cleanURLOf(t, in, tt.opts); got != want {
			t.Errorf("Clean(%q, %s).CleanURL = %q, want %q", in, tt.opts, got, want)
		}
	}
}

// TestCleanQuery: every value of every query option, with the other
// options of clean_url: case handling, which the query is exempt from,
// trailing slashes, ports, and the raw Query field, which no option
// changes.
func TestCleanQuery(t *testing.T) {
	const in = "https://www.EXAMPLE.com/PATH/?Token=AbC&utm_source=nl&b=&a=1+2&gclid=x&ID=%7e"
	tests := []struct{ opts, want string }{
		// drop, the default: no query, as rurl 1.4
		{"", "https://www.example.com/PATH/"},
		{"query_handling=drop sort_params=TRUE", "https://www.example.com/PATH/"},
		// keep: every parameter, canonical
		{"query_handling=keep", "https://www.example.com/PATH/?Token=AbC&utm_source=nl&b=&a=1%2B2&gclid=x&ID=~"},
		{"query_handling=keep sort_params=TRUE", "https://www.example.com/PATH/?ID=~&Token=AbC&a=1%2B2&b=&gclid=x&utm_source=nl"},
		{"query_handling=keep empty_param_handling=drop decode_plus=TRUE", "https://www.example.com/PATH/?Token=AbC&utm_source=nl&a=1%202&gclid=x&ID=~"},
		// keep ignores params_keep and params_drop
		{"query_handling=keep params_keep=Token params_drop=a", "https://www.example.com/PATH/?Token=AbC&utm_source=nl&b=&a=1%2B2&gclid=x&ID=~"},
		// filter: the tracking list out
		{"query_handling=filter", "https://www.example.com/PATH/?Token=AbC&b=&a=1%2B2&ID=~"},
		{"query_handling=filter empty_param_handling=drop", "https://www.example.com/PATH/?Token=AbC&a=1%2B2&ID=~"},
		{"query_handling=filter params_drop=token,id", "https://www.example.com/PATH/?b=&a=1%2B2"},
		{"query_handling=filter params_drop=token,id params_case_sensitive=TRUE", "https://www.example.com/PATH/?Token=AbC&b=&a=1%2B2&ID=~"},
		{"query_handling=filter params_drop=* params_keep=gclid,B empty_param_handling=drop", "https://www.example.com/PATH/?b=&gclid=x"},
		{"query_handling=filter params_keep=utm_* sort_params=TRUE", "https://www.example.com/PATH/?ID=~&Token=AbC&a=1%2B2&b=&utm_source=nl"},
		// allow: params_keep only
		{"query_handling=allow params_keep=id,a", "https://www.example.com/PATH/?a=1%2B2&ID=~"},
		{"query_handling=allow params_keep=id,a params_case_sensitive=TRUE", "https://www.example.com/PATH/?a=1%2B2"},
		{"query_handling=allow params_keep=b,a empty_param_handling=drop", "https://www.example.com/PATH/?a=1%2B2"},
		{"query_handling=allow params_keep=nothing", "https://www.example.com/PATH/"},
		// case handling leaves the query alone
		{"query_handling=keep case_handling=lower", "https://www.example.com/path/?Token=AbC&utm_source=nl&b=&a=1%2B2&gclid=x&ID=~"},
		{"query_handling=keep case_handling=upper", "HTTPS://WWW.EXAMPLE.COM/PATH/?Token=AbC&utm_source=nl&b=&a=1%2B2&gclid=x&ID=~"},
		{"query_handling=filter case_handling=keep", "https://www.EXAMPLE.com/PATH/?Token=AbC&b=&a=1%2B2&ID=~"},
		// the query comes after the trailing slash options' path
		{"query_handling=allow params_keep=a trailing_slash_handling=strip", "https://www.example.com/PATH?a=1%2B2"},
		{"query_handling=allow params_keep=a trailing_slash_handling=keep index_page_handling=strip", "https://www.example.com/PATH/?a=1%2B2"},
		// and after the port
		{"query_handling=allow params_keep=a port_handling=keep", "https://www.example.com/PATH/?a=1%2B2"},
	}
	for _, tt := range tests {
		if got := cleanURLOf(t, in, tt.opts); got != tt.want {
			t.Errorf("Clean(%q, %s).CleanURL =\n\t%q, want\n\t%q", in, tt.opts, got, tt.want)
		}
		// The query field is the query as parsed, whatever the options.
		if row := cleanResult(t, in, tt.opts); strings.Split(row, "|")[4] != "Token=AbC&utm_source=nl&b=&a=1+2&gclid=x&ID=%7e" {
			t.Errorf("Clean(%q, %s): %s: the query changed", in, tt.opts, row)
		}
	}
	// A root path under trailing_slash_handling strip: the query follows
	// the host, as the path is left out.
	for _, tt := range []struct{ in, opts, want string }{
		{"https://ex.com/?id=1", "query_handling=keep trailing_slash_handling=strip", "https://ex.com?id=1"},
		{"https://ex.com/?id=1", "query_handling=keep trailing_slash_handling=keep", "https://ex.com/?id=1"},
		{"https://ex.com:8443/?id=1", "query_handling=keep trailing_slash_handling=strip port_handling=keep", "https://ex.com:8443?id=1"},
		{"ex.com/a?id=1#f", "query_handling=keep protocol_handling=none trailing_slash_handling=keep", "ex.com/a/?id=1"},
		{"https://ex.com/a?", "query_handling=keep", "https://ex.com/a"},
		{"https://ex.com/a?&&", "query_handling=keep", "https://ex.com/a"},
		{"https://ex.com/a?q=caf%C3%A9 x'y", "query_handling=keep", "https://ex.com/a?q=caf%C3%A9%20x%27y"},
		{"https://ex.com/a?q=café", "query_handling=keep", "https://ex.com/a?q=caf%C3%A9"},
	} {
		if got := cleanURLOf(t, tt.in, tt.opts); got != tt.want {
			t.Errorf("Clean(%q, %s).CleanURL = %q, want %q", tt.in, tt.opts, got, tt.want)
		}
	}
}

func TestMatchGlob(t *testing.T) {
	tests := []struct {
		pattern, name string
		want          bool
	}{
		{"utm_*", "utm_source", true},                   // a prefix
		{"utm_*", "utm_", true},                         // "*" matches nothing too
		{"utm_*", "xutm_source", false},                 // the whole name
		{"*_id", "session_id", true},                    // a suffix
		{"a*b*c", "aXXbYYc", true},                      // two stars
		{"a*b*c", "aXXbYY", false},                      // the last letter missing
		{"a*b*c", "abcbc", true},                        // backtracking
		{"gclid", "gclid", true},                        // no star: equal
		{"gclid", "gclids", false},                      // no star: not a prefix
		{"a.b", "axb", false},                           // "." is not special
		{"a?b", "axb", false},                           // nor is "?"
		{"a?b", "a?b", true},                            // it is itself
		{"*", "", true},                                 // an empty name
		{"", "", true},                                  // the empty pattern
		{"", "a", false},                                // matches only the empty name
		{"**a**", "bab", true},                          // stars together
		{"*a*a*a*a*b", strings.Repeat("a", 200), false}, // no match, in bounded time
	}
	for _, tt := range tests {
		if got := matchGlob(tt.pattern, tt.name); got != tt.want {
			t.Errorf("matchGlob(%q, %q) = %v, want %v", tt.pattern, tt.name, got, tt.want)
		}
	}
}

// TestCleanPortHandling checks port_handling against the values rurl's
// own tests assert with url_standard NULL
// (tests/testthat/test-clean-url-port-strip-default.R and
// tests/testthat/test-url-standard-port-handling.R at commit
// 3bfe2f2a10e13178ae218946c4b6e87a9671db62 of github.com/cran/rurl; MIT
// licence, copyright Bart Turczynski), and more of its own.
func TestCleanPortHandling(t *testing.T) {
	inputs := []string{
		"http://example.com:80/a", "http://example.com:443/a", "http://example.com:8080/a",
		"https://example.com:443/a", "https://example.com:8080/a", "https://example.com:80/a",
	}
	tests := []struct {
		opts string
		want []string // for each of inputs
	}{
		// strip_default judges the scheme the input was read with, not
		// the one protocol_handling gives
		{"port_handling=strip_default protocol_handling=https", []string{
			"https://example.com/a", "https://example.com:443/a", "https://example.com:8080/a",
			"https://example.com/a", "https://example.com:8080/a", "https://example.com:80/a"}},
		{"protocol_handling=https", []string{
			"https://example.com/a", "https://example.com/a", "https://example.com/a",
			"https://example.com/a", "https://example.com/a", "https://example.com/a"}},
		{"port_handling=keep protocol_handling=https", []string{
			"https://example.com:80/a", "https://example.com:443/a", "https://example.com:8080/a",
			"https://example.com:443/a", "https://example.com:8080/a", "https://example.com:80/a"}},
		{"port_handling=strip_default", []string{
			"http://example.com/a", "http://example.com:443/a", "http://example.com:8080/a",
			"https://example.com/a", "https://example.com:8080/a", "https://example.com:80/a"}},
		{"port_handling=exclude", []string{
			"http://example.com/a", "http://example.com/a", "http://example.com/a",
			"https://example.com/a", "https://example.com/a", "https://example.com/a"}},
		{"port_handling=strip_all", []string{
			"http://example.com/a", "http://example.com/a", "http://example.com/a",
			"https://example.com/a", "https://example.com/a", "https://example.com/a"}},
	}
	for _, tt := range tests {
		for i, in := range inputs {
			if got := cleanURLOf(t, in, tt.opts); got != tt.want[i] {
				t.Errorf("Clean(%q, %s).CleanURL = %q, want %q", in, tt.opts, got, tt.want[i])
			}
		}
	}
	for _, tt := range []struct{ in, opts, want string }{
		// rurl's: the default leaves every port out
		{"ftp://example.com:21/path", "", "ftp://example.com/path"},
		{"ftps://example.com:990/path", "", "ftps://example.com/path"},
		// keep: as written, the default port too
		{"http://example.com:80/path", "port_handling=keep", "http://example.com:80/path"},
		{"http://example.com:8080/path", "port_handling=keep", "http://example.com:8080/path"},
		// strip_default: ftp's default goes; ftps has none
		{"ftp://example.com:21/path", "port_handling=strip_default", "ftp://example.com/path"},
		{"ftp://example.com:2121/path", "port_handling=strip_default", "ftp://example.com:2121/path"},
		{"ftps://example.com:990/path", "port_handling=strip_default", "ftps://example.com:990/path"},
		{"ftps://example.com:21/path", "port_handling=strip_default", "ftps://example.com:21/path"},
		{"ftps://example.com:990/path", "port_handling=keep", "ftps://example.com:990/path"},
		// an input without a scheme is read as http, whatever
		// protocol_handling gives
		{"example.com:80/a", "port_handling=strip_default", "http://example.com/a"},
		{"example.com:443/a", "port_handling=strip_default protocol_handling=https", "https://example.com:443/a"},
		{"example.com:80/a", "port_handling=keep protocol_handling=none", "example.com:80/a"},
		{"example.com:80/a", "port_handling=strip_default protocol_handling=strip", "example.com/a"},
		// a port written as the Standard shortens it
		{"http://example.com:0080/a", "port_handling=keep", "http://example.com:80/a"},
		// no port, or an empty one
		{"http://example.com/a", "port_handling=keep", "http://example.com/a"},
		{"http://example.com:/a", "port_handling=keep", "http://example.com/a"},
		// with IP hosts, case and trailing slashes
		{"http://[::1]:8080/", "port_handling=keep", "http://[::1]:8080/"},
		{"http://127.0.0.1:8080", "port_handling=keep trailing_slash_handling=strip", "http://127.0.0.1:8080"},
		{"HTTP://EXAMPLE.COM:8080/A", "port_handling=keep case_handling=upper trailing_slash_handling=keep", "HTTP://EXAMPLE.COM:8080/A/"},
		{"http://Example.COM:8080/A", "port_handling=strip_default case_handling=keep", "http://Example.COM:8080/A"},
		// credentials never go in
		{"http://u:p@example.com:8080/", "port_handling=keep", "http://example.com:8080/"},
	} {
		if got := cleanURLOf(t, tt.in, tt.opts); got != tt.want {
			t.Errorf("Clean(%q, %s).CleanURL = %q, want %q", tt.in, tt.opts, got, tt.want)
		}
	}
}

// TestCleanSchemePolicy: require rejects input without a scheme, and
// nothing else.
func TestCleanSchemePolicy(t *testing.T) {
	tests := []struct{ in, opts, want string }{
		{"example.com", "scheme_policy=infer", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
		{"example.com", "scheme_policy=require", "error clean.scheme-missing"},
		{"localhost:3000", "scheme_policy=require", "error clean.scheme-missing"},
		{"user@example.com", "scheme_policy=require protocol_handling=https", "error clean.scheme-missing"},
		{"https://example.com", "scheme_policy=require", "https|example.com||/|||||example.com|com||https://example.com/|ok"},
		{"ftps://example.com", "scheme_policy=require protocol_handling=strip", "|example.com||/|||||example.com|com||example.com/|ok"},
		// scheme_relative_handling judges "//host"
		{"//example.com", "scheme_policy=require", "|example.com||/|||||example.com|com||http://example.com/|ok-scheme-relative"},
		{"//example.com", "scheme_policy=require scheme_relative_handling=error", "error clean.scheme-relative"},
		// other errors come first
		{"mailto:a@example.com", "scheme_policy=require", "error clean.unsupported-scheme"},
		{" ", "scheme_policy=require", "error clean.empty-input"},
	}
	for _, tt := range tests {
		if got := cleanResult(t, tt.in, tt.opts); got != tt.want {
			t.Errorf("Clean(%q, %s) =\n\t%s\nwant\n\t%s", tt.in, tt.opts, got, tt.want)
		}
	}
	_, err := Clean(" example.com", CleanOptions{SchemePolicy: SchemeRequire})
	var ce *webaddress.Error
	if !errors.As(err, &ce) || !errors.Is(err, CodeSchemeMissing) || ce.Offset != 1 ||
		err.Error() != `clean.scheme-missing: " example.com": the input has no scheme and scheme_policy is "require"` {
		t.Errorf("Clean(%q) error = %v", " example.com", err)
	}
}

// TestCleanOptionsSetNew: Set reads the values of the options rurl 2.7
// added, and rejects others, leaving the options as they were.
func TestCleanOptionsSetNew(t *testing.T) {
	var o CleanOptions
	for _, tt := range []struct {
		name, value string
		check       func() bool
	}{
		{"query_handling", "filter", func() bool { return o.Query == QueryFilter }},
		{"empty_param_handling", "drop", func() bool { return o.EmptyParams == EmptyParamDrop }},
		{"port_handling", "strip_default", func() bool { return o.Port == PortStripDefault }},
		{"scheme_policy", "require", func() bool { return o.SchemePolicy == SchemeRequire }},
		{"sort_params", "TRUE", func() bool { return o.SortParams }},
		{"sort_params", "F", func() bool { return !o.SortParams }},
		{"params_case_sensitive", "true", func() bool { return o.ParamsCaseSensitive }},
		{"decode_plus", "T", func() bool { return o.DecodePlus }},
		{"decode_plus", "False", func() bool { return !o.DecodePlus }},
		{"params_keep", "utm_*, ref ,id", func() bool { return slices.Equal(o.ParamsKeep, []string{"utm_*", "ref", "id"}) }},
		{"params_keep", "NULL", func() bool { return o.ParamsKeep == nil }},
		{"params_drop", "a,,b,", func() bool { return slices.Equal(o.ParamsDrop, []string{"a", "b"}) }},
		{"params_drop", "", func() bool { return o.ParamsDrop == nil }},
	} {
		if err := o.Set(tt.name, tt.value); err != nil || !tt.check() {
			t.Errorf("Set(%q, %q) = %v: %+v", tt.name, tt.value, err, o)
		}
	}
	before := o
	for _, tt := range []struct{ name, value, msg string }{
		{"sort_params", "yes", `clean.invalid-option: sort_params = "yes" is not TRUE or FALSE`},
		{"decode_plus", "", `clean.invalid-option: decode_plus = "" is not TRUE or FALSE`},
		{"query_handling", "all", `clean.invalid-option: query_handling = "all" is not one of drop, filter, allow, keep`},
		{"port_handling", "strip", `clean.invalid-option: port_handling = "strip" is not one of exclude, keep, strip_default, strip_all`},
		{"scheme_policy", "Infer", `clean.invalid-option: scheme_policy = "Infer" is not one of infer, require`},
		{"params", "a", `clean.invalid-option: "params" is not an option of safe_parse_url`},
	} {
		err := o.Set(tt.name, tt.value)
		if err == nil || err.Error() != tt.msg || !errors.Is(err, CodeInvalidOption) {
			t.Errorf("Set(%q, %q) = %v, want %s", tt.name, tt.value, err, tt.msg)
		}
		if !reflect.DeepEqual(o, before) {
			t.Errorf("Set(%q, %q) changed the options", tt.name, tt.value)
		}
	}
	// Every value that CleanOptionValues lists for a logical option is
	// one Set takes, FALSE first.
	for _, name := range []string{"sort_params", "params_case_sensitive", "decode_plus"} {
		values := CleanOptionValues(name)
		if !slices.Equal(values, []string{"FALSE", "TRUE"}) {
			t.Errorf("CleanOptionValues(%q) = %q", name, values)
		}
	}
	for _, name := range []string{"params_keep", "params_drop"} {
		if v := CleanOptionValues(name); v != nil {
			t.Errorf("CleanOptionValues(%q) = %q, want nil", name, v)
		}
	}
}

// TestCleanerParamsCopy: a Cleaner keeps its own copy of the patterns.
func TestCleanerParamsCopy(t *testing.T) {
	keep := []string{"id"}
	c := NewCleaner(CleanOptions{Query: QueryAllow, ParamsKeep: keep}, 0)
	keep[0] = "x"
	if got, _ := c.Clean("https://ex.com/?id=1&x=2"); got.CleanURL != "https://ex.com/?id=1" {
		t.Errorf("clean_url %q: the Cleaner followed a change of the caller's slice", got.CleanURL)
	}
}
