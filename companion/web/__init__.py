"""The web plumbing every feature shares: access (the token, sessions, devices), security headers, redirects, languages, labels, error answers, the kept pages."""
