// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"slices"
	"strings"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/urlchars"
)

// This file holds the cleaner's query: the query_handling option of R's
// safe_parse_url (rurl 2.7) and the parameter options that go with it.

// queryRules are the parameter patterns of a [CleanOptions], ready to
// match: lowercase unless the options match case.
type queryRules struct {
	keep, drop []string
}

// queryRules returns the patterns of o for its query handling, or nil
// when o leaves the query out of CleanURL.
func (o *CleanOptions) queryRules() *queryRules {
	if o.Query == QueryDrop {
		return nil
	}
	fold := func(patterns []string) []string {
		if o.ParamsCaseSensitive || len(patterns) == 0 {
			return slices.Clone(patterns)
		}
		out := make([]string, len(patterns))
		for i, p := range patterns {
			out[i] = strings.ToLower(p)
		}
		return out
	}
	return &queryRules{keep: fold(o.ParamsKeep), drop: fold(o.ParamsDrop)}
}

// queryParam is a parameter of a query: as written, and its name
// percent-decoded, as the patterns see it.
type queryParam struct {
	name, value string // as written, value without "="
	decoded     string // name percent-decoded
}

// apply returns the query that o puts in CleanURL for the query raw, as
// the Standard serializes it: the parameters o keeps, in canonical form,
// or "" when none is kept.
func (q *queryRules) apply(raw string, o *CleanOptions) string {
	params := make([]queryParam, 0, strings.Count(raw, "&")+1)
	var buf []byte
	for name, value := range urlchars.QueryPairs(raw) {
		buf = urlchars.AppendDecoded(buf[:0], name)
		decoded := string(buf)
		if !q.kept(decoded, value == "", o) {
			continue
		}
		params = append(params, queryParam{name, value, decoded})
	}
	if len(params) == 0 {
		return ""
	}
	if o.SortParams {
		slices.SortStableFunc(params, func(a, b queryParam) int { return strings.Compare(a.decoded, b.decoded) })
	}
	b := make([]byte, 0, len(raw)+len(raw)/4)
	for i, p := range params {
		if i > 0 {
			b = append(b, '&')
		}
		b = appendCanonicalComponent(b, p.name, false)
		b = append(b, '=')
		b = appendCanonicalComponent(b, p.value, o.DecodePlus)
	}
	return string(b)
}

// kept reports whether o keeps the parameter with the percent-decoded name
// whose value is empty or not.
func (q *queryRules) kept(name string, empty bool, o *CleanOptions) bool {
	if !o.ParamsCaseSensitive {
		name = strings.ToLower(name)
	}
	dropEmpty := empty && o.EmptyParams == EmptyParamDrop
	switch o.Query {
	case QueryFilter:
		if matchAny(q.keep, name) {
			return true
		}
		if dropEmpty || matchAny(q.drop, name) {
			return false
		}
		// The tracking parameters are lowercase: a name in other case was
		// lowercased above, unless the options match case.
		return !webaddress.IsTrackingParam(name)
	case QueryAllow:
		return !dropEmpty && matchAny(q.keep, name)
	}
	return !dropEmpty
}

// matchAny reports whether one of the patterns matches name.
func matchAny(patterns []string, name string) bool {
	for _, p := range patterns {
		if matchGlob(p, name) {
			return true
		}
	}
	return false
}

// matchGlob reports whether pattern matches the whole of name, byte by
// byte, a "*" in pattern matching any run of bytes. It takes time
// proportional to len(pattern) times len(name) at worst.
func matchGlob(pattern, name string) bool {
	p, n := 0, 0
	star, mark := -1, 0 // the last "*" seen, and where in name it took over
	for n < len(name) {
		switch {
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, n
			p++
		case p < len(pattern) && pattern[p] == name[n]:
			p++
			n++
		case star >= 0:
			// Let the last "*" take one more byte.
			mark++
			p, n = star+1, mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// appendCanonicalComponent appends the canonical form of a name or value
// of a query parameter, as written, to b: each byte, or byte that a valid
// %XX escape spells, written as it is when it is an RFC 3986 unreserved
// character and as %XX with upper-case hex digits otherwise; a "%" that
// is not followed by two hex digits stays as it is. With plusIsSpace, a
// "+" is a space.
func appendCanonicalComponent(b []byte, s string, plusIsSpace bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && urlchars.IsHex(s[i+1]) && urlchars.IsHex(s[i+2]):
			c = urlchars.Unhex(s[i+1])<<4 | urlchars.Unhex(s[i+2])
			i += 2
		case c == '%':
			b = append(b, c)
			continue
		case c == '+' && plusIsSpace:
			c = ' '
		}
		if urlchars.IsUnreserved(c) {
			b = append(b, c)
		} else {
			b = append(b, '%', urlchars.UpperHex[c>>4], urlchars.UpperHex[c&15])
		}
	}
	return b
}
