// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file holds --strict: which error codes make the exit status 1, and
// the counts of the codes a run met.

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/cells"
	"github.com/onecontact/webaddress/clean"
	"github.com/onecontact/webaddress/internal/record"
)

// strictUsage is the help of --strict.
const strictUsage = "exit with status 1 when a value failed or a record was rejected with one of `CODES` " +
	"(comma-separated): an error code such as web.placeholder, a prefix such as record., " +
	"empty (an empty cell: web.empty, clean.empty-input, surt.blank), " +
	"failed (every code but empty's) or all; --strict alone is --strict=failed"

// strictDefault is what --strict alone means.
const strictDefault = "failed"

// A strictness is the parsed --strict: the codes that fail a run. The
// zero strictness fails none.
type strictness struct {
	spec  string   // as given
	items []string // its codes, prefixes and words
}

// parseStrict reads --strict's value: "" (not given) is the zero
// strictness.
func parseStrict(spec string) (strictness, error) {
	s := strictness{spec: spec}
	if spec == "" {
		return s, nil
	}
	for item := range strings.SplitSeq(spec, ",") {
		item = strings.TrimSpace(item)
		switch {
		case item == "all" || item == "failed" || item == "empty":
		case strings.Count(item, ".") == 1 && slices.Contains([]string{"web", "clean", "record", "surt"}, item[:strings.IndexByte(item, '.')]):
		default:
			return s, fmt.Errorf("--strict=%s: %q is not a code (web.NAME, clean.NAME, record.NAME, surt.NAME), a prefix (web., record., ...), empty, failed or all", spec, item)
		}
		s.items = append(s.items, item)
	}
	return s, nil
}

// on reports whether --strict was given.
func (s strictness) on() bool { return len(s.items) > 0 }

// match reports whether a failure with code makes the run fail: code is
// "" for a failure that has none (lint's).
func (s strictness) match(code string) bool {
	for _, item := range s.items {
		switch {
		case item == "all",
			item == "failed" && !emptyCode(code),
			item == "empty" && emptyCode(code),
			item == code,
			strings.HasSuffix(item, ".") && strings.HasPrefix(code, item):
			return true
		}
	}
	return false
}

// emptyCode reports whether code is that of an empty cell (or a value of
// white space alone), which the summary counts apart, and --strict fails
// on only when asked (--strict=empty).
func emptyCode(code string) bool {
	switch code {
	case string(cells.CodeEmpty), string(clean.CodeEmptyInput), "surt.blank":
		return true
	}
	return false
}

// codeOf returns the code of err: webaddress's, surt's, or "".
func codeOf(err error) string {
	if c, ok := record.ErrorCode[webaddress.Code](err); ok {
		return string(c)
	}
	c, _ := record.ErrorCode[string](err)
	return c
}

// codeCounts counts failures by code.
type codeCounts map[string]int

// add counts n failures with code.
func (cc *codeCounts) add(code string, n int) {
	if *cc == nil {
		*cc = make(codeCounts)
	}
	(*cc)[code] += n
}

// addAll adds the counts of o.
func (cc *codeCounts) addAll(o codeCounts) {
	for code, n := range o {
		cc.add(code, n)
	}
}

// empty returns how many were of an empty cell.
func (cc codeCounts) empty() int {
	n := 0
	for code, k := range cc {
		if emptyCode(code) {
			n += k
		}
	}
	return n
}

// matching returns how many match s, and those codes with their counts,
// the most frequent first, as "web.placeholder 3, web.email 1".
func (cc codeCounts) matching(s strictness) (int, string) {
	n := 0
	var codes []string
	for code, k := range cc {
		if s.match(code) {
			n += k
			codes = append(codes, code)
		}
	}
	slices.SortFunc(codes, func(a, b string) int { return cmp.Or(cc[b]-cc[a], strings.Compare(a, b)) })
	var b strings.Builder
	for i, code := range codes {
		if i > 0 {
			b.WriteString(", ")
		}
		name := code
		if name == "" {
			name = "failed"
		}
		fmt.Fprintf(&b, "%s %d", name, cc[code])
	}
	return n, b.String()
}
