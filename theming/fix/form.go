package fix

import "github.com/themekit/themekit/theming"

// A report's failures per theme field, for a host's form, which shows
// each field's failing contrast rules beside it; the form's own fields
// are read and written with [theming.Theme.Field] and
// [theming.Theme.SetField].

// FieldFailures is one theme field's failing contrast rules: what a form
// shows beside the field.
type FieldFailures struct {
	ThemeID int       `json:"theme"`
	Field   string    `json:"field"` // colors.<id>.<scheme>
	Failing []Finding `json:"failing"`
}

// ByField groups r's failing findings by the theme field a form shows
// them at: one entry per theme and field, entries in the order of their
// first failure, each with its failures in report order. A failure is
// listed at the field that decided its foreground ([Finding].Field) and
// at the one that decided its background (TargetField), when either is
// set; a failure that no override decided is listed at its component's
// own field ([theming.FieldName](Component, Scheme)), the field an admin sets to
// change the foreground. A report that passes gives none.
func (r *Report) ByField() []FieldFailures {
	if r == nil {
		return nil
	}
	type key struct {
		theme int
		field string
	}
	var out []FieldFailures
	at := map[key]int{}
	add := func(f Finding, field string) {
		k := key{f.ThemeID, field}
		n, ok := at[k]
		if !ok {
			n = len(out)
			at[k] = n
			out = append(out, FieldFailures{ThemeID: f.ThemeID, Field: field})
		}
		out[n].Failing = append(out[n].Failing, f)
	}
	for _, f := range r.Findings {
		if f.Pass {
			continue
		}
		if f.Field == "" && f.TargetField == "" {
			add(f, theming.FieldName(f.Component, f.Scheme))
			continue
		}
		if f.Field != "" {
			add(f, f.Field)
		}
		if f.TargetField != "" && f.TargetField != f.Field {
			add(f, f.TargetField)
		}
	}
	return out
}
