CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_afm" text NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"event_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"email_status" text DEFAULT 'PENDING' NOT NULL,
	"email_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "citizens" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "citizens" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_afm","created_at");--> statement-breakpoint
CREATE INDEX "notifications_event_idx" ON "notifications" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "notifications_failed_idx" ON "notifications" USING btree ("email_status") WHERE email_status = 'FAILED';