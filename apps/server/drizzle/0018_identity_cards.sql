ALTER TABLE "citizens" ADD COLUMN "identity_card" text;--> statement-breakpoint
ALTER TABLE "citizens" ADD COLUMN "identity_card_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "citizens_identity_card_key" ON "citizens" USING btree ("identity_card_key");