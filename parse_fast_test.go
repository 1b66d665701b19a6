// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"
	"testing"

	"github.com/onecontact/webaddress/internal/testfiles"
)

// fastPathFiles are the corpus files the fast paths of Parse are checked
// on: every one, the list of unique hosts included.
var fastPathFiles = []string{"kasztp.txt", "node_files.txt", "typed.txt", "unique_hosts.txt"}

// fastPathInputs returns every input the fast paths of Parse are checked
// on: the lines of every corpus file, the web-platform-tests' inputs, the
// fuzz seeds and Parse's own cases.
func fastPathInputs(t *testing.T) []string {
	var inputs []string
	for _, name := range fastPathFiles {
		inputs = append(inputs, testfiles.MustCorpusLines(t, name)...)
	}
	for _, c := range wptCases(t) {
		inputs = append(inputs, c.Input)
	}
	for _, tt := range parseTests {
		inputs = append(inputs, tt.in)
	}
	return append(inputs, fuzzSeeds...)
}

// TestNetworkHosts: the filter of profileOf passes every host of a
// network, on every input of fastPathInputs and for every domain of
// networks and its subdomains, and few others.
func TestNetworkHosts(t *testing.T) {
	check := func(host string) bool {
		t.Helper()
		isNetwork := networkOf(lastTwoLabels(host)) != nil
		if isNetwork && !networkHosts.mayHave(host) {
			t.Errorf("networkHosts.mayHave(%q) = false; it is a network's host", host)
		}
		return networkHosts.mayHave(host)
	}
	for _, nw := range networks {
		for _, d := range nw.domains {
			for _, h := range []string{d, "www." + d, "m." + d, "a.b." + d, "." + d, ".." + d, "x" + d, d + "x", d[1:]} {
				check(h)
			}
		}
	}
	passed, hosts := 0, 0
	for _, in := range fastPathInputs(t) {
		u, err := ParseURL(in)
		if err != nil || u.HostKind() != DomainHost {
			continue
		}
		hosts++
		host := u.Hostname()
		if check(strings.TrimSuffix(host, ".")) {
			passed++
		}
		check(host)
	}
	t.Logf("networkHosts passed %d of %d hosts", passed, hosts)
	if passed > hosts/10 {
		t.Errorf("networkHosts passed %d of %d hosts, want few", passed, hosts)
	}
}
