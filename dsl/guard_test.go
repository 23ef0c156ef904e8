package dsl

import (
	"math"
	"testing"
)

// TestCheckedOperations: each checked operation gives expr's answer where
// it is a number, and an error where expr would wrap, divide by zero or
// make a number that is not finite.
func TestCheckedOperations(t *testing.T) {
	cases := []struct {
		op   string
		a, b any
		want any // nil: an error
	}{
		{opAdd, 2, 3, 5},
		{opAdd, math.MaxInt, 1, nil},
		{opAdd, math.MinInt, -1, nil},
		{opAdd, 1.5, 2, 3.5},
		{opAdd, math.MaxFloat64, math.MaxFloat64, nil},
		{opAdd, "ab", "cd", "abcd"},
		{opAdd, string(make([]byte, MaxStringBytes)), "x", nil},
		{opSub, 2, 5, -3},
		{opSub, math.MinInt, 1, nil},
		{opSub, 0, math.MinInt, nil},
		{opMul, 3, -4, -12},
		{opMul, math.MaxInt/2 + 1, 2, nil},
		{opMul, -1, math.MinInt, nil},
		{opMul, 0, math.MinInt, 0},
		{opDiv, 7, 2, 3.5},
		{opDiv, 1, 0, nil},
		{opDiv, 0.0, 0.0, nil},
		{opMod, 7, 3, 1},
		{opMod, 7, 0, nil},
		{opMod, math.MinInt, -1, 0},
		{opPow, 2, 10, 1024.0},
		{opPow, 10, 400, nil},
		{opPow, -1, 0.5, nil},
	}
	for _, c := range cases {
		f, ok := CheckedFunction(c.op)
		if !ok {
			t.Fatalf("no %s", c.op)
		}
		got, err := f(c.a, c.b)
		if c.want == nil {
			if err == nil || !IsArithError(err) {
				t.Errorf("%s(%v, %v) = %v, %v; want an arithmetic error", c.op, c.a, c.b, got, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s(%v, %v) = %v, %v; want %v", c.op, c.a, c.b, got, err, c.want)
		}
	}
	for _, c := range []struct {
		op   string
		a    any
		want any
	}{
		{opInt, 2.9, 2}, {opInt, 1e300, nil}, {opInt, math.NaN(), nil}, {opInt, "12", 12}, {opInt, "x", nil},
		{opFloat, 2, 2.0}, {opFloat, "NaN", nil}, {opFloat, "1e999", nil}, {opFloat, "-Inf", nil}, {opFloat, "2.5", 2.5},
	} {
		f, _ := CheckedFunction(c.op)
		got, err := f(c.a)
		if c.want == nil {
			if err == nil {
				t.Errorf("%s(%v) = %v; want an error", c.op, c.a, got)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s(%v) = %v, %v; want %v", c.op, c.a, got, err, c.want)
		}
	}
}
