package theming

// KeyPath returns the path of key in the map at path, as a [Problem]'s
// Path writes it: path.key for a key that is a plain lower-case word
// (letters a-z, digits, "-" and "_"), and otherwise path["key"], the key
// quoted as Go quotes strings (an empty key among them). A path of ""
// gives the key alone, or ["key"].
//
// It is for code that reports problems of its own in theming's terms,
// such as a host's form whose fields hold a [Theme]'s Colors:
// KeyPath("colors", id) + ".light" is the path CheckTheme gives the light
// override of component id.
func KeyPath(path, key string) string { return joinKey(path, key, true) }
