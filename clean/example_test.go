// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean_test

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/onecontact/webaddress/clean"
)

func ExampleClean() {
	c, err := clean.Clean("HTTP://WWW1.Shop.Example.co.uk:8080/Catalog/index.html?id=7#top", clean.CleanOptions{
		WWW:       clean.WWWStrip,
		IndexPage: clean.IndexPageStrip,
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(c.CleanURL, c.Status)
	fmt.Println(c.Scheme, c.Host, c.Port, c.Path, c.Query, c.Fragment)
	fmt.Println(c.Domain, c.TLD)
	// Output:
	// http://shop.example.co.uk/Catalog ok
	// http shop.example.co.uk 8080 /Catalog id=7 top
	// example.co.uk co.uk
}

func ExampleClean_error() {
	_, err := clean.Clean("mailto:sales@example.com", clean.CleanOptions{})
	fmt.Println(err)
	fmt.Println(errors.Is(err, clean.CodeUnsupportedScheme))
	// Output:
	// clean.unsupported-scheme: "mailto:sales@example.com": scheme "mailto" is not http, https, ftp or ftps
	// true
}

func ExampleCleanOptions_Set() {
	// The R call safe_parse_url(url, www_handling = "keep",
	// subdomain_levels_to_keep = 0).
	var opts clean.CleanOptions
	for _, o := range [][2]string{{"www_handling", "keep"}, {"subdomain_levels_to_keep", "0"}} {
		if err := opts.Set(o[0], o[1]); err != nil {
			panic(err)
		}
	}
	c, _ := clean.Clean("https://blog.eu.example.com/", opts)
	fmt.Println(c.Host)
	fmt.Println(opts.Set("case_handling", "title"))
	// Output:
	// www.example.com
	// clean.invalid-option: case_handling = "title" is not one of lower_host, keep, lower, upper
}

func ExampleCleaner_CleanAll() {
	c := clean.NewCleaner(clean.CleanOptions{WWW: clean.WWWStrip}, 10_000)
	column := []string{"www.example.com", "Example.com/", "https://example.com", "", "localhost:8080", "www.example.com"}
	for i, r := range c.CleanAll(column) {
		fmt.Printf("%d %-22q %-24s %s\n", i, r.Original, r.CleanURL, r.Status)
	}
	st := c.Stats()
	fmt.Println(st.Hits+st.Misses, "values,", st.Entries, "cached")
	// Output:
	// 0 "www.example.com"      http://example.com/      ok
	// 1 "Example.com/"         http://example.com/      ok
	// 2 "https://example.com"  https://example.com/     ok
	// 3 ""                                              error
	// 4 "localhost:8080"       http://localhost/        warning-no-tld
	// 5 "www.example.com"      http://example.com/      ok
	// 6 values, 5 cached
}

// The option types are encoding.TextUnmarshalers, so each can be a
// command-line flag that takes R's values.
func ExampleWWWHandling_UnmarshalText() {
	var opts clean.CleanOptions
	fs := flag.NewFlagSet("clean", flag.ContinueOnError)
	fs.TextVar(&opts.WWW, "www-handling", opts.WWW, "safe_parse_url's www_handling: "+strings.Join(clean.CleanOptionValues("www_handling"), ", "))
	if err := fs.Parse([]string{"--www-handling", "strip"}); err != nil {
		panic(err)
	}
	c, _ := clean.Clean("www.example.com/shop", opts)
	fmt.Println(opts.WWW, c.CleanURL)
	// Output:
	// strip http://example.com/shop
}

func ExampleCleanOptionNames() {
	for _, name := range clean.CleanOptionNames() {
		line := fmt.Sprintf("%-25s %s", name, strings.Join(clean.CleanOptionValues(name), " "))
		fmt.Println(strings.TrimSpace(line))
	}
	// Output:
	// protocol_handling         keep none strip http https
	// www_handling              none strip keep if_no_subdomain
	// tld_source                all private icann
	// case_handling             lower_host keep lower upper
	// trailing_slash_handling   none keep strip
	// index_page_handling       keep strip
	// path_normalization        none collapse_slashes dot_segments both
	// scheme_relative_handling  keep http https error
	// subdomain_levels_to_keep
	// host_encoding             keep idna unicode
	// path_encoding             keep encode decode
	// query_handling            drop filter allow keep
	// params_keep
	// params_drop
	// sort_params               FALSE TRUE
	// empty_param_handling      keep drop
	// params_case_sensitive     FALSE TRUE
	// decode_plus               FALSE TRUE
	// port_handling             exclude keep strip_default strip_all
	// scheme_policy             infer require
}

// Under host_encoding and path_encoding "keep", the defaults, the host and
// path are as typed, up to case_handling; "idna" and "encode" give them
// as a browser sends them.
func ExampleClean_asTyped() {
	for _, opts := range []clean.CleanOptions{
		{},
		{Case: clean.CaseKeep},
		{HostEncoding: clean.HostEncodingIDNA, PathEncoding: clean.PathEncodingEncode},
	} {
		c, _ := clean.Clean("HTTPS://Bücher.Example.de/Straße/%c3%a9", opts)
		fmt.Println(c.CleanURL, c.Domain)
	}
	// Output:
	// https://bücher.example.de/Straße/%C3%A9 example.de
	// https://Bücher.Example.de/Straße/%C3%A9 example.de
	// https://xn--bcher-kva.example.de/Stra%C3%9Fe/%C3%A9 example.de
}

// The query goes into clean_url under query_handling "filter", "allow" or
// "keep" (rurl 2.7), canonical and in its own case.
func ExampleCleanOptions_query() {
	const in = "https://Shop.Example.com/Item?utm_source=mail&ID=7&q=a+b&ref="
	for _, args := range [][][2]string{
		{},
		{{"query_handling", "filter"}},
		{{"query_handling", "filter"}, {"empty_param_handling", "drop"}, {"decode_plus", "TRUE"}, {"case_handling", "lower"}},
		{{"query_handling", "allow"}, {"params_keep", "id"}},
		{{"query_handling", "keep"}, {"sort_params", "TRUE"}, {"params_case_sensitive", "TRUE"}},
	} {
		var opts clean.CleanOptions
		for _, a := range args {
			if err := opts.Set(a[0], a[1]); err != nil {
				panic(err)
			}
		}
		c, _ := clean.Clean(in, opts)
		fmt.Println(c.CleanURL)
	}
	// Output:
	// https://shop.example.com/Item
	// https://shop.example.com/Item?ID=7&q=a%2Bb&ref=
	// https://shop.example.com/item?ID=7&q=a%20b
	// https://shop.example.com/Item?ID=7
	// https://shop.example.com/Item?ID=7&q=a%2Bb&ref=&utm_source=mail
}

// port_handling "strip_default" (rurl 2.7) keeps a port in clean_url unless
// it is the default of the scheme the input was read with.
func ExampleCleanOptions_port() {
	opts := clean.CleanOptions{Port: clean.PortStripDefault, Protocol: clean.ProtocolHTTPS}
	for _, in := range []string{"http://example.com:80/", "http://example.com:443/", "example.com:8080"} {
		c, _ := clean.Clean(in, opts)
		fmt.Printf("%-24s %-28s port %s\n", in, c.CleanURL, c.Port)
	}
	// Output:
	// http://example.com:80/   https://example.com/         port 80
	// http://example.com:443/  https://example.com:443/     port 443
	// example.com:8080         https://example.com:8080/    port 8080
}

// A Cleaned value's JSON record has R's names, with null for R's NA.
func ExampleCleaned_MarshalJSON() {
	c, _ := clean.Clean("http://www.Example.com/Path?q=1", clean.CleanOptions{})
	b, _ := c.MarshalJSON()
	fmt.Println(string(b))
	// Output:
	// {"original_url":"http://www.Example.com/Path?q=1","scheme":"http","host":"www.example.com","port":null,"path":"/Path","query":"q=1","fragment":null,"user":null,"password":null,"domain":"example.com","tld":"com","is_ip_host":false,"clean_url":"http://www.example.com/Path","parse_status":"ok","error_code":null,"error":null}
}
