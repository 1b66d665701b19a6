// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"

	"github.com/onecontact/webaddress/internal/data"
)

// This file holds KeyV3's listings: an organisation's listing on another's platform, whose site and owner are the listing's stable id.

// A listingShape is one shape of listings.txt: the pattern of the key's
// path (or the query parameter) that holds a listing's id, and the key
// the id makes.
type listingShape struct {
	segs           []string        // the path pattern's segments
	query          string          // the query parameter that holds the id, or ""
	chars          *[256]bool      // the id's characters
	minLen, maxLen int             // the id's length; 0: any
	not            map[string]bool // ids of the platform's own pages
	keyPrefix      string          // the key: keyPrefix, the id, keySuffix
	keySuffix      string
}

// maxListingSegment is the longest path segment or query value a
// listing's id is looked for in: ids are short, and a bound keeps the
// pattern's search linear in the path's length.
const maxListingSegment = 1024

// listingIndex maps a site's host to the listing shapes of its
// addresses, in the file's order.
type listingIndex map[string][]*listingShape

// readListings returns the shapes of listings.txt by host, and marks
// each host's registrable domain in x, so that the owner's shortcut
// (plainDomain) does not pass its addresses by.
func readListings(x platformIndex) listingIndex {
	m := make(listingIndex)
	data.Must(data.Listings(func(l data.Listing) error {
		s := &listingShape{query: l.Query, chars: data.ParseChars(l.Chars)}
		if p := strings.TrimPrefix(l.Path, "/"); p != "" {
			s.segs = strings.Split(p, "/")
		}
		if l.Len != "" {
			s.minLen, s.maxLen, _ = data.ParseLen(l.Len)
		}
		if len(l.Not) > 0 {
			s.not = set(l.Not...)
		}
		s.keyPrefix, s.keySuffix, _ = strings.Cut(l.Key, "<id>")
		for _, h := range l.Hosts {
			m[h] = append(m[h], s)
			reg := publicSuffixOf(h).registrable
			if reg == "" {
				reg = h
			}
			x.entry(reg)
		}
		return nil
	}))
	return m
}

// listingParts matches a listing of one of the shapes ls on a's key's
// path (written in buf) and query, and fills p with its key.
func listingParts(p *keyParts, a *Address, ls []*listingShape, buf []byte) bool {
	if len(ls) == 0 {
		return false
	}
	path := string(keyPathLower(buf, a))
	for _, s := range ls {
		if id, ok := s.match(path, a); ok {
			p.listing = s.keyPrefix + id + s.keySuffix
			return true
		}
	}
	return false
}

// match returns the id of a listing of shape s whose key's path,
// lowercased, is path.
func (s *listingShape) match(path string, a *Address) (string, bool) {
	rest := strings.TrimPrefix(path, "/")
	id, found := "", false
	for _, pat := range s.segs {
		if rest == "" {
			return "", false
		}
		seg, more, _ := strings.Cut(rest, "/")
		rest = more
		if len(seg) > maxListingSegment {
			return "", false
		}
		if !strings.Contains(pat, "<id>") {
			if !s.glob(pat, seg, nil) {
				return "", false
			}
			continue
		}
		if !s.glob(pat, seg, &id) {
			return "", false
		}
		found = true
	}
	if !found {
		var ok bool
		if id, ok = queryValue(a, s.query); !ok || len(id) > maxListingSegment {
			return "", false
		}
		id = strings.ToLower(id)
		if !s.isID(id) {
			return "", false
		}
	}
	if s.not[id] {
		return "", false
	}
	return id, true
}

// glob reports whether seg matches the segment pattern pat: literal
// text, "*" (any run, the shortest first) and "<id>" (the longest run of
// the id's characters, of its length), whose text it stores in *id.
func (s *listingShape) glob(pat, seg string, id *string) bool {
	for pat != "" {
		switch {
		case pat == "*":
			return true
		case pat[0] == '*':
			for i := 0; i <= len(seg); i++ {
				if s.glob(pat[1:], seg[i:], id) {
					return true
				}
			}
			return false
		case strings.HasPrefix(pat, "<id>"):
			n := 0
			for n < len(seg) && s.chars[seg[n]] {
				n++
			}
			if !s.isID(seg[:n]) || !s.glob(pat[len("<id>"):], seg[n:], nil) {
				return false
			}
			if id != nil {
				*id = seg[:n]
			}
			return true
		default:
			j := strings.IndexAny(pat, "*<")
			if j < 0 {
				j = len(pat)
			} else if j == 0 {
				j = 1 // a "<" of the text
			}
			if !strings.HasPrefix(seg, pat[:j]) {
				return false
			}
			pat, seg = pat[j:], seg[j:]
		}
	}
	return seg == ""
}

// isID reports whether id is of s's characters and length.
func (s *listingShape) isID(id string) bool {
	if id == "" || s.minLen > 0 && (len(id) < s.minLen || len(id) > s.maxLen) {
		return false
	}
	for i := 0; i < len(id); i++ {
		if !s.chars[id[i]] {
			return false
		}
	}
	return true
}

// queryValue returns the value of the parameter name in a's canonical
// query, as the page key writes it: of several, the least, so that one
// page key has one listing.
func queryValue(a *Address, name string) (string, bool) {
	q, ok := a.canonicalQuery()
	if !ok || q == "" {
		return "", false
	}
	v, found := "", false
	for param := range strings.SplitSeq(q, "&") {
		if k, val, _ := strings.Cut(param, "="); k == name && val != "" && (!found || val < v) {
			v, found = val, true
		}
	}
	return v, found
}
