// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

import (
	"errors"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
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
		{0, false, webaddress.KeyV2, false},
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
	if err != nil || page.Version != webaddress.KeyV2 || page.Keyer != nil {
		t.Fatalf("NewKeying(0, page, none) = %+v, %v; want KeyV2 without a Keyer", page, err)
	}
	if got, want := page.Key(a), a.Key(webaddress.KeyV2); got != want {
		t.Errorf("KeyV2: Key = %q, want %q", got, want)
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
	if !strings.HasPrefix(owner.Fingerprint(), "KeyV3") || !strings.HasPrefix(page.Fingerprint(), "KeyV2") {
		t.Errorf("fingerprints %q and %q: want KeyV3's and KeyV2's", owner.Fingerprint(), page.Fingerprint())
	}
	if _, err := NewKeying(webaddress.KeyV2, webaddress.LevelSite, webaddress.KeyOptions{}); !errors.Is(err, ErrNotKeyV3) {
		t.Errorf("NewKeying(KeyV2, site) = %v, want ErrNotKeyV3", err)
	}
}
