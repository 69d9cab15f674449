"""Files: YAML reading with line numbers, atomic saving, schemas and format versions."""
