package theming

// Helpers for a host's forms, which name a theme's color fields as
// findings and edits do ("colors.<id>.<scheme>", see [FieldName]): read
// and write a field by its name, and show each field's failing contrast
// rules beside it.

// Field returns t's value of the theme field named field
// ("colors.<id>.<scheme>"): its override of the component in the scheme,
// as written, or "" when t does not override it there. The error wraps
// [ErrUnknownThemeField] for a name that is no theme field; whether the
// catalog has the component is [CompiledCatalog.CheckTheme]'s to say.
func (t *Theme) Field(field string) (string, error) {
	id, sc, err := ParseField(field)
	if err != nil {
		return "", err
	}
	return t.Colors[id].For(sc), nil
}

// SetField sets t's theme field named field ("colors.<id>.<scheme>") to
// v, an hsl()/hsla() color or a component id as Colors holds them, with
// [Theme.SetOverride]: "" clears the field, and the other scheme's value
// is kept. The error wraps [ErrUnknownThemeField] for a name that is no
// theme field, and t is then unchanged. v is not checked: CheckTheme
// checks the theme.
func (t *Theme) SetField(field, v string) error {
	id, sc, err := ParseField(field)
	if err != nil {
		return err
	}
	t.SetOverride(id, sc, v)
	return nil
}

// FieldFailures is one theme field's failing contrast rules: what a form
// shows beside the field.
type FieldFailures struct {
	Theme   int       `json:"theme"`
	Field   string    `json:"field"` // colors.<id>.<scheme>
	Failing []Finding `json:"failing"`
}

// ByField groups r's failing findings by the theme field a form shows
// them at: one entry per theme and field, entries in the order of their
// first failure, each with its failures in report order. A failure is
// listed at the field that decided its foreground ([Finding].Field) and
// at the one that decided its background (TargetField), when either is
// set; a failure that no override decided is listed at its component's
// own field (FieldName(Component, Scheme)), the field an admin sets to
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
		k := key{f.Theme, field}
		n, ok := at[k]
		if !ok {
			n = len(out)
			at[k] = n
			out = append(out, FieldFailures{Theme: f.Theme, Field: field})
		}
		out[n].Failing = append(out[n].Failing, f)
	}
	for _, f := range r.Findings {
		if f.Pass {
			continue
		}
		if f.Field == "" && f.TargetField == "" {
			add(f, FieldName(f.Component, f.Scheme))
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
