// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"hash/maphash"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Cleaner runs [Clean] with fixed options and remembers the results by
// input in a cache of bounded size, for columns of millions of values that
// repeat. It is safe for concurrent use.
type Cleaner struct {
	opts   CleanOptions
	err    error       // opts.Validate()
	query  *queryRules // opts.queryRules()
	seed   maphash.Seed
	shards []cacheShard
}

// cacheShard is one part of a Cleaner's cache: a map from input to a slot
// of entries, evicted in CLOCK order (an entry used since the hand last
// passed gets one more turn).
type cacheShard struct {
	mu      sync.RWMutex
	index   map[string]int
	entries []cacheEntry
	size    int // the most entries the shard holds
	hand    int // the next entry CLOCK looks at

	hits, misses, evictions atomic.Uint64
	_                       [64]byte // keeps shards' counters off one cache line
}

type cacheEntry struct {
	val  Cleaned // val.Original is the key
	used atomic.Bool
}

// maxShards is the most shards a Cleaner's cache has.
const maxShards = 16

// NewCleaner returns a Cleaner that cleans with opts and keeps the results
// of up to cacheSize distinct inputs; with cacheSize 0 or less it keeps
// none. When opts is not valid, every call of its Clean returns the error
// of [CleanOptions.Validate].
func NewCleaner(opts CleanOptions, cacheSize int) *Cleaner {
	c := &Cleaner{opts: opts, err: opts.Validate(), seed: maphash.MakeSeed()}
	// Copies the caller cannot change.
	if n := opts.SubdomainLevelsToKeep; n != nil {
		v := *n
		c.opts.SubdomainLevelsToKeep = &v
	}
	c.opts.ParamsKeep = slices.Clone(opts.ParamsKeep)
	c.opts.ParamsDrop = slices.Clone(opts.ParamsDrop)
	c.query = c.opts.queryRules()
	if cacheSize <= 0 {
		return c
	}
	c.shards = make([]cacheShard, min(cacheSize, maxShards))
	for i := range c.shards {
		// The sizes add up to cacheSize.
		size := cacheSize / len(c.shards)
		if i < cacheSize%len(c.shards) {
			size++
		}
		c.shards[i].size = size
		c.shards[i].index = make(map[string]int)
	}
	return c
}

// Clean returns what [Clean] returns for input with the Cleaner's options,
// from the cache when input was cleaned before.
func (c *Cleaner) Clean(input string) (v Cleaned, err error) {
	if c.err != nil {
		v.fail(input, c.err)
		return v, c.err
	}
	if len(c.shards) == 0 {
		c.opts.clean(&v, input, c.query)
		return v, v.Err
	}
	s := &c.shards[maphash.String(c.seed, input)%uint64(len(c.shards))]
	if hit, ok := s.get(input); ok {
		return hit, hit.Err
	}
	c.opts.clean(&v, input, c.query)
	s.add(v)
	return v, v.Err
}

// get returns the result cached for input, marking it used.
func (s *cacheShard) get(input string) (Cleaned, bool) {
	s.mu.RLock()
	i, ok := s.index[input]
	if !ok {
		s.mu.RUnlock()
		s.misses.Add(1)
		return Cleaned{}, false
	}
	e := &s.entries[i]
	v := e.val
	if !e.used.Load() {
		e.used.Store(true)
	}
	s.mu.RUnlock()
	s.hits.Add(1)
	return v, true
}

// add puts v in the cache, evicting an entry when the shard is full.
func (s *cacheShard) add(v Cleaned) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.index[v.Original]; ok {
		return // another goroutine cleaned it meanwhile
	}
	if len(s.entries) < s.size {
		s.index[v.Original] = len(s.entries)
		s.entries = append(s.entries, cacheEntry{val: v})
		return
	}
	for {
		e := &s.entries[s.hand]
		if e.used.Load() {
			e.used.Store(false)
			s.hand = (s.hand + 1) % len(s.entries)
			continue
		}
		delete(s.index, e.val.Original)
		e.val = v
		s.index[v.Original] = s.hand
		s.hand = (s.hand + 1) % len(s.entries)
		s.evictions.Add(1)
		return
	}
}

// CacheStats counts what a Cleaner's cache did.
type CacheStats struct {
	Hits      uint64 // calls answered from the cache
	Misses    uint64 // calls that cleaned their input
	Evictions uint64 // entries dropped to make room
	Entries   int    // entries held now
}

// Stats returns the counts of the Cleaner's cache since it was made; all
// zero for a Cleaner without a cache.
func (c *Cleaner) Stats() CacheStats {
	var st CacheStats
	for i := range c.shards {
		s := &c.shards[i]
		st.Hits += s.hits.Load()
		st.Misses += s.misses.Load()
		st.Evictions += s.evictions.Load()
		s.mu.RLock()
		st.Entries += len(s.entries)
		s.mu.RUnlock()
	}
	return st
}

// CleanAll cleans inputs in parallel, on GOMAXPROCS goroutines, and returns
// one result per input in the same order. A failure is in its result:
// Status StatusError, and the error in Err.
func (c *Cleaner) CleanAll(inputs []string) []Cleaned {
	out := make([]Cleaned, len(inputs))
	const chunk = 256 // inputs a goroutine takes at a time
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), (len(inputs)+chunk-1)/chunk) {
		wg.Go(func() {
			for {
				start := int(next.Add(chunk)) - chunk
				if start >= len(inputs) {
					return
				}
				for i := start; i < min(start+chunk, len(inputs)); i++ {
					out[i], _ = c.Clean(inputs[i])
				}
			}
		})
	}
	wg.Wait()
	return out
}
