-- Changes the API's in-process caches depend on (src/cache), announced on the channel
-- 'cache_changes' by triggers, so every API process on this database drops what went stale,
-- whoever made the change (an API process, a script, psql). Payloads:
--   m:<id>  the member's own answers (user.php, chats.php, likes.php) and sessions changed;
--   p:<id>  the member's public profile changed: also every answer showing other members;
--   x:<sha> a session changed or ended;
--   s       a site, its hosts or the push key changed: everything.
-- Identical payloads of one transaction are delivered once (PostgreSQL folds them).

CREATE FUNCTION cache_notify(payload text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('cache_changes', payload)
$$;

-- Members: presence columns change all the time and are in no cached answer; the member's own
-- columns only concern their own answers; anything else is public (name, photos' owner, status …).
-- A new member is in nobody's cached answer yet.
CREATE FUNCTION members_cache_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  quiet text[] := ARRAY['last_seen_at', 'online_until', 'last_active_at', 'updated_at'];
  own text[] := ARRAY['email', 'password_hash', 'credits', 'paid_user', 'mailprovider', 'profile_fields',
                      'billing_site_id', 'billing_country', 'hide_presence'];
  o jsonb;
  n jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM cache_notify('p:' || OLD.id);
    RETURN NULL;
  END IF;
  o := to_jsonb(OLD) - quiet;
  n := to_jsonb(NEW) - quiet;
  IF o = n THEN
    RETURN NULL;
  ELSIF (o - own) = (n - own) THEN
    PERFORM cache_notify('m:' || NEW.id);
  ELSE
    PERFORM cache_notify('p:' || NEW.id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER members_cache_changes AFTER UPDATE OR DELETE ON members
  FOR EACH ROW EXECUTE FUNCTION members_cache_changes();

CREATE FUNCTION images_cache_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cache_notify('p:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.member_id ELSE NEW.member_id END);
  IF TG_OP = 'UPDATE' AND OLD.member_id <> NEW.member_id THEN PERFORM cache_notify('p:' || OLD.member_id); END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER images_cache_changes AFTER INSERT OR UPDATE OR DELETE ON images
  FOR EACH ROW EXECUTE FUNCTION images_cache_changes();

-- Tables of two members (likes: member_id, liked_id; blocks: member_id, blocked_id).
CREATE FUNCTION pair_cache_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  PERFORM cache_notify('m:' || (r ->> TG_ARGV[0]));
  PERFORM cache_notify('m:' || (r ->> TG_ARGV[1]));
  RETURN NULL;
END $$;
CREATE TRIGGER likes_cache_changes AFTER INSERT OR UPDATE OR DELETE ON likes
  FOR EACH ROW EXECUTE FUNCTION pair_cache_changes('member_id', 'liked_id');
CREATE TRIGGER blocks_cache_changes AFTER INSERT OR UPDATE OR DELETE ON blocks
  FOR EACH ROW EXECUTE FUNCTION pair_cache_changes('member_id', 'blocked_id');
CREATE TRIGGER conversations_cache_changes AFTER INSERT OR UPDATE OR DELETE ON conversations
  FOR EACH ROW EXECUTE FUNCTION pair_cache_changes('member_lo', 'member_hi');

CREATE FUNCTION conversation_members_cache_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cache_notify('m:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.member_id ELSE NEW.member_id END);
  RETURN NULL;
END $$;
CREATE TRIGGER conversation_members_cache_changes AFTER INSERT OR UPDATE OR DELETE ON conversation_members
  FOR EACH ROW EXECUTE FUNCTION conversation_members_cache_changes();

-- A new message also moves conversations.last_message_id (announced above); changed or removed
-- messages are announced to both members here.
CREATE FUNCTION messages_cache_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cache_notify('m:' || cm.member_id)
     FROM conversation_members cm WHERE cm.conversation_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.conversation_id ELSE NEW.conversation_id END;
  RETURN NULL;
END $$;
CREATE TRIGGER messages_cache_changes AFTER UPDATE OR DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_cache_changes();

CREATE FUNCTION sessions_cache_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cache_notify('x:' || OLD.token_hash);
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_cache_changes AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION sessions_cache_changes();

CREATE FUNCTION sites_cache_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cache_notify('s');
  RETURN NULL;
END $$;
CREATE TRIGGER sites_cache_changes AFTER INSERT OR UPDATE OR DELETE ON sites
  FOR EACH STATEMENT EXECUTE FUNCTION sites_cache_changes();
CREATE TRIGGER site_hosts_cache_changes AFTER INSERT OR UPDATE OR DELETE ON site_hosts
  FOR EACH STATEMENT EXECUTE FUNCTION sites_cache_changes();
CREATE TRIGGER vapid_keys_cache_changes AFTER INSERT OR UPDATE OR DELETE ON vapid_keys
  FOR EACH STATEMENT EXECUTE FUNCTION sites_cache_changes();
