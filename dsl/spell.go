package dsl

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// maxSpell is the longest name nearest tries to correct: longer ones are
// seldom typos, and the edit distance costs the product of the lengths.
const maxSpell = 32

// nearest returns the candidate closest to name by edit distance, if it is
// close enough to be a likely misspelling. Candidates whose length alone
// puts them out of reach are skipped, so a module with many long names
// cannot make each suggestion slow.
func nearest(name string, candidates []string) string {
	n := utf8.RuneCountInString(name)
	if n > maxSpell {
		return ""
	}
	limit := 1 + n/3
	lname := strings.ToLower(name)
	best, bestD := "", 1<<30
	for _, c := range candidates {
		if c == name {
			continue
		}
		if diff := utf8.RuneCountInString(c) - n; diff > limit || -diff > limit {
			continue
		}
		d := editDistance(lname, strings.ToLower(c))
		if d < bestD || (d == bestD && c < best) {
			best, bestD = c, d
		}
	}
	if bestD > limit {
		return ""
	}
	return best
}

// DidYouMean formats a suggestion of the candidate nearest to name
// ("; did you mean \"x\"?"), or nothing when none is close.
func DidYouMean(name string, candidates []string) string {
	return didYouMean(name, candidates).String()
}

// suggestion is a did-you-mean: the name written and the nearest one the
// module knows (none when Want is empty). Formatted, it is the hint a
// message ends with; given to errorf or warnf among the arguments, it also
// makes the diagnostic's fix, which replaces the name where it is written.
type suggestion struct{ wrong, want string }

func (s suggestion) String() string {
	if s.want == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", s.want)
}

// didYouMean suggests the candidate nearest to name, if one is close.
func didYouMean(name string, candidates []string) suggestion {
	return suggestion{wrong: name, want: nearest(name, candidates)}
}

func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
