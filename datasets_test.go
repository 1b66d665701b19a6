// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"testing"

	"github.com/onecontact/webaddress/internal/data"
)

// The entries of the owner rules' lists, for the tests (the package reads
// them into its own tables).
var (
	tenants      = readAll(data.Tenants)
	platforms    = readAll(data.Platforms)
	statePortals = func() (ds []string) {
		for _, d := range readAll(data.StatePortals) {
			ds = append(ds, d.Domain)
		}
		return ds
	}()
)

// seenKinds are the values of a shape's seen field.
var seenKinds = set("page", "list", "corpus", "request")

// readAll returns the entries of a list.
func readAll[T any](read func(func(T) error) error) []T {
	var es []T
	data.Must(read(func(e T) error { es = append(es, e); return nil }))
	return es
}

// TestOwnPaths: every network of network_paths.txt is one whose profiles
// are matched, and has own paths.
func TestOwnPaths(t *testing.T) {
	for n := range socialData().ownPaths {
		if nw := networkNamed(n); nw == nil || nw.match == nil {
			t.Errorf("network_paths.txt: network=%s is not a network of profiles", n)
		}
	}
	for _, n := range []Network{NetworkX, NetworkGitHub, NetworkFacebook, NetworkInstagram} {
		if len(socialData().ownPaths[n]) < 20 {
			t.Errorf("network_paths.txt: %d own paths of %s", len(socialData().ownPaths[n]), n)
		}
	}
}
