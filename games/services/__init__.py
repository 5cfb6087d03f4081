"""Services: the only code that changes a match. Each is one transaction."""
