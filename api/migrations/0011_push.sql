-- Web push: the server's VAPID key pair (created on first start, kept) and members' subscriptions.
CREATE TABLE vapid_keys (
  id          smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  public_key  text NOT NULL,
  -- Signs the VAPID JWT of every push; never leaves the server.
  private_key text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE push_subscriptions (
  id         serial PRIMARY KEY,
  member_id  integer NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  -- The site the member subscribed on (its name and language go into the notice).
  site_id    integer NOT NULL REFERENCES sites (id) ON DELETE CASCADE,
  endpoint   text NOT NULL UNIQUE,
  p256dh     text NOT NULL,
  auth       text NOT NULL,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_member ON push_subscriptions (member_id);
