// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/onecontact/webaddress/internal/testfiles"
)

// The web-platform-tests URL data is in testdata/wpt, byte for byte as
// testdata/wpt/PIN names it; $WPT_DIR may point elsewhere to try newer
// data. Missing data is a failure, never a skip.

// wptDir returns the directory holding the WPT data: $WPT_DIR, else
// testdata/wpt.
func wptDir() string {
	if dir := os.Getenv("WPT_DIR"); dir != "" {
		return dir
	}
	return filepath.Join("testdata", "wpt")
}

// wptData returns the contents of a file of the WPT data, or fails tb.
func wptData(tb testing.TB, name string) []byte {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(wptDir(), name))
	if err != nil {
		tb.Fatalf("web-platform-tests data: %v (testdata/wpt is part of the repository; $WPT_DIR overrides it)", err)
	}
	return data
}

// TestWPTPin checks that each file of testdata/wpt is the one PIN names,
// by its sha256.
func TestWPTPin(t *testing.T) {
	if os.Getenv("WPT_DIR") != "" {
		t.Log("WPT_DIR is set: the data is not the pinned one, whose checksums are not checked")
		return
	}
	for _, name := range wptFiles {
		want, err := testfiles.SHA256Of("wpt/PIN", name)
		if err != nil {
			t.Fatal(err)
		}
		if got := testfiles.SHA256(wptData(t, name)); got != want {
			t.Errorf("testdata/wpt/%s: sha256 %s, PIN says %s", name, got, want)
		}
	}
}

// wptFiles are the files of the WPT URL data the tests use.
var wptFiles = []string{"urltestdata.json", "setters_tests.json", "toascii.json", "IdnaTestV2.json", "percent-encoding.json"}

// readWPT decodes a WPT JSON file into its object entries, skipping the
// strings that serve as comments.
func readWPT(t testing.TB, name string) []json.RawMessage {
	t.Helper()
	data := wptData(t, name)
	var all []json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var objects []json.RawMessage
	for _, m := range all {
		if len(m) > 0 && m[0] == '{' {
			objects = append(objects, m)
		}
	}
	return objects
}

// urlTest is an entry of urltestdata.json.
type urlTest struct {
	Input    string  `json:"input"`
	Base     *string `json:"base"`
	Failure  bool    `json:"failure"`
	Href     string  `json:"href"`
	Origin   *string `json:"origin"`
	Protocol string  `json:"protocol"`
	Username string  `json:"username"`
	Password string  `json:"password"`
	Host     string  `json:"host"`
	Hostname string  `json:"hostname"`
	Port     string  `json:"port"`
	Pathname string  `json:"pathname"`
	Search   string  `json:"search"`
	Hash     string  `json:"hash"`
}

// name is the case's test name: "<input> against <base>".
func (c *urlTest) name() string {
	if c.Base == nil {
		return fmt.Sprintf("%q", c.Input)
	}
	return fmt.Sprintf("%q against %q", c.Input, *c.Base)
}

// getters returns u's components by the names urltestdata.json and
// setters_tests.json use.
func getters(u URL) map[string]string {
	return map[string]string{
		"href":     u.Href(),
		"origin":   u.Origin(),
		"protocol": u.Protocol(),
		"username": u.Username(),
		"password": u.Password(),
		"host":     u.Host(),
		"hostname": u.Hostname(),
		"port":     u.Port(),
		"pathname": u.Pathname(),
		"search":   u.Search(),
		"hash":     u.Hash(),
	}
}

// wptCount records how many cases of each file ran, for TestMain's summary.
var wptCount = map[string]int{}

// TestURLTestData runs urltestdata.json: every getter matches, failure
// cases fail, and parsing the href again gives the same href.
func TestURLTestData(t *testing.T) {
	entries := readWPT(t, "urltestdata.json")
	for _, raw := range entries {
		var c urlTest
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatalf("urltestdata.json: %v in %s", err, raw)
		}
		wptCount["urltestdata.json"]++
		t.Run(c.name(), func(t *testing.T) {
			var base URL
			if c.Base != nil {
				var err error
				base, err = ParseURL(*c.Base)
				if err != nil {
					t.Fatalf("base: %v", err)
				}
			}
			u, err := base.Parse(c.Input)
			if c.Failure {
				if err == nil {
					t.Fatalf("parsed as %q, want failure", u.Href())
				}
				var pe *ParseError
				if !asParseError(err, &pe) || pe.Name == "" {
					t.Fatalf("error %v is not a *ParseError with a name", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("error %v, want %q", err, c.Href)
			}
			got := getters(u)
			want := map[string]string{
				"href": c.Href, "protocol": c.Protocol, "username": c.Username,
				"password": c.Password, "host": c.Host, "hostname": c.Hostname, "port": c.Port,
				"pathname": c.Pathname, "search": c.Search, "hash": c.Hash,
			}
			if c.Origin != nil {
				want["origin"] = *c.Origin
			}
			for k, w := range want {
				if got[k] != w {
					t.Errorf("%s = %q, want %q", k, got[k], w)
				}
			}
			checkURL(t, u) // round trip, invariants, getters
		})
	}
}

func asParseError(err error, target **ParseError) bool {
	pe, ok := err.(*ParseError)
	*target = pe
	return ok
}

// TestSetters runs setters_tests.json: each setter on each URL gives the
// expected getters.
func TestSetters(t *testing.T) {
	data := wptData(t, "setters_tests.json")
	var groups map[string]json.RawMessage
	if err := json.Unmarshal(data, &groups); err != nil {
		t.Fatal(err)
	}
	setters := map[string]func(u *URL, v string){
		"href":     func(u *URL, v string) { u.SetHref(v) },
		"protocol": func(u *URL, v string) { u.SetProtocol(v) },
		"username": func(u *URL, v string) { u.SetUsername(v) },
		"password": func(u *URL, v string) { u.SetPassword(v) },
		"host":     func(u *URL, v string) { u.SetHost(v) },
		"hostname": func(u *URL, v string) { u.SetHostname(v) },
		"port":     func(u *URL, v string) { u.SetPort(v) },
		"pathname": func(u *URL, v string) { u.SetPathname(v) },
		"search":   func(u *URL, v string) { u.SetSearch(v) },
		"hash":     func(u *URL, v string) { u.SetHash(v) },
	}
	for setter, raw := range groups {
		if setter == "comment" {
			continue
		}
		set := setters[setter]
		if set == nil {
			t.Errorf("setters_tests.json: no setter %q", setter)
			continue
		}
		var cases []struct {
			Href     string            `json:"href"`
			NewValue string            `json:"new_value"`
			Expected map[string]string `json:"expected"`
		}
		if err := json.Unmarshal(raw, &cases); err != nil {
			t.Fatalf("setters_tests.json %s: %v", setter, err)
		}
		for _, c := range cases {
			wptCount["setters_tests.json"]++
			t.Run(fmt.Sprintf("%s/%q set to %q", setter, c.Href, c.NewValue), func(t *testing.T) {
				u, err := ParseURL(c.Href)
				if err != nil {
					t.Fatal(err)
				}
				set(&u, c.NewValue)
				got := getters(u)
				for k, w := range c.Expected {
					if got[k] != w {
						t.Errorf("%s = %q, want %q", k, got[k], w)
					}
				}
				checkURL(t, u) // round trip, invariants, getters
			})
		}
	}
}

// hostTest is an entry of toascii.json or IdnaTestV2.json; a null output
// means the host must fail.
type hostTest struct {
	Input   string  `json:"input"`
	Output  *string `json:"output"`
	Comment string  `json:"comment"`
}

// runHostTests runs the cases the way web-platform-tests does: the host of
// "https://" + input + "/x", and the host and hostname setters on
// "https://x/x", which a failure leaves at "x".
func runHostTests(t *testing.T, file string) {
	for _, raw := range readWPT(t, file) {
		var c hostTest
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatalf("%s: %v in %s", file, err, raw)
		}
		if c.Input == "" {
			continue // web-platform-tests cannot test the empty input through new URL()
		}
		wptCount[file]++
		t.Run(fmt.Sprintf("%q", c.Input), func(t *testing.T) {
			u, err := ParseURL("https://" + c.Input + "/x")
			if c.Output == nil {
				if err == nil {
					t.Errorf("ParseURL: host %q, want failure (%s)", u.Host(), c.Comment)
				}
			} else if err != nil {
				t.Errorf("ParseURL: %v, want host %q (%s)", err, *c.Output, c.Comment)
			} else {
				want := "https://" + *c.Output + "/x"
				if u.Host() != *c.Output || u.Hostname() != *c.Output || u.Pathname() != "/x" || u.Href() != want {
					t.Errorf("ParseURL = %q (host %q), want %q", u.Href(), u.Host(), want)
				}
			}
			for _, setter := range []string{"host", "hostname"} {
				u := MustParseURL("https://x/x")
				var got string
				if setter == "host" {
					u.SetHost(c.Input)
					got = u.Host()
				} else {
					u.SetHostname(c.Input)
					got = u.Hostname()
				}
				want := "x"
				if c.Output != nil {
					want = *c.Output
				}
				if got != want {
					t.Errorf("%s setter: %q, want %q", setter, got, want)
				}
			}
		})
	}
}

func TestToASCII(t *testing.T)    { runHostTests(t, "toascii.json") }
func TestIdnaTestV2(t *testing.T) { runHostTests(t, "IdnaTestV2.json") }

// TestPercentEncoding runs percent-encoding.json the way web-platform-tests
// runs its UTF-8 column: the input in the query of a special URL. The other
// columns (big5, euc-kr, windows-1252, iso-2022-jp, gb18030, shift_jis,
// iso-8859-2) test documents in legacy encodings; this package parses only
// UTF-8, as the Standard's non-browser parsers do, so they cannot apply.
func TestPercentEncoding(t *testing.T) {
	for _, raw := range readWPT(t, "percent-encoding.json") {
		var c struct {
			Input  string            `json:"input"`
			Output map[string]string `json:"output"`
		}
		if err := json.Unmarshal(raw, &c); err != nil {
			t.Fatal(err)
		}
		want, ok := c.Output["utf-8"]
		if !ok {
			t.Errorf("percent-encoding.json: %q has no utf-8 output", c.Input)
			continue
		}
		wptCount["percent-encoding.json"]++
		u, err := ParseURL("https://doesnotmatter.invalid/?" + c.Input + "#")
		if err != nil || u.Search() != "?"+want {
			t.Errorf("query %q: search %q, %v; want %q", c.Input, u.Search(), err, "?"+want)
		}
	}
}

// TestMain prints how many web-platform-tests cases ran from each file,
// and the counts of Unicode's IdnaTestV2.txt.
func TestMain(m *testing.M) {
	code := m.Run()
	if len(wptCount) > 0 {
		var parts []string
		for _, f := range []string{"urltestdata.json", "setters_tests.json", "toascii.json", "IdnaTestV2.json", "percent-encoding.json"} {
			if n := wptCount[f]; n > 0 {
				parts = append(parts, fmt.Sprintf("%s %d", f, n))
			}
		}
		fmt.Printf("web-platform-tests cases run: %s\n", strings.Join(parts, ", "))
	}
	if line := idnaSummary(); line != "" {
		fmt.Println(line)
	}
	os.Exit(code)
}
