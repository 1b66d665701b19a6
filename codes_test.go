// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/onecontact/webaddress/internal/testfiles"
)

// codeExamples are the package's error codes, in the order errors.go
// declares them, each with an error that has it.
var codeExamples = []struct {
	code Code
	err  func() error
}{
	{CodeHostMissing, func() error { _, err := Parse("https://"); return err }},
	{CodeInvalidHost, func() error { _, err := Parse("https://exa%20mple.com/"); return err }},
	{CodeInvalidPort, func() error { _, err := Parse("example.com:99999"); return err }},
	{CodeInvalidURL, func() error { _, err := ParseURL("no scheme"); return err }},
	{CodeInvalidUTF8, func() error { _, err := Parse("example.com/\xff"); return err }},
	{CodeInvalidArgument, func() error { _, err := KeyVersion(9).MarshalText(); return err }},
	{CodeNetURL, func() error { _, err := MustParseURL("https://example.com/%zz").NetURL(); return err }},
	{CodeInvalidRecord, func() error { var a Address; return json.Unmarshal([]byte(`[]`), &a) }},
	{CodeEmpty, func() error { _, err := Tidy(" ", TidyOptions{}); return err }},
	{CodePlaceholder, func() error { _, err := Tidy("N/A", TidyOptions{}); return err }},
	{CodeSeveralAddresses, func() error { _, err := Tidy("acme.com globex.com", TidyOptions{}); return err }},
	{CodeEmail, func() error { _, err := Tidy("jo@acme.com", TidyOptions{}); return err }},
	{CodeEmailFreeMail, func() error { _, err := Tidy("jo@gmail.com", TidyOptions{EmailToWebsite: true}); return err }},
	{CodeEmailNotPublic, func() error { _, err := Tidy("jo@example.com", TidyOptions{EmailToWebsite: true}); return err }},
}

// TestCodes checks testdata/codes.txt, the list of the package's codes
// that tests outside it read (the page's words for each), against
// codeExamples: the same codes in the same order, and an error of each
// code that errors.Is finds and whose Code method gives it.
func TestCodes(t *testing.T) {
	listed := testfiles.ErrorCodes(t)
	var want []string
	for _, c := range codeExamples {
		want = append(want, string(c.code))
		err := c.err()
		var coded interface{ Code() Code }
		if !errors.Is(err, c.code) || !errors.As(err, &coded) || coded.Code() != c.code {
			t.Errorf("the example of %s gives %v", c.code, err)
		}
	}
	if strings.Join(listed, "\n") != strings.Join(want, "\n") {
		t.Errorf("testdata/codes.txt lists\n%s\nthe package's codes are\n%s", strings.Join(listed, "\n"), strings.Join(want, "\n"))
	}
}
