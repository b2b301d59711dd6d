// Package testkit holds, in its subpackages, the module's test harnesses:
// real components started on loopback for the tests (PostgreSQL in
// [github.com/themekit/themekit/internal/testkit/pgtest], nginx in
// nginxtest, headless Chromium in browsertest, axe-core pages in
// axepage), generated data (gendata) and the docs' link check
// (doccheck). No package outside a _test.go file imports them; the
// library's own internals (strictjson, orderedjson, diag, httpwire,
// kernel) and the examples' shared code (demo) stay directly under
// internal/.
package testkit
