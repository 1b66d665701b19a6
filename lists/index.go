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

	"github.com/onecontact/webaddress"
)

// Keys are the keys of a cell or a row, their bytes one after the other
// in one buffer: no string each, and the levels each is a key at (by
// owner, an address's site key and its owner's, one key when they are
// the same). The zero Keys is empty, ready to use.
type Keys struct {
	buf  []byte
	ends []int       // the end of each key in buf
	at   []levelBits // the levels of each key

	// touched is the sum of the bytes an Index's Prefetch and MatchRows read
	// ahead with these keys, kept so that the compiler does not leave the
	// reads out: here, not in the Index, which goroutines share.
	touched uint64

	// hashes are the hashes of the first keys by the seed hashed, as an
	// Index's Prefetch found them, for its look-ups of them next.
	hashes []uint64
	hashed maphash.Seed

	next []int // MatchRows' rows that try their next cells, and their keys
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

// IsAt reports whether key i is a key at level l.
func (k *Keys) IsAt(i int, l webaddress.Level) bool { return k.at[i]&bitOf(l) != 0 }

// Reset empties k, keeping its memory.
func (k *Keys) Reset() {
	k.buf, k.ends, k.at, k.hashes = k.buf[:0], k.ends[:0], k.at[:0], k.hashes[:0]
}

// levelBits is a set of levels, a bit each (1 << the level).
type levelBits uint8

// bitOf returns the set of level l alone.
func bitOf(l webaddress.Level) levelBits { return 1 << l }

// push makes the bytes of k.buf from from a key at the levels at, unless
// they are a key from start already: that key is then at those levels
// too, and the bytes are dropped.
func (k *Keys) push(start, from int, at levelBits) {
	key := k.buf[from:]
	for i := start; i < k.Len(); i++ {
		if bytes.Equal(k.At(i), key) {
			k.at[i] |= at
			k.buf = k.buf[:from]
			return
		}
	}
	k.ends = append(k.ends, len(k.buf))
	k.at = append(k.at, at)
}

// only returns the keys from to to (not included) that are at level l:
// from and to themselves when all are, else copies of them appended to k.
func (k *Keys) only(from, to int, l webaddress.Level) (int, int) {
	i := from
	for i < to && k.IsAt(i, l) {
		i++
	}
	if i == to {
		return from, to
	}
	n := k.Len()
	for i := from; i < to; i++ {
		if k.IsAt(i, l) {
			k.buf = append(k.buf, k.At(i)...)
			k.ends = append(k.ends, len(k.buf))
			k.at = append(k.at, k.at[i])
		}
	}
	return n, k.Len()
}

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

// An Index holds the rows of a list to match against (the accounts): for
// each key, at each level a match tries, the rows that have it, and the
// cells each row keeps for a match to write (the first row of each key's
// at each level; every row's with KeepAll). It keeps no other cell of a
// row: its memory follows the keys and the cells kept. It holds no
// pointers: keys and kept cells are bytes in one arena, found by their
// offsets, and the keys' table is an open-addressing hash table of entry
// numbers, so the garbage collector never scans it, and a look-up costs a
// few cache lines, not a map's.
//
// By owner, it holds each row's keys at site level and at owner level (a
// match tries the site first), in one record a key, with a head for each
// level the key is at: a key that is both a site and an owner (acme.com)
// is one record of two heads (18 bytes and the key's, against 10 for one
// level), a site that is not its owner (shop.acme.com) a record of one,
// as its owner (acme.com) is when no row has it as its site; a row first
// at either level keeps its cells. By site or page there is one level.
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
	seed   maphash.Seed
	slots  []uint64       // the hash table: 0 free, else a key's hash's top 24 bits and its record's place in arena + 1
	shift  uint           // a hash's home slot is its top bits: h >> shift
	keys   int            // how many
	keysAt [maxLevels]int // how many keys are at each level of Rules.levels
	nodes  []node         // the rows of each key after its first at a level, a list each
	kept   []int          // the place in arena of each row's kept cells, -1 when not kept
	arena  arena          // the keys' records, and the kept cells of the rows kept
}

// A key's record in the arena is a byte of the levels it has a head at
// (bit j for Rules.levels[j], finest first), the key's size (a uvarint),
// a head for each of those levels, in that order, and the key's bytes. A
// head is two 4-byte numbers: the key's first row at that level (-1 in a
// head not yet given one), and the newest node of the list of its other
// rows (-1 when none), which says how many they are. A look-up that finds
// a key reads one place of memory, not several, for the rows it counts
// and the first of them.
const headLen = 8

// The numbers of a head.
const (
	headFirst = 0
	headList  = 4
)

// maxLevels is the most levels an index matches at: site and owner.
const maxLevels = 2

// slotPlace is the bits of a slot that hold a record's place.
const slotPlace = 1<<40 - 1

// tagSlots is the largest table whose slots' homes their tags give: the
// tag's 24 bits (a variable for a test).
var tagSlots = 1 << 24

// A node is one row in the list of a key's rows at a level after its
// first, newest first: the row, the next node (-1: none), and how many
// rows the list has from this node on.
type node struct{ row, next, count int32 }

// AddKeys adds a row with the keys from to to (not included) of keys
// (distinct, as [Index.RowKeys] gives them) and the cells kept, and
// returns its number in ix, from 0. The index copies what it keeps.
func (ix *Index) AddKeys(keys *Keys, from, to int, kept []string) int32 {
	row := int32(len(ix.kept))
	keep := ix.KeepAll
	for i := from; i < to; i++ {
		var at byte // the levels of ix the key is at, a bit each
		for j, l := range ix.levels {
			if keys.IsAt(i, l) {
				at |= 1 << j
			}
		}
		if at == 0 {
			continue
		}
		rec, slot, h := ix.findKey(keys, i)
		switch {
		case rec == nil:
			rec = ix.insert(slot, h, keys.At(i), at)
		case rec[0]&at != at:
			rec = ix.widen(slot, rec, at)
		}
		for j := range ix.levels {
			if at&(1<<j) != 0 && ix.addRow(rec, j, row) {
				keep = true
			}
		}
	}
	if !keep {
		ix.kept = append(ix.kept, -1)
		return row
	}
	// A row's kept cells: how many (a uvarint), then the size of each (a
	// uvarint) and its bytes.
	n := uvarintLen(uint64(len(kept)))
	for _, c := range kept {
		n += uvarintLen(uint64(len(c))) + len(c)
	}
	at, b := ix.arena.alloc(n)
	b = binary.AppendUvarint(b, uint64(len(kept)))
	for _, c := range kept {
		b = binary.AppendUvarint(b, uint64(len(c)))
		b = append(b, c...)
	}
	ix.kept = append(ix.kept, at)
	return row
}

// uvarintLen returns the size of x as a uvarint.
func uvarintLen(x uint64) int { return (bits.Len64(x|1) + 6) / 7 }

// addRow adds row to the rows of the record rec at the level of head j,
// which it has, and reports whether it is the first there.
func (ix *Index) addRow(rec []byte, j int, row int32) bool {
	hd := head(rec, j)
	if get(hd, headFirst) < 0 {
		put(hd, headFirst, row)
		ix.keysAt[j]++
		return true
	}
	next := get(hd, headList)
	count := int32(1)
	if next >= 0 {
		count += ix.nodes[next].count
	}
	put(hd, headList, int32(len(ix.nodes)))
	ix.nodes = append(ix.nodes, node{row: row, next: next, count: count})
	return false
}

// head returns the head of the record rec at the level of head j, nil
// when the key is not one there.
func head(rec []byte, j int) []byte {
	if rec[0]&(1<<j) == 0 {
		return nil
	}
	off := 1
	for rec[off]&0x80 != 0 { // the key's size
		off++
	}
	off += 1 + headLen*bits.OnesCount8(rec[0]&(1<<j-1))
	return rec[off : off+headLen : off+headLen]
}

// rowsOf returns how many rows the head hd has, and the first of them.
func (ix *Index) rowsOf(hd []byte) (count int, first int32) {
	count = 1
	if next := get(hd, headList); next >= 0 {
		count += int(ix.nodes[next].count)
	}
	return count, get(hd, headFirst)
}

// get and put read and write the number at off of a key's record.
func get(rec []byte, off int) int32    { return int32(binary.LittleEndian.Uint32(rec[off:])) }
func put(rec []byte, off int, v int32) { binary.LittleEndian.PutUint32(rec[off:], uint32(v)) }

// findKey is find of key i of keys, whose hash Prefetch may have found.
func (ix *Index) findKey(keys *Keys, i int) (rec []byte, slot int, h uint64) {
	if i < len(keys.hashes) && keys.hashed == ix.seed {
		return ix.findHash(keys.At(i), keys.hashes[i])
	}
	return ix.find(keys.At(i))
}

// find returns the record of key (nil when none), the slot where it was
// looked for (free when none) and key's hash.
func (ix *Index) find(key []byte) (rec []byte, slot int, h uint64) {
	return ix.findHash(key, maphash.Bytes(ix.seed, key))
}

// findHash is find of key, whose hash is h.
func (ix *Index) findHash(key []byte, h uint64) (rec []byte, slot int, _ uint64) {
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
			if rec, k := ix.record(int(s&slotPlace) - 1); bytes.Equal(rec[k:], key) {
				return rec, i, h
			}
		}
	}
}

// record returns the record at the place at of the arena, and where its
// key begins in it.
func (ix *Index) record(at int) (rec []byte, key int) {
	b := ix.arena.from(at)
	n, w := binary.Uvarint(b[1:])
	key = 1 + w + headLen*bits.OnesCount8(b[0])
	end := key + int(n)
	return b[:end:end], key
}

// insert adds a record of key, of hash h, with blank heads at the levels
// at, in the free slot slot (or, when the table is then too full, in a
// table twice its size), and returns it.
func (ix *Index) insert(slot int, h uint64, key []byte, at byte) []byte {
	place, rec := ix.newRecord(key, at)
	ix.keys++
	if 4*ix.keys > 3*len(ix.slots) {
		ix.grow(h&^slotPlace | uint64(place+1))
		return rec
	}
	ix.slots[slot] = h&^slotPlace | uint64(place+1)
	return rec
}

// newRecord adds to the arena a record of key with blank heads at the
// levels at, and returns its place and its bytes.
func (ix *Index) newRecord(key []byte, at byte) (int, []byte) {
	heads := headLen * bits.OnesCount8(at)
	place, b := ix.arena.alloc(1 + uvarintLen(uint64(len(key))) + heads + len(key))
	b = append(b, at)
	b = binary.AppendUvarint(b, uint64(len(key)))
	for range heads / 4 {
		b = append(b, 0xff, 0xff, 0xff, 0xff) // -1
	}
	return place, append(b, key...)
}

// widen replaces the record rec of the slot slot with one that has heads
// at the levels at too, those it has copied, and returns it. (The bytes
// of rec stay in the arena, unused: a key first added at one level and
// then at the other costs its record twice.)
func (ix *Index) widen(slot int, rec []byte, at byte) []byte {
	_, k := ix.record(int(ix.slots[slot]&slotPlace) - 1)
	place, wide := ix.newRecord(rec[k:], rec[0]|at)
	for j := range maxLevels {
		if hd := head(rec, j); hd != nil {
			copy(head(wide, j), hd)
		}
	}
	ix.slots[slot] = ix.slots[slot]&^slotPlace | uint64(place+1)
	return wide
}

// grow makes the table twice as large (at least 1,024 slots) and puts
// every slot in it again, and the new slot add. A slot's home is the top
// bits of its hash, which its tag holds while the table has at most 2^24
// slots; a larger one reads the key to hash it again.
func (ix *Index) grow(add uint64) {
	old := ix.slots
	ix.slots = make([]uint64, max(1024, 2*len(old)))
	ix.shift = uint(64 - bits.TrailingZeros(uint(len(ix.slots))))
	for _, s := range old {
		if s != 0 {
			ix.put(s)
		}
	}
	ix.put(add)
}

// put puts the slot s in the first free slot from its home, in a table
// that has one.
func (ix *Index) put(s uint64) {
	h := s
	if len(ix.slots) > tagSlots {
		rec, k := ix.record(int(s&slotPlace) - 1)
		h = maphash.Bytes(ix.seed, rec[k:])
	}
	mask := len(ix.slots) - 1
	i := int(h >> ix.shift)
	for ix.slots[i] != 0 {
		i = (i + 1) & mask
	}
	ix.slots[i] = s
}

// Len returns the number of distinct keys at the level of Options.By.
func (ix *Index) Len() int { return ix.keysAt[len(ix.levels)-1] }

// Rows appends to dst the rows of ix that m found (its keys in keys, as
// [Index.Match] gave them), each once, in the order they were added, and
// returns dst: those that share its keys at its level.
func (ix *Index) Rows(dst []int32, keys *Keys, m Match) []int32 {
	j := ix.headOf(m.Level)
	if m.Count == 0 || j < 0 {
		return dst
	}
	return ix.rows(dst, keys, m.From, m.To, j)
}

// headOf returns the place of level l among ix's levels, its head's in a
// record; -1 when ix does not match at l.
func (ix *Index) headOf(l webaddress.Level) int {
	for j, at := range ix.levels {
		if at == l {
			return j
		}
	}
	return -1
}

// rows appends to dst the rows that share any of the keys from to to (not
// included) of keys at the level of head j, each once, in the order they
// were added, and returns them.
func (ix *Index) rows(dst []int32, keys *Keys, from, to, j int) []int32 {
	start := len(dst)
	l, several := ix.levels[j], false
	for i := from; i < to; i++ {
		if !keys.IsAt(i, l) {
			continue
		}
		rec, _, _ := ix.findKey(keys, i)
		if rec == nil {
			continue
		}
		hd := head(rec, j)
		if hd == nil {
			continue
		}
		if row := get(hd, headFirst); !several || !slices.Contains(dst[start:], row) {
			dst = append(dst, row)
		}
		newest := len(dst)
		for nd := get(hd, headList); nd >= 0; nd = ix.nodes[nd].next {
			if row := ix.nodes[nd].row; !several || !slices.Contains(dst[start:], row) {
				dst = append(dst, row)
			}
		}
		if !several {
			slices.Reverse(dst[newest:]) // the list is newest first
		}
		several = true
	}
	if several {
		slices.Sort(dst[start:])
	}
	return dst
}

// lookup returns the finest of ix's levels at which rows share any of the
// keys from to to (not included) of keys, how many do, and the first of
// them added; when none does, the last level (Options.By's), 0 and -1:
// with one look-up a key, without walking its rows unless several of keys
// are at the level.
func (ix *Index) lookup(keys *Keys, from, to int) (l webaddress.Level, count int, first int32) {
	var n, counts [maxLevels]int
	firsts := [maxLevels]int32{-1, -1}
	for i := from; i < to; i++ {
		rec, _, _ := ix.findKey(keys, i)
		for j, l := range ix.levels {
			if !keys.IsAt(i, l) {
				continue
			}
			n[j]++
			if rec == nil {
				continue
			}
			if hd := head(rec, j); hd != nil {
				rows, row := ix.rowsOf(hd)
				counts[j] += rows
				if firsts[j] < 0 || row < firsts[j] {
					firsts[j] = row
				}
			}
		}
	}
	for j, l := range ix.levels {
		if counts[j] == 0 {
			continue
		}
		if n[j] > 1 {
			counts[j] = len(ix.rows(nil, keys, from, to, j)) // a row may have several of keys
		}
		return l, counts[j], firsts[j]
	}
	return ix.levels[len(ix.levels)-1], 0, -1
}

// Kept appends to dst the cells row kept, and reports whether the index
// kept them (the first row of each key; every row with KeepAll). The
// strings share the index's memory, which is never written again.
func (ix *Index) Kept(dst []string, row int32) ([]string, bool) {
	if row < 0 || int(row) >= len(ix.kept) || ix.kept[row] < 0 {
		return dst, false
	}
	b := ix.arena.from(ix.kept[row])
	width, w := binary.Uvarint(b)
	b = b[w:]
	for range width {
		n, w := binary.Uvarint(b)
		if n == 0 {
			dst = append(dst, "")
			b = b[w:]
			continue
		}
		dst = append(dst, unsafe.String(&b[w], int(n)))
		b = b[w+int(n):]
	}
	return dst, true
}

// Prefetch reads the slot of each of keys, and the record it names: reads
// that do not wait on one another, so that their cache misses overlap,
// and the look-ups and Adds of keys that follow find the memory in the
// cache. It reads every key's slot first, then their records, so that a
// record's read waits on no slot's miss; it keeps the keys' hashes in
// keys, for those look-ups and Adds. Prefetch changes nothing in ix: it is
// a hint, for a program that adds or looks up many keys at once.
func (ix *Index) Prefetch(keys *Keys) {
	keys.hashes = keys.hashes[:0]
	ix.prefetch(keys)
}

// prefetch is Prefetch of the keys after those whose hashes keys has.
func (ix *Index) prefetch(keys *Keys) {
	if len(ix.slots) == 0 {
		return
	}
	if keys.hashed != ix.seed {
		keys.hashes, keys.hashed = keys.hashes[:0], ix.seed
	}
	var sum uint64
	from := len(keys.hashes)
	for i := from; i < keys.Len(); i++ {
		h := maphash.Bytes(ix.seed, keys.At(i))
		keys.hashes = append(keys.hashes, h)
		sum += ix.slots[h>>ix.shift]
	}
	for _, h := range keys.hashes[from:] {
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

// from returns the bytes from the place at to the end of its chunk.
func (a *arena) from(at int) []byte {
	c := a.chunks[at/arenaChunk]
	return c[at%arenaChunk:]
}
