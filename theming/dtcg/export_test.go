package dtcg

// The names of an export's files, for the tests that read them.
var (
	ThemeFile    = themeFile
	SchemeFile   = schemeFile
	ContrastFile = contrastFile
	Contrasts    = contrasts
)
