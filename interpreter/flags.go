package interpreter

import (
	"fmt"
	"reflect"

	"github.com/bataille/bataille/dsl"
)

// Flags a procedure declares beyond the fields of Unit and Cell: one it
// keeps on every unit for a turn (DeclareUnitFlag), one a hex has when its
// terrain's word sets it (DeclareTerrainFlag). Scripts read both as
// fields, `unit.NAME` and `hex.NAME`, which the checker reads as
// flag(unit, "NAME") (dsl.Env.Flags); a unit keeps its flags as bits, so
// that a rewind and a saved position copy them with the unit.

// UnitFlag is a flag a procedure keeps on every unit, from the moment it
// sets it to the start of the next turn.
type UnitFlag uint8

// HexFlag is a flag of a hex's terrain that a procedure reads.
type HexFlag uint8

var (
	unitFlags []string // by their bit
	hexFlags  []string
	// Flags are the flags declared, by the type scripts see (UnitType,
	// CellType) and name, with what each says, for the checker.
	Flags = map[reflect.Type]map[string]string{tUnit: {}, tCell: {}}
)

// maxFlags is how many flags of each kind there may be: the bits of a
// unit's or a cell's flags.
const maxFlags = 32

// DeclareUnitFlag declares a flag a procedure keeps on every unit for a
// turn (Unit.SetFlag), which scripts read as `unit.NAME`. Call it from a
// package variable's initializer, before any module is checked; a flag
// of a name a unit has already, or one too many, is a mistake of the
// program's, and panics.
func DeclareUnitFlag(name, doc string) UnitFlag {
	declareFlag(tUnit, &unitFlags, name, doc)
	return UnitFlag(len(unitFlags) - 1)
}

// DeclarePlacedFlag declares a unit flag, as DeclareUnitFlag does, that a
// scenario may also set on a unit it places (`moved`), so that a set-up
// can start a turn after the flag's procedure has run: the property is
// offered to the checker (UnitProperties) with the flag's name.
func DeclarePlacedFlag(name, doc string) UnitFlag {
	f := DeclareUnitFlag(name, doc)
	if _, dup := UnitProperties[name]; dup {
		panic(fmt.Sprintf("interpreter: flag %q is a unit property already", name))
	}
	UnitProperties[name] = dsl.UnitProp{What: "flag", Doc: doc}
	return f
}

// unitFlag is the declared unit flag of a name.
func unitFlag(name string) (UnitFlag, bool) {
	for i, n := range unitFlags {
		if n == name {
			return UnitFlag(i), true
		}
	}
	return 0, false
}

// DeclareTerrainFlag declares a flag a terrain word may set (`terrain
// woods { NAME }`), which a procedure reads and scripts read as
// `hex.NAME` (Cell.Flag). Call it as DeclareUnitFlag.
func DeclareTerrainFlag(name, doc string) HexFlag {
	declareFlag(tCell, &hexFlags, name, doc)
	DeclareProperty(dsl.KindTerrain, name, dsl.Property{What: "flag", Doc: doc})
	return HexFlag(len(hexFlags) - 1)
}

func declareFlag(t reflect.Type, names *[]string, name, doc string) {
	if name == "" || len(*names) == maxFlags {
		panic(fmt.Sprintf("interpreter: flag %q has no name, or is one too many", name))
	}
	if _, dup := Flags[t][name]; dup || hasExprField(t, name) {
		panic(fmt.Sprintf("interpreter: flag %q of %s is declared twice", name, t))
	}
	*names = append(*names, name)
	Flags[t][name] = doc
}

func hasExprField(t reflect.Type, name string) bool {
	for _, f := range dsl.ExprFields(t) {
		if f == name {
			return true
		}
	}
	return false
}

// Flag reports whether the unit has the flag set this turn.
func (u *Unit) Flag(f UnitFlag) bool { return u.flags&(1<<f) != 0 }

// SetFlag sets the flag on the unit for the rest of the turn.
func (u *Unit) SetFlag(f UnitFlag) { u.flags |= 1 << f }

// FlagNamed is the unit's flag of a name; false, false when none is
// declared so.
func (u *Unit) FlagNamed(name string) (on, ok bool) {
	f, ok := unitFlag(name)
	return ok && u.Flag(f), ok
}

// Flag reports whether the hex's terrain sets the flag.
func (c *Cell) Flag(f HexFlag) bool { return c.flags&(1<<f) != 0 }

// FlagNamed is the hex's flag of a name; false, false when none is
// declared so.
func (c *Cell) FlagNamed(name string) (on, ok bool) {
	for i, n := range hexFlags {
		if n == name {
			return c.flags&(1<<i) != 0, true
		}
	}
	return false, false
}

// terrainFlags are the bits of the declared flags a terrain word sets.
func terrainFlags(w *dsl.VocabDef) uint32 {
	var b uint32
	for i, n := range hexFlags {
		if w.Flag(n) {
			b |= 1 << i
		}
	}
	return b
}
