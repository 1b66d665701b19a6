// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddressbeam_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/onecontact/webaddress"
	webaddressbeam "github.com/onecontact/webaddress/beam"
)

func init() {
	register.Function1x0(printGroup)
	register.Function1x0(printFailure)
}

func printGroup(g webaddressbeam.Group) {
	fmt.Printf("%s: %d, first %q\n", g.Key, g.Count, g.First)
}

func printFailure(f webaddressbeam.Failure) {
	fmt.Printf("failed: %q: %s\n", f.Input, f.ErrorCode)
}

// Dedupe groups the spellings of one page under its comparison key (KeyV3's page key),
// reading each value as a spreadsheet cell (the messy-cell layer: quotes,
// typos, e-mail addresses), and sends what is not an address (a
// placeholder, a value that does not parse) to the dead letters. The example runs on the
// local runner (Prism); a pipeline would write the groups with textio or
// another sink rather than print them.
func ExampleDedupe() {
	p, s, urls := ptest.CreateList([]string{
		"WWW.Acme.com/?utm_source=x",
		"acme.com",
		"https://acme.com/",
		"https://globex.com/about/",
		"http://www.globex.com/about?utm_medium=email#team",
		"“Globex.com/about”",
		"sales@acme.com",
		"N/A",
		"http://[::1",
	})
	groups, failed := webaddressbeam.Dedupe(s, urls, webaddressbeam.Options{})
	beam.ParDo0(s, printGroup, groups)
	beam.ParDo0(s, printFailure, failed)
	if err := ptest.Run(p); err != nil {
		fmt.Println(err)
	}
	// Unordered output:
	// acme.com: 4, first "WWW.Acme.com/?utm_source=x"
	// globex.com/about: 3, first "http://www.globex.com/about?utm_medium=email#team"
	// failed: "N/A": web.placeholder
	// failed: "http://[::1": web.invalid-host
}

func init() {
	register.Function1x0(printValue)
}

func printValue(v webaddressbeam.Value) {
	fmt.Printf("line %d: %q\n", v.Line, v.Text)
}

// Read reads the column of a CSV file by RFC 4180: a malformed record (here
// the quote opened on line 3 runs into the one on line 4, text after it:
// a record of lines 3 and 4) is one dead letter with its line, and no value
// is made from inside it.
func ExampleRead() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "contacts.csv")
	os.WriteFile(path, []byte("name,website\nAnn,acme.com\n\"Broken Co,broken.com\nCid,\"globex.com/a,b\"\nDee,initech.com\n"), 0o666)

	p, s := beam.NewPipelineWithRoot()
	values, failed := webaddressbeam.Read(s, path, webaddressbeam.ReadOptions{Format: "csv", Column: "website"})
	beam.ParDo0(s, printValue, values)
	beam.ParDo0(s, printFailure, failed)
	if err := ptest.Run(p); err != nil {
		fmt.Println(err)
	}
	// Unordered output:
	// line 2: "acme.com"
	// line 5: "initech.com"
	// failed: "\"Broken Co,broken.com": record.text-after-quote
}

func init() {
	register.Function1x0(printPair)
}

func printPair(m webaddressbeam.Matched) {
	if m.Count == 0 {
		fmt.Printf("%s: no account (key %s)\n", m.Value.Text, m.Key)
		return
	}
	fmt.Printf("%s: %s, line %d (of %d)\n", m.Value.Text, m.First.Text, m.First.Line, m.Count)
}

// MatchPairs attaches each lead to every account of its owner, a pair
// each, as the tool's match --all: Ann's e-mail address is at a subdomain
// of acme.com, which two accounts have; a lead that matches no account is
// one element, with Count 0; a free-mail address never matches, and is a
// dead letter. Match gives one element a lead, with the first account.
func ExampleMatchPairs() {
	p, s := beam.NewPipelineWithRoot()
	leads := beam.CreateList(s, []webaddressbeam.Value{
		{File: "leads.csv", Line: 2, Text: "ann@sales.acme.com"},
		{File: "leads.csv", Line: 3, Text: "umbrella.com"},
		{File: "leads.csv", Line: 4, Text: "bob@gmail.com"},
	})
	accounts := beam.CreateList(s, []webaddressbeam.Value{
		{File: "accounts.csv", Line: 2, Text: "acme.com"},
		{File: "accounts.csv", Line: 3, Text: "https://www.acme.com/"},
		{File: "accounts.csv", Line: 4, Text: "globex.com"},
	})
	pairs, failed := webaddressbeam.MatchPairs(s, leads, accounts, webaddressbeam.Options{By: webaddress.LevelOwner})
	beam.ParDo0(s, printPair, pairs)
	beam.ParDo0(s, printFailure, failed)
	if err := ptest.Run(p); err != nil {
		fmt.Println(err)
	}
	// Unordered output:
	// ann@sales.acme.com: acme.com, line 2 (of 2)
	// ann@sales.acme.com: https://www.acme.com/, line 3 (of 2)
	// umbrella.com: no account (key umbrella.com)
	// failed: "bob@gmail.com": web.email-free-mail
}
