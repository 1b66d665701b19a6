// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/onecontact/webaddress"
)

func intPtr(n int) *int { return &n }

// TestCleanHelpPage runs every example of R's help page
// (R package rurl 1.4) exactly as printed, NA as "".
func TestCleanHelpPage(t *testing.T) {
	tests := []struct {
		in   string
		opts CleanOptions
		want Cleaned
	}{
		{"http://www.Example.com/Path?q=1#Frag", CleanOptions{Protocol: ProtocolKeep, Case: CaseLower}, Cleaned{
			Original: "http://www.Example.com/Path?q=1#Frag", Scheme: "http", Host: "www.example.com",
			Path: "/path", Query: "q=1", Fragment: "Frag", Domain: "example.com", TLD: "com",
			CleanURL: "http://www.example.com/path", Status: "ok"}},
		{"Example.com/Another", CleanOptions{Protocol: ProtocolNone, WWW: WWWKeep, Case: CaseUpper, TrailingSlash: TrailingSlashKeep}, Cleaned{
			Original: "Example.com/Another", Host: "WWW.EXAMPLE.COM", Path: "/ANOTHER/",
			Domain: "example.com", TLD: "com", CleanURL: "WWW.EXAMPLE.COM/ANOTHER/", Status: "ok"}},
		{"example.com", CleanOptions{WWW: WWWIfNoSubdomain}, Cleaned{
			Original: "example.com", Scheme: "http", Host: "www.example.com", Path: "/",
			Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/", Status: "ok"}},
		{"sub.example.com", CleanOptions{WWW: WWWIfNoSubdomain}, Cleaned{
			Original: "sub.example.com", Scheme: "http", Host: "sub.example.com", Path: "/",
			Domain: "example.com", TLD: "com", CleanURL: "http://sub.example.com/", Status: "ok"}},
		{"www1.example.com", CleanOptions{WWW: WWWIfNoSubdomain}, Cleaned{
			Original: "www1.example.com", Scheme: "http", Host: "www.example.com", Path: "/",
			Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/", Status: "ok"}},
		{"www1.sub.example.com", CleanOptions{WWW: WWWIfNoSubdomain}, Cleaned{
			Original: "www1.sub.example.com", Scheme: "http", Host: "www.sub.example.com", Path: "/",
			Domain: "example.com", TLD: "com", CleanURL: "http://www.sub.example.com/", Status: "ok"}},
		{"http://www.example.com/path/", CleanOptions{TrailingSlash: TrailingSlashStrip}, Cleaned{
			Original: "http://www.example.com/path/", Scheme: "http", Host: "www.example.com", Path: "/path",
			Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/path", Status: "ok"}},
		{"192.168.1.1/test", CleanOptions{}, Cleaned{
			Original: "192.168.1.1/test", Scheme: "http", Host: "192.168.1.1", Path: "/test",
			IsIPHost: true, CleanURL: "http://192.168.1.1/test", Status: "ok"}},
		{"ftp://user:pass@ftp.example.co.uk:21/file.txt", CleanOptions{}, Cleaned{
			Original: "ftp://user:pass@ftp.example.co.uk:21/file.txt", Scheme: "ftp", Host: "ftp.example.co.uk",
			Port: "21", Path: "/file.txt", User: "user", Password: "pass", Domain: "example.co.uk", TLD: "co.uk",
			CleanURL: "ftp://ftp.example.co.uk/file.txt", Status: "ok-ftp"}},
		{"http://deep.sub.domain.example.com", CleanOptions{SubdomainLevelsToKeep: intPtr(0)}, Cleaned{
			Original: "http://deep.sub.domain.example.com", Scheme: "http", Host: "example.com", Path: "/",
			Domain: "example.com", TLD: "com", CleanURL: "http://example.com/", Status: "ok"}},
		{"http://deep.sub.domain.example.com", CleanOptions{SubdomainLevelsToKeep: intPtr(1)}, Cleaned{
			Original: "http://deep.sub.domain.example.com", Scheme: "http", Host: "domain.example.com", Path: "/",
			Domain: "example.com", TLD: "com", CleanURL: "http://domain.example.com/", Status: "ok"}},
		{"http://www.deep.sub.domain.example.com", CleanOptions{WWW: WWWKeep, SubdomainLevelsToKeep: intPtr(0)}, Cleaned{
			Original: "http://www.deep.sub.domain.example.com", Scheme: "http", Host: "www.example.com", Path: "/",
			Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/", Status: "ok"}},
		{"http://www.deep.sub.domain.example.com", CleanOptions{WWW: WWWKeep, SubdomainLevelsToKeep: intPtr(1)}, Cleaned{
			Original: "http://www.deep.sub.domain.example.com", Scheme: "http", Host: "www.domain.example.com", Path: "/",
			Domain: "example.com", TLD: "com", CleanURL: "http://www.domain.example.com/", Status: "ok"}},
	}
	for _, tt := range tests {
		got, err := Clean(tt.in, tt.opts)
		if err != nil || got != tt.want {
			t.Errorf("Clean(%q, %+v) =\n\t%+v, %v; want\n\t%+v", tt.in, tt.opts, got, err, tt.want)
		}
	}
}

// cleanRow writes the components of c after Original as the rows of
// cleanTests do: "|" between them, "ip" for IsIPHost.
func cleanRow(c Cleaned) string {
	ip := ""
	if c.IsIPHost {
		ip = "ip"
	}
	return strings.Join([]string{c.Scheme, c.Host, c.Port, c.Path, c.Query, c.Fragment,
		c.User, c.Password, c.Domain, c.TLD, ip, c.CleanURL, string(c.Status)}, "|")
}

// cleanTests are inputs, options (R names and values, space-separated) and
// the result: scheme|host|port|path|query|fragment|user|password|domain|tld|ip|clean_url|status,
// or "error " and the error's code.
var cleanTests = []struct{ in, opts, want string }{
	// protocol_handling
	{"example.com", "", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"example.com", "protocol_handling=keep", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"example.com", "protocol_handling=none", "|example.com||/|||||example.com|com||example.com/|ok"},
	{"example.com", "protocol_handling=strip", "|example.com||/|||||example.com|com||example.com/|ok"},
	{"example.com", "protocol_handling=http", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"example.com", "protocol_handling=https", "https|example.com||/|||||example.com|com||https://example.com/|ok"},
	{"https://example.com/a", "protocol_handling=keep", "https|example.com||/a|||||example.com|com||https://example.com/a|ok"},
	{"https://example.com/a", "protocol_handling=none", "https|example.com||/a|||||example.com|com||https://example.com/a|ok"},
	{"https://example.com/a", "protocol_handling=strip", "|example.com||/a|||||example.com|com||example.com/a|ok"},
	{"https://example.com/a", "protocol_handling=http", "http|example.com||/a|||||example.com|com||http://example.com/a|ok"},
	{"http://example.com/a", "protocol_handling=https", "https|example.com||/a|||||example.com|com||https://example.com/a|ok"},
	{"ftp://example.com/a", "protocol_handling=https", "https|example.com||/a|||||example.com|com||https://example.com/a|ok"},
	{"ftp://example.com:21/a", "protocol_handling=http", "http|example.com|21|/a|||||example.com|com||http://example.com/a|ok"},
	{"mailto:a@example.com", "protocol_handling=keep", "error clean.unsupported-scheme"},
	{"mailto:a@example.com", "protocol_handling=none", "error clean.unsupported-scheme"},
	// as R's rurl 1.4 answers: whatever protocol_handling says
	{"mailto:a@example.com", "protocol_handling=strip", "error clean.unsupported-scheme"},
	// as R's rurl 1.4 answers: an error whatever protocol_handling says
	{"mailto:a@example.com", "protocol_handling=https", "error clean.unsupported-scheme"},
	{"javascript:alert(1)", "", "error clean.unsupported-scheme"},
	{"file:///etc/passwd", "", "error clean.unsupported-scheme"},
	// as R's rurl 1.4 answers: an error whatever protocol_handling says
	{"file:///etc/passwd", "protocol_handling=http", "error clean.unsupported-scheme"},
	{"ws://example.com/", "protocol_handling=none", "error clean.unsupported-scheme"},
	{"data:text/plain,hi", "", "error clean.unsupported-scheme"},
	{"HTTP://EXAMPLE.COM/A", "", "http|example.com||/A|||||example.com|com||http://example.com/A|ok"},
	// as R's rurl 1.4 answers: a scheme counts only with "//"
	{"Https:example.com/a", "", "error clean.unsupported-scheme"},
	{"localhost:3000", "", "http|localhost|3000|/||||||||http://localhost/|warning-no-tld"},
	{"example.com:8080/x", "protocol_handling=none", "|example.com|8080|/x|||||example.com|com||example.com/x|ok"},
	{"Example.com:443", "protocol_handling=https", "https|example.com|443|/|||||example.com|com||https://example.com/|ok"},
	{"  example.com \n", "", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"\u00a0example.com\u3000", "", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"", "", "error clean.empty-input"},
	{"   ", "", "error clean.empty-input"},
	{"\t\r\n", "protocol_handling=https", "error clean.empty-input"},
	{"ftps://example.com/a", "", "ftps|example.com||/a|||||example.com|com||ftps://example.com/a|ok-ftp"},
	{"ftps://example.com:990/a", "", "ftps|example.com|990|/a|||||example.com|com||ftps://example.com/a|ok-ftp"},
	{"FTPS://Example.com/A", "", "ftps|example.com||/A|||||example.com|com||ftps://example.com/A|ok-ftp"},
	// as R's rurl 1.4 answers: not "ftps://", and not a host and a port
	{"ftps:example.com", "", "error clean.unsupported-scheme"},
	{"ftp://example.com", "protocol_handling=none", "ftp|example.com||/|||||example.com|com||ftp://example.com/|ok-ftp"},
	{"ftp://example.com", "protocol_handling=strip", "|example.com||/|||||example.com|com||example.com/|ok"},
	{"https://example.com:443/", "", "https|example.com|443|/|||||example.com|com||https://example.com/|ok"},
	{"http://example.com:8080/", "", "http|example.com|8080|/|||||example.com|com||http://example.com/|ok"},
	{"http://example.com:0080/", "", "http|example.com|80|/|||||example.com|com||http://example.com/|ok"},
	{"http://example.com:/", "", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"http://user:pass@example.com/", "", "http|example.com||/|||user|pass|example.com|com||http://example.com/|ok"},
	{"http://us er:p@ss@example.com/", "", "http|example.com||/|||us%20er|p%40ss|example.com|com||http://example.com/|ok"},
	{"user@example.com", "", "http|example.com||/|||user||example.com|com||http://example.com/|ok"},

	// www_handling
	{"www.example.com", "www_handling=none", "http|www.example.com||/|||||example.com|com||http://www.example.com/|ok"},
	{"www.example.com", "www_handling=strip", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"www2.example.com", "www_handling=strip", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"WWW3.Example.com", "www_handling=strip", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"wwwx.example.com", "www_handling=strip", "http|wwwx.example.com||/|||||example.com|com||http://wwwx.example.com/|ok"},
	{"www.sub.example.com", "www_handling=strip", "http|sub.example.com||/|||||example.com|com||http://sub.example.com/|ok"},
	{"www.com", "www_handling=strip", "http|com||/||||||com||http://com/|warning-no-tld"},
	{"www.", "www_handling=strip", "http|||/|||||||||warning-no-tld"},
	{"www.example.com.", "www_handling=strip", "http|example.com.||/|||||example.com|com||http://example.com./|ok"},
	{"www.example.com", "www_handling=keep", "http|www.example.com||/|||||example.com|com||http://www.example.com/|ok"},
	{"www7.example.com", "www_handling=keep", "http|www.example.com||/|||||example.com|com||http://www.example.com/|ok"},
	{"example.com", "www_handling=keep", "http|www.example.com||/|||||example.com|com||http://www.example.com/|ok"},
	{"sub.example.com", "www_handling=keep", "http|www.sub.example.com||/|||||example.com|com||http://www.sub.example.com/|ok"},
	{"localhost", "www_handling=keep", "http|www.localhost||/||||||||http://www.localhost/|warning-invalid-tld"},
	{"192.168.0.1", "www_handling=keep", "http|192.168.0.1||/|||||||ip|http://192.168.0.1/|ok"},
	{"example.co.uk", "www_handling=if_no_subdomain", "http|www.example.co.uk||/|||||example.co.uk|co.uk||http://www.example.co.uk/|ok"},
	{"user.github.io", "www_handling=if_no_subdomain", "http|www.user.github.io||/|||||user.github.io|github.io||http://www.user.github.io/|ok"},
	{"user.github.io", "www_handling=if_no_subdomain tld_source=icann", "http|www.user.github.io||/|||||github.io|io||http://www.user.github.io/|ok"},
	{"github.io", "www_handling=if_no_subdomain", "http|github.io||/||||||github.io||http://github.io/|warning-public-suffix"},
	{"example.invalid", "www_handling=if_no_subdomain", "http|example.invalid||/||||||||http://example.invalid/|warning-invalid-tld"},
	{"example.com.", "www_handling=if_no_subdomain", "http|www.example.com.||/|||||example.com|com||http://www.example.com./|ok"},
	{"www.example.com", "www_handling=if_no_subdomain", "http|www.example.com||/|||||example.com|com||http://www.example.com/|ok"},
	{"192.168.0.1", "www_handling=if_no_subdomain", "http|192.168.0.1||/|||||||ip|http://192.168.0.1/|ok"},

	// tld_source
	{"user.github.io", "tld_source=all", "http|user.github.io||/|||||user.github.io|github.io||http://user.github.io/|ok"},
	{"user.github.io", "tld_source=private", "http|user.github.io||/|||||user.github.io|github.io||http://user.github.io/|ok"},
	{"user.github.io", "tld_source=icann", "http|user.github.io||/|||||github.io|io||http://user.github.io/|ok"},
	{"sub.wordpress.com", "tld_source=private", "http|sub.wordpress.com||/||||||||http://sub.wordpress.com/|warning-invalid-tld"},
	{"example.com", "tld_source=private", "http|example.com||/||||||||http://example.com/|warning-invalid-tld"},
	{"example.co.uk", "tld_source=icann", "http|example.co.uk||/|||||example.co.uk|co.uk||http://example.co.uk/|ok"},
	{"github.io", "tld_source=all", "http|github.io||/||||||github.io||http://github.io/|warning-public-suffix"},
	{"github.io", "tld_source=icann", "http|github.io||/|||||github.io|io||http://github.io/|ok"},
	{"github.io", "tld_source=private", "http|github.io||/||||||github.io||http://github.io/|warning-public-suffix"},
	{"a.b.example.invalid", "", "http|a.b.example.invalid||/||||||||http://a.b.example.invalid/|warning-invalid-tld"},
	{"localhost", "", "http|localhost||/||||||||http://localhost/|warning-no-tld"},
	{"com", "", "http|com||/||||||com||http://com/|warning-no-tld"},
	{"co.uk", "", "http|co.uk||/||||||co.uk||http://co.uk/|warning-public-suffix"},
	{"co.uk", "tld_source=icann", "http|co.uk||/||||||co.uk||http://co.uk/|warning-public-suffix"},
	{"co.uk", "tld_source=private", "http|co.uk||/||||||||http://co.uk/|warning-invalid-tld"},
	{"www.city.kawasaki.jp", "", "http|www.city.kawasaki.jp||/|||||city.kawasaki.jp|kawasaki.jp||http://www.city.kawasaki.jp/|ok"},
	{"a.b.kawasaki.jp", "", "http|a.b.kawasaki.jp||/|||||a.b.kawasaki.jp|b.kawasaki.jp||http://a.b.kawasaki.jp/|ok"},
	{"b.kawasaki.jp", "", "http|b.kawasaki.jp||/||||||b.kawasaki.jp||http://b.kawasaki.jp/|warning-public-suffix"},
	// as R's rurl 1.4 answers: the host as typed
	{"例子.中国", "", "http|例子.中国||/|||||例子.中国|中国||http://例子.中国/|ok"},
	{"shop.example.com.au", "tld_source=icann", "http|shop.example.com.au||/|||||example.com.au|com.au||http://shop.example.com.au/|ok"},

	// case_handling
	{"HTTP://WWW.EXAMPLE.COM/Path/To", "case_handling=lower_host", "http|www.example.com||/Path/To|||||example.com|com||http://www.example.com/Path/To|ok"},
	// as R's rurl 1.4 answers: the host's case as typed
	{"HTTP://WWW.EXAMPLE.COM/Path/To", "case_handling=keep", "http|WWW.EXAMPLE.COM||/Path/To|||||example.com|com||http://WWW.EXAMPLE.COM/Path/To|ok"},
	{"HTTP://WWW.EXAMPLE.COM/Path/To", "case_handling=lower", "http|www.example.com||/path/to|||||example.com|com||http://www.example.com/path/to|ok"},
	{"HTTP://WWW.EXAMPLE.COM/Path/To", "case_handling=upper", "HTTP|WWW.EXAMPLE.COM||/PATH/TO|||||example.com|com||HTTP://WWW.EXAMPLE.COM/PATH/TO|ok"},
	{"http://u:P@example.com/a?Q=x#F", "case_handling=upper", "HTTP|EXAMPLE.COM||/A|Q=x|F|u|P|example.com|com||HTTP://EXAMPLE.COM/A|ok"},
	{"http://u:P@example.com/A?Q=x#F", "case_handling=lower", "http|example.com||/a|Q=x|F|u|P|example.com|com||http://example.com/a|ok"},
	{"example.com", "protocol_handling=none case_handling=upper", "|EXAMPLE.COM||/|||||example.com|com||EXAMPLE.COM/|ok"},
	// as R's rurl 1.4 answers: the path as typed
	{"bücher.de/é", "case_handling=upper host_encoding=unicode", "HTTP|BÜCHER.DE||/É|||||bücher.de|de||HTTP://BÜCHER.DE/É|ok"},
	// as R's rurl 1.4 answers: the host as typed
	{"bücher.de/%C3%89", "case_handling=lower path_encoding=decode", "http|bücher.de||/é|||||bücher.de|de||http://bücher.de/é|ok"},
	{"http://example.com/%c3%a9", "case_handling=upper", "HTTP|EXAMPLE.COM||/%C3%A9|||||example.com|com||HTTP://EXAMPLE.COM/%C3%A9|ok"},

	// trailing_slash_handling
	{"http://example.com/path/", "trailing_slash_handling=none", "http|example.com||/path/|||||example.com|com||http://example.com/path/|ok"},
	{"http://example.com/", "trailing_slash_handling=strip", "http|example.com||/|||||example.com|com||http://example.com|ok"},
	{"http://example.com/a//", "trailing_slash_handling=strip", "http|example.com||/a|||||example.com|com||http://example.com/a|ok"},
	{"http://example.com//", "trailing_slash_handling=strip", "http|example.com||/|||||example.com|com||http://example.com|ok"},
	{"http://example.com/a", "trailing_slash_handling=keep", "http|example.com||/a/|||||example.com|com||http://example.com/a/|ok"},
	{"http://example.com/", "trailing_slash_handling=keep", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"http://example.com/file.txt", "trailing_slash_handling=keep", "http|example.com||/file.txt/|||||example.com|com||http://example.com/file.txt/|ok"},
	{"http://example.com/a/?q#f", "trailing_slash_handling=strip", "http|example.com||/a|q|f|||example.com|com||http://example.com/a|ok"},
	{"example.com/", "protocol_handling=none trailing_slash_handling=strip", "|example.com||/|||||example.com|com||example.com|ok"},

	// index_page_handling
	{"http://example.com/a/index.html", "index_page_handling=strip", "http|example.com||/a|||||example.com|com||http://example.com/a|ok"},
	{"http://example.com/Default.ASPX", "index_page_handling=strip", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"http://example.com/index.php?x=1", "index_page_handling=strip", "http|example.com||/|x=1||||example.com|com||http://example.com/|ok"},
	{"http://example.com/a/index", "index_page_handling=strip", "http|example.com||/a/index|||||example.com|com||http://example.com/a/index|ok"},
	// as R's rurl 1.4 answers: one "/" after it too
	{"http://example.com/a/index.html/", "index_page_handling=strip", "http|example.com||/a|||||example.com|com||http://example.com/a|ok"},
	{"http://example.com/a/myindex.html", "index_page_handling=strip", "http|example.com||/a/myindex.html|||||example.com|com||http://example.com/a/myindex.html|ok"},
	// as R's rurl 1.4 answers: R wants a character after the dot
	{"http://example.com/a/INDEX.", "index_page_handling=strip", "http|example.com||/a/INDEX.|||||example.com|com||http://example.com/a/INDEX.|ok"},
	{"http://example.com/a/index.html", "index_page_handling=keep", "http|example.com||/a/index.html|||||example.com|com||http://example.com/a/index.html|ok"},
	{"http://example.com/a/index.html", "index_page_handling=strip trailing_slash_handling=keep", "http|example.com||/a/|||||example.com|com||http://example.com/a/|ok"},
	{"http://example.com/index.html", "index_page_handling=strip trailing_slash_handling=strip", "http|example.com||/|||||example.com|com||http://example.com|ok"},

	// path_normalization
	{"http://example.com//a///b/", "path_normalization=collapse_slashes", "http|example.com||/a/b/|||||example.com|com||http://example.com/a/b/|ok"},
	{"http://example.com//a///b/", "path_normalization=none", "http|example.com||//a///b/|||||example.com|com||http://example.com//a///b/|ok"},
	{"http://example.com//a///b/", "path_normalization=both", "http|example.com||/a/b/|||||example.com|com||http://example.com/a/b/|ok"},
	{"http://example.com/a/./b/../c", "path_normalization=dot_segments", "http|example.com||/a/c|||||example.com|com||http://example.com/a/c|ok"},
	{"http://example.com/a/./b/../c", "path_normalization=none", "http|example.com||/a/c|||||example.com|com||http://example.com/a/c|ok"},
	{"http://example.com/a//../b", "path_normalization=both", "http|example.com||/a/b|||||example.com|com||http://example.com/a/b|ok"},
	{"http://example.com/%2e%2E/a/%2e/", "", "http|example.com||/a/|||||example.com|com||http://example.com/a/|ok"},
	{`http://example.com\a\\b`, "path_normalization=collapse_slashes", "http|example.com||/a/b|||||example.com|com||http://example.com/a/b|ok"},
	{"http://example.com//a//", "path_normalization=collapse_slashes trailing_slash_handling=strip", "http|example.com||/a|||||example.com|com||http://example.com/a|ok"},

	// scheme_relative_handling
	// as R's rurl 1.4 answers: clean_url keeps http://
	{"//example.com/a", "scheme_relative_handling=keep", "|example.com||/a|||||example.com|com||http://example.com/a|ok-scheme-relative"},
	{"//example.com/a", "scheme_relative_handling=http", "http|example.com||/a|||||example.com|com||http://example.com/a|ok"},
	{"//example.com/a", "scheme_relative_handling=https", "https|example.com||/a|||||example.com|com||https://example.com/a|ok"},
	{"//example.com/a", "scheme_relative_handling=error", "error clean.scheme-relative"},
	// as R's rurl 1.4 answers: scheme NA, as R
	{"//example.com/a", "protocol_handling=https", "|example.com||/a|||||example.com|com||https://example.com/a|ok-scheme-relative"},
	{"//example.com/a", "protocol_handling=strip", "|example.com||/a|||||example.com|com||example.com/a|ok-scheme-relative"},
	{"//example.com/a", "protocol_handling=strip scheme_relative_handling=https", "|example.com||/a|||||example.com|com||example.com/a|ok"},
	// as R's rurl 1.4 answers: clean_url keeps http://
	{"//localhost/", "", "|localhost||/||||||||http://localhost/|warning-no-tld"},
	// as R's rurl 1.4 answers: clean_url keeps http://
	{"//192.168.0.1/", "", "|192.168.0.1||/|||||||ip|http://192.168.0.1/|ok-scheme-relative"},
	// as R's rurl 1.4 answers: clean_url keeps http://
	{"//ftp.example.com:21/f", "scheme_relative_handling=keep", "|ftp.example.com|21|/f|||||example.com|com||http://ftp.example.com/f|ok-scheme-relative"},
	// as R's rurl 1.4 answers: clean_url keeps http://
	{" //example.com", "", "|example.com||/|||||example.com|com||http://example.com/|ok-scheme-relative"},

	// subdomain_levels_to_keep
	{"http://deep.sub.domain.example.com", "subdomain_levels_to_keep=2", "http|sub.domain.example.com||/|||||example.com|com||http://sub.domain.example.com/|ok"},
	{"http://deep.sub.domain.example.com", "subdomain_levels_to_keep=3", "http|deep.sub.domain.example.com||/|||||example.com|com||http://deep.sub.domain.example.com/|ok"},
	{"http://deep.sub.domain.example.com", "subdomain_levels_to_keep=10", "http|deep.sub.domain.example.com||/|||||example.com|com||http://deep.sub.domain.example.com/|ok"},
	{"http://deep.sub.domain.example.com", "subdomain_levels_to_keep=NULL", "http|deep.sub.domain.example.com||/|||||example.com|com||http://deep.sub.domain.example.com/|ok"},
	{"www.a.b.example.com", "subdomain_levels_to_keep=0", "http|www.example.com||/|||||example.com|com||http://www.example.com/|ok"},
	{"www1.a.example.com", "subdomain_levels_to_keep=0", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"www1.a.example.com", "www_handling=strip subdomain_levels_to_keep=1", "http|a.example.com||/|||||example.com|com||http://a.example.com/|ok"},
	{"www1.a.example.com", "www_handling=if_no_subdomain subdomain_levels_to_keep=0", "http|www.example.com||/|||||example.com|com||http://www.example.com/|ok"},
	{"a.b.example.co.uk", "subdomain_levels_to_keep=0", "http|example.co.uk||/|||||example.co.uk|co.uk||http://example.co.uk/|ok"},
	{"x.user.github.io", "subdomain_levels_to_keep=0", "http|user.github.io||/|||||user.github.io|github.io||http://user.github.io/|ok"},
	{"x.user.github.io", "subdomain_levels_to_keep=0 tld_source=icann", "http|github.io||/|||||github.io|io||http://github.io/|ok"},
	{"a.b.example.invalid", "subdomain_levels_to_keep=0", "http|a.b.example.invalid||/||||||||http://a.b.example.invalid/|warning-invalid-tld"},
	{"192.168.0.1", "subdomain_levels_to_keep=0", "http|192.168.0.1||/|||||||ip|http://192.168.0.1/|ok"},
	{"a.b.example.com.", "subdomain_levels_to_keep=0", "http|example.com.||/|||||example.com|com||http://example.com./|ok"},
	{"example.com", "subdomain_levels_to_keep=0", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"www.example.com", "subdomain_levels_to_keep=0", "http|www.example.com||/|||||example.com|com||http://www.example.com/|ok"},
	{"co.uk", "subdomain_levels_to_keep=0", "http|co.uk||/||||||co.uk||http://co.uk/|warning-public-suffix"},
	{"a.b.bücher.de", "subdomain_levels_to_keep=1 host_encoding=unicode", "http|b.bücher.de||/|||||bücher.de|de||http://b.bücher.de/|ok"},

	// host_encoding
	// as R's rurl 1.4 answers: the host as typed
	{"http://bücher.de/", "host_encoding=keep", "http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok"},
	{"http://bücher.de/", "host_encoding=idna", "http|xn--bcher-kva.de||/|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/|ok"},
	{"http://bücher.de/", "host_encoding=unicode", "http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok"},
	{"http://xn--bcher-kva.de/", "host_encoding=unicode", "http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok"},
	{"http://www.xn--bcher-kva.de/", "host_encoding=unicode www_handling=strip", "http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok"},
	// as R's rurl 1.4 answers: as typed, lowercased by lower_host
	{"http://BÜCHER.de/", "host_encoding=keep", "http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok"},
	{"http://example.com/", "host_encoding=unicode", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"例子.中国", "host_encoding=unicode", "http|例子.中国||/|||||例子.中国|中国||http://例子.中国/|ok"},
	{"http://ｅｘａｍｐｌｅ.com/", "host_encoding=idna", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	// as R's rurl 1.4 answers: as typed
	{"http://faß.de/", "", "http|faß.de||/|||||faß.de|de||http://faß.de/|ok"},
	{"http://faß.de/", "host_encoding=unicode", "http|faß.de||/|||||faß.de|de||http://faß.de/|ok"},
	{"http://bücher.example/", "host_encoding=unicode", "http|bücher.example||/||||||||http://bücher.example/|warning-invalid-tld"},

	// path_encoding
	{"http://example.com/a b", "path_encoding=keep", "http|example.com||/a%20b|||||example.com|com||http://example.com/a%20b|ok"},
	{"http://example.com/a%2db:c", "path_encoding=encode", "http|example.com||/a-b%3Ac|||||example.com|com||http://example.com/a-b%3Ac|ok"},
	{"http://example.com/caf%c3%a9", "path_encoding=encode", "http|example.com||/caf%C3%A9|||||example.com|com||http://example.com/caf%C3%A9|ok"},
	{"http://example.com/café", "path_encoding=encode", "http|example.com||/caf%C3%A9|||||example.com|com||http://example.com/caf%C3%A9|ok"},
	{"http://example.com/a%2Fb/c", "path_encoding=encode", "http|example.com||/a%2Fb/c|||||example.com|com||http://example.com/a%2Fb/c|ok"},
	{"http://example.com/a~b_c.d-e", "path_encoding=encode", "http|example.com||/a~b_c.d-e|||||example.com|com||http://example.com/a~b_c.d-e|ok"},
	{"http://example.com/a%25b%", "path_encoding=encode", "http|example.com||/a%25b%25|||||example.com|com||http://example.com/a%25b%25|ok"},
	{"http://example.com/caf%C3%A9", "path_encoding=decode", "http|example.com||/café|||||example.com|com||http://example.com/café|ok"},
	{"http://example.com/a%20b", "path_encoding=decode", "http|example.com||/a b|||||example.com|com||http://example.com/a b|ok"},
	{"http://example.com/a%00b%0A%7F", "path_encoding=decode", "http|example.com||/a%00b%0A%7F|||||example.com|com||http://example.com/a%00b%0A%7F|ok"},
	{"http://example.com/%FF%C3", "path_encoding=decode", "http|example.com||/%FF%C3|||||example.com|com||http://example.com/%FF%C3|ok"},
	{"http://example.com/%E2%80%8B%C2%A0", "path_encoding=decode", "http|example.com||/%E2%80%8B%C2%A0|||||example.com|com||http://example.com/%E2%80%8B%C2%A0|ok"},
	{"http://example.com/%2F%25", "path_encoding=decode", "http|example.com||//%|||||example.com|com||http://example.com//%|ok"},
	{"http://example.com/caf%C3%A9?q=%C3%A9", "path_encoding=decode", "http|example.com||/café|q=%C3%A9||||example.com|com||http://example.com/café|ok"},
	{"http://example.com/%C3%A9%C3", "path_encoding=decode", "http|example.com||/é%C3|||||example.com|com||http://example.com/é%C3|ok"},
	{"http://example.com/%C3%41", "path_encoding=decode", "http|example.com||/%C3A|||||example.com|com||http://example.com/%C3A|ok"},
	{"http://example.com/%F0%9F%98%80", "path_encoding=decode", "http|example.com||/😀|||||example.com|com||http://example.com/😀|ok"},
	{"http://example.com/%C0%AF%ED%A0%80", "path_encoding=decode", "http|example.com||/%C0%AF%ED%A0%80|||||example.com|com||http://example.com/%C0%AF%ED%A0%80|ok"},

	// IP hosts
	{"http://127.1/", "", "http|127.0.0.1||/|||||||ip|http://127.0.0.1/|ok"},
	{"http://0x7f.0.0.1/", "", "http|127.0.0.1||/|||||||ip|http://127.0.0.1/|ok"},
	{"http://[2001:db8::1]:8080/x", "", "http|[2001:db8::1]|8080|/x|||||||ip|http://[2001:db8::1]/x|ok"},
	{"http://[2001:DB8:0:0:0:0:0:1]/", "case_handling=upper", "HTTP|[2001:DB8::1]||/|||||||ip|HTTP://[2001:DB8::1]/|ok"},
	{"ftp://10.0.0.1/", "", "ftp|10.0.0.1||/|||||||ip|ftp://10.0.0.1/|ok-ftp"},
	{"http://999.1.1.1/", "", "error web.invalid-host"},
	{"http://[::1/", "", "error web.invalid-host"},

	// failures of the URL parser
	{"http://exa mple.com", "", "error web.invalid-host"},
	{"http://example.com:99999", "", "error web.invalid-port"},
	// as R's rurl 1.4 answers: "example.com:" is a scheme to R, and "abc" no port
	{"example.com:abc", "", "error clean.unsupported-scheme"},
	{"http://", "", "error web.host-missing"},
	{"https://user@/", "", "error web.host-missing"},
	{"ftps://", "", "error web.host-missing"},
	// as R's rurl 1.4 answers: an error whatever protocol_handling says
	{"mailto:", "protocol_handling=http", "error clean.unsupported-scheme"},
	{"//", "", "error web.host-missing"},

	// the other components
	{"http://example.com/a?b=c&d=e#frag", "", "http|example.com||/a|b=c&d=e|frag|||example.com|com||http://example.com/a|ok"},
	{"http://example.com/?", "", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"http://example.com/#", "", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"http://exa\tmple.com/\n", "", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"HTTPS://WWW.EXAMPLE.COM:443/A/../B/./C/", "", "https|www.example.com|443|/B/C/|||||example.com|com||https://www.example.com/B/C/|ok"},
	{`https://example.com/a\b`, "", "https|example.com||/a/b|||||example.com|com||https://example.com/a/b|ok"},
	{"https://example.com/a b?c d#e f", "", "https|example.com||/a%20b|c%20d|e%20f|||example.com|com||https://example.com/a%20b|ok"},
}

func TestClean(t *testing.T) {
	for _, tt := range cleanTests {
		var opts CleanOptions
		for _, kv := range strings.Fields(tt.opts) {
			name, value, _ := strings.Cut(kv, "=")
			if err := opts.Set(name, value); err != nil {
				t.Fatalf("%q: %v", tt.opts, err)
			}
		}
		c, err := Clean(tt.in, opts)
		got := cleanRow(c)
		if err != nil {
			var ce *webaddress.Error
			if !errors.As(err, &ce) || c.Status != StatusError || c.Err != err || c != (Cleaned{Original: tt.in, Status: StatusError, Err: err}) {
				t.Errorf("Clean(%q, %s): %v, %+v: want a *Error and only Original and Status", tt.in, tt.opts, err, c)
			}
			got = "error " + string(ce.Code())
		} else if c.Original != tt.in {
			t.Errorf("Clean(%q, %s).Original = %q", tt.in, tt.opts, c.Original)
		}
		if got != tt.want {
			t.Errorf("Clean(%q, %s) =\n\t%s\nwant\n\t%s", tt.in, tt.opts, got, tt.want)
		}
	}
}

func TestCleanOptionsSet(t *testing.T) {
	var o CleanOptions
	for _, f := range o.optionFields() {
		for i, v := range f.values {
			if err := o.Set(f.name, v); err != nil || int(*f.value) != i {
				t.Errorf("Set(%q, %q) = %v, value %d; want value %d", f.name, v, err, *f.value, i)
			}
		}
	}
	// String gives the R value back.
	o = CleanOptions{Protocol: ProtocolHTTPS, WWW: WWWIfNoSubdomain, TLDSource: TLDICANN, Case: CaseUpper,
		TrailingSlash: TrailingSlashStrip, IndexPage: IndexPageStrip, PathNormalization: PathNormalizeBoth,
		SchemeRelative: SchemeRelativeError, HostEncoding: HostEncodingUnicode, PathEncoding: PathEncodingDecode}
	got := []string{o.Protocol.String(), o.WWW.String(), o.TLDSource.String(), o.Case.String(),
		o.TrailingSlash.String(), o.IndexPage.String(), o.PathNormalization.String(),
		o.SchemeRelative.String(), o.HostEncoding.String(), o.PathEncoding.String()}
	want := []string{"https", "if_no_subdomain", "icann", "upper", "strip", "strip", "both", "error", "unicode", "decode"}
	if !slices.Equal(got, want) {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if s := WWWHandling(9).String(); s != "WWWHandling(9)" {
		t.Errorf("WWWHandling(9).String() = %q", s)
	}

	if err := o.Set("subdomain_levels_to_keep", "2"); err != nil || *o.SubdomainLevelsToKeep != 2 {
		t.Errorf("Set subdomain_levels_to_keep 2: %v", err)
	}
	if err := o.Set("subdomain_levels_to_keep", "NULL"); err != nil || o.SubdomainLevelsToKeep != nil {
		t.Errorf("Set subdomain_levels_to_keep NULL: %v", err)
	}
	before := o
	for _, tt := range []struct{ name, value, msg string }{
		{"www_handling", "sometimes", `clean.invalid-option: www_handling = "sometimes" is not one of none, strip, keep, if_no_subdomain`},
		{"www-handling", "keep", `clean.invalid-option: "www-handling" is not an option of safe_parse_url`},
		{"case_handling", "", `clean.invalid-option: case_handling = "" is not one of lower_host, keep, lower, upper`},
		{"subdomain_levels_to_keep", "-1", `clean.invalid-option: subdomain_levels_to_keep = "-1" is not a number from 0 or "NULL"`},
		{"subdomain_levels_to_keep", "one", `clean.invalid-option: subdomain_levels_to_keep = "one" is not a number from 0 or "NULL"`},
	} {
		err := o.Set(tt.name, tt.value)
		if err == nil || err.Error() != tt.msg || !errors.Is(err, CodeInvalidOption) {
			t.Errorf("Set(%q, %q) = %v, want %s", tt.name, tt.value, err, tt.msg)
		}
		if !reflect.DeepEqual(o, before) {
			t.Errorf("Set(%q, %q) changed the options", tt.name, tt.value)
		}
	}
}

func TestCleanOptionsValidate(t *testing.T) {
	if err := (CleanOptions{}).Validate(); err != nil {
		t.Errorf("zero options: %v", err)
	}
	var o CleanOptions
	for _, f := range o.optionFields() {
		o = CleanOptions{}
		fields := o.optionFields()
		f := fields[slices.IndexFunc(fields[:], func(g optionField) bool { return g.name == f.name })]
		*f.value = uint8(len(f.values))
		err := o.Validate()
		if err == nil || !errors.Is(err, CodeInvalidOption) || !strings.Contains(err.Error(), f.name) {
			t.Errorf("%s out of range: Validate() = %v", f.name, err)
		}
		c, cerr := Clean("example.com", o)
		if cerr == nil || c.Status != StatusError || c.Original != "example.com" {
			t.Errorf("%s out of range: Clean = %+v, %v", f.name, c, cerr)
		}
		if _, cerr := NewCleaner(o, 10).Clean("example.com"); cerr == nil || cerr.Error() != err.Error() {
			t.Errorf("%s out of range: Cleaner.Clean error %v, want %v", f.name, cerr, err)
		}
	}
	o = CleanOptions{SubdomainLevelsToKeep: intPtr(-2)}
	if err := o.Validate(); err == nil || err.Error() != "clean.invalid-option: subdomain_levels_to_keep = -2 is negative" {
		t.Errorf("negative subdomain levels: %v", err)
	}
}

func TestCleanErrors(t *testing.T) {
	tests := []struct {
		in     string
		opts   CleanOptions
		target error
		offset int
		msg    string
	}{
		{"", CleanOptions{}, CodeEmptyInput, 0, `clean.empty-input: "": the input is empty or white space`},
		{" \t", CleanOptions{Protocol: ProtocolHTTP}, CodeEmptyInput, 0, `clean.empty-input: " \t": the input is empty or white space`},
		{"  mailto:a@example.com", CleanOptions{}, CodeUnsupportedScheme, 2, `clean.unsupported-scheme: "  mailto:a@example.com": scheme "mailto" is not http, https, ftp or ftps`},
		{"WS://example.com", CleanOptions{Protocol: ProtocolNone}, CodeUnsupportedScheme, 0, `clean.unsupported-scheme: "WS://example.com": scheme "ws" is not http, https, ftp or ftps`},
		{" //example.com", CleanOptions{SchemeRelative: SchemeRelativeError}, CodeSchemeRelative, 1, `clean.scheme-relative: " //example.com": the input is scheme-relative and scheme_relative_handling is "error"`},
		{" example.com:99999", CleanOptions{}, webaddress.CodeInvalidPort, 13, `web.invalid-port: " example.com:99999": port-out-of-range at byte 13`},
		{"http://[::1", CleanOptions{}, webaddress.CodeInvalidHost, 7, `web.invalid-host: "http://[::1": IPv6-unclosed at byte 7`},
		{"ftps://a b", CleanOptions{}, webaddress.CodeInvalidHost, 8, `web.invalid-host: "ftps://a b": domain-to-ASCII at byte 8`},
		// as R's rurl 1.4 answers: an error whatever protocol_handling says
		{"mailto:a b", CleanOptions{Protocol: ProtocolHTTPS}, CodeUnsupportedScheme, 0, `clean.unsupported-scheme: "mailto:a b": scheme "mailto" is not http, https, ftp or ftps`},
	}
	for _, tt := range tests {
		_, err := Clean(tt.in, tt.opts)
		var ce *webaddress.Error
		if !errors.As(err, &ce) || !errors.Is(err, tt.target) || ce.Offset != tt.offset || ce.Input != tt.in || err.Error() != tt.msg {
			t.Errorf("Clean(%q) error = %v (%+v); want %v at %d: %s", tt.in, err, ce, tt.target, tt.offset, tt.msg)
		}
	}
	// The parser's error is on the text it parsed.
	_, err := Clean("ftps://a b", CleanOptions{})
	var pe *webaddress.ParseError
	if !errors.As(err, &pe) || pe.Input != "ftp://a b" || pe.Offset != 7 {
		t.Errorf("ParseError of ftps: %+v", pe)
	}
	if errors.Is(err, CodeEmptyInput) || errors.Is(CodeEmptyInput, webaddress.CodeInvalidHost) {
		t.Error("errors of different codes match")
	}
}

// sameCleaned reports whether a and b are equal, their errors by message.
func sameCleaned(a, b Cleaned) bool {
	if (a.Err == nil) != (b.Err == nil) || a.Err != nil && a.Err.Error() != b.Err.Error() {
		return false
	}
	a.Err, b.Err = nil, nil
	return a == b
}

// TestCleanShard checks the CLOCK order: an entry used since the hand last
// passed is kept once.
func TestCleanShard(t *testing.T) {
	s := &cacheShard{size: 3, index: map[string]int{}}
	for _, in := range []string{"a", "b", "c"} {
		s.add(Cleaned{Original: in})
	}
	s.get("a")
	s.add(Cleaned{Original: "d"}) // a has a second chance: b goes
	if _, ok := s.get("b"); ok {
		t.Error("b was kept")
	}
	for _, in := range []string{"a", "c", "d"} {
		if v, ok := s.get(in); !ok || v.Original != in {
			t.Errorf("%s: %+v, %v", in, v, ok)
		}
	}
	s.add(Cleaned{Original: "e"}) // all used: the hand clears them and evicts the first it meets again
	if len(s.entries) != 3 || len(s.index) != 3 || s.evictions.Load() != 2 {
		t.Errorf("entries %d, index %d, evictions %d", len(s.entries), len(s.index), s.evictions.Load())
	}
}

func TestCleaner(t *testing.T) {
	for _, size := range []int{0, 1, 5, 16, 40, 1000} {
		c := NewCleaner(CleanOptions{WWW: WWWStrip}, size)
		var inputs []string
		for i := range 300 {
			inputs = append(inputs, "www.example"+strconv.Itoa(i%100)+".com/x", "mailto:"+strconv.Itoa(i%7))
		}
		for _, in := range inputs {
			got, err := c.Clean(in)
			want, werr := Clean(in, CleanOptions{WWW: WWWStrip})
			if !sameCleaned(got, want) || !sameCleaned(Cleaned{Err: err}, Cleaned{Err: werr}) {
				t.Fatalf("size %d: %q: %+v, %v; want %+v, %v", size, in, got, err, want, werr)
			}
		}
		st := c.Stats()
		if size == 0 {
			if st != (CacheStats{}) {
				t.Errorf("no cache: %+v", st)
			}
			continue
		}
		if st.Entries > size || st.Hits+st.Misses != uint64(len(inputs)) || st.Misses < 107 {
			t.Errorf("size %d: %+v", size, st)
		}
		if size >= 107 && (st.Misses != 107 || st.Evictions != 0 || st.Entries != 107) {
			t.Errorf("size %d holds every input: %+v", size, st)
		}
		if st.Evictions != st.Misses-uint64(st.Entries) {
			t.Errorf("size %d: a miss neither added nor evicted: %+v", size, st)
		}
	}
	// The Cleaner keeps its own copy of the subdomain option.
	n := 0
	o := CleanOptions{SubdomainLevelsToKeep: &n}
	c := NewCleaner(o, 0)
	n = 5
	if got, _ := c.Clean("a.b.example.com"); got.Host != "example.com" {
		t.Errorf("host %q: the Cleaner followed a change of the caller's int", got.Host)
	}
}

// TestCleanerConcurrent runs many goroutines on one Cleaner with inputs
// that repeat; with -race, it checks the cache's locking.
func TestCleanerConcurrent(t *testing.T) {
	opts := CleanOptions{WWW: WWWKeep, Case: CaseUpper}
	c := NewCleaner(opts, 24)
	var inputs []string
	for i := range 60 {
		inputs = append(inputs, "sub"+strconv.Itoa(i)+".example.com/p")
	}
	want := make(map[string]Cleaned)
	for _, in := range inputs {
		want[in], _ = Clean(in, opts)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 3000 {
				in := inputs[(i*(g+1))%len(inputs)]
				if got, _ := c.Clean(in); !sameCleaned(got, want[in]) {
					t.Errorf("%q: %+v", in, got)
					return
				}
			}
		})
	}
	wg.Wait()
	if st := c.Stats(); st.Hits+st.Misses != 8*3000 || st.Entries > 24 {
		t.Errorf("stats %+v", st)
	}
}

func TestCleanAll(t *testing.T) {
	var inputs []string
	for i := range 2000 {
		switch i % 5 {
		case 0:
			inputs = append(inputs, "")
		case 1:
			inputs = append(inputs, "javascript:"+strconv.Itoa(i))
		default:
			inputs = append(inputs, "https://www.example.com/"+strconv.Itoa(i%300))
		}
	}
	for _, size := range []int{0, 100} {
		c := NewCleaner(CleanOptions{}, size)
		got := c.CleanAll(inputs)
		if len(got) != len(inputs) {
			t.Fatalf("%d results for %d inputs", len(got), len(inputs))
		}
		for i, in := range inputs {
			want, err := Clean(in, CleanOptions{})
			if !sameCleaned(got[i], want) || want.Err != err {
				t.Fatalf("size %d: result %d = %+v, want %+v, %v", size, i, got[i], want, err)
			}
		}
	}
	if got := NewCleaner(CleanOptions{}, 10).CleanAll(nil); len(got) != 0 {
		t.Errorf("CleanAll(nil) = %v", got)
	}
}

// TestCleanOptionText: every option's R values round-trip through
// MarshalText and UnmarshalText, as Set takes them, and
// CleanOptionNames and CleanOptionValues list what Set takes.
func TestCleanOptionText(t *testing.T) {
	names := CleanOptionNames()
	want := []string{"protocol_handling", "www_handling", "tld_source", "case_handling", "trailing_slash_handling",
		"index_page_handling", "path_normalization", "scheme_relative_handling", "subdomain_levels_to_keep",
		"host_encoding", "path_encoding", "query_handling", "params_keep", "params_drop", "sort_params",
		"empty_param_handling", "params_case_sensitive", "decode_plus", "port_handling", "scheme_policy"}
	if !slices.Equal(names, want) {
		t.Errorf("CleanOptionNames() = %q, want %q", names, want)
	}
	var o CleanOptions
	for k, f := range o.optionFields() {
		values := CleanOptionValues(f.name)
		if !slices.Equal(values, f.values) {
			t.Errorf("CleanOptionValues(%q) = %q, want %q", f.name, values, f.values)
		}
		for i, v := range values {
			var o CleanOptions
			if err := o.Set(f.name, v); err != nil || int(*o.optionFields()[k].value) != i {
				t.Errorf("Set(%q, %q): %v", f.name, v, err)
			}
		}
	}
	if CleanOptionValues("subdomain_levels_to_keep") != nil || CleanOptionValues("nope") != nil {
		t.Error("CleanOptionValues of a numeric or unknown option is not nil")
	}
	// Each type's text methods, through flag.TextVar's interfaces.
	var w WWWHandling
	if err := w.UnmarshalText([]byte("if_no_subdomain")); err != nil || w != WWWIfNoSubdomain {
		t.Errorf("UnmarshalText(if_no_subdomain) = %v, %v", w, err)
	}
	if err := w.UnmarshalText([]byte("bogus")); !errors.Is(err, CodeInvalidOption) || w != WWWIfNoSubdomain ||
		err.Error() != `clean.invalid-option: www_handling = "bogus" is not one of none, strip, keep, if_no_subdomain` {
		t.Errorf("UnmarshalText(bogus) = %v, %v", w, err)
	}
	if b, err := WWWHandling(9).MarshalText(); err == nil || b != nil {
		t.Errorf("MarshalText(9) = %q, %v", b, err)
	}
	opts := CleanOptions{Protocol: ProtocolHTTPS, WWW: WWWStrip, TLDSource: TLDICANN, Case: CaseUpper,
		TrailingSlash: TrailingSlashStrip, IndexPage: IndexPageStrip, PathNormalization: PathNormalizeBoth,
		SchemeRelative: SchemeRelativeError, HostEncoding: HostEncodingUnicode, PathEncoding: PathEncodingDecode}
	data, err := json.Marshal(opts)
	if err != nil {
		t.Fatal(err)
	}
	const wantJSON = `{"Protocol":"https","WWW":"strip","TLDSource":"icann","Case":"upper","TrailingSlash":"strip","IndexPage":"strip",` +
		`"PathNormalization":"both","SchemeRelative":"error","SubdomainLevelsToKeep":null,"HostEncoding":"unicode","PathEncoding":"decode",` +
		`"Query":"drop","ParamsKeep":null,"ParamsDrop":null,"SortParams":false,"EmptyParams":"keep","ParamsCaseSensitive":false,` +
		`"DecodePlus":false,"Port":"exclude","SchemePolicy":"infer"}`
	var back CleanOptions
	if string(data) != wantJSON || json.Unmarshal(data, &back) != nil || !reflect.DeepEqual(back, opts) {
		t.Errorf("JSON of %+v = %s, back %+v", opts, data, back)
	}
}

// TestCleanInputLimit: an input one byte over the parser's 2 MiB limit
// fails with input-too-long, as at webaddress's entry points.
func TestCleanInputLimit(t *testing.T) {
	const maxInput = 2 << 20
	prefix := "https://example.com/"
	over := prefix + strings.Repeat("a", maxInput-len(prefix)+1)
	var pe *webaddress.ParseError
	if _, err := Clean(over, CleanOptions{}); !errors.As(err, &pe) || pe.Name != "input-too-long" {
		t.Errorf("Clean of %d bytes: %v", len(over), err)
	}
}

// TestCleanInvalidUTF8: text that is not UTF-8 is Parse's error naming its
// first invalid byte.
func TestCleanInvalidUTF8(t *testing.T) {
	tests := []struct {
		in  string
		msg string
	}{
		{"www.caf\xe9.fr", `web.invalid-utf8: "www.caf\xe9.fr": invalid UTF-8 at byte 7 ("\xe9")`},
		{"https://example.com/Jos\xe9", `web.invalid-utf8: "https://example.com/Jos\xe9": invalid UTF-8 at byte 23 ("\xe9")`},
		{"\xff", `web.invalid-utf8: "\xff": invalid UTF-8 at byte 0 ("\xff")`},
		{"caf\u00e9.fr/\xed\xa0\x80", `web.invalid-utf8: "café.fr/\xed\xa0\x80": invalid UTF-8 at byte 9 ("\xed")`}, // a surrogate
	}
	for _, tt := range tests {
		if _, err := Clean(tt.in, CleanOptions{}); !errors.Is(err, webaddress.CodeInvalidUTF8) || err.Error() != tt.msg {
			t.Errorf("Clean(%q) error = %v, want %s", tt.in, err, tt.msg)
		}
	}
}

// TestLintOnCleanInputs: on the inputs of cleanTests,
// webaddress.Lint reports a failure exactly when webaddress.Parse
// fails.
func TestLintOnCleanInputs(t *testing.T) {
	// A failure exactly when Parse fails.
	for _, tt := range cleanTests {
		_, err := webaddress.Parse(tt.in)
		failed := false
		for _, v := range webaddress.Lint(tt.in) {
			failed = failed || v.Failure
		}
		if failed != (err != nil) {
			t.Errorf("Lint(%q): failure %v, Parse error %v", tt.in, failed, err)
		}
	}
}

// TestOptionsTextGenerated checks that options_text.go is what gen.go
// writes.
func TestOptionsTextGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping go run gen.go in short mode")
	}
	out, err := exec.Command("go", "run", "gen.go").Output()
	if err != nil {
		t.Fatalf("go run gen.go: %v", err)
	}
	want, err := os.ReadFile("options_text.go")
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != string(want) {
		t.Errorf("options_text.go is stale: run go generate")
	}
}
