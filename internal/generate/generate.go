// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package generate writes what the module's generators of Go source
// (gen.go, clean/gen.go) make, the one way they all do: formatted with
// go/format, to the file their -o flag names, or to standard output
// without it.
package generate

import (
	"fmt"
	"go/format"
	"os"
)

// Write formats src and writes it to the file out, or to standard output
// when out is "". An error of formatting has the unformatted source after
// it.
func Write(out string, src []byte) error {
	formatted, err := format.Source(src)
	if err != nil {
		return fmt.Errorf("formatting: %v\n%s", err, src)
	}
	if out == "" {
		_, err = os.Stdout.Write(formatted)
		return err
	}
	return os.WriteFile(out, formatted, 0o644)
}
