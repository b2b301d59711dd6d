// Package doccheck keeps the repository's markdown links true: every
// relative link in README.md, docs/*.md, CHANGELOG.md, BENCHMARKS.md and
// RELIABILITY.md must name a file that exists and, with a #fragment, a
// heading of that file, by GitHub's anchor rules. It has tests only.
package doccheck

import (
	"bufio"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// repoRoot is the module's root, seen from this package's directory.
const repoRoot = "../../.."

// checkedFiles lists the markdown files whose links are checked, as
// slash-separated paths under the repository's root.
func checkedFiles(t *testing.T, fsys fs.FS) []string {
	t.Helper()
	files := []string{"README.md", "CHANGELOG.md", "BENCHMARKS.md", "RELIABILITY.md"}
	docs, err := fs.Glob(fsys, "docs/*.md")
	require.NoError(t, err)
	require.NotEmpty(t, docs, "docs/*.md matches no file")
	return append(files, docs...)
}

// A link is one link target in a markdown file, with its line number.
type link struct {
	line   int
	target string
}

// A document is what the checker reads from one markdown file: its
// headings' text in order and its link targets, both outside code.
type document struct {
	headings []string
	links    []link
}

var (
	atxHeading  = regexp.MustCompile(`^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$`)
	inlineLink  = regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	refLinkDef  = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)`)
	codeSpan    = regexp.MustCompile("`+[^`]*`+")
	linkText    = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	emphasisUnd = regexp.MustCompile(`(^|[^\p{L}\p{N}])_+|_+([^\p{L}\p{N}]|$)`)
)

// parse reads the headings and the link targets of a markdown file,
// skipping fenced code blocks and inline code spans.
func parse(src string) document {
	var doc document
	fence := ""
	sc := bufio.NewScanner(strings.NewReader(src))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			continue
		}
		if m := atxHeading.FindStringSubmatch(line); m != nil {
			doc.headings = append(doc.headings, m[2])
		}
		outsideCode := codeSpan.ReplaceAllString(line, "``")
		for _, m := range inlineLink.FindAllStringSubmatch(outsideCode, -1) {
			doc.links = append(doc.links, link{n, m[1]})
		}
		if m := refLinkDef.FindStringSubmatch(outsideCode); m != nil {
			doc.links = append(doc.links, link{n, m[1]})
		}
	}
	return doc
}

// slug is the anchor GitHub gives a heading: its text as rendered
// (code spans verbatim, link text without the URL, emphasis marks
// dropped), lowercased, each space turned into '-', and every character
// other than a letter, a mark, a digit, '-' and '_' dropped.
func slug(heading string) string {
	var text strings.Builder
	for i, part := range strings.Split(heading, "`") {
		if i%2 == 1 { // inside a code span
			text.WriteString(part)
			continue
		}
		part = linkText.ReplaceAllString(part, "$1")
		part = strings.ReplaceAll(part, "*", "")
		part = emphasisUnd.ReplaceAllString(part, "$1$2")
		text.WriteString(part)
	}
	var b strings.Builder
	for _, r := range strings.ToLower(text.String()) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-', unicode.IsLetter(r), unicode.IsMark(r),
			unicode.Is(unicode.Nd, r), unicode.Is(unicode.Nl, r), unicode.Is(unicode.Pc, r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors gives every anchor a file's headings make: a slug that
// repeats gets -1, -2, ... as GitHub numbers it.
func anchors(headings []string) map[string]bool {
	set := make(map[string]bool, len(headings))
	seen := make(map[string]int, len(headings))
	for _, h := range headings {
		s := slug(h)
		a := s
		for set[a] {
			seen[s]++
			a = fmt.Sprintf("%s-%d", s, seen[s])
		}
		set[a] = true
	}
	return set
}

// brokenLinks reads file in fsys and says, one line each, which of its
// relative links name a missing file or a missing anchor.
func brokenLinks(fsys fs.FS, file string) ([]string, error) {
	src, err := fs.ReadFile(fsys, file)
	if err != nil {
		return nil, err
	}
	doc := parse(string(src))
	docs := map[string]document{file: doc}
	var broken []string
	for _, l := range doc.links {
		if u, err := url.Parse(l.target); err == nil && u.Scheme != "" {
			continue // http:, https:, mailto:: not a file of the repository
		}
		target, fragment, _ := strings.Cut(l.target, "#")
		targetFile := file
		if target != "" {
			targetFile = path.Join(path.Dir(file), target)
			if !fs.ValidPath(targetFile) {
				broken = append(broken, fmt.Sprintf("%s:%d: %s: outside the repository", file, l.line, l.target))
				continue
			}
			if _, err := fs.Stat(fsys, targetFile); err != nil {
				broken = append(broken, fmt.Sprintf("%s:%d: %s: no file %s", file, l.line, l.target, targetFile))
				continue
			}
		}
		if fragment == "" {
			continue
		}
		anchor, err := url.PathUnescape(fragment)
		if err != nil {
			anchor = fragment
		}
		if !strings.HasSuffix(targetFile, ".md") {
			broken = append(broken, fmt.Sprintf("%s:%d: %s: #%s in a file that is not markdown", file, l.line, l.target, anchor))
			continue
		}
		d, ok := docs[targetFile]
		if !ok {
			b, err := fs.ReadFile(fsys, targetFile)
			if err != nil {
				return nil, err
			}
			d = parse(string(b))
			docs[targetFile] = d
		}
		if !anchors(d.headings)[anchor] {
			broken = append(broken, fmt.Sprintf("%s:%d: %s: no heading of %s gives #%s", file, l.line, l.target, targetFile, anchor))
		}
	}
	return broken, nil
}

func TestEveryRelativeLinkNamesAFileAndAHeadingThatExist(t *testing.T) {
	fsys := os.DirFS(repoRoot)
	for _, file := range checkedFiles(t, fsys) {
		t.Run(file, func(t *testing.T) {
			broken, err := brokenLinks(fsys, file)
			require.NoError(t, err)
			assert.Empty(t, broken, "broken links in %s", file)
		})
	}
}

func TestTheCheckerReportsAMissingFileAndAMissingAnchor(t *testing.T) {
	fsys := fstest.MapFS{
		"README.md": {Data: []byte("# Title\n\n## Serving the API\n\n" +
			"[ok](docs/a.md#the-schema) [ok](#serving-the-api) [ok](colorref) [ok](https://example.com/x#y)\n" +
			"[gone](docs/gone.md) [no anchor](docs/a.md#no-such-heading)\n" +
			"```md\n[in a fence](docs/fenced.md)\n```\n" +
			"`[in code](docs/code.md)` [moved](#decisions)\n")},
		"docs/a.md":           {Data: []byte("# A\n\n## The schema\n")},
		"colorref/color.go":   {Data: []byte("package colorref\n")},
		"docs/not-checked.md": {Data: []byte("[gone](nowhere.md)\n")},
	}
	broken, err := brokenLinks(fsys, "README.md")
	require.NoError(t, err)
	assert.Equal(t, []string{
		"README.md:6: docs/gone.md: no file docs/gone.md",
		"README.md:6: docs/a.md#no-such-heading: no heading of docs/a.md gives #no-such-heading",
		"README.md:10: #decisions: no heading of README.md gives #decisions",
	}, broken)
}

func TestSlugFollowsGitHubsAnchorRules(t *testing.T) {
	for _, tc := range []struct {
		heading, want string
	}{
		// The examples of GitHub Docs, "Basic writing and formatting
		// syntax", Section links.
		{"Sample Section", "sample-section"},
		{"This'll be a _Helpful_ Section About the Greek Letter Θ!", "thisll-be-a-helpful-section-about-the-greek-letter-θ"},
		// Headings of this repository's docs, by the rules by hand.
		{"Tests and reference data", "tests-and-reference-data"},
		{"Contrast: exact, rendered, or both", "contrast-exact-rendered-or-both"},
		{"`theming/pgsource`: the PostgreSQL tenant source", "themingpgsource-the-postgresql-tenant-source"},
		{"Design tokens: DTCG 2025.10 in and out (`theming/dtcg`)", "design-tokens-dtcg-202510-in-and-out-themingdtcg"},
		{"Tenants behind a shared cache: `SourceVary`", "tenants-behind-a-shared-cache-sourcevary"},
		{"The admin's save path", "the-admins-save-path"},
		{"theme_colors — one row per override", "theme_colors--one-row-per-override"},
		{"A [linked](https://example.com) **bold** heading", "a-linked-bold-heading"},
	} {
		t.Run(fmt.Sprintf("%q is #%s", tc.heading, tc.want), func(t *testing.T) {
			assert.Equal(t, tc.want, slug(tc.heading))
		})
	}
}

func TestARepeatedHeadingIsNumberedFromOne(t *testing.T) {
	got := anchors([]string{"This heading is not unique in the file", "Other", "This heading is not unique in the file"})
	assert.Equal(t, map[string]bool{
		"this-heading-is-not-unique-in-the-file": true,
		"other":                                  true,
		"this-heading-is-not-unique-in-the-file-1": true,
	}, got)
}
