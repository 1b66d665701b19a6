// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Command idnadiff compares the host parser, the linter and UTS #46 of
// package webaddress with whatwg-url and its tr46, the URL Standard's
// reference implementation, on the corpus and on hosts generated around
// the edges of IDNA:
// labels that start with "xn--" of every length and validity, labels of
// mixed scripts, IPv4 addresses in full-width digits and dots, and labels
// that map to "xn--". It is run by hand, with Node, never by go test: the
// disagreements it finds become cases in testdata/idna_diff.txt, which
// TestIdnaDiff reads, so that go test needs no Node.
//
// The steps, from the repository's root, with whatwg-url 17.3 installed
// outside the repository:
//
//	dir=$(mktemp -d) && (cd "$dir" && npm install whatwg-url@17.3)
//	go run ./internal/tools/idnadiff gen >"$dir/questions.jsonl"
//	NODE_PATH="$dir/node_modules" node internal/tools/idnadiff/oracle.js \
//		<"$dir/questions.jsonl" >"$dir/answers.jsonl"
//	go run ./internal/tools/idnadiff compare "$dir/questions.jsonl" "$dir/answers.jsonl"
//
// gen writes one question a line, as JSON: {"kind": "url", "input":
// "https://H/"} for the URL parser and its validation errors, and
// {"kind": "ascii"} and {"kind": "unicode"} with H itself for UTS #46
// ToASCII and ToUnicode with the URL Standard's flags; then, for the
// linter at large, {"kind": "url"} with each input of the web-platform-tests'
// urltestdata.json that has no base and each line of the corpus. compare prints how
// many questions of each kind agree, and each disagreement as a line of
// testdata/idna_diff.txt's format (TestIdnaDiff's doc comment says it),
// to add to that file.
package main
