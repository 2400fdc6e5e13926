CREATE TABLE "gate_manifest_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"xid" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"ticket_id" bigint,
	"identity_key" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gate_manifest_rows" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "gate_manifests" ADD COLUMN "changes_from" text;--> statement-breakpoint
ALTER TABLE "gate_manifests" ADD COLUMN "whole_read_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "gate_manifest_changes_xid_idx" ON "gate_manifest_changes" USING btree ("xid");--> statement-breakpoint
-- The books were stored without their entries' tickets (gate_manifest_rows.owner): a cache, built
-- anew at the next poll (docs/design.md §8 "A reading follows changes").
DELETE FROM "gate_manifests";
--> statement-breakpoint
-- What an offline manifest says changes only with these rows, and each change is logged by the
-- database in the transaction that makes it, whichever code path (or the admin CLI) writes it.
-- A ticket's own rows: the ticket, its phones, EU-wallet credentials, loans and companions.
CREATE FUNCTION gate_manifest_ticket_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- TG_ARGV[0]: the column that names the ticket. OLD is null on an insert, NEW on a delete.
	INSERT INTO gate_manifest_changes (ticket_id)
		SELECT DISTINCT ticket.id FROM (VALUES ((to_jsonb(OLD) ->> TG_ARGV[0])::bigint),
			((to_jsonb(NEW) ->> TG_ARGV[0])::bigint)) AS ticket (id)
		WHERE ticket.id IS NOT NULL;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tickets_gate_manifest AFTER INSERT OR UPDATE OR DELETE ON tickets
	FOR EACH ROW EXECUTE FUNCTION gate_manifest_ticket_changed('id');
--> statement-breakpoint
CREATE TRIGGER wallet_credentials_gate_manifest AFTER INSERT OR UPDATE OR DELETE ON wallet_credentials
	FOR EACH ROW EXECUTE FUNCTION gate_manifest_ticket_changed('ticket_id');
--> statement-breakpoint
CREATE TRIGGER issued_credentials_gate_manifest AFTER INSERT OR UPDATE OR DELETE ON issued_credentials
	FOR EACH ROW EXECUTE FUNCTION gate_manifest_ticket_changed('ticket_id');
--> statement-breakpoint
CREATE TRIGGER transfers_gate_manifest AFTER INSERT OR UPDATE OR DELETE ON transfers
	FOR EACH ROW EXECUTE FUNCTION gate_manifest_ticket_changed('ticket_id');
--> statement-breakpoint
CREATE TRIGGER companion_declarations_gate_manifest AFTER INSERT OR UPDATE OR DELETE ON companion_declarations
	FOR EACH ROW EXECUTE FUNCTION gate_manifest_ticket_changed('ticket_id');
--> statement-breakpoint
-- A person's: the keys a suspension names (suspension_keys; all of a suspension's when it is lifted
-- or its end moves), and the keys of a registry's person whose identifiers, name or birth date
-- changed, or who became or stopped being someone's guardian (the minor's keys: the guardian's ΑΦΜ
-- is on the minor's entries). The reading finds the tickets these keys lead to (manifest.queries.ts).
CREATE FUNCTION gate_manifest_keys_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	rows jsonb := jsonb_build_array(to_jsonb(OLD), to_jsonb(NEW));
BEGIN
	IF TG_TABLE_NAME = 'suspension_keys' THEN
		INSERT INTO gate_manifest_changes (identity_key)
			SELECT DISTINCT changed ->> 'key' FROM jsonb_array_elements(rows) AS changed
			WHERE changed ->> 'key' IS NOT NULL;
	ELSIF TG_TABLE_NAME = 'suspensions' THEN
		INSERT INTO gate_manifest_changes (identity_key)
			SELECT DISTINCT key FROM suspension_keys WHERE suspension_id IN (
				SELECT (changed ->> 'id')::bigint FROM jsonb_array_elements(rows) AS changed);
	ELSE
		-- A registry's person (or a guardianship's minor), and the minors a person is guardian of.
		INSERT INTO gate_manifest_changes (identity_key)
			SELECT DISTINCT person.key FROM jsonb_array_elements(rows) AS changed
				CROSS JOIN LATERAL unnest(array['AFM:' || (changed ->> 'afm'), 'AMKA:' || (changed ->> 'amka'),
					'DOC:' || (changed ->> 'identity_card_key')]) AS person (key)
				WHERE TG_TABLE_NAME = 'citizens' AND person.key IS NOT NULL
			UNION
			SELECT person.key FROM citizens AS citizen
				CROSS JOIN LATERAL unnest(array['AFM:' || citizen.afm, 'AMKA:' || citizen.amka,
					'DOC:' || citizen.identity_card_key]) AS person (key)
				WHERE person.key IS NOT NULL AND citizen.id IN (
					SELECT (changed ->> 'minor_id')::bigint FROM jsonb_array_elements(rows) AS changed
					UNION ALL
					SELECT guardianship.minor_id FROM guardianships AS guardianship
						WHERE TG_TABLE_NAME = 'citizens' AND guardianship.guardian_id IN (
							SELECT (changed ->> 'id')::bigint FROM jsonb_array_elements(rows) AS changed));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER suspension_keys_gate_manifest AFTER INSERT OR UPDATE OR DELETE ON suspension_keys
	FOR EACH ROW EXECUTE FUNCTION gate_manifest_keys_changed();
--> statement-breakpoint
CREATE TRIGGER suspensions_gate_manifest AFTER UPDATE OR DELETE ON suspensions
	FOR EACH ROW EXECUTE FUNCTION gate_manifest_keys_changed();
--> statement-breakpoint
CREATE TRIGGER citizens_gate_manifest AFTER INSERT OR UPDATE OR DELETE ON citizens
	FOR EACH ROW EXECUTE FUNCTION gate_manifest_keys_changed();
--> statement-breakpoint
CREATE TRIGGER guardianships_gate_manifest AFTER INSERT OR UPDATE OR DELETE ON guardianships
	FOR EACH ROW EXECUTE FUNCTION gate_manifest_keys_changed();
