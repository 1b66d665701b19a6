// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"fmt"
	"iter"
	"strings"
	"unicode/utf8"
)

// trackingParams are the query parameters the canonical form removes. Each
// is on the list because
// a platform documents it as a click or campaign identifier; the pages were
// read on 2026-11-05.
var trackingParams = []struct {
	name, platform, page, read string
}{
	{"utm_source", "Google Analytics 4", `"Collect campaign data with custom URLs", support.google.com/analytics/answer/10917952`, "2026-11-05"},
	{"utm_medium", "Google Analytics 4", `"Collect campaign data with custom URLs", support.google.com/analytics/answer/10917952`, "2026-11-05"},
	{"utm_campaign", "Google Analytics 4", `"Collect campaign data with custom URLs", support.google.com/analytics/answer/10917952`, "2026-11-05"},
	{"utm_term", "Google Analytics 4", `"Collect campaign data with custom URLs", support.google.com/analytics/answer/10917952`, "2026-11-05"},
	{"utm_content", "Google Analytics 4", `"Collect campaign data with custom URLs", support.google.com/analytics/answer/10917952`, "2026-11-05"},
	{"utm_id", "Google Analytics 4", `"Collect campaign data with custom URLs", support.google.com/analytics/answer/10917952`, "2026-11-05"},
	{"utm_source_platform", "Google Analytics 4", `"Collect campaign data with custom URLs", support.google.com/analytics/answer/10917952`, "2026-11-05"},
	{"utm_creative_format", "Google Analytics 4", `"Collect campaign data with custom URLs", support.google.com/analytics/answer/10917952`, "2026-11-05"},
	{"utm_marketing_tactic", "Google Analytics 4", `"Collect campaign data with custom URLs", support.google.com/analytics/answer/10917952`, "2026-11-05"},
	{"gclid", "Google Ads", `"About auto-tagging", support.google.com/google-ads/answer/3095550`, "2026-11-05"},
	{"gbraid", "Google Ads API", `"Upload click conversions", developers.google.com/google-ads/api/docs/conversions/upload-clicks`, "2026-11-05"},
	{"wbraid", "Google Ads API", `"Upload click conversions", developers.google.com/google-ads/api/docs/conversions/upload-clicks`, "2026-11-05"},
	{"msclkid", "Microsoft Advertising help", `"Auto-tagging of Microsoft Click ID (MSCLKID)"`, "2026-11-05"},
	{"fbclid", "Meta", `"ClickID and the fbp and fbc Parameters", developers.facebook.com/documentation/ads-commerce/conversions-api/parameters/fbp-and-fbc`, "2026-11-05"},
	{"ttclid", "TikTok Ads Manager", `"About TikTok Click ID", ads.tiktok.com/resources/help/article/tiktok-click-id`, "2026-11-05"},
	{"twclid", "X Ads API", `"Web conversions", docs.x.com/x-ads-api/measurement/web-conversions`, "2026-11-05"},
	{"li_fat_id", "LinkedIn Marketing API", `"Enabling first-party cookies", learn.microsoft.com/en-us/linkedin/marketing/conversions/enabling-first-party-cookies`, "2026-11-05"},
	{"mc_cid", "Mailchimp developer documentation", `"E-commerce", mailchimp.com/developer/marketing/docs/e-commerce/`, "2026-11-05"},
	{"mc_eid", "Mailchimp developer documentation", `"E-commerce", mailchimp.com/developer/marketing/docs/e-commerce/`, "2026-11-05"},
}

// maxTrackingName is the length of the longest tracking parameter name.
const maxTrackingName = len("utm_marketing_tactic")

// IsTrackingParam reports whether name is, byte for byte, one of the
// tracking parameters [Address.Canonical] removes ("utm_source", "gclid",
// ...); the canonical form ignores their ASCII case.
func IsTrackingParam(name string) bool { return isTrackingParam(name, false) }

// isTrackingParam reports whether name is a tracking parameter, as written
// or, with foldCase, ignoring case.
func isTrackingParam(name string, foldCase bool) bool {
	if len(name) < 5 || len(name) > maxTrackingName {
		return false
	}
	for _, p := range trackingNamesOfLen[len(name)] {
		// The test of the first byte spares most names EqualFold's call:
		// an ASCII byte folds to p's first, a lowercase ASCII letter, only
		// when it is that letter in either case.
		if p == name || foldCase && (name[0] >= utf8.RuneSelf || lower(name[0]) == p[0]) && strings.EqualFold(p, name) {
			return true
		}
	}
	return false
}

// trackingNamesOfLen holds the names of trackingParams by their length,
// so that isTrackingParam compares a name with those of its length only:
// a table the compiler lays out, with no work at start-up
// (TestTrackingNamesOfLen checks it against trackingParams).
var trackingNamesOfLen = [maxTrackingName + 1][]string{
	5:  {"gclid"},
	6:  {"utm_id", "gbraid", "wbraid", "fbclid", "ttclid", "twclid", "mc_cid", "mc_eid"},
	7:  {"msclkid"},
	8:  {"utm_term"},
	9:  {"li_fat_id"},
	10: {"utm_source", "utm_medium"},
	11: {"utm_content"},
	12: {"utm_campaign"},
	19: {"utm_source_platform", "utm_creative_format"},
	20: {"utm_marketing_tactic"},
}

// canonicalize returns u's canonical form: its href without the fragment
// and without the tracking parameters of its query, and whether it removed
// any (removedParams lists them). Removing a parameter removes one "&"
// next to it; every other piece of the query stays as it is.
//
// The canonical form is always u's href through its path, then "?" and
// the query that is left, if any: canonicalQuery, the key and
// Address.String rely on it, and Address.validate checks it.
func canonicalize(u *URL) (canonical string, removed bool) {
	if u.queryStart == 0 && u.fragmentStart == 0 {
		return u.href, false // most URLs: the href itself, and no call
	}
	return canonicalizeParts(u)
}

// canonicalizeParts is canonicalize for a URL with a query or a fragment.
func canonicalizeParts(u *URL) (canonical string, removed bool) {
	canonical = u.withoutFragment()
	query, ok := u.RawQuery()
	if !ok {
		return canonical, false
	}
	// The common case: the tracking parameters come after every parameter
	// kept, and the canonical form is the href up to the last one kept.
	kept, found := 0, false // where the last parameter kept ends in query
	for param, at := range queryParams(query) {
		switch {
		case isTrackingPiece(param):
			found = true
		case found:
			return removeTracking(u, query), true // a parameter kept after one removed
		default:
			kept = at + len(param)
		}
	}
	if !found {
		return canonical, false
	}
	if kept == 0 {
		return u.throughPath(), true // the query became empty: drop its "?"
	}
	return canonical[:len(canonical)-len(query)+kept], true
}

// removeTracking returns u's href through its path, then "?" and the
// parameters of query, u's query, that are not tracking parameters,
// joined by "&"; or the href through the path when none is left.
func removeTracking(u *URL, query string) string {
	var b strings.Builder
	b.Grow(len(u.throughPath()) + 1 + len(query))
	b.WriteString(u.throughPath())
	b.WriteByte('?')
	start, n := b.Len(), 0
	for param := range strings.SplitSeq(query, "&") {
		if isTrackingPiece(param) {
			continue
		}
		if n > 0 {
			b.WriteByte('&')
		}
		b.WriteString(param)
		n++
	}
	if b.Len() == start {
		return u.throughPath() // the query became empty: drop its "?"
	}
	return b.String()
}

// queryParams yields the pieces of query between "&"s, each with where it
// starts in query.
func queryParams(query string) iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		at := 0
		for param := range strings.SplitSeq(query, "&") {
			if !yield(param, at) {
				return
			}
			at += len(param) + 1
		}
	}
}

// isTrackingPiece reports whether param, a piece of a query between "&"s,
// is a tracking parameter, its name compared ignoring case.
func isTrackingPiece(param string) bool {
	name, _, _ := strings.Cut(param, "=")
	return isTrackingParam(name, true)
}

// removedParams returns the tracking parameters of u's query, each as
// "name=value" as it appears in the query, in order: those canonicalize
// removes. It returns nil when there is none.
func removedParams(u *URL) []string {
	query, _ := u.RawQuery()
	n := 0
	for param := range strings.SplitSeq(query, "&") {
		if isTrackingPiece(param) {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	removed := make([]string, 0, n) // one allocation
	for param := range strings.SplitSeq(query, "&") {
		if isTrackingPiece(param) {
			removed = append(removed, param)
		}
	}
	return removed
}

// canonicalQuery returns the query of a's canonical form, without its "?",
// and whether it has one.
func (a Address) canonicalQuery() (string, bool) {
	rest := a.canonical[len(a.url.throughPath()):]
	if rest == "" {
		return "", false
	}
	return rest[1:], true
}

// validate checks the invariants of a, an Address that Parse made: those of
// its URL, and that its canonical form is the URL's href through its path,
// then the query that is left, which is the URL's query or a part of it.
func (a Address) validate() error {
	if err := a.url.validate(); err != nil {
		return err
	}
	path := a.url.throughPath()
	if !strings.HasPrefix(a.canonical, path) {
		return fmt.Errorf("canonical %q does not start with the href through the path %q", a.canonical, path)
	}
	q, ok := a.canonicalQuery()
	uq, uok := a.url.RawQuery()
	if ok && (!uok || len(q) > len(uq) || a.canonical[len(path)] != '?') || a.facts.Has(FactTrackingParametersRemoved) && !ok && uok && uq == "" {
		return fmt.Errorf("canonical %q: query %q does not come from the URL's %q", a.canonical, q, uq)
	}
	return nil
}
