"""Network play: the room server that owns every online game, its protocol and its storage, and the client
library a table (or a bot) drives. Nothing here imports the Textual app; the app imports the client."""
