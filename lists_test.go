// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"
	"testing"
)

// TestDataFiles reads each data file of the owner rules: every entry names
// its source and the date it was read, and no domain is there twice.
func TestDataFiles(t *testing.T) {
	for _, f := range []struct{ name, text string }{
		{"data/tenants.txt", tenantsFile},
		{"data/platforms.txt", platformsFile},
	} {
		es, err := readShapes(f.name, f.text)
		if err != nil || len(es) == 0 {
			t.Fatalf("%s: %d entries, %v", f.name, len(es), err)
		}
		seen := map[string]bool{}
		for _, e := range es {
			if e.source == "" || !isDate(e.read) || seen[e.shape] {
				t.Errorf("%s: %q: source %q read %q, or twice", f.name, e.shape, e.source, e.read)
			}
			seen[e.shape] = true
		}
	}
	for _, f := range []struct{ name, text string }{
		{"data/state_portals.txt", statePortalsFile},
		{"data/free_mail.txt", freeMailFile},
	} {
		es, err := readDomains(f.name, f.text)
		if err != nil || len(es) == 0 {
			t.Fatalf("%s: %d entries, %v", f.name, len(es), err)
		}
		seen := map[string]bool{}
		for _, e := range es {
			if e.source == "" || !isDate(e.read) || seen[e.domain] {
				t.Errorf("%s: %q: source %q read %q, or twice", f.name, e.domain, e.source, e.read)
			}
			seen[e.domain] = true
		}
	}
}

// TestReadDataErrors: a line the readers cannot take is an error that
// names the file, the line and what is wrong.
func TestReadDataErrors(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"shape=<name>.x.com\tseen=list\tread=2026-12-01", `t.txt:1: no field "source"`},
		{"shape=\tseen=list", `t.txt:1: "shape=" is not name=value`},
		{"# c\n\nshape=<name>.x.com\tseen=list\tread=2026-12\tsource=s", "t.txt:3: read=2026-12 is not a date"},
		{"shape=<name>.x.com\tseen=guess\tread=2026-12-01\tsource=s", "t.txt:1: seen=guess is not page"},
		{"shape=<name>.x.com\tshape=<name>.y.com\tseen=list\tread=2026-12-01\tsource=s", `t.txt:1: field "shape" twice`},
		{"shape=<name>.x.com\tkind=x\tseen=list\tread=2026-12-01\tsource=s", `t.txt:1: unknown field "kind"`},
		{"shape=<name>.x.com own=www\tseen=list\tread=2026-12-01\tsource=s", "t.txt:1: shape=<name>.x.com own=www is not one lowercase shape"},
		{"shape=x.com\tseen=list\tread=2026-12-01\tsource=s", "t.txt:1: shape=x.com is not one lowercase shape"},
		{"default\tsource=s\tread=2026-12-01\nshape=<name>.X.com\tseen=list", "t.txt:2: shape=<name>.X.com is not one lowercase"},
	} {
		_, err := readShapes("t.txt", tt.text)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("readShapes(%q) = %v, want %q", tt.text, err, tt.want)
		}
	}
	es, err := readDomains("t.txt", "default\tsource=s\tread=2026-12-01\ndomain=a.com\ndomain=b.com\tsource=t")
	if err != nil || len(es) != 2 || es[0].source != "s" || es[1].source != "t" || es[1].read != "2026-12-01" {
		t.Errorf("readDomains with a default line = %+v, %v", es, err)
	}
}
