// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build !race

package surt

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = false
