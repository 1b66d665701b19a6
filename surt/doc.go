// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package surt computes SURT keys of web addresses, byte for byte as the
// Internet Archive's Python package surt 0.3.1 does with its default options.
//
// A SURT (Sort-friendly URI Reordering Transform) key writes a URL's host
// labels in reverse order, so that the keys of one site, and of a domain
// and its subdomains, sort next to each other, and canonicalizes the rest so
// that spellings of one page mostly share a key:
//
//	http://www.Example.com/About/?b=2&a=1#team  ->  com,example)/about?a=1&b=2
//
// Web archives and crawlers key pages this way: the urlkey column of the CDX
// indexes of Common Crawl, of the Wayback Machine's CDX API, of pywb and of
// CDX-Writer all comes from surt 0.3.1 (or its Java ancestor in
// webarchive-commons). [Key] gives the same bytes, so that a Go program can
// join its URL lists against those indexes.
//
// # Not the URL Standard
//
// surt parses URLs its own way (RFC 2396 style, on bytes), not as the
// WHATWG URL Standard or the parent package webaddress does, and it keeps
// quirks that a new design would not have. Key keeps every one of them on
// purpose, because a key that differs from surt's does not join:
//
//   - an input without a scheme gets "http://" in front, but a scheme is
//     anything like "example.com:" or "localhost:", so "example.com:8080/x"
//     is the key "example.com:8080/x";
//   - the host loses one leading "www", "www1", "www1234"... label, so
//     "www1234.com" is the key "com)/";
//   - the query is percent-decoded before its parameters are sorted, so an
//     encoded "%26" or "%3D" in a value splits it into parameters;
//   - a query parameter named like a session ID ("jsessionid", "phpsessid",
//     "sid", "aspsessionid", "cfid" and "cftoken") is removed, also where
//     it ends a longer name ("foosid=");
//   - host, path and query are lowercased, whatever their case means;
//   - an all-digit host is an IPv4 address modulo 2**32, and a host that
//     inet_aton reads as an address (such as "10.0.258" or "017.0.0.1") is
//     that address; an IPv6 literal loses its brackets;
//   - a non-ASCII host is converted with IDNA2003 as CPython 3.11's "idna"
//     codec does it (nameprep of Unicode 3.2, no check for unassigned code
//     points, no STD3 rules), and kept as it is where that fails;
//   - the port is dropped when it is 80 for "http" or 443 for "https" (and
//     kept for any other scheme or spelling of one), and when it is 0.
//
// Key works on bytes: an input need not be UTF-8.
package surt
