// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress_test

import (
	"encoding/json"
	"fmt"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
)

// An Address's JSON record is a line of the webaddress command's parse
// output: typed values, and null for what is absent (no profile here).
func ExampleAddress_MarshalJSON() {
	a, _ := webaddress.Parse("WWW.Example.com/shop?utm_source=x#top")
	b, _ := a.MarshalJSON()
	fmt.Println(string(b))
	// Output:
	// {"input":"WWW.Example.com/shop?utm_source=x#top","text":"WWW.Example.com/shop?utm_source=x#top","href":"https://www.example.com/shop?utm_source=x#top","canonical":"https://www.example.com/shop","key":"example.com/shop","site":"example.com","owner":"example.com","owner_rule":"domain","domain":"example.com","suffix":"com","subdomain":"www","facts":["scheme-assumed","tracking-parameters-removed","fragment-removed"],"network":null,"handle":null,"kind":null,"fields":{"host":[0,15],"path":[15,20],"query":[21,33],"fragment":[34,37]},"removed_params":["utm_source=x"],"error_code":null,"error":null}
}

// The record of an address read from a spreadsheet cell: input is the
// cell (Address.Cell), text what was parsed (Address.Input), and the
// offsets of fields are offsets into text.
func ExampleAddress_MarshalJSON_cell() {
	a, _ := cells.Parse("“http//Acme.com/about”")
	b, _ := a.MarshalJSON()
	fmt.Println(string(b))
	// Output:
	// {"input":"“http//Acme.com/about”","text":"http://Acme.com/about","href":"http://acme.com/about","canonical":"http://acme.com/about","key":"acme.com/about","site":"acme.com","owner":"acme.com","owner_rule":"domain","domain":"acme.com","suffix":"com","subdomain":"","facts":["wrapping-removed","typo-repaired"],"network":null,"handle":null,"kind":null,"fields":{"scheme":[0,4],"host":[7,15],"path":[15,21]},"removed_params":[],"error_code":null,"error":null}
}

// An address read back from its record, as a JSON field of a struct: the
// cell and the messy-cell layer's facts come back with it.
func ExampleAddress_UnmarshalJSON() {
	var row struct {
		Company string             `json:"company"`
		Website webaddress.Address `json:"website"`
	}
	a, _ := cells.Parse("“http//Acme.com/about”")
	data, _ := json.Marshal(map[string]any{"company": "Acme", "website": a})
	if err := json.Unmarshal(data, &row); err != nil {
		panic(err)
	}
	fmt.Println(row.Company, row.Website.Cell(), row.Website.Canonical(), row.Website.Facts())
	// Output:
	// Acme “http//Acme.com/about” http://acme.com/about wrapping-removed|typo-repaired
}
