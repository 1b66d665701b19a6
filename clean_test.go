// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"errors"
	"strings"
	"testing"
)

func intPtr(n int) *int { return &n }

// TestCleanHelpPage runs every example of R's help page
// (spec/safe_parse_url.txt) exactly as printed, NA as "".
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
	{"mailto:a@example.com", "protocol_handling=strip", "|example.com||/|||a||example.com|com||example.com/|ok"},
	{"mailto:a@example.com", "protocol_handling=https", "https|example.com||/|||a||example.com|com||https://example.com/|ok"},
	{"javascript:alert(1)", "", "error clean.unsupported-scheme"},
	{"file:///etc/passwd", "", "error clean.unsupported-scheme"},
	{"file:///etc/passwd", "protocol_handling=http", "http|etc||/passwd||||||||http://etc/passwd|warning-no-tld"},
	{"ws://example.com/", "protocol_handling=none", "error clean.unsupported-scheme"},
	{"data:text/plain,hi", "", "error clean.unsupported-scheme"},
	{"HTTP://EXAMPLE.COM/A", "", "http|example.com||/A|||||example.com|com||http://example.com/A|ok"},
	{"Https:example.com/a", "", "https|example.com||/a|||||example.com|com||https://example.com/a|ok"},
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
	{"ftps:example.com", "", "error web.invalid-port"}, // not a written scheme: host "ftps", port "example.com"
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
	{"例子.中国", "", "http|xn--fsqu00a.xn--fiqs8s||/|||||xn--fsqu00a.xn--fiqs8s|xn--fiqs8s||http://xn--fsqu00a.xn--fiqs8s/|ok"},
	{"shop.example.com.au", "tld_source=icann", "http|shop.example.com.au||/|||||example.com.au|com.au||http://shop.example.com.au/|ok"},

	// case_handling
	{"HTTP://WWW.EXAMPLE.COM/Path/To", "case_handling=lower_host", "http|www.example.com||/Path/To|||||example.com|com||http://www.example.com/Path/To|ok"},
	{"HTTP://WWW.EXAMPLE.COM/Path/To", "case_handling=keep", "http|www.example.com||/Path/To|||||example.com|com||http://www.example.com/Path/To|ok"},
	{"HTTP://WWW.EXAMPLE.COM/Path/To", "case_handling=lower", "http|www.example.com||/path/to|||||example.com|com||http://www.example.com/path/to|ok"},
	{"HTTP://WWW.EXAMPLE.COM/Path/To", "case_handling=upper", "HTTP|WWW.EXAMPLE.COM||/PATH/TO|||||example.com|com||HTTP://WWW.EXAMPLE.COM/PATH/TO|ok"},
	{"http://u:P@example.com/a?Q=x#F", "case_handling=upper", "HTTP|EXAMPLE.COM||/A|Q=x|F|u|P|example.com|com||HTTP://EXAMPLE.COM/A|ok"},
	{"http://u:P@example.com/A?Q=x#F", "case_handling=lower", "http|example.com||/a|Q=x|F|u|P|example.com|com||http://example.com/a|ok"},
	{"example.com", "protocol_handling=none case_handling=upper", "|EXAMPLE.COM||/|||||example.com|com||EXAMPLE.COM/|ok"},
	{"bücher.de/é", "case_handling=upper host_encoding=unicode", "HTTP|BÜCHER.DE||/%C3%A9|||||bücher.de|de||HTTP://BÜCHER.DE/%C3%A9|ok"},
	{"bücher.de/%C3%89", "case_handling=lower path_encoding=decode", "http|xn--bcher-kva.de||/é|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/é|ok"},
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
	{"http://example.com/a/index.html/", "index_page_handling=strip", "http|example.com||/a/index.html/|||||example.com|com||http://example.com/a/index.html/|ok"},
	{"http://example.com/a/myindex.html", "index_page_handling=strip", "http|example.com||/a/myindex.html|||||example.com|com||http://example.com/a/myindex.html|ok"},
	{"http://example.com/a/INDEX.", "index_page_handling=strip", "http|example.com||/a|||||example.com|com||http://example.com/a|ok"},
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
	{"//example.com/a", "scheme_relative_handling=keep", "|example.com||/a|||||example.com|com||example.com/a|ok-scheme-relative"},
	{"//example.com/a", "scheme_relative_handling=http", "http|example.com||/a|||||example.com|com||http://example.com/a|ok"},
	{"//example.com/a", "scheme_relative_handling=https", "https|example.com||/a|||||example.com|com||https://example.com/a|ok"},
	{"//example.com/a", "scheme_relative_handling=error", "error clean.scheme-relative"},
	{"//example.com/a", "protocol_handling=https", "https|example.com||/a|||||example.com|com||https://example.com/a|ok"},
	{"//example.com/a", "protocol_handling=strip", "|example.com||/a|||||example.com|com||example.com/a|ok-scheme-relative"},
	{"//example.com/a", "protocol_handling=strip scheme_relative_handling=https", "|example.com||/a|||||example.com|com||example.com/a|ok"},
	{"//localhost/", "", "|localhost||/||||||||localhost/|warning-no-tld"},
	{"//192.168.0.1/", "", "|192.168.0.1||/|||||||ip|192.168.0.1/|ok-scheme-relative"},
	{"//ftp.example.com:21/f", "scheme_relative_handling=keep", "|ftp.example.com|21|/f|||||example.com|com||ftp.example.com/f|ok-scheme-relative"},
	{" //example.com", "", "|example.com||/|||||example.com|com||example.com/|ok-scheme-relative"},

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
	{"http://bücher.de/", "host_encoding=keep", "http|xn--bcher-kva.de||/|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/|ok"},
	{"http://bücher.de/", "host_encoding=idna", "http|xn--bcher-kva.de||/|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/|ok"},
	{"http://bücher.de/", "host_encoding=unicode", "http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok"},
	{"http://xn--bcher-kva.de/", "host_encoding=unicode", "http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok"},
	{"http://www.xn--bcher-kva.de/", "host_encoding=unicode www_handling=strip", "http|bücher.de||/|||||bücher.de|de||http://bücher.de/|ok"},
	{"http://BÜCHER.de/", "host_encoding=keep", "http|xn--bcher-kva.de||/|||||xn--bcher-kva.de|de||http://xn--bcher-kva.de/|ok"},
	{"http://example.com/", "host_encoding=unicode", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"例子.中国", "host_encoding=unicode", "http|例子.中国||/|||||例子.中国|中国||http://例子.中国/|ok"},
	{"http://ｅｘａｍｐｌｅ.com/", "host_encoding=idna", "http|example.com||/|||||example.com|com||http://example.com/|ok"},
	{"http://faß.de/", "", "http|xn--fa-hia.de||/|||||xn--fa-hia.de|de||http://xn--fa-hia.de/|ok"},
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
	{"example.com:abc", "", "error web.invalid-port"},
	{"http://", "", "error web.host-missing"},
	{"https://user@/", "", "error web.host-missing"},
	{"ftps://", "", "error web.host-missing"},
	{"mailto:", "protocol_handling=http", "error web.host-missing"},
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
			var ce *CleanError
			if !errors.As(err, &ce) || c.Status != StatusError || c.Err != err || c != (Cleaned{Original: tt.in, Status: StatusError, Err: err}) {
				t.Errorf("Clean(%q, %s): %v, %+v: want a *CleanError and only Original and Status", tt.in, tt.opts, err, c)
			}
			got = "error " + ce.Code
		} else if c.Original != tt.in {
			t.Errorf("Clean(%q, %s).Original = %q", tt.in, tt.opts, c.Original)
		}
		if got != tt.want {
			t.Errorf("Clean(%q, %s) =\n\t%s\nwant\n\t%s", tt.in, tt.opts, got, tt.want)
		}
	}
}
