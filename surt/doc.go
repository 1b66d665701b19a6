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
// CDX-Writer comes from surt 0.3.1 (or its Java ancestor in
// webarchive-commons). [Key] gives the same bytes, so that a Go program can
// join its URL lists against those indexes. The tests run the 3,486 vectors
// of testdata/surt (inputs with surt 0.3.1's answers) and all pass.
//
// # Not the URL Standard
//
// surt parses URLs its own way (RFC 2396 style, on bytes), not as the
// WHATWG URL Standard or the parent package webaddress does, and it has
// quirks that a new design would not have. Key keeps every one of them on
// purpose, since a key that differs from surt's does not join:
//
//   - An input without a scheme gets "http://" in front, but a scheme is
//     anything like "example.com:" or "localhost:", so "example.com:8080/x"
//     is the key "example.com:8080/x" (the scheme as written, ":", the
//     lowercased path). A leading run of "http://" and "https://" keeps its
//     last, and an "http" URL without a host takes the first segment of its
//     path as its host.
//   - User info goes; "[" starts an IPv6 literal wherever it is, and the key
//     writes it without brackets. A port that is not ASCII digits up to
//     65535 is an error; port 0 is no port; the port goes when it is 80 for
//     the scheme "http" or 443 for "https", as written (so not for "HTTP").
//   - Percent-escapes are decoded again and again ("%2541" is "A"), and only
//     bytes up to the space, "#", "%", DEL and bytes from 0x80 are encoded
//     again: other reserved and unsafe characters stay as they are.
//   - A non-ASCII host is converted with IDNA2003 as CPython 3.11's "idna"
//     codec does it (nameprep with the Unicode 3.2 tables, no check for
//     unassigned code points, no STD3 rules), and kept as its bytes where
//     that fails. Then ".." is "." once, dots are trimmed, an all-digit host
//     is an IPv4 address modulo 2**32, and a host that glibc's inet_aton
//     reads as an address (such as "10.0.258" or "017.0.0.1", but no hex)
//     is that address.
//   - The host loses one leading "www", "www1", "www1234"... label, so
//     "www1234.com" is the key "com)/".
//   - With a host, "." path segments go and ".." pops a segment, or stays
//     when there is none; empty segments go, but ".." pops them first. Then
//     host, path and query are lowercased, whatever their case means, and a
//     final "/" goes from any path but "/".
//   - ASP.NET session segments ("/(S(…24 letters or digits…))/" before an
//     .aspx page) go from the path.
//   - The query is percent-decoded before its parameters are sorted, so an
//     encoded "%26" or "%3D" in a value splits it into parameters.
//     Parameters are sorted by name, then value, bytewise.
//   - A session-ID parameter goes (the last one of each of jsessionid,
//     phpsessid and sid with 32 letters or digits, aspsessionid, and cfid
//     with cftoken), also where the name ends a longer one ("foosid="); the
//     "&" before it stays.
//   - An empty query, or one of "?" alone, goes; an empty path before a
//     query is "/".
//   - The empty input is the key "-", input of white space alone is an
//     error, and a line that starts with "filedesc" (an ARC file header) is
//     its own key.
//
// Key works on bytes: an input need not be UTF-8.
package surt
