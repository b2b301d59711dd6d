package tenant_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/themekit/themekit/theming"
	"github.com/themekit/themekit/theming/tenant"
)

// A name that no tenant can have (too long, not UTF-8, with a NUL) is
// unknown before any lookup: Load never sees it, and nothing is kept.
// Other names go to Load, whose unknown ones are remembered for a while.
func ExampleMaxNameLen() {
	ts := tenant.NewSource(tenant.Options{Load: func(_ context.Context, name string) (*theming.Snapshot, error) {
		fmt.Printf("Load(%q)\n", name)
		return nil, fmt.Errorf("host: no tenant %q: %w", name, theming.ErrUnknownTenant)
	}})
	for _, name := range []string{"ac\x00me", "\xff", strings.Repeat("a", tenant.MaxNameLen+1), "initech", "initech"} {
		_, err := ts.Snapshot(tenant.With(context.Background(), name))
		fmt.Println(errors.Is(err, theming.ErrUnknownTenant), err)
	}
	// Output:
	// true tenant: a name with a NUL byte: theming: unknown tenant
	// true tenant: a name that is not valid UTF-8: theming: unknown tenant
	// true tenant: a name longer than 256 bytes: theming: unknown tenant
	// Load("initech")
	// true host: no tenant "initech": theming: unknown tenant
	// true tenant: "initech": theming: unknown tenant
}
