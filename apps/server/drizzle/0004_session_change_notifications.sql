-- Servers keep recently read sessions in memory and must hear of every change that ends one or
-- changes a role, whoever makes it (another server, the admin CLI, the purge): the database says so.
CREATE FUNCTION notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('session_changes', OLD.id_hash);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_ended AFTER DELETE ON sessions
	FOR EACH ROW EXECUTE FUNCTION notify_session_ended();
--> statement-breakpoint
CREATE FUNCTION notify_all_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('session_changes', '*');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER officers_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON officers
	FOR EACH STATEMENT EXECUTE FUNCTION notify_all_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_truncated AFTER TRUNCATE ON sessions
	FOR EACH STATEMENT EXECUTE FUNCTION notify_all_sessions_changed();
