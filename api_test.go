// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package webaddress

import (
	"bytes"
	"flag"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

// The exported API of each public package of this module is listed in
// api/<package>.txt, a line a name, as Go lists its own in api/go1.*.txt
// (src/cmd/api): TestAPI fails when the code and the file disagree, so
// that every change of the API is seen in review. Run
//
//	go test -run '^TestAPI$' -update-api .
//
// to write the files again after a deliberate change, and list the change
// in CHANGELOG.md.

var updateAPI = flag.Bool("update-api", false, "write api/*.txt from the code")

// apiPackages are the module's public packages, by their path in it.
var apiPackages = []string{".", "cells", "clean", "lists", "surt"}

func TestAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the packages' export data with the go command")
	}
	var dirs []string
	for _, dir := range apiPackages {
		if _, err := os.Stat(dir); err == nil {
			dirs = append(dirs, dir)
		}
	}
	exports := exportData(t, dirs)
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		file, ok := exports[path]
		if !ok {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(file)
	})
	for _, dir := range dirs {
		path := modulePath + "/" + filepath.ToSlash(dir)
		if dir == "." {
			path = modulePath
		}
		pkg, err := imp.Import(path)
		if err != nil {
			t.Fatal(err)
		}
		name := apiName(dir)
		got := apiLines(name, pkg)
		file := filepath.Join("api", name+".txt")
		if *updateAPI {
			if err := os.WriteFile(file, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (write it with -update-api)", err)
		}
		want := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		for _, l := range missing(want, got) {
			t.Errorf("%s: the code no longer has %q (a removed or changed name: list it in CHANGELOG.md and run -update-api)", file, l)
		}
		for _, l := range missing(got, want) {
			t.Errorf("%s does not list %q (a new name: list it in CHANGELOG.md and run -update-api)", file, l)
		}
		t.Logf("%s: %d lines", file, len(got))
	}
}

// modulePath is this module's path.
const modulePath = "github.com/onecontact/webaddress"

// apiName returns the name of the API file of the package in dir.
func apiName(dir string) string {
	if dir == "." {
		return "webaddress"
	}
	return strings.ReplaceAll(filepath.ToSlash(dir), "/", "-")
}

// missing returns the lines of a that b does not have.
func missing(a, b []string) []string {
	var out []string
	for _, l := range a {
		if _, found := slices.BinarySearch(b, l); !found {
			out = append(out, l)
		}
	}
	return out
}

// exportData returns the export data file of each package the packages
// of dirs need, by import path, as the go command builds them.
func exportData(t *testing.T, dirs []string) map[string]string {
	args := []string{"list", "-export", "-deps", "-f", "{{.ImportPath}}={{.Export}}"}
	for _, dir := range dirs {
		args = append(args, "./"+filepath.ToSlash(dir))
	}
	cmd := exec.Command("go", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	m := map[string]string{}
	for line := range strings.Lines(string(out)) {
		path, file, _ := strings.Cut(strings.TrimSpace(line), "=")
		if file != "" {
			m[path] = file
		}
	}
	return m
}

// apiLines returns the sorted lines of pkg's exported API, each starting
// "pkg name, ": its functions, types with their exported fields and
// methods, constants with their values, and variables.
func apiLines(name string, pkg *types.Package) []string {
	qual := func(p *types.Package) string {
		if p == pkg {
			return ""
		}
		return p.Name()
	}
	typ := func(t types.Type) string { return types.TypeString(t, qual) }
	var lines []string
	add := func(format string, args ...any) {
		lines = append(lines, "pkg "+name+", "+fmt.Sprintf(format, args...))
	}
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		obj := scope.Lookup(n)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
			add("func %s%s", obj.Name(), signature(obj.Type().(*types.Signature), qual))
		case *types.Const:
			add("const %s %s = %s", obj.Name(), typ(obj.Type()), obj.Val().ExactString())
		case *types.Var:
			add("var %s %s", obj.Name(), typ(obj.Type()))
		case *types.TypeName:
			typeLines(add, obj, qual)
		}
	}
	sort.Strings(lines)
	return lines
}

// typeLines adds the lines of the exported type obj: its kind, its
// exported fields or interface methods, and its methods.
func typeLines(add func(string, ...any), obj *types.TypeName, qual types.Qualifier) {
	name := obj.Name()
	if named, ok := obj.Type().(*types.Named); ok && named.TypeParams().Len() > 0 {
		var params []string
		for p := range named.TypeParams().TypeParams() {
			params = append(params, p.Obj().Name()+" "+types.TypeString(p.Constraint(), qual))
		}
		name += "[" + strings.Join(params, ", ") + "]"
	}
	if obj.IsAlias() {
		add("type %s = %s", name, types.TypeString(obj.Type(), qual))
		return
	}
	switch u := obj.Type().Underlying().(type) {
	case *types.Struct:
		add("type %s struct", name)
		for f := range u.Fields() {
			if f.Exported() {
				if f.Embedded() {
					add("type %s struct, embedded %s", name, types.TypeString(f.Type(), qual))
				} else {
					add("type %s struct, %s %s", name, f.Name(), types.TypeString(f.Type(), qual))
				}
			}
		}
	case *types.Interface:
		add("type %s interface { %s }", name, strings.TrimPrefix(types.TypeString(u, qual), "interface{"))
	default:
		add("type %s %s", name, types.TypeString(u, qual))
	}
	named, ok := obj.Type().(*types.Named)
	if !ok {
		return
	}
	for m := range named.Methods() {
		if !m.Exported() {
			continue
		}
		sig := m.Type().(*types.Signature)
		recv := obj.Name()
		if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
			recv = "*" + recv
		}
		add("method (%s) %s%s", recv, m.Name(), signature(sig, qual))
	}
}

// signature returns sig as the API files write it: the types of its
// parameters and results, without names.
func signature(sig *types.Signature, qual types.Qualifier) string {
	var b strings.Builder
	if tp := sig.TypeParams(); tp.Len() > 0 {
		var params []string
		for p := range tp.TypeParams() {
			params = append(params, p.Obj().Name()+" "+types.TypeString(p.Constraint(), qual))
		}
		b.WriteString("[" + strings.Join(params, ", ") + "]")
	}
	tuple := func(t *types.Tuple, variadic bool) string {
		var parts []string
		for i := range t.Len() {
			s := types.TypeString(t.At(i).Type(), qual)
			if variadic && i == t.Len()-1 {
				s = "..." + strings.TrimPrefix(s, "[]")
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, ", ")
	}
	b.WriteString("(" + tuple(sig.Params(), sig.Variadic()) + ")")
	switch res := sig.Results(); res.Len() {
	case 0:
	case 1:
		b.WriteString(" " + tuple(res, false))
	default:
		b.WriteString(" (" + tuple(res, false) + ")")
	}
	return b.String()
}
