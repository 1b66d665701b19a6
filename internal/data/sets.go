// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package data

// This file holds what reading a list into a set takes, for package
// webaddress and its messy-cell layer, package cells, alike.

// Must panics with err, an error of a list: the embedded files are part of
// the program, and this package's tests read each.
func Must(err error) {
	if err != nil {
		panic("webaddress: " + err.Error())
	}
}

// DomainSet returns the domains of the lists read by each of reads as a
// set, made with room for n.
func DomainSet(n int, reads ...func(func(Domain) error) error) map[string]bool {
	m := make(map[string]bool, n)
	for _, read := range reads {
		Must(read(func(d Domain) error { m[d.Domain] = true; return nil }))
	}
	return m
}

// NameSet returns the names of a list of names as a set.
func NameSet(read func(func(Name) error) error) map[string]bool {
	m := make(map[string]bool)
	Must(read(func(n Name) error { m[n.Name] = true; return nil }))
	return m
}
