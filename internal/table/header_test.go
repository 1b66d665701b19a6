// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package table

import (
	"fmt"
	"strings"
	"testing"
)

func TestHeader(t *testing.T) {
	for _, tt := range []struct {
		in, names, renamed string
	}{
		// Unique names stay as they are.
		{"name,website", "name,website", ""},
		// A name that comes again is renamed, and said so.
		{"name,website,website", "name,website,website_2", `column 3 is "website" again: renamed "website_2"`},
		// A suffix already taken is skipped.
		{"a,a,a_2,a", "a,a_3,a_2,a_4", `column 2 is "a" again: renamed "a_3"; column 4 is "a" again: renamed "a_4"`},
	} {
		h := NewHeader(strings.Split(tt.in, ","))
		if got := strings.Join(h.Names, ","); got != tt.names {
			t.Errorf("NewHeader(%q).Names = %q, want %q", tt.in, got, tt.names)
		}
		if got := strings.Join(h.Renamed, "; "); got != tt.renamed {
			t.Errorf("NewHeader(%q).Renamed = %q, want %q", tt.in, got, tt.renamed)
		}
	}
}

func TestHeaderFind(t *testing.T) {
	h := NewHeader([]string{"name", "Website", "WEBSITE", "url", "url"})
	for _, tt := range []struct {
		in   string
		want string
	}{
		// Exactly, then ignoring case.
		{"Website", "1"},
		{"URL", "3"},
		{"url_2", "4"},
		// Two ignoring case: ambiguous.
		{"website", `column "website" is ambiguous: ignoring case it is "Website" (column 2) and "WEBSITE" (column 3); name one exactly`},
		{"site", `no column "site" in the header row (name, Website, WEBSITE, url, url_2)`},
	} {
		i, err := h.Find(tt.in)
		got := fmt.Sprint(i)
		if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("Find(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}

func TestQuote(t *testing.T) {
	long := strings.Repeat("é", 100)
	if got, want := Quote(long), `"`+strings.Repeat("é", 50)+`"… (200 bytes)`; got != want {
		t.Errorf("Quote(200 bytes) = %s, want %s", got, want)
	}
	if got := Quote("a\"b"); got != `"a\"b"` {
		t.Errorf("Quote = %s", got)
	}
}

// jsonOf returns the JSON an AppendJSON call appended.
func jsonOf(b []byte, _ bool) string { return string(b) }
