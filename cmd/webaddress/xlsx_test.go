// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestContactsWorkbookGenerated checks that testdata/contacts.xlsx is what
// testdata/gen_contacts_xlsx.go writes (excelize's output is the same
// byte for byte from run to run).
func TestContactsWorkbookGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the generator")
	}
	out := filepath.Join(t.TempDir(), "contacts.xlsx")
	cmd := exec.Command("go", "run", "testdata/gen_contacts_xlsx.go", "-o", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run testdata/gen_contacts_xlsx.go: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/contacts.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("testdata/contacts.xlsx is not what testdata/gen_contacts_xlsx.go writes: run it again (see its doc comment)")
	}
}
