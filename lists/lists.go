// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package lists dedupes and matches lists of rows (a contact list, a CRM
// export, sign-ups against the accounts one has) by the website addresses
// in their cells. Its rules are the command-line tool's dedupe and match,
// which call this package, as the Beam transforms and the local page do.
//
// A row is given as its cells of addresses, in the order they are tried:
// a row's first cell that gives a key is the one it is grouped or matched
// by ("email, website": a contact with no website but an e-mail address at
// acme.com is Acme's). Each cell is read as package cells reads it.
//
// What never merges and never matches: a cell that failed (empty, a
// placeholder such as "N/A", an e-mail address kept as one, several
// addresses in a cell), an address that is not a public website
// (localhost, a name with no public suffix, a private IP address) or not a
// website (tel:, ftp:), and, by owner, an address without an owner (a
// social network's page that is not a profile, a URL shortener, a
// free-mail domain such as the one of ann@gmail.com), which is grouped
// only with the copies of its site.
//
// [Dedupe] groups rows; a [Deduper] does it a row at a time, for a program
// that streams its rows. An [Index] holds the rows of a list to match
// against (the accounts), and [Index.Match] matches another list's rows
// against it, at the finest level at which an account agrees. [Index.All]
// gives every account a matched row reaches, a pair each (the tool's match
// --all): those at that level, then, by owner after a match at site, the
// owner's other accounts, so that a row that matches at its site still
// reaches every account of its owner. A match reads an e-mail address's
// site as its own domain ("jo@shop.acme.com" matches shop.acme.com's
// account first), where dedupe groups it as its domain's website
// (acme.com).
package lists

import (
	"errors"
	"fmt"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
)

// Options say how the cells of a row are read and keyed. The zero Options
// are the command-line tool's defaults: each cell read by the messy-cell
// layer, an e-mail address becoming its domain's website, keyed by KeyV3
// at page level with its built-in rules.
type Options struct {
	// Raw reads each cell exactly as webaddress.Parse does, without the
	// messy-cell layer.
	Raw bool
	// KeepEmails makes an e-mail address fail (web.email) rather than
	// become its domain's website.
	KeepEmails bool
	// Split makes each address of a cell of several a value of its own
	// in dedupe; without it such a cell fails (web.several-addresses).
	// Matching always keys each address of a cell.
	Split bool
	// By is the level rows are grouped or matched at: page, site or
	// owner.
	By webaddress.Level
	// KeyVersion is the key version (0: KeyV3); KeyV1 and KeyV2, frozen for
	// keys stored before, have the page level only.
	KeyVersion webaddress.KeyVersion
	// Keys are the user's own platforms and aliases of KeyV3's keys.
	Keys webaddress.KeyOptions
	// KeepApart are keys, as a group shows them, whose rows are never
	// merged in dedupe: each is a group of its own.
	KeepApart []string
	// MergeInvalid groups, in dedupe, what is not an address too: the
	// addresses that are not public websites by key, the cells that
	// failed by their code and text.
	MergeInvalid bool
}

// A Reason says why a value gives no key, or is a group of its own: the
// code of a cell that failed ("web.empty", "web.placeholder", ...), or one
// of the constants below.
type Reason string

// The reasons of an address that gives no key.
const (
	NotPublicWebsite Reason = "not-public-website" // not a public website: localhost, a name with no public suffix, a private IP address
	NonWebScheme     Reason = "non-web-scheme"     // not a website: tel:, ftp:, ...
	KeptApart        Reason = "kept-apart"         // a key of Options.KeepApart
	// An address with no owner, by owner, gives the name of its rule
	// ("no-owner-network", "no-owner-shortener", "no-owner-free-mail":
	// webaddress.OwnerRule's String).
)

// reasonOf returns the reason of err, a cell's failure: its code.
func reasonOf(err error) Reason {
	if c := webaddress.CodeOf(err); c != "" {
		return Reason(c)
	}
	return "error"
}

// apartReason returns why an address that parsed, of facts f, is kept
// apart when rows are counted, grouped or matched, or "" when it is not.
func apartReason(f webaddress.Facts) Reason {
	switch {
	case f.Has(webaddress.FactNotPublicWebsite):
		return NotPublicWebsite
	case f.Has(webaddress.FactNonWebScheme):
		return NonWebScheme
	}
	return ""
}

// ErrNotKeyV3 is the error of Options with a level other than the page,
// or the user's platforms and aliases, and a key version other than KeyV3.
var ErrNotKeyV3 = errors.New("lists: Options.By and Options.Keys are KeyV3's")

// Rules are Options made ready: how a row's cells are read, and the keys
// and values they give. They are safe for concurrent use: a program that
// reads rows in parallel (the tool's workers, Beam's) reads them with one
// Rules, then adds what they gave to a [Deduper] or an [Index] in order.
// A Deduper and an Index are Rules too.
type Rules struct {
	o       Options
	cells   cells.Options
	version webaddress.KeyVersion
	keyer   *webaddress.Keyer // nil: KeyV3's built-in rules
	apart   map[string]bool
	levels  []webaddress.Level // the levels a match tries, finest first: By's last
}

// NewRules checks o and returns its rules: an error names what o has
// wrong (a level or the user's rules with a key version other than KeyV3,
// a level or version that does not exist, a platform or alias that is not
// a domain).
func NewRules(o Options) (*Rules, error) {
	r := &Rules{o: o, cells: cells.Options{Raw: o.Raw, KeepEmails: o.KeepEmails}, version: o.KeyVersion}
	levels := o.By != webaddress.LevelPage || !o.Keys.IsZero()
	switch {
	case o.By > webaddress.LevelOwner:
		return nil, fmt.Errorf("lists: Options.By is %v: want page, site or owner", o.By)
	case levels && r.version != 0 && r.version != webaddress.KeyV3:
		return nil, fmt.Errorf("%w, not %v", ErrNotKeyV3, r.version)
	case r.version == 0:
		r.version = webaddress.KeyV3
	case !r.version.IsValid():
		return nil, fmt.Errorf("lists: Options.KeyVersion %d is not a key version: want webaddress.KeyV1, KeyV2 or KeyV3", r.version)
	}
	r.levels = []webaddress.Level{o.By}
	if r.byOwner() {
		r.levels = []webaddress.Level{webaddress.LevelSite, webaddress.LevelOwner}
	}
	if !o.Keys.IsZero() {
		k, err := webaddress.NewKeyer(o.Keys)
		if err != nil {
			return nil, err
		}
		r.keyer = k
	}
	if len(o.KeepApart) > 0 {
		r.apart = make(map[string]bool, len(o.KeepApart))
		for _, k := range o.KeepApart {
			r.apart[k] = true
		}
	}
	return r, nil
}

// byOwner reports whether r keys by KeyV3's owner level.
func (r *Rules) byOwner() bool {
	return r.version == webaddress.KeyV3 && r.o.By == webaddress.LevelOwner
}

// key returns a's key: of r's version, at r's level for KeyV3 ("" by
// owner for an address with no owner).
func (r *Rules) key(a webaddress.Address) string {
	if r.version == webaddress.KeyV3 {
		return r.keyer.Key(a, r.o.By)
	}
	return a.Key(r.version, webaddress.LevelPage)
}

// Options returns r's options, with the key version they key by
// (KeyV3 when they said none).
func (r *Rules) Options() Options {
	o := r.o
	o.KeyVersion = r.version
	return o
}

// Keyer returns the Keyer of r's KeyV3 keys: nil for the built-in rules
// (a nil *webaddress.Keyer's methods use them).
func (r *Rules) Keyer() *webaddress.Keyer { return r.keyer }

// Key returns a's key: of the key version, at the level of By for KeyV3
// ("" by owner for an address with no owner).
func (r *Rules) Key(a webaddress.Address) string { return r.key(a) }

// Fingerprint returns the fingerprint of r's keys, to store beside them:
// the key version and the data its keys depend on.
func (r *Rules) Fingerprint() string {
	if r.version == webaddress.KeyV3 {
		return r.keyer.Fingerprint()
	}
	return r.version.Fingerprint()
}

// groupKey returns the key a is grouped by: its key, except by owner for
// an address with no owner, which is grouped with the others of its site
// (its page key) under a key no owner has, so that one site group always
// lies in one owner group. A group shows the key shownKey gives.
func (r *Rules) groupKey(a webaddress.Address) string {
	if !r.byOwner() {
		return r.key(a)
	}
	// The owner key alone costs less than all the levels, and is empty
	// only when there is no owner: then one Levels says which.
	var buf [128]byte
	if owner := r.keyer.AppendKey(buf[:0], a, webaddress.LevelOwner); len(owner) > 0 {
		return string(owner)
	}
	lv := r.keyer.Levels(a)
	if !lv.Rule.HasOwner() {
		return noOwnerMark + lv.Site
	}
	return lv.Owner
}

// noOwnerMark begins the group key of an address with no owner: no key
// begins with a control character.
const noOwnerMark = "\x01"

// shownKey returns the key a group of the group key key shows: "" for the
// addresses with no owner (by owner they have none), else key.
func shownKey(key string) string {
	if len(key) > 0 && key[0] == noOwnerMark[0] {
		return ""
	}
	return key
}

// eachAddress calls f with what cell gives: its address or error; with
// split, each address of a cell of several.
func (r *Rules) eachAddress(cell string, split bool, f func(webaddress.Address, error)) {
	if !split {
		f(r.cells.Parse(cell))
		return
	}
	for a, err := range r.cells.Addresses(cell) {
		f(a, err)
	}
}
