// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
)

// This file reads the data files of the owner rules, embedded in the
// package: the tenants (KeyV2), the platforms, the state portals and the
// free-mail domains (KeyV3), one entry a line with its source and the date
// it was read.

var (
	//go:embed data/tenants.txt
	tenantsFile string
	//go:embed data/platforms.txt
	platformsFile string
	//go:embed data/state_portals.txt
	statePortalsFile string
	//go:embed data/free_mail.txt
	freeMailFile string
	//go:embed data/free_mail_list.txt
	freeMailListFile string
)

// A shapeEntry is a platform of tenants.txt or platforms.txt.
type shapeEntry struct {
	shape  string   // "<name>.domain" or "host/prefix<name>"
	own    []string // the platform's own labels
	seen   string   // how the shape is known: page, list, corpus or request
	read   string   // the date the source was read
	source string   // the page, list or corpus
}

// A domainEntry is a domain of state_portals.txt or free_mail.txt.
type domainEntry struct {
	domain string
	read   string // the date the source was read
	source string // where the domain is listed
}

// seenKinds are the values of a shape's seen field.
var seenKinds = set("page", "list", "corpus", "request")

// dataFields are the fields of one entry of a data file, by name.
type dataFields map[string][]string

// readData calls entry with the fields of each entry of the data file
// text, named name: a line of tab-separated name=value fields; a "default"
// line gives its fields to the entries after it that lack them; blank
// lines and lines that start with "#" are skipped. Each field must be one
// of known, each field but those of repeated at most once, and each of
// required present. An error names the file and the line.
func readData(name, text string, known, repeated, required []string, entry func(f dataFields) error) error {
	defaults := dataFields{}
	for n, line := range strings.Split(text, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := dataFields{}
		isDefault := false
		for i, field := range strings.Split(line, "\t") {
			if i == 0 && field == "default" {
				isDefault = true
				continue
			}
			k, v, ok := strings.Cut(field, "=")
			switch {
			case !ok || v == "" || v != strings.TrimSpace(v):
				return fmt.Errorf("%s:%d: %q is not name=value", name, n+1, field)
			case !slices.Contains(known, k):
				return fmt.Errorf("%s:%d: unknown field %q", name, n+1, k)
			case len(f[k]) > 0 && !slices.Contains(repeated, k):
				return fmt.Errorf("%s:%d: field %q twice", name, n+1, k)
			}
			f[k] = append(f[k], v)
		}
		if isDefault {
			for k, v := range f {
				defaults[k] = v
			}
			continue
		}
		for k, v := range defaults {
			if len(f[k]) == 0 {
				f[k] = v
			}
		}
		for _, k := range required {
			if len(f[k]) == 0 {
				return fmt.Errorf("%s:%d: no field %q", name, n+1, k)
			}
		}
		if d := f.one("read"); d != "" && !isDate(d) {
			return fmt.Errorf("%s:%d: read=%s is not a date YYYY-MM-DD", name, n+1, d)
		}
		if err := entry(f); err != nil {
			return fmt.Errorf("%s:%d: %v", name, n+1, err)
		}
	}
	return nil
}

// one returns the field k, or "".
func (f dataFields) one(k string) string {
	if len(f[k]) == 0 {
		return ""
	}
	return f[k][0]
}

// isDate reports whether s is a date written YYYY-MM-DD.
func isDate(s string) bool {
	if len(s) != len("2006-01-02") || s[4] != '-' || s[7] != '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if i != 4 && i != 7 && !isDigit(s[i]) {
			return false
		}
	}
	return true
}

// readShapes returns the platforms of a data file of shapes.
func readShapes(name, text string) ([]shapeEntry, error) {
	var out []shapeEntry
	err := readData(name, text, []string{"shape", "own", "seen", "read", "source"}, []string{"own"},
		[]string{"shape", "seen", "read", "source"}, func(f dataFields) error {
			e := shapeEntry{shape: f.one("shape"), own: f["own"], seen: f.one("seen"), read: f.one("read"), source: f.one("source")}
			if !seenKinds[e.seen] {
				return fmt.Errorf("seen=%s is not page, list, corpus or request", e.seen)
			}
			if e.shape != strings.ToLower(e.shape) || strings.Count(e.shape, "<name>") != 1 || strings.Contains(e.shape, " ") {
				return fmt.Errorf("shape=%s is not one lowercase shape with <name>", e.shape)
			}
			out = append(out, e)
			return nil
		})
	return out, err
}

// readDomains returns the domains of a data file of domains.
func readDomains(name, text string) ([]domainEntry, error) {
	var out []domainEntry
	err := readData(name, text, []string{"domain", "read", "source"}, nil,
		[]string{"domain", "read", "source"}, func(f dataFields) error {
			e := domainEntry{domain: f.one("domain"), read: f.one("read"), source: f.one("source")}
			if e.domain != strings.ToLower(e.domain) || strings.ContainsAny(e.domain, " /:@") {
				return fmt.Errorf("domain=%s is not a lowercase domain", e.domain)
			}
			out = append(out, e)
			return nil
		})
	return out, err
}

// domainSet returns the domains of es as a set.
func domainSet(es []domainEntry) map[string]bool {
	m := make(map[string]bool, len(es))
	for _, e := range es {
		m[e.domain] = true
	}
	return m
}

// must returns v, and panics with err: the embedded data files are part of
// the program, and TestDataFiles reads each.
func must[T any](v T, err error) T {
	if err != nil {
		panic("webaddress: " + err.Error())
	}
	return v
}
