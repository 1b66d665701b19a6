// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"regexp"
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
	mustRead(read(func(e T) error { es = append(es, e); return nil }))
	return es
}

// TestFreeMailDomains: the providers' domains that e-mail addresses are
// told by are in the list the messy-cell layer reads.
func TestFreeMailDomains(t *testing.T) {
	for _, d := range []string{"wi.rr.com", "comcastbiz.net", "frontier.com", "centurytel.net", "tds.net", "windstream.net", "gmail.com"} {
		if !freeMailDomains()[d] {
			t.Errorf("%s is not a free-mail or provider domain", d)
		}
	}
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

// TestFreeMailReview: every entry of the generated free-mail list under
// an education, research or government name has a decision in
// free_mail_review.txt; each decision is on an entry of that list and of
// no curated list; and the entries taken out are not free mail.
func TestFreeMailReview(t *testing.T) {
	public := regexp.MustCompile(`(^|\.)((edu|gov|mil|int)|(edu|ac|gov|govt|gouv|gob|go|mil|sch)\.[a-z]{2})$`)
	list := map[string]bool{}
	for _, d := range readAll(data.FreeMailList) {
		list[d.Domain] = true
	}
	curated := domainSet(256, data.FreeMail, data.FreeMailSites)
	reviewed := map[string]bool{}
	out := 0
	for _, r := range readAll(data.FreeMailReview) {
		reviewed[r.Domain] = true
		if !list[r.Domain] || curated[r.Domain] {
			t.Errorf("free_mail_review.txt: %s is not an entry of free_mail_list.txt alone", r.Domain)
		}
		if r.Out {
			out++
			if freeMailDomains()[r.Domain] {
				t.Errorf("%s is taken out, and still free mail", r.Domain)
			}
		} else if !freeMailDomains()[r.Domain] {
			t.Errorf("%s is kept, and not free mail", r.Domain)
		}
	}
	for d := range list {
		if public.MatchString(d) && !reviewed[d] {
			t.Errorf("free_mail_list.txt: %s is under an education, research or government name, and free_mail_review.txt has no decision on it", d)
		}
	}
	if out < 2 || !reviewed["unican.es"] || !reviewed["nus.edu.sg"] {
		t.Errorf("free_mail_review.txt takes %d entries out", out)
	}
}
