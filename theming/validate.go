package theming

import (
	"errors"
	"fmt"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/go-playground/validator/v10"

	"github.com/themekit/themekit/colorref"
)

// fieldRules is the validator for the field rules of the models: the
// validate struct tags, with custom tags backed by colorref. It is built
// once, on first use, and is safe for concurrent use.
var fieldRules = sync.OnceValue(func() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		return name
	})
	custom := map[string]func(string) error{
		"componentid": colorref.CheckComponentID,
		"cssvar":      colorref.CheckVariable,
		"colororid":   checkColorOrID,
		"image":       checkImage,
		"notblank":    checkNotBlank,
	}
	for tag, check := range custom {
		err := v.RegisterValidation(tag, func(fl validator.FieldLevel) bool {
			return check(fl.Field().String()) == nil
		})
		if err != nil {
			panic("theming: registering validation " + tag + ": " + err.Error())
		}
	}
	return v
})

// checkColorOrID accepts the two forms of a fallback or override: an
// hsl()/hsla() color or a component id.
func checkColorOrID(s string) error {
	r, err := colorref.ParseRef(s)
	if err != nil {
		return err
	}
	if r.Kind() == colorref.KindVariable {
		return errors.New("a CSS variable cannot stand here")
	}
	return nil
}

func checkNotBlank(s string) error {
	if strings.TrimSpace(s) == "" {
		return errors.New("blank")
	}
	return nil
}

// checkImage accepts a media-relative path or an absolute http(s) URL.
//
// A relative path is one or more segments of ASCII letters, digits and
// "._~-" joined by "/", with no empty, "." or ".." segment: it cannot
// climb out of the media root, name a scheme (javascript:, data:) or need
// escaping. An absolute URL must be http or https with a host.
func checkImage(s string) error {
	if strings.HasPrefix(s, "http://") || strings.HasPrefix(s, "https://") {
		u, err := url.Parse(s)
		if err != nil {
			return err
		}
		if u.Host == "" || u.User != nil {
			return errors.New("an image URL needs a host and no user information")
		}
		for _, seg := range strings.Split(u.Path, "/") {
			if seg == ".." {
				return errors.New(`".." segment`)
			}
		}
		return nil
	}
	if s == "" {
		return errors.New("empty path")
	}
	for _, seg := range strings.Split(s, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return errors.New("empty, \".\" or \"..\" segment")
		}
		for i := 0; i < len(seg); i++ {
			c := seg[i]
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("._~-", c) >= 0) {
				return fmt.Errorf("character %q not allowed in a media path", c)
			}
		}
	}
	return nil
}

// validateFields runs the field rules over v (a *Catalog or a *Themes) and
// reports each failure with its JSON path.
func validateFields(v any, ps *problems) {
	err := fieldRules().Struct(v)
	var verrs validator.ValidationErrors
	if !errors.As(err, &verrs) {
		if err != nil {
			ps.add("", ErrInvalid, err.Error())
		}
		return
	}
	for _, fe := range verrs {
		ps.add(fieldPath(fe.Namespace()), ErrInvalid, ruleMessage(fe))
	}
}

// fieldPath turns a validator namespace ("Catalog.components[3].name")
// into a JSON path ("components[3].name"); map keys become ["key"].
func fieldPath(ns string) string {
	_, rest, _ := strings.Cut(ns, ".")
	var b strings.Builder
	for len(rest) > 0 {
		i := strings.IndexByte(rest, '[')
		if i < 0 {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:i])
		j := strings.IndexByte(rest[i:], ']')
		if j < 0 {
			b.WriteString(rest[i:])
			break
		}
		inner := rest[i+1 : i+j]
		if _, err := strconv.Atoi(inner); err == nil {
			b.WriteString("[" + inner + "]")
		} else {
			b.WriteString("[" + strconv.Quote(inner) + "]")
		}
		rest = rest[i+j+1:]
	}
	return b.String()
}

// ruleMessage says in words what a failed field rule expected.
func ruleMessage(fe validator.FieldError) string {
	val := fe.Value()
	if rv := reflect.ValueOf(val); rv.Kind() == reflect.Pointer && !rv.IsNil() {
		val = rv.Elem().Interface()
	}
	s, isString := val.(string)
	switch fe.Tag() {
	case "required":
		return "is required"
	case "required_with":
		return "can_edit_opacity and default_opacity go together: " + fe.Field() + " is missing"
	case "notblank":
		return "must not be blank"
	case "componentid":
		return describeErr(s, "is not a component id (lower-case words joined by hyphens)", colorref.CheckComponentID(s))
	case "cssvar":
		return describeErr(s, `is not a CSS variable name ("--" and ASCII letters, digits, "-", "_")`, colorref.CheckVariable(s))
	case "colororid":
		return describeErr(s, "is neither an hsl()/hsla() color nor a component id", checkColorOrID(s))
	case "image":
		return describeErr(s, "is not a media path or an http(s) URL", checkImage(s))
	case "oneof":
		return fmt.Sprintf("must be one of %s, not %q", strings.ReplaceAll(fe.Param(), " ", ", "), s)
	case "min":
		return fmt.Sprintf("must be at least %s, not %v", fe.Param(), val)
	case "max":
		return fmt.Sprintf("must be at most %s, not %v", fe.Param(), val)
	case "gt":
		return fmt.Sprintf("must be greater than %s, not %v", fe.Param(), val)
	}
	if isString {
		return fmt.Sprintf("fails rule %q with %q", fe.Tag(), s)
	}
	return fmt.Sprintf("fails rule %q with %v", fe.Tag(), val)
}

func describeErr(s, what string, err error) string {
	msg := strconv.Quote(s) + " " + what
	if err != nil {
		var pe *colorref.ParseError
		if errors.As(err, &pe) {
			return msg + ": " + pe.Msg + " at offset " + strconv.Itoa(pe.Offset)
		}
		return msg + ": " + err.Error()
	}
	return msg
}
