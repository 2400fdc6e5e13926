CREATE TABLE "gate_double_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admission_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"admitted_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_credentials" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_id" bigint NOT NULL,
	"scope_event_id" bigint NOT NULL,
	"issued_to" text NOT NULL,
	"device_public_key" text NOT NULL,
	"credential" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gate_admissions" ADD COLUMN "offline" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "code_serial" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gate_double_entries" ADD CONSTRAINT "gate_double_entries_admission_id_gate_admissions_id_fk" FOREIGN KEY ("admission_id") REFERENCES "public"."gate_admissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_double_entries" ADD CONSTRAINT "gate_double_entries_device_id_gate_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."gate_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_credentials" ADD CONSTRAINT "wallet_credentials_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_credentials" ADD CONSTRAINT "wallet_credentials_scope_event_id_events_id_fk" FOREIGN KEY ("scope_event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gate_double_entries_once_key" ON "gate_double_entries" USING btree ("admission_id","device_id","admitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_credentials_one_live_key" ON "wallet_credentials" USING btree ("ticket_id","scope_event_id","issued_to") WHERE revoked_at is null;--> statement-breakpoint
-- Codes printed before serials: each is its ticket's first print.
UPDATE "tickets" SET "code_serial" = 1 WHERE "private_code" IS NOT NULL;
