// Package lbdata converts the chart data of the lb.react app (the community's
// table-side assistant for La Bataille, heatmiser328/lb.react on GitHub,
// src/data/NAME.json) into bataille modules, one per battle. The figures come
// from the files; what each printed modifier means, which nationality a
// chart's heading names and which edition a title follows are kept by hand in
// this package's tables, so that a corrected source is converted again rather
// than typed again.
package lbdata

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// Value is a JSON value that keeps the order of an object's keys, which the
// charts depend on: the rows of a Carré column and the modifiers of a list
// are printed in the order the file gives them.
type Value struct {
	Obj  []Field // an object, in file order
	Arr  []Value // an array
	Str  string
	Num  float64
	Kind byte // 'o', 'a', 's', 'n', 'b', 'z' (null)
}

// Field is one key of an object.
type Field struct {
	Key string
	Val Value
}

// Get returns an object's value for key, and whether it has one.
func (v Value) Get(key string) (Value, bool) {
	for _, f := range v.Obj {
		if f.Key == key {
			return f.Val, true
		}
	}
	return Value{}, false
}

// Path follows keys through nested objects.
func (v Value) Path(keys ...string) (Value, bool) {
	cur := v
	for _, k := range keys {
		next, ok := cur.Get(k)
		if !ok {
			return Value{}, false
		}
		cur = next
	}
	return cur, true
}

// Int is a number as a whole number (the charts' die rolls and modifiers).
func (v Value) Int() int { return int(v.Num) }

// Parse reads a data file. The app's files are read by a JavaScript parser
// that tolerates a comma before a closing bracket, and two of them have one;
// Parse drops such commas (outside strings) before decoding.
func Parse(data []byte) (Value, error) {
	dec := json.NewDecoder(bytes.NewReader(dropTrailingCommas(data)))
	dec.UseNumber()
	v, err := parseValue(dec)
	if err != nil {
		return Value{}, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return Value{}, fmt.Errorf("data after the top-level value")
	}
	return v, nil
}

func parseValue(dec *json.Decoder) (Value, error) {
	tok, err := dec.Token()
	if err != nil {
		return Value{}, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			v := Value{Kind: 'o'}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return Value{}, err
				}
				key, ok := kt.(string)
				if !ok {
					return Value{}, fmt.Errorf("object key %v is not a string", kt)
				}
				val, err := parseValue(dec)
				if err != nil {
					return Value{}, err
				}
				v.Obj = append(v.Obj, Field{key, val})
			}
			_, err := dec.Token()
			return v, err
		case '[':
			v := Value{Kind: 'a'}
			for dec.More() {
				val, err := parseValue(dec)
				if err != nil {
					return Value{}, err
				}
				v.Arr = append(v.Arr, val)
			}
			_, err := dec.Token()
			return v, err
		}
		return Value{}, fmt.Errorf("unexpected %v", t)
	case string:
		return Value{Kind: 's', Str: t}, nil
	case json.Number:
		f, err := strconv.ParseFloat(string(t), 64)
		return Value{Kind: 'n', Num: f, Str: string(t)}, err
	case bool:
		if t {
			return Value{Kind: 'b', Num: 1}, nil
		}
		return Value{Kind: 'b'}, nil
	case nil:
		return Value{Kind: 'z'}, nil
	}
	return Value{}, fmt.Errorf("unexpected token %v", tok)
}

// dropTrailingCommas removes a comma followed (after white space) by } or ],
// leaving strings alone.
func dropTrailingCommas(data []byte) []byte {
	out := make([]byte, 0, len(data))
	inString, escaped := false, false
	for i := 0; i < len(data); i++ {
		c := data[i]
		if inString {
			out = append(out, c)
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		if c == '"' {
			inString = true
		}
		if c == ',' {
			j := i + 1
			for j < len(data) && (data[j] == ' ' || data[j] == '\t' || data[j] == '\n' || data[j] == '\r') {
				j++
			}
			if j < len(data) && (data[j] == '}' || data[j] == ']') {
				continue
			}
		}
		out = append(out, c)
	}
	return out
}
