// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import "github.com/onecontact/webaddress/internal/data"

// This file holds what reading the lists of internal/data takes: the sets they become, and the panic of a broken one.

// mustRead panics with err, an error of a list: the embedded data files are
// part of the program, and the tests of internal/data and of this package
// read each.
func mustRead(err error) {
	if err != nil {
		panic("webaddress: " + err.Error())
	}
}

// domainSet returns the domains of the lists read by each of reads as a
// set, made with room for n.
func domainSet(n int, reads ...func(func(data.Domain) error) error) map[string]bool {
	m := make(map[string]bool, n)
	for _, read := range reads {
		mustRead(read(func(d data.Domain) error { m[d.Domain] = true; return nil }))
	}
	return m
}

// nameSet returns the names of a list of names as a set.
func nameSet(read func(func(data.Name) error) error) map[string]bool {
	m := make(map[string]bool)
	mustRead(read(func(n data.Name) error { m[n.Name] = true; return nil }))
	return m
}

// set returns names as a set.
func set(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}
