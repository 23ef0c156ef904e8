package dsl_test

import (
	"testing"
	"testing/fstest"

	"github.com/bataille/bataille"
	"github.com/bataille/bataille/dsl"
)

// TestChartLookupByDomain: a chart's lookup, which finds the row from the
// places of the keys' values in their domains, gives for every combination
// of the domains the value of the row whose cells match it, and for a
// value outside a domain the error a walk over the rows gives.
func TestChartLookupByDomain(t *testing.T) {
	mods := map[string]*dsl.Module{}
	for _, name := range bataille.Bundled() {
		mod, diags := bataille.LoadBundled(name)
		if diags.HasErrors() {
			t.Fatal(diags.Err())
		}
		mods[name] = mod
	}
	fsys := fstest.MapFS{"g.rules": {Data: []byte(`game g "Test" extends premier

chart reach "Reach" by formation, range only 1..4 | 7 | 9..10 {
  line | column, 1..2 => 3
  line | column, 3..4 | 7 => 2
  _, 9..10 => 0.5
  carre | skirmish | limbered | unlimbered, 1..4 | 7 => 1
}
`)}}
	mod, diags := bataille.LoadDir(fsys, "g.rules")
	if diags.HasErrors() {
		t.Fatal(diags.Err())
	}
	mods["g"] = mod
	for name, mod := range mods {
		for _, c := range mod.Charts {
			domains := make([][]any, len(c.Keys))
			for i, k := range c.Keys {
				domains[i] = k.Values()
			}
			for _, vals := range combinations(domains) {
				want, ok := scanRows(c, vals)
				got, err := c.Lookup(vals)
				if !ok {
					if err == nil {
						t.Errorf("%s: chart %s%v = %v, want an error", name, c.Name, vals, got)
					}
					continue
				}
				if err != nil || got != want {
					t.Errorf("%s: chart %s%v = %v, %v; want %v", name, c.Name, vals, got, err, want)
				}
			}
			// Outside the domains: a word no key takes, a decimal.
			for i := range c.Keys {
				for _, odd := range []any{"no_such_word", 2.5, 1000} {
					vals := make([]any, len(c.Keys))
					for j := range vals {
						vals[j] = domains[j][0]
					}
					vals[i] = odd
					want, ok := scanRows(c, vals)
					got, err := c.Lookup(vals)
					if ok != (err == nil) || (ok && got != want) {
						t.Errorf("%s: chart %s%v = %v, %v; want %v, found %v", name, c.Name, vals, got, err, want, ok)
					}
				}
			}
		}
	}
}

// scanRows is the value of the first row whose cells match vals.
func scanRows(c *dsl.ChartDef, vals []any) (any, bool) {
	for _, r := range c.Rows {
		ok := len(r.Cells) == len(vals)
		for i := 0; ok && i < len(vals); i++ {
			ok = r.Cells[i].Matches(vals[i])
		}
		if ok {
			if c.Float {
				return r.Value, true
			}
			return int(r.Value), true
		}
	}
	return nil, false
}

func combinations(domains [][]any) [][]any {
	out := [][]any{{}}
	for _, d := range domains {
		var next [][]any
		for _, prefix := range out {
			for _, v := range d {
				next = append(next, append(append([]any(nil), prefix...), v))
			}
		}
		out = next
	}
	return out
}
