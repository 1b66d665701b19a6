// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package lists

// This file is the hash table of an Index's keys. It holds no pointers:
// keys and kept cells are bytes in one arena, found by their offsets, and
// the keys' table is an open-addressing hash table of entry numbers. So
// the garbage collector never scans it, and a look-up costs a few cache
// lines, not a map's.

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"slices"
	"sync"
	"unsafe"
)

// Keys are the keys of a cell or a row, their bytes one after the other
// in one buffer: no string each. The zero Keys is empty, ready to use.
type Keys struct {
	buf  []byte
	ends []int // the end of each key in buf

	// touched is the sum of the bytes an Index's Prefetch and MatchRows read
	// ahead with these keys, kept so that the compiler does not leave the
	// reads out: here, not in the Index, which goroutines share.
	touched uint64
}

// keysPool holds Keys to use again, for Add.
var keysPool = sync.Pool{New: func() any { return new(Keys) }}

// Len returns the number of keys.
func (k *Keys) Len() int { return len(k.ends) }

// At returns the bytes of key i, valid until k changes.
func (k *Keys) At(i int) []byte {
	from := 0
	if i > 0 {
		from = k.ends[i-1]
	}
	return k.buf[from:k.ends[i]]
}

// Reset empties k, keeping its memory.
func (k *Keys) Reset() { k.buf, k.ends = k.buf[:0], k.ends[:0] }

// AppendStrings appends keys from to to (not included) to dst as strings
// of their own, and returns dst.
func (k *Keys) AppendStrings(dst []string, from, to int) []string {
	for i := from; i < to; i++ {
		dst = append(dst, string(k.At(i)))
	}
	return dst
}

// AppendJoined appends keys from to to (not included) to dst, separated by
// sep, and returns dst.
func (k *Keys) AppendJoined(dst []byte, from, to int, sep byte) []byte {
	for i := from; i < to; i++ {
		if i > from {
			dst = append(dst, sep)
		}
		dst = append(dst, k.At(i)...)
	}
	return dst
}

// has reports whether key is among the keys from start.
func (k *Keys) has(start int, key []byte) bool {
	for i := start; i < k.Len(); i++ {
		if bytes.Equal(k.At(i), key) {
			return true
		}
	}
	return false
}

// An Index holds the rows of a list to match against (the accounts): for
// each key, the rows that have it, and the cells each row keeps for a
// match to write (the first row of each key's; every row's with KeepAll).
// It keeps no other cell of a row: its memory follows the keys and the
// cells kept. It holds no pointers: keys and kept cells are bytes in one
// arena, found by their offsets, and the keys' table is an open-addressing
// hash table of entry numbers, so the garbage collector never scans it,
// and a look-up costs a few cache lines, not a map's.
//
// Its Add methods are not safe for concurrent use. Once its rows are
// added, its look-ups ([Index.Match], [Index.MatchRows], [Index.Rows],
// [Index.Kept], [Index.RowKeys]) are, each goroutine with [Keys] of its
// own.
type Index struct {
	// KeepAll keeps the cells of every row with a key, not only of each
	// key's first: set it before the first Add, to write every row a
	// match finds (the tool's match --all).
	KeepAll bool

	*Rules
	seed  maphash.Seed
	slots []uint64 // the hash table: 0 free, else a key's hash's top 24 bits and its record's place in arena + 1
	shift uint     // a hash's home slot is its top bits: h >> shift
	keys  int      // how many
	nodes []node   // the rows of each key after its first, a list each
	kept  []int    // the place in arena of each row's kept cells, -1 when not kept
	arena arena    // the keys' records, and the kept cells of the rows kept
}

// A key's record in the arena is a head of five 4-byte numbers, then the
// key's bytes: its first row, how many rows have it, the first and last
// node of the list of its other rows (-1 when none), and its size. A
// look-up that finds a key reads one place of memory, not several.
const (
	recFirst = 4 * iota
	recRows
	recHead
	recTail
	recSize
	recKey
)

// slotPlace is the bits of a slot that hold a record's place.
const slotPlace = 1<<40 - 1

// tagSlots is the largest table whose slots' homes their tags give: the
// tag's 24 bits (a variable for a test).
var tagSlots = 1 << 24

type node struct{ row, next int32 }

// AddKeys adds a row with the keys from to to (not included) of keys
// (distinct, as [Index.RowKeys] gives them) and the cells kept, and
// returns its number in ix, from 0. The index copies what it keeps.
func (ix *Index) AddKeys(keys *Keys, from, to int, kept []string) int32 {
	row := int32(len(ix.kept))
	keep := ix.KeepAll
	for i := from; i < to; i++ {
		rec, slot, h := ix.find(keys.At(i))
		if rec == nil {
			ix.insert(slot, h, keys.At(i), row)
			keep = true
			continue
		}
		nd := int32(len(ix.nodes))
		ix.nodes = append(ix.nodes, node{row: row, next: -1})
		if tail := get(rec, recTail); tail >= 0 {
			ix.nodes[tail].next = nd
		} else {
			put(rec, recHead, nd)
		}
		put(rec, recTail, nd)
		put(rec, recRows, get(rec, recRows)+1)
	}
	if !keep {
		ix.kept = append(ix.kept, -1)
		return row
	}
	// A row's kept cells: how many, and the size of each, 4 bytes each,
	// then their bytes, one after the other.
	n := 4 + 4*len(kept)
	for _, c := range kept {
		n += len(c)
	}
	at, b := ix.arena.alloc(n)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(kept)))
	for _, c := range kept {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(c)))
	}
	for _, c := range kept {
		b = append(b, c...)
	}
	ix.kept = append(ix.kept, at)
	return row
}

// get and put read and write the number at off of a key's record.
func get(rec []byte, off int) int32    { return int32(binary.LittleEndian.Uint32(rec[off:])) }
func put(rec []byte, off int, v int32) { binary.LittleEndian.PutUint32(rec[off:], uint32(v)) }

// find returns the record of key (nil when none), the slot where it was
// looked for (free when none) and key's hash.
func (ix *Index) find(key []byte) (rec []byte, slot int, h uint64) {
	h = maphash.Bytes(ix.seed, key)
	if len(ix.slots) == 0 {
		return nil, 0, h
	}
	mask := len(ix.slots) - 1
	tag := h &^ slotPlace
	for i := int(h >> ix.shift); ; i = (i + 1) & mask {
		s := ix.slots[i]
		if s == 0 {
			return nil, i, h
		}
		if s&^slotPlace == tag {
			if rec := ix.record(int(s&slotPlace) - 1); bytes.Equal(rec[recKey:], key) {
				return rec, i, h
			}
		}
	}
}

// record returns the record at the place at of the arena.
func (ix *Index) record(at int) []byte {
	head := ix.arena.bytes(at, recKey)
	return ix.arena.bytes(at, recKey+int(get(head, recSize)))
}

// insert adds a record of key, of hash h, with its first row, in the free
// slot slot (or, when the table is then too full, in a table twice its
// size).
func (ix *Index) insert(slot int, h uint64, key []byte, row int32) {
	at, b := ix.arena.alloc(recKey + len(key))
	for _, v := range [...]int32{recFirst / 4: row, recRows / 4: 1, recHead / 4: -1, recTail / 4: -1, recSize / 4: int32(len(key))} {
		b = binary.LittleEndian.AppendUint32(b, uint32(v))
	}
	_ = append(b, key...)
	ix.keys++
	if 4*ix.keys > 3*len(ix.slots) {
		ix.grow(h&^slotPlace | uint64(at+1))
		return
	}
	ix.slots[slot] = h&^slotPlace | uint64(at+1)
}

// grow makes the table twice as large (at least 1,024 slots) and puts
// every slot in it again, and the new slot add. A slot's home is the top
// bits of its hash, which its tag holds while the table has at most 2^24
// slots; a larger one reads the key to hash it again.
func (ix *Index) grow(add uint64) {
	old := ix.slots
	ix.slots = make([]uint64, max(1024, 2*len(old)))
	ix.shift = uint(64 - bits.TrailingZeros(uint(len(ix.slots))))
	mask := len(ix.slots) - 1
	for _, s := range append(old, add) {
		if s == 0 {
			continue
		}
		h := s
		if len(ix.slots) > tagSlots {
			h = maphash.Bytes(ix.seed, ix.record(int(s&slotPlace) - 1)[recKey:])
		}
		i := int(h >> ix.shift)
		for ix.slots[i] != 0 {
			i = (i + 1) & mask
		}
		ix.slots[i] = s
	}
}

// Len returns the number of distinct keys.
func (ix *Index) Len() int { return ix.keys }

// Rows appends to dst the rows of ix that m found (its keys in keys, as
// [Index.Match] gave them), each once, in the order they were added, and
// returns dst.
func (ix *Index) Rows(dst []int32, keys *Keys, m Match) []int32 {
	if m.Count == 0 {
		return dst
	}
	return ix.rows(dst, keys, m.From, m.To)
}

// rows appends to dst the rows that share any of the keys from to to (not
// included) of keys, each once, in the order they were added, and returns
// them.
func (ix *Index) rows(dst []int32, keys *Keys, from, to int) []int32 {
	start := len(dst)
	for i := from; i < to; i++ {
		rec, _, _ := ix.find(keys.At(i))
		if rec == nil {
			continue
		}
		row := get(rec, recFirst)
		for nd := get(rec, recHead); ; nd = ix.nodes[nd].next {
			if i == from || !slices.Contains(dst[start:], row) {
				dst = append(dst, row)
			}
			if nd < 0 {
				break
			}
			row = ix.nodes[nd].row
		}
	}
	if to-from > 1 {
		slices.Sort(dst[start:])
	}
	return dst
}

// lookup returns how many rows share any of the keys from to to (not
// included) of keys, and the first of them added (-1 when none): with one
// look-up a key, without walking its rows unless keys are several.
func (ix *Index) lookup(keys *Keys, from, to int) (count int, first int32) {
	first = -1
	for i := from; i < to; i++ {
		if rec, _, _ := ix.find(keys.At(i)); rec != nil {
			count += int(get(rec, recRows))
			if row := get(rec, recFirst); first < 0 || row < first {
				first = row
			}
		}
	}
	if to-from > 1 && count > 0 {
		count = len(ix.rows(nil, keys, from, to)) // a row may have several of keys
	}
	return count, first
}

// Kept appends to dst the cells row kept, and reports whether the index
// kept them (the first row of each key; every row with KeepAll). The
// strings share the index's memory, which is never written again.
func (ix *Index) Kept(dst []string, row int32) ([]string, bool) {
	if row < 0 || int(row) >= len(ix.kept) || ix.kept[row] < 0 {
		return dst, false
	}
	at := ix.kept[row]
	width := int(binary.LittleEndian.Uint32(ix.arena.bytes(at, 4)))
	lens := ix.arena.bytes(at+4, 4*width)
	from := at + 4 + len(lens)
	for i := range width {
		n := int(binary.LittleEndian.Uint32(lens[4*i:]))
		if n == 0 {
			dst = append(dst, "")
			continue
		}
		dst = append(dst, unsafe.String(unsafe.SliceData(ix.arena.bytes(from, n)), n))
		from += n
	}
	return dst, true
}

// Prefetch reads the slot of each of keys, and the record it names: reads
// that do not wait on one another, so that their cache misses overlap,
// and the look-ups and Adds of keys that follow find the memory in the
// cache. Prefetch changes nothing in ix: it is a hint, for a program that adds or
// looks up many keys at once.
func (ix *Index) Prefetch(keys *Keys) {
	if len(ix.slots) == 0 {
		return
	}
	var sum uint64
	for i := range keys.Len() {
		h := maphash.Bytes(ix.seed, keys.At(i))
		if s := ix.slots[h>>ix.shift]; s != 0 {
			sum += uint64(ix.arena.bytes(int(s&slotPlace)-1, 1)[0])
		}
	}
	keys.touched += sum
}

// arenaChunk is the size of an arena's chunks.
const arenaChunk = 1 << 20

// An arena holds bytes that are only added to, in chunks, so that what is
// added is never copied again; a place in it is its chunk's number times
// arenaChunk and the place in that chunk. What is larger than a chunk has
// a chunk of its own, at 0. (Its 2^20 chunks, 1 TiB, are what a slot can
// name.)
type arena struct{ chunks [][]byte }

// alloc returns the place of n bytes added to a, and an empty slice of
// capacity n there, to append them to.
func (a *arena) alloc(n int) (int, []byte) {
	last := len(a.chunks) - 1
	if last < 0 || cap(a.chunks[last])-len(a.chunks[last]) < n {
		a.chunks = append(a.chunks, make([]byte, 0, max(arenaChunk, n)))
		last++
	}
	c := a.chunks[last]
	at := len(c)
	a.chunks[last] = c[:at+n]
	return last*arenaChunk + at, c[at : at : at+n]
}

// bytes returns the n bytes at the place at.
func (a *arena) bytes(at, n int) []byte {
	c := a.chunks[at/arenaChunk]
	at %= arenaChunk
	return c[at : at+n : at+n]
}
