package lbdata

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The committed modules and docs/data.md are what the converter writes from
// the committed copy of the data: a change to the converter, its tables or
// the data is converted again (go run ./internal/lbdata/lbconvert), not
// edited by hand.
func TestGeneratedUpToDate(t *testing.T) {
	root := filepath.Join("..", "..")
	files, err := Generate(filepath.Join(root, SourceDir))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2*len(Battles)+1 {
		t.Fatalf("%d files for %d battles", len(files), len(Battles))
	}
	for path, want := range files {
		got, err := os.ReadFile(filepath.Join(root, path))
		if err != nil {
			t.Fatalf("%v (run go run ./internal/lbdata/lbconvert)", err)
		}
		if string(got) != want {
			t.Errorf("%s is not what the converter writes: run go run ./internal/lbdata/lbconvert", path)
		}
	}
}

func TestParseKeepsOrderAndDropsTrailingCommas(t *testing.T) {
	v, err := Parse([]byte(`{"b": [1, 2,], "a": {"s": "x,]", "n": -3,},}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Obj) != 2 || v.Obj[0].Key != "b" || v.Obj[1].Key != "a" {
		t.Fatalf("keys out of order: %+v", v.Obj)
	}
	if b, _ := v.Get("b"); len(b.Arr) != 2 || b.Arr[1].Int() != 2 {
		t.Errorf("b = %+v", b)
	}
	if s, _ := v.Path("a", "s"); s.Str != "x,]" {
		t.Errorf("a comma in a string was dropped: %q", s.Str)
	}
	if n, _ := v.Path("a", "n"); n.Int() != -3 {
		t.Errorf("a.n = %v", n.Num)
	}
	for _, bad := range []string{`{"a": }`, `{"a": 1} 2`, `[1, 2`, `{1: 2}`} {
		if _, err := Parse([]byte(bad)); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
}

// resolve reads a gap as the row before it and an overlap as the row that
// starts there, and says so.
func TestResolveGapsAndOverlaps(t *testing.T) {
	c := &conv{}
	for _, tc := range []struct {
		src   []row
		want  string
		notes int
	}{
		{[]row{{11, 36, "carre"}, {41, 66, "rout"}}, "11..36 => carre  41..66 => rout", 0},
		{[]row{{11, 43, "carre"}, {34, 54, "disorder"}, {55, 66, "rout"}}, "11..33 => carre  34..54 => disorder  55..66 => rout", 1},
		{[]row{{11, 45, "carre"}, {51, 56, "disorder"}, {61, 66, "rout"}}, "11..46 => carre  51..56 => disorder  61..66 => rout", 1},
		{[]row{{11, 52, "carre"}, {62, 53, "disorder"}, {63, 66, "rout"}}, "11..52 => carre  53..62 => disorder  63..66 => rout", 1},
		{[]row{{12, 66, "carre"}}, "11..66 => carre", 1},
	} {
		rows, notes := c.resolve("test", tc.src)
		if got := rowsInline(rows); got != tc.want || len(notes) != tc.notes {
			t.Errorf("resolve(%v) = %s with %v, want %s with %d notes", tc.src, got, notes, tc.want, tc.notes)
		}
	}
}

func TestSlug(t *testing.T) {
	for in, want := range map[string]string{"French 1ere Guard": "french_1ere_guard", "Schieβscharte": "schiessscharte", "Karl's Legion": "karls_legion", "1/2": "n1_2", "Cav w/o Recall": "cav_w_o_recall"} {
		if got := slug(in); got != want {
			t.Errorf("slug(%q) = %q, want %q", in, got, want)
		}
	}
}

// Every battle's data converts, and the modules name the file and commit.
func TestEveryBattleCitesItsFile(t *testing.T) {
	files, err := Generate(filepath.Join("..", "..", SourceDir))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range Battles {
		rules := strings.Join(strings.Fields(strings.ReplaceAll(files["games/"+b.Name+"/rules.rules"], "\n//", "")), " ")
		if !strings.Contains(rules, "src/data/"+b.File+" at commit "+b.Commit) {
			t.Errorf("%s: the header does not name %s at %s", b.Name, b.File, b.Commit)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"a": [1, {"b": "c",},], "d": null, "e": true}`))
	data, err := os.ReadFile(filepath.Join("..", "..", SourceDir, "hagelberg.json"))
	if err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := Parse(data)
		if err != nil {
			return
		}
		_, _ = v.Path("charge", "carre", "table")
	})
}
