-- Catalogues of the signup and profile screens: allowed values of the configurable profile fields,
-- interests (names in the seven languages) and discount codes.

-- GET /api/profile_fields.php: a field a site lists in settings.visible_profile_fields and that has
-- rows here is configurable; a member's value must be one of these (members.profile_fields).
CREATE TABLE profile_field_values (
  field    text NOT NULL CHECK (field ~ '^[a-z_]{1,40}$'),
  value    text NOT NULL CHECK (value ~ '^[a-z0-9_]{1,40}$'),
  position smallint NOT NULL,
  PRIMARY KEY (field, value)
);

INSERT INTO profile_field_values (field, value, position) VALUES
  ('relationship', 'single', 1), ('relationship', 'divorced', 2), ('relationship', 'separated', 3),
  ('relationship', 'widowed', 4), ('relationship', 'open_relationship', 5),
  ('looking_for', 'chat', 1), ('looking_for', 'friendship', 2), ('looking_for', 'dating', 3),
  ('looking_for', 'relationship', 4), ('looking_for', 'marriage', 5),
  ('height', 'under_160', 1), ('height', '160_169', 2), ('height', '170_179', 3),
  ('height', '180_189', 4), ('height', '190_plus', 5),
  ('eye_color', 'blue', 1), ('eye_color', 'green', 2), ('eye_color', 'grey', 3),
  ('eye_color', 'hazel', 4), ('eye_color', 'brown', 5),
  ('hair_color', 'blonde', 1), ('hair_color', 'red', 2), ('hair_color', 'brown', 3),
  ('hair_color', 'black', 4), ('hair_color', 'grey', 5), ('hair_color', 'bald', 6),
  ('smoking', 'never', 1), ('smoking', 'sometimes', 2), ('smoking', 'regularly', 3);

-- Sites seeded before this migration show the new fields too (src/seed/sites.ts has them for new ones).
UPDATE sites
   SET settings = jsonb_set(settings, '{visible_profile_fields}',
         (settings -> 'visible_profile_fields') || '["relationship", "looking_for", "height", "eye_color", "hair_color", "smoking"]'::jsonb)
 WHERE template_name = 'amora' AND NOT (settings -> 'visible_profile_fields') ? 'relationship';
UPDATE sites
   SET settings = jsonb_set(settings, '{visible_profile_fields}',
         (settings -> 'visible_profile_fields') || '["relationship", "looking_for", "smoking"]'::jsonb)
 WHERE template_name = 'velvet' AND NOT (settings -> 'visible_profile_fields') ? 'relationship';

-- GET /api/interests.php: answered in the request's language.
CREATE TABLE interests (
  id    integer PRIMARY KEY,
  -- Name per locale: {"en": …, "nl": …, "de": …, "it": …, "fr": …, "es": …, "pl": …}.
  names jsonb NOT NULL
);

INSERT INTO interests (id, names) VALUES
  (1,  '{"en":"Travel","nl":"Reizen","de":"Reisen","it":"Viaggi","fr":"Voyages","es":"Viajes","pl":"Podróże"}'),
  (2,  '{"en":"Cooking","nl":"Koken","de":"Kochen","it":"Cucina","fr":"Cuisine","es":"Cocina","pl":"Gotowanie"}'),
  (3,  '{"en":"Music","nl":"Muziek","de":"Musik","it":"Musica","fr":"Musique","es":"Música","pl":"Muzyka"}'),
  (4,  '{"en":"Films","nl":"Films","de":"Filme","it":"Cinema","fr":"Cinéma","es":"Cine","pl":"Filmy"}'),
  (5,  '{"en":"Sport","nl":"Sport","de":"Sport","it":"Sport","fr":"Sport","es":"Deporte","pl":"Sport"}'),
  (6,  '{"en":"Reading","nl":"Lezen","de":"Lesen","it":"Lettura","fr":"Lecture","es":"Lectura","pl":"Czytanie"}'),
  (7,  '{"en":"Hiking","nl":"Wandelen","de":"Wandern","it":"Escursionismo","fr":"Randonnée","es":"Senderismo","pl":"Wędrówki"}'),
  (8,  '{"en":"Dancing","nl":"Dansen","de":"Tanzen","it":"Ballo","fr":"Danse","es":"Baile","pl":"Taniec"}'),
  (9,  '{"en":"Art","nl":"Kunst","de":"Kunst","it":"Arte","fr":"Art","es":"Arte","pl":"Sztuka"}'),
  (10, '{"en":"Photography","nl":"Fotografie","de":"Fotografie","it":"Fotografia","fr":"Photographie","es":"Fotografía","pl":"Fotografia"}'),
  (11, '{"en":"Gaming","nl":"Gamen","de":"Gaming","it":"Videogiochi","fr":"Jeux vidéo","es":"Videojuegos","pl":"Gry"}'),
  (12, '{"en":"Animals","nl":"Dieren","de":"Tiere","it":"Animali","fr":"Animaux","es":"Animales","pl":"Zwierzęta"}'),
  (13, '{"en":"Fitness","nl":"Fitness","de":"Fitness","it":"Fitness","fr":"Fitness","es":"Fitness","pl":"Fitness"}'),
  (14, '{"en":"Nature","nl":"Natuur","de":"Natur","it":"Natura","fr":"Nature","es":"Naturaleza","pl":"Przyroda"}'),
  (15, '{"en":"Theatre","nl":"Theater","de":"Theater","it":"Teatro","fr":"Théâtre","es":"Teatro","pl":"Teatr"}'),
  (16, '{"en":"Wine","nl":"Wijn","de":"Wein","it":"Vino","fr":"Vin","es":"Vino","pl":"Wino"}'),
  (17, '{"en":"Yoga","nl":"Yoga","de":"Yoga","it":"Yoga","fr":"Yoga","es":"Yoga","pl":"Joga"}'),
  (18, '{"en":"Cycling","nl":"Fietsen","de":"Radfahren","it":"Ciclismo","fr":"Vélo","es":"Ciclismo","pl":"Jazda na rowerze"}');

-- GET /api/discountcode.php. A welcome code is offered to free members in their first welcome_days
-- after signup; a network code to visitors from that traffic source; any other by its code.
CREATE TABLE discount_codes (
  id           serial PRIMARY KEY,
  site_id      integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  code         text NOT NULL CHECK (code ~ '^[A-Z0-9_-]{3,40}$'),
  percentage   numeric(5, 2) NOT NULL CHECK (percentage > 0 AND percentage <= 100),
  expires_at   timestamptz,
  welcome      boolean NOT NULL DEFAULT false,
  welcome_days integer CHECK (welcome_days > 0),
  -- Offered to visitors whose trafficsource network is this.
  network      text,
  CHECK (NOT welcome OR welcome_days IS NOT NULL),
  UNIQUE (site_id, code)
);
CREATE UNIQUE INDEX discount_codes_one_welcome ON discount_codes (site_id) WHERE welcome;
