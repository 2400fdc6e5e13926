ALTER TABLE "gate_devices" ADD COLUMN "last_contact_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gate_devices" ADD COLUMN "pending_uploads" integer;