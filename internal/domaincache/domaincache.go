// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package domaincache holds the bounded caches of what package webaddress
// looks up for a domain: its public suffix in the Public Suffix List, for
// the keys (Suffixes), and the ASCII form of a domain that is not ASCII,
// for the host parser (ASCII). They are apart from it so that the
// benchmarks of this repository's modules can read their hit rates
// (Stats) with no exported name in the library for them.
package domaincache

import (
	"math/bits"
	"sync"

	"github.com/onecontact/webaddress/internal/urlchars"
)

// Answer is what Suffixes keeps of a look-up of a domain: the public
// suffix and the registrable domain, each the end of the domain, as
// lengths, and two flags of the suffix's rule.
type Answer struct {
	Suffix, Registrable uint32
	ICANN, Listed       bool
}

// ASCIIAnswer is what ASCII keeps of a domain that is not ASCII: its
// ASCII form (UTS #46's ToASCII, as the host parser runs it), and whether
// it is one (false when UTS #46 reports an error).
type ASCIIAnswer struct {
	ASCII string
	OK    bool
}

// Slots is the size of Suffixes: a crawl list repeats its hosts close
// together, and the slots cost 512 kilobytes (128 bytes each, two cache
// lines, of which a look-up of a domain of up to 35 bytes reads the
// first), made on the first look-up.
const Slots = 4096

// ASCIISlots is the size of ASCII: a list repeats a domain that is not
// ASCII as it repeats others (a contact list's rows at one organization),
// and the slots cost 36 kilobytes (144 bytes each).
const ASCIISlots = 256

// Suffixes is the cache of look-ups in the Public Suffix List.
var Suffixes = New[Answer](Slots)

// ASCII is the cache of the ASCII forms of domains that are not ASCII:
// UTS #46 costs some microseconds a domain, the most a host costs.
var ASCII = New[ASCIIAnswer](ASCIISlots)

// Cache is a bounded cache of look-ups of domains, safe for concurrent
// use: each domain has one slot, chosen by its hash, that keeps a copy of
// the last domain looked up there (up to 99 bytes) and its answer. A
// look-up that misses costs a hash, a lock and a copy more than the
// look-up itself, and allocates nothing. Where A holds no pointers (as
// Answer), the garbage collector neither scans the slots nor keeps a
// domain alive for them.
type Cache[A any] struct {
	once  sync.Once // makes slots on the first look-up
	n     int       // the number of slots
	slots []slot[A]
	shift uint8 // 64 less the bits of a slot's index: its hash's top bits
}

// slot is one slot of a Cache, with the look-ups it served and how many
// of them it answered. What a look-up reads comes first and the domain
// last: a slot of Suffixes is two cache lines (Slots' slice of them is
// page-aligned, as any allocation of its size), and a look-up of a domain
// of up to 35 bytes reads the first alone.
type slot[A any] struct {
	mu            sync.Mutex
	lookups, hits uint32 // Stats' counts wrap at 2^32 look-ups of a slot
	answer        A
	n             uint8 // the length of the domain in domain
	domain        [99]byte
}

// New returns a cache of n slots; n is a power of two. The slots are made
// on the first look-up: a program that looks nothing up never pays for
// them.
func New[A any](n int) *Cache[A] {
	return &Cache[A]{n: n, shift: uint8(64 - bits.TrailingZeros(uint(n)))}
}

// makeSlots makes c's slots.
func (c *Cache[A]) makeSlots() { c.slots = make([]slot[A], c.n) }

// Lookup returns the answer for domain: the one the cache keeps when
// domain was the last domain of its slot, else look(domain), which it
// keeps. The slot stays locked while look runs: another domain of the
// same slot waits. A domain longer than a slot's copy is looked up every
// time.
func (c *Cache[A]) Lookup(domain string, look func(domain string) A) A {
	c.once.Do(c.makeSlots)
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
func (c *Cache[A]) Stats() (lookups, hits int64) {
	c.once.Do(c.makeSlots)
	for i := range c.slots {
		s := &c.slots[i]
		s.mu.Lock()
		lookups, hits = lookups+int64(s.lookups), hits+int64(s.hits)
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
		h ^= urlchars.Word8(domain) ^ bits.RotateLeft64(urlchars.Word8(domain[n-8:]), 29)
	} else {
		for i := range n {
			h = h<<8 | uint64(domain[i])
		}
	}
	return h * 0x9e3779b97f4a7c15 // Knuth's multiplicative hash: its top bits mix all
}
