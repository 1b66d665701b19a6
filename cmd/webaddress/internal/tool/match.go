// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package tool

// This file is the match command: each row of the input (a new list)
// matched against the rows of a reference table (the accounts) by KeyV3's
// key, with the rules of package lists.

import (
	"errors"
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/onecontact/webaddress"
	"github.com/onecontact/webaddress/internal/record"
	"github.com/onecontact/webaddress/internal/table"
	"github.com/onecontact/webaddress/lists"
)

// matchColumns are the columns match adds to each input row, before the
// reference's.
var matchColumns = []string{"match_count", "match_key", "match_via", "match_level", "match_ambiguous"}

// matchFlags are match's options.
type matchFlags struct {
	against       string // the reference's file
	againstColumn string // its columns of addresses, tried in order
	againstFields string // its columns printed (default all)
	all           bool   // a row per matched pair

	keys keyOptions // how a cell is read and keyed
	v    Values
}

// matchOptions are the readers of match's options.
type matchOptions struct {
	against, againstColumn, againstFields textOpt
	all                                   boolOpt
	keys                                  keyOptions
}

// declareMatch declares match's options on c.
func declareMatch(c *Command) matchOptions {
	return matchOptions{
		against:       c.textOption(Option{Name: "against", Kind: File, Usage: "the reference table's `FILE` (CSV, TSV or .xlsx), read with the input's options"}),
		againstColumn: c.textOption(Option{Name: "against-column", Kind: Text, Usage: "the reference's `COLUMNS` of addresses, comma-separated, tried in order (default: --column's)"}),
		againstFields: c.textOption(Option{Name: "against-fields", Kind: Text, Usage: "the reference's `COLUMNS` added to each matched row, comma-separated (default all)"}),
		all:           c.boolOption(Option{Name: "all", Usage: "a row per matched pair (input row, reference row) instead of a row per input row"}),
		keys:          declareKeyOptions(c, byOption(webaddress.LevelOwner, ", the level two addresses match at")),
	}
}

// flags returns match's options of v.
func (mo matchOptions) flags(v Values) *matchFlags {
	return &matchFlags{against: mo.against.Get(v), againstColumn: mo.againstColumn.Get(v), againstFields: mo.againstFields.Get(v),
		all: mo.all.Get(v), keys: mo.keys, v: v}
}

// index returns the empty index of the reference, with the rules of m's
// flags, reading --platforms and --aliases.
func (m *matchFlags) index(cfg *config) (*lists.Index, error) {
	o, _, err := m.keys.options(cfg, m.v)
	if err != nil {
		return nil, err
	}
	ix, err := lists.NewIndex(o)
	if err != nil {
		return nil, err
	}
	ix.KeepAll = m.all
	return ix, nil
}

func matchCommand() *Command {
	c := &Command{
		Name:  "match",
		Use:   "--column COLS --against FILE [--against-column COLS] [FILE]",
		Short: "Match a list's rows against a reference table (leads to accounts) by owner",
		Long: `match attaches each row of the input, a new list (leads, sign-ups, an import),
to the rows of a reference table (--against FILE: the accounts you have)
whose addresses have the same owner (KeyV3's key by owner; --by site or
page for a narrower match), at the finest level that agrees: a row matches
the reference rows at its site (the same host, or its site; an e-mail
address's is its domain's) where there are any, else those of its owner.
It finds the rows that match none.

Each input row is written once, in input order, with its columns and
match_count (how many reference rows share its key at the level that
matched, 0 when none), match_key (its key at that level, several separated
by spaces; on a row that matched nothing, the key looked for: the first
the columns gave, empty when none gave one), match_via (the input column
that matched; empty on a row that matched nothing), match_level (site or
owner, page with --by page; empty when nothing matched), match_ambiguous
(true when several reference rows tie at that level, the first written
being only the first read; empty when nothing matched) and the columns of
the first reference row that matched (--against-fields picks them; a
reference column named as an input column, or as one of match's, is called
"against_" and its name, said in the summary). --all writes a row per
matched pair instead, the unmatched rows once: the reference rows at the
level that matched, then, after a match at a site, the owner's other
reference rows, with match_level owner and the owner's match_count and
match_key (a row matched at its site reaches all of its owner's).

--column and --against-column may name several columns, tried in order:
"--column email,website" matches by the e-mail address's domain, and where
it gives no key (an empty or failed cell, a free-mail address such as
ann@gmail.com) or matches nothing, by the website. A cell of several
addresses gives a key each. What never matches, on either side: an empty
cell, a value that failed (a placeholder such as "N/A"), an address that is
not a public website, and an address without an owner (a social network's
page that is not a profile, a URL shortener, a free-mail domain).

The reference is read first, with the input's options (--delimiter or the
delimiter found, --encoding, --no-header, --on-bad-record: its malformed
records rejected and counted); its memory is its keys and the columns kept,
not its rows, and the input streams through. The summary on standard error
says the rows read, matched (by column and by level), unmatched, matched
several (a tie), and the values without a key by code.`,
		Example: `  webaddress match --column email,website --against accounts.csv --against-column domain --format csv leads.csv
  webaddress match --column website --against crm.xlsx --against-column Website --against-fields Name,Id --format csv < signups.csv`,
		Columns: Columns{All: matchColumns},
	}
	mo := declareMatch(c)
	c.run = func(cfg *config, args []string, v Values) error { return cfg.match(args, mo.flags(v)) }
	return c
}

// A matched is what match writes after an input row's columns.
type matched struct {
	res  lists.Match
	via  string   // the column that gave the keys
	ref  []string // the kept columns of the reference row written, nil when none
	keys string   // res's keys, separated by spaces
}

// A matchedRow is what match made of an input row, for the summary.
type matchedRow struct {
	via   int // the column that matched, -1 when none
	level webaddress.Level
	count int
	miss  lists.Reason
	out   int // the rows written: with --all, one a pair (the owner's others too), else 1
}

// columnsOf returns the places of the comma-separated columns names in
// header, flag naming the flag for errors.
func columnsOf(flag, names string, header []string, noHeader bool) ([]int, error) {
	var cols []int
	for _, n := range columnNames(names) {
		i, err := findColumn(header, n, noHeader, "", 0)
		if err != nil {
			// findColumn's errors name --column.
			return nil, errors.New(flag + strings.TrimPrefix(err.Error(), "--column"))
		}
		cols = append(cols, i)
	}
	return cols, nil
}

// refTable is the reference, read into its index.
type refTable struct {
	ix      *lists.Index
	names   []string // the output names of the kept columns
	renamed []string // "NAME as against_NAME"
	read    int
	keyed   int
	misses  codeCounts
	in      *input
}

// match runs match: the reference read into its index, then each input
// row matched and written.
func (cfg *config) match(args []string, m *matchFlags) error {
	ix, err := m.check(cfg)
	if err != nil {
		return err
	}
	s, err := cfg.check()
	if err != nil {
		return err
	}
	inCfg, refCfg, closeRejects, err := cfg.matchConfigs(m, s.skip)
	if err != nil {
		return err
	}
	defer closeRejects()
	rs, err := refCfg.check()
	if err != nil {
		return fmt.Errorf("--against-column: %w", err)
	}
	in, err := inCfg.open(args, s)
	if err != nil {
		return err
	}
	refIn, err := cfg.openReference(&refCfg, rs, m)
	if err != nil {
		return err
	}
	if os.Getenv("GOGC") == "" {
		// The reference's index becomes the live heap, and stays; it
		// holds no pointers, so a collection costs little whatever its
		// size, and collecting after a quarter of it in garbage keeps the
		// peak near it. 1,000,000 leads against 1,000,000 accounts of
		// three columns (the index 130 MB): peak RSS 188 MB at 25, 222 MB
		// at 50, 290 at 100, 310 at main's 300, for the same CPU, measured
		// over three rounds each.
		defer debug.SetGCPercent(debug.SetGCPercent(25))
	}
	ref, err := cfg.readReference(refIn, rs, m, ix, in.header)
	if err != nil {
		return fmt.Errorf("--against %s: %w", m.against, err)
	}
	mr, o, err := cfg.newMatcher(in, ref, m.all)
	if err != nil {
		return err
	}
	var n counts
	err = evaluate(in, cfg.Jobs, s.skip, mr.work, func(b *batch[matchedRow]) error {
		if err := in.reject(b.faults); err != nil {
			return err
		}
		mr.tally(b.vals)
		n.add(in, len(b.recs), len(b.recs), &b.tally)
		err := o.write(b.out)
		putBuf(b.out)
		return err
	})
	if !m.all {
		mr.out = n.read
	}
	q := *cfg
	q.Quiet = true
	if err := q.finish(in, o, n, false, strictness{}, err); err != nil {
		return err
	}
	if !cfg.Quiet {
		fmt.Fprintf(cfg.stderr, "webaddress: %s\n", matchSummary(in, n, mr, ref))
	}
	return strictError(s.strict, in, n)
}

// check checks match's required flags and returns the empty index of the
// reference, with the rules of m's flags.
func (m *matchFlags) check(cfg *config) (*lists.Index, error) {
	if cfg.Column == "" {
		return nil, errors.New("match reads a table: say --column with the input's columns of addresses (such as email,website)")
	}
	if m.against == "" {
		return nil, errors.New("match needs --against FILE, the reference table (the accounts) to match against")
	}
	if m.againstColumn == "" {
		m.againstColumn = cfg.Column
	}
	return m.index(cfg)
}

// matchConfigs returns the configurations that read the input and the
// reference: one file of rejects for both tables (the reference's first),
// closed by the function returned.
func (cfg *config) matchConfigs(m *matchFlags, skip bool) (inCfg, refCfg config, closeRejects func(), err error) {
	inCfg, closeRejects = *cfg, func() {}
	if skip && cfg.Rejects != "" && cfg.hooks.Rejects == nil {
		f, err := os.Create(cfg.Rejects)
		if err != nil {
			return inCfg, refCfg, closeRejects, fmt.Errorf("--rejects: %w", err)
		}
		inCfg.hooks.Rejects, inCfg.Rejects, closeRejects = f, "", func() { f.Close() }
	}
	refCfg = inCfg
	refCfg.Column, refCfg.Sheet = m.againstColumn, ""
	if IsWorkbook(m.against) {
		refCfg.Input = ""
	}
	refCfg.hooks.Watch = nil // the page follows the input's rows
	return inCfg, refCfg, closeRejects, nil
}

// openReference opens the reference, --against's file or, for a program
// that gives its files as text (serve's page), its text.
func (cfg *config) openReference(refCfg *config, rs settings, m *matchFlags) (*input, error) {
	refArgs := []string{m.against}
	if cfg.hooks.Lists != nil {
		text, ok := cfg.hooks.Lists["against"]
		if !ok || m.against != ListName("against") {
			return nil, errors.New("--against: the reference is given as its text, not a file")
		}
		refCfg.stdin, refArgs = strings.NewReader(text), nil
	}
	refIn, err := refCfg.open(refArgs, rs)
	if err != nil {
		if msg, ok := strings.CutPrefix(err.Error(), "--column"); ok {
			err = errors.New("--against-column" + msg) // open names the flag it read
		}
		return nil, fmt.Errorf("--against %s: %w", m.against, err)
	}
	return refIn, nil
}

// A matcher matches the input's rows against the reference and counts
// what it found for the summary.
type matcher struct {
	ref      *refTable
	cols     []int    // the input's columns of addresses, tried in order
	colNames []string // their names
	all      bool
	enc      func(b []byte, fields []string, v *matched) ([]byte, bool)

	byCol   []int                          // the rows matched by each column
	byLevel [webaddress.LevelOwner + 1]int // the rows matched at each level
	several int                            // the rows that matched several reference rows
	out     int                            // the rows written
}

// newMatcher returns the matcher of the input in against ref, and the
// output it writes to: the input's columns, match's, then the reference's
// kept columns.
func (cfg *config) newMatcher(in *input, ref *refTable, all bool) (*matcher, *output, error) {
	mr := &matcher{ref: ref, cols: in.cols, all: all, byCol: make([]int, len(in.cols))}
	for _, c := range in.cols {
		mr.colNames = append(mr.colNames, in.header[c])
	}
	mcols := []record.Column[matched]{
		record.Int("match_count", func(v *matched) (int64, bool) { return int64(v.res.Count), true }),
		record.Str("match_key", func(v *matched) (string, bool) { return v.keys, v.res.Via >= 0 }),
		record.Str("match_via", func(v *matched) (string, bool) { return v.via, v.res.Count > 0 }),
		record.Str("match_level", func(v *matched) (string, bool) { return v.res.Level.String(), v.res.Count > 0 }),
		record.Bool("match_ambiguous", func(v *matched) (bool, bool) { return v.res.Ambiguous(), v.res.Count > 0 }),
	}
	for j, name := range ref.names {
		mcols = append(mcols, record.Str(name, func(v *matched) (string, bool) {
			if v.ref == nil {
				return "", false
			}
			return v.ref[j], true
		}))
	}
	l, err := layout(cfg.Fields, in.header, mcols, nil)
	if err != nil {
		return nil, nil, err
	}
	format := cfg.outputFormat(false)
	o, err := newOutput(format, in.delim, cfg.stdout, l.Names(), cfg.outputDialect(in.dialect))
	if err != nil {
		return nil, nil, err
	}
	mr.enc = encoder(format, in.delim, l, cfg.outputDialect(in.dialect).crlf)
	return mr, o, nil
}

// A matchScratch is what a worker's match of a batch uses and leaves:
// used again batch after batch (matchScratches), it is not garbage to
// collect each time, nor grown anew.
type matchScratch struct {
	keys    lists.Keys
	rows    [][]string
	cells   []string
	results []lists.Match
}

// matchScratches hold the matchScratch of batches done, and keysPool the
// keys of the reference's batches added to its index.
var (
	matchScratches = sync.Pool{New: func() any { return new(matchScratch) }}
	keysPool       = sync.Pool{New: func() any { return new(lists.Keys) }}
)

// work matches and encodes the rows of b (a worker's part).
func (mr *matcher) work(b *batch[matchedRow]) {
	b.out = getBuf()
	b.vals = make([]matchedRow, len(b.recs))
	sc := matchScratches.Get().(*matchScratch)
	defer func() {
		clear(sc.rows)
		clear(sc.cells)
		matchScratches.Put(sc)
	}()
	rows := slices.Grow(sc.rows[:0], len(b.recs))[:len(b.recs)]
	cells := slices.Grow(sc.cells[:0], len(b.recs)*len(mr.cols))
	for i := range b.recs {
		n := len(cells)
		for _, c := range mr.cols {
			cells = append(cells, b.recs[i].Fields[c])
		}
		rows[i] = cells[n:len(cells):len(cells)]
	}
	sc.rows, sc.cells = rows, cells
	keys := &sc.keys
	results := mr.ref.ix.MatchRows(keys, rows, sc.results[:0])
	sc.results = results
	var joined []byte
	var v matched
	for i := range rows {
		fields := b.recs[i].Fields
		v = matched{res: results[i], ref: v.ref[:0]}
		if v.res.Via >= 0 {
			v.via = mr.colNames[v.res.Via]
			joined = keys.AppendJoined(joined[:0], v.res.From, v.res.To, ' ')
			v.keys = string(joined)
		} else {
			b.fail(string(v.res.Miss))
		}
		b.vals[i] = matchedRow{via: v.res.Via, level: v.res.Level, count: v.res.Count, miss: v.res.Miss, out: 1}
		var ok bool
		if mr.all && v.res.Count > 0 {
			// Every pair: the reference rows at the level that matched,
			// then, after a match at site, the owner's others, written
			// with the owner level's count and keys.
			n, level := 0, v.res.Level
			for at, r := range mr.ref.ix.All(keys, results[i]) {
				if at.Level != level {
					joined = keys.AppendJoined(joined[:0], at.From, at.To, ' ')
					v.keys, level = string(joined), at.Level
				}
				v.res = at
				v.ref, _ = mr.ref.ix.Kept(v.ref[:0], r)
				if b.out, ok = mr.enc(b.out, fields, &v); !ok {
					b.lossy++
				}
				n++
			}
			b.vals[i].out = n
			continue
		}
		if v.res.First < 0 {
			saved := v.ref
			v.ref = nil
			if b.out, ok = mr.enc(b.out, fields, &v); !ok {
				b.lossy++
			}
			v.ref = saved
			continue
		}
		v.ref, _ = mr.ref.ix.Kept(v.ref[:0], v.res.First)
		if b.out, ok = mr.enc(b.out, fields, &v); !ok {
			b.lossy++
		}
	}
}

// tally counts the rows of a batch for the summary.
func (mr *matcher) tally(rows []matchedRow) {
	for _, r := range rows {
		if r.count > 0 {
			mr.byCol[r.via]++
			mr.byLevel[r.level]++
		}
		if r.count > 1 {
			mr.several++
		}
		mr.out += r.out
	}
}

// readReference reads the reference of refIn into its index: the keys of
// each row, and its kept columns (--against-fields, else all), named apart
// from the input's header.
func (cfg *config) readReference(refIn *input, rs settings, m *matchFlags, ix *lists.Index, header []string) (*refTable, error) {
	defer func() {
		refIn.progress.done()
		if refIn.file != nil {
			refIn.file.Close()
		}
	}()
	cols := refIn.cols
	var err error
	kept := make([]int, len(refIn.header))
	for i := range kept {
		kept[i] = i
	}
	if m.againstFields != "" {
		if kept, err = columnsOf("--against-fields", m.againstFields, refIn.header, cfg.NoHeader); err != nil {
			return nil, err
		}
	}
	ref := &refTable{ix: ix, in: refIn, misses: codeCounts{}}
	for _, k := range kept {
		name := refIn.header[k]
		if slices.Contains(header, name) || slices.Contains(matchColumns, name) {
			ref.renamed = append(ref.renamed, table.Quote(name)+" as against_"+name)
			name = "against_" + name
		}
		ref.names = append(ref.names, name)
	}
	// A row's keys are keys[from:to] of its batch's keys.
	type refRow struct {
		keys     *lists.Keys
		from, to int
		miss     lists.Reason
	}
	err = evaluate(refIn, cfg.Jobs, rs.skip, func(b *batch[refRow]) {
		b.vals = make([]refRow, len(b.recs))
		keys := keysPool.Get().(*lists.Keys)
		keys.Reset()
		var buf [4]string
		for i := range b.recs {
			r := &b.vals[i]
			row := buf[:0]
			for _, c := range cols {
				row = append(row, b.recs[i].Fields[c])
			}
			r.keys, r.from = keys, keys.Len()
			_, r.miss = ix.RowKeys(keys, row)
			r.to = keys.Len()
		}
	}, func(b *batch[refRow]) error {
		if err := refIn.reject(b.faults); err != nil {
			return err
		}
		if len(b.vals) > 0 {
			ref.ix.Prefetch(b.vals[0].keys) // the batch's keys
		}
		var cells []string
		for i := range b.vals {
			r := &b.vals[i]
			ref.read++
			if r.from == r.to {
				ref.misses.add(string(r.miss), 1)
				continue
			}
			ref.keyed++
			cells = cells[:0]
			for _, k := range kept {
				cells = append(cells, b.recs[i].Fields[k])
			}
			ref.ix.AddKeys(r.keys, r.from, r.to, cells)
		}
		if len(b.vals) > 0 {
			keysPool.Put(b.vals[0].keys) // added: the index copied them
		}
		refIn.progress.update(ref.read, ref.read-ref.keyed)
		return nil
	})
	if rerr := refIn.rejects.close(); err == nil {
		err = rerr
	}
	var f *table.Fault
	if errors.As(err, &f) {
		return nil, fmt.Errorf("%v: %s\n(--on-bad-record skip rejects such records and reads on)", f, table.Quote(f.Raw))
	}
	return ref, err
}

// matchSummary returns match's summary: rows read, matched by column,
// unmatched, matched several, the values without a key by why, and the
// reference's counts.
func matchSummary(in *input, n counts, mr *matcher, ref *refTable) string {
	colNames, byCol, several, out, all := mr.colNames, mr.byCol, mr.several, mr.out, mr.all
	rejected := 0
	if in.rejects != nil {
		rejected = in.rejects.n
	}
	matched := 0
	var by []string
	for i, c := range byCol {
		matched += c
		if c > 0 {
			by = append(by, fmt.Sprintf("%d by %s", c, colNames[i]))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s read: %d matched", plural(n.read+rejected, "row"), matched)
	var at []string
	for l, c := range mr.byLevel {
		if c > 0 {
			at = append(at, fmt.Sprintf("%d at %v", c, webaddress.Level(l)))
		}
	}
	if len(by) > 0 {
		fmt.Fprintf(&b, " (%s; %s)", strings.Join(by, ", "), strings.Join(at, ", "))
	}
	fmt.Fprintf(&b, ", %d unmatched, %d matched several, %d rejected", n.read-matched, several, rejected)
	if all {
		fmt.Fprintf(&b, "; %s out (--all)", plural(out, "row"))
	}
	if n.failed > 0 {
		fmt.Fprintf(&b, "; %d without a key (%s)", n.failed, byCount(n.codes))
	}
	refRejected := 0
	if ref.in.rejects != nil {
		refRejected = ref.in.rejects.n
	}
	fmt.Fprintf(&b, "; the reference: %s read, %s, %d rejected", plural(ref.read+refRejected, "row"), plural(ref.ix.Len(), "key"), refRejected)
	if missed := ref.read - ref.keyed; missed > 0 {
		fmt.Fprintf(&b, ", %d without a key (%s)", missed, byCount(ref.misses))
	}
	if len(ref.renamed) > 0 {
		fmt.Fprintf(&b, "; the reference's column %s", strings.Join(ref.renamed, ", "))
	}
	for _, note := range in.notes {
		b.WriteString("; " + note)
	}
	for _, note := range ref.in.notes {
		b.WriteString("; the reference's " + note)
	}
	return b.String()
}

// byCount returns counts as "CODE N, ...", the most first.
func byCount(cc codeCounts) string {
	codes := make([]string, 0, len(cc))
	for c := range cc {
		codes = append(codes, c)
	}
	sort.Slice(codes, func(i, j int) bool {
		if cc[codes[i]] != cc[codes[j]] {
			return cc[codes[i]] > cc[codes[j]]
		}
		return codes[i] < codes[j]
	})
	var parts []string
	for _, c := range codes {
		parts = append(parts, fmt.Sprintf("%s %d", c, cc[c]))
	}
	return strings.Join(parts, ", ")
}
