-- Issue 34: each app instance keeps the sessions it has checked in memory, so a signed-in read is
-- one round trip. Whatever ends a session or changes what it carries tells every instance at
-- once, on commit, through NOTIFY on the channel 'prumo_sessoes':
--   's:<id>'  a session was ended (sign-out, revoked in Perfil, expired sessions cleaned up);
--   'u:<id>'  a user changed (name, e-mail, role, active, two factors: what a session carries);
--   '*'       the company's preferences changed (its two-factor rule: any session may lack it).
-- Triggers and not the code's own calls, so that no way of changing these rows is missed.
CREATE FUNCTION avisar_sessoes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessoes' THEN
    PERFORM pg_notify('prumo_sessoes', 's:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'usuarios' THEN
    PERFORM pg_notify('prumo_sessoes', 'u:' || OLD.id);
  ELSE -- preferencias
    PERFORM pg_notify('prumo_sessoes', '*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A touch (last_seen_at) is not an end: the instances keep the session.
CREATE TRIGGER sessoes_avisar_fim AFTER DELETE OR UPDATE OF token_hash, usuario_id, expires_at
  ON sessoes FOR EACH ROW EXECUTE FUNCTION avisar_sessoes();
--> statement-breakpoint
-- Any change of a user or of the company's preferences (both rare): the instance that makes it
-- waits for its notice to come back before answering, so one must always come.
CREATE TRIGGER usuarios_avisar_sessoes AFTER UPDATE OR DELETE ON usuarios FOR EACH ROW
  EXECUTE FUNCTION avisar_sessoes();
--> statement-breakpoint
CREATE TRIGGER preferencias_avisar_sessoes AFTER INSERT OR UPDATE ON preferencias FOR EACH ROW
  EXECUTE FUNCTION avisar_sessoes();
