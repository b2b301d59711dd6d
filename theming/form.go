package theming

// Helpers for a host's forms, which name a theme's color fields as
// findings and edits do ("colors.<id>.<scheme>", see [FieldName]): read
// and write a field by its name. The contrast rules a field fails are
// the engine's to say (theming/fix: Report.ByField).

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
// v, a color in any notation colorref.Parse reads or a component id as
// Colors holds them, with
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
