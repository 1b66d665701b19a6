// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !race

package clean

// raceEnabled reports whether the race detector is on: it makes the
// cleaning of every corpus line many times over too slow to be worth it.
const raceEnabled = false
