// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package cells

// This file is which key a cell gets (the key version, KeyV3's level and
// Keyer, and the address with no owner), and how parse, key and dedupe
// read a cell: through the messy-cell layer unless Raw, each address of a
// cell of several with Split.

import (
	"errors"
	"strings"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/record"
)

// Keying is which key an address gets: of Version, and for KeyV3 at the
// level By with the rules of Keyer (nil: KeyV3's built-in rules). The
// tool's --key-version, --by, --platforms and --aliases; Beam's
// Options.KeyVersion, By and Keys.
type Keying struct {
	Version webaddress.KeyVersion
	By      webaddress.Level
	Keyer   *webaddress.Keyer
}

// NewKeying returns the keying of the key version v (0: not said), the
// level by and the user's platforms and aliases o: a level other than the
// page, and o, are KeyV3's, which they make the version when v is not
// said; they fail with ErrNotKeyV3 when v is another. Without a level,
// the version is v, or DefaultKeyVersion when not said. Keyer is nil (KeyV3's
// built-in rules) when o is empty.
func NewKeying(v webaddress.KeyVersion, by webaddress.Level, o webaddress.KeyOptions) (Keying, error) {
	v, err := KeyVersionOf(v, by != webaddress.LevelPage || !o.IsZero())
	if err != nil {
		return Keying{}, err
	}
	k := Keying{Version: v, By: by}
	if !o.IsZero() {
		if k.Keyer, err = webaddress.NewKeyer(o); err != nil {
			return Keying{}, err
		}
	}
	return k, nil
}

// DefaultKeyVersion is the key version when none is said: the tool's
// --key-version default, Beam's zero Options.KeyVersion, the page's. It is
// KeyV3, at the level of --by (page by default); KeyV1 and KeyV2 are
// frozen, for keys stored before.
const DefaultKeyVersion = webaddress.KeyV3

// ErrNotKeyV3 is the error of a level or the user's platforms and aliases
// with a key version other than KeyV3.
var ErrNotKeyV3 = errors.New("keys at levels are KeyV3's")

// KeyVersionOf returns the key version of v (0: not said) when levels
// (a level other than the page, or the user's platforms and aliases) are
// asked or not: KeyV3 with levels, else v or DefaultKeyVersion; ErrNotKeyV3 for levels
// with another version said.
func KeyVersionOf(v webaddress.KeyVersion, levels bool) (webaddress.KeyVersion, error) {
	switch {
	case levels && v != 0 && v != webaddress.KeyV3:
		return v, ErrNotKeyV3
	case levels:
		return webaddress.KeyV3, nil
	case v == 0:
		return DefaultKeyVersion, nil
	}
	return v, nil
}

// Key returns a's key: of k.Version, at the level k.By for KeyV3 ("" by
// owner for an address with no owner).
func (k Keying) Key(a webaddress.Address) string {
	if k.Version == webaddress.KeyV3 {
		return k.Keyer.KeyAt(a, k.By)
	}
	return a.Key(k.Version)
}

// NoOwner reports whether k keys by owner and a has none (a network's
// page that is not a profile, a URL shortener, a free-mail domain): such
// an address is grouped only with the others of its site (GroupKey).
func (k Keying) NoOwner(a webaddress.Address) bool {
	return k.Version == webaddress.KeyV3 && k.By == webaddress.LevelOwner && !k.Keyer.Levels(a).Rule.HasOwner()
}

// GroupKey returns the key a is grouped by when addresses are counted or
// deduplicated: its Key, except by owner for an address with no owner,
// which is grouped with the others of its site (its page) under a key no
// owner has, so that one site group always lies in one owner group.
// ShownKey is the key such a group shows.
func (k Keying) GroupKey(a webaddress.Address) string {
	if k.Version != webaddress.KeyV3 || k.By != webaddress.LevelOwner {
		return k.Key(a)
	}
	// The owner key alone costs less than all the levels, and is empty
	// only when there is no owner: then one Levels says which.
	var buf [128]byte
	if owner := k.Keyer.AppendKeyAt(buf[:0], a, webaddress.LevelOwner); len(owner) > 0 {
		return string(owner)
	}
	lv := k.Keyer.Levels(a)
	if !lv.Rule.HasOwner() {
		return noOwnerMark + lv.Site
	}
	return lv.Owner
}

// noOwnerMark begins the GroupKey of an address with no owner: no key
// begins with a control character.
const noOwnerMark = "\x01"

// NoKeyGroup returns the group key of a value whose key is "" (an address
// with no owner, keyed at owner level): the value itself, marked as
// GroupKey marks the addresses with no owner, so that such values are
// never one group with a value written otherwise, nor with a key.
func NoKeyGroup(value string) string { return noOwnerMark + value }

// ShownKey returns the key a group of the GroupKey key shows: "" for the
// addresses with no owner (by owner they have none), else key.
func ShownKey(key string) string {
	if strings.HasPrefix(key, noOwnerMark) {
		return ""
	}
	return key
}

// Fingerprint returns the fingerprint of k's keys, to store beside them.
func (k Keying) Fingerprint() string {
	if k.Version == webaddress.KeyV3 {
		return k.Keyer.Fingerprint()
	}
	return k.Version.Fingerprint()
}

// byKeyer reports whether k's keys are its Keyer's: KeyV3 at a level
// other than the page, or with the user's platforms or aliases.
func (k Keying) byKeyer() bool {
	return k.Version == webaddress.KeyV3 && (k.By != webaddress.LevelPage || k.Keyer != nil)
}

// Parsed is what parse, key and dedupe make of a value: Input is the
// value (the cell), and the Address's Input the text that was parsed.
type Parsed = record.Outcome[webaddress.Address]

// A Reading is how parse, key and dedupe read a value, and key it.
type Reading struct {
	Options
	Split bool // a cell of several addresses gives one value each
	Keying
}

// Read appends what r makes of cell to dst: its parse, or with Split one
// for each address of a cell of several. The Input of each is the cell.
func (r *Reading) Read(dst []Parsed, cell string) []Parsed {
	if !r.Split {
		a, err := r.Parse(cell)
		return append(dst, r.outcome(cell, a, err))
	}
	r.EachAddress(cell, func(a webaddress.Address, err error) {
		dst = append(dst, r.outcome(cell, a, err))
	})
	return dst
}

// outcome returns what r made of cell: the address a, or err. With the
// user's platforms or aliases its Memo holds r's keyer, whose rules the
// parse record's columns of the levels (site, owner, owner_rule) then
// follow.
func (r *Reading) outcome(cell string, a webaddress.Address, err error) Parsed {
	p := Parsed{Input: cell, Value: a, Err: err}
	if r.Keyer != nil {
		p.Memo = r.Keyer
	}
	return p
}

// Columns returns the parse record with r's key version. Its columns of
// the levels are the keyer's (Read puts it in each row), and make one
// look-up in the Public Suffix List for a row; with KeyV3, key is at the
// level of By: the site or owner column under the name key, which shares
// their look-up, or KeyColumn's page key.
func (r *Reading) Columns() []record.Column[Parsed] {
	cols := record.OfBy[Parsed](r.Version)
	if !r.byKeyer() {
		return cols
	}
	key := record.Index(cols, "key")
	switch r.By {
	case webaddress.LevelSite, webaddress.LevelOwner:
		// The same key, present for the same rows: an address without
		// an owner has none.
		cols[key] = cols[record.Index(cols, r.By.String())]
		cols[key].Name = "key"
	default:
		cols[key] = r.KeyColumn()
	}
	return cols
}

// KeyColumn returns the column key of r's keys alone, for a record
// without the columns of the levels (the key command's): the key at the
// level of By costs less than all the levels the columns share.
func (r *Reading) KeyColumn() record.Column[Parsed] {
	if !r.byKeyer() {
		return record.MustPick(record.OfBy[Parsed](r.Version), "key")[0]
	}
	return record.Str("key", func(p *Parsed) (string, bool) {
		k := r.Key(p.Value)
		return k, p.Err == nil && p.Value.IsValid() && (k != "" || !r.NoOwner(p.Value))
	})
}

// FingerprintColumn returns the column key_fingerprint of a record of T
// whose rows have a key when hasKey says so: the fingerprint of k's keys
// (webaddress.KeyVersion.Fingerprint, or the Keyer's), to store beside
// the keys.
func FingerprintColumn[T any](k Keying, hasKey func(*T) bool) record.Column[T] {
	fp := k.Fingerprint()
	return record.Str("key_fingerprint", func(v *T) (string, bool) { return fp, hasKey(v) })
}

// NotAnAddress reports whether p is what dedupe keeps apart unless it
// merges what is not an address: a value that failed (a placeholder, an
// e-mail address left as one, several addresses, ...), or an address
// that is not a public website or not a website (KeptApart).
func NotAnAddress(p *Parsed) bool {
	return p.Err != nil || KeptApart(p.Value)
}
