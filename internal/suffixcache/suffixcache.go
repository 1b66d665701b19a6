// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package suffixcache is the bounded cache of look-ups in the Public
// Suffix List that the keys of package webaddress make, apart from it so
// that the benchmarks of this repository's modules can read its hit rate
// (Default.Stats) with no exported name in the library for it.
package suffixcache

import (
	"math/bits"
	"sync"
)

// Answer is what a cache keeps of a look-up of a domain: the public
// suffix and the registrable domain, each the end of the domain, as
// lengths, and two flags of the suffix's rule.
type Answer struct {
	Suffix, Registrable uint32
	ICANN, Listed       bool
}

// Slots is the size of Default: a crawl list repeats its hosts close
// together, and the slots cost 416 kilobytes (104 bytes each).
const Slots = 4096

// Default is the cache the keys use.
var Default = New(Slots)

// Cache is a bounded cache of look-ups, safe for concurrent use: each
// domain has one slot, chosen by its hash, that keeps a copy of the last
// domain looked up there (up to 64 bytes) and its answer. A look-up that
// misses costs a hash, a lock and a copy more than the look-up itself,
// and allocates nothing; the slots hold no pointers, so the garbage
// collector neither scans them nor keeps a domain alive for them.
type Cache struct {
	slots []slot
	shift uint8 // 64 less the bits of a slot's index: its hash's top bits
}

// slot is one slot of a Cache, with the look-ups it served and how many
// of them it answered.
type slot struct {
	mu            sync.Mutex
	lookups, hits int64
	answer        Answer
	n             uint8 // the length of the domain in domain
	domain        [64]byte
}

// New returns a cache of n slots; n is a power of two.
func New(n int) *Cache {
	return &Cache{slots: make([]slot, n), shift: uint8(64 - bits.TrailingZeros(uint(n)))}
}

// Lookup returns the answer for domain: the one the cache keeps when
// domain was the last domain of its slot, else look(domain), which it
// keeps. The slot stays locked while look runs: another domain of the
// same slot waits. A domain longer than a slot's copy is looked up every
// time.
func (c *Cache) Lookup(domain string, look func(domain string) Answer) Answer {
	s := &c.slots[slotHash(domain)>>c.shift]
	s.mu.Lock()
	s.lookups++
	if string(s.domain[:s.n]) == domain { // an empty slot holds "" and its answer
		s.hits++
		a := s.answer
		s.mu.Unlock()
		return a
	}
	a := look(domain)
	if len(domain) <= len(s.domain) {
		s.n = uint8(copy(s.domain[:], domain))
		s.answer = a
	}
	s.mu.Unlock()
	return a
}

// Stats returns how many look-ups the cache served and how many of them
// it answered itself.
func (c *Cache) Stats() (lookups, hits int64) {
	for i := range c.slots {
		s := &c.slots[i]
		s.mu.Lock()
		lookups, hits = lookups+s.lookups, hits+s.hits
		s.mu.Unlock()
	}
	return lookups, hits
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
