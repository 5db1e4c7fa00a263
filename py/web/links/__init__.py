"""The page's address and the links it makes, pure Python: query parsing (routes), records in
links (codec), share and embed links, and reading an embed link's parameters."""
