// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build race

package match

// raceEnabled reports whether the race detector is on: under it sync.Pool
// drops a share of what it is given (keysPool), so allocation counts mean
// nothing.
const raceEnabled = true
