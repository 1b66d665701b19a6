// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file reads the lists the File options name (--aliases,
// --platforms, --keep-apart): from files on the command line, from the
// texts of Hooks.Lists for serve's page, which opens no file; and dedupe's
// --keep-apart, the keys whose rows are never merged (the page's review
// saves it, as it saves --aliases).

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// ListName is the name under which a program gives the list of the File
// option flag as text (Hooks.Lists): the name of the file the page saves
// it as.
func ListName(flag string) string { return flag + ".txt" }

// readList reads the list of the option flag, the file name, with read:
// on the command line from the file; for a program that gives its lists
// (Hooks.Lists), from its text, no file ever opened.
func (cfg *config) readList(flag, name string, read func(io.Reader) error) error {
	if cfg.hooks.Lists != nil {
		text, ok := cfg.hooks.Lists[flag]
		if !ok || name != ListName(flag) {
			return fmt.Errorf("--%s: the list is given as its text, not a file", flag)
		}
		return read(strings.NewReader(text))
	}
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return read(f)
}

// readKeepApart reads the keys of --keep-apart FILE ("": none): a key per
// line, as dedupe prints it in its key column (at the level of --by);
// blank lines and # comments are skipped.
func (cfg *config) readKeepApart(name string) ([]string, error) {
	if name == "" {
		return nil, nil
	}
	var keys []string
	err := cfg.readList("keep-apart", name, func(r io.Reader) error {
		sc := bufio.NewScanner(r)
		sc.Buffer(nil, 64<<10)
		for n := 1; sc.Scan(); n++ {
			line, _, _ := strings.Cut(sc.Text(), "#")
			line = strings.TrimSpace(line)
			if line == "" {
				continue
			}
			if strings.ContainsAny(line, " \t") {
				return fmt.Errorf("line %d: %q is not one key: a key per line", n, line)
			}
			keys = append(keys, line)
		}
		return sc.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("--keep-apart: %w", err)
	}
	return keys, nil
}
