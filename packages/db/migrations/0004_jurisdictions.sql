INSERT INTO jurisdictions (code, name, country_code, website, currency, license_types, sla_hours, confidence_hint, position) VALUES
  ('UKGC', 'UK Gambling Commission', 'GB', 'https://www.gamblingcommission.gov.uk', 'GBP', ARRAY['Remote','Non-Remote','Ancillary Remote','Ancillary'], 24, 'authoritative', 1),
  ('MGA',  'Malta Gaming Authority', 'MT', 'https://www.mga.org.mt', 'EUR', ARRAY['Type 1','Type 2','Type 3','Type 4','B2B','B2C'], 48, 'scraped', 2),
  ('CW',   'Curaçao Gaming Authority', 'CW', 'https://www.gamingcontrolcuracao.org', 'ANG', ARRAY['B2C','B2B'], 48, 'scraped', 3),
  ('KH',   'Kahnawà:ke Gaming Commission', 'CA', 'https://www.gamingcommission.ca', 'CAD', ARRAY['Interactive Gaming Permit','CSPA'], 48, 'scraped', 4),
  ('AN',   'Anjouan Offshore Finance Authority', 'KM', 'https://anjouangaming.com', 'EUR', ARRAY['B2C','B2B','White Labeling'], 24, 'scraped', 5),
  ('TGC',  'Tobique Gaming Commission', 'CA', 'https://tobiquegaming.com', 'CAD', ARRAY['B2C','B2B'], 24, 'scraped', 6),
  ('IOM',  'Isle of Man Gambling Supervision Commission', 'IM', 'https://www.gov.im/gambling', 'GBP', ARRAY['Full','Network Services','Software Supply'], 24, 'scraped', 7);

INSERT INTO register_status (jurisdiction_code) SELECT code FROM jurisdictions;
