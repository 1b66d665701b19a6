// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"math/bits"
	"strings"
	"sync"

	"golang.org/x/net/publicsuffix"
)

// This file holds the public suffix and the registrable domain of a
// domain, from the Public Suffix List that golang.org/x/net/publicsuffix
// carries, for the keys and the cleaner.

// suffixInfo is what the Public Suffix List (golang.org/x/net/publicsuffix,
// ICANN and private sections) says about a domain.
type suffixInfo struct {
	// suffix is the public suffix: the part of the domain the prevailing
	// rule matched, or the last label when no rule did. "" when the domain
	// cannot have one (empty, or with an empty label).
	suffix string
	// icann reports whether the prevailing rule is in the list's ICANN
	// section; private-section rules (github.io) and the default rule "*"
	// are not.
	icann bool
	// listed reports whether a rule of the list matched, rather than only
	// the default rule "*" that makes an unlisted TLD a public suffix. (No
	// private rule is a single label, so a single-label suffix outside the
	// ICANN section is an unlisted TLD.)
	listed bool
	// registrable is the registrable domain: the public suffix and the
	// label before it; "" when the domain is itself a public suffix.
	registrable string
}

// PublicSuffix returns the public suffix of domain under the Public Suffix
// List that golang.org/x/net/publicsuffix carries, both sections: the part
// of domain the prevailing rule matched, or its last label when no rule
// did. icann reports whether that rule is in the list's ICANN section
// (private rules such as github.io, and the default rule "*", are not);
// listed reports whether a rule of the list matched, rather than only the
// default rule "*" that makes an unlisted TLD a public suffix. domain is a
// lowercase ASCII domain (A-labels) without a root dot, as [URL.Hostname]
// gives it; suffix is "" for a domain with an empty label.
func PublicSuffix(domain string) (suffix string, icann, listed bool) {
	info := publicSuffixOf(domain)
	return info.suffix, info.icann, info.listed
}

// RegistrableDomain returns the registrable domain of domain whose public
// suffix is suffix: suffix and the label before it ("example.co.uk" for
// "www.example.co.uk" and "co.uk"), or "" when domain has no label before
// suffix or suffix is "".
func RegistrableDomain(domain, suffix string) string { return registrable(domain, suffix) }

// publicSuffixOf looks domain up in the Public Suffix List, through
// suffixes, the cache of recent look-ups. domain must be a lowercase ASCII
// domain (A-labels) without a root dot, as the host parser writes it; an
// IP address gives nonsense.
func publicSuffixOf(domain string) suffixInfo {
	if c := suffixes; c != nil {
		return c.lookup(domain)
	}
	return lookUpSuffix(domain)
}

// lookUpSuffix looks domain up in the Public Suffix List, as
// publicSuffixOf does, without the cache.
func lookUpSuffix(domain string) suffixInfo {
	if domain == "" || domain[0] == '.' || domain[len(domain)-1] == '.' || strings.Contains(domain, "..") {
		return suffixInfo{}
	}
	suffix, icann := publicsuffix.PublicSuffix(domain)
	return suffixInfo{suffix: suffix, icann: icann, listed: icann || strings.Contains(suffix, "."),
		registrable: registrable(domain, suffix)}
}

// suffixes is the cache of publicSuffixOf. A test sets it to nil to look
// every domain up, or to a new cache whose stats count the look-ups a key
// or a record makes.
var suffixes = newSuffixCache(suffixCacheSlots)

// suffixCacheSlots is the size of publicSuffixOf's cache: a crawl list
// repeats its hosts close together, and the slots cost 384 kilobytes (96
// bytes each).
const suffixCacheSlots = 4096

// suffixCache is a bounded cache of look-ups in the Public Suffix List,
// safe for concurrent use: each domain has one slot, chosen by its hash,
// that keeps a copy of the last domain looked up there (up to 64 bytes)
// and its answer as lengths. A look-up that misses costs a hash, a lock
// and a copy more than the list's look-up, and allocates nothing; the
// slots hold no pointers, so the garbage collector neither scans them nor
// keeps an address alive for them.
type suffixCache struct {
	slots []suffixSlot
	shift uint8 // 64 less the bits of a slot's index: its hash's top bits
}

// suffixSlot is one slot of a suffixCache, with the look-ups it served and
// how many of them it answered.
type suffixSlot struct {
	mu            sync.Mutex
	lookups, hits int64
	answer        keptSuffix
	n             uint8 // the length of the domain in domain
	domain        [64]byte
}

// keptSuffix is a suffixInfo as a slot keeps it: the public suffix and the
// registrable domain are each the end of the domain, kept as lengths.
type keptSuffix struct {
	suffix, registrable uint8
	icann, listed       bool
}

// info returns the suffixInfo of domain that k keeps.
func (k keptSuffix) info(domain string) suffixInfo {
	return suffixInfo{suffix: domain[len(domain)-int(k.suffix):], icann: k.icann, listed: k.listed,
		registrable: domain[len(domain)-int(k.registrable):]}
}

// newSuffixCache returns a cache of n slots; n is a power of two.
func newSuffixCache(n int) *suffixCache {
	return &suffixCache{slots: make([]suffixSlot, n), shift: uint8(64 - bits.TrailingZeros(uint(n)))}
}

// slotHash is the hash whose top bits choose domain's slot, from its
// length and its first and last eight bytes: a few instructions, where a
// hash of every byte would cost a miss more than the cache saves on a list
// of unique hosts. Domains that differ only in between share a slot, which
// costs hits, not answers.
func slotHash(domain string) uint64 {
	h := uint64(len(domain))
	if n := len(domain); n >= 8 {
		h ^= load64(domain) ^ bits.RotateLeft64(load64(domain[n-8:]), 29)
	} else {
		for i := range n {
			h = h<<8 | uint64(domain[i])
		}
	}
	return h * 0x9e3779b97f4a7c15 // Knuth's multiplicative hash: its top bits mix all
}

// load64 returns the first eight bytes of s, little-endian.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// lookup returns publicSuffixOf(domain), from the cache when domain was
// the last domain of its slot. The slot stays locked while the list is
// read: another domain of the same slot waits. A domain longer than a
// slot's copy is looked up every time.
func (c *suffixCache) lookup(domain string) suffixInfo {
	s := &c.slots[slotHash(domain)>>c.shift]
	s.mu.Lock()
	s.lookups++
	if string(s.domain[:s.n]) == domain { // an empty slot holds "" and its answer
		s.hits++
		k := s.answer
		s.mu.Unlock()
		return k.info(domain)
	}
	info := lookUpSuffix(domain)
	if len(domain) <= len(s.domain) {
		s.n = uint8(copy(s.domain[:], domain))
		s.answer = keptSuffix{suffix: uint8(len(info.suffix)), registrable: uint8(len(info.registrable)),
			icann: info.icann, listed: info.listed}
	}
	s.mu.Unlock()
	return info
}

// stats returns how many look-ups the cache served and how many of them
// it answered without the list.
func (c *suffixCache) stats() (lookups, hits int64) {
	for i := range c.slots {
		s := &c.slots[i]
		s.mu.Lock()
		lookups, hits = lookups+s.lookups, hits+s.hits
		s.mu.Unlock()
	}
	return lookups, hits
}

// registrable returns the registrable domain of domain with the public
// suffix suffix: suffix and the label before it, or "" when there is no
// such label or no suffix.
func registrable(domain, suffix string) string {
	if suffix == "" || len(suffix) >= len(domain) {
		return ""
	}
	rest := domain[:len(domain)-len(suffix)-1]
	return domain[strings.LastIndexByte(rest, '.')+1:]
}
