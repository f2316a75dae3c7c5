-- Every read stamps listed rows (last_listed_at, last_verified_at). Leaving room on each page lets
-- PostgreSQL make those updates heap-only (no index maintenance), which keeps a no-change re-read
-- of a 200,000-domain register cheap.
ALTER TABLE domain_links SET (fillfactor = 50);
ALTER TABLE licenses SET (fillfactor = 70);
ALTER TABLE operator_registrations SET (fillfactor = 70);
