// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/internal/testfiles"
)

// codeExamples are the package's error codes, in the order errors.go
// declares them, each with an error that has it.
var codeExamples = []struct {
	code webaddress.Code
	err  func() error
}{
	{webaddress.CodeHostMissing, func() error { _, err := webaddress.Parse("https://"); return err }},
	{webaddress.CodeInvalidHost, func() error { _, err := webaddress.Parse("https://exa%20mple.com/"); return err }},
	{webaddress.CodeInvalidPort, func() error { _, err := webaddress.Parse("example.com:99999"); return err }},
	{webaddress.CodeInvalidURL, func() error { _, err := webaddress.ParseURL("no scheme"); return err }},
	{webaddress.CodeInvalidUTF8, func() error { _, err := webaddress.Parse("example.com/\xff"); return err }},
	{webaddress.CodeInvalidArgument, func() error { _, err := webaddress.KeyVersion(9).MarshalText(); return err }},
	{webaddress.CodeNetURL, func() error { _, err := webaddress.MustParseURL("https://example.com/%zz").NetURL(); return err }},
	{webaddress.CodeInvalidRecord, func() error { var a webaddress.Address; return json.Unmarshal([]byte(`[]`), &a) }},
	{cells.CodeEmpty, func() error { _, err := cells.Options{KeepEmails: true}.Tidy(" "); return err }},
	{cells.CodePlaceholder, func() error { _, err := cells.Options{KeepEmails: true}.Tidy("N/A"); return err }},
	{cells.CodeSeveralAddresses, func() error { _, err := cells.Options{KeepEmails: true}.Tidy("acme.com globex.com"); return err }},
	{cells.CodeEmail, func() error { _, err := cells.Options{KeepEmails: true}.Tidy("jo@acme.com"); return err }},
	{cells.CodeEmailFreeMail, func() error { _, err := cells.Options{}.Tidy("jo@gmail.com"); return err }},
	{cells.CodeEmailNotPublic, func() error { _, err := cells.Options{}.Tidy("jo@example.com"); return err }},
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
		var coded interface{ Code() webaddress.Code }
		if !errors.Is(err, c.code) || !errors.As(err, &coded) || coded.Code() != c.code || webaddress.CodeOf(err) != c.code {
			t.Errorf("the example of %s gives %v", c.code, err)
		}
	}
	if strings.Join(listed, "\n") != strings.Join(want, "\n") {
		t.Errorf("testdata/codes.txt lists\n%s\nthe package's codes are\n%s", strings.Join(listed, "\n"), strings.Join(want, "\n"))
	}
}

// TestCodeOf checks CodeOf on errors that wrap one of the package's, and
// on errors that have none.
func TestCodeOf(t *testing.T) {
	_, err := webaddress.Parse("example.com:99999")
	for _, tt := range []struct {
		err  error
		want webaddress.Code
	}{
		{err, webaddress.CodeInvalidPort},
		{fmt.Errorf("row 7: %w", err), webaddress.CodeInvalidPort},
		{errors.Join(errors.New("other"), err), webaddress.CodeInvalidPort},
		{errors.New("no code"), ""},
		{nil, ""},
	} {
		if got := webaddress.CodeOf(tt.err); got != tt.want {
			t.Errorf("CodeOf(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}
