// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package table

import "testing"

// TestGuessDelimiter checks the one delimiter guess of the tool (which
// knows the column) and the page (which does not yet).
func TestGuessDelimiter(t *testing.T) {
	for _, tt := range []struct {
		line, column string
		noHeader     bool
		want         byte
	}{
		{"name,website", "website", false, ','},
		{"name;website", "Website", false, ';'},
		{"name\twebsite", "website", false, '\t'},
		{"name|website", "website", false, '|'},
		{"name;website,x", "website,x", false, ';'}, // the column found by ';', a comma in its name
		{`"a;b",website`, "website", false, ','},    // a quoted ';' is not a delimiter
		{"name;web site", "web site", false, ';'},   // spaces inside a name are kept
		{"name; website ", "website", false, ';'},   // spaces around it are not
		{"a;b;c,d", "2", false, ';'},                // a number: the most fields
		{"a;b;c,d", "nowhere", false, ','},          // a name not found: ','
		{"a;b\tc", "1", true, ';'},                  // data: the most fields, ';' before tab on a tie
		{"a;b\tc", "", false, ';'},                  // the page: the column not known yet
		{"a\tb\tc;d", "", false, '\t'},              // the page: the most fields
		{"website", "", false, ','},                 // nothing splits it
		{`"x,y";"z,w";v`, "", false, ';'},           // quotes read as RFC 4180
		{"", "", false, ','},
	} {
		if got := GuessDelimiter(tt.line, tt.column, tt.noHeader); got != tt.want {
			t.Errorf("GuessDelimiter(%q, %q, %v) = %q, want %q", tt.line, tt.column, tt.noHeader, got, tt.want)
		}
	}
}
