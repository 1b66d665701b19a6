// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package data holds the lists that grow with the world, as data files
// embedded in the program, and the one reader of them: the platforms and
// tenants, the state portals, the free-mail domains, the URL shorteners,
// the link wrappers, the placeholders, the scheme typos, the reserved
// names, the locality labels and the social networks' own paths. Package
// webaddress and its messy-cell layer both read them from here.
//
// Each file is one entry a line, its fields separated by tabs, each field
// name=value; every entry names its source and the date that source was
// read (fields source and read). A line "default" and fields gives those
// fields to the entries after it that lack them; blank lines and lines
// that start with "#" are skipped. Each file's header says what its fields
// are. Adding an entry is adding a line.
//
// Nothing is read when the program starts: each function reads its file
// when called, and calls f with each entry, in the file's order. An error
// names the file and the line, as in
// "internal/data/platforms.txt:12: seen=guess is not page, list, corpus
// or request"; an error f returns is named so too. The embedded files are
// part of the program and the package's tests read every one, so callers
// may panic on an error.
package data

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"
)

// dir is the files' folder in the module, as errors name them.
const dir = "internal/data/"

// A file is one data file: its name, its text and what its entries are.
type file struct {
	name   string  // its name in dir
	text   *string // its text, embedded
	schema *schema
}

// A schema says what the entries of a file are.
type schema struct {
	key      []string // the fields no two entries have the same values of
	known    []string // the fields an entry may have
	repeated []string // the fields of known an entry may have more than once
	required []string // the fields every entry has (with the default line's)
	check    func(f fields) error
}

// A field is one name=value field of an entry.
type field struct{ name, value string }

// fields are the fields of one entry, in their order, then the default
// line's that the entry lacks.
type fields []field

// read calls entry with the fields of each entry of f; see the package
// doc for the format. Each field must be one of the schema's known, each
// but its repeated at most once, each of its required present, and read
// a date YYYY-MM-DD; its check and entry must accept them. The fields
// given to entry are reused for the next line: entry keeps only their
// strings, which are the file's text.
func read(f file, entry func(f fields) error) error {
	s := f.schema
	text := *f.text
	var defaults, fs fields
	for n := 1; text != ""; n++ {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		if line == "" || line[0] == '#' {
			continue
		}
		fs = fs[:0]
		isDefault := false
		for i := 0; line != ""; i++ {
			fld, more, _ := strings.Cut(line, "\t")
			line = more
			if i == 0 && fld == "default" {
				isDefault = true
				continue
			}
			k, v, ok := strings.Cut(fld, "=")
			switch {
			case !ok || v == "" || v != strings.TrimSpace(v):
				return fmt.Errorf("%s%s:%d: %q is not name=value", dir, f.name, n, fld)
			case !slices.Contains(s.known, k):
				return fmt.Errorf("%s%s:%d: unknown field %q", dir, f.name, n, k)
			case fs.has(k) && !slices.Contains(s.repeated, k):
				return fmt.Errorf("%s%s:%d: field %q twice", dir, f.name, n, k)
			}
			fs = append(fs, field{k, v})
		}
		if isDefault {
			defaults = slices.DeleteFunc(defaults, func(d field) bool { return fs.has(d.name) })
			defaults = append(defaults, fs...)
			continue
		}
		own := len(fs)
		for _, d := range defaults {
			if !fs[:own].has(d.name) {
				fs = append(fs, d)
			}
		}
		for _, k := range s.required {
			if !fs.has(k) {
				return fmt.Errorf("%s%s:%d: no field %q", dir, f.name, n, k)
			}
		}
		if d := fs.one("read"); d != "" && !isDate(d) {
			return fmt.Errorf("%s%s:%d: read=%s is not a date YYYY-MM-DD", dir, f.name, n, d)
		}
		if s.check != nil {
			if err := s.check(fs); err != nil {
				return fmt.Errorf("%s%s:%d: %v", dir, f.name, n, err)
			}
		}
		if err := entry(fs); err != nil {
			return fmt.Errorf("%s%s:%d: %v", dir, f.name, n, err)
		}
	}
	return nil
}

// has reports whether f has a field named k.
func (f fields) has(k string) bool {
	for _, x := range f {
		if x.name == k {
			return true
		}
	}
	return false
}

// one returns the first field named k, or "".
func (f fields) one(k string) string {
	for _, x := range f {
		if x.name == k {
			return x.value
		}
	}
	return ""
}

// all returns the fields named k, in their order.
func (f fields) all(k string) []string {
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
		if i != 4 && i != 7 && (s[i] < '0' || s[i] > '9') {
			return false
		}
	}
	return true
}

// isLower reports whether s has no ASCII upper-case letter and none of
// " /:@".
func isLower(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'A' <= c && c <= 'Z' || c == ' ' || c == '/' || c == ':' || c == '@' {
			return false
		}
	}
	return true
}
