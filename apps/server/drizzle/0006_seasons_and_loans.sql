DROP INDEX "transfers_one_live_key";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "season_id" bigint;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_season_id_events_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_season_idx" ON "events" USING btree ("season_id");--> statement-breakpoint
-- Seasons entered before they had an end run for a year from their start.
UPDATE "events" SET "ends_at" = "starts_at" + interval '1 year' WHERE "seasonal" AND "ends_at" IS NULL;--> statement-breakpoint
-- A fixture belongs to the season of its organisation whose period holds its date (the latest such season).
UPDATE "events" AS "fixture" SET "season_id" = (
  SELECT "season"."id" FROM "events" AS "season"
  WHERE "season"."seasonal" AND "season"."organisation_id" = "fixture"."organisation_id"
    AND "fixture"."starts_at" BETWEEN "season"."starts_at" AND "season"."ends_at"
  ORDER BY "season"."starts_at" DESC LIMIT 1)
WHERE NOT "fixture"."seasonal";--> statement-breakpoint
-- A loan no longer moves the ticket: it goes back to the holder who first lent it, and each
-- accepted loan keeps only its own fixture.
UPDATE "tickets" SET "holder_afm" = "first_loan"."from_afm" FROM (
  SELECT DISTINCT ON ("ticket_id") "ticket_id", "from_afm" FROM "transfers"
  WHERE "status" IN ('ACCEPTED', 'COMPLETED') ORDER BY "ticket_id", "created_at") AS "first_loan"
WHERE "tickets"."id" = "first_loan"."ticket_id";--> statement-breakpoint
-- Of several live loans of one ticket for one fixture (a chain of re-lending), the latest stands.
UPDATE "transfers" SET "status" = 'REVERTED', "updated_at" = now()
WHERE "status" IN ('PENDING', 'ACCEPTED', 'COMPLETED') AND "id" NOT IN (
  SELECT DISTINCT ON ("ticket_id", "fixture_id") "id" FROM "transfers"
  WHERE "status" IN ('PENDING', 'ACCEPTED', 'COMPLETED')
  ORDER BY "ticket_id", "fixture_id", "updated_at" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_one_live_per_fixture_key" ON "transfers" USING btree ("ticket_id","fixture_id") WHERE status in ('PENDING', 'ACCEPTED', 'COMPLETED');