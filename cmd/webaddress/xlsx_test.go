// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"archive/zip"
	"io"
	"maps"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// TestContactsWorkbookGenerated checks that testdata/contacts.xlsx is what
// testdata/gen_contacts_xlsx.go writes: the same files with the same
// contents (excelize writes the sheets it streamed in no fixed order).
func TestContactsWorkbookGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the generator")
	}
	out := filepath.Join(t.TempDir(), "contacts.xlsx")
	cmd := exec.Command("go", "run", "testdata/gen_contacts_xlsx.go", "-o", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run testdata/gen_contacts_xlsx.go: %v\n%s", err, msg)
	}
	got, want := zipFiles(t, out), zipFiles(t, "testdata/contacts.xlsx")
	if !slices.Equal(slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want))) {
		t.Fatalf("testdata/contacts.xlsx has the files %v, the generator writes %v: run it again (see its doc comment)",
			slices.Sorted(maps.Keys(want)), slices.Sorted(maps.Keys(got)))
	}
	for name, data := range want {
		if got[name] != data {
			t.Errorf("testdata/contacts.xlsx: %s is not what testdata/gen_contacts_xlsx.go writes: run it again (see its doc comment)", name)
		}
	}
}

// zipFiles returns the files of the zip file name, by name.
func zipFiles(t *testing.T, name string) map[string]string {
	t.Helper()
	r, err := zip.OpenReader(name)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	files := make(map[string]string)
	for _, f := range r.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		files[f.Name] = string(data)
	}
	return files
}
