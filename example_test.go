// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress_test

import (
	"errors"
	"flag"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/onecontact/webaddress"
)

func ExampleParseURL() {
	u, err := webaddress.ParseURL("  HTTPS://User@Bücher.Example:443/a/./b/../c?q=1#top ")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())
	fmt.Println(u.Protocol(), u.Username(), u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash())
	fmt.Println(u.Origin())
	// Output:
	// https://User@xn--bcher-kva.example/a/c?q=1#top
	// https: User xn--bcher-kva.example  /a/c ?q=1 #top
	// https://xn--bcher-kva.example
}

func ExampleParseURL_error() {
	_, err := webaddress.ParseURL("https://example.com:99999/")
	fmt.Println(err)
	var pe *webaddress.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Name, pe.Offset)
	}
	// Output:
	// ParseURL("https://example.com:99999/"): port-out-of-range at byte 20 ("99999/")
	// port-out-of-range 20
}

func ExampleURL_Parse() {
	base := webaddress.MustParseURL("https://example.com/docs/guide/intro.html?x=1")
	for _, ref := range []string{"setup.html", "../api/", "/", "?y=2", "#part", "//cdn.example/lib.js", "mailto:hi@example.com"} {
		u, err := base.Parse(ref)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-22s %s\n", ref, u)
	}
	// Output:
	// setup.html             https://example.com/docs/guide/setup.html
	// ../api/                https://example.com/docs/api/
	// /                      https://example.com/
	// ?y=2                   https://example.com/docs/guide/intro.html?y=2
	// #part                  https://example.com/docs/guide/intro.html?x=1#part
	// //cdn.example/lib.js   https://cdn.example/lib.js
	// mailto:hi@example.com  mailto:hi@example.com
}

func ExampleURL_SetHost() {
	u := webaddress.MustParseURL("https://example.com/path")
	fmt.Println(u.SetHost("Example.ORG:8443"), u)
	// A value the Standard ignores leaves the URL as it was.
	fmt.Println(u.SetHost("exa mple.org"), u)
	// Output:
	// true https://example.org:8443/path
	// false https://example.org:8443/path
}

func ExampleURL_HostKind() {
	for _, in := range []string{"https://0x7F.1/", "https://[0:0::1]/", "https://EXAMPLE.com/", "git://Host.example/x", "file:///etc", "mailto:x@y"} {
		u := webaddress.MustParseURL(in)
		fmt.Printf("%-22s %-7s %q\n", in, u.HostKind(), u.Hostname())
	}
	// Output:
	// https://0x7F.1/        ipv4    "127.0.0.1"
	// https://[0:0::1]/      ipv6    "[::1]"
	// https://EXAMPLE.com/   domain  "example.com"
	// git://Host.example/x   opaque  "Host.example"
	// file:///etc            empty   ""
	// mailto:x@y             none    ""
}

func ExampleParseSearchParams() {
	p := webaddress.ParseSearchParams("?b=2&a=1&q=caf%C3%A9+au+lait")
	v, _ := p.Get("q")
	fmt.Println(v)
	p.Sort()
	p.Set("b", "x y")
	fmt.Println(p.String())
	// Output:
	// café au lait
	// a=1&b=x+y&q=caf%C3%A9+au+lait
}

func ExampleParse() {
	for _, in := range []string{"Example.com", "  HTTPS://Bücher.example/ ", "www.shop.co.uk/?utm_source=x#top", "localhost:3000/x", "mailto:jo@x.org"} {
		a, err := webaddress.Parse(in)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-36q %-34s %s\n", in, a.Canonical(), a.Facts())
	}
	// Output:
	// "Example.com"                        https://example.com/               scheme-assumed
	// "  HTTPS://Bücher.example/ "         https://xn--bcher-kva.example/     internationalized-domain
	// "www.shop.co.uk/?utm_source=x#top"   https://www.shop.co.uk/            scheme-assumed|tracking-parameters-removed|fragment-removed
	// "localhost:3000/x"                   https://localhost:3000/x           scheme-assumed
	// "mailto:jo@x.org"                    mailto:jo@x.org                    non-web-scheme
}

func ExampleParse_error() {
	_, err := webaddress.Parse("example.com:99999")
	fmt.Println(err)
	fmt.Println(errors.Is(err, webaddress.CodeInvalidPort))
	// Output:
	// web.invalid-port: "example.com:99999": port-out-of-range at byte 12
	// true
}

func ExampleAddress_Canonical() {
	a, _ := webaddress.Parse("https://Shop.Example/Cart?id=7&utm_source=news&gclid=abc#reviews")
	fmt.Println(a.Canonical())
	fmt.Println(a.RemovedParams())
	// Output:
	// https://shop.example/Cart?id=7
	// [utm_source=news gclid=abc]
}

func ExampleAddress_Facts() {
	a, _ := webaddress.Parse("user:pw@[::1]:8080/#top")
	fmt.Println(a.Facts())
	fmt.Println(a.Facts().Has(webaddress.FactIPHost), a.IsWebsite())
	fmt.Println(a) // the password is not shown
	// Output:
	// scheme-assumed|ip-host|has-credentials|fragment-removed
	// true true
	// https://user:****@[::1]:8080/
}

func ExampleAddress_Fields() {
	in := " Bücher.example:8080/a?q#f"
	a, _ := webaddress.Parse(in)
	f := a.Fields()
	fmt.Printf("host %q port %q path %q query %q fragment %q\n",
		in[f.Host.Start:f.Host.End], in[f.Port.Start:f.Port.End], in[f.Path.Start:f.Path.End],
		in[f.Query.Start:f.Query.End], in[f.Fragment.Start:f.Fragment.End])
	fmt.Println(f.Scheme.IsPresent(), f.Host, f.Host.UTF16(in))
	// Output:
	// host "Bücher.example" port "8080" path "/a" query "q" fragment "f"
	// false {1 16} {1 15}
}

func ExampleAddress_Key() {
	for _, in := range []string{
		"http://www.Example.com/About/index.html?b=2&a=1&utm_source=x#team",
		"example.com/about/?a=1&b=2",
		"https://foo.github.io/",
		"mailto:Jo@Example.org",
	} {
		a, err := webaddress.Parse(in)
		if err != nil {
			panic(err)
		}
		fmt.Println(a.Key(webaddress.KeyV1, webaddress.LevelPage))
	}
	// Output:
	// example.com/about?a=1&b=2
	// example.com/about?a=1&b=2
	// foo.github.io
	// mailto:jo@example.org
}

func ExampleAddress_Profile() {
	for _, in := range []string{
		"https://www.linkedin.com/in/jane-doe/",
		"twitter.com/NASA",
		"github.com/golang/go",
		"https://www.facebook.com/profile.php?id=4",
		"instagram.com/natgeo",
		"youtube.com/@GoogleDevelopers",
		"https://www.tiktok.com/@scout2015",
		"https://mastodon.social/@Gargron",
		"https://github.com/features",
		"https://example.com/about",
	} {
		a, err := webaddress.Parse(in)
		if err != nil {
			panic(err)
		}
		p, ok := a.Profile()
		line := fmt.Sprintf("%-44s %-5v %-9s %-24s %s", in, ok, p.Network, p.Handle, p.Kind)
		fmt.Println(strings.TrimRight(line, " "))
	}
	// Output:
	// https://www.linkedin.com/in/jane-doe/        true  linkedin  jane-doe                 in
	// twitter.com/NASA                             true  x         NASA                     handle
	// github.com/golang/go                         true  github    golang                   user
	// https://www.facebook.com/profile.php?id=4    true  facebook  4                        profile
	// instagram.com/natgeo                         true  instagram natgeo                   handle
	// youtube.com/@GoogleDevelopers                true  youtube   GoogleDevelopers         handle
	// https://www.tiktok.com/@scout2015            true  tiktok    scout2015                handle
	// https://mastodon.social/@Gargron             true  mastodon  Gargron@mastodon.social  handle
	// https://github.com/features                  false
	// https://example.com/about                    false
}

// Lint reads an address as a person typed it, as Parse does: the spans are
// in the input as given, and the https Parse assumes adds nothing.
func ExampleLint() {
	in := " www.example.com/a b\\c "
	for _, v := range webaddress.Lint(in) {
		fmt.Printf("%s at %d-%d %q failure=%v\n", v.Name, v.Span.Start, v.Span.End, in[v.Span.Start:v.Span.End], v.Failure)
	}
	// Output:
	// invalid-URL-unit at 18-19 " " failure=false
	// invalid-reverse-solidus at 20-21 "\\" failure=false
}

func ExampleLintURL() {
	in := "HTTPS:example.org:70000/a b"
	for _, v := range webaddress.LintURL(in) {
		fmt.Printf("%s at %d-%d %q failure=%v\n", v.Name, v.Span.Start, v.Span.End, in[v.Span.Start:v.Span.End], v.Failure)
	}
	// Output:
	// special-scheme-missing-following-solidus at 6-6 "" failure=false
	// port-out-of-range at 18-23 "70000" failure=true
}

func ExampleURL_Lint() {
	base := webaddress.MustParseURL("https://example.org/docs/")
	for _, v := range base.Lint(`..\img\logo.png`) {
		fmt.Println(v.Name, v.Span)
	}
	// Output:
	// invalid-reverse-solidus {2 3}
	// invalid-reverse-solidus {6 7}
}

func ExampleParse_invalidUTF8() {
	// A Latin-1 export read as UTF-8: é is the byte 0xE9.
	_, err := webaddress.Parse("www.caf\xe9.fr")
	fmt.Println(err)
	fmt.Println(errors.Is(err, webaddress.CodeInvalidUTF8))
	// Output:
	// web.invalid-utf8: "www.caf\xe9.fr": invalid UTF-8 at byte 7 ("\xe9")
	// true
}

func ExampleURL_NetURL() {
	u := webaddress.MustParseURL("HTTPS://Example.COM/a/../search?q=go")
	nu, err := u.NetURL() // for http.NewRequest and friends
	if err != nil {
		panic(err)
	}
	fmt.Println(nu.Scheme, nu.Host, nu.Path, nu.Query().Get("q"))
	back, _ := webaddress.URLFromNetURL(nu)
	fmt.Println(back == u)
	// Output:
	// https example.com /search go
	// true
}

func ExampleURL_HostAddr() {
	for _, s := range []string{"http://0x7f.1:8080/", "http://[2001:DB8::1]/", "http://example.com/"} {
		addr, ok := webaddress.MustParseURL(s).HostAddr()
		fmt.Println(addr, ok, ok && addr.IsLoopback())
	}
	// Output:
	// 127.0.0.1 true true
	// 2001:db8::1 true false
	// invalid IP false false
}

func ExampleURL_Redacted() {
	u := webaddress.MustParseURL("https://ann:s3cret@example.com/inbox")
	fmt.Println(u.Redacted())
	// Output:
	// https://ann:****@example.com/inbox
}

func ExampleURL_Compare() {
	urls := []webaddress.URL{
		webaddress.MustParseURL("https://b.example/"),
		webaddress.MustParseURL("HTTP://A.example/"),
		webaddress.MustParseURL("https://a.example/x"),
	}
	slices.SortFunc(urls, webaddress.URL.Compare)
	for _, u := range urls {
		fmt.Println(u)
	}
	// Output:
	// http://a.example/
	// https://a.example/x
	// https://b.example/
}

func ExampleURL_SearchParams() {
	u := webaddress.MustParseURL("https://shop.example/list?page=1&sort=price")
	sp := u.SearchParams()
	sp.Set("page", "2")
	sp.Append("q", "red shoes")
	u.SetSearchParams(sp)
	fmt.Println(u)
	// Output:
	// https://shop.example/list?page=2&sort=price&q=red+shoes
}

// KeyV2 gives one key per owner: tenants of a shared platform apart, one
// profile under two network names together, opaque paths with their
// query, and a host's root dots gone.
func ExampleAddress_Key_v2() {
	fmt.Printf("%-30s %-26s %s\n", "input", "KeyV1", "KeyV2")
	for _, in := range []string{
		"acmebakery.wordpress.com",
		"zedplumbing.wordpress.com",
		"wordpress.com/pricing",
		"sites.google.com/view/acme",
		"twitter.com/Acme",
		"x.com/acme?lang=en",
		"fb.com/acme",
		"youtube.com/channel/UCxAbC",
		"sms:+15550100?body=hi",
		"example.com..",
	} {
		a, err := webaddress.Parse(in)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-30s %-26s %s\n", in, a.Key(webaddress.KeyV1, webaddress.LevelPage), a.Key(webaddress.KeyV2, webaddress.LevelPage))
	}
	// Output:
	// input                          KeyV1                      KeyV2
	// acmebakery.wordpress.com       wordpress.com              acmebakery.wordpress.com
	// zedplumbing.wordpress.com      wordpress.com              zedplumbing.wordpress.com
	// wordpress.com/pricing          wordpress.com/pricing      wordpress.com/pricing
	// sites.google.com/view/acme     google.com/view/acme       sites.google.com/view/acme
	// twitter.com/Acme               twitter.com/acme           x.com/acme
	// x.com/acme?lang=en             x.com/acme?lang=en         x.com/acme
	// fb.com/acme                    fb.com/acme                facebook.com/acme
	// youtube.com/channel/UCxAbC     youtube.com/channel/ucxabc youtube.com/channel/UCxAbC
	// sms:+15550100?body=hi          sms:+15550100              sms:+15550100?body=hi
	// example.com..                  example.com.               example.com
}

// A KeyVersion is a flag.TextVar (and a JSON string): "1" or "2". Store
// its Fingerprint beside the keys, and re-key when it changes.
func ExampleKeyVersion_Fingerprint() {
	fs := flag.NewFlagSet("dedupe", flag.ContinueOnError)
	v := webaddress.KeyV2
	fs.TextVar(&v, "key-version", webaddress.KeyV2, "comparison key version: 1 or 2")
	if err := fs.Parse([]string{"--key-version=1"}); err != nil {
		panic(err)
	}
	fp := v.Fingerprint() // e.g. "KeyV1 unicode=17.0.0 psl=d6c92f1bbb7433e5db7b8405c25d4035fb8ff376"
	fmt.Println(v)
	fmt.Println(strings.Fields(fp)[0], strings.HasPrefix(strings.Fields(fp)[1], "unicode="), strings.HasPrefix(strings.Fields(fp)[2], "psl="))
	// Output:
	// KeyV1
	// KeyV1 true true
}

// Hostname is the URL Standard's hostname: an IPv6 address keeps its
// brackets, unlike net/url's URL.Hostname.
func ExampleURL_Hostname() {
	for _, in := range []string{"https://Bücher.Example:8080/", "http://[::1]:80/", "http://127.1/"} {
		u := webaddress.MustParseURL(in)
		nu, _ := url.Parse(in)
		a, isIP := u.HostAddr()
		fmt.Printf("%-22q net/url %-20q HostAddr %v %v\n", u.Hostname(), nu.Hostname(), a, isIP)
	}
	// Output:
	// "xn--bcher-kva.example" net/url "Bücher.Example"     HostAddr invalid IP false
	// "[::1]"                net/url "::1"                HostAddr ::1 true
	// "127.0.0.1"            net/url "127.1"              HostAddr 127.0.0.1 true
}

// Query is the raw query, as net/url's URL.RawQuery, and tells an empty
// query from none; Search is the Standard's search.
func ExampleURL_RawQuery() {
	for _, in := range []string{"https://example.com/?a=1&b=%C3%A9", "https://example.com/?", "https://example.com/"} {
		u := webaddress.MustParseURL(in)
		q, ok := u.RawQuery()
		nu, _ := url.Parse(in)
		fmt.Printf("%q %v Search %q; net/url RawQuery %q\n", q, ok, u.Search(), nu.RawQuery)
	}
	// Output:
	// "a=1&b=%C3%A9" true Search "?a=1&b=%C3%A9"; net/url RawQuery "a=1&b=%C3%A9"
	// "" true Search ""; net/url RawQuery ""
	// "" false Search ""; net/url RawQuery ""
}

// CodeOf says which code an error has, for a program that stores or
// counts them; errors.Is asks whether it has a given one.
func ExampleCodeOf() {
	for _, in := range []string{"example.com:99999", "https://", "acme.com"} {
		_, err := webaddress.Parse(in)
		fmt.Printf("%q %q %v\n", in, webaddress.CodeOf(err), errors.Is(err, webaddress.CodeInvalidPort))
	}
	// Output:
	// "example.com:99999" "web.invalid-port" true
	// "https://" "web.host-missing" false
	// "acme.com" "" false
}

func ExamplePublicSuffix() {
	for _, d := range []string{"www.example.co.uk", "user.github.io", "example.invalid-tld"} {
		suffix, icann, listed := webaddress.PublicSuffix(d)
		fmt.Printf("%-20s %-11s icann %-5v listed %v\n", d, suffix, icann, listed)
	}
	// Output:
	// www.example.co.uk    co.uk       icann true  listed true
	// user.github.io       github.io   icann false listed true
	// example.invalid-tld  invalid-tld icann false listed false
}

func ExampleDomainToASCII() {
	ascii, ok := webaddress.DomainToASCII("Bücher.example")
	uni, _ := webaddress.DomainToUnicode(ascii)
	fmt.Println(ascii, ok, uni)
	// Output:
	// xn--bcher-kva.example true bücher.example
}

func ExampleDefaultPort() {
	fmt.Printf("%q %q %q %q\n", webaddress.DefaultPort("http"), webaddress.DefaultPort("wss"), webaddress.DefaultPort("ftp"), webaddress.DefaultPort("ftps"))
	// Output:
	// "80" "443" "21" ""
}

func ExampleIsTrackingParam() {
	fmt.Println(webaddress.IsTrackingParam("utm_source"), webaddress.IsTrackingParam("UTM_SOURCE"), webaddress.IsTrackingParam("id"))
	// Output:
	// true false false
}
