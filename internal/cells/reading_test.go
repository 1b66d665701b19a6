// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
	"errors"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/testfiles"
)

// TestKeyVersionOf checks the version rule the tool and Beam share: a
// level or the user's keys make KeyV3, and refuse another version said.
func TestKeyVersionOf(t *testing.T) {
	for _, tt := range []struct {
		v       webaddress.KeyVersion
		levels  bool
		want    webaddress.KeyVersion
		wantErr bool
	}{
		{0, false, DefaultKeyVersion, false},
		{webaddress.KeyV1, false, webaddress.KeyV1, false},
		{webaddress.KeyV3, false, webaddress.KeyV3, false},
		{0, true, webaddress.KeyV3, false},
		{webaddress.KeyV3, true, webaddress.KeyV3, false},
		{webaddress.KeyV1, true, webaddress.KeyV1, true},
		{webaddress.KeyV2, true, webaddress.KeyV2, true},
	} {
		got, err := KeyVersionOf(tt.v, tt.levels)
		if got != tt.want || (err != nil) != tt.wantErr || err != nil && !errors.Is(err, ErrNotKeyV3) {
			t.Errorf("KeyVersionOf(%v, %v) = %v, %v; want %v, error %v", tt.v, tt.levels, got, err, tt.want, tt.wantErr)
		}
	}
}

// TestKeying checks which key an address gets, by version and level, and
// the address with no owner.
func TestKeying(t *testing.T) {
	a, err := webaddress.Parse("https://www.linkedin.com/feed/")
	if err != nil {
		t.Fatal(err)
	}
	page, err := NewKeying(0, webaddress.LevelPage, webaddress.KeyOptions{})
	if err != nil || page.Version != DefaultKeyVersion || page.Keyer != nil {
		t.Fatalf("NewKeying(0, page, none) = %+v, %v; want the default version without a Keyer", page, err)
	}
	if got, want := page.Key(a), a.Key(DefaultKeyVersion); got != want {
		t.Errorf("%v: Key = %q, want %q", DefaultKeyVersion, got, want)
	}
	owner, err := NewKeying(0, webaddress.LevelOwner, webaddress.KeyOptions{})
	if err != nil || owner.Version != webaddress.KeyV3 {
		t.Fatalf("NewKeying(0, owner, none) = %+v, %v; want KeyV3", owner, err)
	}
	if !owner.NoOwner(a) || owner.Key(a) != "" {
		t.Errorf("by owner, %s: NoOwner %v, Key %q; want true, \"\"", a.Canonical(), owner.NoOwner(a), owner.Key(a))
	}
	if page.NoOwner(a) {
		t.Error("by page, NoOwner is true: only keys by owner leave an address alone")
	}
	if !strings.HasPrefix(owner.Fingerprint(), "KeyV3") || !strings.HasPrefix(page.Fingerprint(), DefaultKeyVersion.String()) {
		t.Errorf("fingerprints %q and %q: want KeyV3's and %v's", owner.Fingerprint(), page.Fingerprint(), DefaultKeyVersion)
	}
	v1, err := NewKeying(webaddress.KeyV1, webaddress.LevelPage, webaddress.KeyOptions{})
	if err != nil || v1.Key(a) != a.Key(webaddress.KeyV1) {
		t.Errorf("KeyV1: Key = %q, %v; want %q", v1.Key(a), err, a.Key(webaddress.KeyV1))
	}
	if _, err := NewKeying(webaddress.KeyV2, webaddress.LevelSite, webaddress.KeyOptions{}); !errors.Is(err, ErrNotKeyV3) {
		t.Errorf("NewKeying(KeyV2, site) = %v, want ErrNotKeyV3", err)
	}
}

// TestKeyV3Page checks that KeyV3's page key of a Keying without a Keyer
// is the Address's.
func TestKeyV3Page(t *testing.T) {
	k := Keying{Version: webaddress.KeyV3}
	for _, in := range []string{"https://www.linkedin.com/feed/", "WWW.Example.com/a?utm_source=x", "sites.google.com/view/acme"} {
		a, err := webaddress.Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := k.Key(a), a.Key(webaddress.KeyV3); got != want {
			t.Errorf("%s: Key = %q, want %q", in, got, want)
		}
	}
}

// TestGroupKeyNoOwner: by owner, two copies of a page with no owner share
// a group key, which shows no key and is no other address's key.
func TestGroupKeyNoOwner(t *testing.T) {
	k := Keying{Version: webaddress.KeyV3, By: webaddress.LevelOwner}
	parse := func(s string) webaddress.Address {
		a, err := webaddress.ParseCell(s, webaddress.TidyOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	a, b, c := parse("bit.ly/x1"), parse("https://bit.ly/x1"), parse("bit.ly/x2")
	if ka, kb := k.GroupKey(a), k.GroupKey(b); ka != kb || ShownKey(ka) != "" {
		t.Errorf("GroupKey %q, %q: want one key that shows empty", ka, kb)
	}
	if k.GroupKey(a) == k.GroupKey(c) {
		t.Errorf("bit.ly/x1 and bit.ly/x2 share group key %q", k.GroupKey(a))
	}
	if got := k.GroupKey(parse("acme.com/about")); got != "acme.com" || ShownKey(got) != got {
		t.Errorf("GroupKey(acme.com/about) = %q, want acme.com", got)
	}
}

// TestGroupKeyLevels: by owner, GroupKey's shortcut (the owner key alone)
// gives the key of the rule, from Levels, on every corpus line: the owner
// key, or the site key marked when there is no owner.
func TestGroupKeyLevels(t *testing.T) {
	k := Keying{Version: webaddress.KeyV3, By: webaddress.LevelOwner}
	for _, file := range []string{"kasztp.txt", "node_files.txt", "typed.txt"} {
		lines, err := testfiles.CorpusLines(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range lines {
			for _, o := range []Options{{}, {Raw: true}} {
				a, err := o.Parse(line)
				if err != nil {
					continue
				}
				lv := k.Keyer.Levels(a)
				want := lv.Owner
				if !lv.Rule.HasOwner() {
					want = NoKeyGroup(lv.Site)
				}
				if got := k.GroupKey(a); got != want {
					t.Fatalf("%s: GroupKey(%q) = %q, want %q", file, line, got, want)
				}
			}
		}
	}
}
