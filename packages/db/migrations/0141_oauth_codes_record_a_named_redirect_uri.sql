-- Whether the authorisation request named its redirect URI. RFC 6749 §4.1.3: the token request must then
-- name the same one; a request that named none (the client registered one) may leave it out there too.
ALTER TABLE oauth_authorization_codes ADD COLUMN redirect_uri_named boolean NOT NULL DEFAULT true;
