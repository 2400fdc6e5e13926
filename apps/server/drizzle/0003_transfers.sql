CREATE TABLE "transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" bigint NOT NULL,
	"fixture_id" bigint NOT NULL,
	"from_afm" text NOT NULL,
	"to_afm" text NOT NULL,
	"to_name" text NOT NULL,
	"status" text NOT NULL,
	"revert_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_fixture_id_events_id_fk" FOREIGN KEY ("fixture_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_one_live_key" ON "transfers" USING btree ("ticket_id") WHERE status in ('PENDING', 'ACCEPTED');--> statement-breakpoint
CREATE INDEX "transfers_to_idx" ON "transfers" USING btree ("to_afm");--> statement-breakpoint
CREATE INDEX "transfers_revert_idx" ON "transfers" USING btree ("revert_at");