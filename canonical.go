// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import "strings"

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

// isTrackingParam reports whether name, as written in the query (not
// percent-decoded), is a tracking parameter, ignoring ASCII case.
func isTrackingParam(name string) bool {
	if len(name) < 5 || len(name) > maxTrackingName {
		return false
	}
	for _, p := range trackingParams {
		if len(p.name) == len(name) && strings.EqualFold(p.name, name) {
			return true
		}
	}
	return false
}

// canonicalize returns u's canonical form: its href without the fragment
// and without the tracking parameters of its query, and the parameters it
// removed, as they appear in the query. Removing a parameter removes one
// "&" next to it; every other piece of the query stays as it is.
func canonicalize(u URL) (canonical string, removed []string) {
	canonical = u.href[:u.queryEnd()]
	query, ok := u.Query()
	if !ok {
		return canonical, nil
	}
	tracking := 0
	for param := range strings.SplitSeq(query, "&") {
		if name, _, _ := strings.Cut(param, "="); isTrackingParam(name) {
			tracking++
		}
	}
	if tracking == 0 {
		return canonical, nil
	}
	removed = make([]string, 0, tracking)
	b := make([]byte, 0, len(canonical))
	b = append(b, u.href[:u.queryStart+1]...)
	n := 0
	for param := range strings.SplitSeq(query, "&") {
		if name, _, _ := strings.Cut(param, "="); isTrackingParam(name) {
			removed = append(removed, param)
			continue
		}
		if n > 0 {
			b = append(b, '&')
		}
		b = append(b, param...)
		n++
	}
	if len(b) == int(u.queryStart)+1 {
		b = b[:u.queryStart] // the query became empty: drop its "?"
	}
	return string(b), removed
}
