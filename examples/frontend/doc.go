// Package frontend is the typed front-end example of the theming API: a
// TypeScript client written with openapi-fetch, whose types openapi-typescript
// generates from the OpenAPI document the example server publishes at
// /api/v2/schema/ (httpadapter.Adapter.OpenAPI).
//
// The folder is an npm project (package.json, package-lock.json):
//
//	npm ci
//	npm run generate   # with the example server running: src/schema.d.ts from the document
//	npm run check      # tsc --strict --noEmit
//	npm run bundle     # esbuild: dist/app.js, loaded by index.html
//
// The Go tests of this package hold the example to that: the committed
// src/schema.d.ts must equal a fresh generation from the running example
// server's document, the client must compile under tsc --strict, and the
// bundle, run in headless Chromium against the example server, must render
// the theme the library chooses for each demo user. They skip, saying why,
// when node_modules (npm ci) or Chromium is missing.
//
// The package has no Go code of its own.
package frontend
