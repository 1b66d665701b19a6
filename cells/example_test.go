// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells_test

import (
	"errors"
	"fmt"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
)

func ExampleOptions_Tidy() {
	cellList := []string{
		"\ufeffhttps://acme.com/",
		"“www.acme.com”",
		"acme.com/about.",
		"http//acme.com",
		"sales@acme.com",
		"https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Facme.com%2F&reserved=0",
		"bit.ly/3xYz",
		"N/A",
		"acme.com, globex.com",
		"jane@gmail.com",
	}
	for _, cell := range cellList {
		t, err := cells.Options{}.Tidy(cell)
		var c interface{ Code() webaddress.Code }
		if errors.As(err, &c) {
			fmt.Printf("%-26.24q %s\n", cell, c.Code())
			continue
		}
		fmt.Printf("%-26.24q %-20q %s\n", cell, t.Text, t.Facts)
	}
	// Output:
	// "\ufeffhttps://acme.com/"  "https://acme.com/"  invisible-removed
	// "“www.acme.com”"           "www.acme.com"       wrapping-removed
	// "acme.com/about."          "acme.com/about"     trailing-punctuation-removed
	// "http//acme.com"           "http://acme.com"    typo-repaired
	// "sales@acme.com"           "acme.com"           email-domain
	// "https://eur01.safelinks." "https://acme.com/"  link-unwrapped
	// "bit.ly/3xYz"              "bit.ly/3xYz"        opaque-redirect
	// "N/A"                      web.placeholder
	// "acme.com, globex.com"     web.several-addresses
	// "jane@gmail.com"           web.email-free-mail
}

// A cell with several addresses fails with web.several-addresses; the
// parts are in the Tidied returned with the error, each to be tidied on its
// own.
func ExampleOptions_Tidy_severalAddresses() {
	t, err := cells.Options{}.Tidy("acme.com; www.globex.de/en")
	fmt.Println(err)
	fmt.Println(errors.Is(err, cells.CodeSeveralAddresses))
	for _, part := range t.Parts {
		a, err := cells.Parse(part)
		if err != nil {
			panic(err)
		}
		fmt.Println(a.Key(webaddress.KeyV1, webaddress.LevelPage))
	}
	// Output:
	// web.several-addresses: "acme.com; www.globex.de/en": 2 addresses: "acme.com", "www.globex.de/en"
	// true
	// acme.com
	// globex.de/en
}

func ExampleParse() {
	for _, cell := range []string{`"Acme.com/About-Us".`, "intranet/wiki", "https://protect-us.mimecast.com/s/aBc?domain=acme.com"} {
		a, err := cells.Parse(cell)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-22s %s\n", a.Key(webaddress.KeyV1, webaddress.LevelPage), a.Facts())
	}
	// Output:
	// acme.com/about-us      scheme-assumed|wrapping-removed|trailing-punctuation-removed
	// intranet/wiki          scheme-assumed|not-public-website
	// mimecast.com/s/abc?domain=acme.com opaque-redirect
}

// The spans of the Address are spans of the text that was parsed;
// CellSpan turns them into spans of the cell when the text is a part of it.
func ExampleTidied_CellSpan() {
	cell := ` "https://Acme.com/x",`
	t, err := cells.Options{}.Tidy(cell)
	if err != nil {
		panic(err)
	}
	a, err := t.Parse()
	if err != nil {
		panic(err)
	}
	host := a.Fields().Host
	fmt.Printf("%q %d\n", t.Text, t.Start)
	fmt.Printf("%v %q\n", host, t.Text[host.Start:host.End])
	in := t.CellSpan(host)
	fmt.Printf("%v %q\n", in, cell[in.Start:in.End])
	// Output:
	// "https://Acme.com/x" 2
	// {8 16} "Acme.com"
	// {10 18} "Acme.com"
}
