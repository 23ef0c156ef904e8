package dsl

import (
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// The grammar and the AST are the same types: participle reads the
// `parser:"…"` tags. Every node keeps the position where it starts.

// File is one .rules source file. A folder of files makes one module; exactly
// one of them carries the header.
type File struct {
	Pos    lexer.Position
	Header *Header `parser:"@@?"`
	Decls  []*Decl `parser:"@@*"`

	// Src is the text the file was parsed from, for expressions and diagnostics.
	Src string `parser:""`
}

// Header names the module: `module` for a shared base, `game` for a battle.
type Header struct {
	Pos     lexer.Position
	Kind    string     `parser:"@('module' | 'game')"`
	ID      string     `parser:"@Ident"`
	Title   string     `parser:"@String?"`
	Edition string     `parser:"('edition' @String)?"`
	Extends *ModuleRef `parser:"('extends' @@)?"`
	Cite    []string   `parser:"('cite' @String (',' @String)*)?"`
}

// Ident is a name with its position, for references that need one.
type Ident struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
}

// ModuleRef names the module extended. A battle's folder may be spelt
// with hyphens (my-battle) where its id has underscores
// (my_battle): both name the same module.
type ModuleRef struct {
	Pos   lexer.Position
	Parts []string `parser:"@Ident ('-' @Ident)*"`
}

// Name is the module id the reference names.
func (m *ModuleRef) Name() string { return strings.Join(m.Parts, "_") }

// DottedName is a name such as charge.bonus_mp.
type DottedName struct {
	Pos   lexer.Position
	Parts []string `parser:"@(Ident | Keyword) ('.' @(Ident | Keyword))*"`
}

// Decl is one top-level declaration.
type Decl struct {
	Pos lexer.Position
	// EndPos is where the declaration ends, for tools that show it whole.
	EndPos   lexer.Position
	Override bool `parser:"@'override'?"`
	// Placeholder marks figures that are invented, not published: run,
	// simulate and explain say which placeholders a battle plays.
	Placeholder bool        `parser:"@'placeholder'?"`
	Param       *Param      `parser:"( @@"`
	Vocab       *Vocab      `parser:"| @@"`
	Table       *Table      `parser:"| @@"`
	Check       *CheckDecl  `parser:"| @@"`
	Modifier    *Modifier   `parser:"| @@"`
	Chart       *Chart      `parser:"| @@"`
	ColumnEdit  *ColumnEdit `parser:"| @@"`
	CellEdit    *CellEdit   `parser:"| @@"`
	Objective   *Objective  `parser:"| @@"`
	Rule        *Rule       `parser:"| @@"`
	Remove      *Remove     `parser:"| @@"`
	Sequence    *Sequence   `parser:"| @@"`
	Invariant   *Invariant  `parser:"| @@"`
	Constraint  *Constraint `parser:"| @@"`
	Test        *TestDecl   `parser:"| @@"`
	Scenario    *Scenario   `parser:"| @@"`
	CiteAs      *CiteAs     `parser:"| @@ )"`
}

// CiteAs maps a section of the rules a base module cites to where this
// battle's own rulebook prints it: `cite premier "Premier Rules: Carré" as
// "Berlin 1813 p17"`. Traces and explain then cite the page a battle's
// owner has.
type CiteAs struct {
	Pos     lexer.Position
	Module  *ModuleRef `parser:"'cite' @@"`
	Section string     `parser:"@String"`
	As      string     `parser:"'as' @String"`
}

// Param is a named value a rule may read: `param rout.hexes = 10`.
type Param struct {
	Pos   lexer.Position
	Name  *DottedName `parser:"'param' @@ '='"`
	Value *Value      `parser:"@@"`
	Cite  []string    `parser:"('cite' @String (',' @String)*)?"`
}

// Value is a literal: a number (possibly negative), string, boolean, dice
// or name.
type Value struct {
	Pos    lexer.Position
	Number *string `parser:"  @('-'? Number)"`
	String *string `parser:"| @String"`
	Dice   *string `parser:"| @Dice"`
	Ident  *string `parser:"| @Ident"`
	Coord  *HexRef `parser:"| @@"`
}

// Vocab declares one word of a battle's vocabulary: a terrain type, a
// formation, an arm or a morale state, with properties; or a value each side
// keeps through the battle (`army morale_level { start: 0  max: 3 }`).
type Vocab struct {
	Pos   lexer.Position
	Kind  string   `parser:"@('terrain' | 'formation' | 'arm' | 'state' | 'nationality' | 'class' | 'hexside' | 'attribute' | 'army')"`
	Name  string   `parser:"@Ident"`
	Title string   `parser:"@String?"`
	Cite  []string `parser:"('cite' @String (',' @String)*)?"`
	Open  bool     `parser:"( @'{'"`
	Props []*Prop  `parser:"  @@* '}' )?"`
}

// Prop is a property: a bare flag (`no_charge`) or a key with one or more
// comma-separated values (`cost: 2`, `arms: infantry, artillery`).
type Prop struct {
	Pos    lexer.Position
	Key    string   `parser:"@Ident"`
	Values []*Value `parser:"(':' @@ (',' @@)*)?"`
}

// Roll states the dice a table or check rolls, with an optional bounded
// modifier: `roll d66 + modifier -6..6`.
type Roll struct {
	Pos      lexer.Position
	Dice     string `parser:"'roll' @Dice"`
	Modifier *Range `parser:"('+' 'modifier' @@)?"`
}

// Range is a span of roll results: `11..42`, `..2`, `7..`, `5`.
type Range struct {
	Pos  lexer.Position
	From *string `parser:"@('-'? Number)?"`
	Dots bool    `parser:"@'..'?"`
	To   *string `parser:"@('-'? Number)?"`
}

// Table is a dice table. Rows map roll ranges to an outcome; a two-way table
// has columns, each chosen by a condition or, as printed charts are, by
// keys (`by unit.nationality, distance only 1..4`).
type Table struct {
	Pos     lexer.Position
	Name    string      `parser:"'table' @Ident"`
	Title   string      `parser:"@String?"`
	Roll    *Roll       `parser:"@@"`
	By      []*TableKey `parser:"('by' @@ (',' @@)*)?"`
	Cite    []string    `parser:"('cite' @String (',' @String)*)?"`
	Rows    []*Row      `parser:"'{' @@*"`
	Columns []*Column   `parser:"@@* '}'"`
}

// TableKey is one key a table's columns are chosen by: an expression and,
// where its words or numbers are not all reachable, the values it takes.
type TableKey struct {
	Pos  lexer.Position
	Expr *Expr  `parser:"@@"`
	Only []*Alt `parser:"('only' @@ ('|' @@)*)?"`
}

// Alt is one alternative of a key cell or a key's domain: `_` (any value), a
// word, or a whole number or range of them.
type Alt struct {
	Pos  lexer.Position
	Any  bool    `parser:"  @'_'"`
	Word *string `parser:"| @(Ident | Keyword)"`
	From *string `parser:"| @('-'? Number)"`
	To   *string `parser:"  ('..' @('-'? Number))?"`
}

// KeyCell is a key cell: one or more alternatives (`column | line`).
type KeyCell struct {
	Pos  lexer.Position
	Alts []*Alt `parser:"@@ ('|' @@)*"`
}

// Column is one column of a two-way table: chosen when its condition holds
// (the first that holds wins; a column without a condition always holds),
// or, in a keyed table, when each key's value is in its cell.
type Column struct {
	Pos   lexer.Position
	Title string     `parser:"'column' @String?"`
	When  *Expr      `parser:"( 'when' @@"`
	Cells []*KeyCell `parser:"| @@ (',' @@)* )?"`
	Rows  []*Row     `parser:"'{' @@* '}'"`
}

// Row maps a range of results to an outcome with up to two numbers
// (`52 => losses 0 1`).
type Row struct {
	Pos     lexer.Position
	Range   *Range  `parser:"@@ '=>'"`
	Outcome string  `parser:"@Ident"`
	Value   *string `parser:"(@('-'? Number) (?! '..' | '=>'))?"`
	Value2  *string `parser:"(@('-'? Number) (?! '..' | '=>'))?"`
}

// Modifier is a named, conditional modifier of a table's or a check's roll,
// as printed charts list them: `modifier carre_realization.leader "Leader"
// { -6 when unit.leader }`. The engine sums those that apply.
type Modifier struct {
	Pos   lexer.Position
	Name  *DottedName `parser:"'modifier' @@"`
	Title string      `parser:"@String?"`
	Cite  []string    `parser:"('cite' @String (',' @String)*)?"`
	Value *Expr       `parser:"'{' @@"`
	When  *Expr       `parser:"('when' @@)? '}'"`
}

// Objective is what a side values at the end of a play, for the advisor
// (`bataille advise`): `objective strength "Strength" for french { VALUE
// when COND }`, VALUE summed over every unit the board holds at the end
// where COND holds. Without `for` it scores any side, named `player`.
type Objective struct {
	Pos   lexer.Position
	Name  string   `parser:"'objective' @Ident"`
	Title string   `parser:"@String?"`
	For   string   `parser:"('for' @Ident)?"`
	Cite  []string `parser:"('cite' @String (',' @String)*)?"`
	Value *Expr    `parser:"'{' @@"`
	When  *Expr    `parser:"('when' @@)? '}'"`
}

// Chart is a data table that is not rolled: a value for each combination of
// its keys, read from expressions as a function (`fire_defence(hex.terrain,
// target.formation)`).
type Chart struct {
	Pos   lexer.Position
	Name  string      `parser:"'chart' @Ident"`
	Title string      `parser:"@String?"`
	By    []*ChartKey `parser:"'by' @@ (',' @@)*"`
	Cite  []string    `parser:"('cite' @String (',' @String)*)?"`
	Cells []*ChartRow `parser:"'{' @@* '}'"`
}

// ColumnEdit changes one column of a table a base module declares, in one
// line, the rest of the table as it was: `override column recall russian,
// cossack { 1..4 => fail  5..7 => recall }`. The column is named by its
// cells as the table writes them, or in quotes by its title or its label
// (the cells joined by ", ", as the trace prints it).
type ColumnEdit struct {
	Pos   lexer.Position
	Table string     `parser:"'column' @Ident"`
	Label *string    `parser:"( @String"`
	Cells []*KeyCell `parser:"| @@ (',' @@)* )"`
	Cite  []string   `parser:"('cite' @String (',' @String)*)?"`
	Rows  []*Row     `parser:"'{' @@* '}'"`
}

// CellEdit changes the value of one cell of a chart a base module
// declares, the row its cells name as the chart writes them: `override
// cell fire_multiple russian, guard, carre => 3`.
type CellEdit struct {
	Pos   lexer.Position
	Chart string     `parser:"'cell' @Ident"`
	Cells []*KeyCell `parser:"@@ (',' @@)* '=>'"`
	Value string     `parser:"@('-'? Number)"`
	Cite  []string   `parser:"('cite' @String (',' @String)*)?"`
}

// ChartKey is a chart's parameter: a vocabulary kind (`terrain`) or a name,
// with the values it takes.
type ChartKey struct {
	Pos  lexer.Position
	Name string `parser:"@(Ident | Keyword)"`
	Only []*Alt `parser:"('only' @@ ('|' @@)*)?"`
}

// ChartRow gives the value of the combinations its cells match.
type ChartRow struct {
	Pos   lexer.Position
	Cells []*KeyCell `parser:"@@ (',' @@)* '=>'"`
	Value string     `parser:"@('-'? Number)"`
}

// CheckDecl is a roll against a threshold with a stated direction:
// `check stand "Morale" roll d66 { pass above unit.morale }`.
type CheckDecl struct {
	Pos       lexer.Position
	Name      string   `parser:"'check' @Ident"`
	Title     string   `parser:"@String?"`
	Roll      *Roll    `parser:"@@"`
	Cite      []string `parser:"('cite' @String (',' @String)*)?"`
	Direction string   `parser:"'{' 'pass' @('above' | 'below' | 'at_least' | 'at_most')"`
	Threshold *Expr    `parser:"@@ '}'"`
}

// Rule runs on a hook: its `when` conditions select it, its `require`
// conditions block the action with a message, and its `do` effects change
// the game.
type Rule struct {
	Pos     lexer.Position
	Name    *DottedName `parser:"'rule' @@"`
	Title   string      `parser:"@String?"`
	Hook    *DottedName `parser:"'on' @@"`
	Cite    []string    `parser:"('cite' @String (',' @String)*)?"`
	Clauses []*Clause   `parser:"'{' @@* '}'"`
}

// Clause is one line of a rule body.
type Clause struct {
	Pos     lexer.Position
	Require *Require `parser:"  @@"`
	When    *Expr    `parser:"| 'when' @@"`
	Let     *Let     `parser:"| @@"`
	Ask     *Ask     `parser:"| @@"`
	Do      []*Call  `parser:"| 'do' @@ ((',' | ';') @@)*"`
}

// Ask puts a question to a player: the owner of the unit after `of`, or of
// the hook's first unit. The rule goes on only on a yes.
type Ask struct {
	Pos      lexer.Position
	Question string `parser:"'ask' @String"`
	Of       *Expr  `parser:"('of' @@)?"`
}

// Require blocks the hook's action unless its condition holds.
type Require struct {
	Pos     lexer.Position
	Cond    *Expr  `parser:"'require' @@"`
	Message string `parser:"'else' @String"`
}

// Let binds a name for the conditions and effects after it.
type Let struct {
	Pos   lexer.Position
	Name  string `parser:"'let' @Ident '='"`
	Value *Expr  `parser:"@@"`
}

// Call is an effect call: `retreat(unit, 3, from: charger)`.
type Call struct {
	Pos  lexer.Position
	Name string `parser:"@Ident '('"`
	Args []*Arg `parser:"(@@ (',' @@)*)? ')'"`
}

// Arg is a positional or named argument.
type Arg struct {
	Pos   lexer.Position
	Name  string `parser:"(@Ident ':')?"`
	Value *Expr  `parser:"@@"`
}

// Expr is an expr-lang expression kept as its tokens: the grammar only
// finds where it ends (at a keyword, a brace, or a comma or closing bracket
// outside brackets); the checker compiles its source text with expr, which
// has the expression grammar.
type Expr struct {
	Pos lexer.Position
	// Tokens are the expression's tokens; the parser's lexer drops the
	// spaces and comments between them (its source text keeps them).
	Tokens []lexer.Token
}

// Parse implements participle.Parseable: it takes tokens up to where the
// expression ends, keeping brackets balanced.
func (e *Expr) Parse(lex *lexer.PeekingLexer) error {
	e.Tokens = nil
	first, depth := lexer.RawCursor(-1), 0
	var open []lexer.Token
loop:
	for {
		t := lex.Peek()
		if t.EOF() || t.Type == tokKeyword {
			break
		}
		if t.Type == tokOp && t.Value == "=>" {
			break
		}
		if t.Type == tokPunct {
			switch t.Value {
			case "{", "}", ";":
				break loop
			case "(", "[":
				depth++
				open = append(open, *t)
			case ")", "]":
				if depth == 0 {
					break loop
				}
				if want := closer(open[depth-1].Value); t.Value != want {
					return participle.Errorf(t.Pos, "unexpected token %q (expected %q)", t.Value, want)
				}
				depth--
				open = open[:depth]
			case ",":
				if depth == 0 {
					break loop
				}
			}
		}
		lex.Next()
		if first < 0 {
			first = lex.RawCursor() - 1
		}
	}
	if first < 0 {
		return participle.NextMatch
	}
	if depth > 0 {
		t := lex.Peek()
		return participle.Errorf(t.Pos, "unexpected token %q (expected %q to close the %q at %d:%d)", t.Value, closer(open[depth-1].Value), open[depth-1].Value, open[depth-1].Pos.Line, open[depth-1].Pos.Column)
	}
	e.Tokens = lex.Range(first, lex.RawCursor())
	e.Pos = e.Tokens[0].Pos
	return nil
}

func closer(open string) string {
	if open == "[" {
		return "]"
	}
	return ")"
}

// Remove drops one declaration of the module extended.
type Remove struct {
	Pos  lexer.Position
	Kind string      `parser:"'remove' @('param' | 'rule' | 'table' | 'check' | 'modifier' | 'chart' | 'objective' | 'invariant' | 'constraint' | 'test' | 'terrain' | 'formation' | 'arm' | 'state' | 'nationality' | 'class' | 'hexside' | 'attribute' | 'army')"`
	Name *DottedName `parser:"@@"`
}

// Scenario sets up a board, units and orders.
type Scenario struct {
	Pos   lexer.Position
	Name  string          `parser:"'scenario' @Ident"`
	Title string          `parser:"@String?"`
	Items []*ScenarioItem `parser:"'{' @@* '}'"`
}

// ScenarioItem is one line of a scenario. An order is tried last: it
// starts with any word that is not one of the others' (the order kinds are
// the Env's, not the grammar's).
type ScenarioItem struct {
	Pos     lexer.Position
	Map     *MapSize    `parser:"  @@"`
	Terrain *HexSet     `parser:"| @@"`
	Hexside *HexsideSet `parser:"| @@"`
	Unit    *UnitDef    `parser:"| @@"`
	Decide  *Decide     `parser:"| @@"`
	Goal    *Goal       `parser:"| @@"`
	Turn    *TurnItem   `parser:"| @@"`
	Army    *ArmySet    `parser:"| @@"`
	Seed    *string     `parser:"| 'seed' @Number"`
	Order   *Order      `parser:"| @@"`
}

// ArmySet gives one side's values (the module's `army` words) as the
// scenario begins: `army russian { morale_level: 2 }`.
type ArmySet struct {
	Pos   lexer.Position
	Side  string  `parser:"'army' @Ident"`
	Props []*Prop `parser:"'{' @@* '}'"`
}

// MapSize is `map 20 x 15 clear`: columns, rows and the default terrain.
// The default terrain is not a word that starts the next item: a keyword
// (`map 3 x 3` then `unit a …` on the next line has no default terrain),
// or an order, which starts with any word (the Env's, not the grammar's),
// then its unit (a word that is no keyword), then what follows a unit in
// an order (`at`, `as`, `step`,
// `path`) or the end of the order (`}`, the next item's keyword): after
// `map 3 x 3`, `charge hus at inf …` and `move hus }` are orders. The
// grammar does not see lines, and once took `unit` for a terrain.
type MapSize struct {
	Pos     lexer.Position
	Cols    string `parser:"'map' @Number"`
	Rows    string `parser:"'x' @Number"`
	Terrain string `parser:"((?! 'terrain' | 'road' | 'hexside' | 'unit' | 'decide' | 'goal' | 'turn' | 'army' | 'seed' | 'map' | Ident ('at' | 'as' | 'step' | 'path') | Ident (?! 'terrain' | 'road' | 'hexside' | 'unit' | 'decide' | 'goal' | 'turn' | 'army' | 'seed' | 'map') Ident ('at' | 'as' | 'step' | 'path' | '}' | 'terrain' | 'road' | 'hexside' | 'unit' | 'decide' | 'goal' | 'turn' | 'army' | 'seed' | 'map')) @Ident)?"`
}

// HexRef is a printed map number (`0712`) or axial coordinates (`(7,12)`).
type HexRef struct {
	Pos    lexer.Position
	Number *string `parser:"  @Number"`
	Q      *string `parser:"| '(' @('-'? Number)"`
	R      *string `parser:"  ',' @('-'? Number) ')'"`
}

// HexSet is `terrain woods 0305 0306` or `road 0401 0402`.
type HexSet struct {
	Pos   lexer.Position
	Kind  string    `parser:"@('terrain' | 'road')"`
	Name  string    `parser:"@Ident?"`
	Hexes []*HexRef `parser:"@@+"`
}

// UnitDef places a unit: `unit inf1 "1er Léger" { side: french  at: 0405 }`.
type UnitDef struct {
	Pos   lexer.Position
	ID    string  `parser:"'unit' @Ident"`
	Name  string  `parser:"@String?"`
	Props []*Prop `parser:"'{' @@* '}'"`
}

// Order is a player's order: `charge hussars at inf1 path 0609 0608`,
// `move inf1 path 0405`, `form inf1 as carre`, `fire inf1 at cav1`,
// `assault inf1 at cav1`. A charge may change formation (`as line step 1`).
// Its kind is any word but the keywords of a scenario's lines and of an
// order: the checker knows the kinds from its Env (Env.Orders), and names
// an unknown one, or one without its unit. What follows its word and unit
// is a word or the scenario's end: a line that goes on otherwise is no
// order (`terain woods 0305` is reported at its first word).
type Order struct {
	Pos       lexer.Position
	Kind      string    `parser:"(?! 'map' | 'terrain' | 'road' | 'hexside' | 'unit' | 'decide' | 'goal' | 'turn' | 'army' | 'seed' | 'scenario' | 'dice' | 'exact' | 'at' | 'as' | 'step' | 'path') @Ident"`
	OnLine    *SameLine `parser:"(@@ (?! 'at' | 'as' | 'step' | 'path') "`
	Unit      *Ident    `parser:"  @@)? (?= Ident | Keyword | '}' | EOF)"`
	Target    *Ident    `parser:"('at' @@)?"`
	Formation *Ident    `parser:"('as' @@)?"`
	Step      *string   `parser:"('step' @Number)?"`
	Path      []*HexRef `parser:"('path' @@+)?"`
}

// SameLine matches, taking nothing, where the next token is on the line of
// the one before it. An order's unit is on the order's line: without it a
// bare `charge` took the next line's first word for its unit.
type SameLine struct{}

// Parse implements participle.Parseable.
func (*SameLine) Parse(lex *lexer.PeekingLexer) error {
	at := lex.RawCursor()
	if at == 0 || lex.Peek().Pos.Line != lex.Range(at-1, at)[0].Pos.Line {
		return participle.NextMatch
	}
	return nil
}

// Decide answers a question a rule asks: `decide inf1 form_carre yes`, or
// yes exactly where a condition holds, each time the question is asked:
// `decide inf1 form_carre when distance <= 2`. The condition runs to the end
// of its line, or on to the next where an operator joins them, or inside
// brackets.
type Decide struct {
	Pos      lexer.Position
	Unit     *Ident    `parser:"'decide' @@"`
	Question string    `parser:"@(Ident | String)"`
	Answer   string    `parser:"( @('yes' | 'no')"`
	When     *LineExpr `parser:"| 'when' @@ )"`
}

// Goal names the objective a side plays for in a scenario, for the
// advisor: `goal russian unbroken`.
type Goal struct {
	Pos       lexer.Position
	Side      string `parser:"'goal' @Ident"`
	Objective string `parser:"@Ident"`
}

// LineExpr is an expression that ends with its line as well as where an Expr
// ends: a scenario's lines have no separator. As in Go, a line break inside
// a block comment is one; unlike Go, an operator that starts the next line
// joins it too, for no scenario line starts with one.
type LineExpr Expr

// Parse implements participle.Parseable: Expr's rules, and a token on a
// later line than the one before it, outside brackets, ends it too unless
// an operator joins the two lines (binaryOp).
func (e *LineExpr) Parse(lex *lexer.PeekingLexer) error {
	e.Tokens = nil
	first, depth, line := lexer.RawCursor(-1), 0, lex.Peek().Pos.Line
	var open []lexer.Token
	var last lexer.Token // the last token taken
loop:
	for {
		t := lex.Peek()
		if t.EOF() || t.Type == tokKeyword || (t.Type == tokOp && t.Value == "=>") {
			break
		}
		// A new line ends it, unless the expression cannot end there: the
		// line ends with an operator, or the next starts with one that
		// needs an operand before it (no scenario line starts so).
		if depth == 0 && t.Pos.Line != line && !binaryOp(last, false) && !binaryOp(*t, true) {
			break
		}
		if t.Type == tokPunct {
			switch t.Value {
			case "{", "}", ";", ",":
				if depth == 0 || t.Value != "," {
					break loop
				}
			case "(", "[":
				depth++
				open = append(open, *t)
			case ")", "]":
				if depth == 0 {
					break loop
				}
				if want := closer(open[depth-1].Value); t.Value != want {
					return participle.Errorf(t.Pos, "unexpected token %q (expected %q)", t.Value, want)
				}
				depth--
				open = open[:depth]
			}
		}
		line, last = t.Pos.Line, *t
		lex.Next()
		if first < 0 {
			first = lex.RawCursor() - 1
		}
	}
	if first < 0 {
		return participle.NextMatch
	}
	if depth > 0 {
		t := lex.Peek()
		return participle.Errorf(t.Pos, "unexpected token %q (expected %q to close the %q at %d:%d)", t.Value, closer(open[depth-1].Value), open[depth-1].Value, open[depth-1].Pos.Line, open[depth-1].Pos.Column)
	}
	e.Tokens = lex.Range(first, lex.RawCursor())
	e.Pos = e.Tokens[0].Pos
	return nil
}

// binaryOp reports whether an expression cannot end after t (starts false:
// an operator, or an operator word) or a line cannot start with it (starts
// true: an operator that is not a sign or a negation, or `and`, `or`; the
// other operator words could be an order's name).
func binaryOp(t lexer.Token, starts bool) bool {
	switch {
	case t.Type == tokOp:
		return !starts || (t.Value != "-" && t.Value != "+" && t.Value != "!")
	case t.Type == tokIdent:
		switch t.Value {
		case "and", "or":
			return true
		case "not", "in", "matches", "contains", "startsWith", "endsWith":
			return !starts
		}
	}
	return false
}

// HexsideSet puts a hexside feature along hexsides: between pairs of
// neighbouring hexes (`hexside stream 0605/0606 0606/0706`), or across the
// named sides of one hex, rising from it (`hexside slope 0605 up N NE`:
// crossing from 0605 to its N or NE neighbour goes uphill). Either form
// starts with a hex, `(7,12)` being five tokens: which it is is looked for
// past the hex, so that a failed guess is not an error.
type HexsideSet struct {
	Pos   lexer.Position
	Name  string         `parser:"'hexside' @Ident"`
	From  *HexRef        `parser:"( (?= Number 'up' | '(' '-'? Number ',' '-'? Number ')' 'up') @@ 'up'"`
	Up    []string       `parser:"  @('N' | 'NE' | 'SE' | 'S' | 'SW' | 'NW' | 'n' | 'ne' | 'se' | 's' | 'sw' | 'nw')+"`
	Pairs []*HexsidePair `parser:"| @@+ )"`
}

// HexsidePair is the hexside between two neighbouring hexes: `0605/0606`.
type HexsidePair struct {
	Pos lexer.Position
	A   *HexRef `parser:"@@ '/'"`
	B   *HexRef `parser:"@@"`
}

// TurnItem says whose turn it is: `turn french` for a scenario of one turn
// (its orders stand at the top level), or a numbered turn with its own
// orders, `turn 2 russian { move … }`, for a scenario of several.
type TurnItem struct {
	Pos    lexer.Position
	Number *string     `parser:"'turn' @Number?"`
	Side   string      `parser:"@Ident"`
	Block  bool        `parser:"( @'{'"`
	Body   []*TurnLine `parser:"  @@* '}' )?"`
}

// TurnLine is an order or an answer given within a turn.
type TurnLine struct {
	Pos    lexer.Position
	Decide *Decide `parser:"  @@"`
	Order  *Order  `parser:"| @@"`
}

// Sequence declares the phases of a turn in order, each a procedure the
// engine offers under its title: `sequence "Sequence of play" { phase
// charges "Charge à cheval"  phase movement "Movement" … }`.
type Sequence struct {
	Pos    lexer.Position
	Title  string       `parser:"'sequence' @String?"`
	Cite   []string     `parser:"('cite' @String (',' @String)*)?"`
	Phases []*PhaseLine `parser:"'{' @@* '}'"`
}

// PhaseLine is one phase of the sequence: the engine's procedure and the
// phase's title in the narration.
type PhaseLine struct {
	Pos   lexer.Position
	Proc  string `parser:"'phase' @Ident"`
	Title string `parser:"@String?"`
}

// Invariant is a condition over the board and its units that must hold
// after every step of every run: `invariant enemies_apart "Enemies never
// share a hex" cite "…" { … }`. The engine stops a run that breaks one.
type Invariant struct {
	Pos   lexer.Position
	Name  *DottedName `parser:"'invariant' @@"`
	Title string      `parser:"@String?"`
	Cite  []string    `parser:"('cite' @String (',' @String)*)?"`
	Cond  *Expr       `parser:"'{' @@ '}'"`
}

// Constraint is a condition over the params that must hold in the module
// that declares it and in every module that extends it: `constraint
// rout.within "A failed recall's rout stops within the rout" { …
// }`. The checker evaluates it, so an override that breaks what the
// base's rules assume is a check error.
type Constraint struct {
	Pos   lexer.Position
	Name  *DottedName `parser:"'constraint' @@"`
	Title string      `parser:"@String?"`
	Cite  []string    `parser:"('cite' @String (',' @String)*)?"`
	Cond  *Expr       `parser:"'{' @@ '}'"`
}

// TestDecl is a ruling written as a test beside the rules it checks: a
// set-up (a named scenario, or its own map, units and orders), fixed dice
// or exact odds, and expectations on the result.
type TestDecl struct {
	Pos     lexer.Position
	Name    *DottedName   `parser:"'test' @@"`
	Title   string        `parser:"@String?"`
	Cite    []string      `parser:"('cite' @String (',' @String)*)?"`
	Items   []*TestItem   `parser:"'{' @@*"`
	Expects []*TestExpect `parser:"@@* '}'"`
}

// TestItem is one line of a test's set-up: the scenario it starts from,
// the dice it rolls (faces in order; a d66 takes two), `exact` to play
// every path through the dice, or a scenario line of its own.
type TestItem struct {
	Pos      lexer.Position
	Scenario *Ident        `parser:"  'scenario' @@"`
	Dice     []string      `parser:"| 'dice' @Number+"`
	Exact    bool          `parser:"| @'exact'"`
	Line     *ScenarioItem `parser:"| @@"`
}

// TestExpect is one expectation: a condition on the end of the play
// (`expect inf.formation == "carre"`), or on the board as a phase of the
// first turn left it (`expect after charges inf.formation == "carre"`); an
// exact chance over every path (`expect chance(inf.state == "routed") ==
// 7/36`, after a phase too); a rule whose require refused an action
// (`expect refused "carre.min"`), or did not (`expect allowed
// "carre.min"`); a rule that acted, its ask answered yes or its effects
// carried out (`expect applied "charge.no_contact"`), or did not (`expect
// unapplied "charge.no_contact"`).
type TestExpect struct {
	Pos    lexer.Position
	Ruling string  `parser:"'expect' ( @('refused' | 'allowed' | 'applied' | 'unapplied')"`
	Rule   *string `parser:"  @String"`
	After  *Ident  `parser:"| ('after' @@)?"`
	Chance *Expr   `parser:"  ( 'chance' '(' @@ ')'"`
	Op     string  `parser:"    @('==' | '!=' | '<=' | '>=' | '<' | '>')"`
	Num    string  `parser:"    @Number"`
	Den    *string `parser:"    ('/' @Number)?"`
	Cond   *Expr   `parser:"  | @@ ) )"`
}
