// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// oracle.js answers the differential's questions with whatwg-url and its
// tr46, the URL Standard's reference implementation. It is run by hand
// only (see doc.go): it reads the JSON lines `go run . gen` writes, one
// {"kind", "input"} object a line, on standard input, and writes one JSON
// object a line, in the same order, on standard output:
//
//   kind "url":     {"href": string or null, "errors": [names]}, from
//                   parseURLWithValidationErrors
//   kind "ascii":   {"result": string or null}, tr46.toASCII
//   kind "unicode": {"result": string, "error": bool}, tr46.toUnicode
//
// with the URL Standard's flags (domain parser ToASCII with beStrict
// false, domain to Unicode).
"use strict";

const readline = require("node:readline");
const whatwgURL = require("whatwg-url");
const tr46 = require("tr46");

const flags = {
  checkHyphens: false,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: false,
  transitionalProcessing: false,
  verifyDNSLength: false,
  ignoreInvalidPunycode: false
};

function answer(q) {
  switch (q.kind) {
    case "url": {
      const { url, validationErrors } = whatwgURL.parseURLWithValidationErrors(q.input);
      return { href: url === null ? null : whatwgURL.serializeURL(url), errors: validationErrors };
    }
    case "ascii":
      return { result: tr46.toASCII(q.input, flags) };
    case "unicode": {
      const { domain, error } = tr46.toUnicode(q.input, flags);
      return { result: domain, error };
    }
    default:
      throw new Error(`unknown kind ${q.kind}`);
  }
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", line => {
  if (line !== "") {
    process.stdout.write(JSON.stringify(answer(JSON.parse(line))) + "\n");
  }
});
