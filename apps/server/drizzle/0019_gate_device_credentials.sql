ALTER TABLE "gate_devices" ADD COLUMN "paired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gate_devices" ADD COLUMN "credential_hash" text;--> statement-breakpoint
ALTER TABLE "gate_devices" ADD COLUMN "credential_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "gate_devices_credential_key" ON "gate_devices" USING btree ("credential_hash");--> statement-breakpoint
-- Devices registered before credentials (docs/design.md §8): their token is already some browser's
-- bearer, so it stays that browser's credential until a day after this migration, never renewed (the
-- renewal skips a credential equal to its pairing token), and it cannot pair another browser. A
-- match under way is not interrupted; afterwards the steward pairs a device registered anew.
UPDATE "gate_devices" SET "paired_at" = "created_at", "credential_hash" = "token_hash",
  "credential_expires_at" = now() + interval '24 hours'
WHERE "revoked_at" IS NULL;
