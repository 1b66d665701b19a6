// Copyright 2026 The webaddress Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/cobra/doc"
	"github.com/spf13/pflag"

	"github.com/onecontact/webaddress/cmd/webaddress/internal/serve"
	"github.com/onecontact/webaddress/cmd/webaddress/internal/tool"
	"github.com/onecontact/webaddress/internal/testfiles"
)

// The release's files: the man pages of docs/man, generated here from the
// command definitions by cobra's doc package (in a test, so that the tool
// does not carry the generator), and the version the release names, the
// one of the CHANGELOG's latest release heading, "## v0.1.0 (2026-12-02)".

// manDir is where the man pages are kept, from the repository's root.
const manDir = "docs/man"

// releaseHeading is a release's heading in CHANGELOG.md: its version and
// its date. .release/snapshot reads the latest one's version too.
var releaseHeading = regexp.MustCompile(`(?m)^## (v\d+\.\d+\.\d+) \((\d{4}-\d\d-\d\d)\)$`)

// findIn returns the first match of re in the repository's file name,
// with its submatches.
func findIn(t *testing.T, name string, re *regexp.Regexp) [][]byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(testfiles.Root(), name))
	if err != nil {
		t.Fatal(err)
	}
	m := re.FindSubmatch(data)
	if m == nil {
		t.Fatalf("%s has no line matching %s", name, re)
	}
	return m
}

// latestRelease returns the version and date of CHANGELOG.md's first
// release heading.
func latestRelease(t *testing.T) (string, time.Time) {
	t.Helper()
	m := findIn(t, "CHANGELOG.md", releaseHeading)
	date, err := time.Parse(time.DateOnly, string(m[2]))
	if err != nil {
		t.Fatalf("CHANGELOG.md: heading %q: %v", m[0], err)
	}
	return string(m[1]), date
}

// machineDefaults are the flags whose default depends on the machine, and
// what the man pages say instead of this machine's value.
var machineDefaults = map[string]string{
	"jobs": "CPUs", // runtime.GOMAXPROCS(0)
}

// markdownEscaper escapes the characters of plain text that Markdown would
// read as emphasis, links or HTML, so that "safe_parse_url" keeps its
// underscores and "<name>" is not dropped as a tag.
var markdownEscaper = strings.NewReplacer(`\`, `\\`, `*`, `\*`, `_`, `\_`, `[`, `\[`, `]`, `\]`, `<`, `\<`, `>`, `\>`)

// markdownText returns the plain text s as Markdown: escaped, but for its
// indented lines, which Markdown shows as they are (as in the help of
// cobra's completion commands).
func markdownText(s string) string {
	lines := strings.Split(s, "\n")
	for i, line := range lines {
		if !strings.HasPrefix(line, "\t") && !strings.HasPrefix(line, "    ") {
			lines[i] = markdownEscaper.Replace(line)
		}
	}
	return strings.Join(lines, "\n")
}

// commandTree returns the tool's root command with all its commands, as
// the command line has them.
func commandTree() *cobra.Command {
	root := tool.NewRoot(tool.Env{Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: io.Discard, Version: version()})
	root.AddCommand(serve.Command(nil))
	return root
}

// writeManPages writes the man pages of the tool and of each of its
// commands to dir, in section 1, with version and date in their header.
func writeManPages(dir, version string, date time.Time) error {
	root := commandTree()
	for name, value := range machineDefaults {
		f := root.PersistentFlags().Lookup(name)
		if f == nil {
			return fmt.Errorf("machineDefaults: the tool has no flag --%s", name)
		}
		f.DefValue = value
	}
	// cobra's doc package reads the help as Markdown; it is plain text.
	escaped := make(map[*pflag.Flag]bool)
	var prepare func(*cobra.Command)
	prepare = func(c *cobra.Command) {
		c.DisableAutoGenTag = true // its date is the day the pages were made
		c.Short, c.Long = markdownText(c.Short), markdownText(c.Long)
		for _, fs := range []*pflag.FlagSet{c.PersistentFlags(), c.LocalNonPersistentFlags()} {
			fs.VisitAll(func(f *pflag.Flag) {
				if !escaped[f] {
					// A `NAME` in backquotes stays: pflag's name for
					// the flag's value, in bold on the page.
					f.Usage = markdownText(f.Usage)
					escaped[f] = true
				}
			})
		}
		for _, sub := range c.Commands() {
			prepare(sub)
		}
	}
	prepare(root)
	return doc.GenManTree(root, &doc.GenManHeader{
		Section: "1",
		Date:    &date,
		Source:  "webaddress " + version,
		Manual:  "webaddress manual",
	}, dir)
}

// TestManPages checks that docs/man holds the man pages that the command
// definitions give, and no others. UPDATE_MAN=1 writes them anew (review
// the diff): run it after changing a command's help or flags.
func TestManPages(t *testing.T) {
	version, date := latestRelease(t)
	fresh := t.TempDir()
	if err := writeManPages(fresh, version, date); err != nil {
		t.Fatal(err)
	}
	kept := filepath.Join(testfiles.Root(), manDir)
	if os.Getenv("UPDATE_MAN") == "1" {
		if err := os.RemoveAll(kept); err != nil {
			t.Fatal(err)
		}
		if err := os.CopyFS(kept, os.DirFS(fresh)); err != nil {
			t.Fatal(err)
		}
	}
	want := manPages(t, fresh)
	got := manPages(t, kept)
	for name, page := range want {
		if old, ok := got[name]; !ok {
			t.Errorf("%s/%s is missing", manDir, name)
		} else if !bytes.Equal(old, page) {
			t.Errorf("%s/%s is not what the command definitions give", manDir, name)
		}
	}
	for name := range got {
		if _, ok := want[name]; !ok {
			t.Errorf("%s/%s is of no command", manDir, name)
		}
	}
	if t.Failed() {
		t.Log(`write the man pages anew with: UPDATE_MAN=1 go test -run '^TestManPages$' ./cmd/webaddress`)
	}
	for _, name := range []string{"webaddress.1", "webaddress-parse.1", "webaddress-serve.1"} {
		if _, ok := want[name]; !ok {
			t.Errorf("no man page %s among %v", name, slices.Sorted(maps.Keys(want)))
		}
	}
	renderManPages(t, fresh)
}

// manWidth is the width the man pages render at without a warning.
const manWidth = 80

// renderManPages renders each man page of dir with groff at manWidth
// columns, as man does on a terminal that wide, and fails on each
// warning (a line it cannot adjust, a word longer than the line). It
// skips without groff.
func renderManPages(t *testing.T, dir string) {
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Log("no groff: the man pages are not rendered:", err)
		return
	}
	pages, err := filepath.Glob(filepath.Join(dir, "*.1"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no man pages in %s: %v", dir, err)
	}
	for _, page := range pages {
		cmd := exec.Command(groff, "-man", "-Tutf8", "-ww", fmt.Sprintf("-rLL=%dn", manWidth), page)
		var stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = io.Discard, &stderr
		if err := cmd.Run(); err != nil || stderr.Len() > 0 {
			t.Errorf("%s at %d columns: %v\n%s", filepath.Base(page), manWidth, err, stderr.String())
		}
	}
}

// manPages reads the files of dir by name.
func manPages(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	pages := make(map[string][]byte)
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		pages[e.Name()] = data
	}
	return pages
}

// TestReleaseVersion checks that the README's install section names the
// version of the CHANGELOG's latest release.
func TestReleaseVersion(t *testing.T) {
	version, _ := latestRelease(t)
	data, err := os.ReadFile(filepath.Join(testfiles.Root(), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"webaddress_" + strings.TrimPrefix(version, "v") + "_linux_amd64.tar.gz",
		"webaddress/cmd/webaddress@" + version,
	} {
		if !bytes.Contains(data, []byte(want)) {
			t.Errorf("README.md does not name %s, of CHANGELOG.md's release %s", want, version)
		}
	}
}

// releaseLDFlags is the release build's ldflags line in .goreleaser.yaml.
var releaseLDFlags = regexp.MustCompile(`(?m)^ *ldflags:\n *- (.+)$`)

// TestVersionStamp builds the tool with the release build's ldflags
// (.goreleaser.yaml's, its templates filled in), which set the version and
// revision at link time, and checks that --version names them.
func TestVersionStamp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tool")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command:", err)
	}
	m := findIn(t, ".goreleaser.yaml", releaseLDFlags)
	const rev = "0123456789abcdef0123456789abcdef01234567"
	ldflags := strings.NewReplacer("{{ .Version }}", "9.8.7", "{{ .FullCommit }}", rev).Replace(string(m[1]))
	if strings.Contains(ldflags, "{{") {
		t.Fatalf(".goreleaser.yaml's ldflags has a template this test does not fill in: %s", ldflags)
	}
	bin := filepath.Join(t.TempDir(), "webaddress")
	build := exec.Command(goTool, "build", "-o", bin, "-ldflags", ldflags, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatalf("webaddress --version: %v", err)
	}
	first, _, _ := strings.Cut(string(out), "\n")
	want := "webaddress v9.8.7 " + rev + " " + runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	if first != want {
		t.Errorf("webaddress --version prints\n%s\nwant\n%s", first, want)
	}
}

// maxOpening is how many lines a command's help may take before its
// usage has been said: what it does, and how it is typed.
const maxOpening = 8

// TestHelpOpens checks that the help of the tool and of each command
// opens with what it does and its usage within maxOpening lines, and has
// its examples after the usage.
func TestHelpOpens(t *testing.T) {
	root := commandTree()
	cmds := []*cobra.Command{root}
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			cmds = append(cmds, c)
		}
	}
	for _, c := range cmds {
		var out bytes.Buffer
		c.SetOut(&out)
		if err := c.Help(); err != nil {
			t.Fatalf("%s --help: %v", c.CommandPath(), err)
		}
		lines := strings.Split(out.String(), "\n")
		usage := slices.Index(lines, "Usage:")
		end := usage + slices.Index(lines[max(usage, 0):], "")
		if lines[0] != c.Short || usage < 0 || end >= maxOpening {
			t.Errorf("%s --help opens with\n%s\nwant its short help, then its usage, in at most %d lines", c.CommandPath(), strings.Join(lines[:min(len(lines), maxOpening+2)], "\n"), maxOpening)
			continue
		}
		if examples := slices.Index(lines, "Examples:"); c.HasExample() && examples < end {
			t.Errorf("%s --help: its examples at line %d, not after its usage (line %d)", c.CommandPath(), examples+1, usage+1)
		}
	}
}

// TestVersionUnstamped checks that --version of a build without a version
// or a VCS revision says how it was built and how to get a stamped one,
// and that of a stamped build does not.
func TestVersionUnstamped(t *testing.T) {
	for _, tt := range []struct {
		info              *debug.BuildInfo
		release, revision string
		stamped           bool
	}{
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "", "", false},
		{nil, "", "", false},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123abcd"}}}, "", "", true},
		{&debug.BuildInfo{Main: debug.Module{Version: "v0.1.0"}}, "", "", true},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "v0.1.0", "0123abcd", true},
	} {
		out := versionOf(tt.info, tt.release, tt.revision)
		lines := strings.Split(out, "\n")
		says := strings.Contains(out, "without version-control stamps") && strings.Contains(out, "go install github.com/onecontact/webaddress/cmd/webaddress@")
		if says == tt.stamped || !strings.HasPrefix(lines[0], "webaddress ") || !strings.HasPrefix(lines[len(lines)-1], "key KeyV3 ") {
			t.Errorf("--version of %+v, %q %q:\n%s\nwant how it was built: %v", tt.info, tt.release, tt.revision, out, !tt.stamped)
		}
	}
}

// releaseNames are the lines of .goreleaser.yaml that name the release's
// files, as releaseFiles knows them: a change to one is a change to
// releaseFiles, and to the README's install lines.
var releaseNames = []string{
	"project_name: webaddress",
	"goos: [linux, darwin, windows]",
	"goarch: [amd64, arm64]",
	`name_template: "{{ .ProjectName }}_{{ .Version }}_{{ .Os }}_{{ .Arch }}"`,
	"package_name: webaddress",
	`file_name_template: "{{ .ConventionalFileName }}"`,
	`version_template: "{{ .Version }}-SNAPSHOT-{{ .ShortCommit }}"`,
}

// releaseFiles returns the names of the archives and packages the release
// build makes for version (such as "0.1.0"), and, when commit is not "",
// of a snapshot of that commit: GoReleaser's archive names and nfpm's
// conventional names of a .deb and an .rpm, whose prerelease part follows
// a "~" (and the rpm's has "_" for "-").
func releaseFiles(version, commit string) []string {
	v, deb, rpm := version, version, version
	if commit != "" {
		v += "-SNAPSHOT-" + commit
		deb += "~SNAPSHOT-" + commit
		rpm += "~SNAPSHOT_" + commit
	}
	var files []string
	for _, arch := range []string{"amd64", "arm64"} {
		for _, goos := range []string{"linux", "darwin", "windows"} {
			ext := ".tar.gz"
			if goos == "windows" {
				ext = ".zip"
			}
			files = append(files, "webaddress_"+v+"_"+goos+"_"+arch+ext)
		}
		rpmArch := map[string]string{"amd64": "x86_64", "arm64": "aarch64"}[arch]
		files = append(files, "webaddress_"+deb+"_"+arch+".deb", "webaddress-"+rpm+"-1."+rpmArch+".rpm")
	}
	return files
}

// releaseFile is a file name of a release's archive or package, as the
// README writes it: a "*" or "<commit>" in it stands for any text.
var releaseFile = regexp.MustCompile("webaddress[-_][^\\s`'\"/]*\\.(?:deb|rpm|tar\\.gz|zip)")

// TestInstallNames checks that each archive or package the README names
// is a file the release build makes (.goreleaser.yaml), the release's or a
// snapshot's, that the packages recommend bash-completion and the README
// says so, and, after a snapshot build, that dist/ holds the files
// releaseFiles names.
func TestInstallNames(t *testing.T) {
	config, err := os.ReadFile(filepath.Join(testfiles.Root(), ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range releaseNames {
		if !bytes.Contains(config, []byte(line)) {
			t.Errorf(".goreleaser.yaml has no line %s, which the names of releaseFiles follow", line)
		}
	}
	if !regexp.MustCompile(`(?m)^    recommends:\n      - bash-completion$`).Match(config) {
		t.Error(".goreleaser.yaml: the packages do not recommend bash-completion, which the bash completion script needs")
	}
	version, _ := latestRelease(t)
	version = strings.TrimPrefix(version, "v")
	const commit = "0123abc"
	made := append(releaseFiles(version, ""), releaseFiles(version, commit)...)
	readme, err := os.ReadFile(filepath.Join(testfiles.Root(), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	named := releaseFile.FindAllString(string(readme), -1)
	if len(named) < 6 {
		t.Fatalf("README.md names %d archives and packages, want 6 or more: %q", len(named), named)
	}
	for _, name := range named {
		pattern := strings.ReplaceAll(name, "<commit>", "*")
		if !slices.ContainsFunc(made, func(f string) bool { ok, _ := path.Match(pattern, f); return ok }) {
			t.Errorf("README.md names %s, which the release build does not make: it makes %q", name, made)
		}
	}
	if !bytes.Contains(readme, []byte("`bash-completion`")) || !bytes.Contains(readme, []byte("_get_comp_words_by_ref")) {
		t.Error("README.md does not say that bash completion needs the bash-completion package")
	}

	// A snapshot built here (.release/snapshot) names its files in dist/.
	meta, err := os.ReadFile(filepath.Join(testfiles.Root(), "dist", "metadata.json"))
	if err != nil {
		t.Log("no snapshot in dist/ to check the names against:", err)
		return
	}
	var m struct{ Version, Commit string }
	if err := json.Unmarshal(meta, &m); err != nil || len(m.Commit) < 7 {
		t.Fatalf("dist/metadata.json: %v, commit %q", err, m.Commit)
	}
	v, snapshot := m.Version, ""
	if pre, ok := strings.CutSuffix(v, "-SNAPSHOT-"+m.Commit[:7]); ok {
		v, snapshot = pre, m.Commit[:7]
	}
	for _, f := range releaseFiles(v, snapshot) {
		if _, err := os.Stat(filepath.Join(testfiles.Root(), "dist", f)); err != nil {
			t.Errorf("the snapshot in dist/ has no %s: %v", f, err)
		}
	}
}
