CREATE TABLE "gate_admissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"device_id" uuid NOT NULL,
	"admitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gate_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"issued_to" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gate_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" text NOT NULL,
	"label" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" text
);
--> statement-breakpoint
ALTER TABLE "gate_admissions" ADD CONSTRAINT "gate_admissions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_admissions" ADD CONSTRAINT "gate_admissions_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_admissions" ADD CONSTRAINT "gate_admissions_device_id_gate_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."gate_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_codes" ADD CONSTRAINT "gate_codes_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_codes" ADD CONSTRAINT "gate_codes_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_devices" ADD CONSTRAINT "gate_devices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gate_admissions_once_key" ON "gate_admissions" USING btree ("ticket_id","event_id") WHERE undone_at is null;--> statement-breakpoint
CREATE INDEX "gate_admissions_event_idx" ON "gate_admissions" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gate_codes_one_live_key" ON "gate_codes" USING btree ("ticket_id","event_id","issued_to") WHERE revoked_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "gate_devices_token_key" ON "gate_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "gate_devices_organisation_idx" ON "gate_devices" USING btree ("organisation_id");