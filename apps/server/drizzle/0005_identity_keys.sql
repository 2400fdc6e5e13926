CREATE TABLE "suspension_keys" (
	"suspension_id" bigint NOT NULL,
	"key" text NOT NULL,
	CONSTRAINT "suspension_keys_key_suspension_id_pk" PRIMARY KEY("key","suspension_id")
);
--> statement-breakpoint
ALTER TABLE "suspensions" ADD COLUMN "organisation_id" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "document_key" text;--> statement-breakpoint
ALTER TABLE "suspension_keys" ADD CONSTRAINT "suspension_keys_suspension_id_suspensions_id_fk" FOREIGN KEY ("suspension_id") REFERENCES "public"."suspensions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suspensions" ADD CONSTRAINT "suspensions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_document_key_idx" ON "tickets" USING btree ("document_key");--> statement-breakpoint
-- Suspensions entered before lifting was scoped belong to their officer's organisation. The identity
-- keys and the tickets' document keys are filled by the start-up backfill (db/identity-backfill.ts),
-- which makes the canonical form with the same function as the rest of the code.
UPDATE "suspensions" SET "organisation_id" = "officers"."organisation_id"
  FROM "officers" WHERE "officers"."afm" = "suspensions"."created_by";
