// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

// This file is dedupe's --keep-apart: the keys whose rows are never
// merged, the review of the page's "split this group" saved as a file that
// the command line reads too.

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// readKeepApart reads a keep-apart list: a key per line, as dedupe prints
// it in its key column (at the level of --by); blank lines and # comments
// are skipped.
func readKeepApart(r io.Reader) (map[string]bool, error) {
	keys := map[string]bool{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 64<<10)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if strings.ContainsAny(line, " \t") {
			return nil, fmt.Errorf("line %d: %q is not one key: a key per line", n, line)
		}
		keys[line] = true
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return keys, nil
}

// setupKeepApart reads the list of --keep-apart, when given.
func (d *dedupeFlags) setupKeepApart(cfg *config) error {
	if d.keepApartFile == "" {
		return nil
	}
	return cfg.readList("keep-apart", d.keepApartFile, func(r io.Reader) error {
		keys, err := readKeepApart(r)
		if err != nil {
			return fmt.Errorf("--keep-apart: %w", err)
		}
		d.keepApart = keys
		return nil
	})
}
