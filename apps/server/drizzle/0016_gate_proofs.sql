CREATE TABLE "gate_offline_refusals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"event_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"refused_at" timestamp with time zone NOT NULL,
	"proof_digest" text NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gate_admissions" ADD COLUMN "proof_digest" text;--> statement-breakpoint
ALTER TABLE "gate_double_entries" ADD COLUMN "proof_digest" text;--> statement-breakpoint
ALTER TABLE "gate_offline_refusals" ADD CONSTRAINT "gate_offline_refusals_device_id_gate_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."gate_devices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_offline_refusals" ADD CONSTRAINT "gate_offline_refusals_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gate_offline_refusals_once_key" ON "gate_offline_refusals" USING btree ("device_id","event_id","refused_at","proof_digest");