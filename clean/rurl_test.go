// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"errors"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
)

// The characterization snapshot of rurl's own test suite: safe_parse_urls()
// on 18 inputs under 9 option combinations, as rurl records it in
// tests/testthat/_snaps/characterization-snapshot.md (inputs and options in
// tests/testthat/test-characterization-snapshot.R) at commit
// 4b9beea629de62f4308d6cebf99e05de55dd4460 of
// github.com/bart-turczynski/rurl, rurl 1.4's behaviour; MIT licence,
// copyright Bart Turczynski. The rows are Cleaned values by field name,
// R's NA a field left out, and an error row {Status: StatusError}. The
// 18th input, R's NA, has no Go counterpart and is left out.
var rurlCharacterizationInputs = []string{
	"https://example.com/",
	"http://www.example.com/path/",
	"https://user:pass@example.com:8443/p?q=1#frag",
	"HTTP://WWW.Example.COM/Path/Index.html",
	"//cdn.example.com/lib.js",
	"ftp://files.example.org/pub/",
	"https://a.b.c.d.example.co.uk/",
	"http://192.168.0.1:8080/admin",
	"http://[2001:db8::1]/path",
	"https://xn--bcher-kva.example/",
	"https://bücher.example/",
	"https://例え.テスト/パス",
	"not a url",
	"https://example.com/a/./b/../c//d",
	"https://example.com/index.html",
	"mailto:user@example.com",
	"",
}

var rurlCharacterization = []struct {
	combo, opts string
	want        []Cleaned // without Original; a failure is {Status: StatusError}
}{
	{"defaults", "", []Cleaned{
		{Scheme: "https", Host: "example.com", Path: "/", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/", Status: StatusOK},
		{Scheme: "http", Host: "www.example.com", Path: "/path/", Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/path/", Status: StatusOK},
		{Scheme: "https", Host: "example.com", Port: "8443", Path: "/p", Query: "q=1", Fragment: "frag", User: "user", Password: "pass", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/p", Status: StatusOK},
		{Scheme: "http", Host: "www.example.com", Path: "/Path/Index.html", Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/Path/Index.html", Status: StatusOK},
		{Host: "cdn.example.com", Path: "/lib.js", Domain: "example.com", TLD: "com", CleanURL: "http://cdn.example.com/lib.js", Status: StatusOKSchemeRelative},
		{Scheme: "ftp", Host: "files.example.org", Path: "/pub/", Domain: "example.org", TLD: "org", CleanURL: "ftp://files.example.org/pub/", Status: StatusOKFTP},
		{Scheme: "https", Host: "a.b.c.d.example.co.uk", Path: "/", Domain: "example.co.uk", TLD: "co.uk", CleanURL: "https://a.b.c.d.example.co.uk/", Status: StatusOK},
		{Scheme: "http", Host: "192.168.0.1", Port: "8080", Path: "/admin", IsIPHost: true, CleanURL: "http://192.168.0.1/admin", Status: StatusOK},
		{Scheme: "http", Host: "[2001:db8::1]", Path: "/path", IsIPHost: true, CleanURL: "http://[2001:db8::1]/path", Status: StatusOK},
		{Scheme: "https", Host: "xn--bcher-kva.example", Path: "/", CleanURL: "https://xn--bcher-kva.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "bücher.example", Path: "/", CleanURL: "https://bücher.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "例え.テスト", Path: "/パス", CleanURL: "https://例え.テスト/パス", Status: StatusInvalidTLD},
		{Status: StatusError},
		{Scheme: "https", Host: "example.com", Path: "/a/c//d", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/a/c//d", Status: StatusOK},
		{Scheme: "https", Host: "example.com", Path: "/index.html", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/index.html", Status: StatusOK},
		{Status: StatusError},
		{Status: StatusError},
	}},
	{"strip_all", "protocol_handling=strip www_handling=strip trailing_slash_handling=strip index_page_handling=strip", []Cleaned{
		{Host: "example.com", Path: "/", Domain: "example.com", TLD: "com", CleanURL: "example.com", Status: StatusOK},
		{Host: "example.com", Path: "/path", Domain: "example.com", TLD: "com", CleanURL: "example.com/path", Status: StatusOK},
		{Host: "example.com", Port: "8443", Path: "/p", Query: "q=1", Fragment: "frag", User: "user", Password: "pass", Domain: "example.com", TLD: "com", CleanURL: "example.com/p", Status: StatusOK},
		{Host: "example.com", Path: "/Path", Domain: "example.com", TLD: "com", CleanURL: "example.com/Path", Status: StatusOK},
		{Host: "cdn.example.com", Path: "/lib.js", Domain: "example.com", TLD: "com", CleanURL: "cdn.example.com/lib.js", Status: StatusOKSchemeRelative},
		{Host: "files.example.org", Path: "/pub", Domain: "example.org", TLD: "org", CleanURL: "files.example.org/pub", Status: StatusOK},
		{Host: "a.b.c.d.example.co.uk", Path: "/", Domain: "example.co.uk", TLD: "co.uk", CleanURL: "a.b.c.d.example.co.uk", Status: StatusOK},
		{Host: "192.168.0.1", Port: "8080", Path: "/admin", IsIPHost: true, CleanURL: "192.168.0.1/admin", Status: StatusOK},
		{Host: "[2001:db8::1]", Path: "/path", IsIPHost: true, CleanURL: "[2001:db8::1]/path", Status: StatusOK},
		{Host: "xn--bcher-kva.example", Path: "/", CleanURL: "xn--bcher-kva.example", Status: StatusInvalidTLD},
		{Host: "bücher.example", Path: "/", CleanURL: "bücher.example", Status: StatusInvalidTLD},
		{Host: "例え.テスト", Path: "/パス", CleanURL: "例え.テスト/パス", Status: StatusInvalidTLD},
		{Status: StatusError},
		{Host: "example.com", Path: "/a/c//d", Domain: "example.com", TLD: "com", CleanURL: "example.com/a/c//d", Status: StatusOK},
		{Host: "example.com", Path: "/", Domain: "example.com", TLD: "com", CleanURL: "example.com", Status: StatusOK},
		{Status: StatusError},
		{Status: StatusError},
	}},
	{"lower_unicode", "case_handling=lower host_encoding=unicode", []Cleaned{
		{Scheme: "https", Host: "example.com", Path: "/", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/", Status: StatusOK},
		{Scheme: "http", Host: "www.example.com", Path: "/path/", Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/path/", Status: StatusOK},
		{Scheme: "https", Host: "example.com", Port: "8443", Path: "/p", Query: "q=1", Fragment: "frag", User: "user", Password: "pass", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/p", Status: StatusOK},
		{Scheme: "http", Host: "www.example.com", Path: "/path/index.html", Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/path/index.html", Status: StatusOK},
		{Host: "cdn.example.com", Path: "/lib.js", Domain: "example.com", TLD: "com", CleanURL: "http://cdn.example.com/lib.js", Status: StatusOKSchemeRelative},
		{Scheme: "ftp", Host: "files.example.org", Path: "/pub/", Domain: "example.org", TLD: "org", CleanURL: "ftp://files.example.org/pub/", Status: StatusOKFTP},
		{Scheme: "https", Host: "a.b.c.d.example.co.uk", Path: "/", Domain: "example.co.uk", TLD: "co.uk", CleanURL: "https://a.b.c.d.example.co.uk/", Status: StatusOK},
		{Scheme: "http", Host: "192.168.0.1", Port: "8080", Path: "/admin", IsIPHost: true, CleanURL: "http://192.168.0.1/admin", Status: StatusOK},
		{Scheme: "http", Host: "[2001:db8::1]", Path: "/path", IsIPHost: true, CleanURL: "http://[2001:db8::1]/path", Status: StatusOK},
		{Scheme: "https", Host: "bücher.example", Path: "/", CleanURL: "https://bücher.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "bücher.example", Path: "/", CleanURL: "https://bücher.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "例え.テスト", Path: "/パス", CleanURL: "https://例え.テスト/パス", Status: StatusInvalidTLD},
		{Status: StatusError},
		{Scheme: "https", Host: "example.com", Path: "/a/c//d", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/a/c//d", Status: StatusOK},
		{Scheme: "https", Host: "example.com", Path: "/index.html", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/index.html", Status: StatusOK},
		{Status: StatusError},
		{Status: StatusError},
	}},
	{"idna_encode_path", "host_encoding=idna path_encoding=encode", []Cleaned{
		{Scheme: "https", Host: "example.com", Path: "/", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/", Status: StatusOK},
		{Scheme: "http", Host: "www.example.com", Path: "/path/", Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/path/", Status: StatusOK},
		{Scheme: "https", Host: "example.com", Port: "8443", Path: "/p", Query: "q=1", Fragment: "frag", User: "user", Password: "pass", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/p", Status: StatusOK},
		{Scheme: "http", Host: "www.example.com", Path: "/Path/Index.html", Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/Path/Index.html", Status: StatusOK},
		{Host: "cdn.example.com", Path: "/lib.js", Domain: "example.com", TLD: "com", CleanURL: "http://cdn.example.com/lib.js", Status: StatusOKSchemeRelative},
		{Scheme: "ftp", Host: "files.example.org", Path: "/pub/", Domain: "example.org", TLD: "org", CleanURL: "ftp://files.example.org/pub/", Status: StatusOKFTP},
		{Scheme: "https", Host: "a.b.c.d.example.co.uk", Path: "/", Domain: "example.co.uk", TLD: "co.uk", CleanURL: "https://a.b.c.d.example.co.uk/", Status: StatusOK},
		{Scheme: "http", Host: "192.168.0.1", Port: "8080", Path: "/admin", IsIPHost: true, CleanURL: "http://192.168.0.1/admin", Status: StatusOK},
		{Scheme: "http", Host: "[2001:db8::1]", Path: "/path", IsIPHost: true, CleanURL: "http://[2001:db8::1]/path", Status: StatusOK},
		{Scheme: "https", Host: "xn--bcher-kva.example", Path: "/", CleanURL: "https://xn--bcher-kva.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "xn--bcher-kva.example", Path: "/", CleanURL: "https://xn--bcher-kva.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "xn--r8jz45g.xn--zckzah", Path: "/%E3%83%91%E3%82%B9", CleanURL: "https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9", Status: StatusInvalidTLD},
		{Status: StatusError},
		{Scheme: "https", Host: "example.com", Path: "/a/c//d", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/a/c//d", Status: StatusOK},
		{Scheme: "https", Host: "example.com", Path: "/index.html", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/index.html", Status: StatusOK},
		{Status: StatusError},
		{Status: StatusError},
	}},
	{"pathnorm_both_decode", "path_normalization=both path_encoding=decode", []Cleaned{
		{Scheme: "https", Host: "example.com", Path: "/", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/", Status: StatusOK},
		{Scheme: "http", Host: "www.example.com", Path: "/path/", Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/path/", Status: StatusOK},
		{Scheme: "https", Host: "example.com", Port: "8443", Path: "/p", Query: "q=1", Fragment: "frag", User: "user", Password: "pass", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/p", Status: StatusOK},
		{Scheme: "http", Host: "www.example.com", Path: "/Path/Index.html", Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/Path/Index.html", Status: StatusOK},
		{Host: "cdn.example.com", Path: "/lib.js", Domain: "example.com", TLD: "com", CleanURL: "http://cdn.example.com/lib.js", Status: StatusOKSchemeRelative},
		{Scheme: "ftp", Host: "files.example.org", Path: "/pub/", Domain: "example.org", TLD: "org", CleanURL: "ftp://files.example.org/pub/", Status: StatusOKFTP},
		{Scheme: "https", Host: "a.b.c.d.example.co.uk", Path: "/", Domain: "example.co.uk", TLD: "co.uk", CleanURL: "https://a.b.c.d.example.co.uk/", Status: StatusOK},
		{Scheme: "http", Host: "192.168.0.1", Port: "8080", Path: "/admin", IsIPHost: true, CleanURL: "http://192.168.0.1/admin", Status: StatusOK},
		{Scheme: "http", Host: "[2001:db8::1]", Path: "/path", IsIPHost: true, CleanURL: "http://[2001:db8::1]/path", Status: StatusOK},
		{Scheme: "https", Host: "xn--bcher-kva.example", Path: "/", CleanURL: "https://xn--bcher-kva.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "bücher.example", Path: "/", CleanURL: "https://bücher.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "例え.テスト", Path: "/パス", CleanURL: "https://例え.テスト/パス", Status: StatusInvalidTLD},
		{Status: StatusError},
		{Scheme: "https", Host: "example.com", Path: "/a/c/d", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/a/c/d", Status: StatusOK},
		{Scheme: "https", Host: "example.com", Path: "/index.html", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/index.html", Status: StatusOK},
		{Status: StatusError},
		{Status: StatusError},
	}},
	{"force_https_scheme_rel", "protocol_handling=https scheme_relative_handling=https www_handling=if_no_subdomain", []Cleaned{
		{Scheme: "https", Host: "www.example.com", Path: "/", Domain: "example.com", TLD: "com", CleanURL: "https://www.example.com/", Status: StatusOK},
		{Scheme: "https", Host: "www.example.com", Path: "/path/", Domain: "example.com", TLD: "com", CleanURL: "https://www.example.com/path/", Status: StatusOK},
		{Scheme: "https", Host: "www.example.com", Port: "8443", Path: "/p", Query: "q=1", Fragment: "frag", User: "user", Password: "pass", Domain: "example.com", TLD: "com", CleanURL: "https://www.example.com/p", Status: StatusOK},
		{Scheme: "https", Host: "www.example.com", Path: "/Path/Index.html", Domain: "example.com", TLD: "com", CleanURL: "https://www.example.com/Path/Index.html", Status: StatusOK},
		{Scheme: "https", Host: "cdn.example.com", Path: "/lib.js", Domain: "example.com", TLD: "com", CleanURL: "https://cdn.example.com/lib.js", Status: StatusOK},
		{Scheme: "https", Host: "files.example.org", Path: "/pub/", Domain: "example.org", TLD: "org", CleanURL: "https://files.example.org/pub/", Status: StatusOK},
		{Scheme: "https", Host: "a.b.c.d.example.co.uk", Path: "/", Domain: "example.co.uk", TLD: "co.uk", CleanURL: "https://a.b.c.d.example.co.uk/", Status: StatusOK},
		{Scheme: "https", Host: "192.168.0.1", Port: "8080", Path: "/admin", IsIPHost: true, CleanURL: "https://192.168.0.1/admin", Status: StatusOK},
		{Scheme: "https", Host: "[2001:db8::1]", Path: "/path", IsIPHost: true, CleanURL: "https://[2001:db8::1]/path", Status: StatusOK},
		{Scheme: "https", Host: "xn--bcher-kva.example", Path: "/", CleanURL: "https://xn--bcher-kva.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "bücher.example", Path: "/", CleanURL: "https://bücher.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "例え.テスト", Path: "/パス", CleanURL: "https://例え.テスト/パス", Status: StatusInvalidTLD},
		{Status: StatusError},
		{Scheme: "https", Host: "www.example.com", Path: "/a/c//d", Domain: "example.com", TLD: "com", CleanURL: "https://www.example.com/a/c//d", Status: StatusOK},
		{Scheme: "https", Host: "www.example.com", Path: "/index.html", Domain: "example.com", TLD: "com", CleanURL: "https://www.example.com/index.html", Status: StatusOK},
		{Status: StatusError},
		{Status: StatusError},
	}},
	{"icann_subdomain1", "tld_source=icann subdomain_levels_to_keep=1", []Cleaned{
		{Scheme: "https", Host: "example.com", Path: "/", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/", Status: StatusOK},
		{Scheme: "http", Host: "www.example.com", Path: "/path/", Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/path/", Status: StatusOK},
		{Scheme: "https", Host: "example.com", Port: "8443", Path: "/p", Query: "q=1", Fragment: "frag", User: "user", Password: "pass", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/p", Status: StatusOK},
		{Scheme: "http", Host: "www.example.com", Path: "/Path/Index.html", Domain: "example.com", TLD: "com", CleanURL: "http://www.example.com/Path/Index.html", Status: StatusOK},
		{Host: "cdn.example.com", Path: "/lib.js", Domain: "example.com", TLD: "com", CleanURL: "http://cdn.example.com/lib.js", Status: StatusOKSchemeRelative},
		{Scheme: "ftp", Host: "files.example.org", Path: "/pub/", Domain: "example.org", TLD: "org", CleanURL: "ftp://files.example.org/pub/", Status: StatusOKFTP},
		{Scheme: "https", Host: "d.example.co.uk", Path: "/", Domain: "example.co.uk", TLD: "co.uk", CleanURL: "https://d.example.co.uk/", Status: StatusOK},
		{Scheme: "http", Host: "192.168.0.1", Port: "8080", Path: "/admin", IsIPHost: true, CleanURL: "http://192.168.0.1/admin", Status: StatusOK},
		{Scheme: "http", Host: "[2001:db8::1]", Path: "/path", IsIPHost: true, CleanURL: "http://[2001:db8::1]/path", Status: StatusOK},
		{Scheme: "https", Host: "xn--bcher-kva.example", Path: "/", CleanURL: "https://xn--bcher-kva.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "bücher.example", Path: "/", CleanURL: "https://bücher.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "例え.テスト", Path: "/パス", CleanURL: "https://例え.テスト/パス", Status: StatusInvalidTLD},
		{Status: StatusError},
		{Scheme: "https", Host: "example.com", Path: "/a/c//d", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/a/c//d", Status: StatusOK},
		{Scheme: "https", Host: "example.com", Path: "/index.html", Domain: "example.com", TLD: "com", CleanURL: "https://example.com/index.html", Status: StatusOK},
		{Status: StatusError},
		{Status: StatusError},
	}},
	{"upper_keep", "case_handling=upper trailing_slash_handling=keep index_page_handling=keep", []Cleaned{
		{Scheme: "HTTPS", Host: "EXAMPLE.COM", Path: "/", Domain: "example.com", TLD: "com", CleanURL: "HTTPS://EXAMPLE.COM/", Status: StatusOK},
		{Scheme: "HTTP", Host: "WWW.EXAMPLE.COM", Path: "/PATH/", Domain: "example.com", TLD: "com", CleanURL: "HTTP://WWW.EXAMPLE.COM/PATH/", Status: StatusOK},
		{Scheme: "HTTPS", Host: "EXAMPLE.COM", Port: "8443", Path: "/P/", Query: "q=1", Fragment: "frag", User: "user", Password: "pass", Domain: "example.com", TLD: "com", CleanURL: "HTTPS://EXAMPLE.COM/P/", Status: StatusOK},
		{Scheme: "HTTP", Host: "WWW.EXAMPLE.COM", Path: "/PATH/INDEX.HTML/", Domain: "example.com", TLD: "com", CleanURL: "HTTP://WWW.EXAMPLE.COM/PATH/INDEX.HTML/", Status: StatusOK},
		{Host: "CDN.EXAMPLE.COM", Path: "/LIB.JS/", Domain: "example.com", TLD: "com", CleanURL: "HTTP://CDN.EXAMPLE.COM/LIB.JS/", Status: StatusOKSchemeRelative},
		{Scheme: "FTP", Host: "FILES.EXAMPLE.ORG", Path: "/PUB/", Domain: "example.org", TLD: "org", CleanURL: "FTP://FILES.EXAMPLE.ORG/PUB/", Status: StatusOKFTP},
		{Scheme: "HTTPS", Host: "A.B.C.D.EXAMPLE.CO.UK", Path: "/", Domain: "example.co.uk", TLD: "co.uk", CleanURL: "HTTPS://A.B.C.D.EXAMPLE.CO.UK/", Status: StatusOK},
		{Scheme: "HTTP", Host: "192.168.0.1", Port: "8080", Path: "/ADMIN/", IsIPHost: true, CleanURL: "HTTP://192.168.0.1/ADMIN/", Status: StatusOK},
		{Scheme: "HTTP", Host: "[2001:DB8::1]", Path: "/PATH/", IsIPHost: true, CleanURL: "HTTP://[2001:DB8::1]/PATH/", Status: StatusOK},
		{Scheme: "HTTPS", Host: "XN--BCHER-KVA.EXAMPLE", Path: "/", CleanURL: "HTTPS://XN--BCHER-KVA.EXAMPLE/", Status: StatusInvalidTLD},
		{Scheme: "HTTPS", Host: "BÜCHER.EXAMPLE", Path: "/", CleanURL: "HTTPS://BÜCHER.EXAMPLE/", Status: StatusInvalidTLD},
		{Scheme: "HTTPS", Host: "例え.テスト", Path: "/パス/", CleanURL: "HTTPS://例え.テスト/パス/", Status: StatusInvalidTLD},
		{Status: StatusError},
		{Scheme: "HTTPS", Host: "EXAMPLE.COM", Path: "/A/C//D/", Domain: "example.com", TLD: "com", CleanURL: "HTTPS://EXAMPLE.COM/A/C//D/", Status: StatusOK},
		{Scheme: "HTTPS", Host: "EXAMPLE.COM", Path: "/INDEX.HTML/", Domain: "example.com", TLD: "com", CleanURL: "HTTPS://EXAMPLE.COM/INDEX.HTML/", Status: StatusOK},
		{Status: StatusError},
		{Status: StatusError},
	}},
	{"private_subdomain0_lowerhost", "tld_source=private subdomain_levels_to_keep=0 case_handling=lower_host", []Cleaned{
		{Scheme: "https", Host: "example.com", Path: "/", CleanURL: "https://example.com/", Status: StatusInvalidTLD},
		{Scheme: "http", Host: "www.example.com", Path: "/path/", CleanURL: "http://www.example.com/path/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "example.com", Port: "8443", Path: "/p", Query: "q=1", Fragment: "frag", User: "user", Password: "pass", CleanURL: "https://example.com/p", Status: StatusInvalidTLD},
		{Scheme: "http", Host: "www.example.com", Path: "/Path/Index.html", CleanURL: "http://www.example.com/Path/Index.html", Status: StatusInvalidTLD},
		{Host: "cdn.example.com", Path: "/lib.js", CleanURL: "http://cdn.example.com/lib.js", Status: StatusInvalidTLD},
		{Scheme: "ftp", Host: "files.example.org", Path: "/pub/", CleanURL: "ftp://files.example.org/pub/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "a.b.c.d.example.co.uk", Path: "/", CleanURL: "https://a.b.c.d.example.co.uk/", Status: StatusInvalidTLD},
		{Scheme: "http", Host: "192.168.0.1", Port: "8080", Path: "/admin", IsIPHost: true, CleanURL: "http://192.168.0.1/admin", Status: StatusOK},
		{Scheme: "http", Host: "[2001:db8::1]", Path: "/path", IsIPHost: true, CleanURL: "http://[2001:db8::1]/path", Status: StatusOK},
		{Scheme: "https", Host: "xn--bcher-kva.example", Path: "/", CleanURL: "https://xn--bcher-kva.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "bücher.example", Path: "/", CleanURL: "https://bücher.example/", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "例え.テスト", Path: "/パス", CleanURL: "https://例え.テスト/パス", Status: StatusInvalidTLD},
		{Status: StatusError},
		{Scheme: "https", Host: "example.com", Path: "/a/c//d", CleanURL: "https://example.com/a/c//d", Status: StatusInvalidTLD},
		{Scheme: "https", Host: "example.com", Path: "/index.html", CleanURL: "https://example.com/index.html", Status: StatusInvalidTLD},
		{Status: StatusError},
		{Status: StatusError},
	}},
}

// TestCleanRurlCharacterization checks Clean against rurl 1.4's
// characterization snapshot, row by row.
func TestCleanRurlCharacterization(t *testing.T) {
	for _, combo := range rurlCharacterization {
		var opts CleanOptions
		for kv := range strings.FieldsSeq(combo.opts) {
			name, value, _ := strings.Cut(kv, "=")
			if err := opts.Set(name, value); err != nil {
				t.Fatalf("%s: %v", combo.combo, err)
			}
		}
		if len(combo.want) != len(rurlCharacterizationInputs) {
			t.Fatalf("%s: %d rows for %d inputs", combo.combo, len(combo.want), len(rurlCharacterizationInputs))
		}
		for i, in := range rurlCharacterizationInputs {
			c, err := Clean(in, opts)
			got := c
			got.Original = ""
			if err != nil {
				var ce *webaddress.Error
				if !errors.As(err, &ce) || c.Status != StatusError {
					t.Errorf("%s: Clean(%q): %v, %+v", combo.combo, in, err, c)
				}
				got = Cleaned{Status: StatusError}
			}
			if got != combo.want[i] {
				t.Errorf("%s: Clean(%q) =\n\t%s\nwant (rurl 1.4)\n\t%s", combo.combo, in, cleanRow(got), cleanRow(combo.want[i]))
			}
		}
	}
}
