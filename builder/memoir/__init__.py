"""The Memoir '44-style hex game (`game: m44`): units, terrain, hex maps and sections,
scenarios, `.m44` files and the rules core of the summary in the rule books (seed 003).

Pure: no UI or I/O library, no file reading, and nothing of builder.heroes."""
