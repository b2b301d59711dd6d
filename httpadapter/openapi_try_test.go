package httpadapter_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

func TestTryOAS(t *testing.T) {
	c := jsonschema.NewCompiler()
	for file, id := range map[string]string{
		"schema.json":              "https://spec.openapis.org/oas/3.1/schema/2022-10-07",
		"schema-base.json":         "https://spec.openapis.org/oas/3.1/schema-base/2022-10-07",
		"dialect-base.schema.json": "https://spec.openapis.org/oas/3.1/dialect/base",
		"meta-base.schema.json":    "https://spec.openapis.org/oas/3.1/meta/base",
	} {
		b, _ := os.ReadFile("testdata/oas-3.1/" + file)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
		if err != nil { t.Fatal(err) }
		if err := c.AddResource(id, doc); err != nil { t.Fatal(err) }
	}
	s, err := c.Compile("https://spec.openapis.org/oas/3.1/schema-base/2022-10-07")
	if err != nil { t.Fatal(err) }
	b, _ := os.ReadFile("openapi.json")
	doc, _ := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	t.Log(s.Validate(doc))

	c2 := jsonschema.NewCompiler()
	c2.AssertFormat()
	c2.AddResource("https://themekit.test/openapi.json", doc)
	th, err := c2.Compile("https://themekit.test/openapi.json#/components/responses/Themes/content/application~1json/schema")
	t.Log(err)
	if th != nil { t.Log(th.Validate([]any{map[string]any{"id": "x"}})) }
}
