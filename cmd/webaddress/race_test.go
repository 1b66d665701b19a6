// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build race

package main

// raceEnabled reports whether the race detector is on: it makes the
// million-line run ten times slower, and measures its own memory.
const raceEnabled = true
