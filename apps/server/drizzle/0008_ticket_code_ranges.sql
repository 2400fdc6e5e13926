CREATE TABLE "ticket_code_ranges" (
	"prefix" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_code_ranges" ADD CONSTRAINT "ticket_code_ranges_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Clubs keep the codes they already issued: each gets the three-digit prefixes of its tickets that no
-- other club's ticket shares (a shared prefix is left for an operator to assign with the admin command).
INSERT INTO "ticket_code_ranges" ("prefix", "organisation_id")
SELECT "prefix", min("organisation_id") FROM (
  SELECT DISTINCT left("tickets"."public_code", 3) AS "prefix", "events"."organisation_id"
  FROM "tickets" JOIN "events" ON "events"."id" = "tickets"."event_id") AS "issued"
GROUP BY "prefix" HAVING count(*) = 1;
