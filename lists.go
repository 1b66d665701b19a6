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
	//go:embed data/free_mail_sites.txt
	freeMailSitesFile string
)

// A shapeEntry is a platform of tenants.txt or platforms.txt.
type shapeEntry struct {
	shape  string   // "<name>.domain" or "host/prefix<name>"
	own    []string // the platform's own labels
	route  string   // a host shape's label below which a label is a tenant's (see ownerEntry)
	seen   string   // how the shape is known: page, list, corpus or request
	read   string   // the date the source was read
	source string   // the page, list or corpus
}

// A domainEntry is a domain of state_portals.txt or a free-mail file.
type domainEntry struct {
	domain string
	read   string // the date the source was read
	source string // where the domain is listed
}

// seenKinds are the values of a shape's seen field.
var seenKinds = set("page", "list", "corpus", "request")

// A dataField is one name=value field of an entry of a data file.
type dataField struct{ name, value string }

// dataFields are the fields of one entry of a data file, in their order,
// then the default line's that the entry lacks.
type dataFields []dataField

// readData calls entry with the fields of each entry of the data file
// text, named name: a line of tab-separated name=value fields; a "default"
// line gives its fields to the entries after it that lack them; blank
// lines and lines that start with "#" are skipped. Each field must be one
// of known, each field but those of repeated at most once, and each of
// required present. An error names the file and the line. The fields
// given to entry are reused for the next line: entry keeps only their
// strings, which are text's.
func readData(name, text string, known, repeated, required []string, entry func(f dataFields) error) error {
	var defaults, f dataFields
	for n := 1; text != ""; n++ {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		if line == "" || line[0] == '#' {
			continue
		}
		f = f[:0]
		isDefault := false
		for i := 0; line != ""; i++ {
			field, more, _ := strings.Cut(line, "\t")
			line = more
			if i == 0 && field == "default" {
				isDefault = true
				continue
			}
			k, v, ok := strings.Cut(field, "=")
			switch {
			case !ok || v == "" || v != strings.TrimSpace(v):
				return fmt.Errorf("%s:%d: %q is not name=value", name, n, field)
			case !slices.Contains(known, k):
				return fmt.Errorf("%s:%d: unknown field %q", name, n, k)
			case f.has(k) && !slices.Contains(repeated, k):
				return fmt.Errorf("%s:%d: field %q twice", name, n, k)
			}
			f = append(f, dataField{k, v})
		}
		if isDefault {
			defaults = slices.DeleteFunc(defaults, func(d dataField) bool { return f.has(d.name) })
			defaults = append(defaults, f...)
			continue
		}
		own := len(f)
		for _, d := range defaults {
			if !f[:own].has(d.name) {
				f = append(f, d)
			}
		}
		for _, k := range required {
			if !f.has(k) {
				return fmt.Errorf("%s:%d: no field %q", name, n, k)
			}
		}
		if d := f.one("read"); d != "" && !isDate(d) {
			return fmt.Errorf("%s:%d: read=%s is not a date YYYY-MM-DD", name, n, d)
		}
		if err := entry(f); err != nil {
			return fmt.Errorf("%s:%d: %v", name, n, err)
		}
	}
	return nil
}

// has reports whether f has a field named k.
func (f dataFields) has(k string) bool {
	for _, x := range f {
		if x.name == k {
			return true
		}
	}
	return false
}

// one returns the first field named k, or "".
func (f dataFields) one(k string) string {
	for _, x := range f {
		if x.name == k {
			return x.value
		}
	}
	return ""
}

// all returns the fields named k, in their order.
func (f dataFields) all(k string) []string {
	var vs []string
	for _, x := range f {
		if x.name == k {
			vs = append(vs, x.value)
		}
	}
	return vs
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
	err := readData(name, text, []string{"shape", "own", "route", "seen", "read", "source"}, []string{"own"},
		[]string{"shape", "seen", "read", "source"}, func(f dataFields) error {
			e := shapeEntry{shape: f.one("shape"), own: f.all("own"), route: f.one("route"), seen: f.one("seen"), read: f.one("read"), source: f.one("source")}
			if e.route != "" && (!strings.HasPrefix(e.shape, "<name>.") || strings.Contains(e.shape, "/") || !slices.Contains(e.own, e.route)) {
				return fmt.Errorf("route=%s: a host shape's own label", e.route)
			}
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
	err := eachDomain(name, text, func(e domainEntry) { out = append(out, e) })
	return out, err
}

// eachDomain calls f with each domain of a data file of domains.
func eachDomain(name, text string, f func(domainEntry)) error {
	return readData(name, text, []string{"domain", "read", "source"}, nil,
		[]string{"domain", "read", "source"}, func(fs dataFields) error {
			e := domainEntry{domain: fs.one("domain"), read: fs.one("read"), source: fs.one("source")}
			if !isLowerDomain(e.domain) {
				return fmt.Errorf("domain=%s is not a lowercase domain", e.domain)
			}
			f(e)
			return nil
		})
}

// isLowerDomain reports whether d has no ASCII upper-case letter and none
// of " /:@".
func isLowerDomain(d string) bool {
	for i := 0; i < len(d); i++ {
		if c := d[i]; 'A' <= c && c <= 'Z' || c == ' ' || c == '/' || c == ':' || c == '@' {
			return false
		}
	}
	return true
}

// domainSet returns the domains of the data files of domains named, each
// followed by its text, as a set.
func domainSet(files ...string) (map[string]bool, error) {
	m := make(map[string]bool, 16384)
	for i := 0; i+1 < len(files); i += 2 {
		if err := eachDomain(files[i], files[i+1], func(e domainEntry) { m[e.domain] = true }); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// must returns v, and panics with err: the embedded data files are part of
// the program, and TestDataFiles reads each.
func must[T any](v T, err error) T {
	if err != nil {
		panic("webaddress: " + err.Error())
	}
	return v
}
