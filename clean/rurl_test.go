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
// copyright Bart Turczynski. The rows are written as cleanTests writes
// them, R's NA as "", and an error row as "error". The 18th input, R's NA,
// has no Go counterpart and is left out.
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
	want        []string
}{
	{"defaults", "", []string{
		"https|example.com||/|||||example.com|com||https://example.com/|ok",
		"http|www.example.com||/path/|||||example.com|com||http://www.example.com/path/|ok",
		"https|example.com|8443|/p|q=1|frag|user|pass|example.com|com||https://example.com/p|ok",
		"http|www.example.com||/Path/Index.html|||||example.com|com||http://www.example.com/Path/Index.html|ok",
		"|cdn.example.com||/lib.js|||||example.com|com||http://cdn.example.com/lib.js|ok-scheme-relative",
		"ftp|files.example.org||/pub/|||||example.org|org||ftp://files.example.org/pub/|ok-ftp",
		"https|a.b.c.d.example.co.uk||/|||||example.co.uk|co.uk||https://a.b.c.d.example.co.uk/|ok",
		"http|192.168.0.1|8080|/admin|||||||ip|http://192.168.0.1/admin|ok",
		"http|[2001:db8::1]||/path|||||||ip|http://[2001:db8::1]/path|ok",
		"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
		"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
		"https|例え.テスト||/パス||||||||https://例え.テスト/パス|warning-invalid-tld",
		"error",
		"https|example.com||/a/c//d|||||example.com|com||https://example.com/a/c//d|ok",
		"https|example.com||/index.html|||||example.com|com||https://example.com/index.html|ok",
		"error",
		"error",
	}},
	{"strip_all", "protocol_handling=strip www_handling=strip trailing_slash_handling=strip index_page_handling=strip", []string{
		"|example.com||/|||||example.com|com||example.com|ok",
		"|example.com||/path|||||example.com|com||example.com/path|ok",
		"|example.com|8443|/p|q=1|frag|user|pass|example.com|com||example.com/p|ok",
		"|example.com||/Path|||||example.com|com||example.com/Path|ok",
		"|cdn.example.com||/lib.js|||||example.com|com||cdn.example.com/lib.js|ok-scheme-relative",
		"|files.example.org||/pub|||||example.org|org||files.example.org/pub|ok",
		"|a.b.c.d.example.co.uk||/|||||example.co.uk|co.uk||a.b.c.d.example.co.uk|ok",
		"|192.168.0.1|8080|/admin|||||||ip|192.168.0.1/admin|ok",
		"|[2001:db8::1]||/path|||||||ip|[2001:db8::1]/path|ok",
		"|xn--bcher-kva.example||/||||||||xn--bcher-kva.example|warning-invalid-tld",
		"|bücher.example||/||||||||bücher.example|warning-invalid-tld",
		"|例え.テスト||/パス||||||||例え.テスト/パス|warning-invalid-tld",
		"error",
		"|example.com||/a/c//d|||||example.com|com||example.com/a/c//d|ok",
		"|example.com||/|||||example.com|com||example.com|ok",
		"error",
		"error",
	}},
	{"lower_unicode", "case_handling=lower host_encoding=unicode", []string{
		"https|example.com||/|||||example.com|com||https://example.com/|ok",
		"http|www.example.com||/path/|||||example.com|com||http://www.example.com/path/|ok",
		"https|example.com|8443|/p|q=1|frag|user|pass|example.com|com||https://example.com/p|ok",
		"http|www.example.com||/path/index.html|||||example.com|com||http://www.example.com/path/index.html|ok",
		"|cdn.example.com||/lib.js|||||example.com|com||http://cdn.example.com/lib.js|ok-scheme-relative",
		"ftp|files.example.org||/pub/|||||example.org|org||ftp://files.example.org/pub/|ok-ftp",
		"https|a.b.c.d.example.co.uk||/|||||example.co.uk|co.uk||https://a.b.c.d.example.co.uk/|ok",
		"http|192.168.0.1|8080|/admin|||||||ip|http://192.168.0.1/admin|ok",
		"http|[2001:db8::1]||/path|||||||ip|http://[2001:db8::1]/path|ok",
		"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
		"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
		"https|例え.テスト||/パス||||||||https://例え.テスト/パス|warning-invalid-tld",
		"error",
		"https|example.com||/a/c//d|||||example.com|com||https://example.com/a/c//d|ok",
		"https|example.com||/index.html|||||example.com|com||https://example.com/index.html|ok",
		"error",
		"error",
	}},
	{"idna_encode_path", "host_encoding=idna path_encoding=encode", []string{
		"https|example.com||/|||||example.com|com||https://example.com/|ok",
		"http|www.example.com||/path/|||||example.com|com||http://www.example.com/path/|ok",
		"https|example.com|8443|/p|q=1|frag|user|pass|example.com|com||https://example.com/p|ok",
		"http|www.example.com||/Path/Index.html|||||example.com|com||http://www.example.com/Path/Index.html|ok",
		"|cdn.example.com||/lib.js|||||example.com|com||http://cdn.example.com/lib.js|ok-scheme-relative",
		"ftp|files.example.org||/pub/|||||example.org|org||ftp://files.example.org/pub/|ok-ftp",
		"https|a.b.c.d.example.co.uk||/|||||example.co.uk|co.uk||https://a.b.c.d.example.co.uk/|ok",
		"http|192.168.0.1|8080|/admin|||||||ip|http://192.168.0.1/admin|ok",
		"http|[2001:db8::1]||/path|||||||ip|http://[2001:db8::1]/path|ok",
		"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
		"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
		"https|xn--r8jz45g.xn--zckzah||/%E3%83%91%E3%82%B9||||||||https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9|warning-invalid-tld",
		"error",
		"https|example.com||/a/c//d|||||example.com|com||https://example.com/a/c//d|ok",
		"https|example.com||/index.html|||||example.com|com||https://example.com/index.html|ok",
		"error",
		"error",
	}},
	{"pathnorm_both_decode", "path_normalization=both path_encoding=decode", []string{
		"https|example.com||/|||||example.com|com||https://example.com/|ok",
		"http|www.example.com||/path/|||||example.com|com||http://www.example.com/path/|ok",
		"https|example.com|8443|/p|q=1|frag|user|pass|example.com|com||https://example.com/p|ok",
		"http|www.example.com||/Path/Index.html|||||example.com|com||http://www.example.com/Path/Index.html|ok",
		"|cdn.example.com||/lib.js|||||example.com|com||http://cdn.example.com/lib.js|ok-scheme-relative",
		"ftp|files.example.org||/pub/|||||example.org|org||ftp://files.example.org/pub/|ok-ftp",
		"https|a.b.c.d.example.co.uk||/|||||example.co.uk|co.uk||https://a.b.c.d.example.co.uk/|ok",
		"http|192.168.0.1|8080|/admin|||||||ip|http://192.168.0.1/admin|ok",
		"http|[2001:db8::1]||/path|||||||ip|http://[2001:db8::1]/path|ok",
		"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
		"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
		"https|例え.テスト||/パス||||||||https://例え.テスト/パス|warning-invalid-tld",
		"error",
		"https|example.com||/a/c/d|||||example.com|com||https://example.com/a/c/d|ok",
		"https|example.com||/index.html|||||example.com|com||https://example.com/index.html|ok",
		"error",
		"error",
	}},
	{"force_https_scheme_rel", "protocol_handling=https scheme_relative_handling=https www_handling=if_no_subdomain", []string{
		"https|www.example.com||/|||||example.com|com||https://www.example.com/|ok",
		"https|www.example.com||/path/|||||example.com|com||https://www.example.com/path/|ok",
		"https|www.example.com|8443|/p|q=1|frag|user|pass|example.com|com||https://www.example.com/p|ok",
		"https|www.example.com||/Path/Index.html|||||example.com|com||https://www.example.com/Path/Index.html|ok",
		"https|cdn.example.com||/lib.js|||||example.com|com||https://cdn.example.com/lib.js|ok",
		"https|files.example.org||/pub/|||||example.org|org||https://files.example.org/pub/|ok",
		"https|a.b.c.d.example.co.uk||/|||||example.co.uk|co.uk||https://a.b.c.d.example.co.uk/|ok",
		"https|192.168.0.1|8080|/admin|||||||ip|https://192.168.0.1/admin|ok",
		"https|[2001:db8::1]||/path|||||||ip|https://[2001:db8::1]/path|ok",
		"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
		"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
		"https|例え.テスト||/パス||||||||https://例え.テスト/パス|warning-invalid-tld",
		"error",
		"https|www.example.com||/a/c//d|||||example.com|com||https://www.example.com/a/c//d|ok",
		"https|www.example.com||/index.html|||||example.com|com||https://www.example.com/index.html|ok",
		"error",
		"error",
	}},
	{"icann_subdomain1", "tld_source=icann subdomain_levels_to_keep=1", []string{
		"https|example.com||/|||||example.com|com||https://example.com/|ok",
		"http|www.example.com||/path/|||||example.com|com||http://www.example.com/path/|ok",
		"https|example.com|8443|/p|q=1|frag|user|pass|example.com|com||https://example.com/p|ok",
		"http|www.example.com||/Path/Index.html|||||example.com|com||http://www.example.com/Path/Index.html|ok",
		"|cdn.example.com||/lib.js|||||example.com|com||http://cdn.example.com/lib.js|ok-scheme-relative",
		"ftp|files.example.org||/pub/|||||example.org|org||ftp://files.example.org/pub/|ok-ftp",
		"https|d.example.co.uk||/|||||example.co.uk|co.uk||https://d.example.co.uk/|ok",
		"http|192.168.0.1|8080|/admin|||||||ip|http://192.168.0.1/admin|ok",
		"http|[2001:db8::1]||/path|||||||ip|http://[2001:db8::1]/path|ok",
		"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
		"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
		"https|例え.テスト||/パス||||||||https://例え.テスト/パス|warning-invalid-tld",
		"error",
		"https|example.com||/a/c//d|||||example.com|com||https://example.com/a/c//d|ok",
		"https|example.com||/index.html|||||example.com|com||https://example.com/index.html|ok",
		"error",
		"error",
	}},
	{"upper_keep", "case_handling=upper trailing_slash_handling=keep index_page_handling=keep", []string{
		"HTTPS|EXAMPLE.COM||/|||||example.com|com||HTTPS://EXAMPLE.COM/|ok",
		"HTTP|WWW.EXAMPLE.COM||/PATH/|||||example.com|com||HTTP://WWW.EXAMPLE.COM/PATH/|ok",
		"HTTPS|EXAMPLE.COM|8443|/P/|q=1|frag|user|pass|example.com|com||HTTPS://EXAMPLE.COM/P/|ok",
		"HTTP|WWW.EXAMPLE.COM||/PATH/INDEX.HTML/|||||example.com|com||HTTP://WWW.EXAMPLE.COM/PATH/INDEX.HTML/|ok",
		"|CDN.EXAMPLE.COM||/LIB.JS/|||||example.com|com||HTTP://CDN.EXAMPLE.COM/LIB.JS/|ok-scheme-relative",
		"FTP|FILES.EXAMPLE.ORG||/PUB/|||||example.org|org||FTP://FILES.EXAMPLE.ORG/PUB/|ok-ftp",
		"HTTPS|A.B.C.D.EXAMPLE.CO.UK||/|||||example.co.uk|co.uk||HTTPS://A.B.C.D.EXAMPLE.CO.UK/|ok",
		"HTTP|192.168.0.1|8080|/ADMIN/|||||||ip|HTTP://192.168.0.1/ADMIN/|ok",
		"HTTP|[2001:DB8::1]||/PATH/|||||||ip|HTTP://[2001:DB8::1]/PATH/|ok",
		"HTTPS|XN--BCHER-KVA.EXAMPLE||/||||||||HTTPS://XN--BCHER-KVA.EXAMPLE/|warning-invalid-tld",
		"HTTPS|BÜCHER.EXAMPLE||/||||||||HTTPS://BÜCHER.EXAMPLE/|warning-invalid-tld",
		"HTTPS|例え.テスト||/パス/||||||||HTTPS://例え.テスト/パス/|warning-invalid-tld",
		"error",
		"HTTPS|EXAMPLE.COM||/A/C//D/|||||example.com|com||HTTPS://EXAMPLE.COM/A/C//D/|ok",
		"HTTPS|EXAMPLE.COM||/INDEX.HTML/|||||example.com|com||HTTPS://EXAMPLE.COM/INDEX.HTML/|ok",
		"error",
		"error",
	}},
	{"private_subdomain0_lowerhost", "tld_source=private subdomain_levels_to_keep=0 case_handling=lower_host", []string{
		"https|example.com||/||||||||https://example.com/|warning-invalid-tld",
		"http|www.example.com||/path/||||||||http://www.example.com/path/|warning-invalid-tld",
		"https|example.com|8443|/p|q=1|frag|user|pass||||https://example.com/p|warning-invalid-tld",
		"http|www.example.com||/Path/Index.html||||||||http://www.example.com/Path/Index.html|warning-invalid-tld",
		"|cdn.example.com||/lib.js||||||||http://cdn.example.com/lib.js|warning-invalid-tld",
		"ftp|files.example.org||/pub/||||||||ftp://files.example.org/pub/|warning-invalid-tld",
		"https|a.b.c.d.example.co.uk||/||||||||https://a.b.c.d.example.co.uk/|warning-invalid-tld",
		"http|192.168.0.1|8080|/admin|||||||ip|http://192.168.0.1/admin|ok",
		"http|[2001:db8::1]||/path|||||||ip|http://[2001:db8::1]/path|ok",
		"https|xn--bcher-kva.example||/||||||||https://xn--bcher-kva.example/|warning-invalid-tld",
		"https|bücher.example||/||||||||https://bücher.example/|warning-invalid-tld",
		"https|例え.テスト||/パス||||||||https://例え.テスト/パス|warning-invalid-tld",
		"error",
		"https|example.com||/a/c//d||||||||https://example.com/a/c//d|warning-invalid-tld",
		"https|example.com||/index.html||||||||https://example.com/index.html|warning-invalid-tld",
		"error",
		"error",
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
			got := cleanRow(c)
			if err != nil {
				var ce *webaddress.Error
				if !errors.As(err, &ce) || c.Status != StatusError {
					t.Errorf("%s: Clean(%q): %v, %+v", combo.combo, in, err, c)
				}
				got = "error"
			}
			if got != combo.want[i] {
				t.Errorf("%s: Clean(%q) =\n\t%s\nwant (rurl 1.4)\n\t%s", combo.combo, in, got, combo.want[i])
			}
		}
	}
}
