// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package clean

import (
	"fmt"
	"strings"
	"testing"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/testfiles"
)

// TestConcurrentUse runs every entry point of package webaddress and a
// Cleaner from many goroutines at once on shared inputs, and checks each result against the one
// found alone first. Under -race (as CI runs it) it also checks that the
// package's shared state (tables, the pooled parsers, the IDNA profiles,
// the Cleaner's cache) is safe to share.
func TestConcurrentUse(t *testing.T) {
	inputs := append([]string{"https://bücher.example/ä?utm_source=x#f", "xn--bcher-kva.example", "faß.de/x",
		"https://[::ffff:1.2.3.4]:80/", "http://0x7f.1/", "linkedin.com/in/jane", "https://mastodon.social/@Gargron",
		" HTTPS:\\\\Exa_mple.com:70000", "例子.中国"}, testfiles.FuzzSeeds...)
	cleaner := NewCleaner(CleanOptions{HostEncoding: HostEncodingUnicode, WWW: WWWKeep}, 8)
	run := func(in string) string {
		var b strings.Builder
		if u, err := webaddress.ParseURL(in); err == nil {
			b.WriteString(u.Href())
			u.SetHostname("bücher.example")
			b.WriteString(u.Href())
		}
		if a, err := webaddress.Parse(in); err == nil {
			p, _ := a.Profile()
			fmt.Fprint(&b, a.Canonical(), a.Key(webaddress.KeyV1, webaddress.LevelPage), a.Facts(), p)
		}
		c, _ := cleaner.Clean(in)
		fmt.Fprint(&b, c.CleanURL, c.Status, webaddress.LintURL(in), webaddress.Lint(in))
		return b.String()
	}
	testfiles.CheckConcurrent(t, inputs, run)
}
