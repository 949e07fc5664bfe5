-- The announcements of the triggers (cache changes, 0070; a session's end, 0010) go through one
-- function, bus_notify. On a connection of an API process with REDIS_URL (src/bus/redis.ts opens its
-- connections with `-c dating.bus=redis`) it raises a NOTICE that the process collects and, once the
-- transaction committed, publishes on Redis: no NOTIFY, so no database-wide lock at commit and no
-- 8000-byte limit. Everywhere else (PGlite, PostgreSQL without Redis, psql, scripts) it is
-- pg_notify as before; API processes with Redis also listen there, so changes made by hand still
-- reach their caches.
CREATE FUNCTION bus_notify(channel text, payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('dating.bus', true) = 'redis' THEN
    RAISE NOTICE USING MESSAGE = payload, DETAIL = channel, ERRCODE = 'DBUS0';
  ELSE
    PERFORM pg_notify(channel, payload);
  END IF;
END $$;

CREATE OR REPLACE FUNCTION cache_notify(payload text) RETURNS void LANGUAGE sql AS $$
  SELECT bus_notify('cache_changes', payload)
$$;

CREATE OR REPLACE FUNCTION sessions_notify_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bus_notify('member_events', json_build_object('type', 'session_end', 'member', OLD.member_id,
                                                        'session', OLD.token_hash)::text);
  RETURN NULL;
END $$;
