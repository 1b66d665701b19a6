// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress_test

import (
	"os"
	"testing"

	"github.com/onecontact/webaddress/internal/idnacase"
	"github.com/onecontact/webaddress/internal/testfiles"
)

// idnaDiffKnown are the cases of testdata/idna_diff.txt where this package
// answers otherwise than whatwg-url, by input, with the reason; an
// unexpected agreement fails too. None at present.
var idnaDiffKnown = map[string]string{}

// TestIdnaDiff checks the cases of testdata/idna_diff.txt, the answers of
// whatwg-url (the URL Standard's reference implementation) to the
// questions where the IDNA differential (internal/tools/idnadiff) found
// this package answering otherwise: the URL parser's href and validation
// errors, DomainToASCII and DomainToUnicode.
func TestIdnaDiff(t *testing.T) {
	data, err := os.ReadFile(testfiles.Path("idna_diff.txt"))
	if err != nil {
		t.Fatal(err)
	}
	cases, err := idnacase.Parse("testdata/idna_diff.txt", string(data))
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("testdata/idna_diff.txt has no cases")
	}
	kinds := map[string]int{}
	for _, want := range cases {
		kinds[want.Kind]++
		got := idnacase.Answer(want.Kind, want.Input)
		reason, known := idnaDiffKnown[want.Input]
		switch {
		case got != want && !known:
			t.Errorf("%s %q: webaddress answers %s, whatwg-url %s", want.Kind, want.Input, got, want)
		case got == want && known:
			t.Errorf("%s %q: webaddress now agrees with whatwg-url; remove it from idnaDiffKnown (%s)", want.Kind, want.Input, reason)
		}
	}
	t.Logf("testdata/idna_diff.txt: %d cases (url %d, ascii %d, unicode %d)", len(cases), kinds["url"], kinds["ascii"], kinds["unicode"])
}
