package pgsource

// RevisionsSQL is migration 2's SQL, for the tests that build a database
// as the release of schema version 2 left it.
var RevisionsSQL = revisionsSQL
