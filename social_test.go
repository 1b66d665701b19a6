// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"strings"
	"testing"
)

// profileTests are addresses with the shape of a profile: network, handle
// and kind.
var profileTests = []struct{ in, network, handle, kind string }{
	{"https://linkedin.com/in/jane-doe-123", "linkedin", "jane-doe-123", "in"},
	{"https://www.linkedin.com/in/jane-doe-123", "linkedin", "jane-doe-123", "in"},
	{"https://m.linkedin.com/in/jane-doe-123", "linkedin", "jane-doe-123", "in"},
	{"https://uk.linkedin.com/in/jane-doe-123", "linkedin", "jane-doe-123", "in"},
	{"https://WWW.LinkedIn.COM/in/jane-doe-123", "linkedin", "jane-doe-123", "in"},
	{"https://mobile.linkedin.com/in/jane-doe-123", "linkedin", "jane-doe-123", "in"},
	{"linkedin.com/in/acme", "linkedin", "acme", "in"},
	{"https://www.linkedin.com/IN/Acme-Corp/", "linkedin", "Acme-Corp", "in"},
	{"linkedin.com/company/acme", "linkedin", "acme", "company"},
	{"https://www.linkedin.com/COMPANY/Acme-Corp/", "linkedin", "Acme-Corp", "company"},
	{"linkedin.com/school/acme", "linkedin", "acme", "school"},
	{"https://www.linkedin.com/SCHOOL/Acme-Corp/", "linkedin", "Acme-Corp", "school"},
	{"linkedin.com/showcase/acme", "linkedin", "acme", "showcase"},
	{"https://www.linkedin.com/SHOWCASE/Acme-Corp/", "linkedin", "Acme-Corp", "showcase"},
	{"linkedin.com/pub/acme", "linkedin", "acme", "pub"},
	{"https://www.linkedin.com/PUB/Acme-Corp/", "linkedin", "Acme-Corp", "pub"},
	{"https://www.linkedin.com/in/jane/details/experience/", "linkedin", "jane", "in"},
	{"https://www.linkedin.com/pub/john-smith/12/345/678", "linkedin", "john-smith", "pub"},
	{"http://linkedin.com/in/jane?trk=public_profile#top", "linkedin", "jane", "in"},
	{"https://www.linkedin.com/in/j%C3%BCrgen", "linkedin", "j%C3%BCrgen", "in"},
	{"https://x.com/jack", "x", "jack", "handle"},
	{"https://twitter.com/jack", "x", "jack", "handle"},
	{"https://www.twitter.com/jack", "x", "jack", "handle"},
	{"https://mobile.twitter.com/jack", "x", "jack", "handle"},
	{"https://m.x.com/jack", "x", "jack", "handle"},
	{"https://X.COM/jack", "x", "jack", "handle"},
	{"https://www.x.com/jack", "x", "jack", "handle"},
	{"x.com/elonmusk", "x", "elonmusk", "handle"},
	{"https://twitter.com/Some_User_15ch/", "x", "Some_User_15ch", "handle"},
	{"https://x.com/a", "x", "a", "handle"},
	{"https://x.com/_under_?s=20", "x", "_under_", "handle"},
	{"twitter.com/NASA#top", "x", "NASA", "handle"},
	{"https://github.com/torvalds", "github", "torvalds", "user"},
	{"https://www.github.com/torvalds", "github", "torvalds", "user"},
	{"https://GitHub.com/torvalds", "github", "torvalds", "user"},
	{"github.com/golang/go", "github", "golang", "user"},
	{"https://github.com/ada-url/ada/tree/main", "github", "ada-url", "user"},
	{"https://github.com/orgs/whatwg/people", "github", "whatwg", "org"},
	{"https://github.com/orgs/golang", "github", "golang", "org"},
	{"https://github.com/a-39-character-long-handle-xxxxxxxxxxxx", "github", "a-39-character-long-handle-xxxxxxxxxxxx", "user"},
	{"https://github.com/octocat?tab=repositories", "github", "octocat", "user"},
	{"https://facebook.com/zuck", "facebook", "zuck", "page"},
	{"https://www.facebook.com/zuck", "facebook", "zuck", "page"},
	{"https://m.facebook.com/zuck", "facebook", "zuck", "page"},
	{"https://fb.com/zuck", "facebook", "zuck", "page"},
	{"https://www.fb.com/zuck", "facebook", "zuck", "page"},
	{"https://web.facebook.com/zuck", "facebook", "zuck", "page"},
	{"https://FACEBOOK.COM/zuck", "facebook", "zuck", "page"},
	{"https://www.facebook.com/profile.php?id=100004123456789", "facebook", "100004123456789", "profile"},
	{"https://m.facebook.com/profile.php?ref=x&id=4", "facebook", "4", "profile"},
	{"https://www.facebook.com/people/Jane-Doe/100012345678901/", "facebook", "Jane-Doe", "people"},
	{"https://www.facebook.com/groups/golangdevs/", "facebook", "golangdevs", "group"},
	{"https://www.facebook.com/Some.Page-123/", "facebook", "Some.Page-123", "page"},
	{"facebook.com/acme.inc/posts/123", "facebook", "acme.inc", "page"},
	{"https://instagram.com/natgeo", "instagram", "natgeo", "handle"},
	{"https://www.instagram.com/natgeo", "instagram", "natgeo", "handle"},
	{"https://m.instagram.com/natgeo", "instagram", "natgeo", "handle"},
	{"https://INSTAGRAM.com/natgeo", "instagram", "natgeo", "handle"},
	{"instagram.com/some.user_name/", "instagram", "some.user_name", "handle"},
	{"https://www.instagram.com/a?hl=en", "instagram", "a", "handle"},
	{"https://www.instagram.com/x30_characters_is_the_limit_x", "instagram", "x30_characters_is_the_limit_x", "handle"},
	{"https://youtube.com/@MrBeast", "youtube", "MrBeast", "handle"},
	{"https://www.youtube.com/@MrBeast", "youtube", "MrBeast", "handle"},
	{"https://m.youtube.com/@MrBeast", "youtube", "MrBeast", "handle"},
	{"https://music.youtube.com/@MrBeast", "youtube", "MrBeast", "handle"},
	{"https://YouTube.com/@MrBeast", "youtube", "MrBeast", "handle"},
	{"https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw", "youtube", "UC_x5XG1OV2P6uZZ5FSM9Ttw", "channel"},
	{"https://www.youtube.com/c/GoogleDevelopers", "youtube", "GoogleDevelopers", "c"},
	{"https://www.youtube.com/user/Google/videos", "youtube", "Google", "user"},
	{"youtube.com/@go.dev-team/videos", "youtube", "go.dev-team", "handle"},
	{"https://www.youtube.com/@handle?si=1", "youtube", "handle", "handle"},
	{"https://www.youtube.com/CHANNEL/UCabc", "youtube", "UCabc", "channel"},
	{"https://tiktok.com/@charlidamelio", "tiktok", "charlidamelio", "handle"},
	{"https://www.tiktok.com/@charlidamelio", "tiktok", "charlidamelio", "handle"},
	{"https://m.tiktok.com/@charlidamelio", "tiktok", "charlidamelio", "handle"},
	{"https://vm.tiktok.com/@charlidamelio", "tiktok", "charlidamelio", "handle"},
	{"https://TikTok.com/@charlidamelio", "tiktok", "charlidamelio", "handle"},
	{"tiktok.com/@some.user_1/", "tiktok", "some.user_1", "handle"},
	{"https://www.tiktok.com/@x?lang=en", "tiktok", "x", "handle"},
	{"https://mastodon.social/@Gargron", "mastodon", "Gargron@mastodon.social", "handle"},
	{"https://fosstodon.org/@golang/", "mastodon", "golang@fosstodon.org", "handle"},
	{"https://Mastodon.Social/@gargron?x=1#y", "mastodon", "gargron@mastodon.social", "handle"},
	{"https://hachyderm.io/@user_name", "mastodon", "user_name@hachyderm.io", "handle"},
	{"https://mastodon.social/@jane@example.social", "mastodon", "jane@example.social", "handle"},
	{"http://social.example.com/@a", "mastodon", "a@social.example.com", "handle"},
	{"example.org/@someone", "mastodon", "someone@example.org", "handle"},
	// Lookalikes of a network's host are no profile of that network; with
	// "/@name" they are Mastodon-style, as any other host is.
	{"https://nottiktok.com/@x", "mastodon", "x@nottiktok.com", "handle"},
	{"https://notyoutube.com/@x", "mastodon", "x@notyoutube.com", "handle"},
	{"https://youtube.com.evil.example/@x", "mastodon", "x@youtube.com.evil.example", "handle"},
	{"https://tiktok.com.evil.example/@x", "mastodon", "x@tiktok.com.evil.example", "handle"},
	{"https://mastodon.social./@dot", "mastodon", "dot@mastodon.social", "handle"},
}

// noProfileTests are addresses that are no profile, and why.
var noProfileTests = []struct{ in, why string }{
	{"https://www.linkedin.com/", "LinkedIn page that is not a profile"},
	{"https://www.linkedin.com/feed/", "LinkedIn page that is not a profile"},
	{"https://www.linkedin.com/jobs/", "LinkedIn page that is not a profile"},
	{"https://www.linkedin.com/in/", "LinkedIn page that is not a profile"},
	{"https://www.linkedin.com/company", "LinkedIn page that is not a profile"},
	{"https://www.linkedin.com/posts/x", "LinkedIn page that is not a profile"},
	{"https://www.linkedin.com/login", "LinkedIn page that is not a profile"},
	{"https://www.linkedin.com/help/linkedin", "LinkedIn page that is not a profile"},
	{"https://www.linkedin.com/in", "LinkedIn page that is not a profile"},
	{"https://notlinkedin.com/in/jane", "lookalike host"},
	{"https://linkedin.com.evil.example/in/jane", "lookalike host"},
	{"ftp://linkedin.com/in/jane", "not http(s)"},
	{"https://x.com/home", "X site page"},
	{"https://x.com/explore", "X site page"},
	{"https://x.com/search", "X site page"},
	{"https://x.com/settings", "X site page"},
	{"https://x.com/i", "X site page"},
	{"https://x.com/intent", "X site page"},
	{"https://x.com/notifications", "X site page"},
	{"https://x.com/messages", "X site page"},
	{"https://x.com/tos", "X site page"},
	{"https://x.com/privacy", "X site page"},
	{"https://x.com/login", "X site page"},
	{"https://x.com/signup", "X site page"},
	{"https://x.com/Home", "X site page"},
	{"https://x.com/EXPLORE", "X site page"},
	{"https://x.com/compose", "X site page"},
	{"https://x.com/hashtag", "X site page"},
	{"https://x.com/logout", "X site page"},
	{"https://x.com/premium", "X site page"},
	{"https://x.com/bookmarks", "X site page"},
	{"https://x.com/lists", "X site page"},
	{"https://x.com/jobs", "X site page"},
	{"https://x.com/sixteen_chars_xx", "handle over 15 characters"},
	{"https://x.com/jack/status/20", "extra segments"},
	{"https://x.com/jack.dorsey", "illegal character"},
	{"https://x.com/", "no handle"},
	{"https://twitter.com/jack-d", "illegal character"},
	{"https://x.co/jack", "lookalike host"},
	{"https://box.com/jack", "lookalike host"},
	{"https://x.com.evil.example/jack", "lookalike host"},
	{"javascript:x.com/jack", "not http(s)"},
	{"https://x.com/@jack", "illegal character"},
	{"https://github.com/features", "GitHub site page"},
	{"https://github.com/pricing", "GitHub site page"},
	{"https://github.com/about", "GitHub site page"},
	{"https://github.com/login", "GitHub site page"},
	{"https://github.com/orgs", "GitHub site page"},
	{"https://github.com/marketplace", "GitHub site page"},
	{"https://github.com/topics", "GitHub site page"},
	{"https://github.com/explore", "GitHub site page"},
	{"https://github.com/trending", "GitHub site page"},
	{"https://github.com/settings", "GitHub site page"},
	{"https://github.com/notifications", "GitHub site page"},
	{"https://github.com/new", "GitHub site page"},
	{"https://github.com/search", "GitHub site page"},
	{"https://github.com/sponsors", "GitHub site page"},
	{"https://github.com/enterprise", "GitHub site page"},
	{"https://github.com/collections", "GitHub site page"},
	{"https://github.com/pulls", "GitHub site page"},
	{"https://github.com/issues", "GitHub site page"},
	{"https://github.com/Features", "GitHub site page"},
	{"https://github.com/copilot", "GitHub site page"},
	{"https://github.com/security", "GitHub site page"},
	{"https://github.com/a-40-character-long-handle-xxxxxxxxxxxxx", "handle over 39 characters"},
	{"https://github.com/under_score", "illegal character"},
	{"https://github.com/", "no handle"},
	{"https://notgithub.com/torvalds", "lookalike host"},
	{"https://github.com.evil.example/torvalds", "lookalike host"},
	{"https://github.community/t/x", "lookalike host"},
	{"git://github.com/torvalds", "not http(s)"},
	{"https://gist.github.com/", "no handle"},
	{"https://github.com/orgs/", "no org name"},
	{"https://www.facebook.com/sharer", "Facebook site page"},
	{"https://www.facebook.com/sharer.php?u=x", "Facebook site page"},
	{"https://www.facebook.com/login", "Facebook site page"},
	{"https://www.facebook.com/events", "Facebook site page"},
	{"https://www.facebook.com/watch", "Facebook site page"},
	{"https://www.facebook.com/marketplace", "Facebook site page"},
	{"https://www.facebook.com/gaming", "Facebook site page"},
	{"https://www.facebook.com/help", "Facebook site page"},
	{"https://www.facebook.com/policies", "Facebook site page"},
	{"https://www.facebook.com/privacy", "Facebook site page"},
	{"https://www.facebook.com/settings", "Facebook site page"},
	{"https://www.facebook.com/pages", "Facebook site page"},
	{"https://www.facebook.com/photo.php?fbid=1", "Facebook site page"},
	{"https://www.facebook.com/reel", "Facebook site page"},
	{"https://www.facebook.com/stories", "Facebook site page"},
	{"https://www.facebook.com/dialog/feed", "Facebook site page"},
	{"https://www.facebook.com/plugins", "Facebook site page"},
	{"https://www.facebook.com/home.php", "Facebook site page"},
	{"https://www.facebook.com/Watch", "Facebook site page"},
	{"https://www.facebook.com/profile.php", "profile.php without id"},
	{"https://www.facebook.com/profile.php?id=abc", "non-numeric id"},
	{"https://www.facebook.com/", "no page"},
	{"https://notfacebook.com/zuck", "lookalike host"},
	{"https://facebook.com.evil.example/zuck", "lookalike host"},
	{"https://www.facebook.com/groups/", "no group name"},
	{"https://www.facebook.com/a%20b", "illegal character"},
	{"https://www.instagram.com/p/Cx1", "Instagram site page"},
	{"https://www.instagram.com/reel/Cx1", "Instagram site page"},
	{"https://www.instagram.com/explore", "Instagram site page"},
	{"https://www.instagram.com/accounts/login", "Instagram site page"},
	{"https://www.instagram.com/direct/inbox", "Instagram site page"},
	{"https://www.instagram.com/stories/natgeo/1", "Instagram site page"},
	{"https://www.instagram.com/about", "Instagram site page"},
	{"https://www.instagram.com/legal", "Instagram site page"},
	{"https://www.instagram.com/developer", "Instagram site page"},
	{"https://www.instagram.com/tv/Cx1", "Instagram site page"},
	{"https://www.instagram.com/P", "Instagram site page"},
	{"https://www.instagram.com/Explore", "Instagram site page"},
	{"https://www.instagram.com/reels", "Instagram site page"},
	{"https://www.instagram.com/natgeo/tagged", "extra segments"},
	{"https://www.instagram.com/this_handle_is_thirty_one_chars", "handle over 30 characters"},
	{"https://www.instagram.com/nat-geo", "illegal character"},
	{"https://instagram.com.evil.example/natgeo", "lookalike host"},
	{"https://www.instagram.com/", "no handle"},
	{"https://www.youtube.com/watch?v=dQw4w9WgXcQ", "YouTube page that is not a profile"},
	{"https://www.youtube.com/results?search_query=go", "YouTube page that is not a profile"},
	{"https://www.youtube.com/feed/subscriptions", "YouTube page that is not a profile"},
	{"https://www.youtube.com/shorts/abc", "YouTube page that is not a profile"},
	{"https://www.youtube.com/playlist?list=PL1", "YouTube page that is not a profile"},
	{"https://www.youtube.com/", "YouTube page that is not a profile"},
	{"https://www.youtube.com/about", "YouTube page that is not a profile"},
	{"https://www.youtube.com/premium", "YouTube page that is not a profile"},
	{"https://www.youtube.com/@", "YouTube page that is not a profile"},
	{"https://www.youtube.com/channel", "YouTube page that is not a profile"},
	{"https://www.youtube.com/c/", "YouTube page that is not a profile"},
	{"https://www.youtube.com/embed/x", "YouTube page that is not a profile"},
	{"https://youtu.be/dQw4w9WgXcQ", "short link, not a profile"},
	{"ftp://youtube.com/@x", "not http(s)"},
	{"https://www.tiktok.com/@charlidamelio/video/1", "not /@handle alone"},
	{"https://www.tiktok.com/foryou", "not /@handle alone"},
	{"https://www.tiktok.com/explore", "not /@handle alone"},
	{"https://www.tiktok.com/@", "not /@handle alone"},
	{"https://www.tiktok.com/discover", "not /@handle alone"},
	{"https://www.tiktok.com/charlidamelio", "not /@handle alone"},
	{"https://www.tiktok.com/@bad-handle", "not /@handle alone"},
	{"https://www.tiktok.com/@this.handle.is.25.chars.x", "not /@handle alone"},
	{"https://medium.com/@someone", "Mastodon exception host"},
	{"https://www.medium.com/@someone", "Mastodon exception host"},
	{"https://substack.com/@someone", "Mastodon exception host"},
	{"https://threads.net/@someone", "Mastodon exception host"},
	{"https://www.threads.net/@someone", "Mastodon exception host"},
	{"https://threads.com/@someone", "Mastodon exception host"},
	{"https://www.threads.com/@someone", "Mastodon exception host"},
	{"https://news.substack.com/@someone", "Mastodon exception host"},
	{"https://mastodon.social/@Gargron/109876", "extra segments"},
	{"https://mastodon.social/users/Gargron", "not /@name"},
	{"https://mastodon.social/@", "no name"},
	{"https://mastodon.social/@a-b", "illegal character"},
	{"https://mastodon.social/@jane@localhost", "remote server without a dot"},
	{"https://192.0.2.1/@x", "IP host"},
	{"ftp://mastodon.social/@x", "not http(s)"},
	{"https://mastodon.social/", "no path"},
	{"https://notyoutube.com/channel/UCx", "lookalike host"},
	{"https://youtube.com.evil.example/user/x", "lookalike host"},
	{"https://tiktok.com.evil.example/@x/video/1", "lookalike host, extra segments"},
	{"https://www.notlinkedin.com/company/acme", "lookalike host"},
	{"https://mastodon.social/%40x", "percent-encoded @"},
	{"https://example.com/about", "no profile"},
	{"https://example.com/", "no profile"},
	{"mailto:jack@x.com", "not http(s)"},
}

func TestProfile(t *testing.T) {
	count := map[string]int{}
	for _, tt := range profileTests {
		a := MustParse(t, tt.in)
		p, ok := a.Profile()
		want := Profile{Network(tt.network), tt.handle, tt.kind}
		if !ok || p != want {
			t.Errorf("Parse(%q).Profile() = %+v, %v; want %+v", tt.in, p, ok, want)
		}
		if !a.Facts().Has(FactProfile) || onMastodon(&a.url) != (want.Network == NetworkMastodon) {
			t.Errorf("Parse(%q).Facts() = %v, want the profile fact (network %s)", tt.in, a.Facts(), want.Network)
		}
		count[tt.network]++
	}
	for _, tt := range noProfileTests {
		a, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if p, ok := a.Profile(); ok || a.Facts().Has(FactProfile) {
			t.Errorf("Parse(%q).Profile() = %+v (%s), want none", tt.in, p, tt.why)
		}
	}
	if len(profileTests)+len(noProfileTests) < 250 {
		t.Errorf("%d profile cases, want at least 250", len(profileTests)+len(noProfileTests))
	}
	for _, n := range []string{"linkedin", "x", "github", "facebook", "instagram", "youtube", "tiktok", "mastodon"} {
		if count[n] == 0 {
			t.Errorf("no positive case for %s", n)
		}
	}
	t.Logf("profile cases: %d positive %v, %d negative", len(profileTests), count, len(noProfileTests))
}

func TestProfileNoAllocs(t *testing.T) {
	a := MustParse(t, "https://www.example.com/about/team?x=1")
	if n := testing.AllocsPerRun(100, func() { a.Profile() }); n != 0 {
		t.Errorf("Profile of an address of no network: %v allocations", n)
	}
	u := MustParseURL("https://www.example.com/@notmastodon/x")
	if n := testing.AllocsPerRun(100, func() { profileOf(&u, true) }); n != 0 {
		t.Errorf("profileOf of an address of no network: %v allocations", n)
	}
}

func TestNetworkDomains(t *testing.T) {
	for _, n := range networks {
		for _, d := range n.domains {
			if strings.Count(d, ".") != 1 || lastTwoLabels(d) != d || lastTwoLabels("www."+d) != d {
				t.Errorf("%s: domain %q is not of two labels", n.name, d)
			}
		}
	}
	// networkOf finds every domain, and nothing else.
	for _, n := range networks {
		for _, d := range n.domains {
			if got := networkOf(d); got == nil || got.name != n.name {
				t.Errorf("networkOf(%q) = %v, want %s", d, got, n.name)
			}
			for _, other := range []string{d + "x", "x" + d, d[:len(d)-1], strings.ToUpper(d), ""} {
				if got := networkOf(other); got != nil {
					t.Errorf("networkOf(%q) = %s, want none", other, got.name)
				}
			}
		}
	}
	for host, want := range map[string]string{"": "", "com": "com", "a.com": "a.com", "www.a.com": "a.com", "x.y.a.com": "a.com", ".com": ".com"} {
		if got := lastTwoLabels(host); got != want {
			t.Errorf("lastTwoLabels(%q) = %q, want %q", host, got, want)
		}
	}
}
