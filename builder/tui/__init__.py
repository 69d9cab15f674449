"""The Textual front end: army builder, catalogue editor, scenario designer and simulation
viewer. It renders what the domain computes; it computes no rules itself."""
