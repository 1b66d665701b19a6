// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lists

import (
	"errors"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/testfiles"
)

func newRules(t *testing.T, o Options) *Rules {
	t.Helper()
	r, err := NewRules(o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestKeyVersion checks the version rule the tool and Beam share: a level
// or the user's keys make KeyV3, and refuse another version said.
func TestKeyVersion(t *testing.T) {
	aliases := webaddress.KeyOptions{Aliases: map[string]string{"acme.de": "acme.com"}}
	for _, tt := range []struct {
		o       Options
		want    webaddress.KeyVersion
		wantErr bool
	}{
		{Options{}, webaddress.KeyV3, false},
		{Options{KeyVersion: webaddress.KeyV1}, webaddress.KeyV1, false},
		{Options{KeyVersion: webaddress.KeyV3}, webaddress.KeyV3, false},
		{Options{By: webaddress.LevelSite}, webaddress.KeyV3, false},
		{Options{Keys: aliases}, webaddress.KeyV3, false},
		{Options{By: webaddress.LevelOwner, KeyVersion: webaddress.KeyV3}, webaddress.KeyV3, false},
		{Options{By: webaddress.LevelOwner, KeyVersion: webaddress.KeyV1}, 0, true},
		{Options{Keys: aliases, KeyVersion: webaddress.KeyV2}, 0, true},
	} {
		r, err := NewRules(tt.o)
		if (err != nil) != tt.wantErr || err != nil && !errors.Is(err, ErrNotKeyV3) {
			t.Errorf("NewRules(%+v): %v, want error %v", tt.o, err, tt.wantErr)
			continue
		}
		if err == nil && r.Options().KeyVersion != tt.want {
			t.Errorf("NewRules(%+v): version %v, want %v", tt.o, r.Options().KeyVersion, tt.want)
		}
	}
}

// TestKey checks which key an address gets, by version and level, and the
// address with no owner.
func TestKey(t *testing.T) {
	a, err := webaddress.Parse("https://www.linkedin.com/feed/")
	if err != nil {
		t.Fatal(err)
	}
	page := newRules(t, Options{})
	if got, want := page.Key(a), a.Key(webaddress.KeyV3, webaddress.LevelPage); got != want {
		t.Errorf("page: Key = %q, want %q", got, want)
	}
	if page.Keyer() != nil {
		t.Error("page: a Keyer without the user's rules")
	}
	owner := newRules(t, Options{By: webaddress.LevelOwner})
	if owner.Key(a) != "" {
		t.Errorf("by owner, %s: Key %q; want \"\"", a.Canonical(), owner.Key(a))
	}
	if !strings.HasPrefix(owner.Fingerprint(), "KeyV3") || !strings.HasPrefix(page.Fingerprint(), "KeyV3") {
		t.Errorf("fingerprints %q and %q: want KeyV3's", owner.Fingerprint(), page.Fingerprint())
	}
	v1 := newRules(t, Options{KeyVersion: webaddress.KeyV1})
	if v1.Key(a) != a.Key(webaddress.KeyV1, webaddress.LevelPage) || !strings.HasPrefix(v1.Fingerprint(), "KeyV1") {
		t.Errorf("KeyV1: Key = %q, fingerprint %q; want %q", v1.Key(a), v1.Fingerprint(), a.Key(webaddress.KeyV1, webaddress.LevelPage))
	}
	for _, in := range []string{"https://www.linkedin.com/feed/", "WWW.Example.com/a?utm_source=x", "sites.google.com/view/acme"} {
		a, err := webaddress.Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := page.Key(a), a.Key(webaddress.KeyV3, webaddress.LevelPage); got != want {
			t.Errorf("%s: Key = %q, want %q", in, got, want)
		}
	}
}

// TestGroupKeyNoOwner: by owner, two copies of a page with no owner share
// a group key, which shows no key and is no other address's key.
func TestGroupKeyNoOwner(t *testing.T) {
	r := newRules(t, Options{By: webaddress.LevelOwner})
	value := func(s string) Value { return r.Values(nil, []string{s})[0] }
	a, b, c := value("bit.ly/x1"), value("https://bit.ly/x1"), value("bit.ly/x2")
	if a.Key != b.Key || a.ShownKey() != "" {
		t.Errorf("group keys %q, %q: want one key that shows empty", a.Key, b.Key)
	}
	if a.Key == c.Key {
		t.Errorf("bit.ly/x1 and bit.ly/x2 share group key %q", a.Key)
	}
	if v := value("acme.com/about"); v.Key != "acme.com" || v.ShownKey() != v.Key {
		t.Errorf("group key of acme.com/about = %q, want acme.com", v.Key)
	}
}

// TestGroupKeyLevels: by owner, groupKey's shortcut (the owner key alone)
// gives the key of the rule, from Levels, on every corpus line: the owner
// key, or the site key marked when there is no owner.
func TestGroupKeyLevels(t *testing.T) {
	for _, raw := range []bool{false, true} {
		r := newRules(t, Options{By: webaddress.LevelOwner, Raw: raw})
		for _, file := range []string{"kasztp.txt", "node_files.txt", "typed.txt"} {
			lines, err := testfiles.CorpusLines(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, line := range lines {
				v := r.Values(nil, []string{line})[0]
				if v.Err != nil {
					continue
				}
				lv := v.Address.Levels()
				want := lv.Owner
				if !lv.Rule.HasOwner() {
					want = noOwnerMark + lv.Site
				}
				if v.Key != want {
					t.Fatalf("%s: group key of %q = %q, want %q", file, line, v.Key, want)
				}
			}
		}
	}
}
